// What a run leaves in its directory, in the words a Then says it with: a file that exists afterwards or
// does not ("`out.txt` does not exist after the run", "there's no `x.jsonl` afterwards", "no file `a.jsonl`
// exists", "no `q.jsonl` file is written"), and the file `--log` named, said without its name ("the log
// file holds one line with …", "no log file is created", "nothing is logged", "the event log stays empty").
//
// Each is said again in the one form the facts of then.ts read ("`x` is created", "`x` is not created",
// "`x` has 0 lines"), the `--log` file by LOG_REFERENT, which those facts take for that file whatever its name.

/** The file `--log` named, said without its name: a name no document gives a file. */
export const LOG_REFERENT = '__log__.jsonl';

const NAME = String.raw`\`([\w.-]+(?:\/[\w.-]+)*)\``;
/** When the file is (not) there: after the run, which is when every fact of a file is checked. */
export const AFTER = String.raw`(?:\s*,?\s*(?:afterwards?|thereafter|after\s+(?:the|this|that)\s+run|after\s+(?:the\s+)?execution|post[-\s]execution|once\s+the\s+run\s+(?:is\s+over|is\s+done|ends|has\s+ended|finishes|has\s+finished)|when\s+the\s+run\s+(?:is\s+over|ends|has\s+ended|finishes)|at\s+the\s+end\s+of\s+the\s+run))?`;
const END = String.raw`(?=\s*(?:[,;.:]|$|\band\b|\bbut\b|\bsince\b|\bbecause\b|\bas\b))`;
/** Verbs of a file being made by the run. */
const MADE = String.raw`(?:created|written|produced|made|left(?:\s+behind)?|generated)`;
/** Kinds of log a writer names the `--log` file by. */
const KIND = String.raw`(?:event|events|audit|limit|limits|json|jsonl|json\s+lines|\`--log\`|--log)`;
/** The `--log` file named by what it is: "the log file", "the event log", "the `--log` file", "the file given to `--log`". */
const LOG_NAMED = String.raw`(?:(?:the|its|that)\s+(?:${KIND}\s+)?log(?:\s+file)?|(?:the|its)\s+(?:\`--log\`|--log)\s+file|the\s+file\s+(?:named|given|passed)\s+(?:by|to|with)\s+(?:\`--log\`|--log))`;
/** "the log file" said before its name: the name is the file. */
const LOG_BEFORE_NAME = new RegExp(String.raw`\b${LOG_NAMED}\s+(?=${NAME})`, 'gi');
/** The `--log` file said without its name, where what follows says it holds, gets or is (not) made, so that "log" is no other word ("the log gains …" is then.ts's own fact). */
const LOG_ALONE = new RegExp(String.raw`\b${LOG_NAMED}\b(?!\s*\`)(?=\s+(?:(?:still|then|also|only|now)\s+)?(?:holds|has|gets|contains|receives|records|carries|keeps|is\s+created|is\s+written|exists|stays|remains|is\s+empty|(?:does\s+not|doesn't)\s+exist|is\s+(?:not|never)\s+(?:created|written)|is\s+absent|is\s+missing|ends\s+up))`, 'gi');

/** Said again in the forms the facts read: the file is there after the run, or not; the `--log` file got no line. */
const REWRITES: [RegExp, string][] = [
  // "no log file is created", "no events log is written", "no log file exists afterwards".
  [new RegExp(String.raw`\bno\s+(?:${KIND}\s+)?log(?:\s+file)?\s+(?:is|was|gets|got|will\s+be)\s+${MADE}${AFTER}${END}`, 'gi'), `\`${LOG_REFERENT}\` is not created`],
  [new RegExp(String.raw`\bno\s+(?:${KIND}\s+)?log(?:\s+file)?\s+(?:exists|appears|is\s+there)${AFTER}${END}`, 'gi'), `\`${LOG_REFERENT}\` is not created`],
  // "nothing is logged", "nothing is written to the log", "no line is appended to the log", "the event log stays empty".
  [new RegExp(String.raw`\b(?:nothing|no\s+(?:lines?|entry|entries|events?))\s+(?:is|are|was|were|gets?|got)\s+(?:logged|(?:written|appended|added)\s+to\s+(?:${LOG_NAMED}|\`${LOG_REFERENT.replace('.', '\\.')}\`))${AFTER}${END}`, 'gi'), `\`${LOG_REFERENT}\` has 0 lines`],
  [new RegExp(String.raw`\`${LOG_REFERENT.replace('.', '\\.')}\`\s+(?:stays|remains|is|ends\s+up)\s+empty${AFTER}${END}`, 'gi'), `\`${LOG_REFERENT}\` has 0 lines`],
  [new RegExp(String.raw`\`${LOG_REFERENT.replace('.', '\\.')}\`\s+(?:gets|receives)\s+(?:nothing|no\s+lines?)${AFTER}${END}`, 'gi'), `\`${LOG_REFERENT}\` has 0 lines`],
  // "no file `x` is created", "no `x` file is written", "no `x` exists afterwards", "there's no `x` afterwards", "there is no file `x`".
  [new RegExp(String.raw`\bno\s+(?:(?:log|output)\s+)?files?\s+${NAME}\s+(?:is|was|gets|got|will\s+be)\s+${MADE}${AFTER}${END}`, 'gi'), '`$1` is not created'],
  [new RegExp(String.raw`\bno\s+${NAME}(?:\s+file)?\s+(?:is|was|gets|got|will\s+be)\s+${MADE}${AFTER}${END}`, 'gi'), '`$1` is not created'],
  // "no file `x` shall exist after the run": the modal dropped by the plain register leaves "exist".
  [new RegExp(String.raw`\bno\s+(?:files?\s+)?${NAME}(?:\s+file)?\s+(?:(?:shall|should|must|will)\s+)?(?:exists|appears|exist|appear|is\s+there|is\s+present)${AFTER}${END}`, 'gi'), '`$1` is not created'],
  [new RegExp(String.raw`\bthere(?:'s|\s+is|\s+will\s+be)\s+no\s+(?:files?\s+)?${NAME}(?:\s+file)?${AFTER}${END}`, 'gi'), '`$1` is not created'],
  // "`x` does not exist afterwards", "`x` is absent after the run", "`x` is not written", "`x` is never created".
  [new RegExp(String.raw`(?:\bthe\s+file\s+)?${NAME}(?:\s+file)?\s+(?:(?:does\s+not|doesn't|did\s+not|didn't)\s+exist|is\s+(?:absent|missing|not\s+there|not\s+present|nowhere\s+to\s+be\s+found)|(?:is|was)\s+(?:not|never)\s+(?:${MADE}|created))${AFTER}${END}`, 'gi'), '`$1` is not created'],
  // "the file `x` exists afterwards", "`x` is there after the run", "`x` is present".
  [new RegExp(String.raw`(?:\bthe\s+file\s+)?${NAME}(?:\s+file)?\s+(?:exists|is\s+there|is\s+present)${AFTER}${END}`, 'gi'), '`$1` is created'],
];

/** SENTENCE with what it says of the run's files and its `--log` file said in the forms the facts read. */
export function filesLeftSaid(sentence: string): string {
  let text = sentence.replace(LOG_BEFORE_NAME, '').replace(LOG_ALONE, `\`${LOG_REFERENT}\``);
  for (const [pattern, form] of REWRITES) text = text.replace(pattern, form);
  return text;
}

/**
 * "nothing is written to `out/`", "no file is put in `build/`": a directory said to get no file, which no fact reads (the
 * words of writing would make it a text the output lacks). The words, to be left unread; null where it says none of it.
 */
export function nothingInDirectory(sentence: string): string | null {
  return /\b(?:nothing|no\s+files?)\s+(?:is|are|was|were|gets?|got)\s+(?:written|put|placed|created|left|saved)\s+(?:in|into|to|under|inside)\s+`[^`]*\/`/i.exec(sentence)?.[0] ?? null;
}
