// The scenario's file tree said by paths under the placeholder its document gives the scenario's directory: "Given:
// `<dir>/notes.txt` is a plain file, no `build/` dir", "Given `<dir>/src/` exists (may be empty)", "`<dir>/sub/f.txt`
// with text `data`", "empty dir `<dir>/app/src`". Where the document makes the placeholder the project's directory
// (scenario-directory.ts: the directory the configuration lies in and spec-run exec starts from, in a scenario that
// names no other project or configuration place), each such entry is one the project holds, said again in the words
// the setup's facts read ("the project directory holds a directory `src`", "`build` does not exist"). A path under a
// placeholder the document does not define so, or a scenario that names another place, is left as written.
import type { DocumentTerm } from './document-terms.js';
import { isPlaceholderTerm } from './scenario-directory.js';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A relative path inside the directory: names, no `..`, a directory where it ends with a slash. */
const RELATIVE = String.raw`((?:[\w-][\w.-]*)(?:\/[\w-][\w.-]*)*\/?)`;
/** A word for a directory, the short ones a terse writer uses too. */
const DIRECTORY = String.raw`(?:dir|directory|folder|sub-?dir(?:ectory)?)`;
/** Where a clause of a list ends. */
const END = String.raw`(?=\s*(?:[,;.]|$|\band\b))`;

/** How the project holds PATH (under the placeholder): a directory where it ends with a slash or KIND says so. */
function held(path: string, kind: 'file' | 'directory' | 'either', content?: string): string | null {
  const name = path.replace(/\/$/, '');
  if (name.split('/').some((part) => part === '..' || part === '.')) return null;
  const directory = path.endsWith('/') || kind === 'directory';
  if (directory && (kind === 'file' || content !== undefined)) return null;
  // Said only to exist, a name is a file where it has an extension, a directory where it ends with a slash; else either.
  if (kind === 'either' && !directory && !/\.[A-Za-z]\w{0,4}$/.test(name)) return null;
  return `the project directory holds ${directory ? 'a directory ' : kind === 'file' ? 'a file ' : ''}\`${name}\`${content === undefined ? '' : ` containing \`${content}\``}`;
}

/**
 * SENTENCE (its code marks marked, a setup: a condition or a pre-condition) with the entries it says under a
 * placeholder TERMS make the project's directory said as the project's: see the head of this file. Each shape says
 * the entry whole (it exists, it is a plain file, it holds a text, it is an empty directory); a path said any other
 * way stays as written.
 */
export function placeholderTreeSaid(sentence: string, terms: readonly DocumentTerm[]): string {
  const placeholders = terms.filter(isPlaceholderTerm).map((t) => escaped(t.noun));
  if (placeholders.length === 0) return sentence;
  let text = sentence;
  let rewritten = false;
  const rewrite = (pattern: RegExp, said: (...groups: string[]) => string | null) => {
    text = text.replace(pattern, (whole: string, ...groups: unknown[]) => {
      const result = said(...groups.filter((g): g is string => typeof g === 'string'));
      if (result === null) return whole;
      rewritten = true;
      return result;
    });
  };
  for (const p of placeholders) {
    const at = String.raw`\`${p}\/${RELATIVE}\``;
    // "empty dir `<dir>/app/src`", "an empty directory `<dir>/out`": made, it holds nothing.
    rewrite(new RegExp(String.raw`\b(?:an?\s+)?empty\s+${DIRECTORY}\s+${at}${END}`, 'gi'), (path) => held(path, 'directory'));
    // "`<dir>/notes.txt` is a plain file", "… is a regular file".
    rewrite(new RegExp(String.raw`${at}\s+is\s+an?\s+(?:plain|regular|ordinary)\s+file${END}`, 'gi'), (path) => held(path, 'file'));
    // "`<dir>/sub/f.txt` with text `data`", "… containing the line `x`": a file holding that text as its line.
    rewrite(new RegExp(String.raw`${at}\s+(?:with|containing|holding)\s+(?:the\s+)?(?:(?:single|one|only)\s+)?(?:text|line|content)\s+\`([^\`]+)\`${END}`, 'gi'), (path, content) => held(path, 'file', content));
    // "`<dir>/src/main.c` exists", "`<dir>/src/` exists (may be empty)": a directory made is empty, so "may be empty" holds.
    rewrite(new RegExp(String.raw`${at}\s+(?:exists|is\s+there|is\s+present)(?:\s*\(\s*(?:it\s+)?(?:may|can|might)\s+be\s+empty\s*\))?${END}`, 'gi'), (path) => held(path, 'either'));
  }
  if (!rewritten) return sentence;
  // In a sentence that sets up the project's tree, "no `build/` dir" beside it says that name is not there.
  return text
    .replace(new RegExp(String.raw`(^|[,;]\s*|\band\s+)no\s+\`${RELATIVE}\`\s+${DIRECTORY}${END}`, 'gi'), (_w, before: string, path: string) => `${before}\`${path.replace(/\/$/, '')}\` does not exist`)
    .replace(new RegExp(String.raw`(^|[,;]\s*|\band\s+)no\s+${DIRECTORY}\s+\`${RELATIVE}\`${END}`, 'gi'), (_w, before: string, path: string) => `${before}\`${path.replace(/\/$/, '')}\` does not exist`)
    .replace(/^\s*given\s*:\s*/i, '');
}

/** A clause that says the project holds something: "the project (directory) (also) holds|has|contains …", "your project holds …". */
const PROJECT_HOLDS = /\b(?:the|your|our|my|its|this)\s+project(?:\s+(?:directory|folder|dir))?(?:\s+`\/[^`\s]+`)?\s+(?:also\s+)?(?:holds|has|contains)\s+/i;
/** "the project holding the configuration file together with …": the configuration is the project's (no `--project` names another), and so is what follows. */
const HOLDING_CONFIGURATION = /\bthe\s+project(?:\s+(?:directory|folder))?\s+holding\s+the\s+(?:configuration|config)(?:\s+file)?\s+(?:together\s+with|as\s+well\s+as|and|beside)\s+/gi;
/** "no directory `absent` existing in the project", "no file `x` exists in the project directory": that name is not there. */
const NONE_IN_PROJECT = /\bno\s+(?:file|directory|folder|dir|sub-?directory)\s+`([\w.-]+(?:\/[\w.-]+)*)\/?`\s+(?:existing|exists|is\s+there|being\s+there)\s+in\s+the\s+project(?:\s+(?:directory|folder))?(?=\s*(?:,|$))/gi;

/**
 * SENTENCE, a setup that says what the project holds, with the shapes of an entry a writer says it in said in the
 * words the setup's facts read: a text a file holds said as its one line ("the file `t/l.txt` with the one line `x`",
 * "containing the single line `x`", "whose content is the line `x`": containing `x`, written as a line), a directory
 * said empty ("an empty directory `src`": a directory made is empty) or by its trailing slash ("a `sub/` directory"),
 * and the project said again as the configuration's place ("…, next to this configuration file": where no
 * `--project` is given the project is the configuration's directory). A sentence that says nothing the project holds
 * is left as written.
 */
export function treeEntriesSaid(said: string): string {
  const sentence = said.replace(NONE_IN_PROJECT, '`$1` does not exist').replace(HOLDING_CONFIGURATION, 'the project directory holds ');
  const holds = PROJECT_HOLDS.exec(sentence);
  // "… holds `results/` and this `stages.yaml`": the block under it, which is no empty file the project holds; how the run saves it is not said here.
  if (!holds || /\bthis\s+`[^`]+\.ya?ml`/i.test(sentence)) return sentence;
  const before = sentence.slice(0, holds.index + holds[0].length);
  const after = sentence
    .slice(holds.index + holds[0].length)
    // "`tools/list.txt` with the one line `x`", "a `m.txt` file containing the single line `x`", "whose content is the line `x`".
    .replace(/(`[\w.\/-]+`)(?:\s+file)?\s+(?:(?:containing|holding|with)\s+(?:(?:the|a|one|just\s+one|exactly\s+one)\s+)?(?:(?:single|one|only|sole)\s+)?(?:line|word)|whose\s+(?:(?:only|single|one|sole)\s+line|contents?|text)\s+is(?:\s+the\s+(?:(?:single|one|only)\s+)?line)?)\s+(?=`)/gi, '$1 containing ')
    // "an empty directory `src`", "an empty `src` folder": made, a directory holds nothing.
    .replace(/\b(an?|the)\s+empty\s+(?:directory|dir|folder|sub-?directory)\s+(?=`)/gi, 'a directory ')
    // "an empty file `e.txt`": a file made with no text holds nothing.
    .replace(/\b(?:an?|the)\s+empty\s+file\s+(?=`)/gi, 'a file ')
    // "a regular file `x`": a file, as every file the setup makes is.
    .replace(/\b(an?|the)\s+(?:regular|plain|ordinary)\s+file\s+(?=`)/gi, 'a file ')
    // "a file `x` (content `y`)": what it holds, as its line.
    .replace(/(`[\w.\/-]+`)\s*\(\s*(?:content|contents|text)\s*:?\s*(`[^`]+`)\s*\)/gi, '$1 containing $2')
    // "…, and no directory `build`": beside what it holds, a name the project does not hold.
    .replace(/(?:,\s*|\s+)and\s+no\s+(?:file|directory|folder|dir|sub-?directory)\s+`([\w.-]+(?:\/[\w.-]+)*)\/?`(?=\s*(?:,|$))/gi, ', and `$1` does not exist')
    .replace(/\b(?:an?|the)\s+empty\s+(`[^`]+`)\s+(?:directory|dir|folder|sub-?directory)\b/gi, 'a directory $1')
    // "a `sub/` directory", "`refs/`": a name with a trailing slash is a directory.
    .replace(/(?<![\w`])(?:(?:an?|the)\s+)?`([\w-][\w.-]*(?:\/[\w-][\w.-]*)*)\/`(?:\s+(?:directory|dir|folder|sub-?directory))?/gi, (_w, name: string) => `a directory \`${name}\``)
    // "… and `notes.txt`": a name with an extension listed among what the project holds is a file, never a command line.
    .replace(/(,\s*|\s+and\s+)(`[\w-][\w.-]*(?:\/[\w-][\w.-]*)*\.[A-Za-z]\w{0,4}`)(?=\s*(?:,|$|\band\b|\bcontaining\b))/g, '$1a file $2')
    // "…, next to this configuration file": the project is the configuration's directory.
    .replace(/,?\s+next\s+to\s+(?:this|the|its)\s+(?:configuration|config)(?:\s+file)?(?=\s*(?:,|$))/gi, '');
  return `${before}${after}`;
}
