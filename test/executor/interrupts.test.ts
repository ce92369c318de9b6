// Interrupts: the first signal stops what runs; a second exits at once; the same signal
// twice within a moment (to the process, then to its group, as `timeout` sends it) is one.
import t from 'tap';
import { Interrupts } from '../../src/executor/interrupts.js';

/** Runs FN with process.exit recorded instead of ending the test, and stderr kept. */
function recorded(fn: () => void | Promise<void>): Promise<{ exits: (number | undefined)[]; said: string }> {
  const exits: (number | undefined)[] = [];
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
