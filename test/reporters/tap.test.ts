import t from 'tap';
import fc from 'fast-check';
import { Parser } from 'tap-parser';
import type { FinalResults } from 'tap-parser';
import { parse as parseYaml } from 'yaml';
import type { RunEvent } from '../../src/model/events.js';
import { tapReporter, escapeDescription } from '../../reporters/tap.js';
import { render } from './render.js';
import { ATTACHMENT_MAX_CHARS } from '../../src/model/bounded.js';

const renderTap = (events: RunEvent[]) => render(tapReporter, events);

function parseTap(text: string): Promise<FinalResults> {
  return new Promise((resolve) => {
    const parser = new Parser({ strict: true }, resolve);
    parser.end(text);
  });
}

interface PointSpec {
  ok: boolean;
  skip: boolean;
  todo: boolean;
  name: string;
}

/** A run of documents, units and points as events, the way the run stage emits them. */
function eventsFor(documents: PointSpec[][][]): RunEvent[] {
  const events: RunEvent[] = [{ type: 'run-start', documents: documents.length, seed: 7 }];
  documents.forEach((units, d) => {
    const file = `doc-${d}.md`;
    events.push({ type: 'document-start', file, name: `document ${d}` });
    units.forEach((points, u) => {
      const unitId = `${file}#${u}`;
      events.push({ type: 'unit-start', file, unitId, name: `unit ${u}`, kind: 'lisp-block', at: { file, line: u + 1 } });
      for (const p of points) {
        events.push({
          type: 'point',
          file,
          unitId,
          ok: p.ok || p.skip,
          name: p.name,
          at: { file, line: 3 },
          ...(p.skip ? { skip: 'no engine' } : p.todo ? { todo: 'undefined step' } : {}),
          ...(p.ok ? {} : { diagnostics: { form: '(search "=> 3" text)', values: { text: 'a: b\n#c' } } }),
        });
      }
      events.push({ type: 'unit-end', file, unitId, durationMs: 5, seed: 42 });
    });
    events.push({ type: 'document-end', file, durationMs: 9 });
  });
  events.push({ type: 'run-end', durationMs: 10, counts: { passed: 0, failed: 0, skipped: 0, todo: 0 } });
  return events;
}

t.test('a failing assertion is a not ok point with YAML diagnostics and file:line', async (t) => {
  const tap = await renderTap(eventsFor([[[{ ok: true, skip: false, todo: false, name: '(result-response-p r)' }, { ok: false, skip: false, todo: false, name: '(search "=> 3" text)' }]]]));
  t.match(tap, /^TAP version 14\n/);
  t.match(tap, /\n        not ok 2 - \(search "=> 3" text\)\n {10}---\n/);
  const yamlText = tap.split('          ---\n')[1].split('          ...')[0].replace(/^ {10}/gm, '');
  t.same(parseYaml(yamlText), { at: 'doc-0.md:3', form: '(search "=> 3" text)', values: { text: 'a: b\n#c' } });
  const results = await parseTap(tap);
  t.equal(results.ok, false);
  t.equal(results.count, 1);
  t.equal(results.fail, 1);
});

t.test('descriptions escape # and backslash so they are not read as directives', async (t) => {
  t.equal(escapeDescription("(funcall #'f \\)"), "(funcall \\#'f \\\\)");
  t.equal(escapeDescription('(string= s "hello\nworld")'), '(string= s "hello\\nworld")', "a line break is written \\n, not a space that reads as another check");
  const tap = await renderTap(eventsFor([[[{ ok: true, skip: false, todo: false, name: "(eq #'car x)" }]]]));
  const results = await parseTap(tap);
  t.equal(results.ok, true);
  t.equal(results.skip, 0);
});

t.test('SKIP and TODO directives carry their reasons; a TODO failure does not fail its unit', async (t) => {
  const tap = await renderTap(eventsFor([[[{ ok: false, skip: false, todo: true, name: 'a step' }, { ok: true, skip: true, todo: false, name: 'docker step' }]]]));
  t.match(tap, /not ok 1 - a step # TODO undefined step/);
  t.match(tap, /ok 2 - docker step # SKIP no engine/);
  const results = await parseTap(tap);
  t.equal(results.ok, true);
});

t.test('property: any run renders TAP that tap-parser accepts with a consistent plan', async (t) => {
  const point = fc.record({ ok: fc.boolean(), skip: fc.boolean(), todo: fc.boolean(), name: fc.string({ maxLength: 30 }) });
  await fc.assert(
    fc.asyncProperty(fc.array(fc.array(fc.array(point, { minLength: 1, maxLength: 4 }), { maxLength: 4 }), { maxLength: 4 }), async (documents) => {
      const results = await parseTap(await renderTap(eventsFor(documents)));
      const failingDocuments = documents.filter((units) => units.some((points) => points.some((p) => !p.ok && !p.skip && !p.todo))).length;
      return results.plan.end === documents.length && results.count === documents.length && results.fail === failingDocuments && results.failures.every((f) => !f.tapError);
    }),
    { numRuns: 150 },
  );
  t.pass('150 generated runs parsed');
});

t.test('a run that stopped early ends with Bail out! and its reason, so a parser never reads it as a pass', async (t) => {
  const events = eventsFor([[[{ ok: true, skip: false, todo: false, name: 'ran' }]]]);
  const complete = await parseTap(await renderTap(events));
  t.equal(complete.ok, true, 'the same run, not stopped, passes');
  const end = events.pop()!;
  events.push({ ...(end as Extract<RunEvent, { type: 'run-end' }>), stopped: 'run interrupted by SIGINT: 1 of 2 documents not run' });
  const tap = await renderTap(events);
  t.match(tap, /\nBail out! run interrupted by SIGINT: 1 of 2 documents not run\n$/);
  const stopped = await parseTap(tap);
  t.equal(stopped.ok, false);
  t.equal(stopped.bailout, 'run interrupted by SIGINT: 1 of 2 documents not run');
});

t.test('an empty share of a sharded run plans 0 tests as a SKIP saying whose share it is; an empty unsharded run does not', async (t) => {
  const end: RunEvent = { type: 'run-end', durationMs: 1, counts: { passed: 0, failed: 0, skipped: 0, todo: 0 } };
  const shard = { index: 3, count: 3, documents: ['a.md', 'b.md'] };
  const results = await parseTap(await renderTap([{ type: 'run-start', documents: 0, seed: 1, shard }, end]));
  t.equal(results.plan.skipAll, true);
  t.match(results.plan.skipReason, /shard 3\/3 holds none of the 2 documents of the run/);
  const unsharded = await parseTap(await renderTap([{ type: 'run-start', documents: 0, seed: 1 }, end]));
  t.equal(unsharded.plan.skipReason, '', 'no shard to name');
});

t.test('attachments are cut to the bound of the JSON stream, saying how long they were; small ones are kept whole', async (t) => {
  const events = eventsFor([[[{ ok: false, skip: false, todo: false, name: 'huge' }]]]);
  const point = events.find((e): e is Extract<RunEvent, { type: 'point' }> => e.type === 'point')!;
  const huge = 'x'.repeat(ATTACHMENT_MAX_CHARS * 40);
  point.attachments = [{ name: 'big', value: huge }, { name: 'small', value: 'kept' }];
  const tap = await renderTap(events);
  t.ok(tap.length < ATTACHMENT_MAX_CHARS * 2, `the report stays small: ${tap.length} characters for a ${huge.length}-character attachment`);
  const yamlText = tap.split('          ---\n')[1].split('          ...')[0].replace(/^ {10}/gm, '');
  const [big, small] = parseYaml(yamlText).attachments;
  t.same(big, { name: 'big', value: { truncated: true, totalChars: huge.length, preview: huge.slice(0, ATTACHMENT_MAX_CHARS) } });
  t.same(small, { name: 'small', value: 'kept' });
  t.equal((await parseTap(tap)).fail, 1);
});
