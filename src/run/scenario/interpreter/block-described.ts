// A condition that describes the YAML block under it ("the hook file has a 1s default, a step that ignores SIGTERM
// with its own 2s, and one with no timeout", "the configuration names no checks at all", "a containerised check names
// a directory the image does not contain"): it sets nothing up, the block does. It is read only where each thing it
// names is found in the block, said as the block holds it, every word accounted for; the reading names what each
// phrase was found as ("1s default = defaultTimeout: 1s"). A phrase the block does not bear out is said so (the
// condition is then not read); a phrase of another shape leaves the whole description to the other rules.
import { parse } from 'yaml';
import { QUIET_YAML } from '../../../parse/yaml-options.js';
import { loadConfig, type ConfigError } from '../../../executor/config.js';
import { compactDuration } from './quantities.js';
import { commandOfError, faultOf, isFault, settingKeys } from './described-settings.js';
import { emptySetup, mergedSetup, type SetupPart } from './when.js';

type Command = Record<string, unknown>;
interface Block {
  commands: Command[];
  section: Record<string, unknown>;
}

export type Described = { kind: 'read'; parts: SetupPart[] } | { kind: 'contradicted'; says: string[] };

const NUMBERS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
/** The writers' nouns for a command of the block. */
const COMMAND_NOUN = String.raw`(?:commands?|checks?|steps?|jobs?|stages?|tasks?|entries|entry)`;
const COUNT = String.raw`(?:no|a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)`;
/** Where a command runs, said before its noun: the host, a container. */
const PLACE = String.raw`(?:(host|container|containeri[sz]ed|docker)\s+)?`;
/** The configuration as a subject: "the hook file", "the configuration", "the config", "the YAML", "our stop hook". */
// A file named for what it configures ("the pipeline file", "the gate file") is the configuration; "the run" has the commands it runs.
// "Your file", "the file": the configuration file a run is given, where the scenario's block is that file.
const SUBJECT = /^(?:the|this|our|my|a|your|their)\s+(?:(?:hook|pipeline|gate|ci|workflow|job|task|check|stop)\s+file|stop\s+hook|hook|run|configuration(?:\s+file)?|config(?:\s+file)?|yaml(?:\s+file)?|yaml\s+block|file)\s+/i;
const DESCRIBES = /^(?:has|holds|contains|lists|names|declares|defines|sets|carries|gives|asks\s+for|requests|puts)\s+/i;
/** The configuration where a run places it where nothing else is said: the project's own directory. */
const AT_PROJECT_ROOT = /^(?:sits|lives|is|lies)\s+(?:at|in)\s+the\s+(?:project(?:'s)?\s+(?:root|directory|folder)|root\s+of\s+the\s+project)$/i;

function blockOf(yaml: string): Block | null {
  try {
    const stop = (parse(yaml, QUIET_YAML) as { stop?: unknown } | null)?.stop;
    if (stop === null || typeof stop !== 'object') return null;
    const commands = (stop as { commands?: unknown }).commands;
    if (commands !== null && commands !== undefined && !Array.isArray(commands)) return null;
    return { commands: (commands ?? []).map((c) => (c !== null && typeof c === 'object' ? (c as Command) : {})), section: stop as Record<string, unknown> };
  } catch {
    return null;
  }
}

const durationMs = (text: string): number | null => compactDuration(text.replace(/\s+/g, '')) ?? compactDuration(text.replace(/\s*(?:seconds?|secs?)$/i, 's').replace(/\s+/g, ''));


/** A quality of one command, said after its noun, and how the block shows it; null where the words are of no such shape. */
function qualityOf(words: string): { said: string; holds: (c: Command) => boolean; shown: (c: Command) => string } | null {
  const said = words.trim();
  const run = (c: Command) => (typeof c.run === 'string' ? c.run : '');
  const timeout = /^(?:with\s+)?(?:its\s+own\s+|a\s+)?(?:timeout\s+of\s+)?(\d+(?:\.\d+)?\s*(?:ms|s|m|h|secs?|seconds?))(?:\s+timeout)?$/i.exec(said);
  if (timeout) {
    const ms = durationMs(timeout[1]);
    return ms === null ? null : { said, holds: (c) => typeof c.timeout === 'string' && compactDuration(c.timeout) === ms, shown: (c) => `timeout: ${String(c.timeout)}` };
  }
  if (/^(?:with\s+)?(?:no|without\s+a(?:ny)?)\s+timeout(?:\s+at\s+all)?$/i.test(said)) return { said, holds: (c) => c.timeout === null, shown: (c) => `timeout: ${String(c.timeout)}` };
  // "ignores SIGTERM": a trap that does nothing on TERM; "traps SIGTERM": any trap of TERM.
  const trap = /^(?:that\s+|which\s+)?(ignores|traps|catches|handles)\s+(?:SIG)?TERM$/i.exec(said);
  if (trap) {
    const ignores = /^ignores$/i.test(trap[1]);
    const pattern = ignores ? /\btrap\s+(?:''|""|:|true)\s+(?:[\w ]*\s)?(?:SIG)?TERM\b/ : /\btrap\s+\S.*\b(?:SIG)?TERM\b/;
    return { said, holds: (c) => pattern.test(run(c)), shown: (c) => `run: ${run(c)}` };
  }
  // "names a scratch directory which the image does not contain": a working directory in the image outside the project's mount.
  if (/^(?:that\s+|which\s+)?(?:names|uses|runs\s+in|has)\s+an?\s+(?:[a-z]+\s+)?(?:working\s+)?director(?:y)\s+(?:which|that)\s+the\s+image\s+(?:does\s+not|doesn't)\s+(?:contain|have|hold)$/i.test(said)) {
    return { said, holds: (c) => typeof c.image === 'string' && typeof c.workdir === 'string' && c.workdir.startsWith('/') && !/^\/workspace(?:\/|$)/.test(c.workdir), shown: (c) => `workdir: ${String(c.workdir)} in image ${String(c.image)}` };
  }
  // "that prints on both streams", "writing to stdout and stderr": its line prints to each before anything may end it.
  if (/^(?:that\s+|which\s+)?(?:prints|writes|outputs|echoes|printing|writing)\s+(?:(?:something|a\s+line|lines|text|output)\s+)?(?:on|to)\s+(?:both\s+(?:streams|outputs|stdout\s+and\s+stderr|standard\s+output\s+and\s+standard\s+error)|stdout\s+and\s+stderr|standard\s+output\s+and\s+standard\s+error)$/i.test(said)) {
    return { said, holds: (c) => printsOnBoth(run(c)), shown: (c) => `run: ${run(c)}` };
  }
  // "that fails", "which succeeds": how its written line ends (its last statement), and nothing else.
  const ends = /^(?:that\s+|which\s+)?(fails|succeeds|passes|exits\s+(?:with\s+)?(?:code\s+|status\s+)?(\d+))$/i.exec(said);
  if (ends) {
    const holds = (c: Command) => {
      const code = exitOfRun(run(c));
      return code !== null && (/^fails$/i.test(ends[1]) ? code !== 0 : ends[2] !== undefined ? code === Number(ends[2]) : code === 0);
    };
    return { said, holds, shown: (c) => `run: ${run(c)}` };
  }
  // "with a message", "without an image", "that has no memory limit": a key of its own, there or not.
  const keyed = /^(?:(with|that\s+has|which\s+has|having)\s+(?:an?|its\s+own)|(without\s+(?:an?|any)|with\s+no|that\s+has\s+no|which\s+has\s+no|having\s+no))\s+(.+)$/i.exec(said);
  const keys = keyed ? settingKeys(keyed[3]) : undefined;
  if (keyed && keys) {
    const there = keyed[1] !== undefined;
    const has = (c: Command) => keys.some((key) => c[key] !== undefined && c[key] !== null);
    return { said, holds: (c) => has(c) === there, shown: (c) => keys.map((key) => `${key}: ${c[key] === undefined ? 'not set' : JSON.stringify(c[key])}`).join(', ') };
  }
  return null;
}

/** Whether a written command line prints to standard output and to standard error, both before any statement that may end it. */
function printsOnBoth(run: string): boolean {
  const statements = run.split(/;|\n|&&/).map((s) => s.trim());
  const ending = statements.findIndex((s) => /^(?:exit|return|exec|kill)\b|\|\|/.test(s));
  const TO_STDERR = /(?:^|\s)(?:1?>&2|>\s*\/dev\/stderr)(?=\s|$)/g;
  // An echo or printf, and where it goes: any other redirection ("> file", "2>&1", a quoted ">") leaves it unknown.
  const prints = (ending < 0 ? statements : statements.slice(0, ending))
    .filter((s) => /^(?:echo|printf)\s/.test(s) && !s.replace(TO_STDERR, ' ').includes('>'))
    .map((s) => (s.match(TO_STDERR) ? 'stderr' : 'stdout'));
  return prints.includes('stdout') && prints.includes('stderr');
}

const placeHolds = (place: string | undefined) => (c: Command) => (place === undefined ? true : /^host$/i.test(place) ? c.image === undefined || c.image === null : typeof c.image === 'string');

/** One phrase of commands ("a step that ignores SIGTERM with its own 2s", "one with no timeout", "three checks", "no checks at all"). */
function commandsPhrase(phrase: string): { count: number; exact: boolean; place?: string; qualities: NonNullable<ReturnType<typeof qualityOf>>[]; said: string } | null {
  const head = new RegExp(String.raw`^(${COUNT})(?:\s+${PLACE}(?:(failing|passing|succeeding|successful)\s+)?${COMMAND_NOUN}(?:\s+at\s+all)?)?(?=\s|$)`, 'i').exec(phrase);
  if (!head) return null;
  // "two failing tasks": the adjective is the quality "that fails".
  const adjective = head[3] === undefined ? [] : [qualityOf(/^failing$/i.test(head[3]) ? 'fails' : 'succeeds')!];
  const countWord = head[1].toLowerCase();
  const count = countWord === 'no' ? 0 : (NUMBERS[countWord] ?? Number(countWord));
  // "one with no timeout": the noun said once before ("a step …, and one …"); a bare "a" names nothing.
  if (!new RegExp(COMMAND_NOUN, 'i').test(head[0]) && !/^(?:one|two|three|four|five|\d+)$/.test(countWord)) return null;
  const rest = phrase.slice(head[0].length).trim();
  // Its qualities, each opened by "that", "which" or "with" ("that ignores SIGTERM with its own 2s").
  const whole = rest === '' ? null : qualityOf(rest);
  const qualities = [...adjective, ...(rest === '' ? [] : whole !== null ? [whole] : rest.split(/\s+(?=(?:with|without)\s+(?:a|an|no|its|any)\s|(?:that|which)\s)/i).map(qualityOf))];
  if (qualities.some((q) => q === null)) return null;
  // "three checks", "no checks at all", "two failing tasks": the number of such commands in the block; "a step that …", "one with …": one at least.
  return { count, exact: count >= 2 || (!/^(?:a|an)$/.test(countWord) && qualities.length === 0), place: head[2], qualities: qualities as NonNullable<ReturnType<typeof qualityOf>>[], said: phrase };
}

/**
 * How SENTENCE (a condition, in the interpreter's terms) describes the block YAML: read where every phrase is found in
 * it, contradicted where a phrase of these shapes is not, null where some phrase is of none of them.
 */
export function describedBlock(said: string, yaml: string): Described | null {
  const block = blockOf(yaml);
  if (!block) return null;
  const sentence = inDescriptionShape(said);
  const subject = SUBJECT.exec(sentence);
  // The sentence about the configuration ("the hook file has …"), or about one of its commands ("a containerised check names …").
  const clauses = subject ? sentence.slice(subject[0].length).split(/\s+and\s+(?=(?:has|holds|contains|lists|names|declares|defines|sets|carries|gives|asks\s+for|requests|puts|sits|lives|is|lies)\s)/i) : [sentence];
  const parts: SetupPart[] = [];
  const says: string[] = [];
  const used = new Set<number>();
  for (const clause of clauses) {
    if (subject && AT_PROJECT_ROOT.test(clause)) {
      parts.push({ text: `condition: "${clause}" = the configuration in the project's directory, where a run places it`, apply: () => {} });
      continue;
    }
    if (subject && !DESCRIBES.test(clause)) return null;
    const items = subject ? clause.replace(DESCRIBES, '').split(/,\s*(?:and\s+)?|\s+and\s+(?=(?:a|an|one|two|three|four|five|no|\d+)\s)/i) : [clause.replace(/^(\w+\s+(?:containeri[sz]ed\s+|host\s+|container\s+)?\w+)\s+/, '$1 that ')];
    for (const item of items.map((i) => i.trim()).filter((i) => i !== '')) {
      const def = /^(?:an?\s+)?(\d+(?:\.\d+)?\s*(?:ms|s|m|h|secs?|seconds?))\s+default(?:\s+timeout)?$|^an?\s+default(?:\s+timeout)?\s+of\s+(\d+(?:\.\d+)?\s*(?:ms|s|m|h|secs?|seconds?))$/i.exec(item);
      if (def) {
        const ms = durationMs(def[1] ?? def[2]);
        const held = block.section.defaultTimeout;
        if (ms !== null && typeof held === 'string' && compactDuration(held) === ms) parts.push({ text: `condition: ${item} = defaultTimeout: ${held}`, apply: () => {} });
        else says.push(`"${item}", where the block's defaultTimeout is ${held === undefined ? 'not set' : String(held)}`);
        continue;
      }
      const empty = emptyList(item, block);
      if (empty !== null) {
        if (empty) parts.push({ text: `condition: ${item} = commands: []`, apply: () => {} });
        else says.push(`"${item}", where the block's commands: is not an empty list`);
        continue;
      }
      const setting = settingItem(item, block, yaml, used);
      if (setting !== null) {
        if ('part' in setting) parts.push({ text: `condition: ${item} = ${setting.part}`, apply: () => {} });
        else says.push(`"${item}", ${setting.says}`);
        continue;
      }
      const commands = commandsPhrase(item);
      if (!commands) return null;
      const fits = (c: Command) => placeHolds(commands.place)(c) && commands.qualities.every((q) => q.holds(c));
      if (commands.exact || commands.count === 0) {
        const found = block.commands.filter(fits).length;
        if (found === commands.count) parts.push({ text: `condition: ${item} = ${found} such command(s) in the block`, apply: () => {} });
        else says.push(`"${item}", where the block holds ${found} such command(s)`);
        continue;
      }
      // "a step that …", "one with …": as many commands of the block, each another one, that bear it out.
      const found = block.commands.map((_, i) => i).filter((i) => !used.has(i) && fits(block.commands[i])).slice(0, commands.count);
      if (found.length < commands.count) {
        says.push(`"${item}", which no other command of the block bears out`);
        continue;
      }
      for (const i of found) used.add(i);
      parts.push({ text: `condition: ${item} = command ${found.map((i) => i + 1).join(', ')} (${commands.qualities.map((q) => found.map((i) => q.shown(block.commands[i])).join(', ')).join('; ') || String(commands.place ?? 'any')})`, apply: () => {} });
    }
  }
  if (says.length > 0) return { kind: 'contradicted', says: says.map((s) => `a description of the YAML block it does not bear out: ${s}`) };
  return parts.length > 0 ? { kind: 'read', parts } : null;
}

/** The block's list of commands named: "commands list", "`commands:` list", "list of checks", "command list". */
const LIST = String.raw`(?:(?:\`commands:?\`|commands?|tasks?|steps?|checks?|jobs?)\s+list|list\s+of\s+${COMMAND_NOUN}|\`commands:?\`\s+list)`;
/** A mistake in a key said as what happened to it: "(the) `timeout` (key) is misspelt", "misspells timeout", "with timeout misspelled". */
const MISSPELT_WORD = String.raw`(?:misspelt|misspelled|mistyped|typo'd|misnamed)`;
const KEY_SAID = String.raw`(?:the\s+)?(\`?[A-Za-z]\w*:?\`?)(?:\s+(?:key|field|setting))?`;
/** Where a command said by its place or as one of them: "the second command", "a check", "one step", "another task". */
const COMMAND_SAID = String.raw`(?:the\s+(?:${['first', 'second', 'third', 'fourth', 'fifth', 'last'].join('|')})|a|an|one|another)\s+${COMMAND_NOUN}`;

/**
 * SENTENCE in the shapes describedBlock reads, where it describes the block in another: someone running the file
 * it describes ("you run a file where the second command has …", "we run a configuration with …"), a command as
 * the subject of what it has ("the second command has a misspelt `timeout` key": that mistake on it), a key said
 * misspelt ("`timeout` is misspelled", "a command misspells timeout"), the list said empty ("the command list is
 * empty"). Each says the same of the block as the shape it becomes; any other sentence is left as it is.
 */
function inDescriptionShape(sentence: string): string {
  const ran = new RegExp(String.raw`^(?:(?:you|we|they|I|someone|the\s+(?:team|developer|user|operator|engineer))\s+)?(?:runs?|executes?|starts?|feeds?\s+it|gives?\s+it)\s+(?:it\s+on\s+)?(?:an?|the|your|this|my|our)\s+(?:yaml\s+|configuration\s+|config\s+|hook\s+)?(?:file|configuration|config)\s+(where|in\s+which|with|that\s+has|which\s+has)\s+(.+)$`, 'i').exec(sentence);
  let said = ran ? (/^(?:where|in\s+which)$/i.test(ran[1]) ? ran[2] : `the configuration has ${ran[2]}`) : sentence;
  const commandHas = new RegExp(String.raw`^(${COMMAND_SAID})\s+(?:has|holds|carries|contains|sets|uses)\s+(an?\s+.+)$`, 'i').exec(said);
  if (commandHas) said = `the configuration has ${commandHas[2]} on ${commandHas[1]}`;
  const keyMisspelt = new RegExp(String.raw`^${KEY_SAID}\s+is\s+${MISSPELT_WORD}(?:\s+(?:on|in|for)\s+(${COMMAND_SAID}))?$`, 'i').exec(said);
  if (keyMisspelt) said = `the configuration has a misspelt ${keyMisspelt[1]} key${keyMisspelt[2] === undefined ? '' : ` on ${keyMisspelt[2]}`}`;
  const misspells = new RegExp(String.raw`^(${COMMAND_SAID})\s+misspells\s+${KEY_SAID}$`, 'i').exec(said);
  if (misspells) said = `the configuration has a misspelt ${misspells[2]} key on ${misspells[1]}`;
  if (new RegExp(String.raw`^(?:(?:the|its|your|our|my)\s+${LIST}|\x60commands:?\x60)\s+is\s+(?:empty|an\s+empty\s+list)$`, 'i').test(said)) said = 'the configuration has an empty commands list';
  return said;
}

/** "an empty `commands:` list", "a command list with nothing in it", "an empty list of commands": whether the block's list is there and empty; null for another phrase. */
function emptyList(item: string, block: Block): boolean | null {
  const list = LIST;
  const said = new RegExp(String.raw`^an?\s+(?:empty\s+(?:${list}|list)|${list}\s+(?:with\s+nothing\s+in\s+it|that\s+is\s+empty|with\s+no\s+(?:entries|items|${COMMAND_NOUN})(?:\s+in\s+it)?))$`, 'i');
  if (!said.test(item)) return null;
  const commands = block.section.commands;
  return Array.isArray(commands) && commands.length === 0;
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/**
 * A setting, or a mistake in one, said of the block or of one of its commands: "a typo'd key", "a badly written timeout
 * on one task", "two bad output settings on another", "a memory limit on a task without an image". A mistake is one of
 * the executor's own refusals of the block (as many as said, on that command); a setting is a key the command holds.
 * The command is another than those earlier phrases took ("another"), the one at a place ("the second task"), or one
 * the phrase describes ("a task without an image"). Null for a phrase of another shape.
 */
function settingItem(item: string, block: Block, yaml: string, used: Set<number>): { part: string } | { says: string } | null {
  const found = new RegExp(String.raw`^(${COUNT})\s+(.+?)(?:\s+(?:on|in|for|of|under)\s+(.+))?$`, 'i').exec(item);
  if (!found) return null;
  const fault = faultOf(found[2]);
  const keys = fault === null ? settingKeys(found[2]) : undefined;
  if (fault === null && (keys === undefined || keys === null)) return null;
  const countWord = found[1].toLowerCase();
  const count = countWord === 'no' ? 0 : (NUMBERS[countWord] ?? Number(countWord));
  const scope = found[3] === undefined ? null : commandScope(found[3], block, used);
  if (scope === undefined) return null;
  const errors: ConfigError[] = fault === null ? [] : loadConfig(yaml).errors.filter((e) => isFault(e, fault));
  const faultsOn = (i: number | null) => errors.filter((e) => i === null || commandOfError(e) === i);
  const holdsKey = (c: Command) => keys!.some((key) => c[key] !== undefined && c[key] !== null);
  if (scope === null) {
    if (fault !== null) {
      return faultsOn(null).length === count ? { part: `${count} such refusal(s) of the block by the executor (${errors.map(shownError).join('; ')})` } : { says: `where the executor refuses ${faultsOn(null).length} such in the block` };
    }
    const holding = keys!.includes('defaultTimeout') ? (block.section.defaultTimeout !== undefined ? 1 : 0) : block.commands.filter(holdsKey).length;
    return holding === count ? { part: `${count} such setting(s) in the block` } : { says: `where the block holds ${holding} such` };
  }
  const fits = scope.filter((i) => (fault !== null ? faultsOn(i).length === count : count === 1 && holdsKey(block.commands[i])));
  if (fits.length === 0) return { says: `which no command the phrase names in the block bears out` };
  used.add(fits[0]);
  const shown = fault !== null ? faultsOn(fits[0]).map(shownError).join('; ') : keys!.filter((key) => block.commands[fits[0]][key] !== undefined).map((key) => `${key}: ${JSON.stringify(block.commands[fits[0]][key])}`).join(', ');
  return { part: `command ${fits[0] + 1} (${shown})` };
}

/** An executor's refusal as a reading shows it: without the list of keys it allows. */
const shownError = (e: ConfigError) => e.message.replace(/\s*\(allowed here:[^)]*\)/, '');

/** The commands of the block a phrase after "on" may be (in order), or undefined where it names none: "another", "the second task", "one task", "a task without an image". */
function commandScope(phrase: string, block: Block, used: Set<number>): number[] | undefined {
  const free = block.commands.map((_, i) => i).filter((i) => !used.has(i));
  if (new RegExp(String.raw`^(?:another|an\s+other|a\s+different|one\s+other)(?:\s+${COMMAND_NOUN})?$`, 'i').test(phrase)) return free;
  const placed = new RegExp(String.raw`^the\s+(${ORDINALS.join('|')})\s+${COMMAND_NOUN}$`, 'i').exec(phrase);
  if (placed) return ORDINALS.indexOf(placed[1].toLowerCase()) < block.commands.length ? [ORDINALS.indexOf(placed[1].toLowerCase())] : [];
  const described = commandsPhrase(phrase);
  if (!described || described.count !== 1 || !new RegExp(COMMAND_NOUN, 'i').test(phrase)) return undefined;
  return free.filter((i) => placeHolds(described.place)(block.commands[i]) && described.qualities.every((q) => q.holds(block.commands[i])));
}

const ORDINAL = String.raw`(first|second|third|fourth|fifth|last)`;

/** failFast said in words, set ("stops at its first failure", "fails fast", "with failFast on") or not ("keeps going after a failure", "without failFast"); the key's name in code marks or not. */
const FAIL_FAST = '(?<!\w)`?failFast`?';
const FAIL_FAST_SAID: [RegExp, boolean][] = [
  [new RegExp(String.raw`\b(?:does\s+not|doesn't|never)\s+stop\s+at\s+(?:its|the)\s+first\s+(?:failure|failing\s+\w+)|\bkeeps\s+going\s+(?:after|past)\s+(?:a|its|the\s+first)\s+failures?|\bwithout\s+${FAIL_FAST}(?!\w)|\bwith\s+${FAIL_FAST}\s+(?:off|unset|disabled|false)\b|${FAIL_FAST}\s+(?:is\s+)?(?:not\s+set|off|unset|disabled|false)\b`, 'i'), false],
  [new RegExp(String.raw`\bstops\s+at\s+(?:its|the)\s+first\s+(?:failure|failing\s+(?:command|check|step|job|stage|task))|\bfails\s+fast\b|\bwith\s+${FAIL_FAST}(?:\s+(?:on|set|enabled|true)\b)?(?!\w)|${FAIL_FAST}\s+(?:is\s+)?(?:set|on|enabled|true)\b`, 'i'), true],
];

/**
 * SENTENCE with what it says of the block beside how the run is made taken out where the block bears it out, each
 * accounted for by a part: "the first of three checks" said as "the first command" where the block holds three
 * commands; failFast said in words ("… and stops at its first failure") where the block sets it so. Where the block
 * does not, SAYS tells why, and the sentence keeps its words.
 */
export function withBlockFacts(sentence: string, yaml: string): { sentence: string; parts: SetupPart[]; says: string[] } {
  const block = blockOf(yaml);
  const parts: SetupPart[] = [];
  const says: string[] = [];
  if (!block) return { sentence, parts, says };
  let said = sentence.replace(new RegExp(String.raw`\b${ORDINAL}\s+of\s+(?:the\s+|these\s+|its\s+)?(two|three|four|five|six|seven|eight|nine|ten|\d+)(?:\s+${COMMAND_NOUN})?\b`, 'gi'), (whole: string, which: string, count: string) => {
    const n = NUMBERS[count.toLowerCase()] ?? Number(count);
    if (n !== block.commands.length) return whole;
    parts.push({ text: `condition: "${whole}" = command ${which.toLowerCase()} of the block's ${n}`, apply: () => {} });
    return `${which} command`;
  });
  for (const [pattern, set] of FAIL_FAST_SAID) {
    const found = pattern.exec(said);
    if (!found) continue;
    if ((block.section.failFast === true) !== set) {
      says.push(`"${found[0]}", where the block's failFast is ${String(block.section.failFast ?? 'not set')}`);
      break;
    }
    parts.push({ text: `condition: "${found[0]}" = failFast: ${String(block.section.failFast ?? 'not set')}`, apply: () => {} });
    said = said.replace(new RegExp(String.raw`(?:,\s*|\s+)(?:and\s+|while\s+|with\s+)?${found[0].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|${found[0].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:,\s*|\s+and\s+)?`), '').trim();
    break;
  }
  return { sentence: said, parts, says };
}

/** How a written command line ends, where its last statement says so: `exit 4`, `false`, `true`, or an `echo`; null where it does not. */
function exitOfRun(run: string): number | null {
  const statements = run.split(/;|\n/).map((s) => s.trim()).filter((s) => s !== '');
  const last = statements.at(-1);
  // An exit before the last statement, or a last one joined by && or ||, may end the command otherwise.
  if (last === undefined || /&&|\|\|/.test(last) || statements.slice(0, -1).some((s) => /\bexit\b/.test(s))) return null;
  const exit = /^exit\s+(\d+)$/.exec(last);
  if (exit) return Number(exit[1]);
  if (last === 'false') return 1;
  return /^(?:true|:|echo(?:\s.*)?|printf\s.*)$/.test(last) ? 0 : null;
}

/**
 * How PARTS (a condition's reading) say a command of the block YAML exits ("the second of four tasks fails"), each
 * found in the block (BORNE) or not (UNBORNE): the block's command runs as written, so what the When says of its exit
 * sets nothing and is a description of the block, true only where its last statement ends it so ("fails": any code but 0).
 */
export function exitsSaid(parts: readonly SetupPart[], yaml: string): { borne: string[]; unborne: string[] } {
  const found = { borne: [] as string[], unborne: [] as string[] };
  const block = blockOf(yaml);
  if (!block) return found;
  const setup = emptySetup();
  for (const part of parts) part.apply(setup);
  block.commands.forEach((command, index) => {
    const said = mergedSetup(setup, setup.byCommand?.[index]);
    if (said.exitCode === undefined || typeof command.run !== 'string') return;
    const shown = exitOfRun(command.run);
    const borne = shown !== null && (said.fails ? shown !== 0 : shown === said.exitCode);
    found[borne ? 'borne' : 'unborne'].push(`command ${index + 1} ${said.fails ? 'fails' : `exits with ${said.exitCode}`}, where the block runs \`${command.run}\``);
  });
  return found;
}
