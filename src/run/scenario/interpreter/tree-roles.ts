// The writer's nouns read by their roles across a specification tree, where no sentence defines
// them. A team names spec-run exec and its commands in its own words and never says so ("The
// harness SHALL stop a check …", "the second check's output", "each check times out"); what a noun
// is said to be and do, across the tree's prose and steps, names the thing:
//
// - spec-run exec: the subject of a requirement's SHALL/MUST on what the runner does to the run
//   (runs, stops or kills commands, mounts, announces, refuses, reports, exits with …), never
//   used as a command's noun (counted, placed, plural, with a timeout, a working directory or an
//   image of its own);
// - a command: a noun said with a part of a command and in another of a command's roles: counted or placed ("the third
//   check", "check 2", "both checks"), with a part of a command ("the check's timeout", "the exit
//   code of each task"), or what befalls a command ("the task times out", "a check is not run"),
//   never the runner's noun, nor the act of validation ("the check of the configuration", "a
//   configuration check").
// A noun with both, or with neither, stays unknown: never a guess.

import type { ProseLine, TreeDocument } from '../../../model/plan.js';
import { markCode } from './lexicon.js';
import { NOT_A_TERM, nounOf, type DocumentTerm } from './document-terms.js';
import { commandPhrases } from './command-phrases.js';

/** Words that place one command among others, said before a singular noun. */
const PLACE = String.raw`(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|next|previous|each|every|another)`;
/** Words that count commands, said before a plural noun. */
const COUNT = String.raw`(?:both|all|two|three|four|five|six|\d{1,2})`;
/** Words of a sentence's frame, never a noun. */
const FRAME = String.raw`(?:and|or|but|nor|of|the|a|an|to|in|on|for|with|by|as|at|from|into|is|are|was|were|be|been|has|have|had|it|its|their|this|that|these|those|which|who|then|than|not|no|so|if|when|while|after|before|until|each|every|both|all|also|still|only|just|more|less|same|other|one|ones)\b`;
/** A word that qualifies a noun ("host", "containerised", "failing"), never a word of the frame. */
const QUALIFIER = String.raw`(?:(?!${FRAME})[a-z][\w-]*\s+)?`;
/** The noun itself: a lower-case word, never a word of the frame. */
const NOUN = String.raw`(?!${FRAME})([a-z][a-z-]*[a-z])`;

/** Counted or placed: "the third check", "each host task", "both checks", "3 tasks", "check 2", "task #3". */
const COUNTED = [
  new RegExp(String.raw`\b${PLACE}\s+${QUALIFIER}${NOUN}\b`, 'gi'),
  new RegExp(String.raw`\b${COUNT}\s+${QUALIFIER}${NOUN}s\b`, 'gi'),
  new RegExp(String.raw`\b(?:the\s+)?${NOUN}\s+(?:#\d{1,2}\b|\d{1,2}(?:'s|’s)|\d{1,2}\s+(?:fails|failed|succeeds|succeeded|runs|ran|times\s+out|timed\s+out|exits|exited)\b)`, 'g'),
];
/** Placed with no word between ("the second warden reports"): never the runner's noun, whatever the word after it. */
const PLACED_ALONE = new RegExp(String.raw`\b${PLACE}\s+${NOUN}\b`, 'gi');
/** The parts only a command has. */
const COMMAND_PART = String.raw`(?:timeout|time\s+limit|working\s+directory|workdir|image|announcement|header|progress\s+mark)`;
/** The parts a command has, as spec-run exec does too. */
const SHARED_PART = String.raw`(?:exit\s+(?:status|code)|status|output|stdout|stderr|duration)`;
const partOf = (part: string) => [new RegExp(String.raw`\b${NOUN}(?:'s|’s)\s+(?:own\s+)?${part}\b`, 'g'), new RegExp(String.raw`\b${part}\s+of\s+(?:the|each|every|a|an|that|this|its)\s+${NOUN}\b`, 'g')];
const COMMAND_ONLY_PARTS = partOf(COMMAND_PART);
const PARTS = [...COMMAND_ONLY_PARTS, ...partOf(SHARED_PART)];
/** What befalls a command: "the check times out", "a task is not run", "each job is announced". */
const BEFALLS = new RegExp(
  String.raw`\b(?:the|a|an|each|every|one|this|that|its|no|any)\s+${QUALIFIER}${NOUN}\s+(?:still\s+|also\s+|then\s+|never\s+|itself\s+)?(?:times\s+out|timed\s+out|(?:is|was|gets|got)\s+(?:killed|announced|skipped|stopped|interrupted|(?:not|never)\s+(?:run|started))|(?:is|was)\s+run\s+in)\b`,
  'g',
);
/** A plural noun said of a number of things: "the checks", "all tasks". */
const pluralOf = (noun: string) => new RegExp(String.raw`\b${noun}s\b`, 'i');

/** The subject of a requirement on what the runner does to the run. */
const RUNNER_SUBJECT = new RegExp(
  String.raw`\b(?:[Tt]he|[Oo]ur)\s+(?:[a-z][\w-]*\s+)?${NOUN}\s+(?:SHALL|MUST)\s+(?:NOT\s+|not\s+|never\s+|always\s+|also\s+|then\s+|first\s+|\w+ly\s+)*(?:(?:run|start|execute|launch|stop|kill|terminate|interrupt|announce|skip)\s+(?:the|each|every|all|any|a|an|its|no|both)\b|refuse|reject|mount|report|print|exit\s+with|send|validate)`,
  'g',
);
/** The act of validation: "the check of the configuration", "a configuration check". */
const validationOf = (noun: string) => new RegExp(String.raw`\b${noun}s?\s+(?:of|on)\s+(?:the\s+|a\s+|its\s+)?(?:(?:whole|entire|hook|pipeline|stop-hook|YAML)\s+)*(?:configuration|config|file|YAML|schema|fields?|keys?|values?)\b|\b(?:configuration|config|validation|schema|syntax|YAML)\s+${noun}s?\b`, 'i');

/** Nouns of a sentence's frame that are never the writer's name for a thing of the run: parts of text and of time. */
const NEVER = /^(?:line|lines|column|error|errors|problem|note|message|field|key|value|entry|event|signal|time|times|second|seconds|minute|minutes|number|word|character|byte|item|part|case|way|one|ones|scenario|requirement|example|other|row|step|steps|stage|stages|job|jobs|task-list|page|failure|failures|success|fault|faults|run|runs|attempt|pass)$/;

const PART_ROLE = 'with a part of a command';

interface Evidence {
  roles: Set<string>;
  at?: { file: string; line: number };
}

/** The tree's nouns pinned by their roles: spec-run exec, or a command. */
export function roleTerms(tree: readonly TreeDocument[]): DocumentTerm[] {
  const lines: { file: string; line: ProseLine; text: string }[] = tree.flatMap((d) => [...d.prose.filter((l) => l.term === undefined), ...d.steps].map((line) => ({ file: d.file, line, text: markCode(line.text, line.code).replace(/`[^`]*`|“[^”]*”|"[^"]*"/g, ' ') })));
  const commandRoles = new Map<string, Evidence>();
  const runnerAt = new Map<string, { file: string; line: number }>();
  const counted = new Set<string>();
  const commandOnly = new Set<string>();
  // A singular noun's place ends in no -s but a noun's own ("process"): "the first line ends with" says what a line does.
  const verbLike = (word: string) => /[^s]s$/i.test(word);
  const note = (noun: string, role: string, file: string, line: number) => {
    if (role !== PART_ROLE && verbLike(noun)) return;
    const evidence = commandRoles.get(noun) ?? { roles: new Set<string>() };
    evidence.roles.add(role);
    evidence.at ??= { file, line };
    commandRoles.set(noun, evidence);
  };
  for (const { file, line, text } of lines) {
    for (const pattern of COUNTED) for (const m of text.matchAll(pattern)) (counted.add(m[1].toLowerCase()), note(m[1].toLowerCase(), 'counted', file, line.line));
    for (const m of text.matchAll(PLACED_ALONE)) counted.add(m[1].toLowerCase());
    for (const pattern of PARTS) for (const m of text.matchAll(pattern)) note(m[1].toLowerCase(), PART_ROLE, file, line.line);
    for (const pattern of COMMAND_ONLY_PARTS) for (const m of text.matchAll(pattern)) commandOnly.add(m[1].toLowerCase());
    for (const m of text.matchAll(BEFALLS)) note(m[1].toLowerCase(), 'what befalls a command', file, line.line);
    for (const m of text.matchAll(RUNNER_SUBJECT)) if (!runnerAt.has(m[1].toLowerCase())) runnerAt.set(m[1].toLowerCase(), { file, line: line.line });
  }
  const all = lines.map((l) => l.text).join('\n');
  const usable = (noun: string) => !NOT_A_TERM.test(nounOf(noun)) && !NEVER.test(noun) && !validationOf(noun).test(all);
  const terms: DocumentTerm[] = [];
  for (const [noun, at] of runnerAt) {
    if (!usable(noun) || counted.has(noun) || commandOnly.has(noun) || pluralOf(noun).test(all)) continue;
    terms.push({ noun, thing: 'spec-run exec', line: at.line, file: at.file, roles: 'the subject of what the runner SHALL do' });
  }
  for (const [noun, evidence] of commandRoles) {
    // A part of a command's among them: counting and what befalls are said of limits, lines and signals too.
    if (evidence.roles.size < 2 || !evidence.roles.has(PART_ROLE) || runnerAt.has(noun) || !usable(noun) || !evidence.at) continue;
    terms.push({ noun, thing: 'command', line: evidence.at.line, file: evidence.at.file, roles: [...evidence.roles].join(', ') });
  }
  for (const term of commandPhrases(lines.map(({ file, line, text }) => ({ file, line: line.line, text })))) if (!NOT_A_TERM.test(nounOf(term.noun)) && !validationOf(term.noun).test(all)) terms.push(term);
  return terms;
}
