// The Lisp test vocabulary as an editor shows it: each exported name with its lambda
// list and docstring, read from docs/vocabulary.md (which `npm run vocabulary` generates
// from the driver image, see run/lisp/reference.ts), and where each is defined: in the
// driver's Lisp sources shipped beside this code, or in the project's own vocabulary files.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DRIVER_SOURCES } from '../run/lisp/driver.js';
import { lispDefinitions, type LispDefinition } from './lisp-definitions.js';
import { vocabularyDirectoryProblem } from '../lisp-image/vocabulary-files.js';

export interface VocabularyEntry {
  name: string;
  kind: string;
  /** "(server code &optional package)", or null for a variable. */
  lambdaList: string | null;
  documentation: string | null;
}

/** The package's docs/vocabulary.md, from dist/src/lsp (or src/lsp). */
export const VOCABULARY_PAGE = fileURLToPath(new URL('../../../docs/vocabulary.md', import.meta.url));

/** Entries of the page: "### `(name lambda list)`" then "*kind*: docstring". */
export function readVocabularyPage(markdown: string): VocabularyEntry[] {
  const entries: VocabularyEntry[] = [];
  const lines = markdown.split('\n');
  lines.forEach((line, i) => {
    const heading = /^### `(.*)`$/.exec(line)?.[1];
    if (heading === undefined) return;
    const description = lines.slice(i + 1).find((l) => l.trim() !== '') ?? '';
    const [, kind = 'unknown', documentation] = /^\*([a-z-]+)\*(?::\s*(.*))?$/.exec(description) ?? [];
    const call = /^\(([^\s()]+)\s*(.*)\)$/s.exec(heading);
    entries.push({
      name: (call ? call[1] : heading).toLowerCase(),
      kind,
      lambdaList: call ? `(${call[2]})` : null,
      documentation: documentation ?? null,
    });
  });
  return entries;
}

/** How a name is called: "(evaluate-in-session server code &optional package)"; a variable's name alone. */
export function usage(entry: { name: string; lambdaList: string | null }): string {
  if (entry.lambdaList === null) return entry.name;
  const parameters = entry.lambdaList.replace(/^\((.*)\)$/s, '$1').trim();
  return `(${entry.name}${parameters ? ` ${parameters}` : ''})`;
}

export class Vocabulary {
  readonly entries: Map<string, VocabularyEntry>;
  private sources: Map<string, LispDefinition> | null = null;

  /** `projectFiles`: the configuration's `vocabulary` files, loaded into every driver after the built-in one. */
  constructor(
    page: string,
    private readonly projectFiles: string[] = [],
  ) {
    this.entries = new Map(readVocabularyPage(page).map((entry) => [entry.name, entry]));
    // The project's own definitions are vocabulary too: they complete and hover like the built-in ones.
    for (const definition of this.definitionsOf(projectFiles)) {
      if (definition.kind === 'variable' && !definition.name.startsWith('*')) continue;
      this.entries.set(definition.name, { name: definition.name, kind: definition.kind, lambdaList: definition.lambdaList, documentation: definition.documentation });
    }
  }

  static load(projectFiles: string[] = []): Vocabulary {
    return new Vocabulary(existsSync(VOCABULARY_PAGE) ? readFileSync(VOCABULARY_PAGE, 'utf8') : '', projectFiles);
  }

  /** Where NAME is defined: the project's vocabulary files first (they load last and win), then the driver's sources. */
  definition(name: string): LispDefinition | null {
    // Later files win, as the later load redefines.
    this.sources ??= new Map(this.definitionsOf([...DRIVER_SOURCES, ...this.projectFiles]).map((d) => [d.name, d]));
    return this.sources.get(name) ?? null;
  }

  private definitionsOf(files: string[]): LispDefinition[] {
    // A directory given as a vocabulary file is check's error: no definitions, no EISDIR here.
    return files.flatMap((file) => (existsSync(file) && vocabularyDirectoryProblem(file) === null ? lispDefinitions(readFileSync(file, 'utf8'), file) : []));
  }
}
