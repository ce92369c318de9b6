// `spec-run init`: a project that passes at once. It copies the files of templates/init
// (a configuration, one Lisp document, one OpenSpec document with its steps file in the
// conventional place, a CI workflow) into the directory, adds `.spec-run/` to
// .gitignore, and never overwrites a file: one that exists is kept and said so. In a
// project with an OpenSpec tree (openspec/), the team's specifications are what runs: the
// configuration names openspec/, and no example (nor the Lisp family's CI set-up) is written.
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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

/** The OpenSpec tree init configures in place of its examples, relative to the project. */
const OPENSPEC_TREE = 'openspec/';

/** DIRECTORY holds an OpenSpec tree: openspec/ with its specs/ or changes/. */
function hasOpenspecTree(directory: string): boolean {
  return ['specs', 'changes'].some((part) => {
    const path = join(directory, OPENSPEC_TREE, part);
    return existsSync(path) && statSync(path).isDirectory();
  });
}

/**
 * The templates init writes and the text of each: all of them; for an OpenSpec project its
 * configuration naming openspec/ and the CI workflow without the Lisp family's packages,
 * no example documents or steps (a run of the examples alone would pass checking nothing of the team's).
 */
function scaffold(openspec: boolean): { file: string; text: string }[] {
  const files = filesUnder(TEMPLATES).sort().filter((file) => !openspec || !/^(specs|steps)\//.test(file));
  return files.map((file) => {
    const text = readFileSync(join(TEMPLATES, file), 'utf8');
    if (!openspec) return { file, text };
    if (file === TEMPLATE_CONFIGURATION) return { file, text: `${JSON.stringify({ paths: [OPENSPEC_TREE] }, null, 2)}\n` };
    // The apt line and its comment: OpenSpec documents need none of SBCL's packages.
    return { file, text: text.replace(/^ *# SBCL, FiveAM[^\n]*\n *- run: sudo apt-get[^\n]*\n/m, '') };
  });
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
async function configurationNotes(directory: string, openspec: boolean): Promise<string[]> {
  let config: ProjectConfig;
  try {
    config = loadConfig(undefined, directory);
  } catch {
    return [];
  }
  const notes: string[] = [];
  const name = config.source ? configurationName(config.source, directory) : 'the configuration';
  const specs = join(directory, 'specs');
  const inside = (root: string, path = specs) => !relative(resolve(config.directory, root), path).startsWith('..');
  if (openspec) {
    // The team's specifications are the tree: a configuration that runs none of it would pass on nothing of theirs.
    if (config.paths && !config.paths.some((root) => inside(root, join(directory, OPENSPEC_TREE)))) notes.push(`note     ${name} runs ${config.paths.join(', ')}, not ${OPENSPEC_TREE}: none of the OpenSpec tree's specifications run; add "${OPENSPEC_TREE}" to its paths`);
    return notes;
  }
  if (config.paths && !config.paths.some((root) => inside(root))) notes.push(`note     ${name} runs ${config.paths.join(', ')}, not specs/: the scaffold runs with npx spec-run specs/, or add "specs/" to its paths; the CI workflow written runs what the configuration says`);
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
  const openspec = hasOpenspecTree(directory);
  for (const { file, text } of scaffold(openspec)) {
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
    writeFileSync(target, text);
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
  const notes = configured.length > 0 ? await configurationNotes(directory, openspec) : [];
  for (const note of notes) say(note);
  say('');
  if (openspec) {
    const tree = `${where === '.' ? '' : `${where}/`}${OPENSPEC_TREE}`;
    say(`Found ${tree}: the configuration runs its specifications and the changes in flight; no example written.`);
    say(`Next: npx spec-run ${tree}        runs ${tree}${notes.length ? ' (as the configuration kept says: see the notes above)' : ''}`);
    say(`      npx spec-run snippets ${tree}   a step definition to write for each step no definition binds yet`);
    return 0;
  }
  // Documents or steps there before init make the first run theirs: no promise that it passes.
  const outlook = hadDocuments ? 'the documents that were there, and those init wrote' : notes.length ? 'as the configuration kept says: see the notes above' : keptSteps ? 'the steps file kept is yours: the OpenSpec document passes with the one init writes' : 'both documents should pass';
  // A configuration whose paths leave out specs/ runs other documents: the scaffold is named.
  const runs = notes.some((note) => note.includes('not specs/')) ? `${where === '.' ? '' : `${where}/`}specs/` : where === '.' ? '' : where;
  say(`Next: npx spec-run${runs ? ` ${runs}` : ''}        runs specs/ (${outlook})`);
  say('      npx spec-run doctor    checks what the documents need: the Lisp one needs sbcl, cl-fiveam and cl-bordeaux-threads');
  return 0;
}
