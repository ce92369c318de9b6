// Why a configuration value is refused, said in a writer's own words: "the bare number 90 is refused as a duration
// lacking its unit, the report suggesting 90s instead", "memory: 4m is refused: has to be at least 6m", "failFast must
// be true or false", "the commands list is empty", "1BAD isn't a valid env var name". Each reason is one problem of the
// executor's (src/executor/config.ts, duration.ts), read only in words that name that problem, and checked against that
// problem's own message; the subject (a field, its path, the value written, a key's or a variable's name) names the
// error it is about. A sentence is read whole, clause by clause, or not at all.
import type { ConfigError } from '../../../executor/config.js';
import { CONFIGURATION_KEYS } from '../../../executor/config.js';
import type { Observation } from './observation.js';
import type { Reading } from './reading.js';
import { fieldPath } from './texts.js';
import type { Check } from './then.js';

/** What a subject names: which errors it is about, and what it is (for the adjectives and reasons that fit it). */
interface Subject {
  text: string;
  about: (e: ConfigError) => boolean;
  key?: string;
  /** A value as the YAML wrote it ("2h30m", 90), which the error's message quotes. */
  value?: string;
  /** A name no key of the executor's has: an unknown key's, or an environment variable's. */
  name?: string;
  adjectives: string[];
  qualifier?: string;
}

/** One problem of the executor's, in a reader's words, and its message. */
interface Reason {
  text: string | ((m: RegExpExecArray | null) => string);
  said: RegExp;
  /** The executor's message for the problem; M is the match of SAID (a number it names). */
  message: (m: RegExpExecArray | null) => RegExp;
  /** The subjects the problem can be of. */
  fits: (s: Subject) => boolean;
  /** Whether the message quotes the value written, so that a value named in the subject is checked. */
  quotesValue: boolean;
  /** Adjectives of the subject that say the same problem ("the bare number", "the relative workdir"). */
  adjectives?: RegExp;
  /** Words placing the field that say the same as the problem ("on a step without image:", "for a container step"). */
  qualifier?: RegExp;
  /** A problem of a name (an environment variable's): its error's path ends with the name, and its message quotes no value. */
  byName?: true;
}

const MUST = String.raw`(?:must|has to|have to|needs to|need to|should|is required to)`;
const ART = String.raw`(?:(?:a|an|its|the|any)\s+)`;
const NUMBER_AND_UNIT = String.raw`between\s+(?:the\s+)?number\s+and\s+(?:the\s+|its\s+)?unit`;
const DURATION_KEYS = ['timeout', 'defaultTimeout'];
const isDuration = (s: Subject) => (s.key !== undefined ? DURATION_KEYS.includes(s.key) : s.value !== undefined);
const ofKey = (...keys: string[]) => (s: Subject) => s.key !== undefined ? keys.includes(s.key) : s.value !== undefined;
/** A host command's place: a step with no image. */
const HOST_STEP = /^(?:on|for|of|in)\s+(?:a|the)\s+(?:(?:host|container-less)\s+)?(?:step|command|check|entry)\s+(?:without|with no|w\/o|lacking|that has no|which has no)\s+(?:an\s+)?image:?$|^(?:on|for|of|in)\s+(?:a|the)\s+host\s+(?:step|command|check|entry)$/i;
const CONTAINER_STEP = /^(?:on|for|of|in)\s+(?:a|the)\s+container(?:ised|ized)?\s+(?:step|command|check|entry)$/i;

const REASONS: Reason[] = [
  {
    text: 'written with several units (only a single unit is allowed)',
    said: new RegExp(String.raw`^(?:(?:it\s+)?(?:has|uses|combines|mixes)\s+(?:several|multiple|two|more than one)\s+units|(?:only\s+)?(?:a single|one)\s+unit\s+is\s+(?:allowed|permitted|accepted)|only\s+(?:a single|one)\s+unit\s+(?:may|can)\s+be\s+used)$`, 'i'),
    message: () => /only a single unit is allowed/,
    fits: isDuration,
    quotesValue: true,
    adjectives: /^(?:compound|combined|mixed)$/i,
  },
  {
    text: 'a number without a unit',
    said: new RegExp(String.raw`^(?:(?:(?:a|the)\s+)?(?:(?:bare|plain)\s+)?(?:number|duration|value|integer)\s+)?(?:without|lacking|missing|with no|needing|that needs|that lacks|which lacks|which needs|that has no|which has no)\s+${ART}?(?:time\s+)?unit$|^(?:it\s+)?(?:has no|lacks|needs|requires|is missing)\s+${ART}?(?:time\s+)?unit$|^(?:being\s+)?(?:a\s+)?(?:bare|plain)\s+number$`, 'i'),
    message: () => /must be a string with a unit|the unit is missing/,
    fits: isDuration,
    quotesValue: true,
    adjectives: /^(?:bare|plain|unitless)$/i,
  },
  {
    text: 'written with a space between the number and its unit',
    said: new RegExp(String.raw`^(?:(?:there\s+)?(?:can't|cannot|can not|may not|must not|mustn't)\s+be\s+(?:a\s+|any\s+)?spaces?|no\s+spaces?\s+(?:is|are)\s+(?:allowed|permitted)|(?:it\s+(?:has|contains)\s+|of\s+)(?:a\s+)?spaces?)\s+${NUMBER_AND_UNIT}$`, 'i'),
    message: () => /no spaces are allowed between the number and its unit/,
    fits: isDuration,
    quotesValue: true,
  },
  {
    text: 'set on a command without image: (applies in a container only)',
    said: /^(?:it\s+)?(?:only\s+applies|applies\s+only|applies|is\s+only\s+(?:valid|allowed|honou?red|applied))\s+(?:in|inside|to|within)\s+(?:a\s+)?containers?(?:\s+only)?(?:,?\s+(?:and|as|since|because)\s+(?:the|this|its)\s+(?:command|step)\s+has\s+no\s+image:?)?$/i,
    message: () => /^applies in a container only\b/,
    fits: (s) => s.key !== undefined && s.value === undefined,
    quotesValue: false,
    qualifier: HOST_STEP,
  },
  {
    text: (m) => `below its minimum (must be at least ${m?.[1] ?? m?.[2] ?? 'its minimum'})`,
    said: new RegExp(String.raw`^(?:it\s+)?${MUST}\s+be\s+at\s+least\s+(\d+[bkmg]?)$|^(?:it\s+is\s+|being\s+)?(?:below|under|less than|smaller than)\s+(?:the|docker's)\s+(?:smallest|minimum)(?:\s+memory)?(?:\s+limit)?(?:\s+of\s+(\d+[bkmg]?))?$`, 'i'),
    message: (m) => new RegExp(`must be at least ${m?.[1] ?? m?.[2] ?? ''}`),
    fits: ofKey('memory'),
    quotesValue: true,
  },
  {
    text: 'not true or false',
    said: new RegExp(String.raw`^(?:it\s+)?${MUST}\s+be\s+(?:either\s+)?true\s+or\s+false$|^(?:it\s+is\s+|being\s+)?not\s+(?:a\s+boolean|true\s+or\s+false)$`, 'i'),
    message: () => /must be true or false/,
    fits: (s) => s.key === 'failFast' || s.key === 'showStdout' || s.key === 'showStderr' || s.value !== undefined,
    quotesValue: true,
  },
  {
    text: 'an empty list (a stop hook that runs nothing checks nothing)',
    said: /^(?:is\s+|it\s+is\s+|it's\s+|being\s+)?(?:an\s+)?empty(?:\s+list)?$/i,
    message: () => /^is an empty list\b/,
    fits: (s) => s.key === 'commands',
    quotesValue: false,
    adjectives: /^empty$/i,
  },
  {
    text: 'relative, where a container needs an absolute working directory',
    said: new RegExp(String.raw`^(?:it\s+is\s+|being\s+)?not\s+(?:being\s+)?an?\s+absolute\s+path(?:\s+inside\s+the\s+container)?$|^(?:it\s+is\s+|being\s+)?relative$|^(?:a\s+container's\s+working\s+directory|it)\s+${MUST}\s+be\s+(?:an\s+)?absolute(?:\s+path)?(?:\s+inside\s+the\s+container)?$`, 'i'),
    message: () => /^must be an absolute path inside the container\b/,
    fits: ofKey('workdir'),
    quotesValue: true,
    adjectives: /^relative$/i,
    qualifier: CONTAINER_STEP,
  },
  {
    text: 'not a valid environment variable name',
    said: /^(?:is\s+not|isn't|is\s+no|being\s+no|as\s+an?\s+invalid)\s+(?:a\s+)?(?:valid\s+)?(?:env|environment)\s+(?:var|variable)\s+name$|^(?:is\s+)?(?:an?\s+)?invalid\s+(?:env|environment)\s+(?:var|variable)\s+name$/i,
    message: () => /^not a valid environment variable name/,
    fits: (s) => s.name !== undefined,
    quotesValue: false,
    byName: true,
  },
  {
    text: 'an empty command (run: must be a non-empty command string)',
    said: /^(?:it\s+)?(?:needing|needs|requiring|requires|must be|has to be)\s+a\s+non-empty\s+command(?:\s+string)?$/i,
    message: () => /^must be a non-empty command string/,
    fits: (s) => s.key === 'run',
    quotesValue: false,
    adjectives: /^(?:empty|blank)$/i,
  },
];

/** An unknown key, and the keys the message lists as allowed ("with the allowed keys listed (run, timeout, …)"). */
const UNKNOWN_KEY = /^(?:is\s+|as\s+|being\s+)?(?:an?\s+)?(?:unknown|unrecognised|unrecognized|unsupported)\s+key(?:\s*,?\s+(?:with|w\/|together with|followed by)\s+(?:the\s+)?(?:allowed\s+keys|keys\s+(?:that\s+are\s+)?allowed(?:\s+(?:there|here|at that place))?|list\s+of\s+(?:the\s+)?(?:allowed\s+keys|keys\s+allowed(?:\s+(?:there|here|at that place))?))(?:\s+listed)?(?:\s*\((?:among them\s+|e\.g\.\s+|starting with\s+)?([^)]*)\))?)?$/i;

/** The allowed keys a message lists, and whether KEYS are among them: the list's opening, in order, where the writer ends with an ellipsis. */
function listsAllowed(message: string, said: string): boolean {
  const listed = /\(allowed here: ([^)]*)\)/.exec(message)?.[1].split(/,\s*/) ?? [];
  const opening = /(?:…|\.\.\.)\s*$/.test(said);
  const keys = said.replace(/(?:…|\.\.\.)\s*$/, '').split(/\s*,\s*|\s+and\s+/).map((k) => k.trim().replace(/^`|`$/g, '')).filter((k) => k !== '');
  return keys.length > 0 && (opening ? keys.every((k, i) => listed[i] === k) : keys.every((k) => listed.includes(k)));
}

const ADJECTIVE = /^(?:bare|plain|unitless|relative|empty|blank|compound|combined|mixed)$/i;
const FIELD_NOUN = String.raw`(?:field|key|setting|option|entry|value|list)`;
const VALUE_NOUN = String.raw`(?:duration|value|number|string|timeout|limit|amount)`;

/** A value as written, read from the sentence: quoted, or a word with a digit in it ("2h30m", 90, 4m). */
function valueOf(text: string): string | null {
  const q = /^(?:"([^"]*)"|'([^']*)'|`([^`]*)`|“([^”]*)”)$/.exec(text);
  if (q) return q[1] ?? q[2] ?? q[3] ?? q[4];
  return /^[-\w.]*\d[-\w.]*$/.test(text) ? text : null;
}

/** Whether MESSAGE quotes VALUE as the executor shows a value: in double quotes, or a number standing alone. */
const quotesValue = (message: string, value: string) =>
  message.includes(JSON.stringify(value)) || (/^-?\d+(?:\.\d+)?$/.test(value) && new RegExp(`(?<![\\w.'"-])${value.replace(/\./g, '\\.')}(?![\\w.'"])`).test(message));

/** The field, value or name a subject phrase names, with its adjectives and the place it gives the field; null for any other phrase. */
function subjectOf(phrase: string): Subject | null {
  let s = phrase.trim().replace(/^(?:and|but|then)\s+/i, '').replace(/^the\s+/i, '');
  let qualifier: string | undefined;
  const placed = /\s+((?:on|for|of|in)\s+(?:a|the)\s+.+)$/i.exec(s);
  if (placed && (HOST_STEP.test(placed[1]) || CONTAINER_STEP.test(placed[1]))) {
    qualifier = placed[1];
    s = s.slice(0, placed.index);
  }
  const adjectives: string[] = [];
  for (let m = /^([\w-]+)\s+/.exec(s); m && ADJECTIVE.test(m[1]); m = /^([\w-]+)\s+/.exec(s)) {
    adjectives.push(m[1].toLowerCase());
    s = s.slice(m[0].length);
  }
  const bare = s.replace(/^`|`$/g, '');
  if (fieldPath(bare)) {
    const path = bare.replace(/^(?!stop\.)/, 'stop.');
    const key = /\.([A-Za-z]\w*)$/.exec(path)?.[1];
    return { text: `the field ${path}`, about: (e) => e.path === path, key: key !== undefined && CONFIGURATION_KEYS.includes(key) ? key : undefined, adjectives, qualifier };
  }
  // "memory", "the memory field", "`memory:`", "memory: 4m", "workdir: sub", "the commands list", "the list of commands".
  const keyed = new RegExp(String.raw`^\`?([A-Za-z]\w*):?\`?(?:\s+${FIELD_NOUN})?(?:\s+("[^"]*"|'[^']*'|\S+))?$`, 'i').exec(s) ?? (/^list of commands$/i.test(s) ? ['', 'commands'] : null);
  const key = keyed ? CONFIGURATION_KEYS.find((k) => k.toLowerCase() === keyed[1].toLowerCase()) : undefined;
  if (keyed && key !== undefined) {
    // After its key, any word is the value written ("workdir: sub").
    const value = keyed[2] !== undefined ? (valueOf(keyed[2]) ?? keyed[2]) : undefined;
    const path = key === 'commands' ? 'stop.commands' : null;
    return {
      text: `the field ${key}${value !== undefined ? ` set to ${JSON.stringify(value)}` : ''}`,
      about: (e) => (path !== null ? e.path === path : e.path === key || e.path.endsWith(`.${key}`)),
      key,
      value,
      adjectives,
      qualifier,
    };
  }
  // "the duration 2h30m", "the bare 90", "\"5 minutes\"": the value as written.
  const valued = new RegExp(String.raw`^(?:${VALUE_NOUN}\s+)?("[^"]*"|'[^']*'|“[^”]*”|\S+)$`, 'i').exec(s);
  const value = valued ? valueOf(valued[1]) : null;
  // A word with a digit may be a name too ("1BAD"): a problem of a name reads it so.
  const name = value !== null && /^\w+$/.test(value) && valued?.[1] === value ? value : undefined;
  if (value !== null) return { text: `the value ${JSON.stringify(value)}`, about: () => true, value, name, adjectives, qualifier };
  // "bogus", "the key bogus", "the unknown key colour", "1BAD": a name no key of the executor's has.
  const named = new RegExp(String.raw`^(?:(?:unknown|made-up|misspelt|misspelled|stray)\s+)?(?:key\s+|(?:env|environment)\s+(?:var|variable)\s+)?\`?([A-Za-z0-9_]+):?\`?(?:\s+key)?$`, 'i').exec(s);
  if (named && !CONFIGURATION_KEYS.some((k) => k.toLowerCase() === named[1].toLowerCase()) && !/^(?:it|this|that|they|one)$/i.test(named[1])) {
    const name = named[1];
    return { text: `the name ${name}`, about: (e) => e.path.endsWith(`.${name}`), name, adjectives, qualifier };
  }
  return null;
}

/** What the executor is said to do with the value: refuse it. */
const REFUSED = /\s+(?:is|gets|get|was|are)\s+(?:being\s+)?(?:refused|rejected|flagged|called out|reported|marked)(?:\s+by\s+the\s+(?:executor|validator|validation))?(?=[\s,:]|$)/i;
/** Where the refused field is, said after the verb ("is refused for a container step"). */
const PLACE_AFTER = /^,?\s*((?:on|for|of|in)\s+(?:a|the)\s+[\w-]+(?:\s+[\w-]+)?(?:\s+(?:without|with no|w\/o)\s+(?:an\s+)?image:?)?)(?=[\s,:]|$)/i;
/** The words joining the verb to the reason. */
const JOINED = /^\s*[,:—-]?\s*(?:because\s+of|because|since|as|b\/c)?\s*/i;

/** The report saying the clause: "the report states that …". */
const PREAMBLE = /^(?:the\s+(?:report|message|error|output|executor|validator|validation|problem)\s+(?:states|says|explains|reports|notes|shows|tells|mentions)\s+that\s+)/i;
/** A value the message proposes instead ("suggesting 90s instead", "with '5s' given as the example"). */
const SUGGESTED = String.raw`('[^']+'|"[^"]+"|\`[^\`]+\`|\S+)`;
const SUGGESTION = new RegExp(String.raw`(?:,\s*|\s+)(?:(?:with|w\/)\s+${SUGGESTED}\s+(?:given|suggested|offered|proposed|shown)(?:\s+(?:as\s+(?:the|an)\s+example(?:\s+to\s+write\s+instead)?|instead))?|(?:(?:the\s+(?:report|message|error)\s+)?(?:suggesting|proposing|recommending|suggests|proposes|recommends))\s+${SUGGESTED}(?:\s+(?:instead|as\s+(?:an|the)\s+example))?)$`, 'i');
/** Why an empty list is refused, as its message says it. */
const NOTHING_CHECKED = /(?:,\s*|\s+)(?:observing|noting|adding|explaining|saying|since|because|as)\s+(?:that\s+)?a\s+stop\s+hook\s+(?:which|that)\s+runs\s+nothing\s+checks\s+nothing$/i;

/** One clause's error: the subject it is about, and what its message must say. */
interface Claim {
  subject: Subject;
  text: string;
  says: (message: string) => boolean;
}

function clauseClaim(clause: string): Claim | null {
  let rest = clause.trim().replace(PREAMBLE, '');
  const extras: { text: string; says: (m: string) => boolean }[] = [];
  const suggestion = SUGGESTION.exec(rest);
  if (suggestion) {
    const example = suggestion[1] ?? suggestion[2];
    const value = valueOf(example) ?? example;
    extras.push({ text: `proposes ${JSON.stringify(value)} (e.g. '${value}')`, says: (m) => m.includes(`e.g. '${value}'`) || m.includes(`write '${value}'`) });
    rest = rest.slice(0, suggestion.index);
  }
  const nothing = NOTHING_CHECKED.exec(rest);
  if (nothing) {
    extras.push({ text: 'says a stop hook that runs nothing checks nothing', says: (m) => m.includes('a stop hook that runs nothing checks nothing') });
    rest = rest.slice(0, nothing.index);
  }
  const refused = REFUSED.exec(rest);
  // Without a verb of refusing, the reason is the predicate of a rule ("failFast must be true or false", "bogus is an unknown key"),
  // never a description of the value ("the timeout has no unit"), which says no refusal.
  const split = refused ?? /\s+(?=(?:is|isn't|must|it's)\b)/i.exec(rest);
  if (!split) return null;
  const subject = subjectOf(rest.slice(0, split.index));
  if (subject === null) return null;
  let said = rest.slice(split.index + split[0].length);
  const place = refused ? PLACE_AFTER.exec(said) : null;
  if (place) {
    if (subject.qualifier !== undefined || !(HOST_STEP.test(place[1]) || CONTAINER_STEP.test(place[1]))) return null;
    subject.qualifier = place[1];
    said = said.slice(place[0].length);
  }
  if (refused) said = said.replace(JOINED, '');
  said = said.trim().replace(/[.;]$/, '');
  // "the relative workdir is refused": with no reason said, the subject's adjective is the reason.
  if (said === '') {
    const reason = refused ? REASONS.find((r) => subject.adjectives.length > 0 && subject.adjectives.every((a) => r.adjectives?.test(a))) : undefined;
    if (reason === undefined) return null;
    return claimOf(subject, reason, null, extras);
  }
  const unknown = UNKNOWN_KEY.exec(said);
  if (unknown) {
    if (subject.name === undefined || subject.adjectives.length > 0 || subject.qualifier !== undefined || extras.length > 0) return null;
    const name = subject.name;
    const listed = unknown[1];
    return {
      subject,
      text: `is an unknown key ('${name}')${listed !== undefined ? `, the allowed keys listed including ${JSON.stringify(listed)}` : ''}`,
      says: (m) => m.startsWith(`unknown key '${name}'`) && (listed === undefined || listsAllowed(m, listed)),
    };
  }
  for (const reason of REASONS) {
    const m = reason.said.exec(said);
    if (m) return claimOf(subject, reason, m, extras);
  }
  return null;
}

/** The claim that SUBJECT's error is REASON's problem (M: the words that said it, null where an adjective did), with EXTRAS. */
function claimOf(subject: Subject, reason: Reason, m: RegExpExecArray | null, extras: { text: string; says: (m: string) => boolean }[]): Claim | null {
  if (!reason.fits(subject)) return null;
  if (reason.byName) {
    if (subject.adjectives.length > 0 || subject.qualifier !== undefined || extras.length > 0) return null;
    const name = subject.name!;
    return { subject: { ...subject, text: `the name ${name}`, about: (e) => e.path.endsWith(`.${name}`) }, text: `is ${typeof reason.text === 'string' ? reason.text : reason.text(m)}`, says: (message) => reason.message(m).test(message) };
  }
  if (subject.value !== undefined && !reason.quotesValue) return null;
  if (!subject.adjectives.every((a) => reason.adjectives?.test(a))) return null;
  if (subject.qualifier !== undefined && !reason.qualifier?.test(subject.qualifier)) return null;
  const value = subject.value;
  return {
    subject,
    text: `is ${typeof reason.text === 'string' ? reason.text : reason.text(m)}${value !== undefined ? `, its message quoting ${JSON.stringify(value)}` : ''}${extras.map((x) => `, ${x.text}`).join('')}`,
    says: (message) => reason.message(m).test(message) && (value === undefined || quotesValue(message, value)) && extras.every((x) => x.says(message)),
  };
}

/** An error's message without the path it opens with (`stop.commands: is an empty list: …`): the problem in its own words. */
const ownWords = (e: ConfigError) => (e.message.startsWith(`${e.path}: `) ? e.message.slice(e.path.length + 2) : e.message);

/** The reading of a sentence that says why values are refused, clause by clause; null for any other sentence. */
export function refusalReasonReading(sentence: string): Reading<Check> | null {
  // A code span is read as its text: `memory: 4m`, `"5 minutes"` and `'90s'` are the words written.
  const text = sentence.trim().replace(/`([^`]*)`/g, '$1').replace(/\.$/, '').replace(/\s+/g, ' ');
  const clauses = text.split(/,\s+and\s+|;\s+(?:and\s+)?/i);
  const claims = clauses.map(clauseClaim);
  if (claims.some((c) => c === null)) return null;
  const read = claims as Claim[];
  const check: Check = {
    text: `the configuration is rejected (nothing runs), and ${read.map((c) => `an error about ${c.subject.text} says it ${c.text}`).join(', and ')}`,
    evaluate: (o: Observation) => ({
      ok: o.record.errors.length > 0 && o.record.commands.length === 0 && read.every((c) => o.record.errors.some((e) => c.subject.about(e) && c.says(ownWords(e)))),
      actual: o.record.errors.map((e) => `${e.path}: ${e.message}`).join('; ') || 'no error',
    }),
  };
  return { ok: true, parts: [check], rules: ['a refusal\'s reason in other words'] };
}
