// Values given on the command line.

/** "90", "90s", "5m", "1h" as seconds. */
export function parseSeconds(text: string): number {
  const match = /^(\d+)(s|m|h)?$/.exec(text.trim());
  if (!match || Number(match[1]) === 0) throw new Error(`expected a positive duration such as 90, 30s, 5m or 1h; got '${text}'`);
  return Number(match[1]) * { s: 1, m: 60, h: 3600 }[(match[2] ?? 's') as 's' | 'm' | 'h'];
}
