// The end-to-end run's shape checks on made-up event streams: a run as it should be
// shows nothing wrong, and each kind of wrong run is seen.
import t from 'tap';
import type { RunEvent } from '../../src/model/events.js';
import { parseMarkdown } from '../../src/parse/index.js';
import { translate } from '../../src/translate/index.js';
import { documentShape } from './shape.js';

const same = (a: string, b: string) => a === b;
const openspec = translate(
  parseMarkdown(
    'spec.md',
    '# Spec\n\n### Requirement: Stops\nIt SHALL stop.\n\n#### Scenario: Slow\nThen:\n1. it stops\n2. it says so\n\n#### Scenario: Later (Future)\nThen:\n1. it waits\n',
  ),
);
const lisp = translate(parseMarkdown('doc.md', '---\ntype: verification\nname: doc\n---\n# Doc\n\n```lisp\n(assert t)\n```\n\n```lisp\n(assert (= 1 1))\n```\n'));

const start = (file: string, unitId: string): RunEvent => ({ type: 'unit-start', file, unitId, name: unitId, kind: 'scenario', at: { file, line: 1 } });
const point = (file: string, unitId: string, extra: Partial<Extract<RunEvent, { type: 'point' }>> = {}): RunEvent => ({ type: 'point', file, unitId, ok: true, name: `${unitId} check`, at: { file, line: 2 }, ...extra });
const [slow, later] = openspec.units.map((u) => u.id);
/** Units are compared by their place in the document, whatever path their ids carry. */
const place = (id: string) => id.slice(id.lastIndexOf('#') + 1);

t.test('units are matched by their place, whatever path the run named their document by', async (t) => {
  const events = [start('spec.md', `./elsewhere/${slow}`), point('spec.md', `./elsewhere/${slow}`), point('spec.md', `./elsewhere/${slow}`), start('spec.md', later), point('spec.md', later)];
  t.match(documentShape(openspec, events, same), { reportedUnits: [slow, later].map(place), perUnit: { points: [2, 1] } });
});

t.test('a run as it should be shows nothing wrong', async (t) => {
  const events = [start('spec.md', slow), point('spec.md', slow), point('spec.md', slow), start('spec.md', later), point('spec.md', later, { skip: 'not in v1' })];
  t.same(documentShape(openspec, events, same), {
    document: 'spec.md',
    plannedUnits: [slow, later].map(place),
    reportedUnits: [slow, later].map(place),
    misplaced: [],
    skippedOutsideFuture: [],
    points: 3,
    perUnit: { points: [2, 1], steps: [2, 1] },
  });
});

t.test('units missing or out of order, misplaced points, skips outside future scenarios and missing step points are all seen', async (t) => {
  const events = [start('spec.md', later), point('spec.md', later), start('spec.md', slow), point('spec.md', slow, { skip: 'no engine', at: { file: 'other.md', line: 3 } })];
  t.match(documentShape(openspec, events, same), {
    reportedUnits: [later, slow].map(place),
    misplaced: [`${slow} check`],
    skippedOutsideFuture: ['Slow'],
    perUnit: { points: [1, 1], steps: [2, 1] },
  });
  const lispEvents = lisp.units.flatMap((u) => [start('doc.md', u.id), point('doc.md', u.id)]);
  t.match(documentShape(lisp, lispEvents, same), { points: 2, minPoints: 6 }, 'too few points for a Lisp document');
  t.match(documentShape(lisp, lispEvents.slice(0, 2), same), { reportedUnits: [place(lisp.units[0].id)], plannedUnits: lisp.units.map((u) => place(u.id)) }, 'a unit never reported');
});
