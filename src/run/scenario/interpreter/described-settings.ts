// A configuration's settings and their mistakes as writers name them in a condition that describes its YAML block
// ("a typo'd key", "a badly written timeout", "two bad output settings", "a memory limit", "a task without an
// image"): which keys each noun names, and which of the executor's own refusals (loadConfig's errors) a mistake is.
// What the block holds is decided by the executor's loader, never by the words: "a typo'd key" is a key it refuses
// as unknown, "a bad timeout" a `timeout:` it refuses.
import type { ConfigError } from '../../../executor/config.js';
import { editDistance } from '../../../model/edit-distance.js';
import { CONFIG_KEYS } from './lexicon.js';

/** A setting's noun, singular or plural, and the keys it names; null: any key ("a key", "a setting"). */
const SETTING_NOUNS: [RegExp, readonly string[] | null][] = [
  [/^default\s+timeouts?$/i, ['defaultTimeout']],
  [/^(?:timeouts?|time\s*limits?|deadlines?|`timeout:?`)$/i, ['timeout']],
  [/^(?:output\s+(?:settings?|options?|fields?|keys?|values?))$/i, ['maxOutputLines', 'keepOutput']],
  [/^(?:(?:output\s+)?line\s+limits?|output\s+limits?|`maxOutputLines:?`)$/i, ['maxOutputLines']],
  [/^(?:memory(?:\s+limits?)?|`memory:?`)$/i, ['memory']],
  [/^(?:cpu\s+limits?|cpus?|`cpus:?`)$/i, ['cpus']],
  [/^(?:users?|`user:?`)$/i, ['user']],
  [/^(?:working\s+director(?:y|ies)|workdirs?|`workdir:?`)$/i, ['workdir']],
  [/^(?:network(?:\s+settings?)?|`network:?`)$/i, ['network']],
  [/^(?:images?|`image:?`)$/i, ['image']],
  [/^(?:(?:environment\s+)?variables?|env(?:ironment)?|`env:?`)$/i, ['env']],
  [/^(?:(?:failure\s+)?messages?|`message:?`)$/i, ['message']],
  [/^(?:keys?|fields?|settings?|options?|entries|entry)$/i, null],
];

/** The keys NOUN names (null: any), or undefined where it names no setting. */
export function settingKeys(noun: string): readonly string[] | null | undefined {
  return SETTING_NOUNS.find(([pattern]) => pattern.test(noun.trim()))?.[1];
}

/** Words for a key written wrong: a misspelling of a key the executor knows. */
const MISSPELT = String.raw`(?:typo'd|typoed|typo-ed|misspelt|misspelled|mistyped|misnamed)`;
/** Words for a key the executor does not know. */
const UNKNOWN = String.raw`(?:${MISSPELT}|unknown|unrecogni[sz]ed|stray|unexpected|unsupported|made-up|invented)`;
/** A key of a command or of the stop section named as such: "`timeout`", "timeout", "`maxOutputLines:`". */
const KEY_NAMED = String.raw`\`?(${CONFIG_KEYS.join('|')}):?\`?`;
/** Words for a value (or key) the executor refuses. */
const BAD = String.raw`(?:bad|badly[\s-]+(?:written|formed|formatted)|malformed|invalid|wrong|broken|faulty|ill-formed|incorrect|illegal|bogus)`;
/** The noun of a setting: one or two words, or a key in code marks. */
const NOUN = String.raw`(\`[A-Za-z]\w*:?\`|[a-z]+(?:\s+[a-z]+)?)`;

export interface Fault {
  /** The key is one the executor does not know (not: a value it refuses). */
  unknown: boolean;
  /** The keys it is of; null: any. */
  keys: readonly string[] | null;
  /** A misspelling of one of these keys ("a misspelt `timeout` key", "a misspelled timeout"): the unknown key is near one of them. */
  meant?: readonly string[];
}

/** Whether WRITTEN is a misspelling of KEY: not the key, and near it (one slip in a short name, two in a longer). */
export function misspells(written: string, key: string): boolean {
  return written !== key && editDistance(written.toLowerCase(), key.toLowerCase()) <= (key.length > 5 ? 2 : 1);
}

/** The mistake PHRASE names ("typo'd key", "badly written timeout", "bad output settings"), or null where it names none. */
export function faultOf(phrase: string): Fault | null {
  // "a misspelt `timeout` key", "a mistyped timeout field", "a misspelled `workdir`", "a typo'd timeout": a key the executor does not know, written for that one.
  const misspelt = new RegExp(String.raw`^${MISSPELT}\s+(?:${KEY_NAMED}(?:\s+(?:key|field|setting|option|name))?|${NOUN})$`, 'i').exec(phrase.trim());
  const meant = misspelt?.[1] !== undefined ? [misspelt[1]] : misspelt?.[2] !== undefined ? settingKeys(misspelt[2]) : undefined;
  if (misspelt && meant !== undefined) return { unknown: true, keys: null, ...(meant === null ? {} : { meant }) };
  const found = new RegExp(String.raw`^(?:(${UNKNOWN})|${BAD})\s+${NOUN}$`, 'i').exec(phrase.trim());
  if (!found) return null;
  const keys = settingKeys(found[2]);
  if (keys === undefined) return null;
  // An unknown key is a key, not a setting the executor has ("an unknown timeout" says something else).
  if (found[1] !== undefined && keys !== null) return null;
  return { unknown: found[1] !== undefined, keys };
}

/** The key an error is about: the last name of its path (`stop.commands[1].keepOutput` → keepOutput). */
const keyOf = (error: ConfigError) => /([A-Za-z]\w*)$/.exec(error.path)?.[1] ?? '';

/** Whether ERROR is a mistake of the kind FAULT names. */
export function isFault(error: ConfigError, fault: Fault): boolean {
  const unknownKey = /unknown key/.test(error.message);
  if (fault.unknown) return unknownKey && (fault.meant === undefined || fault.meant.some((key) => misspells(keyOf(error), key)));
  return !unknownKey && (fault.keys === null || fault.keys.includes(keyOf(error)));
}

/** The index of the command an error is under, or null for one about the section. */
export function commandOfError(error: ConfigError): number | null {
  const found = /^stop\.commands\[(\d+)\]/.exec(error.path);
  return found ? Number(found[1]) : null;
}
