// Child, the one way spec-run runs a process, with real child processes: raw bytes
// come out unchanged, `env` adds to spec-run's environment, a group is stopped even
// after its leader ended, and a stop is SIGTERM, the grace period, then SIGKILL.
import t from 'tap';
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { Child, childrenEnded } from '../../src/process/child.js';
import { survivors, within } from '../support/processes.js';

/** A shell command run as the leader of a group of its own, its fds 1 and 2 read by the test. */
function shell(script: string, options: { env?: Record<string, string>; group?: boolean } = {}): Child {
  return new Child({ command: 'sh', args: ['-c', script], env: options.env, group: options.group ?? true, stdin: 'ignore', stdout: 'pipe' });
}

function collect(child: Child, fd: number): () => Buffer {
  const chunks: Buffer[] = [];
  child.onChunks(fd, (chunk) => chunks.push(chunk));
  return () => Buffer.concat(chunks);
}

/** A number unique to this test run, written in the argv of the processes it starts. */
const marker = () => `400.${randomInt(100_000, 999_999)}`;

t.test('onChunks passes the bytes unchanged: invalid UTF-8 and a character split between writes included', async (t) => {
  // 0xff is not UTF-8; é (c3 a9) is written in two writes, a pause between them.
  const child = shell("printf 'a\\377b\\303'; sleep 0.1; printf '\\251\\n' ; printf 'err\\377' >&2");
  const stdout = collect(child, 1);
  const stderr = collect(child, 2);
  const exit = await child.exited;
  await child.outputClosed();
  t.same(exit, { code: 0, signal: null });
  t.same([...stdout()], [0x61, 0xff, 0x62, 0xc3, 0xa9, 0x0a], 'stdout, byte for byte');
  t.same([...stderr()], [0x65, 0x72, 0x72, 0xff], 'stderr, byte for byte');
});

t.test("env adds variables to spec-run's own environment, replacing those of the same name", async (t) => {
  process.env.SPEC_RUN_CHILD_INHERITED = 'inherited';
  process.env.SPEC_RUN_CHILD_REPLACED = 'before';
  t.teardown(() => {
    delete process.env.SPEC_RUN_CHILD_INHERITED;
    delete process.env.SPEC_RUN_CHILD_REPLACED;
  });
  const child = shell('echo "$SPEC_RUN_CHILD_INHERITED $SPEC_RUN_CHILD_REPLACED $SPEC_RUN_CHILD_ADDED"', { env: { SPEC_RUN_CHILD_REPLACED: 'after', SPEC_RUN_CHILD_ADDED: 'added' } });
  const stdout = collect(child, 1);
  await child.exited;
  await child.outputClosed();
  t.equal(stdout().toString(), 'inherited after added\n');
});

t.test('a group whose leader ended while its members hold the pipes: stop() ends the members, then the output closes', async (t) => {
  const mark = marker();
  const child = shell(`sleep ${mark} & echo started`);
  const stdout = collect(child, 1);
  const exit = await child.exited;
  t.same(exit, { code: 0, signal: null }, 'the leader ended by itself');
  t.ok(await within(1000, () => (survivors([], mark).length === 1 ? true : undefined)), 'its background sleep still runs, holding the pipes');
  const begun = Date.now();
  t.equal(await child.stop(2000), 'terminated', 'SIGTERM to the group sufficed');
  await child.outputClosed();
  t.ok(Date.now() - begun < 2000, `stopped and closed in ${Date.now() - begun} ms, within the grace period`);
  t.same(survivors([], mark), [], 'the member is gone');
  t.equal(stdout().toString(), 'started\n');
  t.equal(await child.stop(2000), 'already-exited', 'a second stop finds nothing left');
});

t.test('stop: SIGTERM, then SIGKILL to the group once the grace period has passed', async (t) => {
  const mark = marker();
  // The leader and a member both ignore SIGTERM; the member says so once both do.
  const child = shell(`trap '' TERM; sh -c "trap '' TERM; echo ready; while :; do sleep 0.05; done" ${mark} & while :; do sleep 0.05; done`);
  const ready = new Promise<void>((done) => child.onChunks(1, () => done()));
  await ready;
  const begun = Date.now();
  t.equal(await child.stop(500), 'killed');
  const took = Date.now() - begun;
  t.ok(took >= 500, `killed after the grace period (${took} ms)`);
  t.ok(took < 2000, `and not much later (${took} ms)`);
  t.same(await child.exited, { code: null, signal: 'SIGKILL' }, 'the leader died of SIGKILL');
  t.ok(await within(1000, () => (survivors([], mark).length === 0 ? true : undefined)), 'the member too');
});

t.test('stop of a process that ends on SIGTERM: terminated, without waiting out the grace period', async (t) => {
  const child = shell('echo ready; exec sleep 300');
  await new Promise<void>((done) => child.onChunks(1, () => done()));
  const begun = Date.now();
  t.equal(await child.stop(5000), 'terminated');
  t.ok(Date.now() - begun < 1000, `ended ${Date.now() - begun} ms after SIGTERM`);
  t.same(await child.exited, { code: null, signal: 'SIGTERM' });
});

t.test('outputClosed with a limit stops reading a pipe that an escaped process holds open', async (t) => {
  const mark = marker();
  // setsid takes the sleep out of the group: a group stop cannot reach it, and it keeps stdout
  // open. It writes its pid once it has left the group.
  const child = shell(`setsid sh -c 'echo $$; exec sleep ${mark}' &`);
  const stdout = collect(child, 1);
  await new Promise<void>((done) => child.onChunks(1, () => done()));
  await child.exited;
  t.equal(await child.stop(1000), 'already-exited', 'nothing is left in the group');
  const begun = Date.now();
  await child.outputClosed(200);
  const took = Date.now() - begun;
  t.ok(took >= 190 && took < 1000, `gave up reading after ${took} ms`);
  t.equal(survivors([], mark).length, 1, 'the escaped process still runs (outside what a group contains)');
  process.kill(Number(stdout().toString().trim()), 'SIGKILL');
});

t.test('a command that cannot start: exited carries the error, spawned() rejects, stop() finds nothing', async (t) => {
  const child = new Child({ command: 'spec-run-no-such-command', args: [], stdin: 'ignore', stdout: 'pipe' });
  const exit = await child.exited;
  t.match(exit.error?.message, /ENOENT/);
  await t.rejects(child.spawned(), /ENOENT/);
  t.equal(await child.stop(100), 'already-exited');
});

t.test('a child outside any group of its own that has ended is not signalled again (its pid may be reused)', async (t) => {
  const child = shell('exit 3', { group: false });
  t.same(await child.exited, { code: 3, signal: null });
  t.equal(await child.stop(100), 'already-exited');
});

t.test('childrenEnded waits for every child started here, one started while it waits too', async (t) => {
  const first = new Child({ command: 'sleep', args: ['0.3'], stdin: 'ignore', stdout: 'pipe' });
  let second: Child | undefined;
  void first.exited.then(() => {
    second = new Child({ command: 'sleep', args: ['0.3'], stdin: 'ignore', stdout: 'pipe' });
  });
  await childrenEnded();
  t.ok(second, 'the child started while waiting was waited for');
  t.same(await Promise.race([second!.exited, Promise.resolve('running')]), { code: 0, signal: null }, 'it had ended');
});

t.test('childrenEnded settles while a child that has exited leaves its pipes held by a program it started', async (t) => {
  const mark = marker();
  // In a process of its own, so that a wait that spins (as it once did: a loop of settled
  // promises that never let the timer ending the wait run) is ended from outside.
  const script = `
    const { Child, childrenEnded } = await import(${JSON.stringify(new URL('../../src/process/child.js', import.meta.url).href)});
    const child = new Child({ command: 'sh', args: ['-c', 'sleep ${mark} & echo started'], group: true, stdin: 'ignore', stdout: 'pipe' });
    await new Promise((done) => child.onChunks(1, done));
    await child.exited;
    await childrenEnded();
    console.log('settled');
    await child.stop(100);`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000, killSignal: 'SIGKILL' });
  t.equal(run.stdout.trim(), 'settled', `childrenEnded settled (${run.signal ? `killed by ${run.signal} after 30 s` : `exit ${run.status}`}) ${run.stderr}`);
  const left = survivors([], mark);
  for (const line of left) process.kill(Number(line.split(':')[0]), 'SIGKILL');
  t.same(left, [], 'the program holding the pipes was stopped after');
});
