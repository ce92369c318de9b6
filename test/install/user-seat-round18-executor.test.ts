// What two fresh writers of executor specifications asked of the executor, from a user's seat:
// a job whose clean-up handler catches SIGTERM and exits with a status of its own was reported
// 124 with no word of that status (the team's clean-up reports partial results through it).
import t from 'tap';
import { userProject } from '../support/installed.js';

const CONFIG = `stop:
  commands:
    - run: "trap 'echo cleaning up; exit 7' TERM; echo working; sleep 30 & wait"
      timeout: "1s"
    - run: "echo plain; sleep 30"
      timeout: "1s"
`;

t.test("a command that handles SIGTERM at its timeout: 124, and a note gives the status it exited with; one ended by the signal gets none", async (t) => {
  const project = userProject({ 'stop.yaml': CONFIG });
  const run = await project.specRun(['exec', 'stop.yaml']);
  t.equal(run.code, 124, 'the timeout decides the exit status');
  const [first, second] = run.stdout.split(/\n(?=\[2\/2\])/);
  t.match(first, /^\[1\/2\] host: .*\n {2}note: the command handled SIGTERM and exited with 7 within the grace period; Exit Code is the timeout's, 124\n/);
  t.match(first, /Exit Code: 124\n[^]*cleaning up/);
  t.notMatch(second ?? '', /handled SIGTERM/, 'the plain command ended by the signal itself');
});

t.test('an OpenSpec scenario states the note, and fails where the handler exits with another status', async (t) => {
  const spec = (status: number) => `# Clean-up\n\n### Requirement: Clean-up status\nThe executor SHALL say a clean-up's status.\n\n#### Scenario: Handler\nWhen a host command that handles SIGTERM outlives its timeout:\n\`\`\`yaml\nstop:\n  commands:\n    - run: "trap 'exit ${status}' TERM; sleep 30 & wait"\n      timeout: "1s"\n\`\`\`\n\nThen:\n1. The exit code is 124\n2. The report shows "the command handled SIGTERM and exited with 7 within the grace period"\n`;
  const project = userProject({ 'specs/right.md': spec(7), 'specs/wrong.md': spec(3), 'spec-run.config.json': JSON.stringify({ executorSteps: true }) });
  const run = await project.specRun(['specs/', '--reporter', 'tap']);
  t.match(run.stdout, /# Subtest: Clean-up \(specs\/right\.md\)[^]*?ok 2 - Then The report shows/, 'true: passes');
  t.match(run.stdout, /# Subtest: Clean-up \(specs\/wrong\.md\)[^]*?not ok 2 - Then The report shows/, 'exited with 3: fails');
  t.equal(run.code, 1);
});
