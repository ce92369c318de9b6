// Facts of the executor's domain said in words the lexicon has none for, each read as the fact it names, with its
// arguments, wherever a writer says it so:
// - the timeout an announcement states and its source, in words ("announced with a timeout of 3s taken from
//   `defaultTimeout`", "announced with timeout 10s, from defaultTimeout", "a timeout of `none`, taken from the command
//   itself"): the announcement's own parenthesis, `(timeout 3s, from defaultTimeout)`;
// - the containers the engine still lists after the run, said of the run's containers in other words than the
//   interpreter's ("no `spec-run-…` container is left in `docker ps -a`", "the container is absent from `docker ps -a`
//   afterwards", "`docker ps -a` lists no container of the name given in that note"): no container of the run is left;
// - a time compared with the command's own sleep ("well before the 30 seconds of the sleep are over", "far below the
//   60 seconds of the sleep", "long before the 20 sec sleep is over"): the bound said against that many seconds, and
//   the sleep itself a fact of the configuration (a command of the scenario sleeps that long), so that a sleep the
//   configuration does not have is no bound.
import type { CommandRecord } from '../../../executor/record.js';
import type { Observation } from './observation.js';
import { placeNamed, seenBy } from './paths-printed.js';
import { readDuration } from './quantities.js';
import type { Reading } from './reading.js';
import type { Check, Selector, Verdict } from './then.js';

/** The time a phrase says ("30 seconds", "thirty seconds", "30-second", "30s", "20 sec"), in ms; null where its words are no duration. */
function durationOf(text: string): number | null {
  const words = text.toLowerCase().replace(/(\d)([a-z])/g, '$1 $2').split(/[\s-]+/).filter(Boolean);
  const read = readDuration(words, 0);
  return read !== null && read.used === words.length ? read.ms : null;
}

// ---- the announcement's timeout and its source, in words ------------------------------------------------------------

/** The value of the timeout as the announcement prints it: a duration (`3s`, `1m`) or `none`. */
const TIMEOUT_VALUE = String.raw`(\`?(?:\d+(?:\.\d+)?(?:ms|s|m|h)|none)\`?)`;
/** Where the announcement says the timeout comes from, in the writer's words: the executor's three sources. */
const SOURCE = String.raw`(\`defaultTimeout\`|defaultTimeout|(?:the\s+)?(?:\`timeout:?\`\s+of\s+)?(?:the\s+)?command(?:\s+itself|'s\s+own(?:\s+\`?timeout:?\`?)?)?|(?:the\s+)?built-in\s+default)`;
const ANNOUNCED_TIMEOUT = new RegExp(String.raw`\b(announced\s+with)\s+(?:a\s+)?timeout(?:\s+of)?\s+${TIMEOUT_VALUE}\s*,?\s+(?:taken\s+|coming\s+)?from\s+${SOURCE}(?=\s*(?:[,;.]|\s+and\b|$))`, 'gi');
/** "…, and the second with 1s taken from the command": a second command's announcement, after a first said so. */
const AND_PLACE_WITH = new RegExp(String.raw`(,?\s+and\s+the\s+(?:first|second|third|fourth|fifth|last))\s+with\s+(?:a\s+timeout\s+of\s+|timeout\s+)?${TIMEOUT_VALUE}\s*,?\s+(?:taken\s+|coming\s+)?from\s+${SOURCE}(?=\s*(?:[,;.]|$))`, 'gi');

/** The source as the announcement prints it. */
function sourceOf(said: string): string {
  const s = said.replace(/`/g, '').toLowerCase();
  if (s === 'defaulttimeout') return 'defaultTimeout';
  if (/built-in/.test(s)) return 'built-in default';
  return 'command';
}

const parenthesis = (value: string, source: string) => `\`(timeout ${value.replace(/`/g, '')}, from ${sourceOf(source)})\``;

/** SENTENCE with an announcement's timeout said in words written as the announcement's parenthesis; as written where it says none. */
export function announcedTimeoutInWords(sentence: string): string {
  if (!ANNOUNCED_TIMEOUT.test(sentence)) return sentence;
  ANNOUNCED_TIMEOUT.lastIndex = 0;
  return sentence
    .replace(ANNOUNCED_TIMEOUT, (_w, announced: string, value: string, source: string) => `${announced} ${parenthesis(value, source)}`)
    .replace(AND_PLACE_WITH, (_w, place: string, value: string, source: string) => `${place} is announced with ${parenthesis(value, source)}`);
}

// ---- what the engine lists after the run ------------------------------------------------------------------------------

const LISTING = String.raw`\`docker\s+(?:ps|container\s+ls)(?:\s+-a|\s+--all)\``;
/** Words that name the run's containers and nothing else: a container the run created, its name pattern, the one a note named. */
const RUNS_CONTAINER = String.raw`(?:(?:leftover|stray)\s+)?(?:\`spec-run-(?:…|\.\.\.|<[^\`>]+>(?:-<[^\`>]+>)?-?)?\`\s+)?containers?(?:\s+(?:created\s+)?for\s+(?:either|each|any|every|both)\s+(?:of\s+the\s+)?commands?|\s+named\s+in\s+(?:those|these|the|that)\s+notes?|\s+of\s+the\s+name\s+given\s+in\s+(?:that|the)\s+note|\s+with\s+that\s+process's\s+\`spec-run-<pid>-\`\s+prefix|\s+of\s+(?:the|this)\s+run)?`;
/** When it is said to hold: after the run. */
const AFTERWARDS = String.raw`(?:\s*,?\s+(?:afterwards|after\s+the\s+run|once\s+the\s+run(?:'s|\s+is)\s+over|any\s+more|anymore))?`;
const BEFORE = String.raw`^((?:and\s+)?)(?:after\s+(?:the\s+run|\`spec-run\s+exec\`\s+has\s+(?:returned|ended|exited|finished)),\s+)?`;
const LISTED_NONE = [
  // "no `spec-run-…` container is left in `docker ps -a` once the run's over", "No container created for either command remains, running or stopped, in `docker ps -a`".
  new RegExp(String.raw`${BEFORE}(?:no|neither\s+of\s+the|none\s+of\s+the)\s+${RUNS_CONTAINER}\s+(?:is\s+left|remains|appears|is\s+listed)(?:\s*,\s*running\s+or\s+stopped\s*,)?\s+in\s+${LISTING}${AFTERWARDS}$`, 'i'),
  // "`docker ps -a` shows no leftover `spec-run-` container", "`docker ps -a` lists no container of the name given in that note".
  new RegExp(String.raw`${BEFORE}${LISTING}\s+(?:shows|lists)\s+no\s+${RUNS_CONTAINER}${AFTERWARDS}$`, 'i'),
  // "the container is absent from `docker ps -a` afterwards", "that container's gone from `docker ps -a`".
  new RegExp(String.raw`${BEFORE}(?:the|that|its)\s+container(?:\s+is|'s)\s+(?:absent|gone|missing)\s+from\s+${LISTING}${AFTERWARDS}$`, 'i'),
];

/**
 * SENTENCE with a clause that says the engine lists none of the run's containers after it, in other words than the
 * interpreter's, said as its fact ("no container of the run is left behind"); as written where no clause says so. The
 * clause is one of "…, and …" (or the sentence), whose subject names the run's containers and nothing else.
 */
export function listedNoneInWords(sentence: string): string {
  if (!new RegExp(LISTING, 'i').test(sentence)) return sentence;
  const clauses = sentence.split(/(?=,?\s+and\s+|;\s+)/);
  return clauses
    .map((clause) => {
      const lead = /^(,?\s+and\s+|;\s+)?/.exec(clause)![0];
      const body = clause.slice(lead.length).trim();
      const m = LISTED_NONE.map((re) => re.exec(body)).find((x) => x !== null);
      return m ? `${lead}${m[1]}no container of the run is left behind` : clause;
    })
    .join('');
}

// ---- a time against the command's own sleep ----------------------------------------------------------------------------

const SECONDS = String.raw`(?:\d+(?:\.\d+)?|[a-z]+)(?:\s*|-)(?:s|secs?|seconds?)`;
/** "the 30 seconds of the sleep (are over)", "the 30-second sleep (is over | would have ended)", "its 30 s sleep". */
const SLEEP = new RegExp(String.raw`\b(well|far|long|much|comfortably)\s+(before|under|below|short\s+of)\s+(?:the|its)\s+(?:(${SECONDS})\s+of\s+(?:the|its)\s+sleep(?:\s+(?:are|is)\s+over)?|(${SECONDS})\s+sleep(?:\s+(?:is|was)\s+over|\s+would\s+have\s+(?:ended|finished))?)(?=\s*(?:[,;.]|\s+and\b|\s+with\b|$))`, 'i');

export interface SleepBound {
  /** The sentence with the sleep said as its time ("well under 30 seconds"). */
  sentence: string;
  /** That a command of the scenario sleeps that long, as documented. */
  check: Check;
}

/** SENTENCE's bound against the command's own sleep, read as a bound of that many seconds and the sleep a fact of the configuration; null where it says none. */
export function sleepBoundSaid(sentence: string): SleepBound | null {
  const m = SLEEP.exec(sentence);
  if (!m) return null;
  const [whole, , , ofTheSleep, sleepSaid] = m;
  const ms = durationOf((ofTheSleep ?? sleepSaid).trim());
  if (ms === null || ms < 1000) return null;
  const seconds = ms / 1000;
  // Each degree says the time is clearly short of the sleep, as "well under" does.
  const bound = `well under ${seconds} seconds`;
  return {
    sentence: sentence.replace(whole, bound),
    check: {
      text: `a command of the scenario runs \`sleep ${seconds}\` (the sleep the time is said against)`,
      evaluate: (o) => {
        const sleeps = o.runs.flatMap((run) => [...run.matchAll(/\bsleep\s+(\d+(?:\.\d+)?)([smh]?)\b/g)].map((s) => Number(s[1]) * ({ '': 1, s: 1, m: 60, h: 3600 }[s[2]] ?? 1)));
        return { ok: sleeps.includes(seconds), actual: sleeps.length === 0 ? 'no command sleeps' : `sleeps of ${sleeps.map((s) => `${s}s`).join(', ')}` };
      },
    },
  };
}

// ---- what a file in the project directory holds after the run -----------------------------------------------------------

const FILE = String.raw`\`(?<name>[\w-][\w.-]*(?:\/[\w-][\w.-]*)*)\``;
const TEXT = String.raw`(?:the\s+(?:line|text|word)\s+)?\`(?<text>[^\`]+)\``;
const PROJECT = String.raw`(?:the\s+project(?:\s+directory|\s+folder|\s+dir)?|(?:my|your|our)\s+project)(?:\s+on\s+the\s+host)?`;
const THEN_AFTER = String.raw`(?:after\s+(?:the|this)\s+run|afterwards|once\s+the\s+run\s+is\s+over)`;
/** The shapes of the fact, each giving the file's name and the text it holds, and the time after the run. */
const HOLDS: RegExp[] = [
  // "the file `x` in the project directory contains `y` after the run", "After the run, the file `x` in the project directory contains `y`".
  new RegExp(String.raw`^(?<after1>${THEN_AFTER}\s*,?\s+)?the\s+file\s+${FILE}\s+in\s+${PROJECT}\s+(?:contains|holds|has)\s+${TEXT}(?<after2>\s*,?\s+${THEN_AFTER})?$`, 'i'),
  // "The file `x` exists in the project directory on the host afterwards, containing `y`".
  new RegExp(String.raw`^the\s+file\s+${FILE}\s+(?:exists|is|remains)\s+in\s+${PROJECT}(?<after1>\s*,?\s+${THEN_AFTER})\s*,?\s+containing\s+${TEXT}$`, 'i'),
  // "after the run the project directory holds the file `x` containing `y`", "afterwards my project has `x` containing `y`".
  new RegExp(String.raw`^(?<after1>${THEN_AFTER}\s*,?\s+)?${PROJECT}\s+(?:holds|contains|has)\s+(?:(?:the|a)\s+file\s+)?${FILE}\s+containing\s+${TEXT}(?<after2>\s*,?\s+${THEN_AFTER})?$`, 'i'),
];

/**
 * The check that a file the sentence names, in the project directory after the run, holds the text it says: the file
 * is there (a file, not a directory) and its text holds the one said. Null where the sentence says no such fact, or
 * says it of no time after the run (then a setup, as written).
 */
export function projectFileHolds(sentence: string): Check | null {
  const said = sentence.trim().replace(/[.;]$/, '').replace(/^and\s+/i, '');
  for (const re of HOLDS) {
    const m = re.exec(said);
    if (!m || (m.groups?.after1 === undefined && m.groups?.after2 === undefined)) continue;
    const { name, text } = m.groups as { name: string; text: string };
    if (name.split('/').some((p) => p === '..' || p === '.')) return null;
    return {
      text: `a file ${name} in the project directory after the run, whose text contains ${JSON.stringify(text)}`,
      evaluate: (o) => {
        const held = o.projectTexts?.[name];
        if (held === undefined) return { ok: false, actual: o.projectFiles?.includes(name) ? `${name} is there, but no file whose text was kept` : `no file ${name} in the project (${(o.projectFiles ?? []).join(', ') || 'nothing'})` };
        return { ok: held.includes(text), actual: `${name} holds ${JSON.stringify(held.slice(0, 200))}` };
      },
    };
  }
  return null;
}

// ---- what a variable of the command's environment holds: a directory of the run, or nothing -----------------------------

/** A variable said by its name, in code marks or in capitals ("`$HOOK_DIR`", "SPEC_RUN_CONFIG_DIR"). */
const VARIABLE = String.raw`(?:\`\$?(?<name>[A-Z_][A-Z0-9_]*)\`|\$?(?<bare>[A-Z][A-Z0-9]*_[A-Z0-9_]+))`;
const HOLDS_PLACE = new RegExp(String.raw`^${VARIABLE}\s+(?:holds|contains|is\s+set\s+to|is\s+found\s+to\s+hold|has\s+the\s+value)\s+(?<place>the\s+.+)$`, 'i');
const IS_EMPTY = new RegExp(String.raw`^${VARIABLE}\s+(?:is|stays|is\s+found\s+to\s+be)\s+(?:empty|unset|not\s+set)$`);

/** Every command's check, said of no command: a clause of the same sentence that names one places it there. */
function eachCommand(text: string, test: (c: CommandRecord, o: Observation) => Verdict): Check {
  const build = (select: Selector | null): Check => ({
    text: `${select?.text ?? ''}${text}`,
    evaluate: (o) => {
      const picked = select === null ? o.record.commands.map((command, index) => ({ command, index })) : select.pick(o);
      if (picked.length === 0) return { ok: false, actual: 'no command of the run matches' };
      const verdicts = picked.map(({ command }) => test(command, o));
      return { ok: verdicts.every((v) => v.ok), actual: verdicts.map((v, i) => (picked.length > 1 ? `command ${picked[i].index + 1}: ${v.actual}` : v.actual)).join('; ') };
    },
  });
  return { ...build(null), place: { kind: 'unsaid', place: (select) => build(select) } };
}

/**
 * The check of a clause that says what a variable of the command's environment holds: one of the run's directories
 * ("`$HOOK_DIR` holds the absolute path of `proj/cfg`", "SPEC_RUN_CONFIG_DIR holds the absolute path of the config
 * file's directory"), as the command sees it (a container, under /workspace); or nothing ("`SPEC_RUN_CONFIG_DIR` is
 * empty"): the executor gives it no value, and a host command inherits none from spec-run exec's own environment.
 * Null where the clause says neither.
 */
export function variableHoldsSaid(clause: string): Check | null {
  const said = clause.trim().replace(/[.;]$/, '').replace(/^and\s+/i, '');
  const empty = IS_EMPTY.exec(said);
  if (empty) {
    const name = (empty.groups!.name ?? empty.groups!.bare)!;
    return eachCommand(`env ${name} is empty or unset`, (c) => {
      const value = c.env[name] ?? (c.context === 'host' ? process.env[name] : undefined);
      return { ok: value === undefined || value === '', actual: value === undefined ? `${name} not set` : `${name}=${value}` };
    });
  }
  const holds = HOLDS_PLACE.exec(said);
  if (!holds) return null;
  const name = (holds.groups!.name ?? holds.groups!.bare)!;
  const named = placeNamed(holds.groups!.place);
  if (named === null) return null;
  const { place, under } = named;
  const which = place === 'project' ? "the project's directory" : place === 'configDir' ? "the configuration file's directory" : `the directory \`${under.slice(1)}\` (a path from where spec-run exec starts)`;
  const check = eachCommand(`env ${name} == ${which}${place === 'start' || under === '' ? '' : ` then ${JSON.stringify(under)}`} (absolute; /workspace and under it in a container)`, (c, o) => {
    const seen = seenBy(c, o, place, place === 'start' ? under : '');
    const expected = seen === null ? null : place === 'start' ? seen : `${seen}${under}`;
    const value = c.env[name];
    if (expected === null) return { ok: false, actual: 'the directory is not where the command can see it' };
    return { ok: value === expected, actual: value === undefined ? `${name} not set; expected ${expected}` : `${name}=${value}; expected ${expected}` };
  });
  if (place !== 'start') return check;
  const atStart = under.slice(1);
  const placed = check.place as Extract<Check['place'], { kind: 'unsaid' }>;
  return { ...check, atStart, place: { kind: 'unsaid', place: (select) => ({ ...placed.place(select), atStart }) } };
}

/**
 * A sentence one of whose clauses (split at "and", "; ", outside code marks) says what a variable holds: that clause's
 * check, and the reading of each other clause by READ; null where no clause says it. Any clause unread leaves the
 * sentence unread.
 */
export function variableClausesReading(sentence: string, read: (clause: string) => Reading<Check>): Reading<Check> | null {
  const masked = sentence.replace(/`[^`]*`/g, (span) => '\u0000'.repeat(span.length));
  const cuts = [...masked.matchAll(/\s*,?\s+and\s+|\s*;\s+/g)].map((m) => [m.index!, m.index! + m[0].length]);
  const clauses: string[] = [];
  let from = 0;
  for (const [start, end] of cuts) {
    clauses.push(sentence.slice(from, start));
    from = end;
  }
  clauses.push(sentence.slice(from));
  const facts = clauses.map(variableHoldsSaid);
  if (facts.every((f) => f === null)) return null;
  const parts: Check[] = [];
  const rules: string[] = [];
  for (const [i, clause] of clauses.entries()) {
    const fact = facts[i];
    if (fact !== null) {
      parts.push(fact);
      rules.push("what a variable of the command's environment holds");
      continue;
    }
    const other = read(clause);
    if (!other.ok) return other;
    parts.push(...other.parts);
    rules.push(...other.rules);
  }
  return { ok: true, parts, rules };
}

// ---- a text owned by the command's own process --------------------------------------------------------------------------

/** The command's own process named as the owner of a text: "the shell's `sh: 1: x: not found`", "the handler's `cleaning up`". */
const OWNER = /\b(?:the|its)\s+((?:trap\s+|signal\s+|cleanup\s+)?handler|trap|shell|script)(?:'s|’s)(?:\s+own)?\s+(?=[`“"])/gi;
/** Where the sentence places the text: in what the command printed. */
const IN_OUTPUT = /\b(?:output|Output:|Partial Output:)/i;

/**
 * SENTENCE with the command's own process said as the owner of a text in its output ("the output shows the shell's
 * `sh: 1: x: not found`", "the partial output contains `waiting` and the handler's `cleaning up`") said of the command:
 * what the shell running its line, or a handler in it, printed is the command's output. A handler or trap is the one
 * command of RUNS (the block's lines) that sets a `trap`; none or several, and the sentence is left as written. A text
 * that is a number (the handler's `3`) is an exit status, which the executor's own replaces: not read so; nor "the
 * shell's `not found` line", a line that holds the text, which the texts rules would take for the whole output.
 */
export function textOwnerNamed(sentence: string, runs: readonly string[] | undefined): { sentence: string; note: string } | null {
  if (!IN_OUTPUT.test(sentence)) return null;
  const owners = [...sentence.matchAll(OWNER)];
  if (owners.length === 0) return null;
  const words = [...new Set(owners.map((m) => m[1].toLowerCase().replace(/\s+/g, ' ')))];
  // The shell runs every command's line, whatever the scenario's block; a handler or trap is one command's, which the block must show.
  if (words.some((w) => /handler|trap/.test(w)) && (runs === undefined || runs.filter((run) => /\btrap\b/.test(run)).length !== 1)) return null;
  // "the shell's own `not found` line": a line that holds the text, which the texts rules would read as the whole output; not read.
  let unread = false;
  const said = sentence.replace(OWNER, (whole: string, _owner: string, at: number) => {
    const text = /^[`“"]([^`”"]*)[`”"](\s+lines?\b)?/.exec(sentence.slice(at + whole.length));
    if (text === null || /^\d+$/.test(text[1].trim()) || text[2] !== undefined) unread = true;
    return '';
  });
  if (unread) return null;
  return { sentence: said, note: `(the ${words.join(', ')}'s text: the command's own output) ` };
}
