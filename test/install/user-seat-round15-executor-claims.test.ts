// Three gaps two writers of executor specifications found from a user's seat, checking their
// claims with `spec-run exec` (spec-run packed, installed into a fresh project outside the
// repository, run through its bin): past the 1 MiB cap of stored output, with no line limit,
// nothing said which stream lost lines; `--log` kept nothing of a run the machine
// interrupted; a container workdir outside /workspace that the image lacks was made up by
// the engine and run in, where a missing one in the project is refused.
import t from 'tap';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { userEnvironment, userProject } from '../support/installed.js';

const IMAGE = 'spec-run/busybox:local';

t.test('both streams flooding past the byte cap without maxOutputLines: each named with how many of its lines were omitted', async (t) => {
  const flood = "i=0; while [ $i -lt 20000 ]; do printf '%0100d\\n' $i; printf '%0100d\\n' $i >&2; i=$((i+1)); done";
  const project = userProject({ 'stop.yaml': `stop:\n  commands:\n    - run: "${flood}"\n` });
  const run = await project.specRun(['exec', 'stop.yaml']);
  t.equal(run.code, 0, run.stderr);
  const omitted = (stream: string) => Number(run.stdout.match(new RegExp(`^${stream}: \\.\\.\\. \\((\\d+) lines omitted\\)$`, 'm'))?.[1] ?? NaN);
  const [out, err] = [omitted('stdout'), omitted('stderr')];
  t.ok(out > 0 && err > 0, `both streams named: stdout ${out}, stderr ${err}`, { stdout: run.stdout.slice(-600) });
  const cap = run.stdout.match(/\(output cut at (\d+) lines: stored output is capped; (\d+) more of 40000 lines were counted, not kept\)/);
  t.ok(cap, "the cap's note is still there");
  t.equal(out + err, Number(cap?.[2]), "the streams' counts are the cap's, split between them");
  t.equal(out + err + Number(cap?.[1]), 40000, 'every line printed is shown or counted omitted');
});

t.test('interrupted, then a second signal that does not wait: --log holds the interruption, which command ran, the signal, what was not run', async (t) => {
  const project = userProject({
    'hooks/stop.yaml': "stop:\n  commands:\n    - run: \"echo fine\"\n    - run: \"trap '' TERM; touch started; echo deaf; sleep 30 & wait; sleep 30\"\n    - run: \"echo never\"\n",
  });
  const started = join(project.dir, 'hooks', 'started');
  // Two signals, as a CI runner cancelling a job sends them: SIGINT, then SIGTERM before the stubborn command's grace is over.
  const child = spawn('env', ['-u', 'NODE_OPTIONS', join(project.dir, 'node_modules', '.bin', 'spec-run'), 'exec', 'hooks/stop.yaml', '--log', 'logs/limits.jsonl'], { cwd: project.dir, env: userEnvironment(), stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdout.resume();
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const deadline = Date.now() + 30_000;
  while (!existsSync(started) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  t.ok(existsSync(started), 'the second command started');
  await new Promise((resolve) => setTimeout(resolve, 300));
  child.kill('SIGINT');
  await new Promise((resolve) => setTimeout(resolve, 400));
  child.kill('SIGTERM');
  t.equal(await exited, 130, 'the status of the first signal');
  t.match(stderr, /SIGTERM again: exiting without waiting for the stops/, 'spec-run left without waiting for the stop');
  const lines = readFileSync(join(project.dir, 'logs', 'limits.jsonl'), 'utf8').trim().split('\n');
  t.equal(lines.length, 1, 'one event');
  const event = JSON.parse(lines[0]);
  t.match(event, { event: 'interrupted', signal: 'SIGINT', exitStatus: 130, command: "trap '' TERM; touch started; echo deaf; sleep 30 & wait; sleep 30", commandNumber: 2, context: 'host', commandsNotRun: 1, commandsTotal: 3 });
  t.ok(event.durationMs >= 250, `the command had run ${event.durationMs} ms`);
});

t.test('a container workdir outside /workspace that the image lacks: refused with 125 before the command runs, as a missing one in the project is', async (t) => {
  const project = userProject({
    'stop.yaml': `stop:\n  commands:\n    - run: "echo started; pwd"\n      image: ${IMAGE}\n      workdir: /opt/scratch\n    - run: "echo started; pwd"\n      image: ${IMAGE}\n      workdir: /workspace/scratch\n    - run: "mkdir -p /opt/scratch && cd /opt/scratch && pwd"\n      image: ${IMAGE}\n`,
  });
  const run = await project.specRun(['exec', 'stop.yaml']);
  t.equal(run.code, 125);
  const errors = run.stdout.split('\n').filter((line) => line.startsWith('Error:'));
  t.same(errors, [`Error: working directory /opt/scratch does not exist in the image ${IMAGE}`, `Error: working directory /workspace/scratch does not exist: it is ${join(project.dir, 'scratch')} in the project mounted at /workspace`]);
  t.notMatch(run.stdout, /^started$/m, 'neither command ran');
  t.match(run.stdout, 'or make it in the command: run: "mkdir -p /opt/scratch && cd /opt/scratch && ..."');
  t.match(run.stdout, /^\/opt\/scratch$/m, 'the way out offered works: the command makes its own directory');
});
