// A writer's own nouns for the entities of an executor run. Writers name the things of a
// run in their own domain's terms: a CI team calls a command a "step" or a "stage" and the
// host the "build agent", and read the report on "the console log" or "the screen". Each such noun names exactly one entity of the run, so a sentence
// is read in the executor's nouns ("the step fails" is "the command fails") before the
// lexicon reads it; every rule keyed on the executor's noun ("the second command", "a host
// command runs …", "the command's report") then reads the writer's sentence the same way.
// Quoted text is never rewritten: `echo step one` and `STAGE=ci` stay as written.

/** A writer's noun (singular, plural) and the executor's noun it names (singular, plural). */
interface OwnTerm {
  said: RegExp;
  entity: [string, string];
}

/**
 * The nouns, longest first. Only nouns that name one entity in every sentence seen: a "job"
 * is the whole run (it is the lexicon's already), a plain "agent" is the writer's AI agent
 * as often as a machine, and a "check" is as often the act of validation; none is here.
 */
const OWN_TERMS: OwnTerm[] = [
  // a command of the configuration's list
  { said: /\b(?:pipeline|build|ci|job) (step|stage)(s?)\b/gi, entity: ['command', 'commands'] },
  { said: /\b(step|stage)(s?)\b/gi, entity: ['command', 'commands'] },
  // all spec-run exec prints, the report: where the writer reads it (a CI's console, a terminal's screen)
  { said: /\b(?:console|terminal|job|build) (?:log|output)()()\b/gi, entity: ['report', 'report'] },
  { said: /\b(?:the )?(?:console|screen|terminal)()()\b(?! log| output)/gi, entity: ['the report', 'the report'] },
  // the machine spec-run exec runs on
  { said: /\b(?:build|ci) (agent|machine|server|host|node)(s?)\b/gi, entity: ['host', 'hosts'] },
];

/** Splits TEXT into the spans outside quotes (even indexes) and the quoted ones (odd). */
function unquotedSpans(text: string): string[] {
  return text.split(/(`[^`]*`|“[^”]*”|"[^"]*")/);
}

/** A word as the executor names it, capitalised where the writer's opens a sentence ("The step", not "CI step"). */
function sameCase(written: string, word: string): string {
  return /^[A-Z][a-z]/.test(written) ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

/** Whether the noun WRITTEN at AT in TEXT is a name or part of a word: in capitals (the variable STAGE), glued by a hyphen, an equals sign, an underscore or a slash ("step-by-step", "stage=ci"), or a verb after "to" ("to stage"). */
function notTheNoun(written: string, at: number, text: string): boolean {
  return /^[A-Z]+S?$/.test(written) || /[-=_/]$/.test(text.slice(0, at)) || /^[-=_/]/.test(text.slice(at + written.length)) || /\bto\s+$/i.test(text.slice(0, at));
}

/** SENTENCE in the executor's nouns, its quoted spans as written. */
export function inExecutorTerms(sentence: string): string {
  const rename = (span: string) =>
    OWN_TERMS.reduce((text, term) => text.replace(term.said, (written: string, _noun: string, plural: string, at: number, whole: string) => (notTheNoun(written, at, whole) ? written : sameCase(written, term.entity[plural ? 1 : 0]))), span);
  return unquotedSpans(sentence)
    .map((span, i) => (i % 2 === 1 ? span : rename(span)))
    .join('');
}
