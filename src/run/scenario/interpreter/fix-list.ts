// The `To fix:` list of a command's report as a sequence: its heading, then its numbered items (`1. …`, `2. …`), the
// last part of the report. Writers place items in it by position and say where the list stands, in one sentence:
// - "a To fix: list follows, whose last item is Set timeout: null to disable (not recommended)";
// - "a To fix: list follows with four numbered suggestions, the first being 1. Increase … and the last 4. Set …";
// - "the report ends with To fix: and three numbered hints, the second being …", "four numbered To fix hints close the
//   report, the last being …", "the report ends with four tips under To fix:";
// - "a To fix: list of four numbered items is appended, item 4 being …", "a To fix: list follows, ending with …".
// An item is compared whole: with its number ("4. Set …") the line as printed, without it the text after the number. A
// count is the number of items; "ends"/"closes" the report: nothing but blank lines after the list in its command's report.
// Some command's report holds a list of which every claim holds (the last command's, where the list is said to end the report). A sentence with any other word is not read here.
import type { Observation } from './observation.js';
import type { Reading } from './reading.js';
import type { Check } from './then.js';
import { commandLines } from './texts.js';

const NUMBER_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const COUNT = `(\\d|${NUMBER_WORDS.join('|')})`;
const countOf = (word: string) => (/^\d+$/.test(word) ? Number(word) : NUMBER_WORDS.indexOf(word.toLowerCase()) + 1);
const FIX = '(?:`To fix:?`|"To fix:?"|“To fix:?”|to fix:?)';
const NOUN = '(?:items?|suggestions?|hints?|remedies|remedy|tips?|entries|entry|points?|steps?|fixes|fix)';
const ORDINALS: Record<string, number> = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, fifth: 5, '5th': 5, last: -1 };
const ORD = `(${Object.keys(ORDINALS).join('|')})`;

/** Where the list is said to stand, and how many items it has. */
const SUBJECTS: [RegExp, (m: RegExpExecArray) => { count?: number; closes: boolean }][] = [
  // "a To fix: list follows", "a To fix: list of four numbered items is appended", "a To fix: list follows with four numbered suggestions"
  [new RegExp(`^(?:a|the)\\s+${FIX}(?:\\s+(?:list|section|block))?(?:\\s+of\\s+${COUNT}\\s+(?:numbered\\s+)?${NOUN})?\\s+(?:follows|is\\s+appended|comes\\s+next|is\\s+shown|is\\s+printed)(?:\\s+with\\s+${COUNT}\\s+(?:numbered\\s+)?${NOUN})?`, 'i'), (m) => ({ count: m[1] ?? m[2] ? countOf(m[1] ?? m[2]) : undefined, closes: false })],
  // "the report ends with To fix: and four numbered suggestions", "the report closes with the To fix: list"
  [new RegExp(`^the\\s+report\\s+(?:ends|closes)\\s+with\\s+(?:the\\s+|a\\s+)?${FIX}(?:\\s+(?:list|section|block))?(?:\\s+and\\s+${COUNT}\\s+(?:numbered\\s+)?${NOUN})?`, 'i'), (m) => ({ count: m[1] ? countOf(m[1]) : undefined, closes: true })],
  // "the report ends with four tips under To fix:"
  [new RegExp(`^the\\s+report\\s+(?:ends|closes)\\s+with\\s+${COUNT}\\s+(?:numbered\\s+)?${NOUN}\\s+under\\s+${FIX}`, 'i'), (m) => ({ count: countOf(m[1]), closes: true })],
  // "four numbered To fix hints close the report"
  [new RegExp(`^${COUNT}\\s+(?:numbered\\s+)?${FIX}\\s+${NOUN}\\s+(?:close|end)\\s+the\\s+report`, 'i'), (m) => ({ count: countOf(m[1]), closes: true })],
];

/** An item's text: quoted, or bare to the end of the sentence or the next placed item ("and the last …"). */
const ITEM = '(`[^`]+`|"[^"]+"|“[^”]+”|(?:(?!,?\\s+and\\s+(?:the\\s+)?(?:first|last|second|third|fourth|fifth|item\\s+\\d)\\b)[^`"“])+?)';
const NEXT = '(?=,?\\s+and\\s+(?:the\\s+)?(?:first|last|second|third|fourth|fifth|item\\s+\\d)\\b|$)';
/** An item placed: "whose last item is X", "its last hint being X", "the first being X", "and the last X", "item 4 being X", "ending with X". */
const PLACED: [RegExp, (m: RegExpExecArray) => number][] = [
  [new RegExp(`^,?\\s+(?:whose|its)\\s+${ORD}\\s+${NOUN}\\s+(?:is|being)\\s+${ITEM}${NEXT}`, 'i'), (m) => ORDINALS[m[1].toLowerCase()]],
  [new RegExp(`^,?\\s+(?:and\\s+)?the\\s+${ORD}(?:\\s+(?:one|${NOUN}))?\\s+(?:being\\s+|is\\s+)?${ITEM}${NEXT}`, 'i'), (m) => ORDINALS[m[1].toLowerCase()]],
  [new RegExp(`^,?\\s+(?:and\\s+)?${NOUN}\\s+(\\d)\\s+(?:being|is)\\s+${ITEM}${NEXT}`, 'i'), (m) => Number(m[1])],
  [new RegExp(`^,?\\s+(?:ending|closing)\\s+with\\s+${ITEM}${NEXT}`, 'i'), () => -1],
];

interface Claim { at: number; text: string }

/** The items of every `To fix:` list in a command's lines. */
function listOf(lines: string[]): { items: string[]; closes: boolean } | null {
  const at = lines.findIndex((l) => l.trim() === 'To fix:');
  if (at < 0) return null;
  const items: string[] = [];
  let i = at + 1;
  for (; i < lines.length && /^\s*\d+\.\s/.test(lines[i]); i++) items.push(lines[i].trim());
  return { items, closes: lines.slice(i).every((l) => l.trim() === '') };
}

const itemIs = (item: string, said: string) => item === said || item.replace(/^\d+\.\s+/, '') === said;

/** The reading of a sentence placing a `To fix:` list and its items, in the shapes above; null for any other sentence. */
export function fixListReading(sentence: string): Reading<Check> | null {
  let rest = sentence.trim().replace(/\s+/g, ' ').replace(/[.;]$/, '');
  const subject = SUBJECTS.map(([re, read]) => [re.exec(rest), read] as const).find(([m]) => m !== null);
  if (!subject) return null;
  const [m, read] = subject as [RegExpExecArray, (typeof SUBJECTS)[number][1]];
  const { count, closes } = read(m);
  rest = rest.slice(m[0].length);
  const claims: Claim[] = [];
  while (rest !== '') {
    const placed = PLACED.map(([re, at]) => [re.exec(rest), at] as const).find(([x]) => x !== null);
    if (!placed) return null;
    const [x, at] = placed as [RegExpExecArray, (m: RegExpExecArray) => number];
    const said = x[x.length - 1].trim().replace(/^[`"“](.*)[`"”]$/, '$1').trim();
    if (said === '') return null;
    claims.push({ at: at(x), text: said });
    rest = rest.slice(x[0].length);
  }
  // A list said to stand somewhere, with nothing said of its items, is the other rules' to read.
  if (claims.length === 0 && count === undefined) return null;
  // A number said in an item's place ("4. Set …") is its place: said at another place, the sentence contradicts itself.
  if (claims.some((c) => { const n = /^(\d+)\.\s/.exec(c.text)?.[1]; return n !== undefined && ((c.at > 0 && Number(n) !== c.at) || (c.at < 0 && count !== undefined && Number(n) !== count)); })) return null;
  const place = (at: number) => (at < 0 ? 'the last item' : `item ${at}`);
  const said = [
    count === undefined ? '' : `exactly ${count} numbered item(s)`,
    ...claims.map((c) => `${place(c.at)} is ${JSON.stringify(c.text)}`),
    closes ? 'nothing but blank lines after it in the report' : '',
  ].filter((s) => s !== '');
  const check: Check = {
    // The report said to end with the list, of no command, ends with the run: the last command's report is where it stands.
    text: closes ? `the last command's report ends with a "To fix:" list: ${said.join(', ')}` : `some command's report has a "To fix:" list: ${said.join(', ')}`,
    evaluate(o: Observation) {
      const all = o.record.commands.map((c) => listOf(commandLines(c, o)));
      const lists = closes ? all.slice(-1) : all;
      const ok = lists.some((l) => l !== null && l.items.length > 0 && (count === undefined || l.items.length === count) && (!closes || l.closes) && claims.every((c) => { const item = c.at < 0 ? l.items.at(-1) : l.items[c.at - 1]; return item !== undefined && itemIs(item, c.text); }));
      return { ok, actual: all.map((l, i) => `command ${i + 1}: ${l === null ? 'no To fix: list' : JSON.stringify(l.items)}${l && !l.closes ? ' (more lines after it)' : ''}`).join('; ') || 'no command ran' };
    },
  };
  return { ok: true, parts: [check], rules: ['a To fix: list and its items by position'] };
}
