// A time limit an environment variable may set: a duration ('3s', '1m'), or a bare number
// of seconds. Read the same way for every such variable, so that each refuses a value that
// is none with the same message: the variable, the reason, an example and its default.
import { parseDuration } from '../executor/duration.js';

/** NAME's duration in ms from ENV, else FALLBACK_MS; a value that is no duration is an error naming the variable. */
export function durationVariable(env: NodeJS.ProcessEnv, name: string, fallbackMs: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallbackMs;
  const parsed = parseDuration(value.trim(), { unitless: 's' });
  if (!parsed.ok) throw new Error(`${name}=${JSON.stringify(value)}: ${parsed.reason} (e.g. '3s'; unset, ${fallbackMs / 1000} s)`);
  return parsed.ms;
}
