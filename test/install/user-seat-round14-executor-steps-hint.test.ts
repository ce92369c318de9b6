// From a user's seat (spec-run packed, installed into a fresh project, run through its bin): a
// run's undefined step the built-in executor steps would bind gave no hint that
// --executor-steps exists, where check named it. The run's failure now names it too.
import t from 'tap';
import { userProject } from '../support/installed.js';

t.test("the run's undefined step names --executor-steps where the built-in steps would bind it", async (t) => {
  const project = userProject({
    'specs/tool.spec.md': '### Requirement: Tool\nThe tool SHALL succeed.\n\n#### Scenario: Succeeds\n- **GIVEN** the tool is installed\n- **THEN** the exit code SHALL be 0\n',
    'steps/tool.steps.mjs': "import { Given } from 'spec-run/steps';\nGiven('the tool is installed', function () {});\n",
  });
  const run = await project.specRun(['specs/', '--reporter', 'tap']);
  t.equal(run.code, 1, 'the undefined step fails the run', { stderr: run.stderr });
  t.match(run.stdout, /not ok 2 - THEN the exit code SHALL be 0\n(?:.*\n)*?\s+executorSteps: "the built-in executor steps would bind it: --executor-steps \(or the configuration's executorSteps\) enables them"/);
});
