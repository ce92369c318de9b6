// From a user's seat (spec-run packed, installed into a fresh project, run through its bin):
// `spec-run check specs/` said "0 errors" and then the error a steps file's timer threw, and
// a steps file whose top level left an interval running held check forever after its summary.
// The summary now comes after all the check found and counts it, and the command then ends.
import t from 'tap';
import { userProject } from '../support/installed.js';

t.test("check says a steps file timer's error before its summary, counts it, and ends though an interval is left", async (t) => {
  // A helper that polls for a fixture server: it gives up with an error after the documents are checked.
  const server = "setTimeout(() => { throw new Error('the fixture server did not start'); }, 300);\nsetInterval(() => {}, 1000);\n";
  const steps = "import { Given, Then } from 'spec-run/steps';\nGiven('a number {int}', function (n) { this.n = n; });\nThen('it is {int}', function (n) { if (this.n !== n) throw new Error('no'); });\n";
  const project = userProject({ 'specs/numbers.spec.md': '### Requirement: Numbers\nThe thing SHALL work.\n\n#### Scenario: One\n- **GIVEN** a number 1\n- **THEN** it is 1\n', 'steps/basic.steps.mjs': steps, 'steps/server.steps.mjs': server });
  const started = Date.now();
  const run = await project.specRun(['check', 'specs/']);
  t.ok(Date.now() - started < 20_000, 'check ends');
  t.equal(run.signal, null);
  t.equal(run.code, 1, 'exits 1: an error was found', { stderr: run.stderr });
  t.match(run.stderr, /steps\/server\.steps\.mjs:1: error: steps file steps\/server\.steps\.mjs: an error thrown after its load: the fixture server did not start\n1 documents checked: 1 errors, 0 warnings\n$/, 'the error, then the summary counting it, last');
});
