// tiedToParent with real processes: a child started through it gets the signal asked
// for when its parent dies by SIGKILL, KILL by default, or one it handles itself.
import t from 'tap';
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Child } from '../../src/process/child.js';
import { asSpawn, containment, inOwnPidNamespace, namespacedExit, tiedToParent } from '../../src/process/containment.js';
import { descendants, survivors, within } from '../support/processes.js';

const noParentDeath = containment().parentDeath ? false : `no parent-death signal here: ${containment().missing}`;

/**
 * Starts a Node parent that starts `argv` and stays; returns once the child has written
 * "ready" to `readyFile`, with the parent's process.
 */
async function parentOf(argv: string[], readyFile: string) {
  const program = 'const [c, ...a] = JSON.parse(process.argv[1]); require("node:child_process").spawn(c, a, { stdio: "ignore" }); setInterval(() => {}, 1000);';
  const parent = spawn(process.execPath, ['-e', program, JSON.stringify(argv)], { stdio: 'ignore' });
  const ended = new Promise((done) => parent.once('exit', done));
  const ready = await within(10_000, () => {
    try {
      return readFileSync(readyFile, 'utf8').includes('ready') ? true : undefined;
    } catch {
      return undefined;
    }
  });
  return { parent, ended, ready };
}

t.test('a child tied with a signal it handles gets it when its parent is killed with SIGKILL', { skip: noParentDeath }, async (t) => {
  const dir = t.testdir();
  const file = join(dir, 'said');
  const mark = `500.${randomInt(100_000, 999_999)}`;
  // The child writes "ready" once its trap is set, and "hup" from the trap.
  const script = `trap 'echo hup >> ${file}; exit 0' HUP; echo ready > ${file}; while :; do sleep 0.05; done`;
  const { parent, ended, ready } = await parentOf(tiedToParent(['sh', '-c', script, mark], 'HUP'), file);
  t.ok(ready, 'the child runs, its trap set');
  parent.kill('SIGKILL');
  await ended;
  const said = await within(3000, () => (readFileSync(file, 'utf8').includes('hup') ? true : undefined));
  t.ok(said, `the child handled SIGHUP: ${JSON.stringify(readFileSync(file, 'utf8'))}`);
  t.ok(await within(3000, () => (survivors([], mark).length === 0 ? true : undefined)), 'and ended on it');
  for (const left of survivors([], mark)) process.kill(Number(left.split(':')[0]), 'SIGKILL');
});

t.test('a child tied with the default signal is killed with its parent, whatever it handles', { skip: noParentDeath }, async (t) => {
  const dir = t.testdir();
  const file = join(dir, 'said');
  const mark = `500.${randomInt(100_000, 999_999)}`;
  const script = `trap 'echo term >> ${file}' TERM HUP; echo ready > ${file}; while :; do sleep 0.05; done`;
  const { parent, ended, ready } = await parentOf(tiedToParent(['sh', '-c', script, mark]), file);
  t.ok(ready, 'the child runs, its traps set');
  parent.kill('SIGKILL');
  await ended;
  t.ok(await within(3000, () => (survivors([], mark).length === 0 ? true : undefined)), 'the child is gone');
  t.equal(readFileSync(file, 'utf8'), 'ready\n', 'no handler of its ran: SIGKILL');
  for (const left of survivors([], mark)) process.kill(Number(left.split(':')[0]), 'SIGKILL');
});

t.test('a command in a PID namespace of its own that dies of SIGKILL is reported killed by SIGKILL, with nothing of unshare in its output', { skip: containment().pidNamespace ? false : `no PID namespace here: ${containment().missing}` }, async (t) => {
  const mark = `600.${randomInt(100_000, 999_999)}`;
  const [command, args] = asSpawn(inOwnPidNamespace(['sh', '-c', `echo before >&2; exec sleep ${mark}`]));
  const child = new Child({ command, args, stdin: 'ignore', stdout: 'tail' });
  await child.spawned();
  const sleeper = await within(10_000, () => descendants(child.pid!).find((p) => p.argv === `sleep ${mark}`));
  t.ok(sleeper, 'the command runs, below unshare');
  process.kill(sleeper!.pid, 'SIGKILL');
  const exit = await child.exited;
  const reported = namespacedExit(exit, child.outputTail);
  t.same(reported.exit, { code: null, signal: 'SIGKILL' }, `as it ended (the process itself: ${JSON.stringify(exit)})`);
  t.equal(reported.tail, 'before\n', 'its own output kept, unshare\'s complaint taken off');
});

t.test('namespacedExit leaves every other end as it was', async (t) => {
  const complaint = 'unshare: sigprocmask unblock failed: Invalid argument\n';
  t.same(namespacedExit({ code: 1, signal: null }, 'some error\n'), { exit: { code: 1, signal: null }, tail: 'some error\n' }, 'exit code 1 without the complaint');
  t.same(namespacedExit({ code: 2, signal: null }, complaint), { exit: { code: 2, signal: null }, tail: complaint }, 'another exit code');
  t.same(namespacedExit({ code: 1, signal: null }, `${complaint}more output\n`), { exit: { code: 1, signal: null }, tail: `${complaint}more output\n` }, 'the complaint not last');
  t.same(namespacedExit({ code: 1, signal: null }, `x${complaint}`), { exit: { code: 1, signal: null }, tail: `x${complaint}` }, 'the complaint not at the start of a line');
  t.same(namespacedExit({ code: null, signal: 'SIGTERM' }, 'bye\n'), { exit: { code: null, signal: 'SIGTERM' }, tail: 'bye\n' }, 'a signal');
});
