// From a user's seat (spec-run packed, installed into a fresh project, run through its bin):
// `spec-run --dry-run` on a project with a steps file whose top level never returns waited
// the whole unit time limit (five minutes by default) before the watchdog ended it (exit
// 137), where check, --list, steps and snippets refuse that file in about 10 s. A dry run
// only loads steps, as they do: it now tries the files the same way, and reports the file
// at its place, as a problem of the documents that use it, and ends.
import t from 'tap';
import { userProject } from '../support/installed.js';

t.test('a dry run refuses a steps file whose top level never returns, naming it, as check does', async (t) => {
  const project = userProject({
    'specs/cart.spec.md': '### Requirement: Cart\nA cart SHALL count its items.\n\n#### Scenario: Empty\n- **GIVEN** an empty cart\n- **THEN** it holds 0 items\n',
    'steps/cart.steps.mjs': "import { Given, Then } from 'spec-run/steps';\nGiven('an empty cart', function () { this.items = []; });\nThen('it holds {int} items', function (n) { if (this.items.length !== n) throw new Error('count'); });\n",
    // A helper polling for a server that never comes up, by spinning.
    'steps/wait-for-server.steps.mjs': 'for (;;) { if (globalThis.serverUp) break; }\n',
  });
  const started = Date.now();
  const run = await project.specRun(['--dry-run', 'specs/', '--timeout', '5m', '--reporter', 'tap']);
  const took = Date.now() - started;
  t.ok(took < 40_000, `the dry run ends in seconds, not at the unit limit (${took} ms)`);
  t.equal(run.signal, null, 'not killed');
  t.equal(run.code, 1, 'exits 1: a steps file that cannot load', { stderr: run.stderr });
  t.match(run.stdout, /not ok \d+ - the top level of steps file steps\/wait-for-server\.steps\.mjs did not return within 10 s \(an endless synchronous loop\?\)[^\n]*\n\s+---\n\s+at: steps\/wait-for-server\.steps\.mjs:1/, 'the file is named at its place');
  t.match(run.stdout, /ok \d+ - GIVEN an empty cart # SKIP dry run: bound, not run/, "the other file's steps still bind");
  t.match(run.stderr, /0 passed, 1 failed, \d+ skipped, 0 todo\n?$/, 'the summary is the last line');
});
