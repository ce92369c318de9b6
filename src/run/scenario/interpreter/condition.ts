// The `When …:` paragraph written beside a scenario's YAML block. Read, it sets up the run
// with the block. Not read, nothing of it is set up: the scenario's checks may then run
// only where the paragraph says nothing the block does not, since they would otherwise
// be checked on a setup other than the one the author wrote.
//
// "Only restates" is decided on what a configuration cannot say: the block holds the
// commands and their settings entirely, so words describing them ("prints far more lines
// than its limit", "a trivial command") restate it, right or wrong. What the paragraph
// can add is what lies outside a configuration: a literal it names that the block does
// not hold (a quoted text, a file name, a path, an option, an assignment), files and
// directories around it, spec-run exec's own options, a signal sent to it, its
// environment, runs before or after this one. A setting's value is one too: "with a
// timeout of 1 second", "a line limit of 5" over a block that holds no such number is a
// setting the run would silently go without.
import { parse } from 'yaml';
import { QUIET_YAML } from '../../../parse/yaml-options.js';
import { compactDuration } from './quantities.js';
import { markCode, showDuration, tokenize, type Token } from './lexicon.js';
import { inExecutorTerms } from './own-terms.js';
import { inDocumentTerms, type DocumentTerm } from './document-terms.js';
import { inPlainRegister } from './register.js';
import { projectLeftOpen, takeInvocation, withOptionsMarked } from './invocation.js';
import { withOptionsSaid } from './options-said.js';
import { describedBlock, exitsSaid, withBlockFacts } from './block-described.js';
import { isFunction } from './reading.js';
import { readWhen, type SetupPart } from './when.js';
import { placeholderTreeSaid, treeEntriesSaid } from './tree-said.js';
import { takeLaunch, type LaunchSaid } from './launch-said.js';
import { PRECONDITION_LABEL } from '../../../translate/openspec-family.js';

/** A scenario's condition paragraph, with its inline code spans and its YAML block's text. */
export interface ScenarioCondition {
  text: string;
  code?: readonly string[];
  yaml: string | null;
  /** The nouns its document's prose defines (document-terms.ts). */
  terms?: readonly DocumentTerm[];
  /** The scenario's pre-condition paragraphs before it ("Pre-condition: the project holds `a.txt`"). */
  preconditions?: readonly { text: string; code?: readonly string[] }[];
}

export type ConditionUse =
  | { kind: 'read'; parts: SetupPart[] }
  /** Not read, and it says nothing the YAML block does not: the block alone is the setup. */
  | { kind: 'restates'; notUnderstood: string[] }
  /** Not read, and it says what the block does not set up (SAYS: what it says beyond it). */
  | { kind: 'unsaid'; notUnderstood: string[]; says: string[] };

/** The condition as a clause: without its keyword and its closing colon. */
export function conditionSentence(condition: Pick<ScenarioCondition, 'text' | 'code' | 'terms'>): string {
  const terms = condition.terms ?? [];
  const sentence = placeholderTreeSaid(inDocumentTerms(withOptionsMarked(markCode(condition.text.replace(PRECONDITION_LABEL, ''), condition.code)), terms).sentence, terms);
  // The project's entries in the words the facts read, before its clauses are taken apart (where no `--project` names another project).
  return inExecutorTerms(inPlainRegister(/--project\b/.test(sentence) ? sentence : treeEntriesSaid(sentence)))
    .replace(/^\s*(?:when|given)\s+/i, '')
    .replace(/:\s*$/, '');
}

/**
 * The scenario's pre-conditions in prose, read as a When is: read whole, they are set up before the run (the files and
 * directories the project holds, with their text; a file said not to exist, which a fresh directory holds nowhere).
 * One not read leaves every step of its scenario unbound, its words named: run without it, the scenario would run
 * from a state other than the one written, and words of a condition are never dropped silently.
 */
export function preconditionsUse(condition: ScenarioCondition): { kind: 'read'; parts: SetupPart[] } | { kind: 'unread'; text: string; notUnderstood: string[] } {
  const parts: SetupPart[] = [];
  for (const precondition of condition.preconditions ?? []) {
    const reading = readWhen(conditionSentence({ ...precondition, terms: condition.terms }).replace(/\.\s*$/, ''));
    if (!reading.ok) return { kind: 'unread', text: precondition.text.trim(), notUnderstood: reading.notUnderstood.length > 0 ? reading.notUnderstood : [reading.reason] };
    parts.push(...reading.parts.map((part) => ({ ...part, text: `pre-condition: ${part.text}` })));
  }
  return { kind: 'read', parts };
}

/** Things outside a configuration, which a YAML block cannot hold (see the head of this file). */
const BEYOND_CONFIGURATION: [RegExp, string][] = [
  // A file or directory said to hold or be something ("a directory that has a subdirectory", "a file `a.txt`
  // containing …"): one a sentence only mentions ("a file asks for 0 lines", "hand files through the
  // project directory", "a configuration holds a command that creates a file") is the configuration or
  // what its commands do.
  [/\b(?<!(?:configuration|config|yaml|working|project)\s)(?:files?|director(?:y|ies)|folders?|sub-?director(?:y|ies))\b(?=.*\b(?:holds?|holding|contains?|containing|has|having|with|exists?|sits?|named|called|whose)\b)|(?<!\b(?:configuration|config)\s+)\b(?:holds?|holding|contains?|containing|has|having|with)\b.*\b(?<!(?:configuration|config|yaml)\s)(?:files?|sub-?director(?:y|ies)|folders?)\b|\b(?:holds?|holding|contains?|containing|has|having)\s+(?:an?\s+|the\s+)?director(?:y|ies)\b/i, 'a file or directory'],
  [/(?:^|\s)--?[a-z][\w-]*/i, "an option of spec-run exec"],
  // A command that sends itself a signal ("another sends itself SIGTERM") is what the command does.
  [/\binterrupt(?:s|ed|ing)?\b|\bctrl[- ]?c\b|\b(?:sent|sends?|sending|receives?|received|delivered)\b(?!\s+itself\b)(?:\s+\w+){0,3}\s+SIG[A-Z]+|\bSIG[A-Z]+\s+(?:is|was|gets|get)\s+(?:sent|delivered)\b/i, 'a signal sent to spec-run exec'],
  [/\b(?:executor|spec-run(?:\s+exec)?|shell)\b.*\benvironment\b|\bexport(?:s|ed)?\b/i, "spec-run exec's environment"],
  [/\b(?:successive|consecutive|earlier|previous|later)\s+runs?\b|\bruns?\s+(?:again|twice)\b/i, 'another run'],
];

/** spec-run exec named as such: what runs the configuration, which every scenario has. */
const SPEC_RUN_EXEC = /^spec-run(?:\s+exec)?$/;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The literals of SENTENCE (its code spans, and bare words that name a file, a path, an
 * option or an assignment) that the YAML text does not hold.
 */
function literalsNotIn(sentence: string, code: readonly string[], yaml: string): string[] {
  const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
  const held = flat(yaml);
  const bare = sentence
    .replace(/`[^`]*`/g, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/^[("'“‘]+|[)"'”’,;:.!?]+$/g, ''))
    .filter((word) => /^(?:--?[a-z]|\/)|[\w)][./=][\w(/]|\/$/i.test(word) && !/^\d+(?:\.\d+)?$/.test(word));
  // A literal said to be absent ("a command without `maxOutputLines`") restates a block that lacks it.
  const saidAbsent = (literal: string) => new RegExp(`\\b(?:without|no|not|lacks?|lacking)\\s+(?:an?\\s+|the\\s+|any\\s+)?\`?${escaped(literal)}`, 'i').test(sentence);
  return [...code.filter((span) => sentence.includes(span)), ...bare].filter((literal) => literal.trim() !== '' && !SPEC_RUN_EXEC.test(literal) && held.includes(flat(literal)) === saidAbsent(literal));
}

/** The values of a YAML text's settings (every key but a command's line and message): the numbers written in them, and the durations in milliseconds. */
function settingValuesIn(yaml: string): { numbers: Set<number>; durationsMs: Set<number> } {
  const values = [...yaml.matchAll(/^[ \t]*(?:-[ \t]*)?([A-Za-z]\w*):[ \t]*["']?([^"'#\n]*)/gm)].filter((m) => m[1] !== 'run' && m[1] !== 'message').map((m) => m[2].trim());
  const numbers = new Set(values.flatMap((value) => [...value.matchAll(/\d+(?:\.\d+)?/g)].map((n) => Number(n[0]))));
  const durationsMs = new Set(values.map(compactDuration).filter((ms): ms is number => ms !== null));
  return { numbers, durationsMs };
}

/** The words that name a setting a quantity after them is the value of: "a timeout of 1 second", "a line limit of 5", "maxOutputLines: 3". */
const SETTING_CONCEPTS = ['TIMEOUT', 'TIMED_OUT', 'LIMITED', 'GRACE'];
/** How far before its quantity a setting is named ("a timeout of 1 second", "limited to at most 5 lines"). */
const SETTING_REACH = 4;

/**
 * The settings SENTENCE states (a quantity said as a timeout's, a limit's, a key's value) that the YAML text holds
 * nowhere: a setting the block does not make. A quantity that describes what a command does ("prints four lines",
 * "job 1") is the block's to say, right or wrong. Held is a number written in one of the block's settings ("a limit
 * of 3 lines" over `maxOutputLines: 3`) or a duration equal to one of them ("a timeout of 2 seconds" over `2s`);
 * a command's line holds none ("a timeout of 3 seconds" over `sleep 3`).
 */
function settingsNotIn(sentence: string, yaml: string): string[] {
  const { numbers, durationsMs } = settingValuesIn(yaml);
  const tokens = tokenize(sentence);
  const namesSetting = (t: Token) => (t.kind === 'entity' && t.entity.type === 'key') || (t.kind === 'word' && t.concepts.some((c) => SETTING_CONCEPTS.includes(c)));
  // The quantity is the setting's value where only function words and bounds stand between them ("a timeout of", "limited to at most");
  // a setting said to be absent ("without maxOutputLines prints 300 lines") has none.
  const between = (t: Token) => isFunction(t) || (t.kind === 'word' && t.concepts.some((c) => ['AT_MOST', 'EXACTLY', 'SET'].includes(c)));
  const negated = (at: number) => tokens[at - 1]?.kind === 'word' && (tokens[at - 1] as { concepts: string[] }).concepts.includes('NOT');
  const valueOf = (i: number) => {
    // "a one-second deadline", "a 5-line limit": the setting named right after its value.
    if (tokens[i + 1] !== undefined && namesSetting(tokens[i + 1]) && !negated(i)) return true;
    const at = i - 1 - [...tokens.slice(0, i)].reverse().findIndex(namesSetting);
    return at < i && i - at <= SETTING_REACH && tokens.slice(at + 1, i).every(between) && !negated(at);
  };
  return tokens.flatMap((t, i) => {
    if (t.kind !== 'entity') return [];
    const e = t.entity;
    // "runs in the alpine image": an image, called one, the block names nowhere (its name inside one it runs, `spec-run/busybox:local`, is held; "a small container" names none).
    const calledImage = [tokens[i - 1], tokens[i + 1]].some((u) => u?.kind === 'word' && u.concepts.includes('IMAGE'));
    // "a registry image": an image of some kind, none named.
    if (e.type === 'image' && (!calledImage || /^an?$/i.test(tokens[i - 1]?.text ?? ''))) return [];
    if (e.type === 'image') return yaml.includes(e.name) || negated(i) ? [] : [`the image ${e.name} ("${t.text}")`];
    if (!valueOf(i)) return [];
    if (e.type === 'duration' && e.written === undefined) {
      const held = durationsMs.has(e.ms) || [e.ms, e.ms / 1000, e.ms / 60_000].some((n) => numbers.has(n));
      return held ? [] : [`a setting of ${showDuration(e.ms)} ("${t.text}")`];
    }
    if ((e.type === 'count' && e.unit === 'line') || e.type === 'number') return numbers.has(e.n) ? [] : [`a setting of ${e.n} ("${t.text}")`];
    return [];
  });
}

const COUNTS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };

/**
 * SENTENCE without a last clause that only says how many commands the block holds and where they run ("…, and
 * two commands run in `alpine`", "three host commands run"), where the block holds just that: it sets nothing
 * up. Where the block holds other commands, or runs them elsewhere, the clause stays, and is not read.
 */
function withoutRestatedCount(sentence: string, yaml: string): string {
  const said = /(?:^|,?\s+and\s+)(\w+)\s+(host\s+|container\s+)?commands\s+(?:run|are\s+run)(?:\s+(?:in|inside)\s+`([^`]+)`|\s+(on\s+the\s+host))?$/i.exec(sentence);
  if (!said) return sentence;
  const [clause, count, kind, image, onHost] = said;
  let commands: unknown;
  try {
    commands = (parse(yaml, QUIET_YAML) as { stop?: { commands?: unknown } } | null)?.stop?.commands;
  } catch {
    return sentence;
  }
  if (!Array.isArray(commands) || commands.length !== (COUNTS[count.toLowerCase()] ?? Number(count))) return sentence;
  const images = commands.map((c) => (c !== null && typeof c === 'object' ? (c as { image?: unknown }).image : undefined));
  const host = onHost !== undefined || /host/i.test(kind ?? '');
  const where = image !== undefined ? images.every((i) => i === image) : host ? images.every((i) => i === undefined) : /container/i.test(kind ?? '') ? images.every((i) => typeof i === 'string') : true;
  return where ? sentence.slice(0, sentence.length - clause.length) : sentence;
}

/** How a scenario's condition paragraph is used (see the head of this file). */
export function conditionUse(condition: ScenarioCondition): ConditionUse {
  const pre = preconditionsUse(condition);
  if (pre.kind === 'unread') return { kind: 'unsaid', notUnderstood: pre.notUnderstood, says: [`the pre-condition "${pre.text}", not read`] };
  const use = conditionWithoutPreconditions(condition);
  if (pre.parts.length === 0 || use.kind === 'unsaid') return use;
  if (use.kind === 'read') return { kind: 'read', parts: [...pre.parts, ...use.parts] };
  return { kind: 'read', parts: [...pre.parts, { text: `the condition restates the YAML block (words not read: ${use.notUnderstood.join(', ')})`, apply: () => {} }] };
}

/** How the condition paragraph itself is used. */
function conditionWithoutPreconditions(condition: ScenarioCondition): ConditionUse {
  // The launch said whole (who starts it, its command line, where, the block under the name it runs): taken first, the rest read as a condition is.
  // Where what is left is not read, the readers below judge the sentence whole, as before the launch was a domain of its own.
  const launch = takeLaunch(conditionSentence(condition), condition.yaml);
  const launched = launch === null ? null : launchUse(launch, condition);
  if (launched?.kind === 'read') return launched;
  // spec-run exec's options said in words are said as its flags, for the invocation's frames to read.
  const options = withOptionsSaid(conditionSentence(condition));
  const named = withoutWritersName(options.sentence);
  const use = conditionSentenceUse(named.sentence, condition);
  const asides = [...options.said.map((said) => `condition: ${said}`), ...(named.name === undefined ? [] : [`"${named.name}" is the writer's name for the command, set aside`])];
  if (asides.length === 0) return use;
  if (use.kind === 'read') return { kind: 'read', parts: [...asides.map((text) => ({ text, apply: () => {} })), ...use.parts] };
  return named.name === undefined ? use : { ...use, notUnderstood: [...use.notUnderstood, `${named.name} (${asides.at(-1)})`] };
}

/**
 * The condition whose launch was taken (LAUNCH): read with what is left of it, which is read as a condition is (a file the
 * project holds, a signal sent) or judged a restatement of the block, the launch's literals accounted for.
 */
function launchUse(launch: LaunchSaid, condition: ScenarioCondition): ConditionUse {
  if (launch.rest === '') return { kind: 'read', parts: launch.parts };
  const use = sentenceUse(launch.rest, condition, launch.accounted);
  if (use.kind === 'read') return { kind: 'read', parts: [...launch.parts, ...use.parts] };
  if (use.kind === 'unsaid') return use;
  return { kind: 'read', parts: [...launch.parts, { text: `the rest restates the YAML block ("${launch.rest}"; words not read: ${use.notUnderstood.join(', ')})`, apply: () => {} }] };
}

/** Verbs of running: what follows one ("runs with …", "is started as …") says how the run is made. */
const RUN_VERB = String.raw`(?:runs|(?:is|are|gets|be)\s+run|executes|is\s+executed|starts|is\s+started|is\s+invoked|is\s+launched|is\s+called)`;

/**
 * SENTENCE with its subject, where that is one noun no rule reads ("the build runs …", "the job is run …"), said as
 * the command: the writer's name for what the block runs, which cannot change what runs. Any other word of the
 * sentence stays to be read.
 */
function withoutWritersName(sentence: string): { sentence: string; name?: string } {
  // "the tester runs the configuration …": who runs it, not the command (the invocation's frames read the sentence).
  const subject = new RegExp(String.raw`^((?:the|a|an|our|this|its|each)\s+([a-z][a-z-]*))(?=\s+${RUN_VERB}\b(?!\s+(?:the|this|that|our|my|your)\s+(?:following\s+|same\s+)?(?:configuration|config|file|hook)\b))`, 'i').exec(sentence);
  if (!subject || readWhen(`the ${subject[2]} runs`).ok) return { sentence };
  return { sentence: `the command${sentence.slice(subject[1].length)}`, name: subject[1] };
}

/** How the condition's clause (its writer's name for the command set aside) is used. */
function conditionSentenceUse(whole: string, condition: ScenarioCondition): ConditionUse {
  const held = condition.yaml === null ? null : takeProjectFiles(whole);
  if (!held) return sentenceUse(whole, condition, []);
  // The files the project holds are set up; the rest is read, or restates the block, as a condition is.
  const use = sentenceUse(held.rest, condition, held.names);
  if (use.kind === 'read') return { kind: 'read', parts: [...held.parts, ...use.parts] };
  if (use.kind === 'unsaid') return use;
  // Files set up with a rest not read: the rest may narrate the block, never count its commands otherwise ("…, and three commands run").
  if (COMMANDS_COUNTED.test(withoutRestatedCount(held.rest, condition.yaml ?? ''))) return { kind: 'unsaid', notUnderstood: use.notUnderstood, says: ['a number of commands the YAML block does not hold'] };
  return { kind: 'read', parts: [...held.parts, { text: `the rest restates the YAML block ("${held.rest}"; words not read: ${use.notUnderstood.join(', ')})`, apply: () => {} }] };
}

/** How SENTENCE, the condition's clause (or what is left of it once ACCOUNTED literals were read), is used. */
function sentenceUse(whole: string, condition: ScenarioCondition, accounted: readonly string[]): ConditionUse {
  const sentence = condition.yaml === null ? whole : withoutRestatedCount(whole, condition.yaml);
  if (sentence.trim() === '') return { kind: 'restates', notUnderstood: [whole] };
  const facts = condition.yaml === null ? { sentence, parts: [], says: [] } : withBlockFacts(sentence, condition.yaml);
  // The run itself said beside what the block bears out ("the run is given an event log and stops at its first failure"), or nothing more.
  const reading = facts.parts.length > 0 && ONLY_THE_RUN.test(facts.sentence) ? { ok: true as const, parts: [] } : readWhen(facts.sentence);
  // How a command of the block exits, said in the When, is read only where the block's command line bears it out.
  const exits = reading.ok && condition.yaml !== null ? exitsSaid(reading.parts, condition.yaml) : { borne: [], unborne: [] };
  if (exits.unborne.length > 0) return { kind: 'unsaid', notUnderstood: [sentence], says: exits.unborne.map((said) => `a description of the YAML block it does not bear out: ${said}${NOT_HELD}`) };
  const exitsShown = exits.borne.map((said) => ({ text: `condition: ${said}, which bears it out`, apply: () => {} }));
  if (reading.ok && facts.says.length === 0) return { kind: 'read', parts: [...facts.parts, ...reading.parts, ...exitsShown] };
  const notUnderstood = reading.ok ? [sentence] : reading.notUnderstood.length > 0 ? reading.notUnderstood : [reading.reason];
  if (condition.yaml === null) return { kind: 'unsaid', notUnderstood, says: ['a setup with no YAML block to restate'] };
  const described = describedBlock(sentence, condition.yaml);
  if (described?.kind === 'read' && facts.says.length === 0) return { kind: 'read', parts: described.parts };
  const contradicted = [...facts.says.map((said) => `a description of the YAML block it does not bear out: ${said}`), ...(described?.kind === 'contradicted' ? described.says : [])];
  if (contradicted.length > 0) return { kind: 'unsaid', notUnderstood, says: contradicted.map((said) => `${said}${NOT_HELD}`) };
  // How spec-run exec is started is read; the rest may restate the block ("`stop.yaml` contains five mistakes, and is run as `spec-run exec stop.yaml`").
  const taken = takeInvocation(sentence);
  if (taken && !projectLeftOpen(sentence, taken.rest)) {
    const rest = withoutRestatedCount(taken.rest, condition.yaml);
    const restReading = readWhen(rest);
    const left = restReading.ok ? [] : restReading.notUnderstood.length > 0 ? restReading.notUnderstood : [restReading.reason];
    if (restReading.ok) return { kind: 'read', parts: [...taken.parts, ...restReading.parts] };
    // What is left may describe the block ("the run has two failing tasks and is given `--log` only"): read where the block bears it out, never where it does not.
    const restDescribed = restReading.ok ? null : describedBlock(rest, condition.yaml);
    if (restDescribed?.kind === 'read') return { kind: 'read', parts: [...taken.parts, ...restDescribed.parts] };
    if (restDescribed?.kind === 'contradicted') return { kind: 'unsaid', notUnderstood: left, says: restDescribed.says.map((said) => `${said}${NOT_HELD}`) };
    if (beyond(rest, condition.code ?? [], condition.yaml, [...taken.accounted, ...accounted]).length === 0 && settingsNotRead(rest, left, condition.yaml).length === 0) {
      return { kind: 'read', parts: [...taken.parts, { text: `the rest restates the YAML block ("${rest}"; words not read: ${left.join(', ')})`, apply: () => {} }] };
    }
  }
  const says = [...beyond(sentence, condition.code ?? [], condition.yaml, accounted), ...settingsNotRead(sentence, notUnderstood, condition.yaml)];
  return says.length > 0 ? { kind: 'unsaid', notUnderstood, says } : { kind: 'restates', notUnderstood };
}

/** A sentence left with nothing but its subject, the run or the executor: what it said was all taken. */
const ONLY_THE_RUN = /^(?:(?:the|this|our)\s+(?:run|runner|executor|hook)|spec-run(?:\s+exec)?|it)?$/i;

/** Where a phrase that says how the run is made ends: a clause's end. */
const CLAUSE_END = /[,;:(]|\b(?:and|but|while|then|which|that|who|whose|where|so|because|until|before|after)\b/i;
/** The words that open such a phrase ("runs with …", "… as a non-root user", "… under …"). */
const PHRASE_OPENER = /\b(?:with|without|as|under|in|inside|within|using|via)\b/gi;
/** A word naming what a run is made with beyond its configuration: a signal named or an interrupt, the event log, an option of `spec-run exec` (a signal's name in capitals: "signals" alone mostly describes the command, "does nothing special about signals"). */
const RUN_PART_WORD = /\bSIG[A-Z]{2,}\b|\b(?:[Ii]nterrupt(?:s|ed)?|[Cc]trl-[Cc]|[Ll]og(?:s|ged|ging)?)\b|(?:^|\s)--[a-z][\w-]*/;
/** An environment variable's name: upper case with an underscore (`NODE_ENV`). */
const VARIABLE_NAME = /^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/;

/** The settings of a command a phrase's words name, by the configuration keys that hold them. */
const SETTING_WORDS: [RegExp, readonly string[], string][] = [
  [/\b(?:env|environment|variables?|[A-Z][A-Z0-9]*_[A-Z0-9_]+)\b/, ['env'], 'an environment variable'],
  [/\b(?:users?|uid|gid|groups?|root|non-root|unprivileged|privileged|sudo|account)\b/i, ['user'], 'a user'],
  [/\b(?:director(?:y|ies)|folders?|workdir|cwd|working)\b/i, ['workdir'], 'a working directory'],
  [/\b(?:network(?:ing)?|offline|online|internet|connectivity)\b/i, ['network'], 'a network'],
  [/\b(?:memory|ram|[kmg]i?b)\b/i, ['memory'], 'a memory limit'],
  [/\b(?:cpus?|cores?|processors?)\b/i, ['cpus'], 'a CPU limit'],
  [/\b(?:limits?|caps?|quotas?|deadlines?|timeouts?)\b/i, ['timeout', 'defaultTimeout', 'maxOutputLines', 'memory', 'cpus'], 'a limit'],
  [/\b(?:images?|containers?)\b/i, ['image'], 'an image'],
];

/** The commands of a YAML block, each an object of its fields, and the stop section's own; null where it is no such configuration. */
function commandsOf(yaml: string): { commands: Record<string, unknown>[]; section: Record<string, unknown> } | null {
  try {
    const stop = (parse(yaml, QUIET_YAML) as { stop?: unknown } | null)?.stop;
    const commands = stop !== null && typeof stop === 'object' ? (stop as { commands?: unknown }).commands : undefined;
    if (!Array.isArray(commands)) return null;
    return { commands: commands.map((c) => (c !== null && typeof c === 'object' ? (c as Record<string, unknown>) : {})), section: stop as Record<string, unknown> };
  } catch {
    return null;
  }
}

const ROOT_USER = /^(?:root|0)(?::.*)?$/;

/**
 * Why the block does not hold the setting PHRASE states (its words WORDS not read), or null where it does: every
 * command (or the section, for a default) holds a key the phrase names, with what the phrase says of it where that can
 * be checked (a variable by its name and value, a user not root, no network), and the words not read are
 * descriptions of that value ("a generous limit"). A phrase that names no setting is held by none.
 */
function settingNotHeld(phrase: string, words: readonly string[], yaml: string): string | null {
  const block = commandsOf(yaml);
  // "runs in /tmp", "inside `sub/dir`": a directory said by its path alone is the command's working directory, held where every command's workdir is that path.
  const place = /^(?:in|inside|within)\s+`?((?:\/|\.{1,2}\/)?[\w.-]+(?:\/[\w.-]+)*\/?)`?$/.exec(phrase);
  if (place && (place[1].includes('/') || words.includes(place[1]))) {
    const path = (p: unknown) => (typeof p === 'string' ? p.replace(/^\.\/(?=.)/, '').replace(/(?<=.)\/$/, '') : undefined);
    return block && block.commands.length > 0 && block.commands.every((c) => path(c.workdir) === path(place[1])) ? null : `the working directory ${place[1]}`;
  }
  const named = SETTING_WORDS.filter(([pattern]) => pattern.test(phrase));
  const keys = named.map(([, keys]) => keys);
  if (keys.length === 0) return 'a setting of the run';
  const setting = named.map(([, , label]) => label).join(', ');
  if (!block || block.commands.length === 0) return setting;
  const every = (held: (c: Record<string, unknown>) => boolean) => block.commands.every(held);
  const holds = (key: string) => (key === 'defaultTimeout' ? block.section.defaultTimeout !== undefined : every((c) => c[key] !== undefined && c[key] !== null));
  if (!keys.every((some) => some.some(holds))) return setting;
  const envOf = (c: Record<string, unknown>) => (c.env !== null && typeof c.env === 'object' ? (c.env as Record<string, unknown>) : {});
  for (const name of phrase.split(/[^\w-]+/).filter((w) => VARIABLE_NAME.test(w))) {
    // "NODE_ENV set to production", "NODE_ENV=production": its value, where one is said after it.
    const value = new RegExp(String.raw`\b${name}\s*(?:=|\bset\s+to\b|\bis\b|\bequal\s+to\b|\bof\b)\s*["'\x60]?([^\s"'\x60,]+)`).exec(phrase)?.[1];
    if (!every((c) => name in envOf(c) && (value === undefined || String(envOf(c)[name]) === value))) return `the variable ${name}${value === undefined ? '' : `=${value}`}`;
  }
  const user = (c: Record<string, unknown>) => (c.user === undefined || c.user === null ? undefined : String(c.user));
  // "as user 1000", "as uid 1000", "with the group 1000": the user's name or id (the group's, after its colon), as the block writes it.
  for (const [said, which] of [[/\b(?:user|uid)\s+(?:id\s+)?`?([\w-]+)`?/i.exec(phrase)?.[1], 0], [/\b(?:group|gid)\s+(?:id\s+)?`?([\w-]+)`?/i.exec(phrase)?.[1], 1]] as const) {
    if (said !== undefined && !/^(?:root|is|of|that|which|who)$/i.test(said) && !every((c) => user(c)?.split(':')[which] === said)) return `the ${which === 0 ? 'user' : 'group'} ${said}`;
  }
  if (/\b(?:non-root|unprivileged|not\s+(?:as\s+)?root)\b/i.test(phrase) && !every((c) => user(c) !== undefined && !ROOT_USER.test(user(c)!))) return 'a user other than root';
  if (/\b(?:as|under)\s+(?:the\s+)?root\b|\bprivileged\b/i.test(phrase.replace(/\bnon-root\b|\bunprivileged\b/gi, '')) && !every((c) => user(c) !== undefined && ROOT_USER.test(user(c)!))) return 'the root user';
  if (/\b(?:without|no|disabled|offline|off)\b/i.test(phrase) && keys.some((some) => some.includes('network')) && !every((c) => c.network === 'none')) return 'no network';
  // A word not read that is a value of its own (a name, a number, a path) is checked where the block holds it as written.
  const valueLike = words.filter((w) => /[\d=/_.:]|^[A-Z]{2,}$/.test(w) && !yaml.includes(w));
  return valueLike.length > 0 ? `a value ${valueLike.map((w) => `"${w}"`).join(', ')}` : null;
}

/**
 * The phrases of SENTENCE that say how its run is made and hold words no rule read (NOT_UNDERSTOOD), which the YAML
 * block does not hold: a phrase after a verb of running ("runs with NODE_ENV set to production", "runs as a non-root
 * user", "runs without network access", "runs offline"), and an environment variable's name not read, anywhere. Such
 * a word may state a setting, so it is never dropped: the condition stays unread, naming it. A phrase the block
 * holds (a key it names that every command sets, with what it says of it) restates the block.
 */
function settingsNotRead(sentence: string, notUnderstood: readonly string[], yaml: string): string[] {
  const prose = sentence.replace(/`[^`]*`/g, (span) => `\x60${'x'.repeat(span.length - 2)}\x60`);
  const phrases: string[] = [];
  for (const verb of prose.matchAll(new RegExp(String.raw`\b${RUN_VERB}\b`, 'gi'))) {
    const start = verb.index + verb[0].length;
    const tail = prose.slice(start);
    const end = CLAUSE_END.exec(tail)?.index ?? tail.length;
    // "runs a command …", "starts two jobs": the verb's object is what the block runs, not how.
    if (/^\s*(?:a|an|the|its|their|this|these|one|two|three|four|five|\d+|every|each|all|some|no)\b/i.test(tail.slice(0, end)) && !/^\s*no\s+network/i.test(tail)) continue;
    // The tail split where a phrase opens: the words before the first (an adverb, "runs offline") are one too.
    const opens = [0, ...[...tail.slice(0, end).matchAll(PHRASE_OPENER)].map((m) => m.index).filter((i) => i > 0), end];
    for (let i = 0; i + 1 < opens.length; i++) {
      const phrase = sentence.slice(start + opens[i], start + opens[i + 1]).trim();
      // Before any opener, one word is how it runs ("runs offline"); more ("is invoked on the test item") is not the brief's shape,
      // nor a figure ("runs 2s"), which is how long it runs, not a setting.
      if (i > 0 || (/^[\w-]+$/.test(phrase) && !/^\d/.test(phrase))) phrases.push(phrase);
    }
  }
  const within = (words: string, text: string) => new RegExp(String.raw`(?:^|[^\w-])${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\w-])`, 'i').test(text);
  const says: string[] = [];
  for (const phrase of phrases.filter((p) => p !== '')) {
    const words = notUnderstood.filter((w) => within(w, phrase));
    // A user or group said by its id is checked whether or not its words were read: read, it is dropped with the rest of a condition not read.
    if (words.length === 0 && !/\b(?:user|uid|group|gid)\s+\S/i.test(phrase)) continue;
    const what = settingNotHeld(phrase, words, yaml);
    if (what !== null) says.push(`${what} ("${phrase}"; words not read: ${words.join(', ')})${NOT_HELD}`);
  }
  // A signal sent, the event log, or an option of `spec-run exec`, named in words not read anywhere in the sentence: the block
  // cannot hold them, so a run set up from the block alone would be another run ("the harness is given an event log").
  // The sentence is tested, not only the words left: a rewriting may have taken "log" into a word of its own ("event").
  // A signal the block's commands handle or send ("traps SIGTERM": `trap '' TERM`) is what a command does, said of the block.
  // So is one a command sends itself ("kills itself with SIGKILL", "sends itself SIGTERM").
  const handled = (word: string) => new RegExp(String.raw`\bitself\s+(?:with\s+)?(?:a\s+)?${word}\b`, 'i').test(prose) || (/^SIG[A-Z]{2,}$/.test(word) ? new RegExp(String.raw`\b(?:SIG)?${word.slice(3)}\b`, 'i').test(yaml) : /^(?:signals?|interrupt)/i.test(word) && /\b(?:trap|kill)\b/.test(yaml));
  // An option in code marks too ("without `--project`"): the prose has its code spans masked.
  const optionsMarked = [...sentence.matchAll(/`(--[a-z][\w-]*)/g)].map((m) => m[1]).filter((option) => notUnderstood.some((w) => w.includes(option)));
  const runPart = [...[...prose.matchAll(new RegExp(RUN_PART_WORD, 'g'))].map((m) => m[0].trim()), ...optionsMarked].find((word) => !handled(word));
  if (runPart !== undefined) says.push(`a part of the run made beyond its configuration ("${runPart}"; words not read: ${notUnderstood.join(', ')}), which a run of the block alone would be made without`);
  // The configuration file's name, not read ("invoked on the test item, named `d1.yaml`"): a run of the block alone writes it under another name.
  const fileName = [...sentence.matchAll(/`([^`\s]+\.ya?ml)`/g)].map((m) => m[1]).find((name) => notUnderstood.includes(name));
  if (fileName !== undefined) says.push(`the configuration file's name ("${fileName}"), under which a run of the block alone would not write it`);
  // A variable named outside such a phrase, in a condition not read ("a command with NODE_ENV set to production prints …").
  const named = new Set(prose.split(/[^\w-]+/).filter((w) => VARIABLE_NAME.test(w) && !phrases.some((p) => within(w, p))));
  for (const name of named) {
    const clause = new RegExp(String.raw`\b${name}\b[^,;]*`).exec(sentence)?.[0] ?? name;
    const what = settingNotHeld(clause, [name], yaml);
    if (what !== null) says.push(`${what} ("${clause.trim()}"; words not read: ${name})${NOT_HELD}`);
  }
  return says;
}

/** A number of commands said to run ("three commands run in `alpine`", "two host commands run"). */
const COMMANDS_COUNTED = /\b\w+\s+(?:host\s+|container\s+)?commands\s+(?:run|are\s+run)\b/i;

/** A name in a code span: a relative path inside the project, a directory where it ends with a slash. */
// Written bare, a name is one only with a slash or an extension in it ("sub/dir", "data.txt"): a bare word may be anything.
const HELD_NAME = String.raw`(?:\`(?:[\w.-]+(?:\/[\w.-]+)*\/?)\`|[\w-]+(?:\/[\w.-]+)+\/?|[\w-]+\/|[\w-]+\.[A-Za-z]\w{0,4}(?![\w.]))`;
/** One thing a directory is said to hold: "`refs/ref.fa`", "a directory `sub`", "an `assets/textures` folder", "`refs/`". */
const HELD_ITEM = String.raw`(?:an?\s+(?:empty\s+)?(?:file|directory|folder|sub-?directory|sub-?folder)\s+${HELD_NAME}|(?:an?\s+)?${HELD_NAME}(?:\s+(?:file|directory|folder|sub-?directory|sub-?folder))?)`;
/** The clauses that say exactly what the project (or the configuration's directory, its project where no `--project` is given) holds. */
const PROJECT_HOLDS = new RegExp(
  String.raw`(?:^|(?<=\()|,\s*|\s+and\s+)(?:(?:where|while|with)\s+)?(?:(?:the\s+project(?:\s+(?:directory|folder))?|the\s+configuration(?:\s+file)?'s\s+directory)\s+(?:holds|has|contains|having|holding|containing)\s+(${HELD_ITEM}(?:(?:,\s*|\s+and\s+)${HELD_ITEM})*)|(${HELD_ITEM})\s+next\s+to\s+(?:it|the\s+configuration(?:\s+file)?))(?=\s*(?:\)|,|$|\s+and\s+(?!${HELD_ITEM})))`,
  'gi',
);

/**
 * The files and directories SENTENCE says the project holds, in so many names ("the project directory holds
 * `refs/ref.fa` and `refs/idx/`", "(the project holds `refs/`)", "with an `assets/textures` folder next to it": the
 * configuration's directory, which is the project where no `--project` is given), as setup parts; and the sentence
 * without those clauses. Null where it says none, or where the project is another directory (`--project`): a
 * name said of what is not the project is not placed.
 */
function takeProjectFiles(sentence: string): { parts: SetupPart[]; rest: string; names: string[] } | null {
  if (/--project\b/.test(sentence)) return null;
  const parts: SetupPart[] = [];
  const names: string[] = [];
  const rest = sentence.replace(PROJECT_HOLDS, (clause: string, listed: string | undefined, nextTo: string | undefined) => {
    for (const item of (listed ?? nextTo ?? '').split(/,\s*|\s+and\s+/)) {
      const name = /`([^`]+)`/.exec(item)?.[1] ?? new RegExp(HELD_NAME).exec(item.replace(/^an?\s+(?:(?:empty\s+)?(?:file|directory|folder|sub-?directory|sub-?folder)\s+)?/i, ''))?.[0] ?? '';
      const directory = name.endsWith('/') || /\b(?:directory|folder|sub-?directory|sub-?folder)\b/i.test(item);
      const read = readWhen(`the project directory holds ${directory ? 'a directory ' : ''}\`${name.replace(/\/$/, '')}\``);
      if (!read.ok || name.split('/').includes('..')) return clause;
      parts.push(...read.parts);
      names.push(name);
    }
    return ' ';
  });
  if (parts.length === 0) return null;
  return { parts, names, rest: rest.replace(/\(\s*\)/g, ' ').replace(/^\s*,?\s*and\s+/i, '').replace(/\s+([,)])/g, '$1').replace(/^[\s,]+|[\s,]+$/g, '').replace(/\s{2,}/g, ' ') };
}

/**
 * SENTENCE with the configuration file said as "a file" or "the file" named as the configuration, which sets no
 * file up: "a file" described by the keys and commands it holds ("a file has a missing `run` and an unknown key",
 * "the file has a `stop:` section with an empty list", "a file mixes a valid command with …", "hands the build box
 * a file with a handful of mistakes in it", "a hook file with no timeout anywhere"), and "anywhere in the file". A
 * file that is named (`a.txt`), held by a directory or the project ("the project holds a file with errors in it"),
 * or described by its lines, words or directory ("a file with the line `hi`", "a file whose directory holds …")
 * is another file, and stays.
 * (A directory said not to exist is left as it is: "nothing runs" Thens would then be read of a command the
 * executor does start and refuse, batch17 docker-execution.spec.md:154.)
 */
function withoutFilesSetUp(sentence: string): string {
  const configurationWords = /\b(?:keys?|settings?|limits?|commands?|fields?|timeouts?|values?|entries|entry|mistakes?|errors?|sections?|lists?)\b|`run`/i;
  const anotherFile = /`[^`]*[./][^`]*`|\b(?:lines?|words?|texts?|director(?:y|ies)|folders?|files?|bytes?|contents?)\b/i;
  return sentence
    .replace(
      /(?<!\b(?:holds?|holding|has|having|contains?|containing|with|beside|writes?|creates?|makes?|leaves?)\s+)\b(?:an?|the|this|one)\s+(?:yaml\s+|configuration\s+|config\s+|hook\s+)?file\s+(?=(?:has|holds|contains|sets|lists|declares|carries|mixes|with)\b)([^,;]*)/gi,
      (whole: string, rest: string) => (configurationWords.test(rest) && !anotherFile.test(rest) ? `the configuration ${rest}` : whole),
    )
    .replace(/\banywhere\s+in\s+the\s+(?:yaml\s+|configuration\s+|config\s+)?file\b(?!\s*`)/gi, 'anywhere in the configuration');
}

/** How a setting a condition states and its YAML block lacks is said: `a timeout of 1 s, which the YAML block does not hold`. */
export const NOT_HELD = ', which the YAML block does not hold';

/** What SENTENCE says that the YAML block does not set up (its literals the block lacks, things outside a configuration), but for ACCOUNTED literals. */
function beyond(said: string, code: readonly string[], yaml: string, accounted: readonly string[]): string[] {
  const sentence = withoutFilesSetUp(said);
  // The options written bare are in code marks the document did not give (withOptionsMarked): literals all the same.
  const marked = [...sentence.matchAll(/`(--[^`]+)`/g)].map((m) => m[1]).filter((span) => !code.includes(span));
  return [
    ...literalsNotIn(sentence, [...code, ...marked], yaml)
      .filter((literal) => !accounted.includes(literal))
      .map((literal) => `\`${literal}\`, which the YAML block does not say`),
    ...settingsNotIn(sentence, yaml).map((setting) => `${setting}${NOT_HELD}`),
    ...BEYOND_CONFIGURATION.flatMap(([pattern, what]) => {
      const found = pattern.exec(sentence.replace(/`[^`]*`/g, '``'));
      return found ? [`${what} ("${found[0].trim()}")`] : [];
    }),
  ];
}
