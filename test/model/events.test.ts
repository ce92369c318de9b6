// How points count: a pass that only says a unit holding no check ran (unchecked) is a
// pass, but no check; a run or requirement whose passes are all such checked nothing.
import t from 'tap';
import { checkedNothing, countPoint, type Counts, type RunEvent } from '../../src/model/events.js';
import { RequirementTracker } from '../../src/run/requirements.js';

type Point = Extract<RunEvent, { type: 'point' }>;
const point = (extra: Partial<Point>): Point => ({ type: 'point', file: 'a.md', unitId: 'a.md#1', ok: true, name: 'p', ...extra });
const counted = (points: Point[]) => {
  const counts: Counts = { passed: 0, failed: 0, skipped: 0, todo: 0 };
  for (const p of points) countPoint(counts, p);
  return counts;
};

t.test('a run whose passes are all unchecked checked nothing; one real check passing is enough', async (t) => {
  const bare = counted([point({ unchecked: true }), point({ unchecked: true })]);
  t.same(bare, { passed: 2, failed: 0, skipped: 0, todo: 0, unchecked: 2 });
  t.equal(checkedNothing(bare), 'the run checked nothing: no check passed (2 ran without error holding no check)');
  t.equal(checkedNothing(counted([point({ unchecked: true }), point({ skip: 'it holds no check' })])), 'the run checked nothing: no check passed (1 ran without error holding no check, 1 skipped)');
  t.equal(checkedNothing(counted([point({ unchecked: true }), point({})])), undefined, 'a setup block beside a check');
  t.equal(checkedNothing(counted([point({ unchecked: true }), point({ ok: false })])), undefined, 'a failure fails the run already');
});

t.test('a requirement whose units made no check is untested, not verified', async (t) => {
  const tracker = new RequirementTracker();
  const requirement = (id: string, units: string[]) => ({ id, name: id, file: 'a.md', line: 1, origin: 'frontmatter-source' as const, statements: [], units });
  tracker.observe({ type: 'document-start', file: 'a.md', name: 'a', requirements: [requirement('bare', ['a.md#1']), requirement('setup', ['a.md#1', 'a.md#2'])] });
  tracker.observe({ type: 'unit-start', file: 'a.md', unitId: 'a.md#1', name: 'u', kind: 'lisp-block', at: { file: 'a.md', line: 3 }, requirements: ['bare', 'setup'] });
  tracker.observe(point({ unchecked: true }));
  tracker.observe({ type: 'unit-start', file: 'a.md', unitId: 'a.md#2', name: 'v', kind: 'lisp-block', at: { file: 'a.md', line: 9 }, requirements: ['setup'] });
  tracker.observe(point({ unitId: 'a.md#2' }));
  const [bare, setup] = tracker.results();
  t.match(bare, { status: 'untested', detail: /^no check passed: its units hold none/ });
  t.match(setup, { status: 'verified' }, 'a block that sets up beside a check');
});
