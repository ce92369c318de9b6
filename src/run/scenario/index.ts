// Runs OpenSpec scenarios: each step of a scenario is one test point, checked by the
// first step definition that matches it. Scenarios run concurrently (their probes
// mostly sleep), and their events are emitted in document order.
import type { RunEvent } from '../../model/events.js';
import type { ScenarioStep, ScenarioUnit } from '../../model/plan.js';
import type { DocumentRunner, Emit, RunOptions } from '../types.js';
import { Checks, StepSkip } from './checks.js';
import { findStep, snippetFor, type StepDefinition } from './registry.js';
import { enforcementSteps } from './steps/enforcement.js';
import { limitSteps } from './steps/limits.js';
import { outputSteps } from './steps/output.js';
import { timeoutSteps } from './steps/timeouts.js';
import { validationSteps } from './steps/validation.js';
import { sleeper } from './probes.js';
import { compareWithTemplate, templateField } from './template.js';
import { ScenarioWorld } from './world.js';
import { timedOut } from './steps/common.js';
import { interruptedReason } from '../interrupt.js';

export const stepDefinitions: StepDefinition[] = [...timeoutSteps, ...enforcementSteps, ...outputSteps, ...validationSteps, ...limitSteps];

/** Scenarios running at once. */
const CONCURRENCY = 4;

type PointEvent = Extract<RunEvent, { type: 'point' }>;

export const runScenarioDocument: DocumentRunner = async (plan, options, emit) => {
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
      await runScenario(units[index], options, (event) => {
        buffers[index].push(event);
        if (index === flushed) flush();
      });
      done[index] = true;
      flush();
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, units.length) }, worker));
};

export async function runScenario(unit: ScenarioUnit, options: RunOptions, emit: Emit): Promise<void> {
  const started = Date.now();
  const world = new ScenarioWorld(unit, options);
  emit({ type: 'unit-start', file: unit.file, unitId: unit.id, name: `${unit.requirement} / ${unit.name}`, kind: 'scenario', at: { file: unit.file, line: unit.line } });
  if (unit.steps.length === 0) emit(await documentedMessagePoint(unit, world));
  for (const step of unit.steps) {
    if (options.signal?.aborted) break;
    const point = await runStep(unit, world, step, options);
    // A step whose probe an interruption of spec-run stopped did not check anything.
    if (options.interrupt?.aborted) {
      emit({ ...point, ok: true, skip: interruptedReason(options.interrupt), diagnostics: undefined });
      break;
    }
    emit(point);
  }
  emit({ type: 'unit-end', file: unit.file, unitId: unit.id, durationMs: Date.now() - started });
}

async function runStep(unit: ScenarioUnit, world: ScenarioWorld, step: ScenarioStep, options: RunOptions): Promise<PointEvent> {
  const base = { type: 'point' as const, file: unit.file, unitId: unit.id, name: `${step.keyword} ${step.text}`, at: { file: unit.file, line: step.line } };
  const found = findStep(stepDefinitions, step);
  if (!found) {
    const diagnostics = { reason: 'no step definition matches this step', snippet: snippetFor(step) };
    return options.strict ? { ...base, ok: false, diagnostics } : { ...base, ok: false, todo: 'undefined step', diagnostics };
  }
  const c = new Checks();
  try {
    await found.definition.run(world, c, found.args, step);
  } catch (error) {
    if (error instanceof StepSkip) return { ...base, ok: true, skip: error.message, diagnostics: { definition: found.definition.source, ...c.values } };
    c.failures.push(`step definition threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
  return finish(base, c, found.definition.source);
}

function finish(base: Omit<PointEvent, 'ok'>, c: Checks, definition: string): PointEvent {
  if (c.checked.length === 0 && c.failures.length === 0) c.failures.push('the step definition made no check');
  const ok = c.failures.length === 0;
  const diagnostics: Record<string, unknown> = { definition, checked: c.checked, ...c.values };
  if (!ok) diagnostics.failed = c.failures;
  return { ...base, ok, diagnostics };
}

/**
 * A scenario with no steps whose block is a documented message ("When command execution
 * times out:" and the report): the executor's report of a timed-out probe must have its form.
 */
async function documentedMessagePoint(unit: ScenarioUnit, world: ScenarioWorld): Promise<PointEvent> {
  const base = { type: 'point' as const, file: unit.file, unitId: unit.id, name: `${unit.condition ?? unit.name} (the documented message)`, at: { file: unit.file, line: unit.line } };
  const block = unit.configs.find((b) => b.lang !== 'yaml' && /^Error:/m.test(b.text));
  const c = new Checks();
  if (!block) {
    c.that(false, 'a scenario without steps needs a documented message block to check');
    return finish(base, c, 'scenario without steps');
  }
  base.at = { file: unit.file, line: block.line };
  const run = await sleeper(world, 'host');
  timedOut(c, run, 'SIGTERM');
  compareWithTemplate(c, block.text, run.message, [
    { from: templateField(block.text, 'Command') ?? '', to: run.request.run },
    { from: `Timeout: ${templateField(block.text, 'Timeout') ?? ''}`, to: `Timeout: ${run.request.timeoutText}` },
  ]);
  return finish(base, c, 'documented timeout message');
}
