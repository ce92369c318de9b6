// Which step definition files a run loads. As cucumber-js finds its support code without
// being told, spec-run looks in conventional places when neither --steps nor the
// configuration's `steps` names any:
//  - in the project directory (the configuration's, else the working directory):
//    steps.{js,mjs,ts,...}, *.steps.{...}, and everything under steps/;
//  - beside each document run: the same three, in the document's own directory.
// --steps (from the working directory) or the configuration's `steps` (from its
// directory) replace the convention: then only the files they name load.
import { dirname, resolve } from 'node:path';
import { ConfigError, type ProjectConfig } from './config.js';

const EXTENSIONS = '{js,mjs,cjs,ts,mts,cts}';
/** The conventional places, relative to a directory. */
export const CONVENTIONAL_STEPS = [`steps.${EXTENSIONS}`, `*.steps.${EXTENSIONS}`, `steps/**/*.${EXTENSIONS}`];

/**
 * The step files: --steps globs, else the configuration's, else those found by convention
 * for DOCUMENTS. Absolute paths, each once, in a stable order. A glob given that matches
 * nothing is a configuration error.
 */
export async function stepFilesOf(cliGlobs: string[] | undefined, config: ProjectConfig, documents: string[] = []): Promise<string[]> {
  const { glob } = await import('tinyglobby');
  const files: string[] = [];
  const add = (found: string[]) => files.push(...found.sort().filter((f) => !files.includes(f)));
  const given = cliGlobs?.length ? { patterns: cliGlobs, cwd: process.cwd(), what: '--steps' } : config.steps ? { patterns: config.steps, cwd: config.directory, what: 'steps' } : null;
  if (given) {
    for (const pattern of given.patterns) {
      const found = await glob(pattern, { cwd: given.cwd, absolute: true });
      if (found.length === 0) throw new ConfigError(`${given.what} ${pattern}: no file matches`);
      add(found);
    }
    return files;
  }
  const directories = [config.directory, ...documents.map((document) => dirname(resolve(document)))];
  for (const cwd of directories.filter((d, i) => directories.indexOf(d) === i)) {
    add(await glob(CONVENTIONAL_STEPS, { cwd, absolute: true, ignore: ['**/node_modules/**'] }));
  }
  return files;
}
