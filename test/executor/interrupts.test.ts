// Interrupts: the first signal stops what runs; a second kills what runs and exits once it
// is gone (at once when nothing runs), a third at once; the same signal
// twice within a moment (to the process, then to its group, as `timeout` sends it) is one.
import t from 'tap';
import { Interrupts, onForcedExit } from '../../src/executor/interrupts.js';

/** How many exits recorded() has seen so far, read while it runs. */
let exitsSeen: (number | undefined)[] = [];
const exitsSoFar = () => exitsSeen.length;

/** Runs FN with process.exit recorded instead of ending the test, and stderr kept. */
function recorded(fn: () => void | Promise<void>): Promise<{ exits: (number | undefined)[]; said: string }> {
  const exits: (number | undefined)[] = [];
  exitsSeen = exits;
  let said = '';
  const exit = process.exit;
  const write = process.stderr.write;
  process.exit = ((code?: number) => {
    exits.push(code);
  }) as typeof process.exit;
  process.stderr.write = ((chunk: string) => {
    said += chunk;
    return true;
  }) as typeof process.stderr.write;
  return Promise.resolve(fn())
    .finally(() => {
      process.exit = exit;
      process.stderr.write = write;
    })
    .then(() => ({ exits, said }));
}

t.test('the same signal delivered twice at once is one interruption', async (t) => {
  const interrupts = new Interrupts();
  t.teardown(() => interrupts.dispose());
  const { exits, said } = await recorded(() => {
    process.emit('SIGINT', 'SIGINT');
    process.emit('SIGINT', 'SIGINT');
  });
  t.same(exits, [], 'no exit: the run stops what runs and ends with its summary');
  t.ok(interrupts.signal.aborted);
  t.equal(said, 'spec-run: SIGINT: stopping what runs\n');
});

t.test('a second signal later, or another signal, exits at once with the status of the first', async (t) => {
  const interrupts = new Interrupts();
  t.teardown(() => interrupts.dispose());
  const later = await recorded(async () => {
    process.emit('SIGINT', 'SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.emit('SIGINT', 'SIGINT');
  });
  t.same(later.exits, [130]);
  t.match(later.said, /SIGINT again: exiting without waiting for the stops/);
  interrupts.dispose();
  const other = new Interrupts();
  t.teardown(() => other.dispose());
  const term = await recorded(() => {
    process.emit('SIGTERM', 'SIGTERM');
    process.emit('SIGINT', 'SIGINT');
  });
  t.same(term.exits, [143], 'another signal at once is no duplicate');
});

t.test('a second signal with something running kills it and exits once it is gone; a third exits at once', async (t) => {
  const interrupts = new Interrupts();
  t.teardown(() => interrupts.dispose());
  const killed: string[] = [];
  const forget = onForcedExit(async () => {
    killed.push('sent');
    await new Promise((resolve) => setTimeout(resolve, 200));
    killed.push('gone');
  });
  t.teardown(forget);
  const second = await recorded(async () => {
    process.emit('SIGINT', 'SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.emit('SIGINT', 'SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 50));
    t.same([killed, exitsSoFar()], [['sent'], 0], 'the kill is sent at once, and the exit waits for it');
    await new Promise((resolve) => setTimeout(resolve, 400));
  });
  t.same(killed, ['sent', 'gone']);
  t.same(second.exits, [130], 'exits once what it killed is gone, with the first signal\'s status');
  t.match(second.said, /SIGINT again: exiting without waiting for the stops/);
  interrupts.dispose();
  forget();

  const other = new Interrupts();
  t.teardown(() => other.dispose());
  const hung = onForcedExit(() => new Promise(() => undefined));
  t.teardown(hung);
  const third = await recorded(async () => {
    process.emit('SIGTERM', 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.emit('SIGTERM', 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.emit('SIGTERM', 'SIGTERM');
  });
  t.same(third.exits, [143], 'the third signal exits at once, the kills not done');
  t.match(third.said, /SIGTERM once more: exiting now/);
});
