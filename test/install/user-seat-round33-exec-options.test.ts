// From a user's seat, round 33's spec-run exec findings through the packed package in a fresh
// project: an unusable --log or --project refused before anything runs, as the other mistakes
// of the command line are; a log that fails later costing neither the report nor the commands;
// every usage error pointing to exec's own help; and a second Ctrl-C leaving no process of the
// command behind once the shell's prompt is back.
import t from 'tap';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { userEnvironment, userProject } from '../support/installed.js';
import { survivors } from '../support/processes.js';

const HINT = '(run spec-run exec --help for usage)';
const HOOKS = 'stop:\n  commands:\n    - run: "touch first-ran; sleep 5"\n      timeout: 1s\n    - run: "echo second"\n';

t.test('spec-run exec: an unusable --log or --project is an option error, exit 2, nothing run', async (t) => {
  const project = userProject({ 'hooks.yaml': HOOKS, 'quiet.yaml': 'stop:\n  commands:\n    - run: "touch first-ran"\n', 'adir/keep': '', afile: 'x' });
  for (const [args, said] of [
    [['hooks.yaml', '--log', 'adir'], /^error: --log adir is a directory: it names the file the events are appended to, such as adir\/events\.jsonl$/],
    [['quiet.yaml', '--log', 'adir'], /^error: --log adir is a directory: /],
    [['hooks.yaml', '--log', 'afile/x.jsonl'], /^error: --log afile\/x\.jsonl lies under .*\/afile, which is a file, not a directory: the file cannot be made there$/],
    [['hooks.yaml', '--project', 'nosuchdir'], /^error: --project nosuchdir \(.*\/nosuchdir\) does not exist: it names the project's directory, where host commands run and which containers mount at \/workspace$/],
    [['hooks.yaml', '--project', 'afile'], /^error: --project afile \(.*\/afile\) is a file, not a directory: /],
  ] as const) {
    const run = await project.specRun(['exec', ...args]);
    t.same([run.code, run.stdout], [2, ''], `${args.join(' ')}: exit 2, nothing on stdout`);
    const [error, ...after] = run.stderr.split('\n');
    t.match(error, said, `${args.join(' ')}: names the path and why`);
    t.same(after, [HINT, ''], `${args.join(' ')}: then exec's usage hint, and nothing more`);
    t.notMatch(run.stderr, /EISDIR|EEXIST/, `${args.join(' ')}: no bare system error`);
  }
  t.notOk(existsSync(join(project.dir, 'first-ran')), 'no command ran');
});

t.test("spec-run exec: an unknown option and a missing argument point to exec's own help", async (t) => {
  const project = userProject({ 'stop.yaml': 'stop:\n  commands:\n    - run: "touch ran"\n' });
  for (const [args, said] of [
    [['exec', 'stop.yaml', '--verbose'], "error: unknown option '--verbose'"],
    [['exec'], "error: missing required argument 'config'"],
  ] as const) {
    const run = await project.specRun([...args]);
    t.same([run.code, run.stdout], [2, ''], `${args.join(' ')}: exit 2, nothing on stdout`);
    t.same(run.stderr.split('\n'), [said, HINT, ''], `${args.join(' ')}: the error, then exec's usage hint`);
  }
  t.notOk(existsSync(join(project.dir, 'ran')));
});

t.test('spec-run exec: a log whose directory is replaced by a file mid-run: said on stderr, the report kept, the second command run, 124', async (t) => {
  const project = userProject({ 'hooks.yaml': 'stop:\n  commands:\n    - run: "rm -rf logs && touch logs; echo replaced; sleep 5"\n      timeout: 1s\n    - run: "echo second"\n', 'logs/keep': '' });
  const run = await project.specRun(['exec', 'hooks.yaml', '--log', 'logs/events.jsonl']);
  t.equal(run.code, 124, run.stderr);
  t.match(run.stdout, /Error: Command execution timed out after 1s[\s\S]*Partial Output:\nreplaced\n/);
  t.match(run.stdout, /\[2\/2\] host: echo second[\s\S]*Output:\nsecond\n/);
  t.match(run.stderr, /^spec-run: could not append to the log logs\/events\.jsonl \(timeout event lost\): logs\/events\.jsonl lies under .*\/logs, which is a file, not a directory: the file cannot be made there; the commands go on\n$/);
});

for (const where of ['host', 'container'] as const) {
  t.test(`spec-run exec: Ctrl-C twice on a ${where} command that ignores SIGTERM: 130, and nothing of it left at the prompt`, async (t) => {
    const token = `41.${process.pid}`;
    const image = where === 'container' ? '\n      image: spec-run/busybox:local' : '';
    const project = userProject({ 'stop.yaml': `stop:\n  commands:\n    - run: "trap '' TERM INT; sleep ${token}"${image}\n` });
    // The installed bin, started as a user's shell starts it; its pid is the one signalled.
    const child = spawn('env', ['-u', 'NODE_OPTIONS', join(project.dir, 'node_modules', '.bin', 'spec-run'), 'exec', 'stop.yaml'], { cwd: project.dir, env: userEnvironment(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.resume();
    let secondAt = 0;
    const ended = new Promise<{ code: number | null; left: string[]; ms: number }>((resolve) => child.on('exit', (code) => resolve({ code, left: survivors([], `sleep ${token}`), ms: performance.now() - secondAt })));
    for (const deadline = performance.now() + 60_000; survivors([], `sleep ${token}`).length === 0 && performance.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 50));
    t.ok(survivors([], `sleep ${token}`).length > 0, 'the command runs');
    child.kill('SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 500));
    secondAt = performance.now();
    child.kill('SIGINT');
    const end = await ended;
    t.equal(end.code, 130, stderr);
    t.match(stderr, /spec-run: SIGINT again: exiting without waiting for the stops/);
    t.same(end.left, [], 'no process of the command once spec-run exec has exited');
    t.ok(end.ms < 2500, `exited ${Math.round(end.ms)} ms after the second Ctrl-C`);
  });
}
