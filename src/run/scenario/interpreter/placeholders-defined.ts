// A placeholder in a quoted text that the sentence defines as one of the run's directories: "the report reads `… it is
// <project>/nowhere in the project …`, with `<project>` the absolute path of the project", "…, where <cfg> is the
// absolute path of the configuration file's directory", and "`… <project>/nowhere does not exist`, with the project's
// absolute path" (the only placeholder the sentence has). Undefined, a placeholder stands for any text (texts.ts);
// defined, it is that directory: the rest of the sentence is read with the directory's path on the host written in
// its place, as the executor's messages give it, and checked so against the run's own directory.
import { placeNamed, placeOnHost, type RunPlace } from './paths-printed.js';
import type { Reading } from './reading.js';
import type { Check } from './then.js';

const PLACEHOLDER = String.raw`<[A-Za-z][\w -]*>`;
/** "with `<p>` the absolute path of …", "where <p> is …", "<p> being …": the placeholder, and what it is. */
const DEFINED = new RegExp(String.raw`,?\s*(?:with|where)\s+\`?(${PLACEHOLDER})\`?\s+(?:(?:is|being|stands\s+for|standing\s+for|meaning|=)\s+)?([^,;]+?)(?=\s*(?:[,;]|$))`, 'i');
/** "…, with the project's absolute path": what the sentence's one placeholder is, said without naming it. */
const WITH_PLACE = /,?\s*with\s+([^,;]+?)(?=\s*(?:[,;]|$))/i;
/** Stands for the directory where the sentence is read before any run: an absolute path, as the run's own is. */
const STAND_IN = '/run/directory';

/** The placeholders written in SENTENCE's code spans. */
function placeholdersIn(sentence: string): string[] {
  return [...new Set([...sentence.matchAll(/`[^`]*`/g)].flatMap((span) => span[0].match(new RegExp(PLACEHOLDER, 'g')) ?? []))];
}

/** SENTENCE with PLACEHOLDER written as PATH in its code spans. */
function written(sentence: string, placeholder: string, path: string): string {
  return sentence.replace(/`[^`]*`/g, (span) => span.split(placeholder).join(path));
}

/**
 * The reading of a sentence that defines a placeholder of its quoted texts as a directory of the run (READ, the reader
 * of a Then); null where it defines none. Unread where the rest, with the directory in the placeholder's place, is.
 */
export function placeholderDefinedReading(sentence: string, read: (sentence: string) => Reading<Check>): Reading<Check> | null {
  const quoted = placeholdersIn(sentence);
  if (quoted.length === 0) return null;
  let placeholder: string | undefined;
  let place: { place: RunPlace; under: string } | null = null;
  let rest = sentence;
  const defined = DEFINED.exec(sentence);
  if (defined && quoted.includes(defined[1])) {
    placeholder = defined[1];
    place = placeNamed(defined[2]);
    rest = sentence.slice(0, defined.index) + sentence.slice(defined.index + defined[0].length);
  } else {
    const said = WITH_PLACE.exec(sentence);
    if (said && quoted.length === 1) {
      placeholder = quoted[0];
      place = placeNamed(said[1]);
      rest = sentence.slice(0, said.index) + sentence.slice(said.index + said[0].length);
    }
  }
  if (placeholder === undefined || place === null) return null;
  const { place: which, under } = place;
  const it = placeholder;
  const before = read(written(rest, it, STAND_IN));
  if (!before.ok) return before;
  const name = which === 'project' ? "the project's directory" : which === 'configDir' ? "the configuration file's directory" : `the directory \`${under.slice(1)}\``;
  // A part that does not say the path is checked as read; one that does, read again at the run with the run's own.
  const parts = before.parts.map((part, index): Check => !part.text.includes(STAND_IN) ? part : ({
    ...(which === 'start' ? { atStart: under.slice(1) } : {}),
    text: `${part.text.split(STAND_IN).join(it)} (${it} = ${name}${which === 'start' ? '' : under}, its path on the host)`,
    evaluate: async (o) => {
      const host = placeOnHost(o, which, which === 'start' ? under : '');
      if (host === null) return { ok: false, actual: `the run has no ${name.slice(4)}` };
      const now = read(written(rest, it, `${host}${which === 'start' ? '' : under}`));
      // Read again with the run's path, the sentence must say the same facts: a path read otherwise is not this check.
      if (!now.ok || now.parts.length !== before.parts.length) return { ok: false, actual: `the sentence reads otherwise with ${it} as ${host}` };
      return now.parts[index].evaluate(o);
    },
  }));
  return { ok: true, parts, rules: [...before.rules, 'a placeholder defined as a directory of the run'] };
}

/**
 * A quoted path whose first segment stands in for a directory the sentence does not define: a capital letter alone or an
 * ALL-CAPS word ("`W/proj`", "`PROJECT/sub`", as a document's Purpose may name the directory spec-run exec starts in) or a
 * placeholder ("`<project>/c`") before a slash, or alone where the sentence says a directory or path ("prints `W` as its
 * working directory"). The run has no directory of that name, and checked as written the text
 * fails every true run (or, read as any text, passes any path), so the step is not read. Null where there is none, or the
 * sentence defines it ("…, with `<project>` the absolute path of the project", read by placeholderDefinedReading).
 */
export function standInPathUnread(sentence: string): string | null {
  const named = DEFINED.exec(sentence);
  const said = WITH_PLACE.exec(sentence);
  const defined = named && placeNamed(named[2]) !== null ? named[1] : !named && said && placeholdersIn(sentence).length === 1 && placeNamed(said[1]) !== null ? placeholdersIn(sentence)[0] : undefined;
  for (const span of sentence.match(/`[^`]*`/g) ?? []) {
    const path = /(?<![\w/.$<>-])([B-HJ-Z]|[A-Z][A-Z0-9_]*[A-Z0-9]|<[A-Za-z][^<>\n]*>)\/(?=[a-z0-9._])/.exec(span.slice(1, -1));
    if (path && path[1] !== defined) return `${path[1]}/`;
    // "prints `W` as its working directory": the stand-in alone, said to be a directory or a path.
    // (A capital letter or a placeholder: an ALL-CAPS word alone is as often a variable's name, `HOOK_DIR`, `SPEC_RUN_CONFIG_DIR`.)
    const alone = /^(?:[B-HJ-Z]|<[A-Za-z][^<>\n]*>)$/.exec(span.slice(1, -1).trim());
    if (alone && alone[0] !== defined && /\b(?:directory|directories|folder|path|dir|cwd|location)\b/i.test(sentence)) return alone[0];
  }
  return null;
}
