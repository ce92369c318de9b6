// Where a text stands on a line of what spec-run exec printed, said in the writer's words and read as a whole sentence:
// - a text followed on its line by the configuration file's name ("the report starts with `Error: invalid configuration`
//   followed by the file name", "the operator sees `Error: cannot read` followed by the path of the config file"): the
//   first line printed where the sentence says the report begins (or the first line is) so, any line where it says the
//   report shows or says it;
// - a line by its edges and its indentation ("the report contains an indented note line which begins with `note: …` and
//   which ends with `…`", "has a line that starts with `a` and ends with `b`", "an indented line of the form `x`");
// - the only line a command's output shows, followed by the executor's notes on it ("the only output line is `oops`,
//   followed by `(stdout: output hidden by configuration)`"): the output block, exactly those lines in that order.
// A sentence of any other shape is left to the other rules; a clause after ", and" is read by them on its own.
import type { Observation } from './observation.js';
import type { Reading } from './reading.js';
import type { Check } from './then.js';
import { runLines, textAt, outputLinesOf } from './texts.js';

/** A quoted text: in code marks, or in double quotes where the writer used those. */
const QUOTED = '(?:`([^`]+)`|"([^"`]+)")';
const MODAL = '(?:(?:shall|should|must|will|does|do)\\s+)?';
/** What prints the report: spec-run exec and its output in the writer's nouns, or a reader of it ("the operator sees"). */
const SPEAKER = "(?:(?:the|its)\\s+(?:report|output|error(?:\\s+message)?)|spec-run(?:\\s+exec)?(?:'s|’s)?(?:\\s+output)?|the\\s+runner|it|the\\s+(?:operator|user|reader|developer)|you)";
/** "the first line printed", "the first line of the report": the run's first line. */
const FIRST_LINE = '(?:the\\s+first\\s+line(?:\\s+(?:printed|spec-run(?:\\s+exec)?\\s+prints|of\\s+(?:the|its)\\s+(?:report|output)))?)';
const BEGINS = '(?:begins?|starts?|opens?|beginning|starting|opening)\\s+(?:with|w\\/)';
const ENDS = '(?:ends?|ending|closes?|closing)\\s+(?:with|in|w\\/)';
const SAYS = '(?:says?|shows?|prints?|writes?|reads?|sees?|gets?|reports?|contains?|includes?|has|have|holds?|displays?)';
/** The configuration file's name, as spec-run exec was given it: "the file name", "the file's path", "the name of the config file". */
const FILE_NAME =
  "(?:(?:the\\s+)?(?:(?:configuration|config|hook|yaml|stop[- ]hook)\\s+)?(?:file(?:'s|’s)?\\s+(?:name|path)|filename)|the\\s+(?:name|path)\\s+of\\s+the\\s+(?:(?:configuration|config|hook|yaml|stop[- ]hook)\\s+)?file|the\\s+(?:configuration|config)(?:'s|’s)\\s+(?:file\\s+)?(?:name|path))";
const FOLLOWED_BY_FILE = new RegExp(
  `^(?:(${FIRST_LINE})\\s+${MODAL}(is|reads|be|read|${BEGINS})|${SPEAKER}\\s+${MODAL}(${BEGINS}|${SAYS}))\\s+(?:the\\s+line\\s+)?${QUOTED},?\\s+(?:directly\\s+|immediately\\s+)?followed\\s+(?:directly\\s+|immediately\\s+)?by\\s+${FILE_NAME}(\\s+and\\s+a\\s+colon)?$`,
  'i',
);

/** A line of the report by its kind: an executor's note (`note: …`), a refused configuration's problem (`file:line:col: …`). */
const KINDS: Record<string, (line: string) => boolean> = {
  note: (l) => /^note: /.test(l),
  notice: (l) => /^note: /.test(l),
  problem: (l) => /^[^\s:]+:\d+:\d+: /.test(l),
};
const WHICH = '(?:(?:that|which)\\s+)?';
const LINE_BY_EDGES = new RegExp(
  `^(?:${SPEAKER}\\s+${MODAL}(?:contains?|has|have|holds?|includes?|shows?|prints?)|there\\s+(?:is|${MODAL}be))\\s+an?\\s+(indented\\s+)?(?:(note|notice|problem)\\s+)?line\\s+` +
    `(?:(?:of\\s+the\\s+form|${WHICH}reads|reading)\\s+${QUOTED}|${WHICH}${BEGINS}\\s+${QUOTED}(?:,?\\s+and\\s+${WHICH}${ENDS}\\s+${QUOTED})?|${WHICH}${ENDS}\\s+${QUOTED}|${QUOTED})$`,
  'i',
);

/** "the only output line is `a`, followed by `(…)`": the output's only printed line, and the executor's notes after it. */
const ONLY_LINE = new RegExp(`^(?:the|its)\\s+only\\s+(?:output\\s+)?line(?:\\s+(?:shown|kept|printed|displayed|of\\s+(?:the\\s+)?output))?\\s+${MODAL}(?:is|be)\\s+${QUOTED},?\\s+followed\\s+by\\s+(.+)$`, 'i');
const NOTES = new RegExp(`^${QUOTED}(?:(?:,\\s*|,?\\s+and\\s+)${QUOTED})?$`, 'i');

const quoted = (m: RegExpExecArray, at: number) => m[at] ?? m[at + 1];
/** A note of the executor's on the lines an output block shows ("(stdout: output hidden by configuration)", "stdout: ... (3 lines omitted)"). */
const executorNote = (text: string) => /^\(.*\)$/.test(text.trim()) || /^(stdout|stderr): \.\.\. \(/.test(text.trim());

/** Where TEXT stands on LINE, the name following it (after spaces), and what follows the name. */
function followedByName(line: string, text: string, name: string, colon: boolean): boolean {
  for (let from = 0, found = textAt(text, line, from); found; found = textAt(text, line, found.start + 1)) {
    const rest = line.slice(found.end).replace(/^\s*/, '');
    if (rest.startsWith(name) && (!colon || rest.slice(name.length).startsWith(':'))) return true;
  }
  return false;
}

function fileFollows(text: string): Check | null {
  const m = FOLLOWED_BY_FILE.exec(text);
  if (!m) return null;
  const [, firstLine, firstVerb, speakerVerb] = m;
  const said = quoted(m, 4).trim();
  const colon = m[6] !== undefined;
  const edge = firstLine !== undefined || new RegExp(`^${BEGINS}$`, 'i').test(speakerVerb ?? '');
  const whole = firstLine !== undefined && /^(is|reads|be|read)$/i.test(firstVerb);
  const where = edge ? 'the first line spec-run exec printed' : 'a line spec-run exec printed';
  const how = whole ? 'is' : edge ? 'begins with' : 'holds';
  const tail = whole ? ` (and nothing after it but ${colon ? 'the colon' : 'a colon'})` : colon ? ', then a colon' : '';
  return {
    text: `${where} ${how} ${JSON.stringify(said)} followed by the configuration file's name as spec-run exec was given it${tail}`,
    evaluate(o: Observation) {
      const name = o.configName;
      const lines = runLines(o);
      const candidates = edge ? lines.slice(0, 1) : lines;
      const ok =
        name !== undefined &&
        candidates.some((line) => {
          if (edge && textAt(said, line)?.start !== 0) return false;
          if (!followedByName(line, said, name, colon)) return false;
          return !whole || new RegExp(`^\\s*${escape(name)}:?\\s*$`).test(line.slice(textAt(said, line)!.end));
        });
      return { ok, actual: `${name === undefined ? 'no file name known; ' : `the file is ${JSON.stringify(name)}; `}${edge ? 'the first line is' : 'the lines are'} ${JSON.stringify(candidates.slice(0, 8))}` };
    },
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function lineByEdges(text: string, bothEdges = false): Check | null {
  const m = LINE_BY_EDGES.exec(text);
  if (!m || (bothEdges && quoted(m, 7) === undefined)) return null;
  const indented = m[1] !== undefined;
  const kind = m[2]?.toLowerCase();
  const whole = quoted(m, 3) ?? quoted(m, 11);
  const begins = quoted(m, 5);
  const ends = quoted(m, 7) ?? quoted(m, 9);
  // "a note line `x`", "a line of the form `x`", without indentation or edges, is what the texts of the report read.
  if (!indented && whole !== undefined) return null;
  const said = [
    whole !== undefined ? `reads ${JSON.stringify(whole)} whole` : '',
    begins !== undefined ? `begins with ${JSON.stringify(begins)}` : '',
    ends !== undefined ? `ends with ${JSON.stringify(ends)}` : '',
  ].filter((s) => s !== '');
  const kindSaid = kind === undefined ? '' : kind === 'problem' ? ' problem (`file:line:col:`)' : ' note (`note:`)';
  return {
    text: `spec-run exec printed a${indented ? 'n indented' : ''}${kindSaid} line that ${said.join(' and ')}${indented ? ' (indented: spaces before its first word)' : ''}`,
    evaluate(o: Observation) {
      // A note or a problem is the executor's line: never one a command printed ("  note: …" echoed by a command's own script).
      const printed = new Set(o.record.commands.flatMap((c) => c.lines.map((l) => l.text)));
      const lines = runLines(o).filter((l) => kind === undefined || !printed.has(l));
      const fits = (line: string) => {
        const content = line.trim();
        if (indented && !/^[ \t]+\S/.test(line)) return false;
        if (kind !== undefined && !KINDS[kind](content)) return false;
        if (whole !== undefined) {
          const at = textAt(whole.trim(), content);
          return at !== null && at.start === 0 && at.end === content.length;
        }
        const head = begins === undefined ? null : textAt(begins.trimStart(), content);
        if (begins !== undefined && head?.start !== 0) return false;
        if (ends === undefined) return true;
        const last = ends.trimEnd();
        for (let found = textAt(last, content); found; found = textAt(last, content, found.start + 1)) if (found.end === content.length && found.start >= (head?.end ?? 0)) return true;
        return false;
      };
      const near = lines.filter((l) => (kind === undefined ? /\S/.test(l) : KINDS[kind](l.trim()))).slice(0, 10);
      return { ok: lines.some(fits), actual: JSON.stringify(near) };
    },
  };
}

function onlyLineThenNotes(text: string): Check | null {
  const m = ONLY_LINE.exec(text);
  if (!m) return null;
  const only = quoted(m, 1);
  const rest = NOTES.exec(m[3].trim());
  if (!rest) return null;
  const notes = [quoted(rest, 1), quoted(rest, 3)].filter((n): n is string => n !== undefined);
  // "the only line is `a`, followed by `b`" where `b` is a line a command prints says two lines, not one: no reading.
  if (executorNote(only) || !notes.every(executorNote)) return null;
  const expected = [only, ...notes].map((t) => t.trim());
  return {
    text: `some command: its output block is exactly ${expected.map((e) => JSON.stringify(e)).join(', then ')} (one line it printed, then the executor's note${notes.length > 1 ? 's' : ''})`,
    evaluate(o: Observation) {
      const blocks = o.record.commands.map((c) => outputLinesOf(c).map((l) => l.trim()));
      const ok = blocks.some((b) => b.length === expected.length && b.every((l, i) => textAt(expected[i], l)?.start === 0 && textAt(expected[i], l)?.end === l.length));
      return { ok, actual: blocks.length === 0 ? 'no command ran' : blocks.map((b, i) => `command ${i + 1}: ${JSON.stringify(b)}`).join('; ') };
    },
  };
}

/**
 * The reading of a sentence placing a text on a line of what spec-run exec printed, in one of the shapes above, with any
 * clauses after ", and" read by READ_REST; null for a sentence of any other shape, or whose other clauses are not read.
 * With BOTH_EDGES, only "a line that begins with `a` and ends with `b`": one line, which the texts of the report read as
 * two facts (a line begins with `a`, the report ends with `b`), so this reading goes before theirs.
 */
export function positionReading(sentence: string, readRest: (clause: string) => Reading<Check>, bothEdges = false): Reading<Check> | null {
  const text = sentence.trim().replace(/[.;]$/, '').replace(/\s+/g, ' ');
  const clauses = text.split(/,\s+and\s+(?=(?:the|its|it|spec-run|no|nothing)\b)/i);
  const first = clauses[0];
  const check = bothEdges ? lineByEdges(first, true) : (fileFollows(first) ?? lineByEdges(first) ?? onlyLineThenNotes(first));
  if (check === null) return null;
  const others = clauses.slice(1).map(readRest);
  if (others.some((r) => !r.ok)) return null;
  const parts = [check, ...others.flatMap((r) => (r.ok ? r.parts : []))];
  return { ok: true, parts, rules: ['a text placed on a line of what spec-run exec printed', ...others.flatMap((r) => (r.ok ? r.rules : []))] };
}
