// A run's undefined step that the built-in executor steps would bind, were they enabled, says
// so and names --executor-steps, in check's words: check said it, the run's failure did not.
import t from 'tap';
import { specRun } from './spec-run.js';

const SPEC = '### Requirement: Exec\nThe tool SHALL run.\n\n#### Scenario: Echo\n- **GIVEN** a greeting\n- **THEN** the exit code SHALL be 0\n';

t.test("an undefined step the executor vocabulary would bind names --executor-steps in the run, as in check; another does not", async (t) => {
  const dir = t.testdir({ specs: { 'exec.spec.md': SPEC }, 'steps.mjs': "import { Given } from 'spec-run/steps';\nGiven('a greeting', function () {});\n" });
  const run = await specRun(['specs/', '--reporter', 'json'], dir);
  t.equal(run.code, 1);
  const points = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; name?: string; diagnostics?: Record<string, unknown> });
  const then = points.find((p) => p.type === 'point' && p.name === 'THEN the exit code SHALL be 0');
  const hint = /the built-in executor steps would bind it: --executor-steps \(or the configuration's executorSteps\) enables them/;
  t.match(then?.diagnostics?.executorSteps, hint, 'the run names --executor-steps');
  const check = await specRun(['check', 'specs/'], dir);
  t.match(check.stdout, hint, 'in the words check uses');
  const withSteps = await specRun(['specs/', '--reporter', 'json', '--executor-steps'], dir);
  t.notMatch(withSteps.stdout, /executorSteps/, 'with them enabled, nothing to say');
});
