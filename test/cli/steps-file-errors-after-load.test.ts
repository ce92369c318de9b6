// What a steps file's code throws after its load in the commands that only load steps
// (check, --list, steps, snippets): a timer its top level left calling process.exit was
// refused, and the refusal, thrown with no run to take it, ended spec-run with Node's crash
// trace. It is an error of that file now, at its line, and the command exits 1.
import t from 'tap';
import { specRun } from './spec-run.js';

const SPEC = `### Requirement: Numbers
The thing SHALL work.

#### Scenario: One
- **GIVEN** a number 1
`;

/** A project whose steps file left.steps.mjs is LEFT, beside one defining its step. */
const projectLeaving = (left: string) => ({
  specs: { 'numbers.spec.md': SPEC },
  steps: { 'basic.steps.mjs': "import { Given } from 'spec-run/steps';\nGiven('a number {int}', function (n) {});\n", 'left.steps.mjs': left },
});

t.test('a timer of a steps file calling process.exit after its load is an error of that file in check, --list, steps and snippets; no crash', async (t) => {
  const dir = t.testdir(projectLeaving("import { Given } from 'spec-run/steps';\nsetTimeout(() => process.exit(0), 200);\n"));
  for (const command of ['check', '--list', 'steps', 'snippets']) {
    const run = await specRun([command, 'specs/'], dir);
    t.equal(run.code, 1, `${command} exits 1`, { stdout: run.stdout, stderr: run.stderr });
    t.match(run.stderr, /^steps\/left\.steps\.mjs:2: error: steps file steps\/left\.steps\.mjs: an error thrown after its load: steps file steps\/left\.steps\.mjs called process\.exit\(0\)/m, `${command} names the file at its line`);
    t.notMatch(run.stderr, /UserExitAttempt|Node\.js v|\n\s+at /, `${command} does not crash`);
  }
  const clean = t.testdir({ specs: { 'numbers.spec.md': SPEC }, steps: { 'basic.steps.mjs': "import { Given } from 'spec-run/steps';\nGiven('a number {int}', function (n) {});\n" } });
  t.equal((await specRun(['check', 'specs/'], clean)).code, 0, 'without it, check passes');
});

/** The summary line each command ends with, and the count of errors or problems it gives. */
const SUMMARIES: [command: string, summary: RegExp][] = [
  ['check', /1 documents checked: (\d+) errors, \d+ warnings\n$/],
  ['--list', /\d+ documents, \d+ units, (\d+) problems\n$/],
  ['steps', /\d+ definitions \(\d+ unused\), \d+ undefined steps, \d+ ambiguous, (\d+) problems\n$/],
  ['snippets', /in JavaScript \([^)]*\); (\d+) errors of steps files\n$/],
];

t.test("a steps file's timer that throws is said before each command's summary, which counts it; an interval left running does not hold the command", async (t) => {
  // Due after the documents are checked: the summary used to be said before it, counting 0 errors.
  const dir = t.testdir(projectLeaving("setTimeout(() => { throw new Error('the fixture server did not start'); }, 300);\nsetInterval(() => {}, 1000);\n"));
  for (const [command, summary] of SUMMARIES) {
    const started = Date.now();
    const run = await specRun([command, 'specs/', ...(command === 'snippets' ? ['--language', 'js'] : [])], dir);
    t.ok(Date.now() - started < 15_000, `${command} ends though an interval is left running`);
    t.equal(run.code, 1, `${command} exits 1`, { stderr: run.stderr });
    const said = run.stderr.indexOf('an error thrown after its load: the fixture server did not start');
    t.ok(said >= 0, `${command} says the error`, { stderr: run.stderr });
    const counted = summary.exec(run.stderr);
    t.ok(counted, `${command}'s summary is its last line`, { stderr: run.stderr });
    t.ok(counted && counted.index > said, `${command}'s summary comes after the error`);
    t.ok(counted && Number(counted[1]) >= 1, `${command}'s summary counts it`);
  }
});
