// The register of test records and of expectation prose, taken off before the lexicon reads the claim it introduces:
//
// - a reader who expects: "One expects the exit status to be 2", "we expect the first command to print `x` and then
//   `y`", "one expects that …": the claim is the thing expected doing what it is expected to do ("the exit status is
//   2", "the first command prints `x` and then `y`"); "one expects the exit status 2" is spec-run exec's status said
//   to be 2, and any other "one expects the …" is read as "we expect …" is;
// - a labelled expectation of a test record: "Expected announcement: `[1/3] host: …`", "Expected output line: `x`",
//   "Expected note: `  note: …`", "Expected in section `[2/3]`: `Exit Code: 137`", "Expected output line of section
//   `[1/3]`: `x`", "Expected last report line: `x`": the label says which part of the run the quoted text is expected
//   in, and the claim is that the part holds it (a section is the report of the command its mark names, the mark's
//   count checked against the run's). A line placed by its number in a section ("Expected second output line of
//   section `[1/2]`") is left: no reading here says it is that line, exactly. The text is one quoted span, all the
//   step says after its label; a label this does not name, or a text with words of the writer's beside it, is left as
//   written (its step stays unread). A bare "Expected: `x`" names no part: unread.

/** A bare verb as "to" opens it after "expects … to", and after "and" in the same claim. */
const BARE_VERB = String.raw`(?:be|print|show|read|hold|contain|begin|start|end|finish|succeed|fail|exit|stop|run|report|say|state|list|carry|name|appear|write|mention|include|keep|remain|stay|time\s+out|return|produce|emit)`;

/** VERB said of one subject in the present ("be" → "is", "print" → "prints", "carry" → "carries"); PLURAL, of several. */
function present(verb: string, plural: boolean): string {
  const [head, ...rest] = verb.split(/\s+/);
  const said = head === 'be' ? (plural ? 'are' : 'is') : plural ? head : /(?:s|sh|ch|x|z|o)$/.test(head) ? `${head}es` : /[^aeiou]y$/.test(head) ? `${head.slice(0, -1)}ies` : `${head}s`;
  return [said, ...rest].join(' ');
}

/** Whether a subject is plural: its head noun (the last word before "of", or its last word) ends in a plural "s". */
function pluralSubject(subject: string): boolean {
  const head = subject.replace(/\s+of\s+.*$/i, '').trim().split(/\s+/).pop() ?? '';
  return /[^su']s$/i.test(head) && !/^(?:status|process|this|its|series)$/i.test(head);
}

/** "One expects", "we expect", "you would expect": the reader who expects, at the head of a sentence. */
const EXPECTS = String.raw`^\s*(?:one|we|you|the\s+tester|the\s+reader)\s+(?:would\s+|should\s+|can\s+|will\s+)?(?:expects?|anticipates?)\s+`;

/** "One expects that …": the claim after "that". */
const EXPECTS_THAT = new RegExp(String.raw`${EXPECTS}that\s+`, 'i');

/** "One expects NP to V …": the subject (group 1, no verb or quote in it) and the verb (group 2). */
const EXPECTS_TO = new RegExp(String.raw`${EXPECTS}((?:the|its|a|an|each|every|all|no|both)\s+[^\`,;:]*?)\s+(not\s+)?to\s+(${BARE_VERB})\b`, 'i');

/** "and print", "and then end": a second verb of the same subject in the claim, outside quotes. */
const AND_VERB = new RegExp(String.raw`(\s(?:and|but)\s+(?:then\s+)?)(${BARE_VERB})\b(?=\s+(?:\x60|with|in|on|at|as|after|before|the|a|an|its|no|nothing|exactly|only|\d))`, 'gi');

/** "One expects the exit status 2": the number of spec-run exec's status (group 1), said without a verb. */
const EXPECTS_STATUS = new RegExp(String.raw`${EXPECTS}the\s+exit\s+(?:status|code)\s+(\d+)\b(?!\.\d|[/:\d]|\s*(?:s|ms|seconds?|lines?)\b)`, 'i');

/** SENTENCE (its code marked) with a reader's expectation said as the claim it expects. */
function expectationClaimed(sentence: string): string {
  if (EXPECTS_THAT.test(sentence)) return sentence.replace(EXPECTS_THAT, '');
  // "One expects the exit status 2": the status said to be that number.
  const status = EXPECTS_STATUS.exec(sentence);
  if (status) return `The exit status is ${status[1]}${sentence.slice(status[0].length)}`;
  const m = EXPECTS_TO.exec(sentence);
  if (!m) return sentence.replace(new RegExp(String.raw`${EXPECTS}(?=the\s|its\s|a\s|an\s|no\s|nothing\b|\d)`, 'i'), 'we expect ');
  const [whole, subject, not, verb] = m;
  const plural = pluralSubject(subject);
  const verbSaid = not ? `${head(plural, verb)} not ${verb.toLowerCase()}` : present(verb.toLowerCase(), plural);
  const rest = sentence.slice(whole.length);
  // The second verb of the claim, outside quotes: said in the same tense, of its subject said again (a verb after "and"
  // with no subject of its own is not always read as the first one's).
  const restSaid = rest
    .split(/(`[^`]*`)/)
    .map((span, i) => (i % 2 === 1 || not ? span : span.replace(AND_VERB, (_w, and: string, v: string) => `${and}${subject} ${present(v.toLowerCase(), plural)}`)))
    .join('');
  return `${subject.replace(/^the\b/, 'The')} ${verbSaid}${restSaid}`;
}

/** The auxiliary a negated claim is said with ("is not", "does not print"). */
const head = (plural: boolean, verb: string) => (/^be$/i.test(verb) ? (plural ? 'are' : 'is') : plural ? 'do' : 'does');

/** One quoted text, the whole of what follows a label, a closing stop allowed. */
const ONE_TEXT = String.raw`(\x60[^\x60]+\x60)\s*\.?\s*$`;
/** A section of the report named by its mark: "section `[2/3]`", "section [2/3]". */
const SECTION = String.raw`section\s+\x60?(\[\d+\/\d+\])\x60?`;

/** "Expected <label>: `text`": each label the part of the run it names, and the claim that the part holds the text. */
const LABELLED: [RegExp, (...groups: string[]) => string][] = [
  // An announcement: a line of the report that opens with a command's mark.
  [new RegExp(String.raw`^\s*expected\s+announcement\s*:\s*(\x60\[\d+\/\d+\][^\x60]*\x60)\s*\.?\s*$`, 'i'), (text) => `the report contains the line ${text}`],
  // A note: a line of the report.
  [new RegExp(String.raw`^\s*expected\s+note\s*:\s*${ONE_TEXT}`, 'i'), (text) => `the report contains the line ${text}`],
  [new RegExp(String.raw`^\s*expected\s+(?:last|final)\s+(?:report\s+line|line\s+of\s+the\s+report)\s*:\s*${ONE_TEXT}`, 'i'), (text) => `the last line of the report is ${text}`],
  [new RegExp(String.raw`^\s*expected\s+output\s+line\s*:\s*${ONE_TEXT}`, 'i'), (text) => `the output contains the line ${text}`],
  [new RegExp(String.raw`^\s*expected\s+output\s+line\s+(?:of|in)\s+${SECTION}\s*:\s*${ONE_TEXT}`, 'i'), (mark, text) => `${mark} output contains the line ${text}`],
  [new RegExp(String.raw`^\s*expected\s+in\s+${SECTION}\s*:\s*${ONE_TEXT}`, 'i'), (mark, text) => `${mark} report contains ${text}`],
];

/** SENTENCE (its code marked) in the plain register of a claim: a reader's expectation or a labelled expectation said as the claim. */
export function inExpectationRegister(sentence: string): string {
  for (const [label, claim] of LABELLED) {
    const m = label.exec(sentence);
    if (m) return claim(...m.slice(1));
  }
  return expectationClaimed(sentence);
}
