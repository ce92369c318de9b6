// The seed-era definitions of the built-in library: a regular expression or a cucumber
// expression, and a check written against the executor's scenario state with a
// `Checks` record. `checkedStep` turns one into an ordinary step function for the
// public API: it passes when at least one check was made and none failed, attaching
// what it checked; a failure throws with every failed check in its message.
import type { ScenarioStep } from '../../model/plan.js';
import type { World } from '../../steps/index.js';
import { Checks, StepSkip } from './checks.js';
import { executorWorld, type ScenarioWorld } from './world.js';
import { existingSubject } from './vocabulary/subject.js';

export type StepRun = (world: ScenarioWorld, c: Checks, args: string[], step: ScenarioStep) => Promise<void> | void;

export interface StepDefinition {
  expression: string | RegExp;
  run: StepRun;
  /** Where the definition is written, for listings and diagnostics. */
  file: string;
  line: number;
}

/** Records a definition with the place of the call. */
export function defineStep(expression: string | RegExp, run: StepRun): StepDefinition {
  const frame = (new Error().stack ?? '').split('\n')[2] ?? '';
  const m = frame.match(/\(?(?:file:\/\/)?([^()\s]+):(\d+):\d+\)?$/);
  return { expression, run, file: m?.[1] ?? '(unknown)', line: Number(m?.[2] ?? 0) };
}

export class ChecksFailed extends Error {}

/** The step function of a definition. */
export function checkedStep(definition: StepDefinition): (this: World, ...args: unknown[]) => Promise<void> {
  const fn = async function (this: World, ...args: unknown[]): Promise<void> {
    const c = new Checks();
    const world = executorWorld(this);
    world.quotedCommand = existingSubject(this)?.run;
    const step = { keyword: this.step?.keyword ?? 'Then', text: this.step?.text ?? '', line: this.step?.line ?? 0, number: null };
    try {
      await definition.run(world, c, args.map((a) => (a === undefined || a === null ? '' : String(a))), step);
    } catch (error) {
      if (error instanceof StepSkip) {
        for (const [name, value] of Object.entries(c.values)) this.attach(name, value);
        this.skip(error.message);
      }
      throw error;
    }
    if (c.checked.length === 0 && c.failures.length === 0) c.failures.push('the step definition made no check');
    this.attach('checked', c.checked);
    for (const [name, value] of Object.entries(c.values)) this.attach(name, value);
    if (c.failures.length > 0) throw new ChecksFailed(c.failures.join('\n'));
  };
  return fn;
}
