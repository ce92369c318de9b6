// Runs OpenSpec scenarios through step definitions, with cucumber's semantics: each
// step is one test point, bound to the one definition whose expression matches it
// (none: undefined, a TODO with a snippet; two or more: ambiguous, a failure naming
// them). `this` is a world fresh per scenario; Before and After hooks run around it;
// once a step fails or is undefined, the steps after it are skipped with the reason.
// Scenarios run concurrently (their probes mostly sleep), and their events are
// emitted in document order.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import type { RunEvent } from '../../model/events.js';
import type { ItemArgument } from '../../model/document.js';
import type { ScenarioStep, ScenarioUnit } from '../../model/plan.js';
import { DataTable } from '../../steps/index.js';
import type { DocumentRunner, Emit, RunOptions } from '../types.js';
import { loadStepLibrary, matchStep, type StepLibrary } from './library.js';
import { snippetFor } from './snippet.js';
import { stepKeyword } from '../../translate/step-keyword.js';
import { StepSkipped, StepWorld } from './step-world.js';
import { runWithRetries } from '../retries.js';
import { interruptedReason } from '../interrupt.js';

/** spec-run's own code, compiled and (through source maps) as written. */
const OWN_CODE = ['../../../', '../../../../src/'].map((dir) => fileURLToPath(new URL(dir, import.meta.url)));

/** Scenarios running at once. */
const CONCURRENCY = 4;

type PointEvent = Extract<RunEvent, { type: 'point' }>;

export const runScenarioDocument: DocumentRunner = async (plan, options, emit) => {
  const library = await loadStepLibrary(options.stepFiles ?? []);
  if (library.problems.length > 0) {
    const unitId = `${plan.file}#steps`;
    const first = library.problems[0];
    emit({ type: 'unit-start', file: plan.file, unitId, name: 'step definitions', kind: 'problem', at: { file: first.file, line: first.line } });
    for (const p of library.problems) emit({ type: 'point', file: plan.file, unitId, ok: false, name: p.message, at: { file: p.file, line: p.line } });
    emit({ type: 'unit-end', file: plan.file, unitId, durationMs: 0 });
  }
  const units = plan.units.filter((u): u is ScenarioUnit => u.kind === 'scenario');
  const buffers = units.map(() => [] as RunEvent[]);
  const done = units.map(() => false);
  let flushed = 0;
  const flush = () => {
    while (flushed < units.length && done[flushed]) {
      for (const event of buffers[flushed]) emit(event);
      buffers[flushed] = [];
      flushed++;
    }
    // The unit at the head streams its events as they come.
    if (flushed < units.length) {
      for (const event of buffers[flushed]) emit(event);
      buffers[flushed] = [];
    }
  };
  let next = 0;
  const worker = async () => {
    while (next < units.length && !options.signal?.aborted) {
      const index = next++;
      await runWithRetries(
        options.retries ?? 0,
        units[index].id,
        (emit) => runScenario(units[index], options, emit, library),
        (event) => {
          buffers[index].push(event);
          if (index === flushed) flush();
        },
      );
      done[index] = true;
      flush();
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, units.length) }, worker));
};

export async function runScenario(unit: ScenarioUnit, options: RunOptions, emit: Emit, library?: StepLibrary): Promise<void> {
  const steps = library ?? (await loadStepLibrary(options.stepFiles ?? []));
  const started = Date.now();
  const deadline = started + options.unitTimeoutMs;
  const world = new StepWorld(unit, options);
  emit({ type: 'unit-start', file: unit.file, unitId: unit.id, name: `${unit.requirement} / ${unit.name}`, kind: 'scenario', at: { file: unit.file, line: unit.line } });
  const base = (name: string, line: number) => ({ type: 'point' as const, file: unit.file, unitId: unit.id, name, at: { file: unit.file, line } });
  let blocked: string | null = null;
  try {
    if (!options.dryRun) {
      for (const hook of steps.hooks.filter((h) => h.when === 'before')) {
        const failure = await runHook(world, hook.fn, deadline, options);
        if (failure) {
          emit({ ...base(`Before hook (${hook.file}:${hook.line})`, unit.line), ok: false, diagnostics: failure });
          blocked = `the Before hook at ${hook.file}:${hook.line} failed`;
        }
      }
    }
    if (unit.steps.length === 0) emit({ ...base(`${unit.name} (a scenario without steps)`, unit.line), ok: true, skip: 'the scenario has no steps: no "Then:" list and no WHEN/THEN bullets' });
    let keyword: string | null = null;
    for (const step of unit.steps) {
      if (options.signal?.aborted) break;
      keyword = stepKeyword(step.keyword, keyword);
      const point = await runStep(unit, steps, world, step, keyword, options, blocked, deadline);
      // A step whose probe an interruption of spec-run stopped did not check anything.
      if (options.interrupt?.aborted) {
        emit({ ...point, ok: true, skip: interruptedReason(options.interrupt), diagnostics: undefined });
        break;
      }
      emit(point);
      if (!blocked && (point.todo !== undefined || (!point.ok && point.skip === undefined))) blocked = `${point.todo !== undefined ? 'an earlier step is undefined' : 'an earlier step failed'} (line ${step.line})`;
    }
  } finally {
    if (!options.dryRun) {
      for (const hook of steps.hooks.filter((h) => h.when === 'after')) {
        // After hooks clean up: each gets the unit time limit of its own, even after a step ran out of time.
        const failure = await runHook(world, hook.fn, Date.now() + options.unitTimeoutMs, options);
        if (failure) emit({ ...base(`After hook (${hook.file}:${hook.line})`, unit.line), ok: false, diagnostics: failure });
      }
    }
    await world.dispose();
    emit({ type: 'unit-end', file: unit.file, unitId: unit.id, durationMs: Date.now() - started });
  }
}

/** A doc string is passed as its text, a data table as a DataTable, as cucumber-js passes them. */
function stepArgument(argument: ItemArgument): string | DataTable {
  return argument.kind === 'doc-string' ? argument.text : new DataTable(argument.rows);
}

/** A step or hook still running at the unit's deadline. */
class UnitTimeExceeded extends Error {}

/**
 * The outcome of `work`, or UnitTimeExceeded at the deadline: a step that never settles
 * cannot hold the run. The world's commands are stopped then; JavaScript still running
 * in the step is left to itself (it cannot be stopped from outside).
 */
async function beforeDeadline<T>(world: StepWorld, work: () => T | Promise<T>, deadline: number, options: RunOptions): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      world.stopCommands();
      reject(new UnitTimeExceeded(`did not finish within the unit time limit of ${options.unitTimeoutMs} ms (--timeout); the commands it started were stopped`));
    }, Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([Promise.resolve().then(work), expired]);
  } finally {
    clearTimeout(timer);
  }
}

async function runHook(world: StepWorld, fn: (this: StepWorld) => unknown, deadline: number, options: RunOptions): Promise<Record<string, unknown> | null> {
  world.step = undefined;
  try {
    await beforeDeadline(world, () => fn.call(world), deadline, options);
    return null;
  } catch (error) {
    return failureDiagnostics(error);
  }
}

async function runStep(unit: ScenarioUnit, library: StepLibrary, world: StepWorld, step: ScenarioStep, keyword: string, options: RunOptions, blocked: string | null, deadline: number): Promise<PointEvent> {
  const base = { type: 'point' as const, file: unit.file, unitId: unit.id, name: `${step.keyword} ${step.text}`, at: { file: unit.file, line: step.line } };
  const matches = matchStep(library, step.text, world);
  if (matches.length === 0) {
    const diagnostics = { reason: 'no step definition matches this step', snippet: snippetFor(library, step.text, keyword, step.argument?.kind) };
    return options.strict ? { ...base, ok: false, diagnostics } : { ...base, ok: false, todo: 'undefined step', diagnostics };
  }
  const where = (m: (typeof matches)[number]) => `${path.relative(process.cwd(), m.step.file)}:${m.step.line} ${m.step.source}`;
  if (matches.length > 1) return { ...base, ok: false, diagnostics: { reason: 'ambiguous step: several definitions match it', definitions: matches.map(where) } };
  const [match] = matches;
  const definition = where(match);
  if (blocked) return { ...base, ok: true, skip: blocked, diagnostics: { definition } };
  if (options.dryRun) return { ...base, ok: true, skip: 'dry run: bound, not run', diagnostics: { definition } };
  world.step = { keyword: step.keyword, text: step.text, line: step.line };
  world.attachments = [];
  let point: PointEvent;
  try {
    const args = step.argument ? [...match.args, stepArgument(step.argument)] : match.args;
    const returned = await beforeDeadline(world, () => match.step.fn.apply(world, args), deadline, options);
    if (returned === 'pending') point = { ...base, ok: false, todo: 'pending step', diagnostics: { definition } };
    else if (returned === 'skipped') point = { ...base, ok: true, skip: 'the step returned "skipped"', diagnostics: { definition } };
    else point = { ...base, ok: true, diagnostics: { definition } };
  } catch (error) {
    if (error instanceof StepSkipped) point = { ...base, ok: true, skip: error.message, diagnostics: { definition } };
    else point = { ...base, ok: false, diagnostics: { ...failureDiagnostics(error), definition } };
  }
  if (world.attachments.length > 0) point.attachments = world.attachments;
  return point;
}

/** What a thrown error tells: its message, and actual/expected when it has them (node:assert, chai, ...). */
function failureDiagnostics(error: unknown): Record<string, unknown> {
  if (error instanceof UnitTimeExceeded) return { reason: error.message };
  if (!(error instanceof Error)) return { message: String(error) };
  const e = error as Error & { actual?: unknown; expected?: unknown; operator?: string };
  const diagnostics: Record<string, unknown> = { message: e.message };
  if ('expected' in e || 'actual' in e) {
    diagnostics.expected = shown(e.expected);
    diagnostics.actual = shown(e.actual);
    if (e.operator && !isDeepStrictEqual(e.operator, 'fail')) diagnostics.operator = e.operator;
  }
  // The user's frames only: not Node's, not spec-run's own.
  const frames = (e.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l) && !l.includes('node:internal') && !OWN_CODE.some((dir) => l.includes(dir)) && !/at async Promise\.all/.test(l));
  if (frames.length > 0) diagnostics.stack = frames.slice(0, 5).map((l) => l.trim());
  return diagnostics;
}

/** A value as YAML can show it: a pattern as its source, an error as its message. */
function shown(value: unknown): unknown {
  if (value instanceof RegExp) return String(value);
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
  return value;
}
