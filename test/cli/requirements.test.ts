// Requirement traceability end to end: the terminal and JSON summaries, and the
// --require-verified gate, on small documents and on the OpenSpec seed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { seedPath } from '../parse/seed-files.js';
import { specRun } from './spec-run.js';

const openspec = `# Gate

### Requirement: Alpha
The system SHALL do alpha.

#### Scenario: Alpha happens
- **WHEN** the moon turns a colour nobody defined a step for
- **THEN** nothing in spec-run can check it

### Requirement: Beta
The system MUST do beta.
`;

const lisp = `---
type: verification
name: sums
source: contracts/sums.md
---
# Sums

\`\`\`lisp
(assert (= 3 (+ 1 2)))
\`\`\`
`;

t.test('undefined and untested requirements: listed, failing the run by default, TODO with --no-strict, refused by the gate, accepted when excluded', async (t) => {
  // A Lisp document beside it passes, so that the run checked something.
  const dir = t.testdir({ docs: { 'gate.md': openspec, 'sums.test.md': lisp } });
  const strict = await specRun(['docs', '--reporter', 'tap'], dir);
  t.equal(strict.code, 1, 'an undefined step fails the run by default (strict, as cucumber-js)');
  t.match(strict.stdout, /not ok \d+ - WHEN the moon turns a colour nobody defined a step for\n/, 'as a failing point, not a TODO');

  const plain = await specRun(['docs', '--reporter', 'tap', '--no-strict'], dir);
  t.equal(plain.code, 0, 'with --no-strict an undefined step is TODO, not a failure');
  t.match(plain.stderr, /^requirements: 1 verified, 0 failing, 1 untested, 1 partly undefined$/m);
  t.match(plain.stderr, /requirements: .*\n\d+ passed, 0 failed, 0 skipped, 2 todo\n$/, 'the summary line stays last');

  const gated = await specRun(['docs', '--reporter', 'tap', '--no-strict', '--require-verified'], dir);
  t.equal(gated.code, 1, '--require-verified fails the run');
  t.match(gated.stderr, /--require-verified: docs\/gate\.md#Alpha is partly undefined \(0 passed, 0 failed, 0 skipped, 2 todo\)/);
  t.match(gated.stderr, /--require-verified: docs\/gate\.md#Beta is untested \(no scenario or unit verifies it\)/);

  const config = { strict: false, requireVerified: true, requirements: { exclude: { 'docs/gate.md#Alpha': 'steps come with v2', Beta: 'not ours' } } };
  const configured = t.testdir({ docs: { 'gate.md': openspec, 'sums.test.md': lisp }, 'spec-run.config.json': JSON.stringify(config) });
  const excluded = await specRun(['docs', '--reporter', 'json'], configured);
  t.equal(excluded.code, 0, 'excluded requirements do not fail the gate');
  t.match(excluded.stderr, /^requirements: 1 verified, 0 failing, 0 untested, 2 excluded$/m);
  const end = JSON.parse(excluded.stdout.trim().split('\n').at(-1)!);
  t.same(
    end.requirements.filter((r: { name: string }) => r.name !== 'contracts/sums.md').map((r: { name: string; status: string; detail: string }) => [r.name, r.status, r.detail]),
    [
      ['Alpha', 'excluded', 'steps come with v2'],
      ['Beta', 'excluded', 'not ours'],
    ],
  );
});

t.test('a run that checked nothing fails, whatever --no-strict says, and every report says so', async (t) => {
  const dir = t.testdir({ docs: { 'gate.md': openspec } });
  const run = await specRun(['docs', '--no-strict', '--reporter', 'spec', '--reporter', 'html:report.html'], dir);
  t.equal(run.code, 1, 'exit 1: nothing passed');
  t.match(run.stderr, /no check passed, and some were skipped, left undefined or pending, or ran holding no check: the run checked nothing and fails\n(.*\n)?0 passed, 0 failed, 0 skipped, 2 todo\n$/, 'said before the summary, which stays last');
  t.match(run.stdout, /… Alpha \/ Alpha happens TODO: nothing checked \(2 of 2 checks todo\)/, 'the terminal marks the scenario TODO, not ✔');
  t.notMatch(run.stdout, /✔ Alpha/, 'no tick for it');
  const page = readFileSync(join(dir, 'report.html'), 'utf8');
  t.match(page, /<p class="verdict incomplete">nothing was checked: 2 todo \(undefined or pending steps\)<\/p>/, 'the HTML headline is not green');
  t.notMatch(page, /every check passed/);
});

t.test('a verified requirement passes the gate; a configuration exclusion naming nothing is reported', async (t) => {
  const dir = t.testdir({ docs: { 'sums.test.md': lisp }, 'spec-run.config.json': JSON.stringify({ requirements: { exclude: { nothing: 'x' } } }) });
  const run = await specRun(['docs', '--reporter', 'tap', '--require-verified'], dir);
  t.equal(run.code, 0, run.stderr);
  t.match(run.stderr, /^requirements: 1 verified, 0 failing, 0 untested$/m);
  t.match(run.stderr, /requirements\.exclude: 'nothing' names no requirement/);
});

t.test('a bad --reporter list is a usage error', async (t) => {
  const dir = t.testdir({ docs: { 'sums.test.md': lisp } });
  const twice = await specRun(['docs', '--reporter', 'tap', '--reporter', 'json'], dir);
  t.equal(twice.code, 2);
  t.match(twice.stderr, /only one reporter may write to stdout, got tap and json/);
  const unknown = await specRun(['docs', '--reporter', 'xml:out.xml'], dir);
  t.equal(unknown.code, 2);
  t.match(unknown.stderr, /unknown reporter 'xml'/);
  const config = t.testdir({ docs: { 'sums.test.md': lisp }, 'spec-run.config.yaml': 'reporter: [tap, "pdf:x.pdf"]\n' });
  const bad = await specRun(['docs'], config);
  t.equal(bad.code, 2);
  t.match(bad.stderr, /spec-run\.config\.yaml: 'reporter\.1': unknown reporter 'pdf'/);
});

t.test('a configuration reporter list writes each report, files relative to the configuration', async (t) => {
  const dir = t.testdir({ docs: { 'sums.test.md': lisp }, 'spec-run.config.yaml': 'reporter: [tap, "junit:reports/junit.xml", "html:reports/index.html"]\n' });
  const run = await specRun(['docs'], dir);
  t.equal(run.code, 0, run.stderr);
  t.match(run.stdout, /^TAP version 14/);
  t.match(readFileSync(join(dir, 'reports/junit.xml'), 'utf8'), /<property name="requirement:docs\/sums\.test\.md#contracts\/sums\.md" value="verified"\/>/);
  t.match(readFileSync(join(dir, 'reports/index.html'), 'utf8'), /<span class="badge status-verified">verified<\/span>/);
});

// The seed's terminal view and JSON stream, requirement by requirement, are checked on
// the suite's one run of the seeds (test/e2e/seeds.test.ts); here the gate, on a part of it.
t.test('OpenSpec seed: --require-verified fails on its untested requirement and passes on a verified one', async (t) => {
  const grace = await specRun([seedPath('command-timeouts.spec.md'), '--grep', 'Timeout Grace Period', '--reporter', 'tap', '--require-verified']);
  t.equal(grace.code, 1, '--require-verified fails: a requirement is not verified');
  t.match(grace.stderr, /--require-verified: \S+command-timeouts\.spec\.md#Timeout Grace Period is untested/);

  const validation = await specRun([seedPath('command-timeouts.spec.md'), '--grep', 'Timeout Validation', '--reporter', 'tap', '--require-verified']);
  t.equal(validation.code, 0, `--require-verified passes when every requirement in scope is verified\n${validation.stderr}`);
  t.match(validation.stderr, /^requirements: 1 verified, 0 failing, 0 untested$/m);
});

t.test('a document that cannot be read right (a byte that is not UTF-8) does not verify its requirements, though its scenarios pass', async (t) => {
  const text = `# Lamp

### Requirement: Light
The lamp SHALL light.

#### Scenario: On
- **WHEN** the lamp is switched on
- **THEN** it SHALL light

Notes: caf\u00e9
`;
  const bytes = Buffer.from(text, 'utf8');
  // The é as Latin-1: one byte that is not UTF-8.
  const broken = Buffer.concat([bytes.subarray(0, bytes.indexOf(0xc3)), Buffer.from([0xe9]), bytes.subarray(bytes.indexOf(0xc3) + 2)]);
  const dir = t.testdir({
    'lamp.md': broken,
    'steps.mjs': "import { When, Then } from 'spec-run/steps';\nWhen('the lamp is switched on', function () {});\nThen('it SHALL light', function () { if (!this.scenario) throw new Error(); this.held = true; });\n",
  });
  const run = await specRun(['lamp.md', '--steps', 'steps.mjs', '--reporter', 'json'], dir);
  t.equal(run.code, 1);
  const end = run.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line)).find((event) => event.type === 'run-end');
  t.match(end.requirements, [{ name: 'Light', status: 'failing', counts: { passed: 2, failed: 1 } }], 'failing: its document has an error');
  t.match(run.stderr, /requirements: 0 verified, 1 failing, 0 untested/);
});

t.test("an error under one requirement (an outline without Examples) fails that requirement, not the document's others", async (t) => {
  const dir = t.testdir({
    'lamp.md': `# Lamp

### Requirement: Light
The lamp SHALL light.

#### Scenario: On
- **WHEN** the lamp is switched on
- **THEN** it SHALL light

### Requirement: Dim
The lamp SHALL dim.

#### Scenario Outline: Levels
- **WHEN** the lamp is dimmed to <level>
`,
    'steps.mjs': "import { When, Then } from 'spec-run/steps';\nWhen('the lamp is switched on', function () {});\nThen('it SHALL light', function () { if (!this.scenario) throw new Error(); this.held = true; });\n",
  });
  const run = await specRun(['lamp.md', '--steps', 'steps.mjs', '--reporter', 'json'], dir);
  const end = run.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line)).find((event) => event.type === 'run-end');
  t.match(end.requirements, [{ name: 'Light', status: 'verified' }, { name: 'Dim', status: 'failing' }]);
});

t.test('a run whose checks were all skipped checked nothing: it fails, and says so before the summary', async (t) => {
  const skipped = `# Later\n\n### Requirement: Later\nThe system SHALL wait.\n\n#### Scenario: Not yet\n- **WHEN** the work is scheduled\n- **THEN** it is done later\n`;
  const steps = `import { When, Then } from 'spec-run/steps';\nWhen('the work is scheduled', function () { return 'skipped'; });\nThen('it is done later', function () { if (!this.scenario) throw new Error(); this.held = true; });\n`;
  const dir = t.testdir({ docs: { 'later.md': skipped }, 'steps.mjs': steps });
  const run = await specRun(['docs', '--reporter', 'tap'], dir);
  t.equal(run.code, 1, 'exit 1: nothing passed');
  t.match(run.stderr, /no check passed, and some were skipped, left undefined or pending, or ran holding no check: the run checked nothing and fails\n(.*\n)?0 passed, 0 failed, 2 skipped, 0 todo\n$/);
  t.match(run.stdout, /\nnot ok 2 - the run checked nothing: no check passed \(2 skipped\)\n1\.\.2\n$/, 'the TAP stream fails too, for a consumer that reads only it');
  const junit = await specRun(['docs', '--reporter', 'junit'], dir);
  t.match(junit.stdout, /<testsuite name="spec-run" tests="1" failures="1"[^>]*>\s*<testcase name="the run checked nothing: no check passed \(2 skipped\)" classname="spec-run"><failure /, 'and so does the JUnit report');
  const dry = await specRun(['docs', '--dry-run', '--reporter', 'tap'], dir);
  t.equal(dry.code, 0, 'a dry run ran nothing by design: bound steps pass it');
  t.notMatch(dry.stdout, /checked nothing/);
  const withOnePassing = await specRun(['docs', 'sums.test.md', '--reporter', 'tap'], t.testdir({ docs: { 'later.md': skipped }, 'sums.test.md': lisp, 'steps.mjs': steps }));
  t.equal(withOnePassing.code, 0, 'beside a check that passed, a skipped one is what it says: skipped, not failed');
});
