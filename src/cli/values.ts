// Values given on the command line.
import { parseDuration } from '../executor/duration.js';

/** "90", "90s", "5m", "1h" as seconds: a bare number is seconds. */
export function parseSeconds(text: string): number {
  const parsed = parseDuration(text.trim(), { unitless: 's' });
  if (!parsed.ok) throw new Error(`expected a positive duration such as 90, 30s, 5m or 1h; got '${text}' (${parsed.reason})`);
  return parsed.ms / 1000;
}
