// readLines, the one line reader of helper channels: however the bytes are cut
// into chunks, the same lines come out; an overlong line is dropped and reported.
import t from 'tap';
import fc from 'fast-check';
import { PassThrough } from 'node:stream';
import { readLines } from '../../src/process/child.js';

/** Feeds `chunks` to readLines and collects what it reports. */
async function linesOf(chunks: string[], maxChars?: number): Promise<{ lines: string[]; overlong: number }> {
  const stream = new PassThrough();
  const lines: string[] = [];
  let overlong = 0;
  readLines(stream, (line) => lines.push(line), { maxChars, onOverlong: () => overlong++ });
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  await new Promise((resolve) => stream.once('end', resolve));
  return { lines, overlong };
}

/** Cuts `text` at the given fractions of its length. */
function cut(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((c) => Math.floor(c * text.length)))].sort((a, b) => a - b);
  return [0, ...points].map((start, i) => text.slice(start, points[i] ?? text.length)).filter((piece) => piece.length);
}

t.test('the lines are the same whatever the chunks; CR before LF is dropped; the unterminated rest is not a line', async (t) => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.string({ unit: fc.constantFrom('a', 'é', ' ', '\r', '\n', 'x') }), { maxLength: 8 }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }), async (parts, cuts) => {
      const text = parts.join('');
      const expected = text.split('\n').slice(0, -1).map((line) => line.replace(/\r$/, ''));
      const { lines } = await linesOf(cut(text, cuts));
      t.same(lines, expected);
      return true;
    }),
  );
});

t.test('a line longer than maxChars is dropped and reported once; the next line is read normally', async (t) => {
  const { lines, overlong } = await linesOf(['short\n', 'x'.repeat(30), 'y'.repeat(30), 'z\n', 'after\n'], 40);
  t.same(lines, ['short', 'after']);
  t.equal(overlong, 1);
});
