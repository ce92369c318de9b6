// The writer's own nouns, read from the document's prose rather than from a word list. A writer
// names spec-run exec, its commands and its configuration file in their own words ("the
// wrapper", "the SUT", "each task", "the test item") and says what those words name outside the
// scenarios: in a Purpose ("the command executor of spec-run, hereafter the system under test
// (SUT)"), in a requirement ("The wrapper reads the whole file first and refuses it"), in a
// paragraph ("each task is one entry of `commands:`"). A step that uses such a noun is read as
// if it named the thing itself. The classes of what pins a noun, each to exactly one thing:
//
// - spec-run exec (the runner): a noun defined for it ("spec-run exec, hereafter the wrapper",
//   "the wrapper (`spec-run exec`)", "by the tool we mean spec-run exec", "the launcher is
//   spec-run exec"), with the abbreviation written after it in parentheses; or a noun said as the
//   subject of what only the runner does: reading, checking or refusing the configuration file,
//   running or starting the commands (all of them, each, every one), going on to the next
//   command, stopping the running one, starting a container or printing a report per command,
//   keeping part of each command's output, being invoked as `spec-run exec …`;
// - a command: a noun said to be an entry of `commands:` ("each task is one entry of `commands:`",
//   "jobs (the entries of the `commands:` list)") or one command ("every task is a command");
// - the configuration: a noun said to be the YAML configuration (file) ("The test item is a YAML
//   configuration file");
// - spec-run exec's exit status: a noun defined as the exit status (code) of the runner or of
//   "that invocation" ("the recorded exit status is the exit status of that invocation").
//
// A noun the document pins to two things, or that is a noun of the run itself (the command, the
// configuration, the report, the shell, the container, …), is left unknown: never a guess.

import path from 'node:path';
import type { ProseLine, TreeDocument } from '../../../model/plan.js';
import { markCode } from './lexicon.js';
import { inExecutorTerms, unquotedSpans } from './own-terms.js';
import { roleTerms } from './tree-roles.js';


/** What a noun of the writer's names, as the interpreter's own words say it. */
export type TermThing = 'spec-run exec' | 'command' | 'configuration' | "spec-run exec's exit status";

/** A noun of the writer's (lower case, as written after its article) and the thing the document pins it to, at LINE. */
export interface DocumentTerm {
  noun: string;
  thing: TermThing;
  line: number;
  /** Where another document of the tree pins it (its file); absent for the step's own document. */
  file?: string;
  /** Set where the noun is pinned by its roles across the tree rather than by a definition: the roles, as a reading says them. */
  roles?: string;
}

/** How a document's prose refers to spec-run exec itself. */
const RUNNER = String.raw`(?:\x60(?:npx\s+)?spec-run\s+exec\b[^\x60]*\x60|\bspec-run\s+exec\b|\b(?:the\s+)?(?:command\s+)?executor\s+of\s+spec-run\b|\bspec-run's\s+(?:command\s+)?executor\b)`;

/** Function words, which no noun phrase holds past its first word ("a run of the wrapper" is no one noun). */
const FUNCTION_WORD = String.raw`(?:of|the|a|an|to|in|on|for|and|or|with|by|as|at|is|are|was|be|that|which|who|we)\b`;
/** A noun phrase of up to four words, or an abbreviation in capitals. */
const PHRASE = String.raw`([A-Za-z][\w-]*(?:\s+(?!${FUNCTION_WORD})[a-z][\w-]*){0,3})`;
/** Modal words between a subject and its verb ("The wrapper SHALL refuse", "it then runs"). */
const MODAL_WORD = String.raw`(?:SHALL|shall|MUST|must|should|will|then|first|always|itself|also|NOT|not|therefore|thus|hence|so|still|only|never|now|again|instead|\w+ly)\b`;
/** A noun of one or two words, as the subject of a verb. */
const SUBJECT = String.raw`([A-Za-z][\w-]*(?:\s+(?!${FUNCTION_WORD}|${MODAL_WORD})[a-z][\w-]*)?)`;
/** An abbreviation written after a noun phrase: "(SUT)". */
const ABBREVIATION = String.raw`(?:\s*\(\s*([A-Z][A-Za-z]{1,7})\s*\))?`;
/** Where a defined noun phrase ends. */
const PHRASE_END = String.raw`(?=\s*(?:[,;:.)(]|$))`;

/** `commands:` (the list), however the writer marks it. */
const COMMANDS_LIST = String.raw`(?:the\s+)?(?:\x60commands:?\x60|commands:)(?:\s+(?:list|section|key))?`;
/** The modal words between a subject and its verb. */
const MODAL = String.raw`(?:${MODAL_WORD}\s+)*`;

/** Definitions of the runner: the noun is group 1, its abbreviation group 2. */
const RUNNER_DEFINED: RegExp[] = [
  new RegExp(String.raw`${RUNNER}\s*,?\s*\(?\s*(?:hereafter|henceforth|from now on)(?:\s+(?:called|named|referred\s+to\s+as|simply))?\s+(?:the\s+|"|“)?${PHRASE}["”]?${ABBREVIATION}${PHRASE_END}`, 'g'),
  new RegExp(String.raw`${RUNNER}\s*,?\s*\(?\s*(?:is\s+)?(?:called|known\s+as|referred\s+to\s+as)\s+(?:the\s+|"|“)?${PHRASE}["”]?${ABBREVIATION}${PHRASE_END}`, 'g'),
  new RegExp(String.raw`\b(?:[Tt]he|[Oo]ur|[Aa]|[Aa]n)\s+${PHRASE}${ABBREVIATION}\s*\(\s*${RUNNER}\s*\)`, 'g'),
  new RegExp(String.raw`\b(?:[Bb]y\s+)?(?:[Tt]he|[Oo]ur)\s+${PHRASE}${ABBREVIATION}\s+(?:is|means|denotes|refers\s+to|stands\s+for|we\s+mean)\s+${RUNNER}`, 'g'),
  // a glossary's item: "**Wrapper**: spec-run exec"
  new RegExp(String.raw`^\s*\*\*(?:the\s+)?${PHRASE}\*\*\s*[:—–]?\s*(?:the\s+)?${RUNNER}`, 'gi'),
];

/** What only the runner does, said after its subject (group 1). */
const RUNNER_DOES = new RegExp(
  String.raw`\b(?:[Tt]he|[Oo]ur)\s+${SUBJECT}\s+${MODAL}(?:(?:reads?|checks?|examines?|validates?|refuses?|rejects?|loads?|parses?)\s+(?:the\s+|a\s+|each\s+|every\s+|its\s+)?(?:whole\s+|entire\s+)?(?:YAML\s+)?(?:configuration|config|file|YAML)\b|(?:runs?|starts?|executes?|launches?)\s+(?:all\s+(?:of\s+)?(?:the\s+|its\s+)?commands|(?:each|every)\s+(?:of\s+(?:the\s+|its\s+)?commands|command)|(?:the|its)\s+commands)\b|(?:is|was|gets)\s+(?:invoked|run|started|called|launched)\s+as\s+${RUNNER}|goes\s+on\s+(?:to\s+the\s+next\s+command|through\s+(?:all\s+)?(?:the\s+|its\s+)?(?:\w+\s+)?commands)\b|stops?\s+the\s+running\s+command\b|(?:starts?|creates?)\s+(?:one|a)\s+container\s+(?:per|for\s+each)\s+command\b|prints?\s+(?:one|a)\s+report\s+(?:per|for\s+each)\s+command\b|(?:keeps?|stores?)\s+(?:[\w-]+\s+){0,4}?of\s+(?:each|every)\s+command's\s+(?:stdout|stderr|output)\b)`,
  'g',
);

/** Definitions of a command's noun (group 1). */
const COMMAND_DEFINED: RegExp[] = [
  new RegExp(String.raw`\b(?:[Ee]ach|[Ee]very|[Aa]|[Aa]n|[Oo]ne)\s+${PHRASE}\s+(?:is|means|denotes|stands\s+for)\s+(?:one|an|a|the)?\s*(?:entry|item|element|member)\s+(?:of|in|under)\s+${COMMANDS_LIST}`, 'g'),
  new RegExp(String.raw`\b(?:[Ee]ach|[Ee]very|[Aa]|[Aa]n)\s+${PHRASE}\s+is\s+(?:one|a)\s+command\b(?!\s+(?:line|name|of\s+its))`, 'g'),
  new RegExp(String.raw`\b${PHRASE}s\s+(?:are|mean|denote)\s+(?:the\s+)?(?:entries|items|elements|members)\s+(?:of|in|under)\s+${COMMANDS_LIST}`, 'g'),
  new RegExp(String.raw`\b${PHRASE}s?\s*\(\s*(?:one|an|the)?\s*(?:entry|entries|items?|elements?)\s+(?:of|in|under)\s+${COMMANDS_LIST}\s*\)`, 'g'),
];

/** Definitions of the configuration file's noun (group 1). */
const CONFIGURATION_DEFINED = new RegExp(String.raw`\b(?:[Tt]he|[Aa]|[Ee]ach|[Ee]very)\s+${PHRASE}\s+is\s+(?:always\s+)?(?:a|the|one)\s+(?:YAML\s+)?(?:configuration|config)(?:\s+file)?(?![\w'’-]|\s+file\b)`, 'g');

/** Definitions of the runner's exit status (group 1): "the recorded exit status is the exit status of that invocation". */
const EXIT_STATUS_DEFINED = new RegExp(String.raw`\b(?:[Tt]he|[Aa])\s+${PHRASE}\s+is\s+(?:always\s+)?the\s+(?:exit\s+(?:status|code)|return\s+code|status)\s+of\s+(?:(?:that|this|the|each)\s+invocation\b|${RUNNER})`, 'g');

/**
 * Nouns of the run itself, and words of a sentence's frame: never a writer's own term, whatever
 * the prose says of them ("the shell runs the commands" says what the shell does).
 */
export const NOT_A_TERM = /^(?:commands?|configurations?|configs?|files?|yaml|reports?|runs?|outputs?|shells?|containers?|docker|engines?|hosts?|images?|projects?|process(?:es)?|kernel|system|users?|hooks?|stop hook|scheduler|operating system|machine|it|this|that|which|spec-run|spec-run exec|executor|command executor|same|first|second|last|next|whole|following|exit (?:status|code)|status|code)$/i;

/** A phrase as a term's noun: lower case (an abbreviation as written), spaces single. */
export const nounOf = (phrase: string) => {
  const words = phrase.trim().replace(/\s+/g, ' ');
  return /^[A-Z]{2,}[a-z]?$/.test(words) ? words : words.toLowerCase();
};

/** Every pin the prose of a document makes, by noun (a noun may be pinned to two things). */
function documentPins(prose: readonly ProseLine[]): Map<string, DocumentTerm[]> {
  const found = new Map<string, DocumentTerm[]>();
  const pin = (phrase: string | undefined, thing: TermThing, line: number) => {
    if (phrase === undefined) return;
    const noun = nounOf(phrase);
    if (NOT_A_TERM.test(noun)) return;
    found.set(noun, [...(found.get(noun) ?? []), { noun, thing, line }]);
  };
  for (const { text, line, code } of prose) {
    // In the executor's nouns where a word list has them ("all stages" are all commands).
    const marked = inExecutorTerms(markCode(text, code));
    for (const pattern of RUNNER_DEFINED)
      for (const m of marked.matchAll(pattern)) {
        pin(m[1], 'spec-run exec', line);
        pin(m[2], 'spec-run exec', line);
      }
    for (const m of marked.matchAll(RUNNER_DOES)) pin(m[1], 'spec-run exec', line);
    for (const pattern of COMMAND_DEFINED) for (const m of marked.matchAll(pattern)) pin(m[1], 'command', line);
    for (const m of marked.matchAll(CONFIGURATION_DEFINED)) pin(m[1], 'configuration', line);
    for (const m of marked.matchAll(EXIT_STATUS_DEFINED)) pin(m[1], "spec-run exec's exit status", line);
  }
  return found;
}

/** The terms of PINS whose pins agree on one thing, a noun inside a longer one ("status" in "recorded exit status") after it, as it is rewritten. */
function agreed(pins: Iterable<DocumentTerm[]>): DocumentTerm[] {
  const terms: DocumentTerm[] = [];
  for (const found of pins) if (new Set(found.map((p) => p.thing)).size === 1) terms.push(found[0]);
  return terms.sort((a, b) => b.noun.length - a.noun.length);
}

/** The terms the prose of a document pins, each to one thing; a noun pinned to two is left out. */
export function documentTerms(prose: readonly ProseLine[]): DocumentTerm[] {
  return agreed(documentPins(prose).values());
}

/**
 * The terms a scenario of the document with PROSE reads in, its tree's documents TREE (its own among them): what its own
 * prose pins; else, for a noun its prose does not pin, what the other documents pin it to and what it names by its roles
 * across the tree (tree-roles.ts), where all of those agree. A noun its own prose pins to two things stays unknown.
 */
export function treeTerms(prose: readonly ProseLine[], tree: readonly TreeDocument[]): DocumentTerm[] {
  const pins = documentPins(prose);
  const elsewhere = new Map<string, DocumentTerm[]>();
  const add = (term: DocumentTerm) => elsewhere.set(term.noun, [...(elsewhere.get(term.noun) ?? []), term]);
  for (const document of tree) {
    if (document.prose === prose) continue;
    for (const found of documentPins(document.prose).values()) for (const term of found) add({ ...term, file: document.file });
  }
  // A noun some document defines is read as defined, never by its roles: a definition is the writer's word, roles a reading of it.
  const defined = new Set([...pins.keys(), ...elsewhere.keys()]);
  for (const term of roleTerms(tree)) if (!defined.has(term.noun)) add(term);
  for (const [noun, found] of elsewhere) if (!pins.has(noun)) pins.set(noun, found);
  return agreed(pins.values());
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');

/** Where TERM stands in a step: the runner and its exit status with their article (that the thing's words replace), a command or the configuration as the noun alone. */
function termPattern(term: DocumentTerm): RegExp {
  const noun = escaped(term.noun);
  const abbreviation = /^[A-Z]{2,}[a-z]?$/.test(term.noun);
  if (term.thing === 'spec-run exec' || term.thing === "spec-run exec's exit status") {
    // An abbreviation as written ("SUT", never "sut"), with or without its article; a noun after its article.
    return abbreviation ? new RegExp(String.raw`(?:\b(?:[Tt]he|[Oo]ur)\s+)?\b${noun}\b(?![-/.]\w)`, 'g') : new RegExp(String.raw`\b(?:[Tt]he|[Oo]ur)\s+${noun}\b(?![-/.]\w)`, 'gi');
  }
  return new RegExp(String.raw`\b${noun}(s?)\b(?![-/.]\w)`, 'gi');
}

/** The words a step says TERM's thing in, by whether the noun was plural. */
const thingSaid = (term: DocumentTerm, plural: boolean) => (term.thing === 'command' || term.thing === 'configuration' ? `${term.thing}${plural ? 's' : ''}` : term.thing);

/**
 * SENTENCE (its code spans marked) with the document's own nouns said as the things they name,
 * its quoted spans as written; USED: the terms it rewrote.
 */
export function inDocumentTerms(sentence: string, terms: readonly DocumentTerm[]): { sentence: string; used: DocumentTerm[] } {
  const used = new Set<DocumentTerm>();
  const rewritten = unquotedSpans(sentence)
    .map((span, i) =>
      i % 2 === 1
        ? span
        : terms.reduce(
            (text, term) =>
              text.replace(termPattern(term), (_written: string, plural?: string) => {
                used.add(term);
                return thingSaid(term, typeof plural === 'string' && plural !== '');
              }),
            span,
          ),
    )
    .join('');
  return { sentence: rewritten, used: terms.filter((t) => used.has(t)) };
}

/** Where a term was pinned, as a reading says it. */
const pinnedAt = (t: DocumentTerm) => {
  const at = t.file === undefined ? `line ${t.line}` : `${path.basename(t.file)}:${t.line}`;
  return t.roles !== undefined ? `by its roles (${t.roles}), first at ${at}` : t.file === undefined ? `defined at ${at}` : `from ${at}`;
};

/** How a reading says the nouns it took from the document or its tree. */
export const termsShown = (used: readonly DocumentTerm[]): string =>
  used.length === 0 ? '' : ` [read through the ${used.some((t) => t.file !== undefined) ? 'tree' : 'document'}: ${used.map((t) => `"${t.noun}" = ${t.thing}, ${pinnedAt(t)}`).join('; ')}]`;

/** Stands for a document with no prose outside its scenarios, as a key. */
const NO_PROSE: readonly ProseLine[] = [];
const cache = new WeakMap<readonly ProseLine[], WeakMap<readonly TreeDocument[], DocumentTerm[]>>();
const alone = new WeakMap<readonly ProseLine[], DocumentTerm[]>();

/** The terms a scenario reads in (its document's prose and, where the run gave it one, its tree), read once per document. */
export function termsOf(scenario: { prose?: readonly ProseLine[]; tree?: readonly TreeDocument[] } | undefined): DocumentTerm[] {
  const prose = scenario?.prose ?? NO_PROSE;
  const tree = scenario?.tree;
  if (!tree) {
    let terms = alone.get(prose);
    if (!terms) alone.set(prose, (terms = documentTerms(prose)));
    return terms;
  }
  let byTree = cache.get(prose);
  if (!byTree) cache.set(prose, (byTree = new WeakMap()));
  let terms = byTree.get(tree);
  if (!terms) byTree.set(tree, (terms = treeTerms(prose, tree)));
  return terms;
}
