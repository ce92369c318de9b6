// `spec-run init`: a project that passes at once. It copies the files of templates/init
// (a configuration, one Lisp document, one OpenSpec document with its steps file in the
// conventional place, a CI workflow) into the directory, adds `.spec-run/` to
// .gitignore, and never overwrites a file: one that exists is kept and said so.
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configurationName, configurationsIn, loadConfig, type ProjectConfig } from './config.js';
import { stepFilesOf } from './step-files.js';

/** The configuration init writes, a file of the templates. */
const TEMPLATE_CONFIGURATION = 'spec-run.config.json';

/** The configurations DIRECTORY holds; none when what it holds cannot be read (the run says why). */
function configurationsOf(directory: string): ReturnType<typeof configurationsIn> {
  try {
    return configurationsIn(directory);
  } catch {
    return [];
  }
}

/** The templates, shipped in the package beside dist/. */
const TEMPLATES = fileURLToPath(new URL('../../../templates/init/', import.meta.url));

function filesUnder(directory: string, prefix = ''): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(directory, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

/**
 * What a configuration the project had already does to the scaffold: paths that leave out
 * specs/, steps that leave out the steps file init wrote. Each a note for the user; none
 * when the scaffold runs as written (or the configuration cannot be read: the run says why).
 */
async function configurationNotes(directory: string): Promise<string[]> {
  let config: ProjectConfig;
  try {
    config = loadConfig(undefined, directory);
  } catch {
    return [];
  }
  const notes: string[] = [];
  const name = config.source ? configurationName(config.source, directory) : 'the configuration';
  const specs = join(directory, 'specs');
  const inside = (root: string) => !relative(resolve(config.directory, root), specs).startsWith('..');
  if (config.paths && !config.paths.some(inside)) notes.push(`note     ${name} runs ${config.paths.join(', ')}, not specs/: the scaffold runs with npx spec-run specs/, or add "specs/" to its paths; the CI workflow written runs what the configuration says`);
  if (config.steps) {
    const document = join(specs, 'project.spec.md');
    let files: string[] = [];
    try {
      files = (await stepFilesOf(undefined, config, [document])).of(document);
    } catch {
      // A glob that matches nothing: the note below says what is left out.
    }
    if (!files.includes(join(directory, 'steps', 'project.steps.mjs'))) notes.push(`note     ${name} loads the steps ${config.steps.join(', ')}, not steps/project.steps.mjs: add "steps/**/*.mjs" to its steps, or the OpenSpec document's steps stay undefined`);
  }
  return notes;
}

export async function initCommand(directory = process.cwd()): Promise<number> {
  const say = (line: string) => console.log(line);
  // Documents there before init (the user's, or init's kept as edited) make the first run theirs: no promise that it passes.
  const specs = join(directory, 'specs');
  const hadDocuments = existsSync(specs) && statSync(specs).isDirectory() && filesUnder(specs).some((file) => file.endsWith('.md'));
  // A configuration of another form (YAML, package.json's key) is the project's: a second would make every run refuse both.
  const configured = configurationsOf(directory);
  let keptSteps = false;
  for (const file of filesUnder(TEMPLATES).sort()) {
    const target = join(directory, file);
    if (file === TEMPLATE_CONFIGURATION && configured.length > 0 && !existsSync(target)) {
      say(`kept     ${configurationName(configured[0].source, directory)} (the project's configuration; init writes no other)`);
      continue;
    }
    if (existsSync(target)) {
      say(`kept     ${file} (it exists; spec-run init never overwrites)`);
      if (file.startsWith('steps/')) keptSteps = true;
      continue;
    }
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(TEMPLATES, file), target);
    say(`created  ${file}`);
  }
  const gitignore = join(directory, '.gitignore');
  const ignored = existsSync(gitignore) ? readFileSync(gitignore, 'utf8') : null;
  if (ignored !== null && /^\/?\.spec-run\/?$/m.test(ignored)) say('kept     .gitignore (it already ignores .spec-run/)');
  else {
    appendFileSync(gitignore, `${ignored !== null && ignored !== '' && !ignored.endsWith('\n') ? '\n' : ''}# spec-run's record of the last run and its timings\n.spec-run/\n`);
    say(`${ignored === null ? 'created ' : 'updated '} .gitignore (.spec-run/ holds the record of the last run)`);
  }
  const where = relative(process.cwd(), directory) || '.';
  const notes = configured.length > 0 ? await configurationNotes(directory) : [];
  for (const note of notes) say(note);
  say('');
  // Documents or steps there before init make the first run theirs: no promise that it passes.
  const outlook = hadDocuments ? 'the documents that were there, and those init wrote' : notes.length ? 'as the configuration kept says: see the notes above' : keptSteps ? 'the steps file kept is yours: the OpenSpec document passes with the one init writes' : 'both documents should pass';
  // A configuration whose paths leave out specs/ runs other documents: the scaffold is named.
  const runs = notes.some((note) => note.includes('not specs/')) ? `${where === '.' ? '' : `${where}/`}specs/` : where === '.' ? '' : where;
  say(`Next: npx spec-run${runs ? ` ${runs}` : ''}        runs specs/ (${outlook})`);
  say('      npx spec-run doctor    checks what the documents need: the Lisp one needs sbcl, cl-fiveam and cl-bordeaux-threads');
  return 0;
}
