// A directory of the run as the value a command prints: "the first command prints the absolute path of the project
// folder", "the second step prints the project directory followed by `/sub/dir`", "it prints `release` followed by the
// hook file's absolute directory". The project's and the configuration file's directories are the run's own (the
// observation's places), never whatever the command reports as its working directory: a command that ran elsewhere fails.
import path from 'node:path';
import type { CommandRecord } from '../../../executor/record.js';
import type { Observation } from './observation.js';
import type { Reading } from './reading.js';
import type { Check } from './then.js';

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
const COMMAND_NOUN = '(?:command|step|stage|job|task|entry)';
const PRINTS = '(?:prints|outputs|echoes|writes out|writes|shows|displays|reports)';
const DIRECTORY = '(?:folder|directory|dir)';
const ABSOLUTE = '(?:(?:absolute|full|own)\\s+)?';
const CONFIG_FILE = '(?:configuration|config|hook|stop-hook|stop hook|yaml)(?:\\s+file)?';

/** Phrases for the project's directory, and for the configuration file's. */
const PLACES: [RegExp, 'project' | 'configDir'][] = [
  [new RegExp(`^(?:the\\s+)?${ABSOLUTE}path\\s+of\\s+the\\s+project(?:'s)?(?:\\s+(?:${DIRECTORY}|root))?$|^the\\s+project(?:'s|\\s+${DIRECTORY}(?:'s)?|\\s+root(?:'s)?)\\s+${ABSOLUTE}path$|^the\\s+${ABSOLUTE}project\\s+(?:${DIRECTORY}|root)$`, 'i'), 'project'],
  [new RegExp(`^(?:the\\s+)?(?:${ABSOLUTE}path\\s+of\\s+the\\s+)?${ABSOLUTE}${DIRECTORY}\\s+(?:of|holding|containing)\\s+the\\s+${CONFIG_FILE}$|^the\\s+${CONFIG_FILE}(?:'s|’s)\\s+${ABSOLUTE}${DIRECTORY}(?:'s\\s+${ABSOLUTE}path)?$|^the\\s+${ABSOLUTE}path\\s+of\\s+the\\s+${CONFIG_FILE}(?:'s|’s)\\s+${DIRECTORY}$`, 'i'), 'configDir'],
];

const QUOTED = '(?:`([^`]*)`|“([^”]*)”)';
const SENTENCE = new RegExp(`^the\\s+(${ORDINALS.join('|')}|\\d+(?:st|nd|rd|th)|only)\\s+${COMMAND_NOUN}\\s+${PRINTS}\\s+(?:${QUOTED}\\s+followed\\s+by\\s+)?(.+?)(?:\\s+followed\\s+by\\s+${QUOTED})?$`, 'i');

/** The text a command prints where it prints PLACE: a container sees the project at /workspace, and a place in it under that. */
function seenBy(c: CommandRecord, o: Observation, place: 'project' | 'configDir'): string | null {
  const places = o.places;
  if (places === undefined) return null;
  if (c.context === 'host') return places[place];
  const relative = path.relative(places.project, places[place]);
  return relative.startsWith('..') || path.isAbsolute(relative) ? null : path.posix.join('/workspace', relative.split(path.sep).join('/'));
}

/** The reading of a sentence that says a command prints one of the run's directories; null for any other sentence. */
export function printedPlaceReading(sentence: string): Reading<Check> | null {
  const m = SENTENCE.exec(sentence.trim());
  if (!m) return null;
  const [, which, prefixA, prefixB, phrase, suffixA, suffixB] = m;
  const place = PLACES.find(([re]) => re.test(phrase.trim()))?.[1];
  if (place === undefined) return null;
  const prefix = prefixA ?? prefixB;
  const suffix = suffixA ?? suffixB;
  // A text after a path is more of it (`/sub/dir`); anything else would be a second value, not read here.
  if (suffix !== undefined && !suffix.startsWith('/')) return null;
  const word = which.toLowerCase();
  const index = word === 'only' ? 0 : ORDINALS.includes(word) ? ORDINALS.indexOf(word) : parseInt(word, 10) - 1;
  if (index < 0) return null;
  const name = place === 'project' ? "the project's directory" : "the configuration file's directory";
  const said = `${prefix !== undefined ? `${JSON.stringify(prefix)} then ` : ''}${name}${suffix !== undefined ? ` then ${JSON.stringify(suffix)}` : ''}`;
  const check: Check = {
    text: `${word === 'only' ? 'the only command' : `command ${index + 1}`} prints a line that is ${said} (absolute; /workspace and under it in a container)`,
    evaluate: (o) => {
      const c = o.record.commands[index];
      if (c === undefined || (word === 'only' && o.record.commands.length !== 1)) return { ok: false, actual: `${o.record.commands.length} command(s) ran` };
      const seen = seenBy(c, o, place);
      if (seen === null) return { ok: false, actual: `the ${name.slice(4)} is not where the command can see it` };
      const value = `${seen}${suffix ?? ''}`;
      // "prints `release` followed by …": the text and the path, as one line, with or without the space between them.
      const wanted = prefix === undefined ? [value] : [`${prefix}${value}`, `${prefix.trimEnd()} ${value}`];
      return { ok: c.lines.some((l) => wanted.includes(l.text.trim())), actual: `output ${JSON.stringify(c.lines.map((l) => l.text))}; ${name} ${seen}` };
    },
  };
  return { ok: true, parts: [check], rules: ["a run's directory printed"] };
}
