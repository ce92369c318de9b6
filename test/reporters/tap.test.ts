import t from 'tap';
import fc from 'fast-check';
import { Parser } from 'tap-parser';
import type { FinalResults } from 'tap-parser';
import { parse as parseYaml } from 'yaml';
import type { RunEvent } from '../../src/model/events.js';
import { tapReporter, escapeDescription } from '../../reporters/tap.js';
import { render } from './render.js';

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
