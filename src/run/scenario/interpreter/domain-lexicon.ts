// The domain's vocabulary by construction: for each entity and fact of an executor run, the
// synonym set a team may use for it, drawn from every held-out batch and from the general
// vocabulary of operations (a process, a job's step, an invocation; an exit status, a return
// code, an rc, a result code; a sandbox, an isolation container; a channel of output; a
// retention limit), with the nominalisation of each fact's verb ("termination", "removal",
// "creation", "expiry") and every inflection of the verbs the lexicon lists ("begins with"
// gives "begin with", "began with", "beginning with"). The lexicon (lexicon.ts) merges these
// into its concepts, so each word joins a concept whose facts already read it; none is a fact
// of its own. A word that can name two things of a run in the sentences seen ("job": the run
// or one command; "status": a code or the verdict) is left where the lexicon has it.

import type { ConfigKey, SignalName, StreamName } from './lexicon.js';

/** Synonyms and nominalisations, by the lexicon's concept they say. */
export const DOMAIN_SYNONYMS: Record<string, string[]> = {
  // an entry of the configuration's list, by the names operations give a unit of work
  COMMAND: ['invocation', 'invocations', 'cmd', 'cmds', 'proc', 'procs', 'subprocess', 'subprocesses', 'child process', 'child processes', 'workload', 'shell command', 'shell commands', 'command line', 'user command', 'configured command', 'hook command', 'hook commands'],
  // spec-run exec itself, by the name a writer's domain gives the tool that runs the list (a course's
  // grader): one tool per run, so "the grader exits with code 2" is spec-run exec's status
  HOOK: ['grader', 'autograder', 'auto-grader', 'grading tool'],
  // who reads what spec-run exec shows, by the writer's role for them (a course's teaching assistant)
  USER: ['ta', 'tas', 'teaching assistant', 'teaching assistants'],
  // the code a command ended with
  EXIT: ['rc', 'result code', 'result codes', 'return status', 'exit-code', 'exitcode', 'exit-status', 'termination status', 'completion code', 'completion status', 'exit value', 'status value', 'process status', 'final status'],
  // how a run ends: "the executor shall conclude with the exit status 2"
  END: ['conclude with', 'concludes with', 'concluded with', 'concluding with', 'conclude', 'concludes', 'concluded', 'wraps up', 'wrapped up', 'winds up'],
  // what the executor does to a command at its time limit, and the nouns of it
  TERMINATE: ['reaped', 'reap', 'reaps', 'reaping', 'sigtermed', 'sigterm-ed', 'shot down', 'taken down', 'brought to a halt', 'kill of', 'stoppage', 'cancellation', 'interruption', 'abortion', 'shutdown'],
  // a time limit running out, and its nouns
  TIMED_OUT: ['expiry', 'expiration', 'overrun', 'overran', 'overruns', 'overrunning', 'lapses', 'lapsed'],
  // a container and the words for the isolation it gives
  CONTAINER: ['sandbox', 'sandboxes', 'sandboxed', 'isolation container', 'isolation containers', 'docker container', 'docker containers', 'container instance'],
  CREATE: ['creation', 'boots', 'booted', 'boot', 'spins up', 'spin up', 'instantiated', 'provisioned', 'brought up'],
  REMOVE: ['has gone', 'have gone', 'had gone', 'vanished', 'has vanished', 'have vanished', 'deletion', 'purged', 'wiped', 'torn down', 'teardown', 'tear down', 'tears down', 'disposed of'],
  // the reader-facing notes of the report
  NOTICE: ['trailer', 'trailers', 'footnote', 'footnotes', 'trailing note', 'summary line'],
  WORKDIR: ['dir', 'dirs', 'wd', 'working dir', 'work dir', 'workdirs', 'working folder'],
  ENVIRONMENT: ['env var', 'env vars', 'environment variables', 'vars', 'var'],
  CONFIG: ['cfg', 'conf', 'config yaml', 'hook file', 'yaml file'],
  ELAPSED: ['wall clock', 'wallclock', 'wall-clock time', 'run duration', 'execution time'],
  // verbs of holding a text, said of a line or a report
  MENTION: ['reads out', 'carrying', 'bearing', 'bore'],
  SHOWN: ['retains', 'retaining', 'keeping'],
  ABOUT: ['approx.', 'ca.', 'more or less', 'in the region of', 'on the order of', 'somewhere around', 'somewhere near', 'in the ballpark of', 'round about', 'or thereabouts', 'thereabouts'],
  // a time counted from the command's start, said in the perfect or the passive
  FILLER: ['after it has been started', 'after it had been started', 'after it has started', 'after being started', 'after it was launched', 'after it has been launched', 'after its launch', 'since it was started', 'since it has been started', 'after it was invoked', 'after it has been invoked', 'after its invocation', 'since its invocation', 'from its invocation', 'after invocation', 'after start', 'after launch'],
  FAIL: ['errored', 'errors out', 'errored out', 'crashes', 'crashed', 'crash'],
  HOST: ['host machine', 'host system', 'bare metal', 'bare-metal', 'outside docker', 'outside a container', 'outside any container'],
  TIMEOUT: ['time cap', 'timebox', 'time box', 'max runtime', 'maximum runtime', 'runtime limit', 'run-time limit', 'execution limit', 'time allowance'],
  GRACE: ['grace interval', 'grace delay', 'kill delay', 'kill grace', 'grace span'],
  REMAIN: ['hangs around', 'sticks around', 'persists', 'persist', 'lives on', 'still present', 'stays behind', 'stay behind', 'stayed behind', 'remains behind', 'remain behind', 'remained behind', 'is left over', 'are left over', 'left over', 'hangs about', 'still around'],
  RUNS: ['kicked off', 'kicks off', 'fired off', 'dispatched'],
  REJECT: ['refusal', 'rejection', 'declined', 'declines'],
  ACCEPT: ['acceptance', 'admitted', 'admits', 'admission'],
};

/** Abbreviations and symbols of running text, read as the words they stand for (a symbol only where it stands between spaces or before a number). */
export const SHORTHAND: [RegExp, string][] = [
  [/(^|\s)w\/(?:o|out)(?=\s)/gi, '$1without'],
  [/(^|\s)w\/(?=\s)/gi, '$1with'],
  [/(^|\s)~\s?(?=\d)/g, '$1about '],
  [/(^|\s)≈\s?(?=\d)/g, '$1about '],
  [/(^|\s)(?:≤|<=)\s?(?=\d)/g, '$1at most '],
  [/(^|\s)(?:≥|>=)\s?(?=\d)/g, '$1at least '],
  // "OOM kill → rc 137", "keeps 1–4 → `stdout: …`": an arrow says what comes of the clause before it, as "so" does.
  [/\s(?:→|->|=>|⇒)\s/g, ', so '],
  // "1–4", "101–104": a range of numbers with an en dash
  [/(?<=\b\d+)\s?[–—]\s?(?=\d+\b)/g, ' to '],
  // "two-ish seconds", "2s-ish", "some two seconds": a number said as near, about it
  [/\b(\d+(?:\.\d+)?(?:\s?(?:ms|s|secs?|seconds?|m|mins?|minutes?))?|one|two|three|four|five|six|seven|eight|nine|ten)-?ish\b/gi, 'about $1'],
  [/\bsome\s+(?=(?:\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten)\b)/gi, 'about '],
  // "1s timeout + 2s grace": a sum of two times
  [/\s\+\s/g, ' plus '],
];

/** A stream said by its channel's name. */
export const STREAM_SYNONYMS: Record<string, StreamName> = {
  'standard output channel': 'stdout', 'stdout channel': 'stdout', 'out stream': 'stdout', 'stdout stream': 'stdout', 'standard output stream': 'stdout',
  'standard error channel': 'stderr', 'stderr channel': 'stderr', 'error channel': 'stderr', 'err stream': 'stderr', 'stderr stream': 'stderr', 'standard error stream': 'stderr',
};

/** A configuration key by a writer's noun for it. */
export const KEY_NOUNS: Record<string, ConfigKey> = {
  'retention limit': 'maxOutputLines', 'line retention limit': 'maxOutputLines', 'output retention limit': 'maxOutputLines', 'line quota': 'maxOutputLines', 'output quota': 'maxOutputLines', 'line ceiling': 'maxOutputLines', 'output ceiling': 'maxOutputLines',
  'default time limit': 'defaultTimeout', 'default deadline': 'defaultTimeout', 'fallback timeout': 'defaultTimeout',
};

/** A signal by another of its names. */
export const SIGNAL_NAMES: Record<string, SignalName> = { 'term signal': 'SIGTERM', 'signal term': 'SIGTERM', 'hard kill': 'SIGKILL', 'signal kill': 'SIGKILL' };

/** Verbs whose past and participle are not the -ed form, by base form. */
const IRREGULAR: Record<string, string[]> = {
  begin: ['began', 'begun'], run: ['ran'], write: ['wrote', 'written'], take: ['took', 'taken'], keep: ['kept'], leave: ['left'], give: ['gave', 'given'],
  show: ['shown'], get: ['got', 'gotten'], hold: ['held'], read: [], send: ['sent'], put: [], come: ['came'], go: ['went', 'gone'], shut: [], cut: [],
  lead: ['led'], spin: ['spun'], bring: ['brought'], tell: ['told'], say: ['said'], stand: ['stood'], fall: ['fell', 'fallen'], win: ['won'], outrun: ['outran'], tear: ['tore', 'torn'], wind: ['wound'],
};

/** Verbs of two syllables stressed on the last, whose final consonant doubles ("omitted", "beginning"). */
const DOUBLED = new Set(['omit', 'emit', 'admit', 'commit', 'permit', 'submit', 'begin', 'refer', 'occur', 'forbid', 'outrun']);

/** The base form of a third-person verb ("begins" → "begin", "finishes" → "finish", "carries" → "carry"), or null where W is none. */
function baseOf(w: string): string | null {
  if (!/^[a-z]{3,}s$/.test(w) || /ss$|us$|is$/.test(w)) return null;
  if (/ies$/.test(w)) return `${w.slice(0, -3)}y`;
  if (/(?:sh|ch|x|ss|zz|o)es$/.test(w)) return w.slice(0, -2);
  return w.slice(0, -1);
}

/** The other forms of a verb from its base: third person, past, participles (-ing, -ed). */
function formsOf(base: string): string[] {
  const third = /(?:sh|ch|x|s|z|o)$/.test(base) ? `${base}es` : /[^aeiou]y$/.test(base) ? `${base.slice(0, -1)}ies` : `${base}s`;
  const stem = base.endsWith('e') ? base.slice(0, -1) : base;
  const doubled = /^[^aeiou]*[aeiou][bdgmnpt]$/.test(base) || DOUBLED.has(base) ? base + base.at(-1) : base;
  const ing = /ie$/.test(base) ? `${base.slice(0, -2)}ying` : `${doubled === base ? stem : doubled}ing`;
  const past = Object.hasOwn(IRREGULAR, base) ? IRREGULAR[base] : [/[^aeiou]y$/.test(base) ? `${base.slice(0, -1)}ied` : base.endsWith('e') ? `${base}d` : `${doubled}ed`];
  return [base, third, ing, ...past];
}

/**
 * Concepts whose verbs are inflected: for each of their phrases that opens with a third-person verb ("begins with",
 * "closes with", "outlives its limit"), the same phrase with every other form of that verb, so a writer's tense or
 * number ("shall begin with", "began with", "beginning with") says what the listed form says.
 */
export const INFLECTED_CONCEPTS = ['FIRST_LINE', 'LAST_LINE', 'END', 'TIMED_OUT', 'TERMINATE', 'REMOVE', 'CREATE', 'MENTION', 'SHOWN', 'OMITTED', 'WRITE', 'REMAIN', 'IGNORE', 'HANDLE', 'ORDER', 'UNDER', 'LIMITED', 'COMPLETE', 'SUCCEED', 'FAIL', 'ANNOUNCE', 'MOUNT', 'PULL', 'REJECT', 'ACCEPT', 'DEPEND', 'JOINS', 'WINS'];

/** Every form of the verbs opening PHRASES, the phrases as listed excluded. */
export function inflections(phrases: readonly string[]): string[] {
  const listed = new Set(phrases);
  const out = new Set<string>();
  for (const phrase of phrases) {
    const [first, ...rest] = phrase.split(' ');
    const base = baseOf(first);
    if (base === null) continue;
    for (const form of formsOf(base)) {
      const inflected = [form, ...rest].join(' ');
      if (!listed.has(inflected)) out.add(inflected);
    }
  }
  return [...out];
}
