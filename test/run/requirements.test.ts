// Requirement statuses from the events of their units.
import t from 'tap';
import type { RunEvent } from '../../src/model/events.js';
import type { Requirement } from '../../src/model/requirements.js';
import { isSettled, requirementsLine } from '../../src/model/requirements.js';
import { RequirementTracker } from '../../src/run/requirements.js';

const requirement = (name: string, units: string[], excluded?: string): Requirement => ({
  id: `r.md#${name}`,
  name,
  file: 'r.md',
  line: 1,
  origin: 'requirement-heading',
  statements: [],
  units,
  ...(excluded ? { excluded } : {}),
});

type Outcome = 'pass' | 'fail' | 'skip' | 'todo';

function unit(id: string, requirements: string[], outcomes: Outcome[]): RunEvent[] {
  const at = { file: 'r.md', line: 2 };
  return [
    { type: 'unit-start', file: 'r.md', unitId: id, name: id, kind: 'scenario', at, requirements },
    ...outcomes.map((o, i): RunEvent => ({
      type: 'point',
      file: 'r.md',
      unitId: id,
      name: `check ${i}`,
      ok: o !== 'fail' && o !== 'todo',
      ...(o === 'skip' ? { skip: 'no engine' } : {}),
      ...(o === 'todo' ? { todo: 'undefined step' } : {}),
    })),
    { type: 'unit-end', file: 'r.md', unitId: id, durationMs: 1 },
  ];
}

t.test('each status, from the points of the units of each requirement', async (t) => {
  const requirements = [
    requirement('verified', ['u1', 'u2']),
    requirement('failing', ['u3', 'u1']),
    requirement('undefined', ['u4']),
    requirement('no unit', []),
    requirement('skipped', ['u5']),
    requirement('not run', ['u1', 'u9']),
    requirement('excluded', ['u3'], 'v2'),
  ];
  const tracker = new RequirementTracker();
  const events: RunEvent[] = [
    { type: 'document-start', file: 'r.md', name: 'r', requirements },
    ...unit('u1', ['r.md#verified'], ['pass', 'pass']),
    ...unit('u2', ['r.md#verified'], ['pass']),
    ...unit('u3', ['r.md#failing'], ['pass', 'fail']),
    ...unit('u4', ['r.md#undefined'], ['pass', 'todo']),
    ...unit('u5', ['r.md#skipped'], ['pass', 'skip']),
  ];
  events.forEach((e) => tracker.observe(e));
  const results = tracker.results();
  t.same(
    results.map((r) => [r.name, r.status]),
    [
      ['verified', 'verified'],
      ['failing', 'failing'],
      ['undefined', 'partly-undefined'],
      ['no unit', 'untested'],
      ['skipped', 'untested'],
      ['not run', 'untested'],
      ['excluded', 'excluded'],
    ],
  );
  t.same(results[0].counts, { passed: 3, failed: 0, skipped: 0, todo: 0 });
  t.match(results[5].detail, /1 of 2 units did not run/);
  t.match(results[4].detail, /1 check was skipped/);
  t.equal(results[6].detail, 'v2');
  t.same(results.map(isSettled), [true, false, false, false, false, false, true]);
  t.equal(requirementsLine(results), 'requirements: 1 verified, 1 failing, 3 untested, 1 partly undefined, 1 excluded');
});
