// The message a command's configuration gives (`message:`), as its report shows it: a
// line of its own below the output block and above `To fix:` (src/executor/report.ts).
// Writers call it by whose it is ("the team's message", "the configured message") and
// place it by the report's parts ("after the output and before the `To fix:` list").

import type { Token } from './lexicon.js';

/** A part of a report the message is placed against. */
export type ReportPart = 'output' | 'fixes';
export interface Placement {
  relation: 'after' | 'before';
  part: ReportPart;
}

const AFTER = /^(after|below|under|beneath|following|followed by)$/i;
const BEFORE = /^(before|above|ahead of|preceding|preceded by)$/i;

const partOf = (t: Token): ReportPart | null =>
  t.kind === 'entity' ? (t.entity.type === 'quoted' && t.entity.text.trim() === 'To fix:' ? 'fixes' : null) : t.concepts.includes('FIXES') ? 'fixes' : t.concepts.includes('OUTPUT') ? 'output' : null;

/**
 * The places a sentence gives the message: each word of order with the part after it
 * ("after the partial output", "before the To fix: list"). Null where a word of order
 * names no part, or a part has no word of order: a place the reading would drop.
 */
export function placements(tokens: readonly Token[]): Placement[] | null {
  const out: Placement[] = [];
  let relation: Placement['relation'] | null = null;
  for (const t of tokens) {
    const word = t.kind === 'word' ? t.text : '';
    if (AFTER.test(word) || BEFORE.test(word)) {
      if (relation !== null) return null;
      relation = AFTER.test(word) ? 'after' : 'before';
      continue;
    }
    const part = partOf(t);
    if (part === null) continue;
    if (relation === null) return null;
    out.push({ relation, part });
    relation = null;
  }
  return relation === null ? out : null;
}

/** The index of a part's lines in REPORT: the output block (its heading to the blank line after it), or the `To fix:` heading. */
function span(lines: readonly string[], part: ReportPart): { first: number; last: number } | null {
  const heading = part === 'fixes' ? lines.findIndex((l) => l.trim() === 'To fix:') : lines.findIndex((l) => /^(Partial )?Output:$/.test(l.trim()));
  if (heading < 0) return null;
  const end = lines.findIndex((l, i) => i > heading && l.trim() === '');
  return { first: heading, last: end < 0 ? lines.length - 1 : end - 1 };
}

/** Whether REPORT shows MESSAGE on a line of its own, placed as said. */
export function messageShown(report: string, message: string, placed: readonly Placement[]): { ok: boolean; actual: string } {
  const lines = report.split('\n');
  const first = message.split('\n')[0].trim();
  const at = lines.findIndex((l) => l.trim() === first);
  if (at < 0) return { ok: false, actual: `no line ${JSON.stringify(first)} in the report` };
  const held = placed.every(({ relation, part }) => {
    const s = span(lines, part);
    return s !== null && (relation === 'after' ? at > s.last : at < s.first);
  });
  return { ok: held, actual: lines.slice(Math.max(0, at - 3), at + 3).join(' ⏎ ') };
}
