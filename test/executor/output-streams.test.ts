// The line limit holds for each stream on its own; each stream past it gets an
// indicator with the exact number of lines omitted; a hidden stream gets a placeholder.
import t from 'tap';
import fc from 'fast-check';
import { linesNotKept, OutputCollector, renderOutput, streamRecords, truncationNotes } from '../../src/executor/output.js';
import { loadConfig, MAX_OUTPUT_LINES } from '../../src/executor/config.js';

const lines = (tag: string, n: number) => Buffer.from(Array.from({ length: n }, (_, i) => `${tag}${i + 1}\n`).join(''));

t.test('each stream keeps its own first maxLines lines and counts the rest', async (t) => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 0, max: 120 }), fc.integer({ min: 0, max: 120 }), fc.integer({ min: 1, max: 7 }), (limit, out, err, chunks) => {
      const collector = new OutputCollector({ maxLines: limit });
      // Interleave the streams in chunks, as a process would write them.
      for (let c = 0; c < chunks; c++) {
        const share = (n: number) => [Math.floor((n * c) / chunks), Math.floor((n * (c + 1)) / chunks)] as const;
        const [o0, o1] = share(out);
        const [e0, e1] = share(err);
        collector.write('stdout', Buffer.from(Array.from({ length: o1 - o0 }, (_, i) => `out-${o0 + i + 1}\n`).join('')));
        collector.write('stderr', Buffer.from(Array.from({ length: e1 - e0 }, (_, i) => `err-${e0 + i + 1}\n`).join('')));
      }
      const output = collector.end();
      const kept = (stream: 'stdout' | 'stderr') => output.lines.filter((l) => l.stream === stream).map((l) => l.text);
      const expected = (tag: string, n: number) => Array.from({ length: Math.min(n, limit) }, (_, i) => `${tag}${i + 1}`);
      if (JSON.stringify(kept('stdout')) !== JSON.stringify(expected('out-', out))) return false;
      if (JSON.stringify(kept('stderr')) !== JSON.stringify(expected('err-', err))) return false;
      const rendered = renderOutput(output);
      const indicator = (stream: string, n: number) => rendered.includes(`${stream}: ... (${n} ${n === 1 ? 'line' : 'lines'} omitted)`);
      return (out > limit ? indicator('stdout', out - limit) : !rendered.some((l) => l.startsWith('stdout: ...'))) && (err > limit ? indicator('stderr', err - limit) : !rendered.some((l) => l.startsWith('stderr: ...')));
    }),
  );
  t.pass('the property held for every generated limit, stream sizes and chunking');
});

t.test('a hidden stream is shown as a placeholder, never as its lines', async (t) => {
  const collector = new OutputCollector({ maxLines: 5, hidden: ['stdout'] });
  collector.write('stderr', lines('err-', 3));
  t.same(renderOutput(collector.end()), ['err-1', 'err-2', 'err-3', '(stdout: output hidden by configuration)']);
});

t.test('maxOutputLines is accepted from 1 to 10000 and rejected outside with the range', async (t) => {
  const errors = (n: unknown) => loadConfig(`stop:\n  commands:\n    - run: "true"\n      maxOutputLines: ${JSON.stringify(n)}\n`).errors.map((e) => e.message);
  for (const ok of [1, 500, MAX_OUTPUT_LINES]) t.same(errors(ok), [], `${ok} accepted`);
  for (const bad of [0, -5, MAX_OUTPUT_LINES + 1, 'ten', 2.5]) t.match(errors(bad), [/maxOutputLines: .*from 1 to 10000/], `${bad} rejected`);
});

t.test('one line omitted is said in the singular', async (t) => {
  const collector = new OutputCollector({ maxLines: 2 });
  collector.write('stdout', lines('out-', 3));
  t.same(renderOutput(collector.end()).slice(0, 3), ['out-1', 'out-2', 'stdout: ... (1 line omitted)']);
});

t.test('a last line without its newline is counted, whether or not the limit or the cap let it be kept', async (t) => {
  // Any text split at any points into chunks, any limit, head or tail: the lines counted are the lines there are.
  fc.assert(
    fc.property(fc.array(fc.constantFrom('a', 'b', '\n'), { maxLength: 60 }), fc.array(fc.nat(60), { maxLength: 5 }), fc.integer({ min: 1, max: 6 }), fc.constantFrom('head' as const, 'tail' as const), (chars, cuts, limit, keep) => {
      const text = chars.join('');
      const collector = new OutputCollector({ maxLines: limit, keep });
      const points = [...new Set(cuts.map((c) => Math.min(c, text.length)))].sort((a, b) => a - b);
      let from = 0;
      for (const at of [...points, text.length]) {
        collector.write('stdout', Buffer.from(text.slice(from, at)));
        from = at;
      }
      const there = text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
      const output = collector.end();
      return output.totalLines === there && output.streams.stdout.total === there && output.lines.length === Math.min(there, limit);
    }),
  );
  const collector = new OutputCollector({ maxLines: 1 });
  collector.write('stdout', Buffer.from('a\nb\nc'));
  t.same(renderOutput(collector.end()), ['a', 'stdout: ... (2 lines omitted)', '(Showing 1 of 3 output lines)'], "printf 'a\\nb\\nc' under a limit of 1: three lines");
});

t.test("a hidden stream's lines are counted as its own, never kept, and never toward the report's line totals", async (t) => {
  const collector = new OutputCollector({ maxLines: 3, hidden: ['stderr'] });
  collector.write('stdout', lines('out-', 5));
  collector.write('stderr', lines('secret-', 20));
  const output = collector.end();
  t.same(output.streams.stderr, { total: 20, kept: 0, cut: 0, cutBytes: 0 }, 'the hidden lines counted');
  t.equal(output.totalLines, 5, 'the total is of the shown stream');
  const rendered = renderOutput(output);
  t.same(rendered, ['out-1', 'out-2', 'out-3', 'stdout: ... (2 lines omitted)', '(stderr: output hidden by configuration)', '(Showing 3 of 5 output lines)']);
  t.notOk(rendered.some((l) => l.includes('secret')), 'no hidden line is shown');
});

t.test("reaching the byte cap keeps each stream's omitted-lines notice, with its true count, beside the cap's note", async (t) => {
  for (const keep of ['head', 'tail'] as const) {
    const collector = new OutputCollector({ maxLines: 100, maxBytes: 60, keep });
    collector.write('stdout', lines('out-', 30));
    collector.write('stderr', lines('err-', 4));
    const output = collector.end();
    t.ok(output.byteCapReached, `${keep}: the cap was reached`);
    const rendered = renderOutput(output);
    for (const stream of ['stdout', 'stderr'] as const) {
      const { total, kept } = output.streams[stream];
      const omitted = total - kept;
      const notice = rendered.filter((l) => l.startsWith(`${stream}: ...`));
      t.same(notice, omitted > 0 ? [`${stream}: ... (${omitted} ${omitted === 1 ? 'line' : 'lines'} omitted)`] : [], `${keep}: ${stream}'s notice, ${omitted} left out`);
    }
    t.ok(rendered.some((l) => l.startsWith('(output cut at ')), `${keep}: the cap's note too`);
  }
});

t.test("a hidden stream's last line without a newline is counted, and kept by neither end", async (t) => {
  for (const keep of ['head', 'tail'] as const) {
    const collector = new OutputCollector({ hidden: ['stdout'], keep });
    collector.write('stdout', Buffer.from('a\nb\nno newline'));
    collector.write('stderr', Buffer.from('shown\n'));
    const output = collector.end();
    t.same(output.streams.stdout, { total: 3, kept: 0, cut: 0, cutBytes: 0 }, `${keep}: three stdout lines counted`);
    t.same(output.lines, [{ stream: 'stderr', text: 'shown' }], `${keep}: only the shown stream's line kept`);
  }
});

t.test('a line cut at its length limit is shown, not omitted: its stream, the note and the counts say the bytes not kept, at the head or the tail, with or without its newline', async (t) => {
  for (const keep of ['head', 'tail'] as const) {
    for (const newline of ['\n', '']) {
      const collector = new OutputCollector({ keep });
      collector.write('stdout', Buffer.from(`short\n${'x'.repeat(200 * 1024)}FAIL${newline}`));
      const output = collector.end();
      const rest = 200 * 1024 + 4 - 65536;
      t.equal(linesNotKept(output, 'stdout'), 1, `${keep}${newline ? '' : ', no newline'}: the cut line is not kept whole`);
      t.equal(linesNotKept(output, 'stderr'), 0);
      t.notOk(output.lines.some((line) => line.text.includes('FAIL')), 'its end is not among the lines');
      t.same(truncationNotes(output), [`1 line longer than 65536 bytes was cut at that length and shown in part: the rest, ${rest} bytes, was not kept`]);
      // One accounting: printed = shown + omitted, the cut line among the shown ones, its rest in bytes.
      t.same(streamRecords(output).stdout, { printed: 2, shown: 2, omitted: 0, hidden: false, cut: 1, cutBytes: rest });
      t.same(streamRecords(output).stderr, { printed: 0, shown: 0, omitted: 0, hidden: false }, 'a stream with no cut line has no cut fields');
      const rendered = renderOutput(output);
      t.ok(rendered.includes(`stdout: ... (1 line cut at 65536 bytes: ${rest} bytes of it not kept)`), `${keep}: its stream says so`);
      t.notOk(rendered.some((line) => /lines? omitted\)$/.test(line)), 'no line is said omitted');
      t.equal(rendered.indexOf(`stdout: ... (1 line cut at 65536 bytes: ${rest} bytes of it not kept)`), keep === 'tail' ? 0 : 2, 'before the lines of a tail, after those of a head');
    }
  }
  const whole = new OutputCollector();
  whole.write('stdout', Buffer.from(`${'x'.repeat(60 * 1024)}\n`));
  const kept = whole.end();
  t.equal(linesNotKept(kept, 'stdout'), 0, 'a line within the limit is kept whole');
  t.same(truncationNotes(kept), []);
  const dropped = new OutputCollector({ keep: 'tail', maxLines: 1 });
  dropped.write('stdout', Buffer.from(`${'x'.repeat(70 * 1024)}\nlast\n`));
  const tail = dropped.end();
  t.equal(linesNotKept(tail, 'stdout'), 1, 'a cut line a tail dropped is counted once, as dropped');
  t.same(streamRecords(tail).stdout, { printed: 2, shown: 1, omitted: 1, hidden: false }, 'omitted whole, no longer cut');
  t.same(renderOutput(tail), ['stdout: ... (1 line omitted)', 'last', '(Showing the last 1 of 2 output lines)']);
  // Two cut lines on each stream, beside lines left out at the limit: each stream says its own.
  const both = new OutputCollector({ maxLines: 3 });
  both.write('stdout', Buffer.from(`${'a'.repeat(70_000)}\n${'b'.repeat(66_000)}\nc\nd\ne\n`));
  both.write('stderr', Buffer.from(`${'e'.repeat(65_537)}\n`));
  const many = both.end();
  t.same(streamRecords(many).stdout, { printed: 5, shown: 3, omitted: 2, hidden: false, cut: 2, cutBytes: 70_000 - 65536 + 66_000 - 65536 });
  t.same(streamRecords(many).stderr, { printed: 1, shown: 1, omitted: 0, hidden: false, cut: 1, cutBytes: 1 });
  const notices = renderOutput(many).slice(-5);
  t.same(notices, [
    'stdout: ... (2 lines omitted)',
    `stdout: ... (2 lines cut at 65536 bytes: ${70_000 - 65536 + 66_000 - 65536} bytes of them not kept)`,
    'stderr: ... (1 line cut at 65536 bytes: 1 byte of it not kept)',
    '(Showing 4 of 6 output lines)',
    `(3 lines longer than 65536 bytes were cut at that length and shown in part: the rest, ${70_000 - 65536 + 66_000 - 65536 + 1} bytes, was not kept)`,
  ]);
});

t.test('without a line limit, the byte cap names each stream that lost lines, with its count, kept at the head or the tail', async (t) => {
  for (const keep of ['head', 'tail'] as const) {
    const collector = new OutputCollector({ maxBytes: 200, keep });
    // Both streams flood, interleaved as a process writes them: the cap's note alone cannot say which lost what.
    for (let chunk = 0; chunk < 10; chunk++) {
      collector.write('stdout', lines(`out-${chunk}-`, 7));
      collector.write('stderr', lines(`err-${chunk}-`, 3));
    }
    const output = collector.end();
    t.ok(output.byteCapReached, `${keep}: the cap was reached`);
    const rendered = renderOutput(output);
    let said = 0;
    for (const stream of ['stdout', 'stderr'] as const) {
      const { total, kept } = output.streams[stream];
      t.ok(total > kept, `${keep}: ${stream} lost lines (${total - kept})`);
      t.same(rendered.filter((l) => l.startsWith(`${stream}: ...`)), [`${stream}: ... (${total - kept} lines omitted)`], `${keep}: ${stream} named with its count`);
      t.equal(streamRecords(output)[stream].omitted, total - kept, `${keep}: the record's count of ${stream} is the report's`);
      said += total - kept;
    }
    const cut = rendered.find((l) => l.startsWith('(output cut at '));
    t.match(cut, keep === 'tail' ? `the first ${said} of 100 lines were counted, not kept` : `${said} more of 100 lines were counted, not kept`, `${keep}: the streams' counts add up to the cap's`);
  }
  const fits = new OutputCollector({ maxBytes: 1000 });
  fits.write('stdout', lines('out-', 3));
  t.notOk(renderOutput(fits.end()).some((l) => l.includes('omitted')), 'output within the cap names no stream');
});
