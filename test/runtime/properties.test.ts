// Properties over generated sizes: captured output stays within max-output and
// the truncation note counts exactly what was dropped.
import fc from 'fast-check';
import t from 'tap';
import { SdkSession } from './helpers.js';

const session = await SdkSession.open();
t.teardown(() => session.close());

t.test('for any printed length and limit the answer is bounded and the count is right', async (t) => {
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 0, max: 20000 }), fc.integer({ min: 0, max: 5000 }), async (printed, limit) => {
      await session.configure({ 'max-output': limit });
      const answer = await session.evaluate(`(write-string (make-string ${printed} :initial-element #\\a)) (values)`);
      const kept = Math.min(printed, limit);
      const dropped = printed - kept;
      const stdout = /\[stdout\]\n(a*)/.exec(answer.text)?.[1] ?? '';
      const note = /\[output truncated: (\d+) characters dropped\]/.exec(answer.text);
      return (
        !answer.isError &&
        stdout.length === kept &&
        (dropped ? note !== null && Number(note[1]) === dropped : note === null) &&
        answer.text.length <= kept + 100
      );
    }),
    { numRuns: 60 },
  );
  t.pass('60 generated lengths and limits hold');
  await session.configure({ 'max-output': 100000 });
});

t.test('stdout and stderr share one budget', async (t) => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.record({ stream: fc.constantFrom('*standard-output*', '*error-output*'), size: fc.integer({ min: 1, max: 300 }) }), {
        minLength: 1,
        maxLength: 8,
      }),
      fc.integer({ min: 0, max: 1000 }),
      async (writes, limit) => {
        await session.configure({ 'max-output': limit });
        const code = writes.map((w) => `(write-string (make-string ${w.size} :initial-element #\\b) ${w.stream})`).join(' ') + ' (values)';
        const answer = await session.evaluate(code);
        const keptChars = (answer.text.match(/b/g) ?? []).length;
        const dropped = [...answer.text.matchAll(/truncated: (\d+) characters dropped/g)].reduce((sum, m) => sum + Number(m[1]), 0);
        const total = writes.reduce((sum, w) => sum + w.size, 0);
        return keptChars === Math.min(total, limit) && keptChars + dropped === total;
      },
    ),
    { numRuns: 40 },
  );
  t.pass('40 generated write sequences hold');
  await session.configure({ 'max-output': 100000 });
});
