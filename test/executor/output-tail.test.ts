// keepOutput: tail keeps the last lines of each stream (where test runners print their
// verdict), in arrival order, with the omission said before them; memory stays bounded
// by the line limit and the byte cap as it does for the head.
import t from 'tap';
import fc from 'fast-check';
import { OutputCollector, renderOutput, type StreamName } from '../../src/executor/output.js';
import { loadConfig } from '../../src/executor/config.js';

/** A process's writes: which stream, and how many lines in that chunk. */
const writes = fc.array(fc.record({ stream: fc.constantFrom<StreamName>('stdout', 'stderr'), lines: fc.integer({ min: 0, max: 30 }), width: fc.integer({ min: 0, max: 40 }) }), { maxLength: 25 });

/** Feeds `chunks` to a collector; returns every line written, in arrival order. */
function feed(collector: OutputCollector, chunks: { stream: StreamName; lines: number; width: number }[]): { stream: StreamName; text: string }[] {
  const all: { stream: StreamName; text: string }[] = [];
  for (const chunk of chunks) {
    const texts = Array.from({ length: chunk.lines }, () => `${chunk.stream}-${all.length + 1}`.padEnd(chunk.width, '.')).map((text) => {
      all.push({ stream: chunk.stream, text });
      return text;
    });
    collector.write(chunk.stream, Buffer.from(texts.map((text) => `${text}\n`).join('')));
  }
  return all;
}

t.test('without reaching the byte cap, each stream keeps exactly its last maxLines lines, in arrival order', async (t) => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 40 }), writes, (limit, chunks) => {
      const collector = new OutputCollector({ maxLines: limit, keep: 'tail' });
      const all = feed(collector, chunks);
      const output = collector.end();
      const lastOf = (stream: StreamName) => all.filter((l) => l.stream === stream).slice(-limit);
      const expected = all.filter((l) => lastOf(l.stream).includes(l));
      t.same(output.lines, expected);
      for (const stream of ['stdout', 'stderr'] as const) {
        const total = all.filter((l) => l.stream === stream).length;
        t.same(output.streams[stream], { total, kept: Math.min(total, limit), cut: 0, cutBytes: 0 });
      }
      t.equal(output.totalLines, all.length);
      t.notOk(output.byteCapReached);
    }),
    { numRuns: 60 },
  );
});

t.test('under a byte cap, what a tail keeps of each stream is the end of that stream, within the cap, and the newest line is always there', async (t) => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 41, max: 600 }), writes, (limit, maxBytes, chunks) => {
      const collector = new OutputCollector({ maxLines: limit, maxBytes, keep: 'tail' });
      const all = feed(collector, chunks);
      const output = collector.end();
      const kept = output.lines;
      t.ok(kept.reduce((sum, l) => sum + Buffer.byteLength(l.text), 0) <= maxBytes, 'within the cap');
      for (const stream of ['stdout', 'stderr'] as const) {
        const written = all.filter((l) => l.stream === stream).map((l) => l.text);
        const mine = kept.filter((l) => l.stream === stream).map((l) => l.text);
        t.same(mine, written.slice(written.length - mine.length), `${stream}: a suffix`);
        t.ok(mine.length <= limit);
      }
      if (all.length) t.same(kept.at(-1), all.at(-1), 'the newest line is kept');
      // Arrival order holds across the streams.
      const places = kept.map((l) => all.findIndex((w) => w.text === l.text && w.stream === l.stream));
      t.same(places, [...places].sort((a, b) => a - b));
    }),
    { numRuns: 60 },
  );
});

t.test('the report of a tail says the omission before the lines, and that it shows the last ones', async (t) => {
  const collector = new OutputCollector({ maxLines: 2, keep: 'tail' });
  collector.write('stdout', Buffer.from('1\n2\n3\n4\n5\n'));
  collector.write('stderr', Buffer.from('FAILED: login\n'));
  t.same(renderOutput(collector.end()), ['stdout: ... (3 lines omitted)', '4', '5', 'FAILED: login', '(Showing the last 3 of 6 output lines)']);
  const timedOut = new OutputCollector({ maxLines: 1, keep: 'tail' });
  timedOut.write('stdout', Buffer.from('a\nb\n'));
  t.same(renderOutput(timedOut.end(), '2s').at(-1), '(Command timed out after 2s. Showing the last 1 of 2 output lines)');
});

t.test('past the byte cap without a line limit, a tail keeps the last lines and says the first ones were counted', async (t) => {
  const collector = new OutputCollector({ maxBytes: 20, keep: 'tail' });
  collector.write('stdout', Buffer.from(Array.from({ length: 30 }, (_, i) => `${i + 1}\n`).join('')));
  const output = collector.end();
  const shown = output.lines.map((l) => l.text);
  t.same(shown, Array.from({ length: shown.length }, (_, i) => String(30 - shown.length + i + 1)), 'the last lines, in order');
  t.ok(shown.length >= 8 && shown.join('').length <= 20, `${shown.length} lines within 20 bytes`);
  t.same(renderOutput(output).at(-1), `(output cut at ${shown.length} lines: stored output is capped; the first ${30 - shown.length} of 30 lines were counted, not kept)`);
});

t.test('an unterminated last line is kept by a tail as the last line', async (t) => {
  const collector = new OutputCollector({ maxLines: 2, keep: 'tail' });
  collector.write('stdout', Buffer.from('a\nb\nc\npartial'));
  t.same(collector.end().lines.map((l) => l.text), ['c', 'partial']);
});

t.test('memory of a long tail stays bounded by its limit', async (t) => {
  const collector = new OutputCollector({ maxLines: 3, keep: 'tail' });
  const chunk = Buffer.from('x\n'.repeat(10_000));
  for (let i = 0; i < 50; i++) collector.write('stdout', chunk);
  const internal = (collector as unknown as { kept: Record<StreamName, { lines: unknown[] }> }).kept.stdout.lines.length;
  t.ok(internal < 2100, `${internal} line records held for a limit of 3 after 500000 lines`);
  t.same(collector.end().streams.stdout, { total: 500_000, kept: 3, cut: 0, cutBytes: 0 });
});

t.test('keepOutput takes head or tail, head by default, and names both when it gets another value', async (t) => {
  const load = (value?: string) => loadConfig(`stop:\n  commands:\n    - run: "true"\n${value === undefined ? '' : `      keepOutput: ${value}\n`}`);
  t.equal(load().config.commands[0].keepOutput, 'head');
  t.equal(load('tail').config.commands[0].keepOutput, 'tail');
  t.equal(load('head').config.commands[0].keepOutput, 'head');
  for (const bad of ['last', 'TAIL', '3', 'true']) {
    const errors = load(bad).errors;
    t.equal(errors.length, 1, `${bad} refused`);
    t.match(errors[0], { path: 'stop.commands[0].keepOutput', line: 4, message: /must be head .* or tail/ });
  }
});
