// The least time the main thread may stay away from its event loop outside any step (the
// watchdog's limit for spec-run's own work between units, which may take seconds for a
// large report, and for code a step left behind, a timer looping without end): 30 s,
// unless SPEC_RUN_HOLD_FLOOR says. The unit time limit applies where it is longer. Its own
// module, small, so that the command line checks the variable before any command.
import { durationVariable } from './duration-variable.js';

const DEFAULT_HOLD_FLOOR_MS = 30_000;
/** Sets that floor: a project's own tests of a step that leaves a looping timer end sooner. */
export const HOLD_FLOOR_VARIABLE = 'SPEC_RUN_HOLD_FLOOR';

/** The floor in ms: HOLD_FLOOR_VARIABLE as a duration ('3s', or a bare number of seconds), else 30 s; a value that is none is an error naming it. */
export function holdFloorMs(env: NodeJS.ProcessEnv = process.env): number {
  return durationVariable(env, HOLD_FLOOR_VARIABLE, DEFAULT_HOLD_FLOOR_MS);
}
