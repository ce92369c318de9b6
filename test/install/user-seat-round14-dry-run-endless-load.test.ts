// From a user's seat (spec-run packed, installed into a fresh project, run through its bin):
// `spec-run --dry-run` on a project with a steps file whose top level never returns waited
// the whole unit time limit (five minutes by default) before the watchdog ended it (exit
// 137), where check, --list, steps and snippets refuse that file in about 10 s. A dry run
// only loads steps, as they do: it now tries the files the same way, and reports the file
// at its place, as a problem of the documents that use it, and ends.
import t from 'tap';
import { userProject } from '../support/installed.js';

const SPEC = `### Requirement: Good
The thing SHALL work.

#### Scenario: One
- **GIVEN** a number 1
`;

t.test('a dry run refuses a steps file whose top level never returns, naming it, as check does', async (t) => {
  const project = userProject({
    'specs/good.spec.md': SPEC,
    'steps/basic.steps.mjs': `import { Given } from 'spec-run/steps';\nGiven('a number {int}', function (n) {});\n`,
    'steps/loop.steps.mjs': `import { Given } from 'spec-run/steps';\nGiven('zzz', function () {});\nwhile (true) {}\n`,
  });
  const started = Date.now();
  const run = await project.specRun(['--dry-run', 'specs/', '--timeout', '5m', '--reporter', 'tap']);
  const took = Date.now() - started;
  t.ok(took < 40_000, `the dry run ends in seconds, not at the unit limit (${took} ms)`);
  t.equal(run.signal, null, 'not killed');
  t.equal(run.code, 1, 'exits 1: a steps file that cannot load', { stderr: run.stderr });
  t.match(run.stdout, /not ok \d+ - the top level of steps file steps\/loop\.steps\.mjs did not return within 10 s \(an endless synchronous loop\?\)[^\n]*\n\s+---\n\s+at: steps\/loop\.steps\.mjs:1/, 'the file is named at its place');
  t.match(run.stdout, /ok \d+ - GIVEN a number 1 # SKIP dry run: bound, not run/, "the other file's steps still bind");
  t.match(run.stderr, /0 passed, 1 failed, \d+ skipped, 0 todo\n?$/, 'the summary is the last line');
});
