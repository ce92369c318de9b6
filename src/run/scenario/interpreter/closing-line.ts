// The line spec-run exec closes an interrupted run with ("interrupted by SIGINT: 2 of 3 commands not run"), said in
// the writer's words: "the last line says it was interrupted by SIGINT and 2 of 3 commands were not run", "… says
// interrupted by SIGINT with 2 of 3 commands not run". Every part of that text is said (the signal, how many were
// not run, of how many, "not run"), and nothing else, so the words are the text: said again as the text, quoted, in
// their place, where the rules read it. A count said without its signal, or a signal without its count, is no such
// text and stays as written.

/** "[that] [it was] interrupted by SIGINT (: | with | and [that]) 2 of 3 commands [were] not run", outside code marks and quotes (a text quoted is read as written). */
const SAID = /(?<![`"“'\w])(?:that\s+)?(?:(?:it|the\s+run|spec-run(?:\s+exec)?)\s+(?:was|got|has\s+been)\s+)?interrupted\s+by\s+(SIGINT|SIGTERM|SIGHUP)(?:\s*:\s*|,?\s+(?:with|and)\s+(?:that\s+)?)(\d+)\s+of\s+(\d+)\s+commands?\s+(?:were\s+|was\s+|are\s+)?not\s+run\b(?![`"”'])/g;

/** SENTENCE with the closing line of an interrupted run said in words put as its text (see the head of this file). */
export function closingLineSaid(sentence: string): string {
  return sentence.replace(SAID, (_said, signal: string, notRun: string, total: string) => `\`interrupted by ${signal}: ${notRun} of ${total} commands not run\``);
}
