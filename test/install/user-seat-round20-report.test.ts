// Round 20 from a user's seat (spec-run packed, installed into a fresh project outside the
// repository): a platform team's claims about spec-run exec's report passed on what the command
// printed (a timeout notice, a kill), on a stop sent rather than the command's end, and with a condition
// paragraph's deadline the YAML block lacks dropped; a hidden output was read as lines omitted.
import t from 'tap';
import { userProject } from '../support/installed.js';

const HOOKS = `### Requirement: Hook reports
The report SHALL say what happened to each hook.

#### Scenario: Printed timeout
- **WHEN** the command \`echo "retrying: upstream timed out"\` runs on the host with a timeout of 5 seconds
- **THEN** a timeout notice SHALL be shown

#### Scenario: Printed kill
- **WHEN** the command \`echo "killed 3 stale workers"\` runs on the host with a timeout of 5 seconds
- **THEN** the report SHALL say the command was killed

#### Scenario: Output hidden
When the hook is configured as:

\`\`\`yaml
stop:
  commands:
    - run: "echo token=abc"
      showStdout: false
\`\`\`

- **THEN** the report SHALL say the output was hidden

#### Scenario: Stopped at the kill
- **WHEN** the command \`trap '' TERM; sleep 6\` runs on the host with a timeout of 1 second
- **THEN** the command SHALL be stopped after about 1 second

#### Scenario: Deadline not in the block
When the smoke hook runs under a one-second deadline, configured as:

\`\`\`yaml
stop:
  commands:
    - run: "sleep 2"
\`\`\`

- **THEN** the exit code SHALL be 0
`;

t.test("claims about the report are decided by the executor's own words, the whole report and the command's end", async (t) => {
  const project = userProject({ 'hooks.spec.md': HOOKS });
  const run = await project.specRun(['--executor-steps', 'hooks.spec.md']);
  t.equal(run.code, 1, 'the run fails', { stdout: run.stdout, stderr: run.stderr });
  t.match(run.stdout, /not ok \d+ - THEN a timeout notice SHALL be shown\n/, 'a timeout the command printed is no notice');
  t.match(run.stdout, /not ok \d+ - THEN the report SHALL say the command was killed\n/, 'a kill the command printed is none');
  t.match(run.stdout, /\n\s+ok \d+ - THEN the report SHALL say the output was hidden\n\s+---\n\s+at: hooks\.spec\.md:\d+\n\s+definition: 'executor interpreter: the messages name "hidden"'/, 'hidden, not omitted');
  t.match(run.stdout, /not ok \d+ - THEN the command SHALL be stopped after about 1 second\n[\s\S]*?NO \(stopped at 3\d{3} ms/, 'it ended at the SIGKILL');
  t.match(run.stdout, /sets up what its YAML block \(line \d+\) does not hold \(a setting of 1 s/, 'the deadline the block lacks is named');
  t.match(run.stderr, / 4 failed, 0 skipped/, 'the four claims fail, the hidden output passes');
});
