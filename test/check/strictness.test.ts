// check and the run agree on undefined steps: where a run fails on them (strict, the default)
// check exits 1, with no steps file as with one; where a run leaves them TODO (--no-strict, or
// the configuration's strict: false) check warns and exits 0. Where the built-in executor
// steps, not active, would bind a step, check names the flag that enables them.
import t from 'tap';
import { project, runIn } from '../scenario/user-project.js';

const SPEC = "### Requirement: Exit codes\nThe executor SHALL report a command's exit code.\n\n#### Scenario: a failing command\n- **WHEN** the command `exit 3` runs\n- **THEN** the exit code is 3\n";
const OWN = '### Requirement: Greeting\nThe app SHALL greet.\n\n#### Scenario: hello\n- **WHEN** the app starts\n- **THEN** it says hello\n';

t.test('no steps file: check fails as the run does, and says --executor-steps would bind the steps the built-in vocabulary defines', async (t) => {
  const dir = project({ 'specs/exit.spec.md': SPEC });
  const run = await runIn(dir, ['specs/']);
  t.equal(run.exitCode, 1, 'the run fails on the undefined steps');
  const check = await runIn(dir, ['check', 'specs/']);
  t.equal(check.exitCode, 1, 'so does check');
  t.match(check.stdout, /specs\/exit\.spec\.md:5:1: error: 2 steps have no definition yet: .*a run fails on them until they are defined \(strict, the default; --no-strict makes them TODO\); the built-in executor steps would bind them all: --executor-steps \(or the configuration's executorSteps\) enables them/);
  const enabled = await runIn(dir, ['check', '--executor-steps', 'specs/']);
  t.equal(enabled.exitCode, 0, enabled.stdout);

  const lenient = await runIn(dir, ['check', '--no-strict', 'specs/']);
  t.equal(lenient.exitCode, 0, 'with --no-strict a run leaves them TODO: a warning');
  t.match(lenient.stdout, /:5:1: warning: 2 steps have no definition yet: .*a run leaves them TODO \(--no-strict\)/);
  const configured = await runIn(project({ 'specs/exit.spec.md': SPEC, 'spec-run.config.json': '{ "strict": false }' }), ['check', 'specs/']);
  t.equal(configured.exitCode, 0, "the configuration's strict: false, as a run reads it");
  t.match(configured.stdout, /warning: 2 steps have no definition yet/);
});

t.test('with a steps file: an undefined step is an error, or a warning with --no-strict; the executor hint only where the built-in steps bind it', async (t) => {
  const steps = "import { Then } from 'spec-run/steps';\nThen('nothing at all', function () { if (!this.scenario) throw new Error(); this.held = true; });\n";
  const dir = project({ 'specs/exit.spec.md': SPEC, 'specs/greet.spec.md': OWN, 'steps.mjs': steps });
  const check = await runIn(dir, ['check', 'specs/']);
  t.equal(check.exitCode, 1);
  t.match(check.stdout, /exit\.spec\.md:5:1: error: undefined step 'the command exit 3 runs' \(it fails the run, which is strict by default\); the built-in executor steps would bind it: --executor-steps/);
  t.match(check.stdout, /greet\.spec\.md:5:1: error: undefined step 'the app starts' \(it fails the run, which is strict by default\); define it with:/);
  t.notMatch(check.stdout, /greet\.spec\.md:5:1: [^\n]*executor steps would bind/, 'no hint for a step they do not define');
  const lenient = await runIn(dir, ['check', '--no-strict', 'specs/']);
  t.equal(lenient.exitCode, 0, lenient.stdout);
  t.match(lenient.stdout, /greet\.spec\.md:5:1: warning: undefined step 'the app starts' \(a run leaves it TODO, as --no-strict asks\)/);
});
