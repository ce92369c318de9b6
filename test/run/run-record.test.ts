// The run record keeps what failed a run beyond its units' points, so that --only-failures
// reruns it rather than finding nothing to run: a run that checked nothing, a requirement
// --require-verified finds not verified, units a stopped run left with no result at all.
import t from 'tap';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunEvent } from '../../src/model/events.js';
import type { TestPlan } from '../../src/model/plan.js';
import { RunRecorder, type RunRecord } from '../../src/run/run-record.js';

// Real files: a record forgets the units of a document deleted since.
const root = mkdtempSync(join(tmpdir(), 'spec-run-record-'));
mkdirSync(join(root, 'specs'));
for (const file of ['a.md', 'b.md']) writeFileSync(join(root, 'specs', file), '');
t.teardown(() => rmSync(root, { recursive: true, force: true }));
const counts = { passed: 1, failed: 0, skipped: 0, todo: 0 };

/** The events of a run of one unit of specs/a.md, ending with END's fields; the unit's point is POINT's. */
function run(point: Partial<Extract<RunEvent, { type: 'point' }>>, end: Partial<Extract<RunEvent, { type: 'run-end' }>> = {}, documents = ['specs/a.md']): RunEvent[] {
  const file = documents[0];
  return [
    { type: 'run-start', documents: 1, seed: 1 },
    { type: 'document-start', file, name: 'a' },
    { type: 'unit-start', file, unitId: `${file}#1`, name: 'one', kind: 'scenario', at: { file, line: 3 } },
    { type: 'point', file, unitId: `${file}#1`, name: 'WHEN it runs', ok: true, ...point },
    { type: 'unit-end', file, unitId: `${file}#1`, durationMs: 1 },
    { type: 'document-end', file, durationMs: 1 },
    { type: 'run-end', durationMs: 1, counts, ...end },
  ];
}

function record(events: RunEvent[], planned: string[] = [], previous: RunRecord | null = null): RunRecord {
  // Only the plan's documents matter here: each a document of no units.
  const plan = { documents: planned.map((file) => ({ file: `${root}/${file}`, units: [] })) } as unknown as TestPlan;
  const recorder = new RunRecorder(root, plan);
  for (const event of events) recorder.observe(event.type === 'run-start' || event.type === 'run-end' ? event : ({ ...event, file: `${root}/${(event as { file: string }).file}` } as RunEvent));
  return recorder.record(previous);
}

t.test('a run that checked nothing fails in each document it ran: the whole document, for --only-failures', async (t) => {
  const kept = record(run({ unchecked: true }, { checkedNothing: 'the run checked nothing: no check passed (1 skipped)' }));
  t.match(kept.failures, [{ file: 'specs/a.md', unit: '#checked-nothing', name: /the run checked nothing/ }]);
  const fixed = record(run({}), [], kept);
  t.same(fixed.failures, [], 'a run of the document that checks settles it');
});

t.test('a requirement --require-verified finds not verified fails in its own document', async (t) => {
  const kept = record(run({}, { unverified: [{ text: 'specs/a.md#Untested is untested (no scenario or unit verifies it)', at: { file: `${root}/specs/a.md`, line: 8 } }] }));
  t.match(kept.failures, [{ file: 'specs/a.md', unit: '#requirement-8', name: /^--require-verified: specs\/a\.md#Untested is untested/ }]);
});

t.test('a stopped run: a unit it cut short and a document it never reached, neither known from before, are failures; a known result is kept', async (t) => {
  const cut = run({ ok: true, skip: 'run interrupted by SIGINT' }, { stopped: 'run interrupted by SIGINT' });
  const first = record(cut, ['specs/a.md', 'specs/b.md']);
  t.match(first.failures, [{ file: 'specs/a.md', unit: '#1', name: 'one', check: { message: /not run to its end: run interrupted by SIGINT/ } }, { file: 'specs/b.md', unit: '#not-run' }]);
  t.same(first.passed, [], 'nothing passed');
  const known: RunRecord = { version: 1, seed: 1, finishedAt: '', failures: [], passed: [{ file: 'specs/a.md', unit: '#1', name: 'one' }, { file: 'specs/b.md', unit: '#1', name: 'two' }], durations: {} };
  const later = record(cut, ['specs/a.md', 'specs/b.md'], known);
  t.same(later.failures, [], 'units with a known result keep it');
  t.equal(later.passed?.length, 2);
  t.same(record(run({})).failures, [], 'a run that was not stopped and checked something records no failure of its own');
});

t.test('a unit that ended with a TODO step is kept with how it ended and what it ran as, and a later run of it replaces that', async (t) => {
  const stamped = (events: RunEvent[], fingerprint: string) => events.map((event) => (event.type === 'unit-start' ? { ...event, fingerprint } : event));
  const todo = record(stamped(run({ todo: 'undefined step', at: { file: 'specs/a.md', line: 5 } }), 'f1'));
  t.same(todo.passed, [], 'not passed');
  t.match(todo.leftUndone, [{ file: 'specs/a.md', unit: '#1', name: 'one', ran: 'f1', counts: { todo: 1 }, leftUndone: ['line 5: undefined step'] }]);
  const other = record(stamped(run({}), 'f9'), [], todo);
  t.match(other, { passed: [{ unit: '#1', ran: 'f9' }], leftUndone: [] }, 'run again and passed: the TODO record is gone');
});
