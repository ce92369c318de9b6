// A scenario's whole setup said in one sentence, with no YAML block: the place, the configuration file it holds, what
// that file holds (as YAML fragments in code marks and a few words), and the launch line, as writers who never read
// the rules say it: "the project directory holds a `hooks.yaml` with one command `run: "seq 1 3"` and
// `maxOutputLines: 3`, and spec-run exec is launched there as `spec-run exec hooks.yaml`", "… holds only `stop.yaml`
// with `failFast: true`, `defaultTimeout: 1s` and the commands `run: "sleep 10"` and `run: "echo skipped"`, and …",
// "… with two commands: the first `run: "true"` with `image: ""` …; the second `run: "true"` without `image:` but
// with `cpus: 2` …", "… consisting of the two lines `stop:` and `  commands: []`".
//
// The place is the scenario's directory only where the document makes it so (scenario-directory.ts, document-terms.ts:
// the noun reaches this reader as "the project directory"). The file is written there under the name the sentence
// gives, with the values as written (a value the executor refuses too: refusals are tested), and the launch line must
// run that very file from that place. Which command a key belongs to follows the sentence's grouping: a key after a
// command's `run:` joined by "with" (or "(with …)") is that command's, as are keys joined to it by commas and "and"
// until the next `run:`; with one command only, every command key is that command's; `failFast:` and
// `defaultTimeout:` are the stop section's. Any other word, a count that is not the commands', a key of several
// commands said of none, leaves the sentence to the other readers (and so, unread): never a guess.
//
// What the sentence says after the launch line (a signal sent later, a file set up in prose) is left as written, to
// the When's other readers, clause by clause: the whole binds only where they read it too.
import { parse, stringify } from 'yaml';
import { parseExecArgs } from '../../../executor/cli.js';
import { loadConfig } from '../../../executor/config.js';
import { QUIET_YAML } from '../../../parse/yaml-options.js';
import type { Setup, SetupPart } from './when.js';

/** Keys of the stop section, never of a command. */
const SECTION_KEYS = new Set(['failFast', 'defaultTimeout']);
const COUNT: Record<string, number> = { one: 1, single: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };
const PLACES = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];

/** The scenario's directory as the document's terms say it, with the path it names it by, if any. */
const PLACE = String.raw`(?:the\s+)?project\s+directory(?:\s+\x60\$?[\w./-]+\x60)?`;
/** Where the launch is said to happen: there, or that place again. */
const LAUNCHED_FROM = String.raw`(?:there|(?:from|in)\s+${PLACE})`;
/** Who is launched. */
const LAUNCHED = String.raw`(?:\x60?spec-run(?:\s+exec)?\x60?|it)`;

const HEAD = new RegExp(String.raw`^(${PLACE})\s+(?:holds|contains|has)\s+(only\s+)?(?:(?:a|the)\s+)?(valid\s+)?(?:(?:configuration|config)\s+(?:file\s+)?)?\x60([\w.-]+(?:\/[\w.-]+)*\.ya?ml)\x60\s+`, 'i');
/** The launch: "…, and spec-run exec is launched there as `spec-run exec x.yaml`", "…, it is started from the project directory as …". */
const LAUNCH = new RegExp(String.raw`[,;]\s*(?:and\s+)?(${LAUNCHED})\s+is\s+(launched|started|invoked|called|run|executed)\s+${LAUNCHED_FROM}(\s+in\s+the\s+background)?\s+as\s+(\x60[^\x60]*\x60)`, 'i');

interface Entry {
  run?: string;
  fields: Record<string, unknown>;
  absent: string[];
  host: boolean;
}

interface Said {
  entries: Entry[];
  section: Record<string, unknown>;
  sectionAbsent: string[];
  noCommands: boolean;
}

export interface WholeSetup {
  parts: SetupPart[];
  /** The sentence from its launch on, the place dropped: "spec-run exec is launched as `spec-run exec x.yaml`, and …". */
  rest: string;
  /** The configuration file's name, which the launch line must give. */
  file: string;
}

/** `key: value` in code marks, parsed as the YAML line it is; null where it is not one key with a value. */
function keyValue(span: string): [string, unknown] | null {
  const m = /^([A-Za-z_]\w*)\s*:\s+(\S.*)$/.exec(span) ?? /^([A-Za-z_]\w*):(?=["'])(.*)$/.exec(span);
  if (!m) return null;
  try {
    const value = parse(`${m[1]}: ${m[2]}`, QUIET_YAML) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.keys(value).length !== 1) return null;
    return [m[1], (value as Record<string, unknown>)[m[1]]];
  } catch {
    return null;
  }
}

/** `key` or `key:` alone, in code marks. */
const bareKey = (span: string) => /^([A-Za-z_]\w*):?$/.exec(span)?.[1];

type Token = { span: string } | { word: string };

function tokens(text: string): Token[] | null {
  const out: Token[] = [];
  const pieces = text.split(/(`[^`]*`)/);
  for (const [i, piece] of pieces.entries()) {
    if (i % 2 === 1) {
      out.push({ span: piece.slice(1, -1) });
      continue;
    }
    if (piece.includes('`')) return null;
    for (const w of piece.match(/[A-Za-z][\w'-]*|[,;:()]|\S/g) ?? []) out.push({ word: w.toLowerCase() });
  }
  return out;
}

/**
 * What a configuration is said to hold (DESCRIPTION, the words after its file's name): its commands and their keys,
 * the stop section's keys. Null where any word is not one of this shape's, or where a key's command is not said.
 */
function described(description: string): Said | null {
  const said: Said = { entries: [], section: {}, sectionAbsent: [], noCommands: false };
  // "with a `stop:` section that has no `defaultTimeout:` and one command …": the section is the file's.
  let text = description.replace(/^with\s+an?\s+`stop:?`\s+(?:section|key|mapping)\s+(?:that|which)\s+(?:has|holds)\s+/i, 'with ');
  // "whose `stop.commands` list has two entries, first … and second …": that many commands.
  text = text.replace(/^whose\s+`stop\.commands:?`\s+(?:list|array|sequence)\s+(?:has|holds)\s+(\w+)\s+(?:entries|items),?\s+/i, 'with $1 commands, ');
  // "that lists the commands …", "listing one command …", "whose commands are …": what it holds, as "with" says it.
  text = text.replace(/^(?:(?:that|which)\s+(?:lists|has|holds|contains|declares)|listing|declaring|containing|holding)\s+(?=(?:the\s+|a\s+|an\s+)?(?:\w+\s+)?(?:commands?|entries|entry)\b|`)/i, 'with ');
  text = text.replace(/^whose\s+commands\s+are\s+/i, 'with the commands ');
  // "whose only command is `run: …`", "whose one command is …": one command.
  text = text.replace(/^whose\s+(?:only|one|single|sole)\s+command\s+is\s+/i, 'with one command ');
  // "consisting of the two lines `stop:` and `  commands: []`": the file's lines, as written.
  const lines = /^consisting\s+of\s+(?:the\s+)?(\w+)\s+lines\s+(.*)$/i.exec(text);
  if (lines) return linesSaid(lines[1], lines[2]);
  if (!/^with\s/i.test(text)) return null;
  const list = tokens(text.replace(/^with\s+/i, ''));
  if (!list) return null;
  let declared: number | undefined;
  let plural = false;
  let place: number | undefined;
  let host = false;
  // The command keys are given to: the last command, while a "with" group after it is open, or with one command only.
  let open = false;
  let without = false;
  let withoutUsed = false;
  let no = false;
  const pending: [string, unknown][] = [];
  const current = () => said.entries.at(-1);
  const give = (key: string, value: unknown): boolean => {
    if (SECTION_KEYS.has(key)) {
      // Said inside a command's "with" group: the section's, or a key of that entry the executor would refuse? Not said.
      if (open || key in said.section) return false;
      said.section[key] = value;
      return true;
    }
    const entry = current();
    if (!entry) {
      pending.push([key, value]);
      return true;
    }
    if (!open && (said.entries.length > 1 || (declared ?? 1) > 1)) return false;
    if (key in entry.fields || entry.absent.includes(key)) return false;
    entry.fields[key] = value;
    return true;
  };
  for (let i = 0; i < list.length; i++) {
    const t = list[i];
    if ('word' in t) {
      const w = t.word;
      if (w === 'the' || w === 'a' || w === 'an' || w === 'but' || w === '(' ) continue;
      if (w === ')') {
        open = false;
        continue;
      }
      if (w === ',' || w === ';' || w === 'and' || w === 'then' || w === ':') {
        // A separator ends a "without"; a "with" group stays open until the next command.
        if ((no || without) && !withoutUsed) return null;
        without = false;
        withoutUsed = false;
        no = false;
        continue;
      }
      if (w === 'with') {
        if (!current() || (without && !withoutUsed)) return null;
        open = true;
        without = false;
        withoutUsed = false;
        continue;
      }
      if (w === 'without') {
        if (!current()) return null;
        without = true;
        continue;
      }
      if (w === 'no') {
        no = true;
        continue;
      }
      if (w in COUNT) {
        if (declared !== undefined || said.entries.length > 0) return null;
        declared = COUNT[w];
        continue;
      }
      if (w === 'command' || w === 'commands' || w === 'entry' || w === 'entries') {
        if (w.endsWith('s')) plural = true;
        continue;
      }
      if (w === 'host') {
        host = true;
        continue;
      }
      if (PLACES.includes(w)) {
        place = PLACES.indexOf(w);
        continue;
      }
      return null;
    }
    // "`- run: "x"`": a command's entry written as the list item it is.
    const span = t.span.replace(/^-\s+(?=run:)/, '');
    const key = bareKey(span);
    // "no `failFast`", "without `image:`": the key left out.
    if (key !== undefined && (no || without)) {
      if (SECTION_KEYS.has(key)) {
        if (key in said.section) return null;
        said.sectionAbsent.push(key);
      } else {
        const entry = current();
        if (!entry || (!open && !without && said.entries.length > 1) || key in entry.fields || key === 'run') return null;
        entry.absent.push(key);
      }
      // "no" is said of one key; "without" of the keys up to the next separator.
      no = false;
      withoutUsed = true;
      continue;
    }
    if (no || without) return null;
    // "`env:` mapping `TEAM: qa-automation`", "`env:` written as the list `- SITE=lab`".
    if (key === 'env') {
      const next = list[i + 1];
      if (next && 'word' in next && next.word === 'mapping') {
        const pairs: Record<string, unknown> = {};
        let j = i + 2;
        for (; j < list.length; j++) {
          const item = list[j];
          if ('span' in item) {
            const kv = keyValue(item.span);
            if (!kv || kv[0] in pairs) return null;
            pairs[kv[0]] = kv[1];
          } else if (item.word !== 'and' || !('span' in (list[j + 1] ?? {})) || !keyValue((list[j + 1] as { span: string }).span)) break;
        }
        if (Object.keys(pairs).length === 0 || !give('env', pairs)) return null;
        i = j - 1;
        continue;
      }
      const asList = list.slice(i + 1, i + 5).map((x) => ('word' in x ? x.word : null));
      if (asList[0] === 'written' && asList[1] === 'as' && asList[2] === 'the' && asList[3] === 'list') {
        const items: unknown[] = [];
        let j = i + 5;
        for (; j < list.length; j++) {
          const item = list[j];
          if ('span' in item && /^-\s+\S/.test(item.span)) items.push(item.span.replace(/^-\s+/, '').trim());
          else if (!('word' in item && item.word === 'and' && 'span' in (list[j + 1] ?? {}) && /^-\s/.test((list[j + 1] as { span: string }).span))) break;
        }
        if (items.length === 0 || !give('env', items)) return null;
        i = j - 1;
        continue;
      }
      return null;
    }
    const kv = keyValue(span);
    if (!kv) return null;
    const [name, value] = kv;
    if (name === 'run') {
      if (typeof value !== 'string' || (place !== undefined && place !== said.entries.length)) return null;
      said.entries.push({ run: value, fields: {}, absent: [], host });
      host = false;
      place = undefined;
      open = false;
      continue;
    }
    if (name === 'commands') {
      if (!Array.isArray(value) || value.length !== 0 || said.entries.length > 0) return null;
      said.noCommands = true;
      continue;
    }
    if (!give(name, value)) return null;
  }
  if (no || (without && !withoutUsed) || place !== undefined || host) return null;
  if (said.noCommands) return declared === undefined && pending.length === 0 ? said : null;
  // Keys said before any command: of the one command there is.
  if (pending.length > 0) {
    if (said.entries.length !== 1) return null;
    for (const [key, value] of pending) {
      if (key in said.entries[0].fields) return null;
      said.entries[0].fields[key] = value;
    }
  }
  const n = said.entries.length;
  if (n === 0 || (declared !== undefined && declared !== n) || (plural && declared === undefined && n < 2) || (!plural && n > 1 && declared === undefined)) return null;
  // A host command has no image.
  if (said.entries.some((e) => e.host && 'image' in e.fields)) return null;
  return said;
}

/** "the two lines `stop:` and `  commands: []`": the file as those lines, read as the stop section it is; null where it is not one. */
function linesSaid(count: string, rest: string): Said | null {
  const list = tokens(rest);
  if (!list) return null;
  const lines: string[] = [];
  for (const t of list) {
    if ('span' in t) lines.push(t.span);
    else if (t.word !== ',' && t.word !== 'and') return null;
  }
  if (COUNT[count.toLowerCase()] !== lines.length) return null;
  let doc: unknown;
  try {
    doc = parse(lines.join('\n'), QUIET_YAML) as unknown;
  } catch {
    return null;
  }
  const stop = (doc as { stop?: unknown } | null)?.stop;
  if (typeof doc !== 'object' || doc === null || Object.keys(doc).length !== 1 || typeof stop !== 'object' || stop === null) return null;
  const said: Said = { entries: [], section: {}, sectionAbsent: [], noCommands: false };
  for (const [key, value] of Object.entries(stop)) {
    if (SECTION_KEYS.has(key)) said.section[key] = value;
    else if (key === 'commands' && Array.isArray(value) && value.length === 0) said.noCommands = true;
    else if (key === 'commands' && Array.isArray(value) && value.every((v) => typeof v === 'object' && v !== null && typeof (v as { run?: unknown }).run === 'string')) {
      for (const v of value as Record<string, unknown>[]) {
        const { run, ...fields } = v;
        said.entries.push({ run: run as string, fields, absent: [], host: false });
      }
    } else return null;
  }
  return said.noCommands || said.entries.length > 0 ? said : null;
}

/** The configuration file SAID makes, as spec-run exec would read it. */
function fileOf(said: Said): string {
  const commands = said.noCommands ? [] : said.entries.map((e) => ({ run: e.run, ...e.fields }));
  return stringify({ stop: { ...said.section, commands } });
}

/** A value as written in the file, a text in quotes ("no" is the text, never a boolean). */
const shown = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value));

/** SENTENCE's whole setup, read as its configuration file and launch; null where it is not said in this shape. */
export function wholeSetup(sentence: string): WholeSetup | null {
  const head = HEAD.exec(sentence);
  if (!head) return null;
  const launch = LAUNCH.exec(sentence);
  if (!launch || launch.index < head[0].length) return null;
  const [, , , valid, file] = head;
  const said = described(sentence.slice(head[0].length, launch.index).trim());
  if (!said) return null;
  // The launch line runs that file.
  const line = launch[4].slice(1, -1).trim().split(/\s+/);
  if (line[0] !== 'spec-run' || line[1] !== 'exec') return null;
  try {
    if (parseExecArgs(line.slice(2)).config !== file) return null;
  } catch {
    // A line spec-run exec refuses (an option it does not have, `--log-failures` without `--log`): not this reader's.
    return null;
  }
  // "a valid `hooks.yaml`": said valid, so it must be one.
  if (valid && loadConfig(fileOf(said)).errors.length > 0) return null;
  const parts: SetupPart[] = [];
  const sectionSaid = [...Object.entries(said.section).map(([k, v]) => `${k}: ${shown(v)}`), ...said.sectionAbsent.map((k) => `no ${k}`)];
  parts.push({
    text: `the project directory holds ${head[2] ? 'only ' : ''}${file}${valid ? ' (valid)' : ''}${sectionSaid.length > 0 ? `, its stop section with ${sectionSaid.join(', ')}` : ''}${said.noCommands ? ', commands: [] (no command)' : ''}`,
    apply: (s: Setup) => {
      for (const [key, value] of Object.entries(said.section)) {
        if (key === 'defaultTimeout') s.defaultTimeout = value;
        else if (key === 'failFast') s.failFast = value;
      }
      if (said.noCommands) s.noCommands = true;
    },
  });
  said.entries.forEach((entry, index) => {
    const fields = Object.entries(entry.fields).map(([k, v]) => `${k}: ${shown(v)}`);
    const absent = entry.absent.map((k) => `no ${k}`);
    parts.push({
      text: `command ${index + 1} of ${said.entries.length}: run \`${entry.run}\`${[...fields, ...absent].length > 0 ? `, ${[...fields, ...absent].join(', ')}` : ''}${entry.host ? ' (on the host)' : ''}`,
      apply: (s: Setup) => {
        const own: Setup = { fields: {}, prints: [], says: [], run: entry.run };
        for (const [key, value] of Object.entries(entry.fields)) {
          if (key === 'image' && typeof value === 'string' && value !== '') {
            own.image = value;
            own.context = 'docker';
          } else own.fields[key] = value;
        }
        if (entry.host) own.context = 'host';
        (s.byCommand ??= [])[index] = own;
        s.lastCommand = index;
      },
    });
  });
  const [, subject, verb, background] = launch;
  const rest = `${subject} is ${verb}${background ?? ''} as ${launch[4]}${sentence.slice(launch.index + launch[0].length)}`;
  return { parts, rest, file };
}
