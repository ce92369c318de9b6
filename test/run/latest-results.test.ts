// --watch's reports: every watched document's latest result, whether the last rerun ran it
// or an earlier run did, so that a document still failing keeps the report red.
import t from 'tap';
import { rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { RunEvent } from '../../src/model/events.js';
import { LatestResults } from '../../src/run/latest-results.js';

/** The events of a run with SEED of DOCUMENTS, each passing or failing its one point. */
function run(seed: number, documents: [string, boolean][]): RunEvent[] {
  const events: RunEvent[] = [{ type: 'run-start', documents: documents.length, seed }];
  for (const [file, ok] of documents) {
    const unitId = `${file}#1`;
    events.push({ type: 'document-start', file, name: file });
    events.push({ type: 'unit-start', file, unitId, name: 'u', kind: 'scenario', at: { file, line: 1 } });
    events.push({ type: 'point', file, unitId, ok, name: 'p', at: { file, line: 2 } });
    events.push({ type: 'unit-end', file, unitId, durationMs: 1 });
    events.push({ type: 'document-end', file, durationMs: 1 });
  }
  const failed = documents.filter(([, ok]) => !ok).length;
  events.push({ type: 'run-end', durationMs: 3, counts: { passed: documents.length - failed, failed, skipped: 0, todo: 0 } });
  return events;
}

const end = (events: RunEvent[]) => events.at(-1) as Extract<RunEvent, { type: 'run-end' }>;
const files = (events: RunEvent[]) => events.flatMap((e) => (e.type === 'document-start' ? [e.file] : []));

t.test('a save of b, a still failing from an earlier run: the combined run holds both, a failing, and says so', async (t) => {
  const dir = t.testdir({ 'a.md': '', 'b.md': '' });
  const [a, b] = ['a.md', 'b.md'].map((name) => relative(process.cwd(), join(dir, name)));
  const latest = new LatestResults();
  const first = run(1, [[a, true], [b, true]]);
  latest.record(first, [a, b]);
  t.same(latest.combined(first).earlier, [], 'the first run ran them all');
  const broke = run(2, [[a, false]]);
  latest.record(broke, [a]);
  const saved = run(3, [[b, true]]);
  latest.record(saved, [b]);
  const whole = latest.combined(saved);
  t.same(files(whole.events), [a, b], 'every watched document, in path order');
  t.same(end(whole.events).counts, { passed: 1, failed: 1, skipped: 0, todo: 0 }, 'a still fails');
  t.same(whole.earlier, [{ file: a, failed: true }]);
  t.match(whole.events.find((e) => e.type === 'comment'), { text: new RegExp(`1 result is from an earlier run, not run again since; failing there: ${a}`) });
  // Run with another seed: each document says the one that replays it.
  t.same(whole.events.flatMap((e) => (e.type === 'document-start' ? [e.seed] : [])), [2, 3]);
  t.equal((whole.events[0] as Extract<RunEvent, { type: 'run-start' }>).seed, 3, "the run's seed is the last run's");

  // Fixed, a's result is the rerun's: green again.
  const fixed = run(3, [[a, true]]);
  latest.record(fixed, [a]);
  t.same(end(latest.combined(fixed).events).counts, { passed: 2, failed: 0, skipped: 0, todo: 0 });
});

t.test("a document deleted since its run is left out; another document's late error is added to its result", async (t) => {
  const dir = t.testdir({ 'a.md': '', 'b.md': '' });
  const [a, b] = ['a.md', 'b.md'].map((name) => relative(process.cwd(), join(dir, name)));
  const latest = new LatestResults();
  latest.record(run(1, [[a, false], [b, true]]), [a, b]);
  const rerun = run(1, [[b, true]]);
  // An error a's code threw after its document ended, reported by b's rerun.
  rerun.splice(-1, 0, ...run(1, [[a, false]]).slice(1, -1).map((e) => (e.type === 'document-start' ? { ...e, name: 'errors thrown after their document ended' } : e)));
  latest.record(rerun, [b]);
  t.same(end(latest.combined(rerun).events).counts.failed, 2, "a's result and its late error");
  rmSync(join(dir, 'a.md'));
  t.same(files(latest.combined(rerun).events), [b], 'a, deleted, is no longer watched');
});
