// A directory of the run as the value a command prints: "the first command prints the absolute path of the project
// folder", "the second step prints the project directory followed by `/sub/dir`", "it prints `release` followed by the
// hook file's absolute directory". The project's and the configuration file's directories are the run's own (the
// observation's places), never whatever the command reports as its working directory: a command that ran elsewhere fails.
// A directory said by the scenario's own relative path ("the absolute path of `proj/sub`") is read from the directory
// spec-run exec was started in, where the scenario's paths are (`spec-run exec proj/cfg/h.yaml`, `--project P`).
import path from 'node:path';
import type { CommandRecord } from '../../../executor/record.js';
import type { Observation } from './observation.js';
import type { Reading } from './reading.js';
import type { Check } from './then.js';
import { fromNamed, startNamed, unnamedReason } from './named-directories.js';
import { StepSkipped } from '../step-world.js';

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
const COMMAND_NOUN = '(?:command|step|stage|job|task|entry)';
const PRINTS = '(?:prints|outputs|echoes|writes out|writes|shows|displays|reports)';
const DIRECTORY = '(?:folder|directory|dir)';
const ABSOLUTE = '(?:(?:absolute|full|own)\\s+)?';
const CONFIG_FILE = '(?:configuration|config|hook|stop-hook|stop hook|yaml)(?:\\s+file)?';

/** Phrases for the project's directory, and for the configuration file's. */
const PLACES: [RegExp, 'project' | 'configDir'][] = [
  [new RegExp(`^(?:the\\s+)?${ABSOLUTE}path\\s+of\\s+the\\s+project(?:'s)?(?:\\s+(?:${DIRECTORY}|root))?$|^the\\s+project(?:'s|\\s+${DIRECTORY}(?:'s)?|\\s+root(?:'s)?)\\s+${ABSOLUTE}path$|^the\\s+${ABSOLUTE}project\\s+(?:${DIRECTORY}|root)$`, 'i'), 'project'],
  [new RegExp(`^(?:the\\s+)?(?:${ABSOLUTE}path\\s+of\\s+the\\s+)?${ABSOLUTE}${DIRECTORY}\\s+(?:of|holding|containing|(?:that|which)\\s+(?:holds|contains))\\s+the\\s+${CONFIG_FILE}$|^the\\s+${CONFIG_FILE}(?:'s|’s)\\s+${ABSOLUTE}${DIRECTORY}(?:'s\\s+${ABSOLUTE}path)?$|^the\\s+${ABSOLUTE}path\\s+of\\s+the\\s+${CONFIG_FILE}(?:'s|’s)\\s+${DIRECTORY}$`, 'i'), 'configDir'],
];

/** A relative path said in code marks: a directory under the project ("`sub`", "`data/raw`"), never one out of it. */
const UNDER = '`((?:[\\w-][\\w.-]*)(?:\\/[\\w-][\\w.-]*)*)\\/?`';
/**
 * A directory said by its place in the project: "the absolute path of the project's `sub` directory", "the `sub` folder of
 * the project", "`data/raw` under the project directory". A name said with no place ("the absolute path of `proj`") is not
 * read: which directory it is, the scenario's When would have to say.
 */
const IN_PROJECT = [
  new RegExp(`^(?:the\\s+)?(?:${ABSOLUTE}path\\s+of\\s+)?the\\s+project(?:'s|’s|\\s+${DIRECTORY}(?:'s|’s))\\s+(?:${ABSOLUTE})?${UNDER}(?:\\s+(?:sub)?${DIRECTORY})?$`, 'i'),
  new RegExp(`^(?:the\\s+)?(?:${ABSOLUTE}path\\s+of\\s+)?(?:the\\s+)?(?:(?:sub)?${DIRECTORY}\\s+)?${UNDER}(?:\\s+(?:sub)?${DIRECTORY})?\\s+(?:of|in|under|inside|within)\\s+the\\s+project(?:\\s+(?:${DIRECTORY}|root))?$`, 'i'),
];

/**
 * A directory said by the scenario's own relative path, as absolute: "the absolute path of `proj/sub`", "the full path
 * of the `P/hooks` folder", "`cfg/`'s absolute path". "Absolute" (or "full") is said: "the path of `proj`" may be the
 * relative one. Which directory the path names is the run's to say (see startNamed).
 */
const NAMED_PATH = [
  new RegExp(`^(?:the\\s+)?(?:absolute|full)\\s+path\\s+of\\s+(?:the\\s+)?(?:(?:sub)?${DIRECTORY}\\s+)?${UNDER}(?:\\s+(?:sub)?${DIRECTORY})?$`, 'i'),
  new RegExp(`^${UNDER}(?:\\s+(?:sub)?${DIRECTORY})?(?:'s|’s)\\s+(?:absolute|full)\\s+path$`, 'i'),
];

/** A place of the run: the project's directory, the configuration file's, or the directory spec-run exec was started in (the scenario's relative paths start there). */
export type RunPlace = 'project' | 'configDir' | 'start';

/** Where PHRASE puts a directory of the run: the project's or the configuration file's, or a path of the scenario's own, and a relative path under it. */
export function placeNamed(phrase: string): { place: RunPlace; under: string } | null {
  const text = phrase.trim();
  const place = PLACES.find(([re]) => re.test(text))?.[1];
  if (place !== undefined) return { place, under: '' };
  const plain = (m: RegExpExecArray | null) => m !== null && !m[1].split('/').some((part) => part === '..' || part === '.');
  for (const re of IN_PROJECT) {
    const m = re.exec(text);
    if (plain(m)) return { place: 'project', under: `/${m![1]}` };
  }
  for (const re of NAMED_PATH) {
    const m = re.exec(text);
    if (plain(m)) return { place: 'start', under: `/${m![1]}` };
  }
  return null;
}

const QUOTED = '(?:`([^`]*)`|“([^”]*)”)';
const BE = '(?:is|reads|shall\\s+be|should\\s+be|must\\s+be|will\\s+be)';
/**
 * Who prints the place: a command by its place ("the second step prints"), the one command ("it prints", "the command
 * prints", "`pwd` prints", by its run), or a line of the run's output ("the first output line is", "the output is").
 */
const SUBJECT = [
  `the\\s+(?<which>${ORDINALS.join('|')}|\\d+(?:st|nd|rd|th)|only)\\s+${COMMAND_NOUN}\\s+${PRINTS}`,
  `(?<one>it|the\\s+${COMMAND_NOUN})\\s+${PRINTS}`,
  `\`(?<run>[^\`]+)\`\\s+${PRINTS}`,
  `the\\s+(?:(?<line>${ORDINALS.join('|')}|\\d+(?:st|nd|rd|th)|only)\\s+)?(?:output\\s+line|line\\s+of\\s+(?:the\\s+)?output)\\s+${BE}`,
  `the\\s+(?<output>output)\\s+${BE}`,
].join('|');
const SENTENCE = new RegExp(`^(?:${SUBJECT})\\s+(?:${QUOTED}\\s+followed\\s+by\\s+)?(.+?)(?:\\s+followed\\s+by\\s+${QUOTED})?$`, 'i');

/** Who a sentence says prints the place. */
type Printer = { command: number } | { onlyCommand: 'the only command' | 'the command' } | { run: string } | { line: number } | { onlyLine: true };

/** The printer of SUBJECT's named groups; null where an ordinal is not one. */
function printerOf(groups: Record<string, string | undefined>): Printer | null {
  const index = (word: string) => (ORDINALS.includes(word) ? ORDINALS.indexOf(word) : parseInt(word, 10) - 1);
  if (groups.which !== undefined) {
    const word = groups.which.toLowerCase();
    return word === 'only' ? { onlyCommand: 'the only command' } : index(word) >= 0 ? { command: index(word) } : null;
  }
  if (groups.one !== undefined) return { onlyCommand: 'the command' };
  if (groups.run !== undefined) return { run: groups.run };
  if (groups.output !== undefined) return { onlyLine: true };
  const word = groups.line?.toLowerCase() ?? 'only';
  return word === 'only' ? { onlyLine: true } : index(word) >= 0 ? { line: index(word) } : null;
}

/**
 * A place of the run on the host (UNDER, a path below it); null where the run has no places. Where the scenario's own
 * path names no directory the run gave that name, the step is not checked: which directory the writer meant, the
 * scenario did not say where the interpreter reads it (a run that did what it says would fail it).
 */
export function placeOnHost(o: Observation, place: RunPlace, under: string): string | null {
  const places = o.places;
  if (places === undefined) return null;
  if (place !== 'start') return `${places[place]}${under}`;
  const named = startNamed(places);
  if (places.start === undefined || !fromNamed(under.slice(1), named))
    throw new StepSkipped(unnamedReason(under.slice(1), named));
  return path.join(places.start, under);
}

/**
 * The text a command prints where it prints a place (UNDER, a path below it): a container sees the project at
 * /workspace, and a place in it under that. Null where the command cannot see it.
 */
export function seenBy(c: CommandRecord, o: Observation, place: RunPlace, under: string): string | null {
  const host = placeOnHost(o, place, under);
  if (host === null || c.context === 'host') return host;
  const relative = path.relative(o.places!.project, host);
  return relative.startsWith('..') || path.isAbsolute(relative) ? null : path.posix.join('/workspace', relative.split(path.sep).join('/'));
}

/** The reading of a sentence that says a command prints one of the run's directories; null for any other sentence. */
export function printedPlaceReading(sentence: string): Reading<Check> | null {
  const m = SENTENCE.exec(sentence.trim());
  if (!m) return null;
  const [prefixA, prefixB, phrase, suffixA, suffixB] = m.slice(-5);
  const named = placeNamed(phrase);
  const printer = printerOf(m.groups ?? {});
  if (named === null || printer === null) return null;
  const { place, under } = named;
  const prefix = prefixA ?? prefixB;
  const suffix = suffixA ?? suffixB;
  // A text after a path is more of it (`/sub/dir`); anything else would be a second value, not read here.
  if (suffix !== undefined && !suffix.startsWith('/')) return null;
  // A path of the scenario's own is said whole: its name, and what follows it.
  const tail = place === 'start' ? (suffix ?? '') : `${under}${suffix ?? ''}`;
  const name = place === 'project' ? "the project's directory" : place === 'configDir' ? "the configuration file's directory" : `the directory \`${under.slice(1)}\` (a path from where spec-run exec starts)`;
  const said = `${prefix !== undefined ? `${JSON.stringify(prefix)} then ` : ''}${name}${tail !== '' ? ` then ${JSON.stringify(tail)}` : ''}`;
  // "prints `release` followed by …": the text and the path, as one line, with or without the space between them.
  const wanted = (c: CommandRecord, o: Observation): string[] | null => {
    const seen = seenBy(c, o, place, place === 'start' ? under : '');
    if (seen === null) return null;
    const value = `${seen}${tail}`;
    return prefix === undefined ? [value] : [`${prefix}${value}`, `${prefix.trimEnd()} ${value}`];
  };
  const unseen = { ok: false, actual: `the ${name.slice(4)} is not where the command can see it` };
  // A path of the scenario's own is read from where spec-run exec starts: the dry run sees whether the scenario named it (index.ts).
  const atStart = place === 'start' ? { atStart: under.slice(1) } : {};
  if ('line' in printer || 'onlyLine' in printer) {
    const check: Check = {
      ...atStart,
      text: `${'line' in printer ? `output line ${printer.line + 1} of the run is` : "the run's output is the one line"} ${said} (absolute; /workspace and under it in a container)`,
      evaluate: (o) => {
        const lines = o.record.commands.flatMap((c) => c.lines.map((l) => ({ c, text: l.text.trim() })));
        const actual = `output ${JSON.stringify(lines.map((l) => l.text))}`;
        if ('onlyLine' in printer && lines.length !== 1) return { ok: false, actual };
        const line = lines['line' in printer ? printer.line : 0];
        if (line === undefined) return { ok: false, actual };
        const expected = wanted(line.c, o);
        return expected === null ? unseen : { ok: expected.includes(line.text), actual: `${actual}; expected ${expected[0]}` };
      },
    };
    return { ok: true, parts: [check], rules: ["a run's directory printed"] };
  }
  const who = 'command' in printer ? `command ${printer.command + 1}` : 'run' in printer ? `the command \`${printer.run}\`` : printer.onlyCommand;
  const check: Check = {
    ...atStart,
    text: `${who} prints a line that is ${said} (absolute; /workspace and under it in a container)`,
    evaluate: (o) => {
      const commands = o.record.commands;
      const ran = { ok: false, actual: `${commands.length} command(s) ran` };
      // One command, where the sentence names none by place: "it", "the command", or its run (which no other may have).
      const c = 'command' in printer ? commands[printer.command] : 'run' in printer ? runningIt(commands, printer.run) : commands.length === 1 ? commands[0] : undefined;
      const command = Array.isArray(c) ? (c.length === 1 ? c[0] : undefined) : c;
      if (command === undefined) return ran;
      const expected = wanted(command, o);
      if (expected === null) return unseen;
      return { ok: command.lines.some((l) => expected.includes(l.text.trim())), actual: `output ${JSON.stringify(command.lines.map((l) => l.text))}; expected ${expected[0]}` };
    },
  };
  return { ok: true, parts: [check], rules: ["a run's directory printed"] };
}

/**
 * The commands whose run is RUN, or else those that run it as one of their own statements (`pwd` of
 * `pwd; printenv X`): "`pwd` prints the project directory" is said of the line `pwd` prints among theirs.
 */
function runningIt(commands: readonly CommandRecord[], run: string): CommandRecord[] {
  const exact = commands.filter((x) => x.run.trim() === run.trim());
  if (exact.length > 0) return exact;
  return commands.filter((x) => x.run.split(/;|&&|\|\||\n/).some((statement) => statement.trim() === run.trim()));
}
