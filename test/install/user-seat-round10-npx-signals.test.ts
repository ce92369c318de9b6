// A run started with `npx` (or `npm run`) whose npm is signalled: npm passes the signal on to
// the `sh -c` it started spec-run with, which ends without passing it on, and spec-run was left
// running its commands for ever, reparented, with no one to report to (met by a held-out writer
// and by the user-seat session of round 10). From a user's seat: spec-run packed, installed
// into a fresh project outside the repository, started through the real npx.
import t from 'tap';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { userEnvironment, userProject } from '../support/installed.js';

t.test('SIGTERM to npx ends the spec-run it started, which stops its command and reports', async (t) => {
  const project = userProject({ 'hook.yaml': 'stop:\n  commands:\n    - run: "sleep 41; touch finished"\n' });
  const npx = spawn('npx', ['--no-install', 'spec-run', 'exec', 'hook.yaml'], { cwd: project.dir, env: userEnvironment(), stdio: ['ignore', 'pipe', 'pipe'] });
  let said = '';
  npx.stdout.setEncoding('utf8').on('data', (chunk: string) => (said += chunk));
  npx.stderr.setEncoding('utf8').on('data', (chunk: string) => (said += chunk));
  // Our ends of the pipes close when the last process holding them, spec-run, has ended.
  const pipesClosed = new Promise<void>((done) => npx.stdout.on('close', done));
  const started = Date.now();
  while (!said.includes('[1/1] host: sleep 41') && Date.now() - started < 60_000) await new Promise((wait) => setTimeout(wait, 100));
  t.match(said, /\[1\/1\] host: sleep 41/, 'the command started');
  npx.kill('SIGTERM');
  const ended = await Promise.race([pipesClosed.then(() => true), new Promise<boolean>((done) => setTimeout(() => done(false), 20_000))]);
  t.ok(ended, 'spec-run ended within 20 s of its npx, not 41 s later');
  t.match(said, /the process that started spec-run \(pid \d+\) is gone, taken as SIGHUP: stopping what runs/, 'it says why it stops');
  t.match(said, /Exit Code: 129/, 'the command is reported as interrupted');
  t.notOk(existsSync(join(project.dir, 'finished')), 'the command was stopped, not left to finish');
});
