// A refused configuration's problem, said by its parts: which problem (its field, its command, its line and column, an
// adjective of its value: "the problem at line 2", "the memory problem", "the bare number", "the first command") and what
// its message says, either in its own words, quoted or not ("says stop.commands[0].timeout: invalid duration 90: must be
// a string with a unit (e.g. '90s'), not the number 90") or in the writer's ("says that only a single unit is allowed",
// "is refused as not a whole number of lines from 1 to 10000", "lists the keys allowed there", "says the list is empty").
// spec-run exec's validation messages are a closed set (src/executor/config.ts, duration.ts): a text is read as one only
// where it has the shape of one of them, whole, and a paraphrase only where it names a part one of them says. Every part
// said is checked of one and the same error the run really produced; a sentence is read whole or not at all.
import type { ConfigError } from '../../../executor/config.js';
import { CONFIGURATION_KEYS } from '../../../executor/config.js';
import type { Observation } from './observation.js';
import type { Reading } from './reading.js';
import { fieldPath } from './texts.js';
import type { Check } from './then.js';

/** Which errors a phrase names, and what each must hold besides (its place, its kind of value). */
interface Target {
  text: string;
  about: (e: ConfigError) => boolean;
  /** Whether an error of that path can be the one named: a text opening with another field's path contradicts the subject. */
  holdsPath?: (path: string) => boolean;
  /** A value written beside the field ("`maxOutputLines: 0`"): only a message that quotes values can bear it out. */
  valued?: true;
}

/** One part of a message said: what it says, and whether an error's message (its path first) says it. */
interface Part {
  text: string;
  says: (e: ConfigError, o: Observation) => boolean;
  /** The path the text opens with, or names. */
  path?: string;
  /** Whether the message said quotes the value written; undefined for a part that says nothing of it. */
  valued?: boolean;
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
const COMMAND_NOUN = String.raw`(?:command|step|stage|entry|item|job|task|check)`;
const PROBLEM_NOUN = String.raw`(?:problem|error|message|complaint|defect|fault|mistake|diagnostic|refusal|validation error)(?:\s+line)?`;

/** A text as the run prints it and a writer copies it: without code marks, its spaces single. */
const plain = (text: string) => text.replace(/`/g, '').replace(/\s+/g, ' ').trim();

// The executor's validation messages, by their parts. A reason of a duration (duration.ts) follows "invalid duration V: "
// and is followed by the valid forms; the others are a field's own (config.ts), some followed by ", not V".
const DURATION_REASON = String.raw`(?:must be a string with a unit(?: \(e\.g\. '\w+'\)(?:, not the number -?[\d.]+)?)?|must be a string like '30s'(?:, not .+?)?|only a single unit is allowed(?: \(not several like "[^"]*"\))?|no spaces are allowed between the number and its unit|no spaces are allowed before or after the value(?: \(write '[^']*'\))?|must be a positive integer followed by one unit: s, m or h|the number must be positive(?: \(> 0\))?, not (?:zero|negative)|the unit is missing(?:: add s, m or h)?|unknown unit '\w+'(?:: use s, m or h)?|the number is too large|is longer than the longest limit, .+)`;
const NOT_VALUE = String.raw`(?:, not (?:"[^"]*"|-?[\w.]+|an? \w+|null|true|false))?`;
const MESSAGE_SHAPES = [
  String.raw`(?:invalid duration (?:"[^"]*"|-?[\d.]+|null|true|false): )?${DURATION_REASON}(?:\.? Valid: '30s', '5m', '2h', null)?`,
  String.raw`must be a whole number of lines from 1 to 10000(?: \(e\.g\. 100\))?${NOT_VALUE}`,
  String.raw`must be a positive integer with an optional unit b, k, m or g(?: \(e\.g\. '512m'\))?${NOT_VALUE}`,
  String.raw`must be at least \d+[bkmg]?(?: \(Docker's smallest memory limit\))?${NOT_VALUE}`,
  String.raw`must be a positive number of CPUs(?: \(e\.g\. 1\.5\))?${NOT_VALUE}`,
  String.raw`must be true or false${NOT_VALUE}`,
  String.raw`must be head(?: \(keep the first lines, the default\))? or tail(?: \(keep the last lines\))?${NOT_VALUE}`,
  String.raw`must be a non-empty (?:command )?string${NOT_VALUE}`,
  String.raw`must be a user name or uid\[:gid\](?: \(ids from 0 to 2147483647\))?${NOT_VALUE}`,
  String.raw`must be an absolute path inside the container(?: \(e\.g\. '[^']+'\)(?:, not the relative "[^"]*")?)?`,
  String.raw`applies in a container only(?:: this command has no image:(?:, so it would run on the host without it(?: \(add image:, or remove \w+:\))?)?)?`,
  String.raw`every command needs run:`,
  String.raw`is an empty list(?:: a stop hook that runs nothing checks nothing(?: \(list at least one - run: \.\.\.\))?)?`,
  String.raw`unknown key '\w+'(?: \(allowed here: [\w, ]+\))?`,
  String.raw`not a valid environment variable name`,
];
const MESSAGE = new RegExp(`^(?:${MESSAGE_SHAPES.join('|')})$`, 'i');

/** Whether a message's text is an error's: its own words, after its path (`stop.commands: is an empty list: …`). */
const messageOf = (e: ConfigError) => plain(e.message);
const ownWords = (e: ConfigError) => {
  const m = messageOf(e);
  return m.startsWith(`${e.path}: `) ? m.slice(e.path.length + 2) : m;
};

/** A message's text as written, its place and path first or not ("hooks.yaml:4:12: stop.commands[0].run: must …", "line 5, column 16: …"). */
function verbatim(said: string): Part | null {
  let s = plain(said.replace(/^(?:`([^`]*)`|"(.*)"|“([^”]*)”)$/, (_, a, b, c) => a ?? b ?? c));
  const place = /^(?:([\w.-]+\.ya?ml):(\d+):(\d+):|(?:at )?line (\d+),? column (\d+):|(?:at )?line (\d+):)\s+/i.exec(s);
  if (place) s = s.slice(place[0].length);
  const pathed = /^([^\s:]+):\s(.*)$/.exec(s);
  const path = pathed && fieldPath(pathed[1]) ? pathed[1].replace(/^(?!stop\.)/, 'stop.') : null;
  const message = path !== null ? pathed![2] : s;
  if (!MESSAGE.test(message)) return null;
  const file = place?.[1];
  const line = Number(place?.[2] ?? place?.[4] ?? place?.[6] ?? NaN);
  const column = Number(place?.[3] ?? place?.[5] ?? NaN);
  const where = place === null ? '' : ` at line ${line}${Number.isNaN(column) ? '' : `, column ${column}`}${file !== undefined ? ` of ${file}` : ''}`;
  return {
    path: path ?? undefined,
    valued: /^invalid duration |, not |not the relative /.test(message),
    text: `${path !== null ? `is about ${path} and ` : ''}says ${JSON.stringify(message)}${where}`,
    says: (e, o) =>
      (path === null || e.path === path) &&
      ownWords(e).includes(message) &&
      (Number.isNaN(line) || e.line === line) &&
      (Number.isNaN(column) || e.column === column) &&
      (file === undefined || o.record.messages.some((l) => l.trim().startsWith(`${file}:${e.line}:${e.column}: `))),
  };
}

/** A part of a message said in the writer's words: the words, and the message part they name. */
interface Paraphrase {
  said: RegExp;
  text: string | ((m: RegExpExecArray) => string);
  message: (m: RegExpExecArray) => RegExp;
  /** False for a message that quotes no value (a key's place, a list's emptiness). */
  valued?: false;
}

const MUST = String.raw`(?:must|has to|have to|needs to|need to|should)`;
const IT = String.raw`(?:(?:it|the value|the number|the field|the setting|the duration|the timeout|the limit)\s+)`;
const STOP_HOOK_NOTHING = String.raw`a stop hook (?:that|which) runs nothing checks nothing`;
const ALLOWED_KEYS = String.raw`(?:the\s+)?(?:(?:full\s+)?list\s+of\s+(?:the\s+)?(?:allowed\s+keys|keys\s+(?:that\s+are\s+|which\s+are\s+)?allowed)|allowed\s+keys|keys\s+(?:that\s+are\s+|which\s+are\s+)?allowed)(?:\s+(there|here|at that place|in a command|for a command))?`;

const PARAPHRASES: Paraphrase[] = [
  {
    said: new RegExp(String.raw`^(?:only\s+(?:a single|one)\s+unit\s+is\s+(?:allowed|permitted|accepted)|(?:several|multiple|two)\s+units\s+are\s+not\s+(?:allowed|permitted|accepted)|more\s+than\s+one\s+unit\s+is\s+not\s+(?:allowed|permitted|accepted)|${IT}?(?:has|uses|combines|mixes)\s+(?:several|multiple|two|more than one)\s+units)$`, 'i'),
    text: 'only a single unit is allowed',
    message: () => /only a single unit is allowed/,
  },
  {
    said: new RegExp(String.raw`^(?:${IT}?(?:is\s+)?not\s+a\s+whole\s+number\s+(?:of\s+lines\s+)?(?:from|between)\s+1\s+(?:to|and)\s+10000|${IT}?${MUST}\s+be\s+a\s+whole\s+number\s+(?:of\s+lines\s+)?(?:from|between)\s+1\s+(?:to|and)\s+10000)$`, 'i'),
    text: 'must be a whole number of lines from 1 to 10000',
    message: () => /^must be a whole number of lines from 1 to 10000\b/,
  },
  {
    said: new RegExp(String.raw`^(?:${IT}?${MUST}\s+be\s+a\s+string\s+with\s+(?:a|its)\s+unit|${IT}?(?:needs|requires|lacks|is missing)\s+(?:a|its)\s+unit|${IT}?has\s+no\s+unit|(?:the|a)\s+unit\s+is\s+(?:missing|required))$`, 'i'),
    text: 'a number without a unit',
    message: () => /must be a string with a unit|the unit is missing/,
  },
  {
    said: new RegExp(String.raw`^(?:(?:the\s+)?number\s+${MUST}\s+be\s+positive,?\s+not\s+zero|zero\s+is\s+not\s+(?:positive|allowed)|${IT}?(?:is\s+)?not\s+positive(?:,\s+but)?\s+zero|${IT}?${MUST}\s+be\s+(?:greater|more|larger)\s+than\s+(?:zero|0))$`, 'i'),
    text: 'the number must be positive, not zero',
    message: () => /the number must be positive \(> 0\), not zero|, not 0$/,
  },
  {
    said: new RegExp(String.raw`^(?:(?:the\s+)?number\s+${MUST}\s+be\s+positive,?\s+not\s+negative|${IT}?(?:is\s+)?negative|(?:a\s+)?negative\s+(?:numbers?|durations?|values?)\s+(?:is|are)\s+not\s+allowed)$`, 'i'),
    text: 'the number must be positive, not negative',
    message: () => /the number must be positive, not negative/,
  },
  {
    said: new RegExp(String.raw`^(?:no\s+spaces?\s+(?:is|are)\s+(?:allowed|permitted)|(?:there\s+)?(?:can't|cannot|can not|may not|must not)\s+be\s+(?:a\s+|any\s+)?spaces?)\s+between\s+(?:the\s+)?number\s+and\s+(?:the\s+|its\s+)?unit$`, 'i'),
    text: 'no spaces are allowed between the number and its unit',
    message: () => /no spaces are allowed between the number and its unit/,
  },
  {
    said: /^(?:(?:an?|its|the)\s+)?unknown\s+unit\s+(?:'(\w+)'|"(\w+)"|(\w+))$/i,
    text: (m) => `unknown unit '${m[1] ?? m[2] ?? m[3]}'`,
    message: (m) => new RegExp(`unknown unit '${m[1] ?? m[2] ?? m[3]}'`),
  },
  {
    // "the list is empty", "it's an empty list", "stop.commands is an empty list", with why or not.
    said: new RegExp(String.raw`^(?:(?:(?:the|its)\s+(?:commands?\s+)?list|(?:the\s+)?commands(?::|\s+list)?|stop\.commands|it)\s+is|it's|(?:there\s+is\s+)?an?)\s+(?:an\s+)?empty(?:\s+list)?(?:(?::|,)?\s*(?:(?:observing|noting|adding|explaining|saying|since|because|as)\s+(?:that\s+)?)?(${STOP_HOOK_NOTHING}))?$`, 'i'),
    text: (m) => `is an empty list${m[1] !== undefined ? ': a stop hook that runs nothing checks nothing' : ''}`,
    message: (m) => (m[1] !== undefined ? /^is an empty list: a stop hook that runs nothing checks nothing/ : /^is an empty list\b/),
    valued: false,
  },
  {
    said: new RegExp(String.raw`^${STOP_HOOK_NOTHING}$`, 'i'),
    text: 'a stop hook that runs nothing checks nothing',
    message: () => /a stop hook that runs nothing checks nothing/,
    valued: false,
  },
  {
    said: new RegExp(String.raw`^(?:every|each|a|the)\s+${COMMAND_NOUN}\s+(?:needs|requires|must have)\s+(?:a\s+|its\s+)?run:?(?:\s+(?:key|field|line))?$|^(?:a\s+|the\s+)?run:?(?:\s+(?:key|field))?\s+is\s+(?:required|missing|mandatory)$`, 'i'),
    text: 'every command needs run:',
    message: () => /^every command needs run:$/,
    valued: false,
  },
  {
    said: new RegExp(String.raw`^${IT}?${MUST}\s+be\s+(?:either\s+)?head\s+or\s+tail$`, 'i'),
    text: 'must be head or tail',
    message: () => /^must be head \(.*\) or tail\b/,
  },
  {
    said: new RegExp(String.raw`^${IT}?${MUST}\s+be\s+(?:either\s+)?true\s+or\s+false$|^${IT}?(?:is\s+)?not\s+(?:a\s+boolean|true\s+or\s+false)$`, 'i'),
    text: 'must be true or false',
    message: () => /^must be true or false\b/,
  },
  {
    said: new RegExp(String.raw`^${IT}?${MUST}\s+be\s+at\s+least\s+(\d+[bkmg]?)(?:,?\s+(?:docker's|the)\s+(?:smallest|minimum)\s+memory\s+limit)?$`, 'i'),
    text: (m) => `must be at least ${m[1]}`,
    message: (m) => new RegExp(`^must be at least ${m[1]}\\b`),
  },
  {
    said: new RegExp(String.raw`^${IT}?${MUST}\s+be\s+an?\s+absolute\s+path(\s+inside\s+the\s+container)?$|^${IT}?(?:is\s+)?not\s+an?\s+absolute\s+path(\s+inside\s+the\s+container)?$`, 'i'),
    text: 'must be an absolute path inside the container',
    message: () => /^must be an absolute path inside the container\b/,
  },
  {
    said: /^(?:it\s+)?(?:only\s+applies|applies\s+only|applies)\s+(?:in|inside|to|within)\s+(?:a\s+)?containers?(?:\s+only)?(?:,?\s+(?:and|as|since|because)\s+(?:the|this|its)\s+(?:command|step)\s+has\s+no\s+image:?)?$/i,
    text: 'applies in a container only',
    message: () => /^applies in a container only\b/,
    valued: false,
  },
  {
    said: /^(?:it\s+)?(?:is\s+)?(?:not\s+a\s+valid|an?\s+invalid)\s+(?:env|environment)\s+(?:var|variable)\s+name$/i,
    text: 'not a valid environment variable name',
    message: () => /^not a valid environment variable name/,
    valued: false,
  },
];

/** The keys a message lists as allowed (`(allowed here: run, timeout, …)`). */
const allowedIn = (message: string) => /\(allowed here: ([^)]*)\)/.exec(message)?.[1].split(/,\s*/) ?? null;

/** "the list of allowed keys", "the keys allowed there (run, timeout, …)", "the allowed keys, with timeout among them", "…, from run to message". */
function allowedKeys(said: string): Part | null {
  const m = new RegExp(String.raw`^${ALLOWED_KEYS}(?:\s*\((?:allowed here:\s*)?([^)]*)\)|,?\s+(?:with|including)\s+\`?(\w+)\`?\s+among\s+them|,?\s+from\s+\`?(\w+)\`?\s+to\s+\`?(\w+)\`?)?$`, 'i').exec(said);
  if (!m) return null;
  const [, where, listed, among, from, to] = m;
  const named = listed !== undefined ? listed.split(/\s*,\s*|\s+and\s+/).map((k) => k.replace(/`/g, '').trim()).filter((k) => k !== '') : among !== undefined ? [among] : [];
  if (listed !== undefined && named.length === 0) return null;
  const ofCommand = where !== undefined && /command/i.test(where);
  return {
    text: `lists the allowed keys${named.length > 0 ? ` (among them ${named.join(', ')})` : ''}${from !== undefined ? ` from ${from} to ${to}` : ''}${ofCommand ? " (a command's: run among them)" : ''}`,
    says: (e) => {
      const keys = allowedIn(e.message);
      if (keys === null) return false;
      if (!named.every((k) => keys.includes(k))) return false;
      if (from !== undefined && (keys[0] !== from || keys[keys.length - 1] !== to)) return false;
      return !ofCommand || keys.includes('run');
    },
  };
}

/** One part said of the message: its own words, a list of its allowed keys, or a paraphrase of its reason. */
function partOf(said: string): Part | null {
  const s = said
    .trim()
    .replace(/^(?:says|states|reads|explains|notes|mentions|shows|gives|names|lists|reports|adds|observes)\s+(?:that\s+)?/i, '')
    .replace(/^that\s+/i, '')
    .replace(/[.;]$/, '')
    .trim();
  if (s === '') return null;
  // "suggests '/workspace/data'", "proposing 90s instead": the example a message gives ("(e.g. '90s')", "(write '30s')").
  const suggested = /^(?:it\s+)?(?:suggests|suggesting|proposes|proposing|recommends|recommending|offers|offering)\s+(?:writing\s+|using\s+)?(?:'([^']+)'|"([^"]+)"|`([^`]+)`|(\S+))(?:\s+instead|\s+as\s+(?:an|the)\s+example)?$/i.exec(said.trim().replace(/[.;]$/, ''));
  if (suggested) {
    const value = suggested[1] ?? suggested[2] ?? suggested[3] ?? suggested[4];
    return { text: `gives ${JSON.stringify(value)} as its example`, says: (e) => e.message.includes(`e.g. '${value}'`) || e.message.includes(`write '${value}'`) };
  }
  // "ends with Valid: '30s', '5m', '2h', null", "ending with , not 0": the message's last words, as it prints them.
  const ending = /^(?:it\s+)?(?:ends|ending)\s+with\s+(.+)$/i.exec(s);
  if (ending) {
    const tail = plain(ending[1].replace(/^(?:`([^`]*)`|"(.*)"|“([^”]*)”)$/, (_, x, y, z) => x ?? y ?? z));
    if (!/^(?:Valid: '30s', '5m', '2h', null|\(e\.g\. [^)]+\)(?:, not \S+)?|not \S+|\(allowed here: [^)]+\))$/.test(tail)) return null;
    return { text: `ends with ${JSON.stringify(tail)}`, says: (e) => plain(e.message).replace(/\.$/, '').endsWith(tail.replace(/\.$/, '')) };
  }
  // "names stop.commands[1].run", "names the field `stop.commands[0].timeout`": the path it opens with.
  const named = /^(?:the\s+(?:field|path|key)\s+)?`?([^\s`]+)`?$/.exec(s);
  if (named && fieldPath(named[1])) {
    const path = named[1].replace(/^(?!stop\.)/, 'stop.');
    return { text: `names ${path}`, says: (e) => e.path === path, path };
  }
  const own = verbatim(s);
  if (own !== null) return own;
  const keys = allowedKeys(s);
  if (keys !== null) return keys;
  const unquoted = plain(s).replace(/^(["“])(.*)["”]$/, '$2');
  for (const p of PARAPHRASES) {
    const m = p.said.exec(unquoted);
    if (m) {
      const message = p.message(m);
      return { text: `says ${typeof p.text === 'string' ? p.text : p.text(m)}`, says: (e) => message.test(ownWords(e)), valued: p.valued !== false };
    }
  }
  return null;
}

/** The parts said, joined by "and", "followed by" or commas: read whole, or split where each piece is a part of its own. */
function partsOf(said: string): Part[] | null {
  const whole = partOf(said);
  if (whole !== null) return [whole];
  const joins = [...said.matchAll(/\s*(?:,\s*(?:and\s+|then\s+)?|\s+and\s+(?:then\s+)?|\s+followed\s+by\s+|;\s*)/gi)];
  for (const j of joins) {
    const head = partOf(said.slice(0, j.index));
    if (head === null) continue;
    const rest = partsOf(said.slice(j.index + j[0].length));
    if (rest !== null) return [head, ...rest];
  }
  return null;
}

/** A target whose errors are those of some paths only. */
const byPath = (text: string, holdsPath: (path: string) => boolean): Target => ({ text, about: (e) => holdsPath(e.path), holdsPath });
const fieldTarget = (path: string) => byPath(`about the field ${path}`, (p) => p === path);
const keyTarget = (key: string) => byPath(`about the field ${key}`, (p) => p === `stop.${key}` || p.endsWith(`.${key}`));
const commandTarget = (n: number) => byPath(`about command ${n}`, (p) => p === `stop.commands[${n - 1}]` || p.startsWith(`stop.commands[${n - 1}].`));

/** A command named by its place: "the first command", "command 3", "the 2nd step". */
function commandNamed(phrase: string): Target | null {
  const m = new RegExp(String.raw`^(?:the\s+)?(?:(${ORDINALS.join('|')}|\d+(?:st|nd|rd|th))\s+${COMMAND_NOUN}|${COMMAND_NOUN}\s+(\d+))$`, 'i').exec(phrase);
  if (!m) return null;
  const word = (m[1] ?? m[2]).toLowerCase();
  const n = ORDINALS.includes(word) ? ORDINALS.indexOf(word) + 1 : parseInt(word, 10);
  return n >= 1 ? commandTarget(n) : null;
}

/** A field named: its path (`stop.commands[1].timeout`), or a key of the executor's ("memory", "`workdir:`", "the timeout field"). */
function fieldNamed(phrase: string): Target | null {
  const s = phrase.replace(/`/g, '').trim();
  if (fieldPath(s)) return fieldTarget(s.replace(/^(?!stop\.)/, 'stop.'));
  const keyed = /^(?:the\s+)?([A-Za-z]\w*):?(?:\s+(?:field|key|setting|option|list))?$/i.exec(s);
  const key = keyed ? CONFIGURATION_KEYS.find((k) => k.toLowerCase() === keyed[1].toLowerCase()) : undefined;
  return key !== undefined ? keyTarget(key) : null;
}

/** Adjectives of a value that name its problem ("the bare number", "the compound duration"), and the message that problem gives. */
const ADJECTIVES: [RegExp, RegExp][] = [
  [/^(?:bare|plain|unitless)$/i, /must be a string with a unit|the unit is missing/],
  [/^(?:compound|combined|mixed|multi-unit)$/i, /only a single unit is allowed/],
  [/^relative$/i, /must be an absolute path inside the container/],
  [/^empty$/i, /is an empty list|must be a non-empty/],
  [/^negative$/i, /not negative/],
];
const VALUE_NOUN = String.raw`(?:number|duration|value|timeout|limit|line limit|workdir|list|run|command|memory limit)`;

/** A value named by an adjective of its problem and a noun ("the bare number", "the multi-unit timeout"). */
function valueNamed(phrase: string): Target | null {
  const m = new RegExp(String.raw`^(?:the\s+)?([\w-]+)\s+(${VALUE_NOUN})$`, 'i').exec(phrase);
  if (!m) return null;
  const problem = ADJECTIVES.find(([adjective]) => adjective.test(m[1]));
  if (problem === undefined) return null;
  const noun = m[2].toLowerCase();
  const key = noun === 'timeout' || noun === 'duration' ? /(?:^stop\.defaultTimeout|\.timeout)$/ : noun === 'workdir' ? /\.workdir$/ : noun === 'list' ? /^stop\.commands$/ : noun === 'run' || noun === 'command' ? /\.run$/ : noun === 'line limit' ? /\.maxOutputLines$/ : noun === 'memory limit' ? /\.memory$/ : /./;
  return { text: `about the ${m[1].toLowerCase()} ${noun} (its message matching /${problem[1].source}/)`, holdsPath: (p) => key.test(p), about: (e) => key.test(e.path) && problem[1].test(ownWords(e)) };
}

/** A problem named by its noun, and what places it: "the problem at line 2", "the memory problem", "the error for `x`", "another line". */
function problemNamed(phrase: string): Target | null {
  const m = new RegExp(String.raw`^(?:the|another|an?|one|each)?\s*(?:(?:one|only|single|sole)\s+)?(?:(?!(?:problem|error|message|complaint|defect|fault|mistake|diagnostic|refusal|validation)\b)(\`?[\w.\[\]]+:?\`?|unknown[- ]key)\s+)?(${PROBLEM_NOUN}|line)((?:\s+(?:at\s+line\s+\d+(?:,?\s+column\s+\d+)?|(?:for|about|of|on|against|under)\s+.+?))*)$`, 'i').exec(phrase.trim());
  if (!m) return null;
  const [, owner, noun, places] = m;
  const targets: Target[] = [];
  if (owner !== undefined) {
    const t = /^unknown[- ]key$/i.test(owner) ? { text: 'naming an unknown key', about: (e: ConfigError) => ownWords(e).startsWith('unknown key ') } : fieldNamed(owner);
    if (t === null) return null;
    targets.push(t);
  }
  // "another line", "the line" name a problem only where the sentence places it or names its field.
  if (/^line$/i.test(noun) && owner === undefined && places.trim() === '' && !/^another\b/i.test(phrase.trim())) return null;
  let rest = places.trim();
  while (rest !== '') {
    const at = /^at\s+line\s+(\d+)(?:,?\s+column\s+(\d+))?\s*/i.exec(rest);
    if (at) {
      const line = Number(at[1]);
      const column = at[2] === undefined ? undefined : Number(at[2]);
      targets.push({ text: `at line ${line}${column !== undefined ? `, column ${column}` : ''}`, about: (e) => e.line === line && (column === undefined || e.column === column) });
      rest = rest.slice(at[0].length);
      continue;
    }
    const of = /^(?:for|about|of|on|against|under)\s+(.+?)(?=\s+at\s+line\s+\d|$)/i.exec(rest);
    const t = of ? (fieldNamed(of[1]) ?? commandNamed(of[1])) : null;
    if (t === null || of === null) return null;
    targets.push(t);
    rest = rest.slice(of[0].length).trim();
  }
  return {
    text: targets.map((t) => t.text).join(', '),
    about: (e) => targets.every((t) => t.about(e)),
    holdsPath: (path) => targets.every((t) => t.holdsPath?.(path) ?? true),
  };
}

/** What a phrase before the verb names: a problem, a field, a command, a value by its problem, or the run's report as a whole. */
function targetOf(phrase: string): Target | null {
  const s = phrase.trim().replace(/^(?:and|but|then|also)\s+/i, '');
  if (/^(?:the\s+)?(?:report|output|refusal|executor|validator|validation|run|spec-run(?:\s+exec)?|it)$/i.test(s)) return { text: '', about: () => true };
  return problemNamed(s) ?? commandNamed(s) ?? fieldNamed(s) ?? valueNamed(s) ?? keyValueNamed(s) ?? unknownKeyNamed(s);
}

/** A key spec-run does not know, named so ("the unknown key colour", "the misspelt key `timout`"): its error's path ends with it. */
function unknownKeyNamed(phrase: string): Target | null {
  const m = /^(?:the\s+)?(?:unknown|misspelt|misspelled|stray|made-up|unsupported)\s+key\s+[`'"]?(\w+)[`'"]?$/i.exec(phrase);
  if (!m || CONFIGURATION_KEYS.some((k) => k.toLowerCase() === m[1].toLowerCase())) return null;
  const name = m[1];
  return { text: `about the unknown key ${name}`, about: (e) => e.path.endsWith(`.${name}`) && ownWords(e).startsWith(`unknown key '${name}'`) };
}

/** A field and the value written ("maxOutputLines: 0", "`timeout: 10`"): the error about that field, its message quoting the value. */
function keyValueNamed(phrase: string): Target | null {
  const m = /^`?([A-Za-z]\w*):\s+("[^"]*"|[-\w.]+)`?$/.exec(phrase.trim());
  if (!m) return null;
  const t = fieldNamed(m[1]);
  if (t === null) return null;
  const value = m[2];
  // A word written bare is a string the message quotes (`not "middle"`), or a number it shows bare (`not 0`).
  const shown = value.startsWith('"') ? [value] : [value, JSON.stringify(value)];
  return { text: `${t.text} set to ${value}`, holdsPath: t.holdsPath, valued: true, about: (e) => t.about(e) && shown.some((v) => [`not ${v}`, `invalid duration ${v}:`, `not the number ${v}`].some((said) => new RegExp(`${escaped(said)}(?![\\w.])`).test(ownWords(e)))) };
}

/** TEXT as a regular expression that matches it literally. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The verbs that join a problem to what its message says. */
const VERB = /\s+(?:says|said|reads|states|explains|notes|mentions|shows|gives|reports|complains|names|lists|is(?:\s+(?:reported|listed|given|shown|printed|flagged|refused|rejected|answered|met))?(?:\s+(?:as|with|because|since|for))?|(?:gets|fails with|draws|triggers|produces))(?:\s+that)?(?:\s*:)?\s+/gi;

/** "for X at line 2 the error says …": the field and place said first, as if said after the problem's noun. */
const FRONTED = new RegExp(String.raw`^for\s+(\S+)((?:\s+at\s+line\s+\d+(?:,?\s+column\s+\d+)?)?),?\s+(the\s+${PROBLEM_NOUN})\s+`, 'i');

/** "is refused at durations.yaml:2:19 with …", "is reported at line 6, column 15: …": the place said before the message, as its prefix. */
const PLACE_FIRST = /^at\s+((?:[\w.-]+\.ya?ml:\d+:\d+)|line\s+\d+(?:,?\s+column\s+\d+)?),?\s+(?:with|as)\s+/i;

/** One clause: a problem named, a verb, and the parts its message is said to hold; null where any word is left. */
function clauseCheck(clause: string): Check | null {
  let text = clause.trim().replace(/^(?:and|then|also)\s+/i, '');
  const fronted = FRONTED.exec(text);
  if (fronted) text = `${fronted[3]} for ${fronted[1]}${fronted[2]} ${text.slice(fronted[0].length)}`;
  const reported = REPORTED.exec(text);
  const candidates: [Target | null, string][] = reported
    ? [[targetOf(reported[1]), [reported[2], reported[3]].filter((x) => x !== undefined).join(', and ')]]
    : [...text.matchAll(VERB)].map((verb) => [targetOf(text.slice(0, verb.index)), text.slice(verb.index + verb[0].length).replace(PLACE_FIRST, '$1: ')]);
  for (const [target, said] of candidates) {
    if (target === null) continue;
    const parts = partsOf(said);
    if (parts === null || parts.some((p) => p.path !== undefined && target.holdsPath?.(p.path) === false)) continue;
    // A value said beside its field is checked in the message: one that quotes none would fail where the sentence is true.
    if (target.valued && (parts.some((p) => p.valued === false) || !parts.some((p) => p.valued === true))) continue;
    return {
      text: `an error${target.text === '' ? '' : ` ${target.text}`} ${parts.map((p) => p.text).join(' and ')}`,
      evaluate: (o: Observation) => ({
        ok: o.record.errors.some((e) => target.about(e) && parts.every((p) => p.says(e, o))),
        actual: o.record.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('; ') || 'no error',
      }),
    };
  }
  return null;
}

/** "the defect unknown key 'timout' is reported, followed by the list of keys which are allowed": a problem named by its own text. */
const REPORTED = new RegExp(String.raw`^((?:the|a|an)\s+${PROBLEM_NOUN})\s+(?:stating\s+(?:that\s+)?|saying\s+(?:that\s+)?)?(.+?)\s+(?:is|was)\s+(?:reported|listed|shown|given|printed)(?:,?\s+followed\s+by\s+(.+))?$`, 'i');

/** The reading of a sentence that says what a refused configuration's problems say, by their parts, clause by clause; null for any other sentence. */
export function messagePartsReading(sentence: string): Reading<Check> | null {
  const text = sentence.trim().replace(/\.$/, '').replace(/\s+/g, ' ');
  const whole = clauseCheck(text);
  // Each clause of several is a problem of its own ("X is refused as …, and the unknown key colour is reported with …").
  const clauses = whole !== null ? [whole] : splitClauses(text);
  if (clauses === null) return null;
  const check: Check = {
    text: `the configuration is rejected (nothing runs), and ${clauses.map((c) => c.text).join(', and ')}`,
    evaluate: async (o: Observation) => {
      const verdicts = await Promise.all(clauses.map((c) => c.evaluate(o)));
      return { ok: o.record.errors.length > 0 && o.record.commands.length === 0 && verdicts.every((v) => v.ok), actual: verdicts[0].actual };
    },
  };
  return { ok: true, parts: [check], rules: ["a problem's message by its parts"] };
}

/** The clauses of a sentence of several (", and", "; "), each read whole; null where one is not. */
function splitClauses(text: string): Check[] | null {
  for (const j of text.matchAll(/(?:,\s+and\s+|;\s+(?:and\s+)?)/gi)) {
    const head = clauseCheck(text.slice(0, j.index));
    if (head === null) continue;
    const rest = clauseCheck(text.slice(j.index + j[0].length)) ?? splitClauses(text.slice(j.index + j[0].length));
    if (rest !== null) return [head, ...(Array.isArray(rest) ? rest : [rest])];
  }
  return null;
}

/**
 * The first line of a refusal, in words or by its opening: "the first line says the configuration is invalid", "the first
 * line of the report begins with Error: invalid configuration", "…, followed by the file's name". spec-run exec prints
 * `Error: invalid configuration NAME:` before its problems (src/executor/record.ts).
 */
const FIRST_LINE = new RegExp(
  String.raw`^(?:the|a)\s+first\s+line(?:\s+(?:of\s+the\s+(?:report|output)|printed))?\s+(?:(?:says|saying|states|stating|reads|reading)\s+(?:that\s+)?the\s+configuration(?:\s+file)?\s+is\s+(?:invalid|not\s+valid)|(?:begins|starts|opens|beginning|starting|opening)\s+with\s+\`?Error:\s+invalid\s+configuration\`?(,?\s+followed\s+by\s+(?:the\s+)?(?:configuration\s+)?file(?:'s|’s)?\s+name|\s+\`?[\w.-]+\.ya?ml:?\`?)?)$`,
  'i',
);

/** The reading of a sentence about the first line of a refusal; null for any other sentence. */
export function refusalFirstLineReading(sentence: string): Reading<Check> | null {
  const m = FIRST_LINE.exec(sentence.trim().replace(/\.$/, '').replace(/\s+/g, ' '));
  if (!m) return null;
  const named = m[1] === undefined ? null : /([\w.-]+\.ya?ml)/.exec(m[1])?.[1] ?? 'its file';
  const check: Check = {
    text: `the first line printed opens with "Error: invalid configuration"${named === null ? '' : named === 'its file' ? ' and the file name after it' : ` ${named}`}`,
    evaluate: (o: Observation) => {
      const first = o.record.messages[0]?.split('\n')[0] ?? '';
      const rest = /^Error: invalid configuration (\S.*):$/.exec(first);
      const ok = rest !== null && (named === null || named === 'its file' || rest[1] === named);
      return { ok, actual: first || 'nothing printed' };
    },
  };
  return { ok: true, parts: [check], rules: ["a refusal's first line"] };
}
