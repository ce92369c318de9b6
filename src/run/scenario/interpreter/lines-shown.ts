// The report's counts of output lines said in the writer's words, never quoted: how many lines it shows of how many
// ("the footer says it's showing 5 of 20 output lines", "the last 3 of 41 output lines are shown"), how many a stream
// lost ("stdout had 15 lines omitted", "both stdout and stderr say 2 lines omitted"), and how many the byte cap
// counted but did not keep ("13786 more of the 40000 lines were counted but not kept"). Each is read only where the
// whole sentence is one of these shapes, and checked against the line the executor prints for it (src/executor/output.ts:
// `(Showing [the last ]N of M output lines)`, `stdout: ... (N lines omitted)`, `(output cut at N lines: stored output
// is capped; D more of M lines were counted, not kept)`), its numbers and its "last" or "first" included.
import type { CommandRecord } from '../../../executor/record.js';
import type { Observation } from './observation.js';
import type { Reading } from './reading.js';
import type { Check } from './then.js';

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const NUMBER = `(\\d{1,3}(?:,\\d{3})+|\\d+|${NUMBER_WORDS.join('|')})`;
const COMMAND_NOUN = '(?:command|step|stage|job|task|invocation)';
/** "the second job's", "the last command's": the command whose report it is; none, some command's. */
export const OWNER = `(?:the\\s+(${ORDINALS.join('|')}|last|only)\\s+${COMMAND_NOUN}(?:'s|’s)\\s+)`;
/** The writer's names for the report, or for the part of it that says the counts. */
const PART = '(?:report|output(?:\\s+block)?|footer|summary(?:\\s+(?:line|note))?|tally(?:\\s+line)?|trailer|notice|note|line|closing\\s+line|last\\s+line)';
const SUBJECT = `(?:${OWNER}|(?:the|a|one)\\s+)${PART}`;
const SAYS = '(?:says|states|reports|notes|mentions|records|reads|tells|gives|indicates|(?:shall|should|must|will)\\s+(?:say|state|report|note|mention|record|read|tell|give|indicate))';
const SAYS_THAT = `${SUBJECT}\\s+${SAYS}\\s+(?:that\\s+)?`;
const BEING = '(?:are|were|is|was|have\\s+been|has\\s+been|(?:shall|should|must|will)\\s+be)\\s+(?:being\\s+)?';
const lines = (word: string) => `(?:(?:output\\s+)?${word}s?(?:\\s+of\\s+output)?)`;

const numberOf = (text: string) => (NUMBER_WORDS.includes(text.toLowerCase()) ? NUMBER_WORDS.indexOf(text.toLowerCase()) : parseInt(text.replace(/,/g, ''), 10));

/** "the last 3 of 41 output lines", "8 out of 43 lines": which end, how many shown, of how many. */
const FRACTION = `(?:the\\s+(last|first)\\s+)?${NUMBER}\\s+(?:out\\s+)?of\\s+(?:the\\s+)?${NUMBER}\\s+${lines('line')}(?:\\s+(?:in\\s+total|total|in\\s+all))?`;
const SHOWS = `(?:shows|displays|keeps|is\\s+showing|is\\s+displaying|is\\s+keeping|(?:shall|should|must|will)\\s+show)`;
const SHOWN_SHAPES = [
  // "the report says it's showing 5 of 20 output lines", "it shows the last 3 of 41 lines"
  new RegExp(`^(?:${SAYS_THAT})?it(?:'s|’s|\\s+is)?\\s+(?:${SHOWS}|showing|displaying|keeping)\\s+${FRACTION}$`, 'i'),
  // "the report says that 8 of 43 output lines are being shown", "the last 3 of 41 lines are shown"
  new RegExp(`^(?:${SAYS_THAT})?${FRACTION}\\s+${BEING}(?:shown|displayed|kept)$`, 'i'),
  // "the footer shows 5 of 20 output lines", "the second job's report is showing the last 5 of 20 lines"
  new RegExp(`^${SUBJECT}\\s+${SHOWS}\\s+${FRACTION}$`, 'i'),
];

const STREAM = '(stdout|stderr|standard\\s+output|standard\\s+error)';
const OMITTED_SHAPES: { re: RegExp; streams: (m: RegExpExecArray) => string[]; count: (m: RegExpExecArray) => string }[] = [
  // "stdout had 15 lines omitted", "a line says stderr has 2 lines omitted"
  { re: new RegExp(`^(?:${SAYS_THAT})?${STREAM}\\s+(?:had|has|got|gets)\\s+${NUMBER}\\s+lines?\\s+omitted$`, 'i'), streams: (m) => [m.at(-2)!], count: (m) => m.at(-1)! },
  // "both stdout and stderr say 2 lines omitted", "stdout and stderr each had 2 lines omitted"
  {
    re: new RegExp(`^(?:both\\s+${STREAM}\\s+and\\s+${STREAM}|${STREAM}\\s+and\\s+${STREAM}\\s+each)\\s+(?:say|said|show|showed|had|have|got|get)\\s+${NUMBER}\\s+lines?\\s+omitted$`, 'i'),
    streams: (m) => [m[m.length - 5] ?? m[m.length - 3], m[m.length - 4] ?? m[m.length - 2]],
    count: (m) => m.at(-1)!,
  },
  // "the report says 7 stdout lines were omitted", "7 lines of stderr were left out"
  { re: new RegExp(`^(?:${SAYS_THAT})?${NUMBER}\\s+${STREAM}\\s+lines?\\s+${BEING}(?:omitted|left\\s+out)$`, 'i'), streams: (m) => [m.at(-1)!], count: (m) => m.at(-2)! },
  { re: new RegExp(`^(?:${SAYS_THAT})?${NUMBER}\\s+lines?\\s+of\\s+${STREAM}\\s+${BEING}(?:omitted|left\\s+out)$`, 'i'), streams: (m) => [m.at(-1)!], count: (m) => m.at(-2)! },
  { re: new RegExp(`^(?:${SAYS_THAT})?${NUMBER}\\s+lines?\\s+${BEING}(?:omitted|left\\s+out)\\s+(?:from|of|on)\\s+${STREAM}$`, 'i'), streams: (m) => [m.at(-1)!], count: (m) => m.at(-2)! },
];

/** "13786 more of the 40000 lines were counted but not kept", "the first 500 of 2000 lines were counted, not kept". */
const CAPPED_SHAPE = new RegExp(`^(?:${SAYS_THAT})?(?:${NUMBER}\\s+more|the\\s+first\\s+${NUMBER})\\s+of\\s+(?:the\\s+)?${NUMBER}\\s+${lines('line')}\\s+(?:were|are|have\\s+been|(?:shall|should|must|will)\\s+be)\\s+counted(?:,|\\s+but|\\s+and|,\\s+but)?\\s+not\\s+(?:kept|stored)$`, 'i');

const streamName = (text: string) => (/^(stdout|standard\s+output)$/i.test(text) ? 'stdout' : 'stderr');

/** The commands a sentence speaks of: the one its owner names, or every one (some of them is to say it). */
export function commandsOf(owner: string | undefined, o: Observation): CommandRecord[] {
  const all = o.record.commands;
  if (owner === undefined) return all;
  const word = owner.toLowerCase();
  if (word === 'only') return all.length === 1 ? all : [];
  const at = word === 'last' ? all.length - 1 : ORDINALS.indexOf(word);
  return all[at] === undefined ? [] : [all[at]];
}

/** How a reading names the commands OWNER names. */
export const whoOf = (owner: string | undefined) => (owner === undefined ? 'some command' : owner.toLowerCase() === 'last' ? 'the last command' : owner.toLowerCase() === 'only' ? 'the only command' : `command ${ORDINALS.indexOf(owner.toLowerCase()) + 1}`);

function ofCommands(owner: string | undefined, what: string, holds: (c: CommandRecord) => boolean): Check {
  return {
    text: `${whoOf(owner)}: ${what}`,
    evaluate(o) {
      const chosen = commandsOf(owner, o);
      const shown = chosen.map((c) => c.report.split('\n').filter((l) => /^\s*\(|^\s*(stdout|stderr): \.\.\./.test(l)).map((l) => l.trim()).join(' ⏎ ') || 'no note on its lines');
      return { ok: chosen.some(holds), actual: chosen.length === 0 ? 'no such command ran' : shown.join('; ') };
    },
  };
}

const reportLines = (c: CommandRecord) => c.report.split('\n').map((l) => l.trim());
/** The command a shape's subject names by its place: its first group, where the shape opens with a subject. */
export const ownerIn = (m: RegExpExecArray) => (m[1] !== undefined && [...ORDINALS, 'last', 'only'].includes(m[1].toLowerCase()) ? m[1] : undefined);

/** The reading of a sentence that says one of the report's counts of output lines in words; null for any other sentence. */
export function linesShownReading(sentence: string): Reading<Check> | null {
  const text = sentence.trim().replace(/[.;]$/, '').replace(/\s+/g, ' ');
  for (const shape of SHOWN_SHAPES) {
    const m = shape.exec(text);
    if (!m) continue;
    const owner = ownerIn(m);
    const [end, shown, total] = m.slice(-3);
    const [n, of] = [numberOf(shown), numberOf(total)];
    if (!(n < of)) return null;
    const last = end?.toLowerCase() === 'last';
    const first = end?.toLowerCase() === 'first';
    const note = `(Showing ${last ? 'the last ' : ''}${n} of ${of} output lines)`;
    const what = `the report says it shows ${n} of ${of} output lines${last ? ', the last ones' : first ? ', the first ones' : ''}: ${JSON.stringify(note)} (after "Command timed out after …. " too), or the cap's note "(output cut at ${n} lines: … of ${of} lines …)"`;
    return one(ofCommands(owner, what, (c) => reportLines(c).some((l) => {
      const summary = /^\((?:Command timed out after [^)]*?\. )?Showing (the last )?(\d+) of (\d+) output lines\)$/.exec(l);
      if (summary) return +summary[2] === n && +summary[3] === of && (last ? summary[1] !== undefined : first ? summary[1] === undefined : true);
      // The byte cap's note: the kept lines, and the total in "D more of M" (the first ones kept) or "the first D of M" (the last ones).
      const cap = /^\(output cut at (\d+) lines: stored output is capped; (the first )?\d+ (?:more )?of (\d+) lines were counted, not kept\)$/.exec(l);
      return cap !== null && +cap[1] === n && +cap[3] === of && (last ? cap[2] !== undefined : first ? cap[2] === undefined : true);
    })), 'the lines shown of the lines printed');
  }
  for (const shape of OMITTED_SHAPES) {
    const m = shape.re.exec(text);
    if (!m) continue;
    const owner = ownerIn(m);
    const n = numberOf(shape.count(m));
    const streams = shape.streams(m).map(streamName);
    if (n < 1 || new Set(streams).size !== streams.length) return null;
    const indicators = streams.map((s) => `${s}: ... (${n} ${n === 1 ? 'line' : 'lines'} omitted)`);
    return one(ofCommands(owner, `the report has ${indicators.map((x) => JSON.stringify(x)).join(' and ')}`, (c) => indicators.every((x) => reportLines(c).includes(x))), "a stream's lines omitted");
  }
  const capped = CAPPED_SHAPE.exec(text);
  if (capped) {
    const owner = ownerIn(capped);
    const [more, firstOnes, total] = capped.slice(-3);
    const [d, of] = [numberOf(more ?? firstOnes), numberOf(total)];
    const said = more !== undefined ? `${d} more of ${of} lines were counted, not kept` : `the first ${d} of ${of} lines were counted, not kept`;
    return one(ofCommands(owner, `the report's cap note says ${JSON.stringify(said)}`, (c) => reportLines(c).some((l) => /^\(output cut at \d+ lines: stored output is capped; /.test(l) && l.endsWith(`; ${said})`))), 'lines counted but not kept');
  }
  return null;
}

const one = (check: Check, rule: string): Reading<Check> => ({ ok: true, parts: [check], rules: [rule] });
