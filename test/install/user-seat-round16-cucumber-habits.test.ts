// What a team moving its cucumber-js features to spec-run met, from a user's seat: spec-run
// packed, installed into a fresh project outside the repository, run through its bin. Stub
// THENs that a refactor leaves as `return;` or `() => undefined` verified their requirement;
// a requirement's bare name in requirements.exclude silently excluded it in every document;
// cucumber-js's options, tag lines and Background got no word of where spec-run has them.
import t from 'tap';
import { userProject } from '../support/installed.js';

const spec = (name: string) => `# ${name}

### Requirement: Timeout
The ${name} SHALL give up after a while.

#### Scenario: Slow
- **GIVEN** a slow ${name}
- **THEN** the ${name} SHALL give up
`;

const STEPS = `import { Given, Then } from 'spec-run/steps';
import assert from 'node:assert';
Given('a slow {word}', function (what) { this.what = what; });
Then('the {word} SHALL give up', function (what) { assert.equal(what, this.what); });
`;

t.test("stub THENs written `{ return; }` or `() => undefined` check nothing, as an empty body does", async (t) => {
  const project = userProject({
    'specs/mail.spec.md': `# mail\n\n### Requirement: Mail\nIt SHALL mail.\n\n#### Scenario: Sent\n- **GIVEN** an order\n- **THEN** an email SHALL be sent\n\n#### Scenario: Audited\n- **GIVEN** an order\n- **THEN** the audit log SHALL record it\n`,
    'steps/mail.steps.ts': `import { Given, Then } from 'spec-run/steps';
Given('an order', function () {});
Then('an email SHALL be sent', function () { return; });
Then('the audit log SHALL record it', () => undefined);
`,
  });
  const run = await project.specRun(['specs', '--require-verified', '--reporter', 'tap']);
  t.equal(run.code, 1, 'not verified: exit 1', { stdout: run.stdout, stderr: run.stderr });
  t.match(run.stdout, /ok \d+ - THEN an email SHALL be sent # SKIP the step checks nothing: its definition \(steps\/mail\.steps\.ts:3\) has a body that cannot fail \(it only returns\)/);
  t.match(run.stdout, /ok \d+ - THEN the audit log SHALL record it # SKIP the step checks nothing: its definition \(steps\/mail\.steps\.ts:4\) has a body that cannot fail \(it only returns\)/);
  t.match(run.stderr, /requirements: 0 verified/);
  const check = await project.specRun(['check', 'specs']);
  t.match(check.stdout, /steps\/mail\.steps\.ts:3:1: warning: this Then definition has a body that cannot fail \(it only returns\)/);
  t.match(check.stdout, /steps\/mail\.steps\.ts:4:1: warning: this Then definition has a body that cannot fail \(it only returns\)/);
});

t.test("a requirement's bare name that excludes requirements of two documents is said, naming both", async (t) => {
  const project = userProject({
    'specs/a/a.spec.md': spec('client'),
    'specs/b/b.spec.md': spec('server'),
    'steps.mjs': STEPS,
    'spec-run.config.json': JSON.stringify({ requirements: { exclude: { Timeout: "the client's timeout is v2" } } }),
  });
  const run = await project.specRun(['specs', '--reporter', 'tap']);
  t.match(run.stderr, /warning: requirements\.exclude: 'Timeout' is a requirement's name alone, and excludes requirements of 2 documents \(specs\/a\/a\.spec\.md:3, specs\/b\/b\.spec\.md:3\); to exclude one, key it by its id/);
  t.match(run.stderr, /requirements: 0 verified, 0 failing, 0 untested, 2 excluded/, 'as documented, the name still excludes both');
  const byId = userProject({
    'specs/a/a.spec.md': spec('client'),
    'specs/b/b.spec.md': spec('server'),
    'steps.mjs': STEPS,
    'spec-run.config.json': JSON.stringify({ requirements: { exclude: { 'specs/a/a.spec.md#Timeout': "the client's timeout is v2" } } }),
  });
  const one = await byId.specRun(['specs', '--reporter', 'tap']);
  t.equal(one.code, 0, { stderr: one.stderr });
  t.notMatch(one.stderr, /warning: requirements\.exclude/);
  t.match(one.stderr, /requirements: 1 verified, 0 failing, 0 untested, 1 excluded/);
});

t.test("cucumber-js's options, tag lines and Background are answered with spec-run's own; package.json imports resolve in a TypeScript steps file", async (t) => {
  const project = userProject({
    'package.json': JSON.stringify({ name: 'shop', type: 'module', imports: { '#lib/*': './src/lib/*' } }),
    'src/lib/money.ts': `export const cents = (text: string): number => Math.round(Number(text) * 100);\n`,
    'specs/cart.spec.md': `---\ntags: [cart]\n---\n# cart\n\n### Requirement: Cart\nThe cart SHALL hold items.\n\n#### Background:\n- **GIVEN** an empty cart\n\n@smoke\n#### Scenario: add\n- **WHEN** I add an item of 1.50\n- **THEN** the cart SHALL hold 150 cents\n`,
    'steps/cart.steps.ts': `import { Given, When, Then } from 'spec-run/steps';
import assert from 'node:assert';
import { cents } from '#lib/money.ts';
Given('an empty cart', function (this: any) { this.total = 0; });
When('I add an item of {float}', function (this: any, price: number) { this.total = (this.total ?? 0) + cents(String(price)); });
Then('the cart SHALL hold {int} cents', function (this: any, n: number) { assert.equal(this.total, n); });
`,
  });
  for (const [flag, counterpart] of [['--require', '--steps <glob>'], ['--format', '--reporter <name[:file]>'], ['--name', '--grep <pattern>'], ['--fail-fast', '--bail'], ['--parallel', '--jobs <n>']]) {
    const run = await project.specRun(['specs', flag, 'x']);
    t.equal(run.code, 2, `${flag}: a usage error`);
    t.match(run.stderr, new RegExp(`spec-run: ${flag} is cucumber-js's option; in spec-run: ${counterpart.replace(/[[\]<>]/g, '\\$&')}`), flag);
  }
  const check = await project.specRun(['check', 'specs']);
  t.match(check.stdout, /specs\/cart\.spec\.md:9:1: error: heading 'Background:' .* run its steps before each scenario from a Before hook/);
  t.match(check.stdout, /specs\/cart\.spec\.md:12:1: warning: '@smoke' is a Gherkin tag line, read here as prose: it tags nothing, so --tag does not select by it; tag the document in its frontmatter \(tags: \[smoke\]\)/);
  // Without the Background (a Before hook's work), the scenario runs, its steps importing through package.json's "imports".
  project.write({ 'specs/cart.spec.md': `# cart\n\n### Requirement: Cart\nThe cart SHALL hold items.\n\n#### Scenario: add\n- **GIVEN** an empty cart\n- **WHEN** I add an item of 1.50\n- **THEN** the cart SHALL hold 150 cents\n` });
  const run = await project.specRun(['specs', '--reporter', 'tap']);
  t.equal(run.code, 0, { stdout: run.stdout, stderr: run.stderr });
  t.match(run.stdout, /ok 3 - THEN the cart SHALL hold 150 cents/);
});
