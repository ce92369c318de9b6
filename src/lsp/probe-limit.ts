// How long the editor and the commands that only load steps (check, --list, steps,
// snippets, a dry run) let a steps file's top level hold its thread when they try it
// (steps-probe.ts): 10 s, unless SPEC_RUN_STEPS_PROBE_LIMIT says. Its own module, small,
// so that the command line checks the variable before any command without loading the
// steps machinery.
import { parseDuration } from '../executor/duration.js';

/** How long a steps file's top level may hold its thread when tried, in the editor and the commands that only load steps, unless PROBE_LIMIT_VARIABLE says. */
const DEFAULT_PROBE_LIMIT_MS = 10_000;
/** Sets that limit: a slow machine's legitimately long top level gets longer, a project's own tests of a looping file shorter. */
export const PROBE_LIMIT_VARIABLE = 'SPEC_RUN_STEPS_PROBE_LIMIT';

/** The probe's limit in ms: PROBE_LIMIT_VARIABLE as a duration ('3s', or a bare number of seconds), else 10 s; a value that is none is an error naming it. */
export function probeLimitMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = env[PROBE_LIMIT_VARIABLE];
  if (value === undefined || value === '') return DEFAULT_PROBE_LIMIT_MS;
  const parsed = parseDuration(value.trim(), { unitless: 's' });
  if (!parsed.ok) throw new Error(`${PROBE_LIMIT_VARIABLE}=${JSON.stringify(value)}: ${parsed.reason} (e.g. '3s'; unset, 10 s)`);
  return parsed.ms;
}
