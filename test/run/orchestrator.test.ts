import t from 'tap';
import type { RunEvent } from '../../src/model/events.js';
import type { DocumentPlan, Unit } from '../../src/model/plan.js';
import { runPlan, type RunPlanOptions } from '../../src/run/index.js';
import type { DocumentRunner } from '../../src/run/types.js';
import { LINGER_LIMIT_MS, runLateErrors } from '../../src/run/late-errors.js';

function documentPlan(file: string, units: number, problems = 0): DocumentPlan {
  const unitList: Unit[] = Array.from({ length: units }, (_, i) => ({
    id: `${file}#${i + 1}`,
    kind: 'verify-function',
    name: `unit ${i + 1}`,
    file,
    line: i + 1,
    headingPath: [],
    functionName: 'verify-x',
  }));
  return {
    file,
    name: file,
    family: 'lisp',
    metadata: {},
    definitions: [],
    units: unitList,
    notRun: [],
    problems: Array.from({ length: problems }, (_, i) => ({ file, line: i + 1, message: `problem ${i + 1}`, severity: 'error' as const })),
  };
}

const options = (jobs: number, bail = false): RunPlanOptions => ({
  seed: 1,
  unitTimeoutMs: 1000,
  bail,
  strict: false,
  runtimeCommand: [],
  imageAliases: {},
  projectRoot: '.',
  vocabularyFiles: [],
  jobs,
});

/** A runner whose units wait a while and pass, except units named in `failing`; it sleeps longer for earlier documents. */
function sleepingRunner(failing: string[] = []): DocumentRunner {
  return async (plan, _options, emit) => {
    for (const unit of plan.units) {
      emit({ type: 'unit-start', file: plan.file, unitId: unit.id, name: unit.name, kind: unit.kind, at: { file: unit.file, line: unit.line } });
      await new Promise((r) => setTimeout(r, plan.file === 'a.md' ? 60 : 5));
      emit({ type: 'point', file: plan.file, unitId: unit.id, ok: !failing.includes(unit.id), name: 'check' });
      emit({ type: 'unit-end', file: plan.file, unitId: unit.id, durationMs: 1 });
    }
  };
}

async function collect(stream: AsyncIterable<RunEvent>): Promise<RunEvent[]> {
  const events: RunEvent[] = [];
  for await (const e of stream) events.push(e);
  return events;
}

const shape = (events: RunEvent[]) => events.filter((e) => e.type !== 'run-end' && e.type !== 'document-end' && e.type !== 'unit-end').map((e) => `${e.type}:${'unitId' in e ? e.unitId : 'file' in e ? e.file : ''}`);

t.test('parallel documents report in plan order, with the same events and counts as a serial run', async (t) => {
  const plan = { documents: [documentPlan('a.md', 2), documentPlan('b.md', 3), documentPlan('c.md', 1)] };
  const serial = await collect(runPlan(plan, options(1), { lisp: sleepingRunner(['b.md#2']) }));
  const parallel = await collect(runPlan(plan, options(3), { lisp: sleepingRunner(['b.md#2']) }));
  t.same(shape(parallel), shape(serial));
  const end = parallel.at(-1);
  t.same(end?.type === 'run-end' && end.counts, { passed: 5, failed: 1, skipped: 0, todo: 0 });
});

t.test('problems become failing points at their file:line, and a runner that throws is a failure, not a crash', async (t) => {
  const plan = { documents: [documentPlan('a.md', 1, 1)] };
  const events = await collect(
    runPlan(plan, options(1), {
      lisp: async (p, _o, emit) => {
        emit({ type: 'unit-start', file: p.file, unitId: p.units[0].id, name: 'u', kind: 'verify-function', at: { file: p.file, line: 1 } });
        throw new Error('driver exploded');
      },
    }),
  );
  const points = events.filter((e): e is Extract<RunEvent, { type: 'point' }> => e.type === 'point');
  t.equal(points.length, 2);
  t.same(points[0].at, { file: 'a.md', line: 1 });
  t.equal(points[0].name, 'problem 1');
  t.match(String(points[1].diagnostics?.error), /driver exploded/);
  t.ok(events.some((e) => e.type === 'unit-end' && e.unitId === 'a.md#1'), 'the unit left open is closed');
});

t.test('a unit that ends without any point fails', async (t) => {
  const plan = { documents: [documentPlan('a.md', 1)] };
  const events = await collect(
    runPlan(plan, options(1), {
      lisp: async (p, _o, emit) => {
        emit({ type: 'unit-start', file: p.file, unitId: p.units[0].id, name: 'u', kind: 'verify-function', at: { file: p.file, line: 1 } });
        emit({ type: 'unit-end', file: p.file, unitId: p.units[0].id, durationMs: 0 });
      },
    }),
  );
  const end = events.at(-1);
  t.same(end?.type === 'run-end' && end.counts, { passed: 0, failed: 1, skipped: 0, todo: 0 });
});

t.test('--bail stops at the first failing check: no further unit, no further document, and the run says where it stopped', async (t) => {
  const plan = { documents: [documentPlan('a.md', 2), documentPlan('b.md', 1), documentPlan('c.md', 1)] };
  // As the runners do: the run's signal is looked at before each unit.
  const runner: DocumentRunner = async (plan, options, emit) => {
    for (const unit of plan.units) {
      if (options.signal?.aborted) return;
      emit({ type: 'unit-start', file: plan.file, unitId: unit.id, name: unit.name, kind: unit.kind, at: { file: unit.file, line: unit.line } });
      emit({ type: 'point', file: plan.file, unitId: unit.id, ok: unit.id !== 'a.md#1', name: 'check', at: { file: unit.file, line: unit.line } });
      emit({ type: 'unit-end', file: plan.file, unitId: unit.id, durationMs: 1 });
    }
  };
  const events = await collect(runPlan(plan, options(1, true), { lisp: runner }));
  const ran = events.filter((e) => e.type === 'point' && e.skip === undefined).map((e) => 'unitId' in e && e.unitId);
  t.same(ran, ['a.md#1'], 'only the unit that failed ran');
  const notRun = events.filter((e) => e.type === 'point' && e.skip !== undefined);
  t.same(notRun.map((e) => 'unitId' in e && e.unitId), ['a.md#2'], 'the rest of the started document is reported, skipped');
  t.match(notRun[0], { skip: /^--bail: the run stopped at its first failing check/ });
  t.same(events.filter((e) => e.type === 'document-start').map((e) => 'file' in e && e.file), ['a.md'], 'no document after it started');
  const end = events.at(-1);
  t.equal(end?.type === 'run-end' && end.stopped, '--bail: stopped at the first failing check at a.md:1 (check): 2 of 3 documents not run');

  const passing = await collect(runPlan(plan, options(1, true), { lisp: sleepingRunner() }));
  const whole = passing.at(-1);
  t.equal(whole?.type === 'run-end' && whole.stopped, undefined, 'a run --bail never stopped is not marked stopped');
  t.equal(passing.filter((e) => e.type === 'document-start').length, 3);
});

t.test('a family without runner reports its units as skipped, never passed', async (t) => {
  const plan = { documents: [{ ...documentPlan('a.md', 2), family: 'openspec' as const }] };
  const events = await collect(runPlan(plan, options(1), {}));
  const end = events.at(-1);
  t.same(end?.type === 'run-end' && end.counts, { passed: 0, failed: 0, skipped: 2, todo: 0 });
});

t.test('a point or unit end outside its unit is reported as a failing runner defect, never dropped', async (t) => {
  const plan = { documents: [documentPlan('a.md', 1)] };
  const events = await collect(
    runPlan(plan, options(1), {
      lisp: async (p, _o, emit) => {
        const unitId = p.units[0].id;
        emit({ type: 'point', file: p.file, unitId, ok: true, name: 'before its start', at: { file: p.file, line: 7 } });
        emit({ type: 'unit-start', file: p.file, unitId, name: 'u', kind: 'verify-function', at: { file: p.file, line: 1 } });
        emit({ type: 'point', file: p.file, unitId, ok: true, name: 'in place' });
        emit({ type: 'unit-end', file: p.file, unitId, durationMs: 0 });
        emit({ type: 'unit-end', file: p.file, unitId, durationMs: 0 });
      },
    }),
  );
  const points = events.filter((e): e is Extract<RunEvent, { type: 'point' }> => e.type === 'point');
  t.same(
    points.map((p) => [p.unitId, p.ok, p.name]),
    [
      ['a.md#1', true, 'in place'],
      ['a.md#stray-1', false, "the runner reported a point ('before its start') outside its unit a.md#1"],
      ['a.md#stray-2', false, 'the runner reported a unit end outside its unit a.md#1'],
    ],
  );
  t.same(points[1].at, { file: 'a.md', line: 7 }, 'the stray point keeps its place');
  t.match(points[1].diagnostics, { event: { type: 'point', name: 'before its start' } });
  t.same(shape(events).filter((e) => e.startsWith('unit-start')), ['unit-start:a.md#1', 'unit-start:a.md#stray-1', 'unit-start:a.md#stray-2'], 'each in a unit of its own');
  const end = events.at(-1);
  t.same(end?.type === 'run-end' && end.counts, { passed: 1, failed: 2, skipped: 0, todo: 0 });
});

t.test('--bail names a long check by its start only, so the reason stays one short line', async (t) => {
  const form = `(is (equal ${'(list 1 2 3) '.repeat(100)}))`;
  const runner: DocumentRunner = async (plan, _options, emit) => {
    const unit = plan.units[0];
    emit({ type: 'unit-start', file: plan.file, unitId: unit.id, name: unit.name, kind: unit.kind, at: { file: unit.file, line: unit.line } });
    emit({ type: 'point', file: plan.file, unitId: unit.id, ok: false, name: form });
    emit({ type: 'unit-end', file: plan.file, unitId: unit.id, durationMs: 1 });
  };
  const end = (await collect(runPlan({ documents: [documentPlan('a.md', 1)] }, options(1, true), { lisp: runner }))).at(-1);
  const stopped = end?.type === 'run-end' ? (end.stopped ?? '') : '';
  t.equal(stopped, `--bail: stopped at the first failing check (${form.slice(0, 120)}...): every document had started; what was left of them was not run`);
});

t.test("a run that ends the process closes spec-run's own work, then waits for what step code still does before its run-end: an error then is in the run", async (t) => {
  const plan = { documents: [{ ...documentPlan('s.md', 1), family: 'openspec' as const }] };
  // As a Lisp driver would: spec-run's own, holding the loop until closed.
  const ownWork = setInterval(() => {}, 100);
  t.teardown(() => clearInterval(ownWork));
  let closed = 0;
  const runner: DocumentRunner = async (document, runOptions, emit) => {
    await sleepingRunner()(document, runOptions, emit);
    // Neither a timer of step code nor a child: what a worker's message or a socket's data would be.
    setTimeout(() => runLateErrors.add({ origin: 'scenario "s"', file: 's.md', line: 1, diagnostics: { message: 'late' } }), 200);
  };
  const closeOwnWork = async () => {
    closed += 1;
    clearInterval(ownWork);
  };
  const started = Date.now();
  const events = await collect(runPlan(plan, { ...options(1), closeOwnWork }, { openspec: runner }));
  const end = events.at(-1) as Extract<RunEvent, { type: 'run-end' }>;
  t.equal(closed, 1, 'its own work closed');
  t.same(end.counts, { passed: 1, failed: 1, skipped: 0, todo: 0 }, 'the late error is in the run');
  t.ok(Date.now() - started < LINGER_LIMIT_MS, 'waited until nothing held the process, not for the whole limit');
});
