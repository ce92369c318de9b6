// How long the editor and the commands that only load steps (check, --list, steps,
// snippets, a dry run) let a steps file's top level hold its thread when they try it
// (steps-probe.ts): 10 s, unless SPEC_RUN_STEPS_PROBE_LIMIT says. Its own module, small,
// so that the command line checks the variable before any command without loading the
// steps machinery.
import { durationVariable } from '../process/duration-variable.js';

/** How long a steps file's top level may hold its thread when tried, in the editor and the commands that only load steps, unless PROBE_LIMIT_VARIABLE says. */
const DEFAULT_PROBE_LIMIT_MS = 10_000;
/** Sets that limit: a slow machine's legitimately long top level gets longer, a project's own tests of a looping file shorter. */
export const PROBE_LIMIT_VARIABLE = 'SPEC_RUN_STEPS_PROBE_LIMIT';

/** The probe's limit in ms: PROBE_LIMIT_VARIABLE as a duration ('3s', or a bare number of seconds), else 10 s; a value that is none is an error naming it. */
export function probeLimitMs(env: NodeJS.ProcessEnv = process.env): number {
  return durationVariable(env, PROBE_LIMIT_VARIABLE, DEFAULT_PROBE_LIMIT_MS);
}
