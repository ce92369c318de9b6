// Programs step code left running are found at the run's end and stopped: its children, and
// (by the run's mark in their environment) those that left spec-run's processes with setsid,
// reparented to init, which nothing found before.
import { spawn, spawnSync } from 'node:child_process';
import t from 'tap';
import { isRunning } from '../../src/process/stop.js';
import { markStartedProcesses, RUN_MARK_ENV, stopLeftChildren } from '../../src/process/left-children.js';

/** The pid of the `sleep SECONDS` running now, or undefined. */
function sleepPid(seconds: number): number | undefined {
  const found = spawnSync('pgrep', ['-f', `^sleep ${seconds}$`], { encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean);
  return found.length === 1 ? Number(found[0]) : undefined;
}

async function until(what: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !what(); i++) await new Promise((done) => setTimeout(done, 20));
}

t.test('a program that left spec-run with setsid (a double fork) is named and stopped with the children', async (t) => {
  markStartedProcesses();
  t.match(process.env[RUN_MARK_ENV], new RegExp(`^${process.pid}-[0-9a-f]+$`), 'the mark names this process');
  // setsid forks when it leads its group (detached), and its parent exits at once: the sleep is reparented.
  const seconds = 3000 + (process.pid % 1000);
  spawn('setsid', ['sleep', String(seconds)], { detached: true, stdio: 'ignore' }).unref();
  const child = spawn('sleep', [String(seconds + 1)], { stdio: 'ignore' });
  await until(() => sleepPid(seconds) !== undefined);
  const detached = sleepPid(seconds);
  t.ok(detached, 'the detached sleep runs');
  t.not(Number(/\) \S+ (\d+)/.exec(spawnSync('cat', [`/proc/${detached}/stat`], { encoding: 'utf8' }).stdout)?.[1]), process.pid, 'and it is no child of this process');
  const said = stopLeftChildren();
  t.match(said, new RegExp(`pid ${detached} \\(sleep ${seconds}; it had left spec-run's processes: setsid, a daemon\\)`), 'the detached one is named, as having left');
  t.match(said, new RegExp(`pid ${child.pid} \\(sleep ${seconds + 1}\\)`), 'the child is named');
  t.notOk(isRunning(detached!), 'the detached one is stopped');
  t.notOk(isRunning(child.pid!), 'the child is stopped');
  t.equal(stopLeftChildren(), null, 'then nothing is left');
});

t.test("a program started with another run's mark, or none, is not this run's", async (t) => {
  markStartedProcesses();
  const seconds = 5000 + (process.pid % 1000);
  spawn('setsid', ['sleep', String(seconds)], { detached: true, stdio: 'ignore', env: { ...process.env, [RUN_MARK_ENV]: 'another-run' } }).unref();
  await until(() => sleepPid(seconds) !== undefined);
  const other = sleepPid(seconds);
  t.ok(other, 'the other run\'s program runs');
  t.equal(stopLeftChildren(), null, 'nothing of this run is left');
  t.ok(isRunning(other!), 'and the other run\'s program still runs');
  process.kill(other!, 'SIGKILL');
});
