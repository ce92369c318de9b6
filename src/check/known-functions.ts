// Asks SBCL, started from the driver image (CL, SBCL's extensions, FiveAM and the test
// vocabulary, as spec code sees them), which of the called names it does not know, and
// which of the characters written (`#\name`) its reader refuses: the names of characters
// differ by SBCL version, so the installed one answers, in the same process. Its
// first answer describes the vocabulary, from which suggest.ts ranks what to suggest for
// a name nobody defines. The image is the caller's to give: check does not reach into the
// run stage.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { execa } from 'execa';
import { defaultLisp } from '../lisp-image/core-image.js';
import { lispSources } from '../lisp-image/sources.js';
import { vocabularyDirectoryProblem } from '../lisp-image/vocabulary-files.js';
import { NameMatcher, type VocabularyEntry } from './suggest.js';
import { codeFacts } from './lisp-calls.js';
import { type LispNode, scanForms, unqualified } from '../translate/lisp-forms.js';

const [query] = lispSources(import.meta.url, ['known-functions.lisp']);

/** SBCL's command line: the driver image IMAGE, loading the query, which answers what stdin asks. */
const queryArguments = (image: string) => ['--core', image, '--noinform', '--disable-ldb', '--end-runtime-options', '--no-sysinit', '--no-userinit', '--disable-debugger', '--load', query, '--eval', '(sb-ext:exit)'];

/** A called name, with the argument counts of its calls (those written as calls, not #'name). */
export interface NameUse {
  name: string;
  argumentCounts: number[];
  /** The package the name is read in, when known (lower case): a bare name is then the vocabulary's only if defined there. */
  readIn?: string;
}

export interface UnknownName {
  /** "undefined", or what else is wrong ("no package named X"). */
  why: string;
  /** For an undefined name: vocabulary names of the same concept, best first (at most three). */
  suggestions: string[];
}

/** A line of the vocabulary's description: "name\tleast\tmost\tdocstring", most "*" when unbounded. */
export function vocabularyEntry(line: string): VocabularyEntry {
  const [name, least, most, documentation = ''] = line.split('\t');
  return { name, least: Number(least), most: most === '*' ? Infinity : Number(most), documentation };
}

/**
 * Adds the answer lines "name\treason" to UNKNOWN, with suggestions for the undefined ones. A
 * package the project's vocabulary files define is not in the image SBCL answers from: a name
 * of it they do not define is undefined there (a slip of the name), not of a package missing.
 * A character's answer ("#\name\treason") is the reader's error, as it is.
 */
function readAnswer(line: string, uses: Map<string, number[]>, matcher: NameMatcher, unknown: Map<string, UnknownName>, project: ProjectVocabulary): void {
  const tab = line.indexOf('\t');
  if (tab <= 0) return;
  const name = line.slice(0, tab);
  if (name.startsWith('#\\')) {
    unknown.set(name, { why: line.slice(tab + 1), suggestions: [] });
    return;
  }
  const colon = name.indexOf(':');
  const ofProjectPackage = colon > 0 && project.packages.has(packageName(name.slice(0, colon)));
  const why = ofProjectPackage ? 'undefined' : line.slice(tab + 1);
  unknown.set(name, { why, suggestions: why === 'undefined' ? matcher.suggest(name, uses.get(name)) : [] });
}

const countsByName = (uses: NameUse[]) => new Map(uses.map((use) => [use.name, use.argumentCounts]));

/** One batch of questions, a line each (known-functions.lisp): the names, then the characters as written. */
const questions = (uses: NameUse[], characters: readonly string[]) => [...uses.map((use) => use.name), ...characters].map((line) => `${line}\n`).join('');

/**
 * What the project's own vocabulary files (the configuration's `vocabulary`, loaded into every
 * driver after the built-in one) define: the functions, macros and structure operators, and
 * the packages, read from their text. Their arities are not read: any count of arguments fits.
 */
export interface ProjectVocabulary {
  entries: VocabularyEntry[];
  packages: Set<string>;
  /** Each name the files define -> the packages it is defined in (lower case, CL-USER as common-lisp-user), by their `in-package` forms, as a run loads them. */
  homes: Map<string, Set<string>>;
  /** Why a run could not load a file of it: one missing, code the reader cannot read (a run fails on either). */
  problems: { file: string; line: number; column: number; message: string }[];
}

export function projectVocabulary(files: string[]): ProjectVocabulary {
  const defining: { name: string; home: string }[] = [];
  const exports = new Set<string>();
  const packages = new Set<string>();
  const homes: ProjectVocabulary['homes'] = new Map();
  const problems: ProjectVocabulary['problems'] = [];
  for (const file of files) {
    if (!existsSync(file)) {
      problems.push({ file, line: 1, column: 1, message: "the configuration's vocabulary file does not exist: every Lisp document's run fails loading it" });
      continue;
    }
    const directory = vocabularyDirectoryProblem(file);
    if (directory !== null) {
      problems.push({ file, line: 1, column: 1, message: `the configuration's vocabulary entry ${directory}; every Lisp document's run fails loading it` });
      continue;
    }
    const scan = scanForms(readFileSync(file, 'utf8'));
    for (const problem of scan.problems) problems.push({ file, line: problem.line, column: problem.column, message: `Lisp code cannot be read: ${problem.message}; every Lisp document's run fails loading this vocabulary file` });
    const forms = scan.forms.map((form) => form.node);
    // A run loads each file in CL-USER; its in-package forms move what follows.
    let current = 'common-lisp-user';
    for (const node of forms) {
      const [head, name, ...options] = node.kind === 'list' ? node.items : [];
      const operator = head?.kind === 'symbol' ? unqualified(head.name) : null;
      const named = name?.kind === 'symbol' || name?.kind === 'string' ? packageName(name.kind === 'symbol' ? name.name : name.value) : null;
      if (operator === 'defpackage' && named) {
        packages.add(named);
        for (const exported of exportedNames(options)) exports.add(`${named}:${exported}`);
      }
      if (operator === 'in-package' && named) current = named;
      for (const defined of codeFacts([node]).defines) {
        (homes.get(defined) ?? homes.set(defined, new Set()).get(defined)!).add(current);
        defining.push({ name: defined, home: current });
      }
    }
  }
  // Each as code read in CL-USER must write it: a suggestion names the symbol the document can call.
  const entries = defining.map(({ name, home }): VocabularyEntry => {
    const written = home === 'common-lisp-user' ? null : `${home}${exports.has(`${home}:${name}`) ? ':' : '::'}${name}`;
    return { name, ...(written ? { written } : {}), least: 0, most: Infinity, documentation: '' };
  });
  return { entries, packages, homes, problems };
}

/** The names a defpackage's OPTIONS export, lower case: `(:export #:a :b "C")`. */
function exportedNames(options: LispNode[]): string[] {
  return options.flatMap((option) => {
    const [key, ...names] = option.kind === 'list' ? option.items : [];
    if (key?.kind !== 'symbol' || key.name.toLowerCase() !== ':export') return [];
    return names.flatMap((name) => (name.kind === 'symbol' ? [name.name.replace(/^#?:/, '').toLowerCase()] : name.kind === 'string' ? [name.value.toLowerCase()] : []));
  });
}

/** A package's name as written (`:iv`, `#:iv`, `"IV"`, `cl-user`), lower case, CL-USER by its full name. */
function packageName(written: string): string {
  const name = written.replace(/^#?:/, '').toLowerCase();
  return name === 'cl-user' ? 'common-lisp-user' : name;
}

/**
 * True when the project's vocabulary defines NAME as written: "name", or "package:name" of one of
 * its packages or of the package it defines the name in (`cl-user::iv-width`, called from a
 * document's own package, of a file loaded in CL-USER).
 */
function definedByProject({ name, readIn }: NameUse, project: ProjectVocabulary): boolean {
  const colon = name.indexOf(':');
  const bare = name.slice(colon + 1).replace(/^:/, '').toLowerCase();
  // A bare name is read in the code's package: RING's RING-PUSH is no function of CL-USER.
  if (colon <= 0) return readIn === undefined ? project.entries.some((entry) => entry.name === bare) : (project.homes.get(bare)?.has(readIn) ?? false);
  const home = packageName(name.slice(0, colon));
  return (project.homes.get(bare)?.has(home) ?? false) || (project.packages.has(home) && project.entries.some((entry) => entry.name === bare));
}

const NO_PROJECT_VOCABULARY: ProjectVocabulary = { entries: [], packages: new Set(), homes: new Map(), problems: [] };

/**
 * Each unknown name of USES (as given), with why, and each of CHARACTERS (`#\name` as written)
 * SBCL's reader refuses, with its error; `driverImage` gives the core to ask. Names
 * the project's vocabulary files define are known, and suggested for a name nobody defines.
 */
export async function unknownOperators(given: NameUse[], driverImage: () => Promise<string>, project = NO_PROJECT_VOCABULARY, characters: readonly string[] = []): Promise<Map<string, UnknownName>> {
  const unknown = new Map<string, UnknownName>();
  const uses = given.filter((use) => !definedByProject(use, project));
  if (uses.length === 0 && characters.length === 0) return unknown;
  const { stdout } = await execa(defaultLisp().sbcl, queryArguments(await driverImage()), { input: questions(uses, characters) });
  const lines = stdout.split('\n');
  const end = lines.indexOf('');
  const matcher = new NameMatcher([...lines.slice(0, end).map(vocabularyEntry), ...project.entries]);
  for (const line of lines.slice(end + 1)) readAnswer(line, countsByName(uses), matcher, unknown, project);
  return unknown;
}

/** The next line SBCL writes; an error once it has ended. */
async function nextLine(child: ChildProcessWithoutNullStreams, lines: AsyncIterator<string>): Promise<string> {
  const next = await lines.next();
  if (next.done) throw new Error(`SBCL answering which names exist ended (exit ${child.exitCode ?? child.signalCode})`);
  return next.value;
}

interface Session {
  child: ChildProcessWithoutNullStreams;
  lines: AsyncIterator<string>;
  /** The vocabulary the driver image describes. */
  vocabulary: VocabularyEntry[];
}

/**
 * The same question for a long session (the language server, asking after each change):
 * one SBCL process answers batch after batch, each ended by an empty line both ways, so a
 * change costs no SBCL start. A process that ends is started again for the next batch.
 */
export class UnknownOperatorsSession {
  private sbcl: Session | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly driverImage: () => Promise<string>) {}

  /** As `unknownOperators`, batches asked one after the other. */
  ask(uses: NameUse[], project = NO_PROJECT_VOCABULARY, characters: readonly string[] = []): Promise<Map<string, UnknownName>> {
    const answer = this.queue.then(() => this.askNow(uses.filter((use) => !definedByProject(use, project)), project, characters));
    this.queue = answer.catch(() => {});
    return answer;
  }

  private async askNow(uses: NameUse[], project: ProjectVocabulary, characters: readonly string[]): Promise<Map<string, UnknownName>> {
    const unknown = new Map<string, UnknownName>();
    if (uses.length === 0 && characters.length === 0) return unknown;
    this.sbcl ??= await this.start();
    const { child, lines, vocabulary } = this.sbcl;
    const matcher = new NameMatcher([...vocabulary, ...project.entries]);
    child.stdin.write(`${questions(uses, characters)}\n`);
    const counts = countsByName(uses);
    try {
      for (let line = await nextLine(child, lines); line !== ''; line = await nextLine(child, lines)) readAnswer(line, counts, matcher, unknown, project);
    } catch (error) {
      this.sbcl = null;
      throw error;
    }
    return unknown;
  }

  private async start(): Promise<Session> {
    const child = spawn(defaultLisp().sbcl, queryArguments(await this.driverImage()), { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stderr.resume();
    child.on('error', () => {}); // a failed start shows as the end of its answers
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const vocabulary: VocabularyEntry[] = [];
    for (let line = await nextLine(child, lines); line !== ''; line = await nextLine(child, lines)) vocabulary.push(vocabularyEntry(line));
    return { child, lines, vocabulary };
  }

  /** Ends the process: closing its input ends its loop. */
  close(): void {
    this.sbcl?.child.stdin.end();
    this.sbcl = null;
  }
}
