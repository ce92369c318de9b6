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
import { directoryTermsFor, isPlaceholderTerm, scenarioDirectoryTerms } from './scenario-directory.js';
import { glossaryTerms } from './glossary-terms.js';


/** What a noun of the writer's names, as the interpreter's own words say it. */
export type TermThing = 'spec-run exec' | 'command' | 'configuration' | "spec-run exec's exit status" | 'report' | 'numbered command' | 'project directory';

/** A noun of the writer's (lower case, as written after its article) and the thing the document pins it to, at LINE. */
export interface DocumentTerm {
  noun: string;
  thing: TermThing;
  line: number;
  /** Where another document of the tree pins it (its file); absent for the step's own document. */
  file?: string;
  /** Set where the noun is pinned by its roles across the tree rather than by a definition: the roles, as a reading says them. */
  roles?: string;
  /** Set where the writer defined the noun in capitals ("the Gate Status", "a COMMAND ENTRY"): a step names it so, in its capitals or all in capitals, never in lower case. */
  cased?: boolean;
}

/** An article, in any case ("the", "THE", "The"). */
const ARTICLE = String.raw`(?:[Tt]he|THE|[Oo]ur|OUR)`;
const INDEFINITE = String.raw`(?:[Aa]n?|AN?|[Oo]ne|ONE)`;

/** spec-run exec as the prose names it, wherever it stands. */
const RUNNER_NAME = String.raw`(?:\x60(?:npx\s+)?spec-run\s+exec\b[^\x60]*\x60|\bspec-run\s+exec\b|\b(?:the\s+)?(?:command\s+)?executor\s+(?:of\s+spec-run\b|(?:invoked|run|started|called|launched)\s+as\s+(?:\x60(?:npx\s+)?spec-run\s+exec\b[^\x60]*\x60|\bspec-run\s+exec\b))|\bspec-run's\s+(?:command\s+)?executor\b)`;

/**
 * How a document's prose refers to spec-run exec itself as the thing a definition names: never as the object of a
 * preposition ("every command executed by `spec-run exec` (hereinafter …)" defines the command, not spec-run exec).
 */
const RUNNER = String.raw`(?<!\b(?:by|of|from|to|with|into|for|through|under|via)\s+)${RUNNER_NAME}`;

/** Function words, which no noun phrase holds past its first word ("a run of the wrapper" is no one noun). */
const FUNCTION_WORD = String.raw`(?:of|the|a|an|to|in|on|for|and|or|with|by|as|at|is|are|was|be|that|which|who|we)\b`;
/** Words in capitals that no noun phrase in capitals holds ("THE TOOL SHALL refuse"). */
const CAPITAL_FRAME = String.raw`(?:SHALL|MUST|SHOULD|MAY|WILL|NOT|AND|OR|THE|OF|A|AN|IS|ARE|TO|IN|ON|FOR|WITH|BY|AS|AT|NO|NEVER)\b`;
/**
 * A noun phrase of up to four words, or an abbreviation in capitals: in lower case after its first word ("system under
 * test"), in capitals ("COMMAND ENTRY", "TOOL") or with each word capitalised ("Gate Executor"), as writers mark a term.
 */
const PHRASE = String.raw`((?:[A-Z][A-Z0-9-]*[A-Z0-9](?:\s+(?!${CAPITAL_FRAME})[A-Z][A-Z0-9-]*[A-Z0-9]){0,3}|[A-Z][a-z][\w-]*(?:\s+[A-Z][a-z][\w-]*){1,3}|[A-Za-z][\w-]*(?:\s+(?!${FUNCTION_WORD})[a-z][\w-]*){0,3})(?![\w-]))`;
/** Modal words between a subject and its verb ("The wrapper SHALL refuse", "it then runs"). */
const MODAL_WORD = String.raw`(?:SHALL|shall|MUST|must|should|will|then|first|always|itself|also|NOT|not|therefore|thus|hence|so|still|only|never|now|again|instead|\w+ly)\b`;
/** A noun of one or two words, as the subject of a verb. */
const SUBJECT = String.raw`([A-Za-z][\w-]*(?:\s+(?!${FUNCTION_WORD}|${MODAL_WORD})[a-z][\w-]*)?)`;
/** An abbreviation written after a noun phrase: "(SUT)". */
const ABBREVIATION = String.raw`(?:\s*\(\s*([A-Z][A-Za-z]{1,7})\s*\))?`;
/** Where a defined noun phrase ends. */
const PHRASE_END = String.raw`(?=\s*(?:[,;:.)(]|$))`;
/** A noun as a definition names it: quoted, in bold marks, or bare. */
const NAMED = String.raw`["“]?${PHRASE}["”]?`;

/** `commands:` (the list), however the writer marks it: `commands:`, `stop.commands`. */
const COMMANDS_LIST = String.raw`(?:the\s+|its\s+)?(?:\x60(?:stop\.)?commands:?\x60|(?:stop\.)?commands:|\x60stop\.commands\x60|\bstop\.commands\b)(?:\s+(?:list|section|key|array))?`;
/** The modal words between a subject and its verb. */
const MODAL = String.raw`(?:${MODAL_WORD}\s+)*`;
/** Words that give a definition's noun after the thing it names ("hereafter the wrapper", "hereinafter called "the Invocation""). */
const HEREAFTER = String.raw`(?:hereafter|hereinafter|henceforth|from\s+now\s+on)(?:\s+(?:called|named|termed|referred\s+to\s+as|simply))?`;

/** Definitions of the runner: the noun is group 1, its abbreviation group 2. */
const RUNNER_DEFINED: RegExp[] = [
  new RegExp(String.raw`${RUNNER}\s*,?\s*\(?\s*${HEREAFTER}\s+["“]?(?:${ARTICLE}\s+)?${PHRASE}["”]?${ABBREVIATION}${PHRASE_END}`, 'g'),
  new RegExp(String.raw`${RUNNER}\s*,?\s*\(?\s*(?:is\s+)?(?:called|known\s+as|referred\s+to\s+as)\s+["“]?(?:${ARTICLE}\s+)?${PHRASE}["”]?${ABBREVIATION}${PHRASE_END}`, 'g'),
  new RegExp(String.raw`\b(?:${ARTICLE}|${INDEFINITE})\s+${NAMED}${ABBREVIATION}\s*\(\s*${RUNNER}\s*\)`, 'g'),
  new RegExp(String.raw`\b(?:[Bb]y\s+)?${ARTICLE}\s+${NAMED}${ABBREVIATION}\s+(?:is|means|denotes|refers\s+to|stands\s+for|we\s+mean)\s+${RUNNER}(?!['’]s\b)`, 'g'),
  // a glossary's item: "**Wrapper**: spec-run exec"
  new RegExp(String.raw`^\s*\*\*(?:the\s+)?${PHRASE}\*\*\s*[:—–]?\s*(?:the\s+)?${RUNNER}`, 'gi'),
];
/** What only the runner does, said after its subject (group 1). */
const RUNNER_DOES = new RegExp(
  String.raw`\b(?:[Tt]he|[Oo]ur)\s+${SUBJECT}\s+${MODAL}(?:(?:reads?|checks?|examines?|validates?|refuses?|rejects?|loads?|parses?)\s+(?:the\s+|a\s+|each\s+|every\s+|its\s+)?(?:whole\s+|entire\s+)?(?:YAML\s+)?(?:configuration|config|file|YAML)\b|(?:runs?|starts?|executes?|launches?)\s+(?:all\s+(?:of\s+)?(?:the\s+|its\s+)?commands|(?:each|every)\s+(?:of\s+(?:the\s+|its\s+)?commands|command)|(?:the|its)\s+commands)\b|(?:is|was|gets)\s+(?:invoked|run|started|called|launched)\s+as\s+${RUNNER}|goes\s+on\s+(?:to\s+the\s+next\s+command|through\s+(?:all\s+)?(?:the\s+|its\s+)?(?:\w+\s+)?commands)\b|stops?\s+the\s+running\s+command\b|(?:starts?|creates?)\s+(?:one|a)\s+container\s+(?:per|for\s+each)\s+command\b|prints?\s+(?:one|a)\s+report\s+(?:per|for\s+each)\s+command\b|(?:keeps?|stores?)\s+(?:[\w-]+\s+){0,4}?of\s+(?:each|every)\s+command's\s+(?:stdout|stderr|output)\b)`,
  'g',
);

/** One entry of the list, as a definition says it ("one entry of `commands:`", "an item of `stop.commands`"). */
const ENTRY_OF_LIST = String.raw`(?:entry|item|element|member)\s+(?:of|in|under)\s+${COMMANDS_LIST}`;

/** Definitions of a command's noun (group 1). */
const COMMAND_DEFINED: RegExp[] = [
  new RegExp(String.raw`\b(?:[Ee]ach|[Ee]very|[Aa]|[Aa]n|[Oo]ne)\s+${NAMED}\s+(?:is|means|denotes|stands\s+for)\s+(?:one|an|a|the)?\s*${ENTRY_OF_LIST}`, 'g'),
  new RegExp(String.raw`\b(?:[Ee]ach|[Ee]very|[Aa]|[Aa]n)\s+${NAMED}\s+is\s+(?:one|a)\s+command\b(?!\s+(?:line|name|of\s+its))`, 'g'),
  new RegExp(String.raw`\b${PHRASE}s\s+(?:are|mean|denote)\s+(?:the\s+)?(?:entries|items|elements|members)\s+(?:of|in|under)\s+${COMMANDS_LIST}`, 'g'),
  new RegExp(String.raw`\b${PHRASE}s?\s*\(\s*(?:one|an|the)?\s*(?:entry|entries|items?|elements?)\s+(?:of|in|under)\s+${COMMANDS_LIST}\s*\)`, 'g'),
  // the entry first, its noun after: "each entry of its `commands:` list is a Control", "every item of `stop.commands` is called a step"
  new RegExp(String.raw`\b(?:[Ee]ach|[Ee]very|[Aa]n?|[Oo]ne)\s+${ENTRY_OF_LIST}\s+is\s+(?:called\s+|named\s+|termed\s+|known\s+as\s+|referred\s+to\s+as\s+)?(?:(?:a|an|one|the)\s+)?${NAMED}${PHRASE_END}`, 'g'),
  // a command, its noun given after it: "every command executed by `spec-run exec` (hereinafter "the Invocation")"
  new RegExp(String.raw`\b(?:[Ee]ach|[Ee]very|[Aa]n?|[Aa]ny)\s+(?:command|${ENTRY_OF_LIST})(?:\s+(?:executed|run|started|listed|given|configured)\s+(?:by\s+${RUNNER_NAME}|in\s+the\s+configuration(?:\s+file)?|(?:in|under)\s+${COMMANDS_LIST}))?\s*,?\s*\(?\s*${HEREAFTER}\s+["“]?(?:(?:${ARTICLE}|${INDEFINITE})\s+)?${PHRASE}["”]?${PHRASE_END}`, 'g'),
];

/** The configuration file as a definition says it: "a YAML configuration file", "the stop-hook YAML file". */
const CONFIGURATION_FILE = String.raw`(?:(?:YAML\s+)?(?:configuration|config)(?:\s+file)?(?![\w'’-]|\s+file\b)|(?:[\w-]+\s+){0,2}?(?:YAML\s+(?:[\w-]+\s+)?(?:configuration\s+|config\s+)?|(?:configuration|config)\s+)file\b(?!['’]))`;

/** Definitions of the configuration file's noun (group 1). */
const CONFIGURATION_DEFINED: RegExp[] = [
  new RegExp(String.raw`\b(?:[Tt]he|THE|[Aa]|[Ee]ach|[Ee]very)\s+${NAMED}\s+is\s+(?:always\s+)?(?:a|the|one)\s+${CONFIGURATION_FILE}`, 'g'),
  // "the CONFIGURATION ITEM (the YAML stop-hook configuration file named on its command line)"
  new RegExp(String.raw`\b(?:${ARTICLE}|${INDEFINITE})\s+${NAMED}\s*\(\s*(?:the|a|an|one)\s+${CONFIGURATION_FILE}[^()]*\)`, 'g'),
];

/** Definitions of the runner's exit status (group 1): "the recorded exit status is the exit status of that invocation". */
const EXIT_STATUS_DEFINED = new RegExp(String.raw`\b(?:${ARTICLE}|[Aa])\s+${NAMED}\s+is\s+(?:always\s+)?the\s+(?:exit\s+(?:status|code)|return\s+code|status)\s+of\s+(?:(?:that|this|the|each)\s+invocation\b|${RUNNER_NAME})`, 'g');

/** What spec-run exec prints, as a definition says it: "what `spec-run exec` prints", "the report that spec-run exec prints". */
const PRINTED = String.raw`(?:what|all\s+(?:that|what)|everything(?:\s+that)?|the\s+report\s+(?:that|which))\s+${RUNNER_NAME}\s+(?:prints|shows|writes|outputs|displays)\b(?!\s+(?:for|about|of|on|when|after|before|if)\b)`;

/** Definitions of the report's noun (group 1): "the Run Report is what the Gate Executor prints". */
const REPORT_DEFINED: RegExp[] = [
  new RegExp(String.raw`\b${ARTICLE}\s+${NAMED}\s+(?:is|means|denotes)\s+${PRINTED}`, 'g'),
  new RegExp(String.raw`\b${ARTICLE}\s+${NAMED}\s*\(\s*${PRINTED}\s*\)`, 'g'),
];

/**
 * What a definition may say a noun is, by the thing it describes: the other side of "N is D", "D is N", "N (D)",
 * "N, being D", "D (hereinafter "N")". Each is a description no other thing of the run answers to.
 */
const DESCRIBED: [TermThing, string][] = [
  ['spec-run exec', RUNNER],
  ["spec-run exec's exit status", String.raw`the\s+(?:exit\s+(?:status|code)|return\s+code)\s+of\s+(?:(?:that|this|the|each)\s+invocation\b|${RUNNER_NAME})|${RUNNER_NAME}'s\s+exit\s+(?:status|code)`],
  ['report', String.raw`${PRINTED}|(?:the\s+)?(?:printed\s+output|report)\s+of\s+${RUNNER_NAME}|${RUNNER_NAME}'s\s+printed\s+output`],
  ['configuration', String.raw`(?:the|a|one)\s+${CONFIGURATION_FILE}`],
  ['command', String.raw`(?:(?:one|an?|each|every|any)\s+)?(?:${ENTRY_OF_LIST}|(?:entry|item|element|member)\s+(?:of|in)\s+(?:the|its|a)\s+(?:configuration\b|${CONFIGURATION_FILE}))`],
];

/** Words after which a description is part of a longer noun phrase ("the directory containing the configuration file"), never the thing named. */
const EMBEDDED = String.raw`(?<!\b(?:by|of|from|to|with|into|for|through|under|via|in|on|at|containing|holding|naming|named|beside|within|inside)\s+)`;

/** The generic forms of a definition of THING by its description D (the noun is group 1). */
function definitionForms(described: string): RegExp[] {
  const d = String.raw`${EMBEDDED}(?:${described})`;
  // Where the description ends, when it comes after its noun: the whole of what the noun is ("spec-run exec 0.1.0"), never the start of another thing ("spec-run exec's exit status").
  const whole = String.raw`(?:\s+v?\d[\w.-]*)?(?=\s*(?:[),;:.(]|$))`;
  const noun = String.raw`["“]?${PHRASE}["”]?`;
  return [
    // "the Run Report is what the Gate Executor prints", "a Control is one entry of the Control Schedule"
    new RegExp(String.raw`\b(?:${ARTICLE}|${INDEFINITE}|[Ee]ach|[Ee]very)\s+${noun}\s+(?:is|means|denotes|stands\s+for)\s+(?:always\s+)?(?:${d})${whole}`, 'g'),
    // "the exit status of the Gate Executor is the Gate Status", "its printed output is the Run Report"
    new RegExp(String.raw`(?:^|[,;:]\s*|\b(?:and|while)\s+)(?:${d})\s*,?\s+(?:is|are)\s+(?:called\s+|termed\s+|named\s+|known\s+as\s+|referred\s+to\s+as\s+)?(?:(?:${ARTICLE}|${INDEFINITE})\s+)?${noun}${PHRASE_END}`, 'g'),
    // "the Gate Executor (the command executor invoked as `spec-run exec`)", "a Control, being one entry of the Control Schedule"
    new RegExp(String.raw`\b(?:${ARTICLE}|${INDEFINITE}|[Ee]ach|[Ee]very)\s+${noun}\s*(?:\(\s*|,\s*(?:being|i\.e\.|that\s+is|namely)\s+)(?:${d})${whole}`, 'g'),
    // "every entry of `commands:` (hereinafter "a Task")"
    new RegExp(String.raw`(?:${d})\s*,?\s*\(?\s*${HEREAFTER}\s+["“]?(?:(?:${ARTICLE}|${INDEFINITE})\s+)?${PHRASE}["”]?${PHRASE_END}`, 'g'),
  ];
}

const DEFINED_BY_DESCRIPTION: [TermThing, RegExp[]][] = DESCRIBED.map(([thing, d]) => [thing, definitionForms(d)]);

/**
 * "each entry … is a Control, referred to as C1, C2, … in the order listed": the commands named by a mark and their
 * place in the list, the mark (group 1) counted from 1. Read in a clause that defines the commands' noun or names
 * the list, so that the numbers count commands.
 */
const NUMBERED = /\b(?:referred\s+to\s+as|called|named|numbered|labell?ed|designated|identified\s+as|known\s+as)\s+["“`]?([A-Z][A-Za-z]{0,5}[-_]?)1["”`]?\s*,\s*["“`]?\1 ?2["”`]?\s*(?:,\s*)?(?:…|\.\.\.|,\s*["“`]?\1 ?3\b)/g;
const NAMES_COMMANDS = new RegExp(String.raw`\b(?:commands?|${ENTRY_OF_LIST})\b|${COMMANDS_LIST}`);

/**
 * Nouns of the run itself, and words of a sentence's frame: never a writer's own term, whatever
 * the prose says of them ("the shell runs the commands" says what the shell does).
 */
export const NOT_A_TERM = /^(?:commands?|configurations?|configs?|files?|yaml|reports?|runs?|outputs?|shells?|containers?|docker|engines?|hosts?|images?|projects?|process(?:es)?|kernel|system|users?|hooks?|stop hook|scheduler|operating system|machine|it|this|that|which|spec-run|spec-run exec|executor|command executor|same|first|second|last|next|whole|following|exit (?:status|code)|status|code)$/i;

/**
 * Of NOT_A_TERM, the nouns that name no thing of a run the interpreter reads, only something vague ("the system"): a
 * definition that names spec-run exec outright ("the system (`spec-run exec`)") pins them; a role never does.
 */
const VAGUE_NOUN = /^(?:system|machine|kernel|scheduler|operating system)$/i;

/** A phrase as a term's noun: lower case (an abbreviation as written), spaces single. */
export const nounOf = (phrase: string) => {
  const words = phrase.trim().replace(/\s+/g, ' ');
  return /^[A-Z]{2,}[a-z]?$/.test(words) ? words : words.toLowerCase();
};

/**
 * Whether PHRASE, as TEXT writes it, is one word the writer marks as a term by its capital ("is a Control", "the
 * Invocation"): named so in a step, capitalised or in capitals, never in lower case, where the word is an ordinary one
 * ("access control", "the invocation of the tool"). A phrase of several words is the writer's noun in any case ("the
 * COMMAND ENTRY", "the second command entry"); an abbreviation is matched as written.
 */
function inCapitals(phrase: string, text: string): boolean {
  const words = phrase.trim().split(/\s+/);
  if (words.length > 1 || /^[A-Z]{2,}[a-z]?$/.test(words[0]) || !/^[A-Z][a-z]/.test(words[0])) return false;
  // A capitalised word after a lower-case one: not a sentence's first word.
  return new RegExp(String.raw`\b[a-z][\w-]*\s+["“]?${escaped(phrase)}\b`).test(text);
}

/** The things a sentence names, as a definition's "its" may stand after them. */
const OWNER = /\bspec-run exec\b|\b(?:commands?|configurations?|entry|entries|items?|files?|directory|container|image|shell|process)\b/g;

/**
 * SENTENCES with "its printed output" said as spec-run exec's where spec-run exec is the last thing named before it in
 * its sentence ("the exit status of spec-run exec is the Gate Status; its printed output is the Run Report"), never
 * a command's ("a Probe is one entry of the file; its printed output …").
 */
function itsOwner(sentences: string): string {
  return sentences
    .split(/(?<=\.)\s+(?=[A-Z])/)
    .map((sentence) =>
      sentence.replace(/\bits\s+printed\s+output\b/g, (written: string, at: number) => {
        const owners = [...sentence.slice(0, at).matchAll(OWNER)];
        return owners.length > 0 && owners[owners.length - 1][0] === 'spec-run exec' ? 'the printed output of spec-run exec' : written;
      }),
    )
    .join(' ');
}

/** How a reading of a line pins a noun it defines: its phrase as written, the thing, whether a definition names spec-run exec outright. */
type Pin = (phrase: string | undefined, thing: TermThing, defined?: boolean) => void;

/** Reads the definitions of MARKED (a line, its code marked), pinning each noun with PIN; NUMBERED, each mark of numbered commands. */
function readDefinitions(marked: string, pin: Pin, numbered: (mark: string) => void): void {
  for (const pattern of RUNNER_DEFINED)
    for (const m of marked.matchAll(pattern)) {
      pin(m[1], 'spec-run exec', true);
      pin(m[2], 'spec-run exec', true);
    }
  for (const m of marked.matchAll(RUNNER_DOES)) pin(m[1], 'spec-run exec');
  for (const pattern of COMMAND_DEFINED) for (const m of marked.matchAll(pattern)) pin(m[1], 'command');
  for (const pattern of CONFIGURATION_DEFINED) for (const m of marked.matchAll(pattern)) pin(m[1], 'configuration');
  for (const m of marked.matchAll(EXIT_STATUS_DEFINED)) pin(m[1], "spec-run exec's exit status");
  for (const pattern of REPORT_DEFINED) for (const m of marked.matchAll(pattern)) pin(m[1], 'report');
  for (const [thing, forms] of DEFINED_BY_DESCRIPTION) for (const pattern of forms) for (const m of marked.matchAll(pattern)) pin(m[1], thing, thing === 'spec-run exec');
  for (const clause of marked.split(/;\s+|\.\s+(?=[A-Z])/)) if (NAMES_COMMANDS.test(clause)) for (const m of clause.matchAll(NUMBERED)) numbered(m[1]);
}

/** The words the things of a run are said in, opening a phrase. */
const THING_FIRST = /^(?:commands?|configurations?|reports?|spec-run)\b/i;

/** Every pin the prose of a document makes, by noun (a noun may be pinned to two things). */
function documentPins(prose: readonly ProseLine[]): Map<string, DocumentTerm[]> {
  const found = new Map<string, DocumentTerm[]>();
  const seen = new Set<string>();
  const add = (term: DocumentTerm) => {
    const key = `${term.noun}\t${term.thing}\t${term.line}`;
    if (seen.has(key)) return;
    seen.add(key);
    found.set(term.noun, [...(found.get(term.noun) ?? []), term]);
  };
  const pinAt = (line: number, written: string): Pin => (phrase, thing, defined = false) => {
    if (phrase === undefined) return;
    const noun = nounOf(phrase);
    if (NOT_A_TERM.test(noun) && !(defined && VAGUE_NOUN.test(noun))) return;
    // A noun read in words put in for another ("before any command (an item of …)") is no noun of the writer's.
    if (!new RegExp(String.raw`(?<![\w-])${escaped(phrase)}(?![\w-])`).test(written)) return;
    const cased = inCapitals(phrase, written);
    add({ noun, thing, line, ...(cased ? { cased } : {}) });
  };
  const numberedAt = (line: number) => (mark: string) => add({ noun: mark, thing: 'numbered command', line });
  // In the executor's nouns where a word list has them ("all stages" are all commands).
  // A glossary table's rows (glossary-terms.ts) define terms for their own document only: never read here, where the tree reads them too.
  const lines = prose.filter((l) => l.term === undefined).map(({ text, line, code }) => ({ line, marked: inExecutorTerms(markCode(text, code)) }));
  for (const { marked, line } of lines) readDefinitions(marked, pinAt(line, marked), numberedAt(line));
  // A definition through another ("the Gate Status is the exit status of the Gate Executor", "a Control is one entry
  // of the Control Schedule"): each line read again with the nouns found said as what they name. A noun that opens with
  // the words put in ("the stimulus is the configuration plus …" read as "the configuration is the configuration plus")
  // is no noun of the writer's.
  const known = agreed(found.values()).filter((t) => t.thing !== 'numbered command');
  if (known.length > 0)
    for (const { marked, line } of lines) {
      const said = inDocumentTerms(marked, known);
      const pin = pinAt(line, marked);
      if (said.used.length > 0) readDefinitions(itsOwner(said.sentence), (phrase, thing, defined) => (phrase !== undefined && THING_FIRST.test(phrase) ? undefined : pin(phrase, thing, defined)), numberedAt(line));
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

/** The places a mark's number names, as the lexicon's ordinals say them. */
const PLACE_WORDS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** WORD as a pattern: as defined (lower case, any case), or, for a noun defined in capitals, capitalised or all in capitals; LAST, the noun's last word, with its plural (group 1 where plural). */
function wordPattern(word: string, cased: boolean, last: boolean): string {
  const ies = last && /[^aeiou]y$/i.test(word);
  const stem = escaped(ies ? word.slice(0, -1) : word);
  const end = ies ? '(?:y|(ies))' : last ? '(s)?' : '';
  if (!cased) return `${stem}${end}`;
  const capitalised = `${stem.charAt(0).toUpperCase()}${stem.slice(1)}${end}`;
  return `(?:${capitalised}|${stem.toUpperCase()}${end.toUpperCase()})`;
}

/** Where TERM stands in a step: the runner, its exit status and its report with their article (that the thing's words replace), a command or the configuration as the noun alone. */
function termPattern(term: DocumentTerm): RegExp {
  // A placeholder is read in quoted texts (scenario-directory.ts), never as a word of the sentence.
  if (isPlaceholderTerm(term)) return /(?!)/g;
  if (term.thing === 'numbered command') return new RegExp(String.raw`(?:\b${ARTICLE}\s+)?\b${escaped(term.noun)}(\d{1,2})\b(?![-/.]\w)`, 'g');
  const abbreviation = /^[A-Z]{2,}[a-z]?$/.test(term.noun);
  const cased = term.cased === true;
  const words = term.noun.split(' ');
  const withPlural = term.thing === 'command' || term.thing === 'configuration' || term.thing === 'report';
  const noun = abbreviation ? escaped(term.noun) : words.map((w, i) => wordPattern(w, cased, withPlural && i === words.length - 1)).join(String.raw`\s+`);
  const flags = cased || abbreviation ? 'g' : 'gi';
  // A glossary's abbreviation for the scenario's directory ("TB"), with or without its article: the project directory.
  if (term.thing === 'project directory' && abbreviation) return new RegExp(String.raw`(?:\b${ARTICLE}\s+)?\b${noun}\b(?![-/.]\w)(?!['’])`, 'g');
  if (term.thing === 'spec-run exec' || term.thing === "spec-run exec's exit status") {
    // An abbreviation as written ("SUT", never "sut"), with or without its article; a noun after its article.
    return abbreviation ? new RegExp(String.raw`(?:\b${ARTICLE}\s+)?\b${noun}\b(?![-/.]\w)`, 'g') : new RegExp(String.raw`\b${ARTICLE}\s+${noun}\b(?![-/.]\w)`, flags);
  }
  return new RegExp(String.raw`\b${noun}\b(?![-/.]\w)`, flags);
}

/** The words a step says TERM's thing in, by whether the noun was plural, or, for a command named by its mark, by its number (null where the number is past the words for places). */
const thingSaid = (term: DocumentTerm, plural: boolean, number?: string): string | null => {
  if (term.thing === 'numbered command') return PLACE_WORDS[Number(number) - 1] ? `the ${PLACE_WORDS[Number(number) - 1]} command` : null;
  if (term.thing === 'project directory' && /^[A-Z]{2,}[a-z]?$/.test(term.noun)) return 'the project directory';
  return term.thing === 'command' || term.thing === 'configuration' || term.thing === 'report' ? `${term.thing}${plural ? 's' : ''}` : term.thing;
};

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
              text.replace(termPattern(term), (written: string, group?: string) => {
                const said = thingSaid(term, typeof group === 'string' && group !== '', group);
                if (said === null) return written;
                used.add(term);
                return said;
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
export function termsOf(scenario: (Parameters<typeof directoryTermsFor>[1] & { prose?: readonly ProseLine[]; tree?: readonly TreeDocument[] }) | undefined): DocumentTerm[] {
  const prose = scenario?.prose ?? NO_PROSE;
  // The directory the document says each scenario runs in (scenario-directory.ts), where this scenario runs in it as its project.
  let directory = directories.get(prose);
  if (!directory) directories.set(prose, (directory = scenarioDirectoryTerms(prose)));
  let glossary = glossaries.get(prose);
  if (!glossary) glossaries.set(prose, (glossary = glossaryTerms(prose)));
  // A glossary's directory is read as the scenario's as the prose's is, where the scenario places nothing elsewhere.
  const own = [...directoryTermsFor(directory, scenario), ...directoryTermsFor(glossary.directory, scenario), ...glossary.others];
  return own.length === 0 ? nounTermsOf(scenario) : [...nounTermsOf(scenario).filter((t) => !own.some((o) => o.noun === t.noun)), ...own];
}

const directories = new WeakMap<readonly ProseLine[], DocumentTerm[]>();
const glossaries = new WeakMap<readonly ProseLine[], ReturnType<typeof glossaryTerms>>();

/** The nouns a scenario reads in, as its document's prose and tree pin them. */
function nounTermsOf(scenario: { prose?: readonly ProseLine[]; tree?: readonly TreeDocument[] } | undefined): DocumentTerm[] {
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
