// Which step definition files each document gets. As cucumber-js finds its support code
// without being told, spec-run looks in conventional places when neither --steps nor the
// configuration's `steps` names any. In a directory, the conventional places are
// steps.{js,mjs,ts,...}, *.steps.{...}, and everything under steps/. A document gets:
//  - those of the project directory (the configuration's, else the working directory);
//  - those of its own directory and of each directory above it up to the project's.
// The files a document gets depend on where it stands, never on which other documents a
// run selects: steps beside specs/a/ bind specs/a/ and below, in a run of specs/ as in a
// run of specs/a/doc.md, and never specs/b/. A document outside the project gets the
// project's and its own directory's.
// --steps (from the working directory) or the configuration's `steps` (from its
// directory) replace the convention: then every document gets the files they name.
import { existsSync, statSync } from 'node:fs';
import { realOrSelf } from './discover.js';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { ConfigError, type ProjectConfig } from './config.js';
import { globIn } from './glob-in.js';
import { currentSpecPath } from '../translate/openspec-layout.js';

const EXTENSIONS = '{js,mjs,cjs,ts,mts,cts}';
/** The conventional places, relative to a directory. */
export const CONVENTIONAL_STEPS = [`steps.${EXTENSIONS}`, `*.steps.${EXTENSIONS}`, `steps/**/*.${EXTENSIONS}`];

export interface StepFiles {
  /** Every step file some document gets, each once (what --watch watches). */
  all: string[];
  /** The step files of DOCUMENT, one of those given, in load order: absolute paths. */
  of(document: string): string[];
}

/**
 * The directories the configuration's `steps` globs search from: each pattern's part
 * before its first glob character ("support" of "support/*.mjs"), where a steps file
 * added is one more. Empty when the convention applies.
 */
export function configuredStepDirectories(config: ProjectConfig): string[] {
  return (config.steps ?? []).map((pattern) => {
    const parts = pattern.split('/');
    const firstGlob = parts.findIndex((part) => /[*?[\]{}()!]/.test(part));
    // A pattern without glob characters names a file: its directory is where it is replaced.
    return resolve(config.directory, firstGlob < 0 ? dirname(pattern) : parts.slice(0, firstGlob).join('/') || '.');
  });
}

/** The directories whose conventional places DOCUMENT gets: the project's, then from the outermost down to its own. */
export function stepDirectories(projectDirectory: string, document: string): string[] {
  const project = resolve(projectDirectory);
  const own = dirname(resolve(document));
  // Where the document really stands in the project, links resolved: one reached through a
  // link (specs/a/link -> ../b, or a file link specs/a/x.md -> ../b/x.md) is specs/b's,
  // never the directory the link sits in.
  const really = relative(realOrSelf(project), dirname(realOrSelf(resolve(document))));
  const inside = really.startsWith('..') || isAbsolute(really) ? relative(project, own) : really;
  if (inside.startsWith('..') || isAbsolute(inside)) return [project, own];
  const directories = [project];
  // Split on the platform's separator only: a backslash is part of a name on POSIX.
  for (const part of inside === '' ? [] : inside.split(sep)) directories.push(resolve(directories.at(-1)!, part));
  return directories;
}

/**
 * The step files of DOCUMENTS: --steps globs, else the configuration's, else those found
 * by convention for each document, and for the other files its units are written in
 * (WRITTEN-IN, by document). A glob given that matches nothing is a configuration error.
 */
export async function stepFilesOf(cliGlobs: string[] | undefined, config: ProjectConfig, documents: string[] = [], writtenIn: ReadonlyMap<string, string[]> = new Map()): Promise<StepFiles> {
  const given = cliGlobs?.length ? { patterns: cliGlobs, cwd: process.cwd(), what: '--steps' } : config.steps ? { patterns: config.steps, cwd: config.directory, what: 'steps' } : null;
  if (given) {
    const files: string[] = [];
    for (const pattern of given.patterns) {
      // A pattern naming an existing file is that file, whatever glob characters its name holds (a backslash).
      const literal = resolve(given.cwd, pattern);
      const found = existsSync(literal) && statSync(literal).isFile() ? [literal] : await globIn(pattern, given.cwd);
      if (found.length === 0) throw new ConfigError(`${given.what} ${pattern}: no file matches`);
      files.push(...found.sort().filter((f) => !files.includes(f)));
    }
    return { all: files, of: () => files };
  }
  const inDirectory = new Map<string, string[]>();
  const byDocument = new Map<string, string[]>();
  for (const document of documents) {
    const files: string[] = [];
    // A document --change made of a spec and a delta gets the steps of both places: each
    // scenario binds as where it is written, in a run of the change as in a run of the tree;
    // so a delta run in the tree gets its capability's steps too, as applied it would.
    const capabilitySpec = currentSpecPath(document);
    for (const written of [document, ...(writtenIn.get(document) ?? []), ...(capabilitySpec ? [capabilitySpec] : [])]) {
      for (const directory of stepDirectories(config.directory, written)) {
        if (!inDirectory.has(directory)) inDirectory.set(directory, (await globIn(CONVENTIONAL_STEPS, directory, ['**/node_modules/**'])).sort());
        files.push(...inDirectory.get(directory)!.filter((f) => !files.includes(f)));
      }
    }
    byDocument.set(resolve(document), files);
  }
  const all = [...new Set([...byDocument.values()].flat())];
  return {
    all,
    of: (document) => {
      const files = byDocument.get(resolve(document));
      if (!files) throw new Error(`step files asked for ${document}, which was not among the documents given`);
      return files;
    },
  };
}
