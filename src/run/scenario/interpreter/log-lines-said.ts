// What the lines of the `--log` file are, said beside their count ("`hook.jsonl` has exactly 1 line (the timeout; `exit 5`
// is not logged)", "the log holds one line, a timeout"), and a text said logged or not ("`exit 5` is not logged"). Said of
// the log's lines, a word of an event is the event of those lines and a text not logged is in none of them: never the
// outcome of every command (read alone, "(the timeout)" was "outcome == timeout"), nor a text the commands printed. A part
// of the qualifier no rule here reads leaves the sentence unread.
import type { Check } from './then.js';
import type { Observation } from './observation.js';
import type { Reading } from './reading.js';

/** The file `--log` names, said as a file name in code marks or in words. */
const LOG = String.raw`(?:\`[^\`\s]+\.(?:jsonl|ndjson|log|json)\`|(?:the|its)\s+(?:--log\s+|json\s+|event\s+)?log(?:\s+file)?|the\s+\`--log\`\s+file)`;
/** "has exactly 1 line", "holds only one entry", "gets two JSON lines". */
const COUNTED = String.raw`(?:has|holds|contains|gets|gains|gained|got|ends\s+up\s+with|is\s+left\s+with)\s+(?:exactly\s+|only\s+|just\s+|precisely\s+)?(?:\d+|one|a\s+single|single|two|three|four|five)\s+(?:JSON\s+)?(?:lines?|entry|entries|records?|objects?|events?)`;
/** The count and what is said of its lines after it: in parentheses, or an appositive closing the sentence. */
const COUNT_QUALIFIED = new RegExp(String.raw`^(.*?(?<![\w-])${LOG}\s+${COUNTED})(?:\s*\(([^()]+)\)|\s*,\s*((?:the|a|an|one|for\s+the)\s+[^,;()]+?))\s*(?=$|[.;,])(.*)$`, 'i');

/** The log's event named in words ("the timeout", "a memory-limit kill", "the interruption"), or null. */
function eventNamed(words: string): string | null {
  const w = words.trim().replace(/^(?:for\s+)?(?:the|a|an|one)\s+/i, '').replace(/\s+(?:event|line|entry|record|one)$/i, '').replace(/^`|`$/g, '');
  if (/^(?:timeout|time-out|timed[\s-]out(?:\s+command)?)$/i.test(w)) return 'timeout';
  if (/^(?:memory[\s-]limit(?:\s+kill)?|memory\s+kill|oom(?:\s+kill)?)$/i.test(w)) return 'memory-limit';
  if (/^(?:interrupt(?:ion|ed)?)$/i.test(w)) return 'interrupted';
  if (/^(?:fail-?fast(?:\s+stop)?)$/i.test(w)) return 'fail-fast';
  if (/^(?:could-not-run|output-capped)$/i.test(w)) return w.toLowerCase();
  return null;
}

/** "`exit 5` is not logged", "`x` was never logged", "`y` gets logged": a text in a line of the --log file, or in none. */
const TEXT_LOGGED = /^`([^`]+)`\s+(?:is|was|are|were|gets|got)\s+(not\s+|never\s+|n't\s+)?logged(?:\s+at\s+all)?$/i;

const noLog = (o: Observation) => (o.log === undefined ? { ok: false, actual: 'the run has no --log file' } : null);

/** A check that the --log file's lines hold TEXT (or, DENIED, that none does). */
function textLogged(text: string, denied: boolean): Check {
  return {
    text: denied ? `no line of the --log file contains ${JSON.stringify(text)}` : `a line of the --log file contains ${JSON.stringify(text)}`,
    evaluate: (o) => {
      const none = noLog(o);
      if (none) return none;
      const lines = o.log!.lines;
      if (lines === null) return { ok: denied, actual: `${o.log!.name} was not created` };
      const holding = lines.filter((l) => l.includes(text));
      return { ok: denied ? holding.length === 0 : holding.length > 0, actual: holding.length === 0 ? `none of its ${lines.length} line(s) contains it` : holding.map((l) => l.slice(0, 300)).join(' ⏎ ') };
    },
  };
}

/** A check that every line of the --log file is of EVENT (and it has one). */
function linesOfEvent(event: string): Check {
  return {
    text: `every line of the --log file has "event":${JSON.stringify(event)} (and it has one)`,
    evaluate: (o) => {
      const none = noLog(o);
      if (none) return none;
      const lines = o.log!.lines;
      if (lines === null || lines.length === 0) return { ok: false, actual: lines === null ? `${o.log!.name} was not created` : `${o.log!.name} is empty` };
      const events = lines.map((l) => {
        try {
          const parsed = JSON.parse(l) as { event?: unknown };
          return typeof parsed === 'object' && parsed !== null ? String(parsed.event) : '(no object)';
        } catch {
          return '(no JSON)';
        }
      });
      return { ok: events.every((e) => e === event), actual: `events: ${events.join(', ')}` };
    },
  };
}

/** One part of what is said of the log's lines, as a check; null where no rule here reads it. */
function partOfQualifier(part: string): Check | null {
  const event = eventNamed(part);
  if (event !== null) return linesOfEvent(event);
  const logged = TEXT_LOGGED.exec(part.trim().replace(/[.\s]+$/, ''));
  return logged ? textLogged(logged[1], logged[2] !== undefined) : null;
}

/**
 * SENTENCE read where it says what the --log file's counted lines are, or a text logged or not; null where it says neither
 * (READ reads the rest of the sentence, as the rules read a sentence).
 */
export function logLinesSaid(sentence: string, read: (sentence: string) => Reading<Check>): Reading<Check> | null {
  const alone = TEXT_LOGGED.exec(sentence.trim().replace(/[.\s]+$/, ''));
  if (alone) return { ok: true, parts: [textLogged(alone[1], alone[2] !== undefined)], rules: ['a text logged: in a line of the --log file'] };
  const m = COUNT_QUALIFIED.exec(sentence.trim().replace(/[.\s]+$/, ''));
  if (!m) return null;
  const [, counted, inParentheses, appositive, after] = m;
  const qualifier = inParentheses ?? appositive;
  // An appositive closing the sentence is of the lines only where it names an event ("…, a JSON object with …" is read elsewhere).
  if (inParentheses === undefined && eventNamed(appositive) === null) return null;
  const parts = qualifier.split(/\s*;\s*/).filter((p) => p !== '');
  const checks = parts.map(partOfQualifier);
  const unread = parts.filter((_p, i) => checks[i] === null);
  if (unread.length > 0) return { ok: false, notUnderstood: unread, reason: 'what the lines of the --log file are, said beside their count, in words not read (never the outcome of the commands)' };
  const rest = `${counted}${after}`.trim();
  const main = read(rest);
  if (!main.ok) return main;
  return { ok: true, parts: [...main.parts, ...(checks as Check[])], rules: [...main.rules, "what the --log file's lines are, said beside their count"] };
}
