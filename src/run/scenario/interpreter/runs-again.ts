// A Then about another run of the scenario's configuration than the one its Whens made. Two frames:
// - the run repeated with the same log ("running the same configuration again with the same `--log` leaves two
//   lines in the file", "a second run appends a second line and keeps the first", "after a second run the file has
//   two lines, the first one is not overwritten"): the configuration is run twice in one fresh directory, and what
//   is said of the log is read from a closed set of claims about how the second run left it (a count of its lines,
//   lines added, the first run's lines kept at its head), every clause of the sentence one of them;
// - the run made with options the Then names for itself ("With `--log ff.jsonl`, the log gets one line with …",
//   "w/ just `--log events.log` …", "With `--log-failures` also, …"): the same configuration run with those options of
//   spec-run exec, the rest of the sentence read as any Then and checked of that run.
// Anything else in such a sentence (a negation, a quantity, a word of no claim below) leaves it unread.
import type { Check, Verdict } from './then.js';
import type { Observation, Rerun } from './observation.js';
import type { Invocation } from './when.js';
import type { Reading } from './reading.js';

const NUMBER = String.raw`(one|two|three|four|five|six|seven|eight|nine|ten|\d+)`;
const ORDINAL = String.raw`(second|third|fourth|fifth|2nd|3rd|4th|5th)`;
const numberOf = (word: string): number => (/^\d+$/.test(word) ? Number(word) : ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'].indexOf(word.toLowerCase()) + 1);
const ordinalOf = (word: string): number => (/^\d/.test(word) ? Number(word[0]) : ['second', 'third', 'fourth', 'fifth'].indexOf(word.toLowerCase()) + 2);

/** What the run is said again of: the configuration, its file, the command line that ran it, or "it". */
const SAME_RUN = String.raw`(?:it|this|the\s+same\s+(?:command\s+line|command|configuration(?:\s+file)?|config(?:\s+file)?|file|hook|invocation)|the\s+(?:configuration|hook|command\s+line))`;
/** The log said the same: `--log` (its file), the log, the event log. */
const SAME_LOG = String.raw`(?:with|w/|against|using)\s+the\s+same\s+(?:\`--log\`|--log|(?:event\s+)?log)(?:\s+file)?`;
const AGAIN = String.raw`(?:a\s+second\s+time|again|once\s+more)`;
const REPEATED = [
  new RegExp(String.raw`^(?:running|re-?running|run)\s+${SAME_RUN}\s+${AGAIN}(?:\s*,?\s+${SAME_LOG})?\s*,?\s+`, 'i'),
  new RegExp(String.raw`^(?:a|the)\s+(?:second|repeated)\s+run(?:\s+of\s+${SAME_RUN})?(?:\s*,?\s+${SAME_LOG})?\s*,?\s+`, 'i'),
  // "after a second run (with the same --log) the file has …": the claim's own subject follows.
  new RegExp(String.raw`^(?:after\s+(?:a|the)\s+second\s+run(?:\s+of\s+${SAME_RUN})?|after\s+running\s+${SAME_RUN}\s+${AGAIN}|once\s+(?:it\s+has\s+been\s+|it\s+is\s+)?run\s+again)(?:\s*,?\s+${SAME_LOG})?\s*,?\s+`, 'i'),
];

/** The log the second run leaves, said of it: a count, lines added, the first run's kept. */
interface LogClaim {
  text: string;
  holds(first: readonly string[], second: readonly string[]): boolean;
}

const SUBJECT = String.raw`(?:(?:it|the\s+(?:log\s+|--log\s+|event\s+log\s+)?file|the\s+(?:event\s+)?log)\s+)?`;
const FIRST = String.raw`(?:the\s+first(?:\s+(?:one|line|run's\s+lines?))?|it|the\s+(?:log\s+)?file|the\s+log)`;
const KEPT = "the second run appends: the first run's lines stay, unchanged, at the head of the --log file";
const kept = (first: readonly string[], second: readonly string[]) => first.length > 0 && second.length > first.length && first.every((line, i) => second[i] === line);
const eventOf = (line: string): unknown => {
  try {
    return (JSON.parse(line) as { event?: unknown }).event;
  } catch {
    return undefined;
  }
};
/** "such lines": lines of the kind the first run wrote, each holding an event one of its lines holds. */
const suchAs = (first: readonly string[], second: readonly string[]) => second.every((line) => first.some((f) => eventOf(f) !== undefined && eventOf(f) === eventOf(line)));

const CLAIMS: { pattern: RegExp; claim: (m: RegExpExecArray) => LogClaim }[] = [
  {
    // "leaves two (such) lines in the file", "the file has 2 lines", "leaving four".
    pattern: new RegExp(String.raw`^${SUBJECT}(?:leaves|leaving|has|holds|contains|now\s+(?:has|holds)|ends\s+up\s+with|is\s+left\s+with)\s+(?:exactly\s+)?${NUMBER}(?:\s+(such))?(?:\s+lines?)?(?:\s+in\s+(?:the\s+(?:log\s+)?file|it|the\s+log))?$`, 'i'),
    claim: (m) => ({ text: `the --log file then has ${numberOf(m[1])} line(s)${m[2] ? ' of the events the first run logged' : ''}`, holds: (first, second) => second.length === numberOf(m[1]) && (!m[2] || suchAs(first, second)) }),
  },
  {
    // "appends a second (such) line", "adds a second line": one line more, which is the Nth.
    pattern: new RegExp(String.raw`^${SUBJECT}(?:appends|adds|writes|gains|gets)\s+(?:a|one)\s+${ORDINAL}(?:\s+(such))?\s+line$`, 'i'),
    claim: (m) => ({ text: `the second run adds one line, the --log file's line ${ordinalOf(m[1])}${m[2] ? ', of an event the first run logged' : ''}`, holds: (first, second) => second.length === ordinalOf(m[1]) && second.length - first.length === 1 && (!m[2] || suchAs(first, second)) }),
  },
  {
    // "appends two more lines".
    pattern: new RegExp(String.raw`^${SUBJECT}(?:appends|adds|writes|gains|gets)\s+${NUMBER}\s+more(?:\s+(such))?\s+lines?$`, 'i'),
    claim: (m) => ({ text: `the second run adds ${numberOf(m[1])} line(s) to the --log file${m[2] ? ' of the events the first run logged' : ''}`, holds: (first, second) => second.length - first.length === numberOf(m[1]) && (!m[2] || suchAs(first, second)) }),
  },
  {
    // "it appends", "the log is appended to", "each run appends".
    pattern: new RegExp(String.raw`^(?:${SUBJECT}appends(?:\s+to\s+(?:it|the\s+(?:log\s+)?file|the\s+log))?|${FIRST}\s+is\s+appended\s+to|each\s+run\s+appends)$`, 'i'),
    claim: () => ({ text: KEPT, holds: kept }),
  },
  {
    // "keeps the first", "instead of / rather than replacing the first", "the first one is not overwritten",
    // "never overwritten", "doesn't overwrite", "nothing gets overwritten", "instead of starting the file over",
    // "the first run's line still first".
    pattern: new RegExp(
      String.raw`^(?:(?:and\s+)?keeps\s+${FIRST}|(?:instead\s+of|rather\s+than)\s+(?:replacing|overwriting|rewriting)\s+${FIRST}|instead\s+of\s+starting\s+(?:the\s+(?:log\s+)?file|it)\s+over|${FIRST}\s+(?:is|being)\s+(?:not|never)\s+(?:overwritten|replaced|rewritten|truncated)|never\s+(?:overwritten|rewritten|replaced|truncated)|(?:does\s+not|doesn't|never)\s+(?:overwrites?|replaces?|rewrites?|truncates?)(?:\s+${FIRST})?|nothing\s+(?:gets|is)\s+(?:overwritten|replaced|rewritten)|the\s+first\s+run's\s+lines?\s+(?:still\s+)?first)$`,
      'i',
    ),
    claim: () => ({ text: KEPT, holds: kept }),
  },
];

/** The claims of REST, each clause one of CLAIMS; null when a clause is none. */
function logClaims(rest: string): LogClaim[] | null {
  const clauses = rest
    .replace(/[.]$/, '')
    .split(/\s*(?:[,;:()—]|\s-\s)\s*|\s+(?=and\s+keeps\b|instead\s+of\b|rather\s+than\b)|\s+and\s+(?!keeps\b)/i)
    .map((c) => c.trim().replace(/^(?:and|then|so|but)\s+/i, ''))
    .filter((c) => c !== '');
  if (clauses.length === 0) return null;
  const claims: LogClaim[] = [];
  for (const clause of clauses) {
    const found = CLAIMS.map(({ pattern, claim }) => {
      const m = pattern.exec(clause);
      return m ? claim(m) : null;
    }).find((c) => c !== null);
    if (!found) return null;
    // "(appends, doesn't overwrite)": one fact said twice is checked once.
    if (!claims.some((c) => c.text === found.text)) claims.push(found);
  }
  return claims;
}

const NO_LOG: Verdict = { ok: false, actual: 'the run has no --log file to run again with' };

/** A check of CLAIM, of the scenario's configuration run twice in one directory with its `--log`. */
function repeatedCheck(claim: LogClaim): Check {
  return {
    text: `run again in the same directory with the same --log: ${claim.text}`,
    async evaluate(o: Observation): Promise<Verdict> {
      if (!o.log) return NO_LOG;
      const twice = await o.rerun({ times: 2 });
      const first = twice.logBefore?.[0]?.lines ?? [];
      const second = twice.log?.lines ?? [];
      return { ok: claim.holds(first, second), actual: `after the first run ${first.length} line(s), after the second ${second.length}: ${second.join(' ⏎ ').slice(0, 600)}` };
    },
  };
}

/** "With `--log x.jsonl --log-failures` also, …": the options (one or two code spans), and which of the scenario's they leave. */
const WITH_OPTIONS = /^(?:with|w\/|when\s+run\s+with|run\s+with)\s+(just\s+|only\s+)?((?:`[^`]+`)(?:\s+(?:and\s+)?`[^`]+`)?)(?:\s+(alone|only|also|too|as\s+well|added))?\s*,?\s+(?=\S)/i;

/**
 * The options of spec-run exec written in SPANS (`--log FILE`, `--log-failures`), or null for any other word. `--log` with
 * no file ("With `--log` alone") would take its file from a run the Then does not say (the scenario's may have none).
 */
function optionsWritten(spans: string): { log?: string; logFailures: boolean } | null {
  const words = spans.replace(/`/g, ' ').replace(/\band\b/g, ' ').trim().split(/\s+/);
  let log: string | undefined;
  let logFailures = false;
  for (let i = 0; i < words.length; i++) {
    if (words[i] === '--log-failures' && !logFailures) logFailures = true;
    else if (words[i] === '--log' && log === undefined && words[i + 1] !== undefined && !words[i + 1].startsWith('-')) log = words[++i];
    else return null;
  }
  return log === undefined && !logFailures ? null : { log, logFailures };
}

/** A Then said of the run with the options it names: its checks, each of that run. */
function withOptionsReading(sentence: string, readThen: (s: string) => Reading<Check>): Reading<Check> | null {
  const m = WITH_OPTIONS.exec(sentence);
  if (!m) return null;
  const options = optionsWritten(m[2]);
  if (!options) return null;
  const only = m[1] !== undefined || /^(alone|only)$/i.test(m[3] ?? '');
  const added = m[3] !== undefined && !only;
  // "also" adds `--log-failures` to the scenario's own log, never another file.
  if (added && options.log !== undefined) return null;
  const rest = readThen(sentence.slice(m[0].length));
  if (!rest.ok) return rest;
  const change = (o: Observation): Rerun | null => {
    const log = options.log ?? o.log?.name;
    if (log === undefined) return null;
    const invocation: Partial<Invocation> = { log, ...(options.logFailures ? { logFailures: true } : only ? { logFailures: false } : {}) };
    return { times: 1, invocation };
  };
  const said = [options.log !== undefined ? `--log ${options.log}` : "the scenario's --log", ...(options.logFailures ? ['--log-failures'] : only ? ['no --log-failures'] : [])].join(', ');
  return {
    ok: true,
    parts: rest.parts.map((c) => ({
      text: `in a run of the configuration with ${said}: ${c.text}`,
      async evaluate(o: Observation) {
        const rerun = change(o);
        return rerun === null ? NO_LOG : c.evaluate({ ...(await o.rerun(rerun)), before: o.before });
      },
    })),
    rules: ['a Then said of a run with the options it names', ...rest.rules],
  };
}

/** A Then said of another run of the scenario's configuration (see the head of this file), or null where SENTENCE says none. */
export function anotherRunReading(sentence: string, readThen: (s: string) => Reading<Check>): Reading<Check> | null {
  const options = withOptionsReading(sentence, readThen);
  if (options !== null) return options;
  for (const frame of REPEATED) {
    const m = frame.exec(sentence);
    if (!m) continue;
    const claims = logClaims(sentence.slice(m[0].length));
    // What the second run leaves, in words no claim of the log reads: left to the other readings.
    if (claims === null) return null;
    return { ok: true, parts: claims.map(repeatedCheck), rules: ['the configuration run again with the same log'] };
  }
  // "…; a second run appends a second line": a claim of this run, then one of the run repeated.
  const joined = /^(.*\S)\s*;\s+(.+)$/.exec(sentence);
  if (joined && REPEATED.some((frame) => frame.test(joined[2]))) {
    const before = readThen(joined[1]);
    const after = anotherRunReading(joined[2], readThen);
    if (before.ok && after?.ok) return { ok: true, parts: [...before.parts, ...after.parts], rules: [...before.rules, ...after.rules] };
  }
  return null;
}
