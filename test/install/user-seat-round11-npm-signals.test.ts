// A run started by `npm run` or `npx` whose npm is killed (SIGKILL from a CI runner) or sent
// SIGINT alone: npm's `sh -c` survived the one and kept the other, so spec-run went on running
// its commands to their end (round 12's user seat). From a user's seat: spec-run packed,
// installed into a fresh project outside the repository, started through the real npm.
import t from 'tap';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { userEnvironment, userProject } from '../support/installed.js';

/** Starts `npm ARGS` in a project whose stop hook sleeps; resolves once its command runs. */
async function npmRunning(args: string[]) {
  const project = userProject({
    'hook.yaml': 'stop:\n  commands:\n    - run: "sleep 41; touch finished"\n',
    'package.json': JSON.stringify({ name: 'user-project', private: true, scripts: { hook: 'spec-run exec hook.yaml' } }),
  });
  const npm = spawn('npm', args, { cwd: project.dir, env: userEnvironment(), stdio: ['ignore', 'pipe', 'pipe'] });
  let said = '';
  npm.stdout.setEncoding('utf8').on('data', (chunk: string) => (said += chunk));
  npm.stderr.setEncoding('utf8').on('data', (chunk: string) => (said += chunk));
  // Our ends of the pipes close when the last process holding them, spec-run, has ended.
  const pipesClosed = new Promise<boolean>((done) => npm.stdout.on('close', () => done(true)));
  for (const start = Date.now(); !said.includes('[1/1] host: sleep 41') && Date.now() - start < 60_000; ) await new Promise((wait) => setTimeout(wait, 100));
  return {
    npm,
    said: () => said,
    finished: () => existsSync(join(project.dir, 'finished')),
    endedWithin: (ms: number) => Promise.race([pipesClosed, new Promise<boolean>((done) => setTimeout(() => done(false), ms))]),
  };
}

t.test('npm run killed with SIGKILL: spec-run stops its command and reports, as on SIGHUP', async (t) => {
  const run = await npmRunning(['run', 'hook']);
  t.match(run.said(), /\[1\/1\] host: sleep 41/, 'the command started');
  run.npm.kill('SIGKILL');
  t.ok(await run.endedWithin(20_000), 'spec-run ended within 20 s of npm, not 41 s later');
  t.match(run.said(), /npm \(pid \d+\), which started spec-run, is gone, taken as SIGHUP: stopping what runs/, 'it says why it stops');
  t.match(run.said(), /Exit Code: 129/, 'the command is reported as interrupted');
  t.notOk(run.finished(), 'the command was stopped, not left to finish');
});

t.test('SIGINT to npx alone: spec-run stops its command and reports, as on SIGINT', async (t) => {
  const run = await npmRunning(['exec', '--no-install', '--', 'spec-run', 'exec', 'hook.yaml']);
  t.match(run.said(), /\[1\/1\] host: sleep 41/, 'the command started');
  run.npm.kill('SIGINT');
  t.ok(await run.endedWithin(20_000), 'spec-run ended within 20 s, not 41 s later');
  t.match(run.said(), /the shell npm \(pid \d+\) runs spec-run with \(sh, pid \d+\) was given a signal it holds until spec-run ends, taken as SIGINT: stopping what runs/);
  t.match(run.said(), /Exit Code: 130/, 'the command is reported as interrupted by SIGINT');
  t.notOk(run.finished(), 'the command was stopped, not left to finish');
});
