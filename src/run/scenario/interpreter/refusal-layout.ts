// The layout of a refused configuration's report, as a sequence of lines in what spec-run exec printed: its first line
// `Error: invalid configuration FILE:`, then the problem lines, each indented, each opening with its place
// (`FILE:LINE:COLUMN: `), one per problem. Writers say it in one sentence, its parts joined by the connectives of order
// ("followed by", "and then", ", then", ", and … follows"):
// - "the first line printed is `Error: invalid configuration bad.yaml:`, and each problem follows on an indented line
//   beginning with `bad.yaml:LINE:COLUMN:`, in the order of the file";
// - "the output starts with `Error: invalid configuration stop.yaml:` followed by five indented problem lines, each
//   beginning with `stop.yaml:<line>:<column>:` and the field's path";
// - "five indented problem lines follow, in file order, the first reading `controls.yaml:2:19: …`";
// - "prints `Error: invalid configuration hook.yaml:` and then one indented line per problem, each indented by two spaces".
// And a problem line quoted whole, said indented ("the runner reports `f.yaml:2:13: …`, indented by two spaces"): that
// line, printed with that indentation. Every word of the sentence is one of these parts, or it is not read here; what the
// problem lines are said to begin with is checked where it is a literal (a file's name), and the placeholders of a place
// (`LINE`, `<line>`, `<column>`) are its numbers. A line given as an example ("such as `…`") is not read here.
import type { Observation } from './observation.js';
import type { Reading } from './reading.js';
import type { Check } from './then.js';
import { runLines } from './texts.js';
import { conceptWords } from './lexicon.js';
import { fieldPath } from './problem-texts.js';

const NUMBER_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const COUNT = `(\\d{1,2}|${NUMBER_WORDS.join('|')})`;
const countOf = (word: string) => (/^\d+$/.test(word) ? Number(word) : NUMBER_WORDS.indexOf(word.toLowerCase()) + 1);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ORDER = `(?:${conceptWords('FILE_ORDER').map((w) => escape(w).replace(/\s+/g, '\\s+')).join('|')})`;
const MODAL = '(?:(?:shall|should|must|will|does|do)\\s+)?';
/** spec-run exec or its output as the subject of a verb that prints. */
const SPEAKER = "(?:(?:the|its)\\s+(?:report|output|error(?:\\s+message)?)|(?:npx\\s+)?spec-run(?:\\s+exec)?(?:\\s+[\\w./-]+\\.ya?ml)?|the\\s+runner|it)";
/** The header, quoted: `Error: invalid configuration FILE:`. */
const HEADER = '`Error: invalid configuration ([^`\\s]+):`';
const HEAD = new RegExp(
  `^(?:(the\\s+first\\s+line(?:\\s+(?:printed|of\\s+(?:the|its)\\s+(?:report|output)))?\\s+${MODAL}(?:is|reads|be))|${SPEAKER}\\s+${MODAL}((?:starts|begins|opens|start|begin|open)\\s+with|prints|print|shows|show|writes|write))\\s+${HEADER}`,
  'i',
);
/** What joins the header to the problem lines. */
const JOIN = /^(?:,?\s+followed\s+by\s+|,?\s+and\s+then\s+|,\s+then\s+|\s+then\s+|,\s+and\s+(?=each\s+problem\b|(?:exactly\s+)?\S+\s+(?:indented\s+)?(?:problem|error)\s+lines\s+follow))/i;
/** The problem lines, in the writer's words: (count said or one per problem, indented or not, whether they are said to follow). */
const LINES_SAID: [RegExp, (m: RegExpExecArray) => { count?: number; each: boolean; indented: boolean }][] = [
  [new RegExp(`^each\\s+problem\\s+(?:follows|comes|is\\s+printed|stands)\\s+on\\s+(?:an|its\\s+own)\\s+(indented\\s+)?line`, 'i'), (m) => ({ each: true, indented: m[1] !== undefined })],
  [new RegExp(`^one\\s+(indented\\s+)?line\\s+(?:per|for\\s+each)\\s+problem`, 'i'), (m) => ({ each: true, indented: m[1] !== undefined })],
  [new RegExp(`^(?:exactly\\s+)?${COUNT}\\s+(indented\\s+)?(?:problem|error)\\s+lines(?:\\s+follow)?`, 'i'), (m) => ({ count: countOf(m[1]), each: false, indented: m[2] !== undefined })],
];
/** What else is said of the problem lines, after a comma each. */
const MODIFIERS: [RegExp, string][] = [
  [new RegExp(`^,?\\s+(?:each\\s+)?(?:beginning|starting|opening)\\s+with\\s+\`([^\`]+)\`(\\s+and\\s+the\\s+field(?:'s|’s)\\s+path)?`, 'i'), 'begins'],
  [/^,?\s+(?:each\s+)?indented\s+by\s+(two|2|four|4)\s+spaces/i, 'spaces'],
  [new RegExp(`^,?\\s+${ORDER}`, 'i'), 'order'],
  [/^,?\s+the\s+first\s+(?:one\s+)?(?:reading|being|is)\s+`([^`]+)`/i, 'first'],
];

interface Layout {
  header?: string;
  /** Whether the header is said to be the first line ("starts with", "the first line is"), not only printed. */
  first_line: boolean;
  count?: number;
  each: boolean;
  indented: boolean;
  spaces?: number;
  begins?: string;
  fieldPath: boolean;
  order: boolean;
  first?: string;
}

/** A place's placeholder in a quoted beginning: `LINE`, `<line>`, `COLUMN`, `<col>`, `N`. */
const PLACE_HOLDER = /^(?:<\s*(?:line|col|column|row|n|number)\s*>|LINE|COLUMN|COL|ROW|N|L|C)$/i;
/** A file's placeholder: `<file>`, `FILE`, `<config>`. */
const FILE_HOLDER = /^(?:<\s*(?:file|filename|file-?name|config|path|yaml)\s*>|FILE|FILENAME|PATH)$/i;

/** The file a quoted beginning names (null for a placeholder), or undefined where it is no beginning of a place. */
function placeBeginning(text: string): string | null | undefined {
  const parts = text.trim().replace(/:$/, '').split(':');
  if (parts.length !== 3) return undefined;
  const [file, line, column] = parts;
  if (![line, column].every((p) => /^\d+$/.test(p) || PLACE_HOLDER.test(p))) return undefined;
  if (FILE_HOLDER.test(file)) return null;
  return /^[\w./-]+\.ya?ml$/.test(file) ? file : undefined;
}

function parse(sentence: string): Layout | null {
  let rest = sentence.trim().replace(/[.;]$/, '').replace(/\s+/g, ' ');
  const layout: Layout = { first_line: false, each: false, indented: false, fieldPath: false, order: false };
  const head = HEAD.exec(rest);
  if (head) {
    layout.header = head[3];
    layout.first_line = head[1] !== undefined || /^(?:start|begin|open)/i.test(head[2] ?? '');
    rest = rest.slice(head[0].length);
    const join = JOIN.exec(rest);
    if (!join) return null;
    rest = rest.slice(join[0].length);
  }
  const said = LINES_SAID.map(([re, read]) => [re.exec(rest), read] as const).find(([m]) => m !== null);
  if (!said) return null;
  const [m, read] = said as [RegExpExecArray, (typeof LINES_SAID)[number][1]];
  Object.assign(layout, read(m));
  // Without the header, the lines are said to follow it: "five problem lines follow".
  if (layout.header === undefined && !/\bfollow$/i.test(m[0]) && !/^each\s+problem\s+follows/i.test(m[0])) return null;
  rest = rest.slice(m[0].length);
  const seen = new Set<string>();
  while (rest !== '') {
    const found = MODIFIERS.map(([re, kind]) => [re.exec(rest), kind] as const).find(([x]) => x !== null);
    if (!found) return null;
    const [x, kind] = found as [RegExpExecArray, string];
    if (seen.has(kind)) return null;
    seen.add(kind);
    if (kind === 'begins') {
      const file = placeBeginning(x[1]);
      if (file === undefined) return null;
      if (file !== null && layout.header !== undefined && file !== layout.header) return null;
      layout.begins = file ?? '';
      layout.fieldPath = x[2] !== undefined;
    } else if (kind === 'spaces') {
      layout.indented = true;
      layout.spaces = countOf(x[1]);
    } else if (kind === 'order') layout.order = true;
    else if (kind === 'first') {
      if (!/^[^\s:]+:\d+:\d+: /.test(x[1])) return null;
      layout.first = x[1].trim();
    }
    rest = rest.slice(x[0].length);
  }
  return layout;
}

const PLACE = /^\s*([^\s:]+):(\d+):(\d+): (.*)$/;

function layoutCheck(l: Layout): Check {
  const said = [
    l.header !== undefined ? `${l.first_line ? 'the first line printed is' : 'a line printed is'} "Error: invalid configuration ${l.header}:", and after it` : 'after the line "Error: invalid configuration …:"',
    l.count !== undefined ? `exactly ${l.count} problem line(s)` : 'one problem line per problem of the configuration (at least one)',
    l.indented ? `each indented${l.spaces === undefined ? ' (spaces before it)' : ` by ${l.spaces} spaces`}` : '',
    `each opening with its place FILE:LINE:COLUMN:${l.begins ? ` of ${JSON.stringify(l.begins)}` : ''}${l.fieldPath ? " and then the field's path" : ''}`,
    l.order ? 'their places in the order of the file' : '',
    l.first !== undefined ? `the first reading ${JSON.stringify(l.first)}` : '',
  ].filter((s) => s !== '');
  return {
    text: `${said[0]} ${said.slice(1).join(', ')}; nothing else follows`,
    evaluate(o: Observation) {
      const lines = runLines(o).filter((x) => x.trim() !== '');
      const at = lines.findIndex((x) => /^Error: invalid configuration \S.*:$/.test(x));
      const actual = JSON.stringify(lines.slice(0, 12));
      if (at < 0 || (l.header !== undefined && ((l.first_line && at !== 0) || lines[at] !== `Error: invalid configuration ${l.header}:`))) return { ok: false, actual };
      const problems = lines.slice(at + 1);
      const places = problems.map((x) => PLACE.exec(x));
      const ok =
        problems.length > 0 &&
        places.every((p) => p !== null) &&
        (l.count === undefined || problems.length === l.count) &&
        (!l.each || problems.length === o.record.errors.length) &&
        problems.every((x) => !l.indented || (l.spaces === undefined ? /^[ \t]+\S/.test(x) : new RegExp(`^ {${l.spaces}}\\S`).test(x))) &&
        places.every((p) => !l.begins || p![1] === l.begins) &&
        places.every((p) => !l.fieldPath || fieldPath(/^([^\s:]+):/.exec(p![4])?.[1] ?? '')) &&
        (!l.order || places.every((p, i) => i === 0 || +p![2] > +places[i - 1]![2] || (+p![2] === +places[i - 1]![2] && +p![3] >= +places[i - 1]![3]))) &&
        (l.first === undefined || problems[0].trim() === l.first);
      return { ok, actual: `${actual} (${o.record.errors.length} problem(s) found)` };
    },
  };
}

/** "reports `f.yaml:2:13: …`, indented by two spaces": the line quoted, printed with that indentation. */
const QUOTED_INDENTED = /`([^`]+)`,?\s+(?:indented\s+by\s+(two|2|four|4)\s+spaces|indented)(?=,\s+and\s+|\s+and\s+|[.;]?$)/i;

function quotedIndented(sentence: string, readRest: (s: string) => Reading<Check>): Reading<Check> | null {
  const m = QUOTED_INDENTED.exec(sentence);
  if (!m || !PLACE.test(m[1])) return null;
  const without = sentence.slice(0, m.index + m[1].length + 2) + sentence.slice(m.index + m[0].length);
  const rest = readRest(without);
  if (!rest.ok) return null;
  const text = m[1].trim();
  const spaces = m[2] === undefined ? undefined : countOf(m[2]);
  const check: Check = {
    text: `a line spec-run exec printed is ${JSON.stringify(text)}, indented${spaces === undefined ? ' (spaces before it)' : ` by ${spaces} spaces`}`,
    evaluate(o: Observation) {
      const lines = runLines(o);
      const ok = lines.some((x) => x.trim() === text && (spaces === undefined ? /^[ \t]+\S/.test(x) : new RegExp(`^ {${spaces}}\\S`).test(x)));
      return { ok, actual: JSON.stringify(lines.filter((x) => x.includes(text.slice(0, 12))).slice(0, 4)) };
    },
  };
  return { ok: true, parts: [...rest.parts, check], rules: [...rest.rules, 'a problem line quoted, said indented'] };
}

/** The reading of a sentence saying the layout of a refusal's lines, in the shapes above; null for any other sentence. */
export function refusalLayoutReading(sentence: string, readRest: (s: string) => Reading<Check>): Reading<Check> | null {
  const text = sentence.trim().replace(/\s+/g, ' ');
  const clauses = text.replace(/[.;]$/, '').split(/,\s+and\s+(?=(?:spec-run|it|the\s+exit|exits|the\s+run)\b)/i);
  const layout = parse(clauses[0]);
  if (layout !== null) {
    // "…, and exits with status 2": a clause without its subject is said of spec-run exec.
    const others = clauses.slice(1).map((c) => readRest(/^exits?\b/i.test(c) ? `spec-run exec ${c}` : c));
    if (others.some((r) => !r.ok)) return null;
    return { ok: true, parts: [layoutCheck(layout), ...others.flatMap((r) => (r.ok ? r.parts : []))], rules: ["the layout of a refusal's lines", ...others.flatMap((r) => (r.ok ? r.rules : []))] };
  }
  return quotedIndented(text, readRest);
}
