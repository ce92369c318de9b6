// A claim about the run's outcome with a qualifier attached: what it did without ("exits with 2 without running
// anything", "… without running `a` or `c`"), an appositive that names whose status it is ("exits with 4, the exit code
// of the first command"), and a concession or contrast set against it ("…, although a later command succeeded", "…,
// yet the run exits with 3"). Each part is a claim of its own: the qualifier is read as a clause and checked beside
// the main claim, never dropped; where a part does not read, the sentence is not read here (and stays as it was).
import type { CommandRecord } from '../../../executor/record.js';
import type { Check } from './then.js';
import type { Reading } from './reading.js';

/** SENTENCE with its code spans masked (same length), so that no pattern matches inside a quoted text. */
const masked = (sentence: string) => sentence.replace(/`[^`]*`/g, (span) => '`' + '\u0000'.repeat(span.length - 2) + '`');

/** A check of the run's or a command's exit status or code: what the reading of an outcome holds. */
export const statesStatus = (c: Check) => /\bexit (?:status|code)\b/.test(c.text);

/** Verbs of running something: "running", "having run", "starting", "executing", "invoking", "launching". */
const RUNNING = String.raw`(?:having\s+)?(?:run(?:ning)?|start(?:ing|ed)|execut(?:ing|ed)|invok(?:ing|ed)|launch(?:ing|ed))`;
/** What is said not to run, as no command at all: "anything", "any command", "any of the commands", "a single command". */
const NOTHING = /^(?:anything(?:\s+at\s+all)?|any(?:\s+of\s+(?:the|its|them))?\s*(?:commands?|steps?|jobs?|tasks?)?|a\s+single\s+(?:command|step|job|task)|(?:a|one)\s+(?:command|step|job|task))$/i;
/** Commands named in code marks and joined by "or"/"nor" (never "and": "without running `a` and `b`" may deny only both together). */
const NAMED_COMMANDS = /^(?:either\s+)?`[^`]+`(?:\s*,\s*`[^`]+`)*(?:\s*,?\s+(?:or|nor)\s+`[^`]+`)?$/i;

/**
 * "spec-run exec exits with 2 without running anything", "… without running `echo a` or `echo c`": the claim of the outcome,
 * and each thing said not to have run as a clause of its own ("no command runs", "`echo a` is not run"). Null where the
 * sentence ends with no such phrase, or names what did not run in words no clause here says.
 */
export function withoutRunning(sentence: string): { main: string; clauses: string[]; subject?: true } | null {
  const m = new RegExp(String.raw`^(.*\S)\s*,?\s+without\s+${RUNNING}(?:\s+(.*?))?\s*\.?\s*$`, 'id').exec(masked(sentence));
  if (!m) return null;
  const main = sentence.slice(0, m[1].length);
  const at = m.indices?.[2];
  const rest = at === undefined ? '' : sentence.slice(at[0], at[1]);
  // "the step ends with exit code 125 without having run": the subject itself did not run (read so only of a command, below).
  if (rest === '') {
    const subject = /^(.*?)\s+(?:exits?|exited|ends?|ended|stops?|stopped|fails?|failed|finish(?:es|ed)?|terminates?|terminated|concludes?|concluded|completes?|completed|returns?|returned)\b/i.exec(main)?.[1];
    return subject === undefined ? null : { main, clauses: [`${subject} is not run`], subject: true };
  }
  if (NOTHING.test(rest)) return { main, clauses: ['no command runs'] };
  if (NAMED_COMMANDS.test(rest)) return { main, clauses: [...rest.matchAll(/`[^`]+`/g)].map((q) => `${q[0]} is not run`) };
  return null;
}

const ORDINAL = String.raw`(first|second|third|fourth|fifth|sixth|last)`;
const NOUN = String.raw`(?:command|step|job|task|check|stage|one)`;
/** The ordinal word of a command's number ("command 2": the second), as the rules read a command by its place. */
const ORDINAL_OF = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
/** A command by its number: "command 2", "step #2", "the 2nd command", "command no. 2"; its number in group 1 or 2. */
const NUMBERED = String.raw`(?:(?:the\s+)?${NOUN}\s+(?:#|no\.?\s*|number\s+)?(\d+)|the\s+(\d+)(?:st|nd|rd|th)\s+${NOUN})`;
/**
 * "exits with code 4, the exit code of the first command", "…, the second command's status", "…, the exit code of command 2",
 * "…, command 2's status": an appositive naming the command whose status the number is, rewritten as the claim it makes
 * ("…, and the first command exits with 4"). A command's number is never the status: where it names no command the rules
 * read by its place (past the tenth), the appositive is left as it is, which no rule reads.
 */
export function statusAppositive(sentence: string): string {
  const status = String.raw`(\b(?:exits?|exited|ends?|ended|concludes?|finish(?:es)?|terminates?)\s+with\s+(?:the\s+)?(?:(?:exit\s+)?(?:status|code)\s+)?\`?(\d+)\`?)`;
  const whose = String.raw`(?:the|its)\s+(?:exit\s+)?(?:status|code)\s+of\s+(?:the\s+${ORDINAL}\s+${NOUN}|${NUMBERED})|(?:the\s+${ORDINAL}\s+${NOUN}|${NUMBERED})(?:'s|’s)\s+(?:exit\s+)?(?:status|code)`;
  return sentence.replace(new RegExp(String.raw`${status}\s*,\s*(?:${whose})(?=\s*(?:,|\.?\s*$))`, 'i'), (w, said: string, n: string, ...rest: (string | undefined)[]) => {
    const [a, b, c, d, e, f] = rest;
    const numbered = b ?? c ?? e ?? f;
    const place = a ?? d ?? (numbered !== undefined && Number(numbered) >= 1 ? ORDINAL_OF[Number(numbered) - 1] : undefined);
    return place === undefined ? w : `${said}, and the ${place} command exits with ${n}`;
  });
}

/**
 * "the third command times out with `124`": a bare number a timeout is said to end with is its exit code, never a
 * duration (which has a unit) nor a text.
 */
export function timeoutWithCode(sentence: string): string {
  return sentence.replace(/\b(tim(?:es|ed|ing)\s+out)\s+with\s+(`?)(\d+)\2(?=\s*(?:[,.;]|\s+(?:and|yet|but)\b|$))/gi, '$1 with exit code $3');
}

/**
 * "the file `ran-marker` has not been created", "`ran.txt` never shows up": a file said, as the subject, never to come to
 * be; said as files-left.ts reads it ("no file `x` is created"). A name with no extension only after "the file".
 */
export function fileNeverMade(sentence: string): string {
  const never = String.raw`(?:has\s+not\s+been|hasn't\s+been|was\s+not|wasn't|is\s+not|isn't|is\s+never|was\s+never|never\s+gets|never\s+got|does\s+not\s+get|doesn't\s+get)\s+(?:created|written|made)|never\s+(?:shows\s+up|appears|exists)|does\s+not\s+(?:show\s+up|appear|exist)|doesn't\s+(?:show\s+up|appear|exist)`;
  return sentence
    .replace(new RegExp(String.raw`\bthe\s+file\s+(\`[^\`]+\`)\s+(?:${never})\b`, 'gi'), 'no file $1 is created')
    .replace(new RegExp(String.raw`(^|,\s*|\band\s+)(\`[\w./-]+\.[A-Za-z0-9]+\`)\s+(?:${never})\b`, 'gi'), '$1no file $2 is created');
}

/** SENTENCE as a claim and, joined to it last, a clause saying a file named after "the file" never came to be; null where it ends with none. */
export function fileClause(sentence: string): { main: string; file: string } | null {
  const m = /^(.*\S)(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s*;\s*)(the\s+file\s+`[^`]+`\s+.*)$/i.exec(sentence.replace(/[.\s]+$/, ''));
  if (!m) return null;
  const file = fileNeverMade(m[2]);
  return file === m[2] || !/^no file `[^`]+` is created$/.test(file) ? null : { main: m[1], file };
}

/**
 * A concession or contrast set against a claim: "A, although B", "A, even though B", "A, yet B", "Although B, A". Both
 * are claims of the run, each read as a clause of its own. Null where the sentence has none.
 */
export function concession(sentence: string): { main: string; conceded: string; leading?: true } | null {
  const hidden = masked(sentence);
  const trailing = [...hidden.matchAll(/(?:,|;)\s*(?:although|even\s+though|though|yet)\s+/gi)].at(-1);
  if (trailing !== undefined && trailing.index! > 0) return { main: sentence.slice(0, trailing.index), conceded: sentence.slice(trailing.index! + trailing[0].length).replace(/[.\s]+$/, '') };
  const leading = /^(?:although|even\s+though|though)\s+([^,]+),\s*(.+)$/i.exec(hidden);
  if (leading) return { main: sentence.slice(hidden.length - leading[2].length), conceded: sentence.slice(hidden.indexOf(leading[1]), hidden.indexOf(leading[1]) + leading[1].length), leading: true };
  return null;
}

const succeeded = (c: CommandRecord) => c.outcome === 'completed' && c.exitCode === 0;
const failedCommand = (c: CommandRecord) => !succeeded(c);

/**
 * "a later command succeeded", "the later command passed", "a subsequent one passed": a command after the first failure
 * the main claim names, said to have succeeded ("the", every command after it, at least one; "a", some). Null where the
 * clause is no such claim. Read only beside a claim that names the first failure (what "later" is later than).
 */
export function laterCommandSucceeded(clause: string): Check | null {
  const m = /^(a|the|any|every)\s+(?:later|subsequent|following)\s+(?:command|step|job|task|check|stage|one)\s+(?:still\s+)?(?:passed|passes|succeeded|succeeds|completed\s+successfully|exited\s+with\s+(?:status\s+|code\s+)?0|exits\s+with\s+(?:status\s+|code\s+)?0)$/i.exec(clause.trim());
  if (!m) return null;
  const all = /^(the|every)$/i.test(m[1]);
  return {
    text: `${all ? 'every command after the first failed one' : 'a command after the first failed one'} succeeds (completed, exit code 0)`,
    evaluate: (o) => {
      const commands = o.record.commands;
      const first = commands.findIndex(failedCommand);
      const later = first < 0 ? [] : commands.slice(first + 1);
      const ok = later.length > 0 && (all ? later.every(succeeded) : later.some(succeeded));
      return { ok, actual: first < 0 ? 'no command failed' : `after command ${first + 1}: ${later.map((c) => `${c.index + 1}: ${c.outcome}, exit code ${c.exitCode}`).join('; ') || 'no command'}` };
    },
  };
}

/** The value of each measure a part of PARTS states ("exit code == 3"): a measure given two values is a concession read as a second value of the same thing. */
export function twoValues(parts: readonly Check[]): string | null {
  // A measure said to equal a number ("exit code == 3"), never one said to equal another measure ("== the exit code of …").
  const measure = (c: Check) => /^(.*?) == -?\d+(?:\D|$)/.exec(c.text)?.[1] ?? null;
  const clash = parts.find((c, i) => measure(c) !== null && parts.some((d, k) => k !== i && measure(d) === measure(c) && d.text !== c.text));
  return clash === undefined ? null : measure(clash);
}

/**
 * SENTENCE read as a claim of the outcome with its qualifier: the main claim by READ, and the qualifier as its own clause
 * (or check). Null where the sentence has no qualifier read here, or a part of it does not read: the sentence is then
 * read as it was.
 */
export function outcomeQualifiedReading(sentence: string, read: (text: string) => Reading<Check>, selfDenied: (parts: readonly Check[]) => string | null): Reading<Check> | null {
  const without = withoutRunning(sentence);
  if (without !== null) {
    const main = read(without.main);
    if (!main.ok || !main.parts.some(statesStatus)) return null;
    const clauses = without.clauses.map(read);
    if (clauses.some((c) => !c.ok)) return null;
    // The subject said not to have run is a command ("the step", "the job"), never the run nor spec-run exec.
    if (without.subject && !clauses.every((c) => c.ok && c.parts.every((p) => /^the command's line never ran\b/.test(p.text)))) return null;
    const parts = [...main.parts, ...clauses.flatMap((c) => (c.ok ? c.parts : []))];
    return { ok: true, parts, rules: [...main.rules, 'what the run did not run, a claim of its own'] };
  }
  // "the job exits with 2 and the file `ran-marker` has not been created": the file's clause read alone, as the rules of
  // files left read it where it is a sentence of its own (a name without an extension is a file only so).
  const file = fileClause(sentence);
  if (file !== null) {
    const [main, made] = [read(file.main), read(file.file)];
    if (!main.ok || !made.ok || !main.parts.some(statesStatus)) return null;
    return { ok: true, parts: [...main.parts, ...made.parts], rules: [...main.rules, ...made.rules] };
  }
  // "exits with 3, the first failure, not with 124": the contrast denies another value of the status the claim gives one
  // value of; read where the claim reads with that status a number other than the one denied (which it then rules out).
  const denied = /^(.*\S)\s*,\s*(?:and\s+|but\s+)?not\s+(?:with\s+)?(?:(?:the\s+)?(?:exit\s+)?(?:status|code)\s+)?`?(\d+)`?\s*\.?\s*$/i.exec(sentence);
  if (denied) {
    const main = read(denied[1]);
    if (!main.ok) return null;
    const stated = main.parts.filter((p) => statesStatus(p) && / == (\d+)$/.test(p.text));
    if (stated.length === 0 || stated.some((p) => / == (\d+)$/.exec(p.text)![1] === denied[2])) return null;
    return noted(main, `not ${denied[2]}: ruled out by that status`);
  }
  const conceded = concession(sentence);
  if (conceded !== null) {
    // "although the command itself exited with 0, it is reported as timed out": the process's own status, which a stop
    // replaces in the report, is read by the rules of a command's own status (attached-clauses.ts) after the claim, never
    // as the exit code the report gives; a clause of something's own that those rules do not read stays unread.
    if (/\b(?:itself|own)\b/i.test(conceded.conceded)) {
      if (!conceded.leading) return null;
      const after = read(`${conceded.main}, although ${conceded.conceded}`);
      return after.ok ? after : null;
    }
    const main = read(conceded.main);
    if (!main.ok) return null;
    const later = laterCommandSucceeded(conceded.conceded);
    const anchored = main.parts.some((p) => /\bfirst failed command\b/.test(p.text));
    if (later !== null && !anchored) return null;
    const other: Reading<Check> = later !== null ? { ok: true, parts: [later], rules: ['a command after the first failure'] } : read(conceded.conceded);
    if (!other.ok) return null;
    const parts = [...main.parts, ...other.parts];
    // "the exit code is 124, although it exited with 0": the same measure given a second value is a concession about another
    // thing (the process, against the report) that no part reads so; and a fact with its own denial passes no run.
    if (twoValues(parts) !== null || selfDenied(parts) !== null) return { ok: false, notUnderstood: [/^\s*(\S+(?:\s+though)?)/i.exec(sentence.slice(conceded.main.length).replace(/^[,;]\s*/, ''))?.[1] ?? 'although'], reason: 'a concession that gives a measure of the main claim a second value, said of something no reading names' };
    return { ok: true, parts, rules: [...main.rules, 'a concession or contrast, a claim of its own', ...other.rules] };
  }
  return null;
}

/** READING with NOTE on its last check's text: a part of the sentence its checks already hold. */
function noted(reading: Extract<Reading<Check>, { ok: true }>, note: string): Reading<Check> {
  const last = reading.parts.at(-1)!;
  return { ...reading, parts: [...reading.parts.slice(0, -1), { ...last, text: `${last.text} (${note})`, evaluate: last.evaluate }] };
}
