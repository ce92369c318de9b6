// The processes that started spec-run through a package manager are watched: the package
// manager's end (not only the end of the `sh -c` between them) is taken as SIGHUP, and a SIGINT
// the shell keeps until its command ends is taken as SIGINT. This test plays the package
// manager: it (or a manager process it starts) runs `spec-run exec` through `sh -c` with the
// environment npm gives a script, and signals the package manager or the shell alone.
import t from 'tap';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageManagerAncestors } from '../../src/process/package-manager-watch.js';
import { repositoryRoot } from '../support/installed.js';
import { scratchDirectory } from '../support/scratch.js';

const cli = join(repositoryRoot, 'dist/src/cli/main.js');
/** What npm gives the command line of a script (and nothing of the test runner's own). */
const scriptEnvironment = (): NodeJS.ProcessEnv => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_') && name !== 'NODE_OPTIONS'));
  return { ...env, npm_lifecycle_event: 'spec', npm_execpath: '/usr/lib/node_modules/npm/bin/npm-cli.js' };
};

interface Started {
  child: ChildProcess;
  said: () => string;
  ended: Promise<boolean>;
}

/** Starts COMMAND, ARGS in DIR with output kept; `ended` is whether every holder of its pipes closed them within 20 s. */
function started(command: string, args: string[], dir: string, env: NodeJS.ProcessEnv): Started {
  const child = spawn(command, args, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let said = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (said += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (said += chunk));
  const closed = new Promise<boolean>((done) => child.stdout!.on('close', () => done(true)));
  return { child, said: () => said, ended: closed };
}

async function until(ready: () => boolean, ms = 60_000): Promise<void> {
  for (const start = Date.now(); !ready() && Date.now() - start < ms; ) await new Promise((wait) => setTimeout(wait, 100));
}

const within = (done: Promise<boolean>, ms: number) => Promise.race([done, new Promise<boolean>((wait) => setTimeout(() => wait(false), ms))]);

function hookProject(): string {
  const dir = scratchDirectory('spec-run-package-manager-');
  writeFileSync(join(dir, 'hook.yaml'), 'stop:\n  commands:\n    - run: "sleep 41; touch finished"\n');
  return dir;
}

t.test('the ancestors of a script run by a package manager: its shell, which holds SIGINT, then the package manager', async (t) => {
  const dir = scratchDirectory('spec-run-ancestors-');
  const probe = `import { packageManagerAncestors } from ${JSON.stringify(join(repositoryRoot, 'dist/src/process/package-manager-watch.js'))}; console.log(JSON.stringify(packageManagerAncestors()));`;
  writeFileSync(join(dir, 'probe.mjs'), probe);
  // `; true` keeps dash from replacing itself with node.
  const run = started('sh', ['-c', 'node probe.mjs; true'], dir, scriptEnvironment());
  await run.ended;
  const ancestors = JSON.parse(run.said()) as ReturnType<typeof packageManagerAncestors>;
  t.equal(ancestors[0].name, 'sh');
  t.equal(ancestors[0].pid, run.child.pid);
  t.equal(ancestors[0].holdsInterrupt, true, 'dash running a command line catches SIGINT and keeps it');
  t.equal(ancestors[1].pid, process.pid, 'the package manager is the first process whose environment no package manager set');
  t.equal(ancestors[1].holdsInterrupt, false);
});

t.test('SIGINT held by the shell between the package manager and spec-run stops the run as SIGINT', async (t) => {
  const dir = hookProject();
  const run = started('sh', ['-c', `node ${cli} exec hook.yaml; true`], dir, scriptEnvironment());
  await until(() => run.said().includes('[1/1] host: sleep 41'));
  t.match(run.said(), /\[1\/1\] host: sleep 41/, 'the command started');
  run.child.kill('SIGINT');
  t.ok(await within(run.ended, 20_000), 'spec-run ended within 20 s, not when its command did');
  t.match(run.said(), /the shell \S+ \(pid \d+\) runs spec-run with \(sh, pid \d+\) was given a signal it holds until spec-run ends, taken as SIGINT: stopping what runs/);
  t.match(run.said(), /Exit Code: 130/, 'the command is reported interrupted by SIGINT');
  t.notOk(existsSync(join(dir, 'finished')), 'the command was stopped');
});

t.test('the package manager killed (its shell left alive) ends the run as SIGHUP', async (t) => {
  const dir = hookProject();
  // The package manager: a process whose own environment is a user's, running spec-run through sh -c.
  const manager = `require('child_process').spawn('sh', ['-c', ${JSON.stringify(`node ${cli} exec hook.yaml; true`)}], { stdio: 'inherit', env: ${JSON.stringify(scriptEnvironment())} }); setInterval(() => {}, 1000);`;
  const user = Object.fromEntries(Object.entries(scriptEnvironment()).filter(([name]) => !name.startsWith('npm_')));
  const managed = started(process.execPath, ['-e', manager], dir, user);
  await until(() => managed.said().includes('[1/1] host: sleep 41'));
  t.match(managed.said(), /\[1\/1\] host: sleep 41/, 'the command started');
  managed.child.kill('SIGKILL');
  t.ok(await within(managed.ended, 20_000), 'spec-run ended within 20 s of its package manager');
  t.match(managed.said(), /node \(pid \d+\), which started spec-run, is gone, taken as SIGHUP: stopping what runs/);
  t.match(managed.said(), /Exit Code: 129/);
  t.notOk(existsSync(join(dir, 'finished')), 'the command was stopped');
});
