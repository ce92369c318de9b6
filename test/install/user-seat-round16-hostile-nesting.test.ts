// From a user's seat (spec-run packed, installed into a fresh project, run through its bin):
// a 4 MB document of quotes nested one level deeper on each line, and one whose list item is
// followed by thousands of lines that continue it lazily, took markdown minutes to read
// (no refusal: both are under the 8 MiB limit). Each is now refused at its line before the
// parse, in seconds, and the project's other documents still run.
import t from 'tap';
import { userProject } from '../support/installed.js';

const scenario = '### Requirement: Value\nThe system SHALL compute values.\n\n#### Scenario: Adds\n- **WHEN** I add 1 and 2\n- **THEN** the result is 3\n';
const quotes = Array.from({ length: 2000 }, (_, i) => `${'> '.repeat(i + 1)}q`).join('\n');
const log = Array.from({ length: 20_000 }, (_, i) => `log line ${i}`).join('\n');

t.test('deeply nested quotes and a long lazy paragraph are refused at their lines in seconds; the other documents run', async (t) => {
  const project = userProject({
    'specs/quotes.spec.md': `${scenario}\nq\n${quotes}\n`,
    'specs/log.spec.md': `${scenario}- **THEN** the log reads:\n${log}\n`,
    'specs/fine.spec.md': scenario,
    'steps/a.steps.mjs': "import assert from 'node:assert/strict';\nimport { When, Then } from 'spec-run/steps';\nWhen('I add {int} and {int}', function (a, b) { this.r = a + b; });\nThen('the result is {int}', function (n) { assert.equal(this.r, n); });\nThen('the log reads:', function () {});\n",
  });
  const started = Date.now();
  const run = await project.specRun(['specs/', '--reporter', 'tap', '--timeout', '60s']);
  const took = Date.now() - started;
  t.ok(took < 60_000, `the run ends in seconds, not minutes (${took} ms)`);
  t.equal(run.code, 1, 'the run fails: two documents cannot be read', { stderr: run.stderr.slice(-2000) });
  const output = run.stdout + run.stderr;
  t.match(output, /not ok 1 - a line nested in 101 levels of quotes and list items[^]*?at: specs\/quotes\.spec\.md:109\n/, 'the quotes are refused at the line 101 levels deep');
  t.match(output, /not ok 1 - a paragraph continues a quote or list item lazily[^]*?at: specs\/log\.spec\.md:8\n/, 'the lazy lines are refused where they begin');
  t.match(run.stdout, /^ok \d+ - .*fine/m, 'the other document runs and passes');
  t.notMatch(output, /left behind|SIGKILL/, 'nothing blamed on step code');

  const checkStarted = Date.now();
  const check = await project.specRun(['check', 'specs/']);
  t.ok(Date.now() - checkStarted < 60_000, `check ends in seconds (${Date.now() - checkStarted} ms)`);
  t.equal(check.code, 1, 'check exits 1');
  t.match(check.stdout, /^specs\/quotes\.spec\.md:109:\d+: error: a line nested in 101 levels/m, 'check names the quotes at their line');
  t.match(check.stdout, /^specs\/log\.spec\.md:8:\d+: error: a paragraph continues a quote or list item lazily/m, 'check names the lazy lines where they begin');
});
