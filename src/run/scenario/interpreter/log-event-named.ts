// The event of a `--log` line said in words rather than as JSON ("a line whose event is output-capped",
// "one line with the event `timeout`", "the first line's event is failed", "its event type is fail-fast"):
// said again as the member the line holds (`"event":"output-capped"`), which the facts of the log's lines
// read (log-members.ts compares it with the parsed line's field). Only the names the executor's log writes
// are events; any other word after "event is" stays what it was, and unread.
import type { CommandEventName } from '../../../executor/log.js';

/** The values of the log's `event` field (src/executor/log.ts). */
const EVENT_NAMES = ['timeout', 'memory-limit', 'failed', 'could-not-run', 'output-capped', 'interrupted', 'fail-fast'] as const satisfies readonly (CommandEventName | 'interrupted' | 'fail-fast')[];

/** An event's name, bare or in quotes, as a whole word (not "failed" of "failed-over"). */
const NAME = String.raw`(?:\`|"|“)?(${EVENT_NAMES.join('|')})(?:\`|"|”)?(?![\w-])`;
/** The field, said as a word: "event", "event type", "event name", "`event` field". */
const FIELD = String.raw`(?:\`event\`|"event"|event)(?:\s+(?:type|name|field|kind))?`;
const IS = String.raw`(?:is|was|reads|says|being|=|:)`;

/** "the first line", "the 2nd line": the line at that place, as "line N" says it. */
const ORDINALS = ['first|1st', 'second|2nd', 'third|3rd', 'fourth|4th', 'fifth|5th'];

const REWRITES: [RegExp, string][] = [
  // "the event log gains a line …": the `--log` file, whose growth the facts read of "the log".
  [/\b(the|its)\s+events?\s+log(?:\s+file)?\s+(?=(?:gains|grows|gets\s+appended)\b)/gi, '$1 log '],
  // "a line whose event is timeout", "one entry whose event field is `fail-fast`" → "a line with `"event":"timeout"`".
  [new RegExp(String.raw`\bwhose\s+${FIELD}\s+${IS}\s+${NAME}`, 'gi'), 'with `"event":"$1"`'],
  // "a line with the event timeout", "an entry with event type `failed`", "a line for the event output-capped".
  [new RegExp(String.raw`\b(?:with|of|having|carrying)\s+(?:the\s+|an?\s+)?${FIELD}\s+${NAME}`, 'gi'), 'with `"event":"$1"`'],
  // "its event being interrupted", "with its event set to timeout".
  [new RegExp(String.raw`\b(?:with\s+)?its\s+${FIELD}\s+(?:being|set\s+to)\s+${NAME}`, 'gi'), 'with `"event":"$1"`'],
  // "the first line's event is failed", "the 2nd entry's event is timeout": line N of the log, the one place a line has an event.
  ...ORDINALS.map((word, i): [RegExp, string] => [new RegExp(String.raw`\bthe\s+(?:${word})\s+(?:line|entry|record|object)'s\s+${FIELD}\s+(?:is|was|reads|says)\s+${NAME}`, 'gi'), `line ${i + 1} has \`"event":"$1"\``]),
  // "that line's event type is timeout", "the entry's `event` is fail-fast".
  [new RegExp(String.raw`\b(line|entry|record|object)'s\s+${FIELD}\s+(?:is|was|reads|says)\s+${NAME}`, 'gi'), '$1 has `"event":"$2"`'],
  // "its event is timeout": "it" the line the step before named.
  [new RegExp(String.raw`\bits\s+${FIELD}\s+(?:is|was|reads|says)\s+${NAME}`, 'gi'), 'it has `"event":"$1"`'],
  // "that line is a JSON object with …", "each entry shall be a JSON object containing …" (after "whose event is …" became "with …"): the line, an object, has them.
  [/\b(line|entry|record|it)\s+(?:is|shall\s+be|must\s+be|should\s+be)\s+(a\s+JSON\s+object)\s+(?:with|holding|containing|carrying|(?:that|which)\s+(?:has|holds|contains|carries))(?=\s+`")/gi, '$1, $2, has'],
  // "the first line has …", "the second entry holds …": line N of the log.
  ...ORDINALS.map((word, i): [RegExp, string] => [new RegExp(String.raw`\bthe\s+(?:${word})\s+(?:line|entry|record|object)(,\s+a\s+JSON\s+object,)?\s+(?=(?:has|holds|carries|contains|shows)\s+\x60")`, 'gi'), `line ${i + 1}$1 `]),
];

/**
 * What follows an event said in words is of the same line: ", for the command exit 4", ", with exit code 4" (or
 * "an exit code of 4") (and "a timeout of 1s") are its `command` and `exitCode` (`timeout`), folded into its members so that no other fact reads them
 * of the run (the run's exit status is not the line's).
 */
const QUALIFIERS: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^,?\s+(?:for|of)\s+(?:the\s+)?command\s+(?:`([^`]+)`|([^,.`]+?))(?=\s*(?:,|\.?$|\s+and\s+))/i, (m) => `"command":${JSON.stringify(m[1] ?? m[2])}`],
  // "for `echo bad; exit 2`": a command line in code marks, not a JSON member, is the line's command.
  [/^,?\s+for\s+`(?!")([^`]+)`(?=\s*(?:,|\.?$|\s+and\s+))/i, (m) => `"command":${JSON.stringify(m[1])}`],
  [/^,?\s+(?:and\s+)?(?:with\s+)?(?:an?\s+)?exit\s+code\s+(?:of\s+)?(\d+)(?!\w|\.\d)/i, (m) => `"exitCode":${m[1]}`],
  // "and a timeout of 2s": the line's `timeout` as the log writes it (formatElapsed: "2s", "1m30s", "500ms").
  [/^,?\s+(?:and\s+)?(?:with\s+)?(?:an?\s+)?timeout\s+of\s+((?:\d+(?:ms|s|m|h))+)(?!\w|\.\d)/i, (m) => `"timeout":"${m[1]}"`],
  // ", with `"exitStatus":4`", "and `"commandsNotRun":1`": a member said after the event, of the same line (log-fields-said.ts writes them so).
  [/^,?\s+(?:and\s+)?(?:with\s+)?`("[A-Za-z_]\w*":[^`\n]+)`/, (m) => m[1]],
];

/** SENTENCE with each event of a log line it says in words said as that line's JSON member (and what it says of that line after it). */
export function logEventsNamed(sentence: string): string {
  let text = sentence;
  for (const [pattern, form] of REWRITES) text = text.replace(pattern, form);
  let said = '';
  for (let at = text.search(EVENT_MEMBER); at >= 0; at = text.search(EVENT_MEMBER)) {
    const member = EVENT_MEMBER.exec(text.slice(at))![0];
    const members = [member.slice(1, -1)];
    let rest = text.slice(at + member.length);
    for (let found = true; found; ) {
      found = false;
      for (const [pattern, field] of QUALIFIERS) {
        const m = pattern.exec(rest);
        if (!m) continue;
        members.push(field(m));
        rest = rest.slice(m[0].length);
        found = true;
      }
    }
    said += `${text.slice(0, at)}\`${members.join(', ')}\``;
    text = rest;
  }
  return said + text;
}

/** A member of the event the rewrites above made. */
const EVENT_MEMBER = /`"event":"[\w-]+"`/;
