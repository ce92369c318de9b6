// tiedToParent with real processes: a child started through it gets the signal asked
// for when its parent dies by SIGKILL, KILL by default, or one it handles itself.
import t from 'tap';
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { containment, tiedToParent } from '../../src/process/containment.js';
import { survivors, within } from '../support/processes.js';

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
