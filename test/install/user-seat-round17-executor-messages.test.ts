// Two gaps a writer of executor specifications found from a user's seat, checking claims with
// `spec-run exec` (spec-run packed, installed into a fresh project outside the repository, run
// through its bin): a program that is not installed was only "Command failed with exit code 127"
// beside the shell's terse line, with no plain words and no way out, though a missing workdir or
// image gets both; and a duration with a space before or after it (" 30s") was refused as having
// a space "between the number and its unit".
import t from 'tap';
import { execa } from 'execa';
import { userProject } from '../support/installed.js';

const IMAGE = 'spec-run/busybox:local';

/** The report of command N (from 1) of a run: from its announcement to the next one. */
const reportOf = (stdout: string, n: number): string => stdout.split(/^(?=\[\d+\/\d+\] )/m)[n - 1] ?? '';

t.test('a program the shell cannot start is named, with why and what to do; a program exiting 127 itself is not', async (t) => {
  const project = userProject({
    'stop.yaml': 'stop:\n  commands:\n    - run: "no-such-linter-abc --check"\n    - run: "printf \'echo hi\' > plain.sh && ./plain.sh"\n    - run: "exit 127"\n',
  });
  const run = await project.specRun(['exec', 'stop.yaml']);
  t.equal(run.code, 127, 'the first failure\'s code');
  const [missing, notExecutable, own] = [1, 2, 3].map((n) => reportOf(run.stdout, n));
  t.match(missing, /Exit Code: 127\n[\s\S]*The shell could not start no-such-linter-abc: it is not installed on this machine, or not on the PATH the command ran with \(exit 127: not found\)\.\n\nTo fix:\n1\. Install no-such-linter-abc on this machine\n/);
  t.match(notExecutable, /Exit Code: 126\n[\s\S]*The shell could not start \.\/plain\.sh: it was found but could not be executed \(exit 126: Permission denied\)\.\n\nTo fix:\n1\. Make it executable \(chmod \+x \.\/plain\.sh\)/);
  t.match(own, /Exit Code: 127/);
  t.notMatch(own, /could not start|To fix/, 'no words where the shell said nothing');
  if ((await execa('docker', ['image', 'inspect', IMAGE], { reject: false })).exitCode !== 0) return t.fail(`no Docker engine with ${IMAGE}: the container check did not run`);
  const container = userProject({ 'stop.yaml': `stop:\n  commands:\n    - run: "no-such-linter-abc"\n      image: ${IMAGE}\n` });
  const inImage = await container.specRun(['exec', 'stop.yaml']);
  t.equal(inImage.code, 127);
  t.match(inImage.stdout, /The shell could not start no-such-linter-abc: it is not installed in the image/);
});

t.test('a space around a duration is said to be around it, one inside it between the number and its unit', async (t) => {
  const project = userProject({ 'stop.yaml': 'stop:\n  defaultTimeout: " 30s"\n  commands:\n    - run: "echo a"\n      timeout: "30s "\n    - run: "echo b"\n      timeout: "5 m"\n' });
  const run = await project.specRun(['exec', 'stop.yaml']);
  t.equal(run.code, 2, 'refused, nothing runs');
  t.match(run.stdout, /stop\.defaultTimeout: .*no spaces are allowed before or after the value \(write '30s'\)/);
  t.match(run.stdout, /stop\.commands\[0\]\.timeout: .*no spaces are allowed before or after the value \(write '30s'\)/);
  t.match(run.stdout, /stop\.commands\[1\]\.timeout: .*no spaces are allowed between the number and its unit/);
  t.notMatch(run.stdout, /^a$/m, 'no command ran');
});
