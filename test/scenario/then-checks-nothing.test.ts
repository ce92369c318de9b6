// A Then that cannot fail verified its requirement: a stub with an empty body, or a
// definition that returns its verdict (`return this.n < 0`), which cucumber-js ignores.
// The first is a skipped verdict, as a scenario that checks nothing is; the second fails.
// An empty Given or When is a legitimate no-op and stays a pass.
import t from 'tap';
import assert from 'node:assert/strict';
import { transformSync } from 'esbuild';
import { createJiti } from 'jiti';
import { bodyThatCannotFail } from '../../src/run/scenario/function-body.js';
import { cli, project, runIn } from './user-project.js';
import { execa } from 'execa';
import fc from 'fast-check';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { CANNOT_FAIL_SPEC, CANNOT_FAIL_STEPS, REPORTING_SPEC } from '../support/false-green-documents.js';

/** The function the source SOURCE (an expression) evaluates to. */
const fn = (source: string) => new Function(`return (${source});`)() as () => unknown;

t.test('an empty body is read from the source as the engine keeps it, comments and empty statements included', async (t) => {
  for (const empty of ['function (n) {}', 'function named(a, b) {\n  // TODO\n}', 'async function () { /* later */ ; }', '() => {}', 'async (n) => { }', 'n => {}', 'function ({ a } = { a: "}" }) {}', 'function (a = () => { throw 1; }) {}']) {
    t.equal(bodyThatCannotFail(fn(empty)), 'is empty', empty);
  }
  for (const bare of ['() => { return; }', 'function () { return undefined }', 'async function () {\n  return;\n}', '() => undefined', '() => (null)', 'async () => void 0', 'function () { return }']) {
    t.equal(bodyThatCannotFail(fn(bare)), 'only returns', bare);
  }
  t.equal(bodyThatCannotFail(Math.max), null, 'native code is not read');
});

t.test('a body that cannot fail is a class: logging, awaiting or returning a settled value, asserting constants, swallowing its own failure, calling back', async (t) => {
  const cannotFail: [string, string][] = [
    ["function (n) { console.log('total', this.total, 'expected', n); }", 'only logs'],
    ['async function (n) { await Promise.resolve(); }', 'only awaits a settled value'],
    ['function (n) { assert.ok(true); }', 'only asserts on constants'],
    ['function () { /* a */ assert.ok(1); }', 'only asserts on constants'],
    ['() => expect(1).toBe(1)', 'only asserts on constants'],
    ['function () { expect("a").to.equal("a"); }', 'only asserts on constants'],
    ['function (n) { try { assert.equal(this.total, n); } catch { /* flaky, ignore */ } }', 'only catches its own failures'],
    ['async function (n) { try { await check(n); } catch (error) { console.error(error.message); } }', 'only catches its own failures and logs'],
    ['function (n) { return true; }', 'only returns'],
    ['function () { return Promise.resolve(); }', 'only returns'],
    ['function (n, done) { done(); }', 'only calls back'],
    ['(n, callback) => callback(null)', 'only calls back'],
    ['function (n) { n; }', 'only reads values it compares with nothing'],
    ['function () { "}" }', 'only reads values it compares with nothing'],
    ['function (n) { const total = this.total; console.log(total === n); }', 'only reads values it compares with nothing and logs'],
    ['function () { return; assert.ok(1); }', 'only returns and asserts on constants'],
    ['({ then(n) { console.info(`got ${n}`) } }).then', 'only logs'],
    // Literals of constants returned: neither false nor a promise.
    ['() => ({})', 'only returns'],
    ['() => []', 'only returns'],
    ["function () { return { ok: true, items: [1, 'a', null] }; }", 'only returns'],
    // chai's property assertions and one-value assertions, jest's one-value matchers, on constants.
    ['function () { expect(true).to.be.true; }', 'only asserts on constants'],
    ['function () { expect(1).to.be.ok; }', 'only asserts on constants'],
    ['() => expect(null).toBeNull()', 'only asserts on constants'],
    ['function () { assert.isTrue(true); }', 'only asserts on constants'],
  ];
  for (const [source, said] of cannotFail) t.equal(bodyThatCannotFail(fn(source)), said, source);
  const mayFail = [
    'function (n) { return n; }',
    '() => ({ then: 1 })',
    "() => ({ 'then': () => check() })",
    '() => ({ [key]: 1 })',
    '() => ({ get x() { return check(); } })',
    '() => ({ ...this.state })',
    '() => [check()]',
    'function () { expect(this.x).to.be.true; }',
    'function () { expect(true).to.not.be.true; }',
    'function () { expect(false).to.be.true; }',
    'function () { assert.isTrue(false); }',
    '() => expect(1).toBeNull()',
    'n => n > 0',
    'x => x || {}',
    'function () { return this.n; }',
    '() => undefinedValue',
    '() => void check()',
    'function () { return null || check(); }',
    'function (n) { assert.equal(this.total, n); }',
    'function (n) { assert.ok(this.total); }',
    'function () { checkAll("x"); }',
    'function (n) { this.expect(n); }',
    'function (n) { helper.verify(this, n); }',
    'function (n) { console.log(compute(n)); }',
    'function () { assert.ok(false); }',
    'function () { assert.equal(1, 2); }',
    'function () { expect(1).not.toBe(1); }',
    'function (n) { try { assert.equal(this.total, n); } catch (error) { throw error; } }',
    'function (n) { try { return check(n); } catch {} }',
    'function (n) { try { setTimeout(() => assert.equal(this.total, n)); } catch {} }',
    'async function () { await this.ready; }',
    'async function () { await Promise.resolve(this.check()); }',
    'function (n) { this.result.should.be.ok; }',
    'function (n) { this.result.should.equal(n); }',
    'function (n, done) { done(new Error("no")); }',
    'function (n) { if (this.total !== n) throw new Error("no"); }',
    'function (n) { return false; }',
    "function () { return 'pending'; }",
    "() => 'skipped'",
    '() => false',
    'function (n, table = this.table.rows()) {}',
    'function* () {}',
  ];
  for (const source of mayFail) t.equal(bodyThatCannotFail(fn(source)), null, source);
});

t.test('whether a body can fail is whether a statement can throw, not a list of shapes: what a user-seat session found passing', async (t) => {
  const cannotFail: [string, string][] = [
    ['function (n) { this.total === n; }', 'only compares values and drops the result'],
    ['function (n) { if (this.total !== n) new Error(`total ${this.total}`); }', 'only builds an error it never throws'],
    ["function (n) { if (this.total !== n) console.error('mismatch', this.total, n); }", 'only logs'],
    ['function (n) { this.expected = n; }', 'only sets values'],
    ['function () { assert.equal; }', 'only names an assertion it never calls'],
    ['function () { assert.ok(this); }', 'only asserts what always holds'],
    ['function () { assert.ok(typeof this.x); }', 'only asserts what always holds'],
    ['function (n) { assert.ok([this.x === n]); }', 'only asserts what always holds'],
    ['function () { expect({}).toBeTruthy(); }', 'only asserts what always holds'],
    ['function () { expect(this).to.exist; }', 'only asserts what always holds'],
    ['function (n) { if (this.x !== n) return; }', 'only returns'],
    ['function (n) { void (this.x === n); }', 'only compares values and drops the result'],
    ['(n) => void (this.x === n)', 'only returns'],
    ['function (n) { console.assert(this.x === n, "x"); }', 'only logs'],
    ['function (n) { this.x === n || console.warn(n); }', 'only compares values and drops the result and logs'],
    ['function (n) { Object.is(this.x, n); }', 'only compares values and drops the result'],
    ['function (n) { const e = new Error("no"); if (this.x !== n) e; }', 'only reads values it compares with nothing'],
    ['function (n) { try { this.check(n); } catch (error) { console.error(error.message); } }', 'only catches its own failures and logs'],
  ];
  for (const [source, said] of cannotFail) t.equal(bodyThatCannotFail(fn(source)), said, source);
  // Real checks, never said to check nothing (a false red is a defect too).
  const mayFail = [
    'function (n) { if (this.total !== n) throw new Error("no"); }',
    'function (n) { if (this.total !== n) { const e = new Error("no"); throw e; } }',
    'function (n) { fc.assert(fc.property(fc.integer(), (k) => k + n === n + k)); }',
    'function (n) { same(this.total, n); }',
    'function (n) { checkTotal.call(this, n); }',
    'function (n) { this.x.should.equal(n); }',
    'function (n) { this.x.should.be.true; }',
    'function () { const r = this.result; r.should.be.ok; }',
    'function (n) { n.should.be.above(0); }',
    'async function () { await this.page.click("#ok"); }',
    'function () { assert.ok([check()]); }',
    'function () { expect([check()]).toBeTruthy(); }',
    'function () { this.x.y; }',
    'function () { const { a } = this.x; }',
    'function () { JSON.parse(this.text); }',
    'function () { new URL(this.url); }',
    'function () { this.skip(); }',
    'function (n) { return assert.equal(this.x, n); }',
    'function (n) { while (this.x !== n) {} }',
    'function (n) { for (const item of this.items) assert.ok(item); }',
    "function (n) { 'k' in this.x; }",
    'function (n) { delete this.x.y; }',
    'function (n) { this.a.b = n; }',
    'function (n) { try { check(n); } catch (error) { throw new Error(String(error)); } }',
    'function (n) { try { check(n); } finally { this.done = true; } }',
    'function (n) { return Boolean(this.x); }',
  ];
  for (const source of mayFail) t.equal(bodyThatCannotFail(fn(source)), null, source);
});

t.test('generated bodies: none that cannot throw is said to fail, and one throw reachable anywhere makes any body one that may', async (t) => {
  // Statements that cannot throw, whatever the world holds (the values below: no Symbol, no object whose conversion throws).
  const harmless = fc.constantFrom(
    'this.total === n;',
    'this.total !== n && console.log(n);',
    'if (this.total !== n) new Error(`total ${this.total}`);',
    "if (this.total !== n) console.error('mismatch', this.total, n);",
    'this.expected = n;',
    'this.count = (this.count ?? 0) + 1;',
    'assert.equal;',
    'assert.ok(this);',
    'assert.ok(typeof this.total);',
    'assert.ok([this.total === n]);',
    'void (this.total === n);',
    'var seen = this.total;',
    'console.log(`${this.total} ${n}`);',
    'Array.isArray(this.total);',
    'this.total?.length;',
    'typeof this.missing?.deep;',
  );
  // Statements that throw when the world is not as stated, or always: any one makes a body one that may fail.
  const failing = fc.constantFrom(
    'if (this.total !== n) throw new Error(`total ${this.total}`);',
    'assert.equal(this.total, n);',
    'check(this.total, n);',
    'this.total.toFixed(2);',
    'this.missing.deep;',
    'await this.ready;',
    'expect(this.total).toBe(n);',
    'throw new Error("not yet");',
  );
  const within = (statement: string, wrap: number) => [statement, `if (n > 0) { ${statement} }`, `if (n > 0) {} else { ${statement} }`, `{ ${statement} }`, `try { ${statement} } finally {}`][wrap];
  const quiet = { log() {}, error() {}, warn() {}, info() {} };
  const compile = (body: string) => new Function('assert', 'console', 'check', 'expect', `return (async function (n) { ${body} });`)(assert, quiet, assert.equal, () => ({ toBe() {} })) as (n: unknown) => Promise<unknown>;
  // A key toString or valueOf set to a number makes the object's conversion throw (`n > 0`), which the reading leaves out by design.
  const KEY_NOT_A_CONVERSION = fc.string().filter((key) => key !== 'toString' && key !== 'valueOf');
  const value = fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.array(fc.integer()), fc.dictionary(KEY_NOT_A_CONVERSION, fc.integer(), { noNullPrototype: true }));
  await fc.assert(
    fc.asyncProperty(fc.array(harmless, { maxLength: 6 }), fc.nat({ max: 4 }), value, value, async (statements, wrap, total, n) => {
      const body = statements.map((statement, index) => (index === 0 ? within(statement, wrap) : statement)).join('\n');
      const definition = compile(body);
      if (bodyThatCannotFail(definition) === null) throw new Error(`said to be able to fail: ${body}`);
      await definition.call({ total }, n);
    }),
  );
  fc.assert(
    fc.property(fc.array(harmless, { maxLength: 6 }), failing, fc.nat(), fc.nat({ max: 4 }), (statements, statement, at, wrap) => {
      const body = [...statements.slice(0, at % (statements.length + 1)), within(statement, wrap), ...statements.slice(at % (statements.length + 1))].join('\n');
      return bodyThatCannotFail(compile(body)) === null;
    }),
  );
  t.pass('both properties held');
});

t.test('TypeScript compiled by esbuild (tsx) or jiti keeps an empty body empty, and a full one full', async (t) => {
  const source = "export const stub = function (this: any, n: number): void {};\nexport const arrow = (n: number): void => {};\nexport const logs = async function (this: { n: number }, n: number): Promise<void> { console.log(this.n, n); };\nexport const full = function (this: any): boolean { return this.n < 0; };\n";
  const built = transformSync(source, { loader: 'ts', format: 'cjs', minify: false }).code;
  const module = { exports: {} as Record<string, () => unknown> };
  new Function('module', 'exports', built)(module, module.exports);
  const byJiti = (await createJiti(import.meta.url).evalModule(source, { filename: '/virtual/steps.ts', async: true, forceTranspile: true })) as Record<string, () => unknown>;
  for (const [who, compiled] of [['esbuild', module.exports], ['jiti', byJiti]] as const) {
    t.equal(bodyThatCannotFail(compiled.stub), 'is empty', `${who}: function stub`);
    t.equal(bodyThatCannotFail(compiled.arrow), 'is empty', `${who}: arrow stub`);
    t.equal(bodyThatCannotFail(compiled.logs), 'only logs', `${who}: a body that only logs`);
    t.equal(bodyThatCannotFail(compiled.full), null, `${who}: a body that may fail`);
  }
});

const DOC = `### Requirement: Invoice lines
The invoice SHALL list one line per item.

#### Scenario: Three items
- **GIVEN** an order of 3 items
- **WHEN** nothing else happens
- **THEN** the invoice SHALL list 3 lines

### Requirement: Positive total
The total of an order SHALL be positive, whatever was ordered.

#### Scenario: Any order
- **GIVEN** an order of 3 items
- **WHEN** nothing else happens
- **THEN** the total SHALL be positive
`;
const STEPS = `import { Given, When, Then } from 'spec-run/steps';
Given('an order of {int} items', function (n) { this.n = n; });
When('nothing else happens', () => {});
Then('the invoice SHALL list {int} lines', function (n) {});
Then('the total SHALL be positive', async function () { return this.n < 0; });
`;

t.test('a run: an empty Then is a skipped verdict, a Then that returns false fails, an empty When passes', async (t) => {
  const dir = project({ 'doc.spec.md': DOC, 'steps.mjs': STEPS });
  const run = await runIn(dir, ['doc.spec.md', '--reporter', 'json', '--require-verified']);
  t.equal(run.exitCode, 1, '--require-verified fails: nothing verified either requirement');
  t.same(run.points.filter((p) => !p.name.startsWith('--require')).map((p) => [p.name, p.ok, p.skip !== undefined]), [
    ['GIVEN an order of 3 items', true, false],
    ['WHEN nothing else happens', true, false],
    ['THEN the invoice SHALL list 3 lines', true, true],
    ['GIVEN an order of 3 items', true, false],
    ['WHEN nothing else happens', true, false],
    ['THEN the total SHALL be positive', false, false],
  ]);
  t.match(run.points[2].skip, /^the step checks nothing: its definition \(steps\.mjs:4\) has a body that cannot fail \(it is empty\)/);
  t.match(run.points[5].diagnostics, { reason: /^the step returned false: a check that returns its verdict must throw or assert/, definition: /steps\.mjs:5/ }, 'a promise of false too');
  t.match(run.stderr, /requirements: 0 verified, 1 failing, 1 untested/);
});

t.test('check warns at the step and at the definition, once whichever documents use it; not for an empty When', async (t) => {
  const other = DOC.replace('Invoice lines', 'Invoice lines again').replace('Positive total', 'Positive total again');
  const dir = project({ 'a.spec.md': DOC, 'b.spec.md': other, 'steps.mjs': STEPS });
  const check = await execa(process.execPath, [cli, 'check', 'a.spec.md', 'b.spec.md'], { cwd: dir, reject: false });
  t.equal(check.exitCode, 0, 'warnings, not errors');
  t.match(check.stdout, /^a\.spec\.md:7:1: warning: step 'the invoice SHALL list 3 lines' checks nothing: its definition \(steps\.mjs:4\) has a body that cannot fail \(it is empty\).*; a run skips its verdict$/m);
  t.match(check.stdout, /^b\.spec\.md:7:1: warning: step 'the invoice SHALL list 3 lines' checks nothing/m);
  t.equal(check.stdout.match(/^steps\.mjs:4:1: warning: this Then definition has a body that cannot fail \(it is empty\): it checks nothing/gm)?.length, 1, 'the definition is told once');
  t.notMatch(check.stdout, /steps\.mjs:3|nothing else happens/, 'the empty When is a no-op, not a warning');
});

const TOTALS = `### Requirement: Totals
The total SHALL be what was added.

#### Scenario: Logged
- **WHEN** I add an item of 2
- **THEN** the logged total is 5

#### Scenario: Swallowed
- **WHEN** I add an item of 2
- **THEN** the caught total is 5

#### Scenario: Called back
- **WHEN** I add an item of 2
- **THEN** the callback total is 5

#### Scenario: Helper
- **WHEN** I add an item of 2
- **THEN** the helper total is 2
`;
const TOTAL_STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
const same = (a, b) => assert.equal(a, b);
When('I add an item of {int}', function (n) { this.total = n; });
Then('the logged total is {int}', function (n) { console.log('total', this.total, 'expected', n); });
Then('the caught total is {int}', function (n) { try { assert.equal(this.total, n); } catch { /* flaky, ignore */ } });
Then('the callback total is {int}', function (n, done) { done(); });
Then('the helper total is {int}', function (n) { same(this.total, n); });
`;

t.test('a run and check: a Then that logs, swallows its assertion or only calls back checks nothing; one that calls a helper checks', async (t) => {
  const dir = project({ 'totals.spec.md': TOTALS, 'steps.mjs': TOTAL_STEPS });
  const run = await runIn(dir, ['totals.spec.md', '--reporter', 'json', '--require-verified']);
  t.equal(run.exitCode, 1, '--require-verified fails: the requirement is not verified');
  const thens = run.points.filter((p) => p.name.startsWith('THEN'));
  t.same(thens.map((p) => [p.name, p.ok, p.skip !== undefined]), [
    ['THEN the logged total is 5', true, true],
    ['THEN the caught total is 5', true, true],
    ['THEN the callback total is 5', true, true],
    ['THEN the helper total is 2', true, false],
  ]);
  t.match(thens[0].skip, /its definition \(steps\.mjs:5\) has a body that cannot fail \(it only logs\)/);
  t.match(thens[1].skip, /its definition \(steps\.mjs:6\) has a body that cannot fail \(it only catches its own failures\)/);
  t.match(thens[2].skip, /its definition \(steps\.mjs:7\) has a body that cannot fail \(it only calls back\)/);

  const check = await execa(process.execPath, [cli, 'check', 'totals.spec.md'], { cwd: dir, reject: false });
  t.match(check.stdout, /^totals\.spec\.md:6:1: warning: step 'the logged total is 5' checks nothing/m);
  t.match(check.stdout, /^steps\.mjs:6:1: warning: this Then definition has a body that cannot fail \(it only catches its own failures\): it checks nothing/m);
  t.notMatch(check.stdout, /steps\.mjs:8|helper total/, 'a Then that calls a helper may fail: no warning');
});

const CART = `${CANNOT_FAIL_SPEC}
#### Scenario: Checked
- **WHEN** the cart holds items of 2 and 3
- **THEN** the checked total SHALL be 5
`;
const CART_STEPS = `import { When, Then } from 'spec-run/steps';
${CANNOT_FAIL_STEPS}Then('the checked total SHALL be {int}', function (n) { if (this.total !== n) throw new Error(\`total \${this.total}\`); });
`;

t.test('a run and check: a forgotten assert, an Error never thrown and a logged mismatch check nothing; a conditional throw checks', async (t) => {
  const dir = project({ 'cart.spec.md': CART, 'steps.mjs': CART_STEPS });
  const run = await runIn(dir, ['cart.spec.md', '--reporter', 'json', '--require-verified']);
  t.equal(run.exitCode, 1, '--require-verified fails: three scenarios verify nothing');
  const thens = run.points.filter((p) => p.name.startsWith('THEN'));
  t.same(thens.map((p) => [p.name, p.ok, p.skip !== undefined]), [
    ['THEN the total SHALL be 99', true, true],
    ['THEN the sum SHALL be 99', true, true],
    ['THEN the amount SHALL be 99', true, true],
    ['THEN the checked total SHALL be 5', true, false],
  ]);
  t.match(thens[0].skip, /its definition \(steps\.mjs:3\) has a body that cannot fail \(it only compares values and drops the result\)/);
  t.match(thens[1].skip, /its definition \(steps\.mjs:4\) has a body that cannot fail \(it only builds an error it never throws\)/);
  t.match(thens[2].skip, /its definition \(steps\.mjs:5\) has a body that cannot fail \(it only logs\)/);
  const check = await execa(process.execPath, [cli, 'check', 'cart.spec.md'], { cwd: dir, reject: false });
  t.equal(check.exitCode, 0, 'warnings, not errors');
  for (const line of [6, 10, 14]) t.match(check.stdout, new RegExp(`^cart\\.spec\\.md:${line}:1: warning: step '.*' checks nothing`, 'm'));
  for (const line of [3, 4, 5]) t.match(check.stdout, new RegExp(`^steps\\.mjs:${line}:1: warning: this Then definition has a body that cannot fail`, 'm'));
  t.notMatch(check.stdout, /steps\.mjs:6|checked total/, 'the conditional throw checks: no warning');
});

t.test("the world's own reporting never fails a step: a Then that only logs or attaches through the world checks nothing", async (t) => {
  const cannotFail: [string, string][] = [
    ['function (n) { this.log(`total ${this.total}, expected ${n}`); }', 'only logs'],
    ["function () { this.attach(`${this.result}`, 'text/plain'); }", 'only attaches'],
    ['function (n) { if (this.total !== n) this.log("mismatch"); }', 'only logs'],
    ["function () { return this.attach('seen'); }", 'only attaches'],
  ];
  for (const [source, said] of cannotFail) t.equal(bodyThatCannotFail(fn(source)), said, source);
  const mayFail = [
    // An argument that may throw, a method of another object, the world's other methods, an arrow (whose `this` is its module's, not the world).
    'function () { this.log(this.result.total); }',
    'function () { this.logger.log("x"); }',
    'function () { this.skip("later"); }',
    '() => { this.log("x"); }',
    'function () { this.log(check()); }',
  ];
  for (const source of mayFail) t.equal(bodyThatCannotFail(fn(source)), null, source);
});

t.test("the world's run resolves whatever the exit code: a Then that only awaits or returns it checks nothing; one that reads its result may fail", async (t) => {
  const cannotFail: [string, string][] = [
    ["async function () { await this.run('npm run build'); }", 'only runs a command and drops its result'],
    ["function () { return this.run('test -f dist/cart.js'); }", 'only runs a command and drops its result'],
    ["function () { this.run('true'); }", 'only runs a command and drops its result'],
    ["async function () { const result = await this.run(`make ${'all'}`, { timeout: '30s' }); }", 'only reads values it compares with nothing'],
    ["async function () { this.log('building'); await this.run('make'); }", 'only logs and runs a command and drops its result'],
  ];
  for (const [source, said] of cannotFail) t.equal(bodyThatCannotFail(fn(source)), said, source);
  const mayFail = [
    // Its result read and compared; an argument that may throw; another object's run; an arrow, whose `this` is not the world.
    "async function () { const result = await this.run('npm run build'); assert.equal(result.exitCode, 0); }",
    "async function () { assert.equal((await this.run('npm test')).exitCode, 0); }",
    'async function () { await this.run(command()); }',
    "async function () { await this.runner.run('make'); }",
    "async () => { await this.run('make'); }",
    "async function () { await this.run('make'); await check(this); }",
  ];
  for (const source of mayFail) t.equal(bodyThatCannotFail(fn(source)), null, source);
});

t.test("a name the body does not declare is read in its steps file: a let, a parameter around the step or a destructured name may be nullish; an import, a helper or another const is not", async (t) => {
  const dir = project({
    'steps.mjs': [
      "import fs from 'node:fs';",
      "import { helpers } from './helpers.mjs';",
      'let current;',
      'var later = null;',
      "const { maybe } = process.env;",
      'const unset = undefined;',
      'const limits = { max: 3 };',
      'function tool() { return 1; }',
      'export function define(world) {}',
      '',
    ].join('\n'),
    'steps.ts': 'let current: { total: number } | undefined;\nexport {};\n',
  });
  const file = path.join(dir, 'steps.mjs');
  for (const name of ['current', 'later', 'maybe', 'unset', 'world']) {
    t.equal(bodyThatCannotFail(fn(`function () { ${name}.total; }`), file), null, `${name}: a property read of it may throw`);
    t.equal(bodyThatCannotFail(fn(`function () { ${name}.total; }`)), 'only reads values it compares with nothing', `${name}: without its module, read as never nullish`);
  }
  for (const name of ['fs', 'helpers', 'limits', 'tool', 'define', 'notDeclared']) {
    t.equal(bodyThatCannotFail(fn(`function () { ${name}.total; }`), file), 'only reads values it compares with nothing', `${name}: never nullish`);
  }
  t.equal(bodyThatCannotFail(fn('function () { current?.total; }'), file), 'only reads values it compares with nothing', 'an optional read of it cannot throw');
  t.equal(bodyThatCannotFail(fn('function () { current.total; }'), path.join(dir, 'steps.ts')), 'only reads values it compares with nothing', 'TypeScript with types is not read: the lean stays');
  t.equal(bodyThatCannotFail(fn('function () { current.total; }'), path.join(dir, 'missing.mjs')), 'only reads values it compares with nothing', 'a file that cannot be read: the lean stays');
});

t.test('a run: a Then that only logs through the world is a skipped verdict; one reading a module variable a hook sets may fail, so its pass is a verdict', async (t) => {
  const doc = REPORTING_SPEC;
  const steps = `import { Given, Then, Before } from 'spec-run/steps';
let order;
Before(function () { order = { total: 1 }; });
Given('an order of {int} items', function (n) { this.n = n; });
Then('the total is logged', function () { this.log(\`total \${this.n}\`); });
Then('the total is read', function () { order.total; });
`;
  const run = await runIn(project({ 'doc.spec.md': doc, 'steps.mjs': steps }), ['doc.spec.md', '--reporter', 'json']);
  t.match(run.points.find((p) => p.name === 'THEN the total is logged'), { ok: true, skip: /^the step checks nothing: its definition \(steps\.mjs:5\) has a body that cannot fail \(it only logs\)/ });
  const read = run.points.find((p) => p.name === 'THEN the total is read');
  t.match(read, { ok: true }, 'the read passes');
  t.equal(read?.skip, undefined, 'and is a verdict: had the hook left it unset, the read would have thrown');
});


/** A steps file in a fresh directory holding the module text HELPERS and the step definition STEP: the step as the engine keeps it, and the file its reading looks its helpers up in. */
function stepOfModule(helpers: string, step: string): { definition: () => unknown; file: string } {
  const dir = project({ 'steps.mjs': `import assert from 'node:assert/strict';\nimport { check } from './lib.mjs';\n${helpers}\nexport const step = ${step};\n` });
  return { definition: fn(step), file: path.join(dir, 'steps.mjs') };
}

t.test("a Then that calls a helper of its steps file checks nothing when the helper's own body, read through its calls, cannot throw", async (t) => {
  const cannotFail: [string, string, string][] = [
    ["function verify(cond, msg) { if (!cond) console.error('FAILED: ' + msg); }", 'function (code) { verify(this.status === code, `status ${this.status}`); }', 'only calls its helper verify, which only logs'],
    ['const note = (message) => console.log(message);', 'function (n) { note(`total ${this.total}`); }', 'only calls its helper note, which only logs and returns'],
    ['export function expectSame(a, b) { if (a !== b) console.warn(a, b); return a === b; }', 'function (n) { expectSame(this.total, n); }', 'only calls its helper expectSame, which only logs, compares values and drops the result and returns'],
    ['function outer(c) { inner(c); }\nfunction inner(c) { console.log(c); }', 'function (n) { outer(this.total === n); }', 'only calls its helper outer, which only calls its helper inner, which only logs'],
    ['async function later(message) { console.log(message); }', 'async function (n) { await later(n); }', 'only calls its helper later, which only logs'],
    ['function noted(n) { console.log(n); return true; }', 'function (n) { return noted(n); }', 'only calls its helper noted, which only logs and returns'],
  ];
  for (const [helpers, step, said] of cannotFail) {
    const { definition, file } = stepOfModule(helpers, step);
    t.equal(bodyThatCannotFail(definition, file), said, `${helpers} / ${step}`);
  }
  // A helper that can throw is a check, whatever it is called: never said to check nothing.
  const mayFail: [string, string][] = [
    ["function must(cond) { if (!cond) throw new Error('no'); }", 'function (n) { must(this.total === n); }'],
    ['function same(a, b) { assert.equal(a, b); }', 'function (n) { same(this.total, n); }'],
    ['function delegated(x) { check(x); }', 'function (n) { delegated(this.total); }'],
    ['function unknown(x) { notDeclaredAnywhere(x); }', 'function (n) { unknown(n); }'],
    ['function shown(response) { console.log(response.status); }', 'function () { shown(this.response); }'],
    ['function countdown(n) { if (n > 0) countdown(n - 1); }', 'function (n) { countdown(n); }'],
    ['function mine() { console.log(this.total); }', 'function () { mine(); }'],
    ["function verify(cond) { console.log(cond); }\nif (process.env.STRICT) verify = (cond) => assert.ok(cond);", 'function (n) { verify(this.total === n); }'],
    ['function verify(cond) { console.log(cond); }\nfunction wrap() { function verify(cond) { assert.ok(cond); } return verify; }', 'function (n) { verify(this.total === n); }'],
    ['function expectSame(a, b) { return a === b; }', 'function (n) { return expectSame(this.total, n); }'],
    ['async function later(value) { return value; }', 'async function (n) { await later(this.pending); }'],
    ['function loops(items) { for (const item of items) console.log(item); }', 'function () { loops(this.items); }'],
  ];
  for (const [helpers, step] of mayFail) {
    const { definition, file } = stepOfModule(helpers, step);
    t.equal(bodyThatCannotFail(definition, file), null, `${helpers} / ${step}`);
  }
  // The same source defined in another module, which may hold another verify: its calls are not this file's helpers.
  const { file } = stepOfModule("function verify(cond) { console.log(cond); }", 'function (n) { console.log(n); }');
  t.equal(bodyThatCannotFail(fn('function (n) { verify(this.total === n); }'), file), null, "a body not in the file's text calls another module's functions");
});

t.test('generated helpers: a helper of harmless statements is said to check nothing and never throws; one failing statement in it, or in a helper it calls, makes the step one that may fail', async (t) => {
  const harmless = fc.constantFrom('cond === true;', "if (!cond) console.error('FAILED', message);", 'console.log(`${message}`);', 'var seen = message;', 'void (cond && message);', 'Array.isArray(message);', 'return cond;', 'message?.length;');
  const failing = fc.constantFrom("if (!cond) throw new Error('no');", 'assert.ok(cond);', 'check(cond);', 'message.length;', 'new URL(message);', 'unknownHelper(cond);');
  const quiet = { log() {}, error() {}, warn() {}, info() {} };
  const dir = project({});
  let files = 0;
  /** The step calling `outer`, which calls `inner` when DEPTH is 2; INNER and OUTER are their bodies' statements. */
  const module = (inner: string[], outer: string[], depth: number) => {
    const helpers = depth === 2 ? `function inner(cond, message) { ${inner.join(' ')} }\nfunction outer(cond, message) { inner(cond, message); ${outer.join(' ')} }` : `function outer(cond, message) { ${[...inner, ...outer].join(' ')} }`;
    const step = 'function (n) { outer(this.total === n, `total ${this.total}`); }';
    const file = path.join(dir, `steps-${(files += 1)}.mjs`);
    writeFileSync(file, `import assert from 'node:assert/strict';\n${helpers}\nexport const step = ${step};\n`);
    const definition = new Function('assert', 'console', 'check', 'unknownHelper', `${helpers}\nreturn (${step});`)(assert, quiet, assert.ok, assert.ok) as (n: unknown) => unknown;
    return { file, definition };
  };
  const value = fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null), fc.constant(undefined));
  await fc.assert(
    fc.asyncProperty(fc.array(harmless, { maxLength: 4 }), fc.array(harmless, { maxLength: 4 }), fc.integer({ min: 1, max: 2 }), value, value, async (inner, outer, depth, total, n) => {
      const { file, definition } = module(inner, outer, depth);
      if (bodyThatCannotFail(definition, file) === null) throw new Error(`said to be able to fail: ${inner.join(' ')} / ${outer.join(' ')}`);
      definition.call({ total }, n);
    }),
    { numRuns: 60 },
  );
  fc.assert(
    fc.property(fc.array(harmless, { maxLength: 4 }), fc.array(harmless, { maxLength: 4 }), failing, fc.boolean(), fc.integer({ min: 1, max: 2 }), (inner, outer, statement, inInner, depth) => {
      const { file, definition } = inInner ? module([statement, ...inner], outer, depth) : module(inner, [...outer, statement], depth);
      return bodyThatCannotFail(definition, file) === null;
    }),
    { numRuns: 60 },
  );
  t.pass('both properties held');
});
