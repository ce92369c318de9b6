// A Then that cannot fail verified its requirement: a stub with an empty body, or a
// definition that returns its verdict (`return this.n < 0`), which cucumber-js ignores.
// The first is a skipped verdict, as a scenario that checks nothing is; the second fails.
// An empty Given or When is a legitimate no-op and stays a pass.
import t from 'tap';
import { transformSync } from 'esbuild';
import { createJiti } from 'jiti';
import { hasEmptyBody } from '../../src/run/scenario/function-body.js';
import { cli, project, runIn } from './user-project.js';
import { execa } from 'execa';

/** The function the source SOURCE (an expression) evaluates to. */
const fn = (source: string) => new Function(`return (${source});`)() as () => unknown;

t.test('an empty body is read from the source as the engine keeps it, comments and empty statements included', async (t) => {
  for (const empty of ['function (n) {}', 'function named(a, b) {\n  // TODO\n}', 'async function () { /* later */ ; }', '() => {}', 'async (n) => { }', 'n => {}', 'function ({ a } = { a: "}" }) {}', 'function (a = () => { throw 1; }) {}', '() => { return; }', 'function () { return undefined }', 'async function () {\n  return;\n}', '() => undefined', '() => (null)', 'async () => void 0', 'function () { return }']) {
    t.ok(hasEmptyBody(fn(empty)), empty);
  }
  for (const full of ['function (n) { return n; }', 'function () { "}" }', '() => ({})', 'n => n > 0', 'x => x || {}', 'function () { /* a */ assert.ok(1); }', 'function () { return; assert.ok(1); }', 'function () { return this.n; }', '() => undefinedValue', '() => void check()', 'function () { return null || check(); }']) {
    t.notOk(hasEmptyBody(fn(full)), full);
  }
  t.notOk(hasEmptyBody(Math.max), 'native code is not read as empty');
});

t.test('TypeScript compiled by esbuild (tsx) or jiti keeps an empty body empty, and a full one full', async (t) => {
  const source = "export const stub = function (this: any, n: number): void {};\nexport const arrow = (n: number): void => {};\nexport const full = function (this: any): boolean { return this.n < 0; };\n";
  const built = transformSync(source, { loader: 'ts', format: 'cjs', minify: false }).code;
  const module = { exports: {} as Record<string, () => unknown> };
  new Function('module', 'exports', built)(module, module.exports);
  const byJiti = (await createJiti(import.meta.url).evalModule(source, { filename: '/virtual/steps.ts', async: true, forceTranspile: true })) as Record<string, () => unknown>;
  for (const [who, compiled] of [['esbuild', module.exports], ['jiti', byJiti]] as const) {
    t.ok(hasEmptyBody(compiled.stub), `${who}: function stub`);
    t.ok(hasEmptyBody(compiled.arrow), `${who}: arrow stub`);
    t.notOk(hasEmptyBody(compiled.full), `${who}: a body with a statement`);
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
  t.match(run.points[2].skip, /^the step checks nothing: its definition \(steps\.mjs:4\) has a body that does nothing/);
  t.match(run.points[5].diagnostics, { reason: /^the step returned false: a check that returns its verdict must throw or assert/, definition: /steps\.mjs:5/ }, 'a promise of false too');
  t.match(run.stderr, /requirements: 0 verified, 1 failing, 1 untested/);
});

t.test('check warns at the step and at the definition, once whichever documents use it; not for an empty When', async (t) => {
  const other = DOC.replace('Invoice lines', 'Invoice lines again').replace('Positive total', 'Positive total again');
  const dir = project({ 'a.spec.md': DOC, 'b.spec.md': other, 'steps.mjs': STEPS });
  const check = await execa(process.execPath, [cli, 'check', 'a.spec.md', 'b.spec.md'], { cwd: dir, reject: false });
  t.equal(check.exitCode, 0, 'warnings, not errors');
  t.match(check.stdout, /^a\.spec\.md:7:1: warning: step 'the invoice SHALL list 3 lines' checks nothing: its definition \(steps\.mjs:4\) has a body that does nothing.*; a run skips its verdict$/m);
  t.match(check.stdout, /^b\.spec\.md:7:1: warning: step 'the invoice SHALL list 3 lines' checks nothing/m);
  t.equal(check.stdout.match(/^steps\.mjs:4:1: warning: this Then definition has a body that does nothing \(empty, or a bare return\): it checks nothing/gm)?.length, 1, 'the definition is told once');
  t.notMatch(check.stdout, /steps\.mjs:3|nothing else happens/, 'the empty When is a no-op, not a warning');
});
