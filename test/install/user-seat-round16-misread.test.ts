// Two false failures of round 19's fresh measurement, from a user's seat (spec-run packed, installed
// into a fresh project outside the repository, a specification run through its bin with the
// executor's steps): what a command prints looked for in a refused configuration's error text,
// and a When beside the YAML block ("the workdir is not in the image") that dropped the block's workdir.
import t from 'tap';
import { userProject } from '../support/installed.js';

const IMAGE = 'spec-run/busybox:local';

const spec = (scenario: string[]) => ['# Stop hooks', '', '### Requirement: As said', 'The executor SHALL do what its scenarios say.', '', ...scenario, ''].join('\n');

t.test('"`u` or `e` are never printed" of a refused configuration: no command ran, none printed them, the step holds', async (t) => {
  const project = userProject({
    'never.spec.md': spec(['#### Scenario: Refused', 'When one value is wrong:', '```yaml', 'stop:', '  commands:', '    - run: "echo u"', '      timeout: 0s', '```', '', 'Then:', '1. the run exits with 2 and `u` or `e` are never printed']),
  });
  const run = await project.specRun(['never.spec.md', '--executor-steps', '--no-strict']);
  t.equal(run.code, 0, run.stdout + run.stderr);
  t.match(run.stdout + run.stderr, /1 passed, 0 failed/);
});

t.test('"When the workdir is not in the image:" keeps the block\'s workdir: the run is refused with 125 as the Then says', async (t) => {
  const project = userProject({
    'workdir.spec.md': spec(['#### Scenario: Missing directory', 'When the workdir is not in the image:', '```yaml', 'stop:', '  commands:', '    - run: "pwd"', `      image: ${IMAGE}`, '      workdir: /opt/nothere', '```', '', 'Then:', '1. the run exits with 125 and the error says working directory /opt/nothere does not exist']),
  });
  const run = await project.specRun(['workdir.spec.md', '--executor-steps', '--no-strict']);
  t.equal(run.code, 0, run.stdout + run.stderr);
  t.match(run.stdout + run.stderr, /1 passed, 0 failed/);
});
