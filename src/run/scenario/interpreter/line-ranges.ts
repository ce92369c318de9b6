// Ranges of the command's printed lines named by number, shown and not shown: "lines 1 to 5 are shown, 6 to 20 aren't",
// "the stdout lines 16 to 20 are shown and 1 to 15 are not", "line 7 is absent". Writers name a line by the number it
// prints (`seq` and the like print numbered lines: "stderr lines 101 to 105" of `seq 101 105 >&2`), so line k is the
// shown line whose text is exactly k. A range said not shown is checked as no shown line reading any of its numbers,
// and its stream (any, where none is named) having left out at least as many lines as the range holds: lines never
// printed are not "not shown". Read only where the whole sentence is one of these shapes.
import type { CommandRecord } from '../../../executor/record.js';
import type { StreamName } from '../../../executor/output.js';
import type { Reading } from './reading.js';
import type { Check } from './then.js';

const STREAM = '(stdout|stderr|standard\\s+output|standard\\s+error)';
const TO = '(?:to|through|thru|-|–|until)';
const RANGE = `(\\d{1,5})(?:\\s*${TO}\\s*(\\d{1,5}))?`;
const LINES = `(?:the\\s+)?(?:${STREAM}\\s+)?lines?\\s+${RANGE}(?:\\s+(?:of|on|from)\\s+${STREAM})?`;
const SHOWN = '(?:shown|displayed|kept|visible|present|printed\\s+in\\s+the\\s+report|in\\s+the\\s+report)';
const IS = "(?:are|is|were|was|(?:shall|should|must|will)\\s+be)";
const IS_NOT = "(?:are\\s+not|aren't|aren’t|is\\s+not|isn't|isn’t|were\\s+not|weren't|weren’t|was\\s+not|wasn't|wasn’t|(?:shall|should|must|will)\\s+not\\s+be|(?:shan't|shouldn't|mustn't|won't)\\s+be)";
const ABSENT = `(?:${IS}\\s+(?:absent|missing|omitted|left\\s+out|dropped|hidden|not\\s+shown)|${IS_NOT}(?:\\s+${SHOWN})?)`;
/** "lines 1 to 5 are shown", "line 7 is absent": the first range; its stream before or after. */
const FIRST = new RegExp(`^${LINES}\\s+(?:(${IS}\\s+${SHOWN})|(${ABSENT}))`, 'i');
/** ", 6 to 20 aren't", "and lines 1 to 15 are not shown": a second range, said the other way. */
const SECOND = new RegExp(`^(?:,\\s*(?:and\\s+|but\\s+|while\\s+)?|\\s+(?:and|but|while)\\s+)(?:lines?\\s+)?${RANGE}\\s+(?:(${IS}\\s+${SHOWN})|(${ABSENT}))$`, 'i');

interface Range { from: number; to: number; shown: boolean }

const streamName = (text: string): StreamName => (/^(stdout|standard\s+output)$/i.test(text) ? 'stdout' : 'stderr');
const numbers = (r: Range) => Array.from({ length: r.to - r.from + 1 }, (_, i) => r.from + i);
const named = (r: Range) => (r.from === r.to ? `line ${r.from}` : `lines ${r.from} to ${r.to}`);

function holds(c: CommandRecord, stream: StreamName | undefined, ranges: Range[]): boolean {
  const texts = new Set(c.lines.filter((l) => stream === undefined || l.stream === stream).map((l) => l.text));
  const leftOut = stream === undefined ? c.streams.stdout.omitted + c.streams.stderr.omitted : c.streams[stream].omitted;
  return ranges.every((r) => (r.shown ? numbers(r).every((k) => texts.has(String(k))) : numbers(r).every((k) => !texts.has(String(k))) && leftOut >= numbers(r).length));
}

/** The reading of a sentence naming ranges of printed lines by number as shown or not; null for any other sentence. */
export function lineRangesReading(sentence: string): Reading<Check> | null {
  const text = sentence.trim().replace(/[.;]$/, '').replace(/\s+/g, ' ');
  const first = FIRST.exec(text);
  if (!first) return null;
  const [, before, from, to, after, shownWord] = first;
  if (before !== undefined && after !== undefined) return null;
  const ranges: Range[] = [{ from: +from, to: +(to ?? from), shown: shownWord !== undefined }];
  const rest = text.slice(first[0].length);
  if (rest !== '') {
    const second = SECOND.exec(rest);
    if (!second) return null;
    const [, from2, to2, shown2] = second;
    ranges.push({ from: +from2, to: +(to2 ?? from2), shown: shown2 !== undefined });
  }
  if (ranges.some((r) => r.to < r.from || r.to - r.from > 10000)) return null;
  const streamText = before ?? after;
  const stream = streamText === undefined ? undefined : streamName(streamText);
  const on = stream ?? 'output';
  const lost = stream ?? 'stdout and stderr together';
  const said = ranges.map((r) => (r.shown ? `${named(r)} shown: a shown ${on} line reads each of ${r.from}…${r.to}` : `${named(r)} not shown: no shown ${on} line reads any of ${r.from}…${r.to}, and ${lost} left out at least ${numbers(r).length} line(s)`));
  const check: Check = {
    text: `some command: ${said.join('; ')}`,
    evaluate(o) {
      const all = o.record.commands;
      const shown = all.map((c) => `command ${c.index + 1} shows ${JSON.stringify(c.lines.filter((l) => stream === undefined || l.stream === stream).map((l) => l.text).slice(0, 12))}${c.lines.length > 12 ? '…' : ''} (${c.streams.stdout.omitted} stdout, ${c.streams.stderr.omitted} stderr left out)`);
      return { ok: all.some((c) => holds(c, stream, ranges)), actual: all.length === 0 ? 'no command ran' : shown.join('; ') };
    },
  };
  return { ok: true, parts: [check], rules: ['ranges of printed lines by number, shown and not'] };
}
