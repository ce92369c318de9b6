// A command's output block as a sequence of lines, said by its items in order, joined by the connectives of order:
// "the output shows 8, 9 and 10, preceded by stdout: ... (7 lines omitted)", "the partial output shows 1 and 2, then
// stdout: ... (3 lines omitted), then (Command timed out after 1s. Showing 2 of 5 output lines)", "the output shows
// only 1 and 2, followed by stdout: ... (18 lines omitted)". Each group is a list of items ("a, b and c"); "then" and
// "followed by" put the next group after it, "preceded by" before it. The items stand on consecutive lines of one
// command's output block, in that order; with "only" (or "is"), the lines the command printed that the block shows are
// those items, the executor's notes aside. An item is a text quoted, a notice of the executor's closed shapes written
// bare, or a bare number, path, or word with a digit in it; a plain word may be any word of the sentence, and a sentence
// holding one (or any other word) is not read here.
import type { Observation } from './observation.js';
import type { Reading } from './reading.js';
import type { Check } from './then.js';
import { outputLinesOf } from './texts.js';

const TIME = String.raw`\d+(?:\.\d+)?(?:ms|s|m|h)`;
/** The executor's notices in an output block, written bare. */
const NOTICE = [
  String.raw`(?:stdout|stderr): (?:\.\.\.|…) \(\d+ lines? omitted\)`,
  String.raw`\((?:stdout|stderr): output hidden by configuration\)`,
  String.raw`\(output truncated - timed out before completion\)`,
  String.raw`\((?:Command timed out after ${TIME}\. )?Showing (?:the (?:first|last) )?\d+ of \d+ output lines\)`,
  String.raw`\(no output\)`,
  String.raw`\(nothing printed before the timeout\)`,
].join('|');
const QUOTED = '`[^`]+`|"[^"]+"|“[^”]+”';
const BARE = String.raw`-?\d+(?:\.\d+)?|\/[\w.@+-]+(?:\/[\w.@+-]*)*|[A-Za-z_][\w-]*\d[\w-]*|\d[\w-]*[A-Za-z][\w-]*`;
const ITEM = `(?:${NOTICE}|${QUOTED}|${BARE})`;
/** A group: items joined by commas and "and". */
const GROUP = `${ITEM}(?:(?:,\\s*|\\s+and\\s+|,\\s+and\\s+)${ITEM})*`;
const JOIN = String.raw`(?:,?\s+(then|followed\s+by|preceded\s+by)\s+|,\s+(then)\s+)`;
const SENTENCE = new RegExp(
  String.raw`^(?:the|its)\s+(?:(partial)\s+)?output(?:\s+block)?\s+(?:(is)|(?:shows|lists|holds|contains)(\s+only)?)\s+(${GROUP}(?:${JOIN}${GROUP})*)$`,
  'i',
);

const isNotice = (line: string) => new RegExp(`^(?:${NOTICE})$`).test(line);
const itemsOf = (group: string) => [...group.matchAll(new RegExp(ITEM, 'g'))].map((m) => m[0].replace(/^[`"“](.*)[`"”]$/, '$1').trim());

/** The reading of a sentence listing an output block's lines in order, in the shape above; null for any other sentence. */
export function outputSequenceReading(sentence: string): Reading<Check> | null {
  const text = sentence.trim().replace(/\s+/g, ' ').replace(/[.;]$/, '');
  const m = SENTENCE.exec(text);
  if (!m) return null;
  const [, partial, is, only, body] = m;
  const pieces = body.split(new RegExp(JOIN, 'i'));
  // split with two capture groups: [group, join1, join2, group, …]
  const groups: string[][] = [];
  const joins: string[] = [];
  for (let i = 0; i < pieces.length; i += 3) {
    groups.push(itemsOf(pieces[i]));
    if (i + 1 < pieces.length) joins.push((pieces[i + 1] ?? pieces[i + 2]).toLowerCase().replace(/\s+/g, ' '));
  }
  // Only a sequence: one group alone is the other rules' to read.
  if (groups.length < 2 || groups.some((g) => g.length === 0)) return null;
  let expected = groups[0];
  groups.slice(1).forEach((g, i) => (expected = joins[i] === 'preceded by' ? [...g, ...expected] : [...expected, ...g]));
  const whole = is !== undefined || only !== undefined;
  const heading = partial === undefined ? 'its output block' : 'its Partial Output: block';
  const check: Check = {
    text: `some command: ${heading} shows, on consecutive lines, ${expected.map((e) => JSON.stringify(e)).join(', then ')}${whole ? ', and no line the command printed but those (the executor\'s notes aside)' : ''}`,
    evaluate(o: Observation) {
      // "the partial output": the block under `Partial Output:`, of a command cut short.
      const blocks = o.record.commands.map((c) => (partial !== undefined && !/^Partial Output:$/m.test(c.report) ? [] : outputLinesOf(c).map((l) => l.trim())));
      const fits = (b: string[]) => {
        // "only": the lines the command printed that the block shows are exactly the items that are not notices (the
        // executor's notes, such as a "(Showing …)" summary, may stand beside them); the items stand in order, as below.
        if (whole && b.filter((l) => !isNotice(l)).join('\n') !== expected.filter((e) => !isNotice(e)).join('\n')) return false;
        for (let at = 0; at + expected.length <= b.length; at++) if (expected.every((e, i) => b[at + i] === e)) return true;
        return false;
      };
      return { ok: blocks.some(fits), actual: blocks.map((b, i) => `command ${i + 1}: ${JSON.stringify(b)}`).join('; ') || 'no command ran' };
    },
  };
  return { ok: true, parts: [check], rules: ["an output block's lines in order"] };
}
