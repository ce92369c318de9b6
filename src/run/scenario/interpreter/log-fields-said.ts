// A `--log` line's fields said in words rather than as JSON: "… whose event is fail-fast, with exitStatus 4 and commandsNotRun 1",
// "with exitCode 124 and signal "SIGTERM"", "commandWentOn true": each field the executor's log writes
// (src/executor/log.ts), named as it writes it, with the value after it, said again as the member the line holds
// (`"exitStatus":4`), which the facts of the log's lines compare with the parsed line's field (log-members.ts). Only
// in a sentence about a line of the log (a member already said, or a line, entry or JSON object named), and only
// the log's own field names: any other word before a value stays what it was.

/** The log's fields whose values are numbers (src/executor/log.ts). */
const NUMBER_FIELDS = ['exitCode', 'exitStatus', 'commandsNotRun', 'commandsTotal', 'commandNumber', 'totalOutputLines', 'timeoutMs', 'durationMs', 'commandExitCode'];
/** The log's fields whose values are texts, said in quotes. */
const TEXT_FIELDS = ['event', 'signal', 'context', 'timeout', 'image', 'imageUsed', 'command', 'duration'];
/** The log's fields whose values are true or false. */
const BOOLEAN_FIELDS = ['commandWentOn'];

/** Between a field and its value: nothing, "of", "=", ":", "is", "being", "set to", "equal to". */
// A space at least, so that a field's word closing a quoted text ("invalid duration" and …) is never a field before a value.
const IS = String.raw`(?:\s*[=:]\s*|\s+(?:(?:is|being|of|set\s+to|equal\s+to)\s+)?)`;
/** A field's name as written: bare, or in code marks or quotes. */
const field = (names: readonly string[]) => String.raw`(?:\`|")?\b(${names.join('|')})\b(?:\`|")?`;

/** A sentence about a line of the log: a JSON member said, or a line, entry or record, or a JSON object, named. */
const ABOUT_A_LINE = /`"[A-Za-z_]\w*":|\b(?:line|lines|entry|entries|record|JSON)\b/i;

/** SENTENCE with a log line's fields said in words said as its JSON members (see the head of this file). */
export function logFieldsSaid(sentence: string): string {
  if (!ABOUT_A_LINE.test(sentence)) return sentence;
  // Prose only: a code span is the document's own text (a member written as JSON is read as it is).
  return sentence.split(/(`[^`]*`)/).map((piece, i) => (i % 2 === 1 ? piece : inMembers(piece))).join('');
}

/** PROSE (no code span in it) with the fields it says in words said as members. */
function inMembers(prose: string): string {
  return (
    prose
      .replace(new RegExp(String.raw`(?<![\w"\`:])${field(NUMBER_FIELDS)}${IS}(-?\d+)(?![\w.])`, 'g'), (_w, name: string, value: string) => `\`"${name}":${value}\``)
      .replace(new RegExp(String.raw`(?<![\w"\`:])${field(TEXT_FIELDS)}${IS}"([^"\n]*)"`, 'g'), (_w, name: string, value: string) => `\`"${name}":${JSON.stringify(value)}\``)
      .replace(new RegExp(String.raw`(?<![\w"\`:])${field(BOOLEAN_FIELDS)}${IS}(true|false)\b`, 'g'), (_w, name: string, value: string) => `\`"${name}":${value}\``)
  );
}
