// The step library of a document: the user's step files and, where they apply
// (executor-steps.ts), the built-in executor steps, loaded the same way (ESM .js/.mjs natively, .ts through jiti), their expressions
// compiled against one parameter-type registry. Problems of loading (a file that
// throws, a bad expression, the same expression defined twice) are data, reported
// by the runner as failing points and by `spec-run steps`.
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inspect } from 'node:util';
import { CucumberExpression, ParameterType, type Argument, ParameterTypeRegistry, RegularExpression, type Expression } from '@cucumber/cucumber-expressions';
import type { Jiti } from 'jiti';
import { asUserCode } from './exit-guard.js';
import type { ScenarioStep, ScenarioUnit } from '../../model/plan.js';
import { stepKeyword } from '../../translate/step-keyword.js';
import { configurationBlock } from '../../translate/refused-block.js';
import type { ScenarioCondition } from './interpreter/condition.js';
import type { interpret, StepBefore, termsOf } from './interpreter/index.js';
import * as publicSteps from '../../steps/index.js';
import { collectRegistrations, type GlobalHookFunction, type HookFunction, type HookTime, type ParameterTypeOptions, type Registration, type StepFunction } from '../../steps/index.js';
import { setTimeout, clearTimeout, setImmediate } from '../../process/native-timers.js';
import { forgetProjectModules } from '../fresh-modules/forget.js';
import { watchUserCode } from '../../process/watchdog.js';
import { importClosure, inClosure, type ImportClosure } from './import-closure.js';
import { orderParameterTypesWithoutIcu } from './parameter-order.js';
import { builtinStepsBundled, bundledBuiltinSteps } from './builtin-steps.js';
import { escapeRegExp, inlineSourceMap, originalPlace, parseErrorPlace, stackPlace, withParsePlace, type Place } from './load-place.js';

export interface CompiledStep {
  keyword: string;
  /** The expression as written, for listings and diagnostics. */
  source: string;
  expression: Expression;
  fn: StepFunction;
  /** Its own time limit (`Given(expr, { timeout }, fn)`), in milliseconds. */
  timeoutMs?: number;
  file: string;
  line: number;
  builtin: boolean;
  /** A step the interpreter of executor scenarios read: what it checks or sets, as a reader reads it. */
  interpretation?: string;
  /** A built-in definition of the seed specification's `Then:` lists (registry.ts). */
  seedList?: true;
}

export interface Hook {
  when: HookTime;
  fn: HookFunction | GlobalHookFunction;
  name?: string;
  timeoutMs?: number;
  file: string;
  line: number;
  /** A hook of the built-in executor vocabulary, not the user's. */
  builtin: boolean;
}

import type { LoadProblem } from '../types.js';
export type { LoadProblem };

/** The interpreter of executor scenarios, how it reads a document's own nouns, and the file its steps are said to be defined in. */
export interface Interpreter {
  interpret: typeof interpret;
  termsOf: typeof termsOf;
  file: string;
}

export interface StepLibrary {
  steps: CompiledStep[];
  hooks: Hook[];
  /** The types the user's steps and snippets see: cucumber's, the built-in vocabulary's not redefined, and the user's own. */
  parameterTypes: ParameterTypeRegistry;
  /** The time limit of steps and hooks that give none (`setDefaultTimeout`), in milliseconds. */
  defaultTimeoutMs?: number;
  problems: LoadProblem[];
  /** The steps files that could not be loaded (among `problems`): steps they define are not seen. */
  unloaded: LoadProblem[];
  /** The language of snippets for undefined steps: TypeScript when the user writes .ts steps. */
  language: 'js' | 'ts';
  userFiles: string[];
  /** Where the executor vocabulary is active: reads steps no definition matches (interpreter/). */
  interpreter?: Interpreter;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** The built-in executor vocabulary: a steps file like a user's. */
export const BUILTIN_STEPS = path.join(here, 'steps', 'index.js');
const PUBLIC_MODULE = path.resolve(here, '../../steps/index.js');

// Places in stack traces (a definition's, a failure's) name the TypeScript sources.
process.setSourceMapsEnabled(true);
// Before the first registry: its built-in types are sorted as it is made.
orderParameterTypesWithoutIcu();
// `spec-run/steps` resolves to this spec-run wherever the user's file stands. Loaded only for a
// file Node cannot import itself: loading jiti took about 25 ms of every run with steps.
let jiti: Jiti | undefined;
const nativeImport = createRequire(import.meta.url)('./native-import.cjs') as (url: string) => Promise<unknown>;
/**
 * FILE through jiti. With AS_IT_IS_NOW, its text as it is now, transpiled: jiti would first
 * try Node's import, whose cache still holds the file's earlier, good version under its URL,
 * and return that, evaluating nothing (a steps file broken while watched would define no
 * step and report no load error).
 */
async function throughJiti(file: string, asItIsNow = false): Promise<unknown> {
  const { createJiti } = await import('jiti');
  // Its modules in Node's require cache: a module two steps files import is evaluated, and
  // registers what it defines, once; loadAnew forgets the project's.
  jiti ??= createJiti(import.meta.url, { alias: { 'spec-run/steps': PUBLIC_MODULE }, tryNative: true, moduleCache: true });
  transpiled.add(file);
  if (asItIsNow) return jiti.evalModule(readFileSync(file, 'utf8'), { filename: file, async: true, forceTranspile: true });
  return jiti.import(pathToFileURL(file).href);
}

/** Steps files evaluated as jiti transpiled them: the places of their errors are read back through a source map. */
const transpiled = new Set<string>();

/**
 * What jiti makes of SOURCE (as FILE) when it imports it, with the source map of that
 * transform. A jiti of its own, made only when an error needs it: the one that imports
 * makes no map (every steps file would carry one), and writes no cache entry for this one.
 */
async function transpiledWithMap(source: string, file: string): Promise<string> {
  const { createJiti } = await import('jiti');
  mapping ??= createJiti(import.meta.url, { sourceMaps: true, fsCache: false, moduleCache: false });
  // As an import transforms it: asynchronous (a top-level await), TypeScript by the file's extension.
  return mapping.transform({ source, filename: file, ts: /\.[cm]?tsx?$/.test(file), async: true });
}
let mapping: Jiti | undefined;

/**
 * How many characters jiti's function wrapper puts before line 1 of the code it evaluates
 * (counted once, from where a probe's `new Error()` stands in its stack), so that a place on
 * line 1 is read as the transform's.
 */
let firstLineShift: Promise<number> | undefined;
function jitiFirstLineShift(): Promise<number> {
  firstLineShift ??= (async () => {
    const probe = path.join(here, 'jiti-wrapper-probe.mjs');
    const source = 'export const made = new Error();\n';
    const code = await transpiledWithMap(source, probe);
    const { made } = (await mapping!.evalModule(source, { filename: probe, async: true, forceTranspile: true })) as { made: Error };
    const column = stackPlace(made, probe)?.column;
    const inTransform = code.split('\n')[0].indexOf('new Error') + 1;
    return column === undefined || inTransform === 0 ? 0 : column - inTransform;
  })().catch(() => 0);
  return firstLineShift;
}

/** Where FILE's top level failed as ERROR says it, as the file is written (load-place.ts). */
async function placeOfError(error: Error, file: string): Promise<Place> {
  const parsed = parseErrorPlace(error.message, file);
  if (parsed) return parsed;
  const place = stackPlace(error, file) ?? { line: 1 };
  if (!transpiled.has(file) || place.column === undefined) return place;
  try {
    const map = inlineSourceMap(await transpiledWithMap(readFileSync(file, 'utf8'), file));
    return map ? originalPlace(place, map, await jitiFirstLineShift()) : place;
  } catch {
    // The file unreadable now, or jiti failing on it: the place as it ran.
    return place;
  }
}

/**
 * Errors of a native import after which jiti may try the file: `spec-run/steps` (or another
 * module) not found where the file stands (spec-run installed elsewhere, which jiti's alias
 * finds), TypeScript, and CommonJS requiring an ES module (which jiti's transform allows).
 */
const JITI_MAY_LOAD = new Set(['ERR_MODULE_NOT_FOUND', 'ERR_UNKNOWN_FILE_EXTENSION', 'ERR_REQUIRE_ESM', 'MODULE_NOT_FOUND']);

/**
 * A syntax error Node found parsing FILE (or a module it imports), before anything ran: Node
 * keeps its place out of the error's stack, jiti's parse says it. A SyntaxError thrown while
 * the file ran (JSON.parse) has the file in its stack, and is the file's own error.
 */
function isParseError(error: unknown, file: string): boolean {
  return error instanceof SyntaxError && !(error.stack ?? '').includes(file);
}

/**
 * FILE imported by Node where it can, else through jiti. Registrations go to the collector
 * on globalThis (spec-run/steps), so a file that finds another copy of spec-run/steps than
 * this one registers its steps all the same.
 */
async function importModule(file: string): Promise<unknown> {
  if (/\.[cm]?tsx?$/.test(file)) return throughJiti(file);
  try {
    return await nativeImport(pathToFileURL(file).href);
  } catch (error) {
    // A loader hook of the user's (tsx, a test runner's) may pass the error on without its code.
    // `throw undefined` (or null) at the file's top level is the file's error, not one to read fields of.
    const { code, message } = (error ?? {}) as { code?: string; message?: string };
    if (JITI_MAY_LOAD.has(code ?? '') || /^Cannot find (?:package|module) /.test(message ?? '') || isParseError(error, file)) return throughJiti(file);
    throw error;
  }
}

/** Each file's registrations, once per process (and again when the file changes). */
const loaded = new Map<string, Promise<Registration[] | LoadProblem>>();
let loading: Promise<unknown> = Promise.resolve();

/** How long a steps file's top level may take (a top-level await starting a server, say), unless the run gives its unit time limit. */
const LOAD_LIMIT_MS = 60_000;

/** Why a load is refused when the event loop empties while its top level awaits. */
const NEVER_SETTLES = 'its top level awaits what can never settle: nothing is left pending that could settle it (no timer, socket, request or process of its own), as when it awaits a promise nobody resolves';

/**
 * The import, or an error at the load limit, or at once when the event loop empties while
 * it is pending: a top-level await that never settles would otherwise leave nothing for
 * Node to wait on (spec-run ended with exit 13, no report), and took the whole load limit
 * (a minute for check and --dry-run) once the limit's timer held the loop. That timer is
 * unref'd: what the top level awaits (a timer, a socket, a child process) holds the loop
 * while it may still settle, as it would hold Node's.
 */
async function withinLoadLimit<T>(load: Promise<T>, limitMs: number, file: string, interrupt?: AbortSignal): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let onInterrupt = () => {};
  let onIdle = () => {};
  // A top level in an endless synchronous loop is stopped past the limit (process/watchdog.ts).
  const unwatch = watchUserCode(Date.now() + limitMs, `the top level of steps file ${shownPath(file)}`);
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`its top level did not finish within ${limitMs} ms (a top-level await that never settles?)`)), limitMs).unref();
    onInterrupt = () => reject(new Error('spec-run was interrupted while its top level was still running'));
    // A turn later: a 'beforeExit' listener of the file's own (one it awaits) may settle it yet.
    onIdle = () => void setImmediate(() => reject(new Error(NEVER_SETTLES)));
    if (interrupt?.aborted) onInterrupt();
    else interrupt?.addEventListener('abort', onInterrupt, { once: true });
  });
  process.once('beforeExit', onIdle);
  try {
    return await Promise.race([load, limit]);
  } finally {
    unwatch();
    process.off('beforeExit', onIdle);
    interrupt?.removeEventListener('abort', onInterrupt);
    clearTimeout(timer);
  }
}

/** Counts loadAnew's calls: a file loaded in another generation is loaded again. */
let generation = 0;

/**
 * From now on, every steps file is loaded anew when a run asks for it, with fresh
 * instances of the project's modules it imports: a rerun of --watch, which a document's
 * change starts, must not check the code of a helper module as it was before an edit.
 */
export function loadAnew(): void {
  generation += 1;
  forgetProjectModules();
  loadedThisGeneration.clear();
  versionsThisGeneration.clear();
  closures.clear();
}

/** A file's modification time, as its loads are keyed by. */
const versionOf = (file: string) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 'missing';

/** The modification time each steps file had when this generation loaded it, by file. */
const versionsThisGeneration = new Map<string, number | 'missing'>();

/**
 * Whether FILE changed since this generation loaded it. Node's and jiti's module caches still
 * hold its earlier module under its path: imported again, it would evaluate nothing and define
 * no step (an editor typing before its file watcher told of a save saw every step undefined).
 */
function changedSinceLoaded(file: string): boolean {
  const loadedAt = versionsThisGeneration.get(file);
  return loadedAt !== undefined && loadedAt !== versionOf(file);
}

/** The registrations each steps file's load of this generation made, by file. */
const loadedThisGeneration = new Map<string, Registration[]>();
/** What each steps file imports (import-closure.ts), by file, for this generation. */
const closures = new Map<string, ImportClosure>();

/**
 * Definitions FILES import from a module that an earlier load of another steps file
 * evaluated: Node evaluates a module once, so its definitions were registered then, and
 * FILES, importing it too, get them as if they had evaluated it themselves. Never the
 * built-in executor steps: they lie in spec-run's package, which a steps file importing
 * `spec-run/steps` imports, yet they bind only the documents they apply to
 * (executor-steps.ts); taken here, a document's definitions were the built-in ones too
 * once an earlier document of the run had loaded them.
 */
function importedFromEarlierLoads(files: string[], loads: (Registration[] | LoadProblem)[]): Registration[] {
  const own = new Set(loads.flatMap((load) => (Array.isArray(load) ? load : [])));
  const wanted = files.map((file) => {
    let closure = closures.get(file);
    if (!closure) closures.set(file, (closure = importClosure(file)));
    return closure;
  });
  const extra: Registration[] = [];
  for (const [file, registrations] of loadedThisGeneration) {
    if (files.includes(file) || file === BUILTIN_STEPS) continue;
    for (const r of registrations) {
      if (own.has(r) || extra.includes(r) || r.file === file) continue;
      if (wanted.some((closure) => inClosure(closure, r.file))) extra.push(r);
    }
  }
  return extra;
}

function registrationsOf(file: string, limitMs: number, interrupt?: AbortSignal): Promise<Registration[] | LoadProblem> {
  const mtime = versionOf(file);
  const version = `${mtime}-${generation}`;
  // One load of the project's modules a generation, shared by its steps files: a module two
  // of them import (a parameter type's) is evaluated, and registers what it defines, once.
  const load = String(generation);
  const key = `${file}@${version}`;
  let entry = loaded.get(key);
  if (!entry) {
    // One file at a time: the collector is global while a file's top level runs.
    const loadedIn = generation;
    entry = loading.then(() =>
      collectedFrom(file, () => asUserCode(`steps file ${shownPath(file)}`, file, () => withinLoadLimit(importSteps(file, load), limitMs, file, interrupt))).then(
        (loaded) => {
          const registrations = [...loaded, ...requiredButMissing(file)];
          if (loadedIn === generation) loadedThisGeneration.set(file, registrations);
          return registrations;
        },
        async (error: unknown): Promise<LoadProblem> => {
          if (!(error instanceof Error)) return thrownValue(error, file);
          const missing = missingExport(error, file);
          const place = missing?.at ?? (await placeOfError(error, file));
          // A parser's message names the place as file:line:column (its column from 0), the file absolute: shown as the project names it.
          const thrown = withParsePlace(error.message.replace(/\s+/g, ' ').trim(), file, place);
          const said = missing?.message ?? backslashPath(error, file) ?? thrown.replaceAll(file, shownPath(file));
          return { file, line: place.line, ...(place.column !== undefined ? { column: place.column } : {}), message: `cannot load steps file: ${said}` };
        },
      ),
    );
    loading = entry;
    loaded.set(key, entry);
    versionsThisGeneration.set(file, mtime);
  }
  return entry;
}

/**
 * What FILE registers as LOAD imports it; the built-in steps from their bundle when the
 * build made one (a fresh evaluation each time, as a load anew of the module imports it).
 */
function collectedFrom(file: string, load: () => Promise<unknown>): Promise<Registration[]> {
  return file === BUILTIN_STEPS && builtinStepsBundled() ? bundledBuiltinSteps() : collectRegistrations(load);
}

/** Steps files imported before in this process. */
const imported = new Set<string>();
/** Where spec-run loads a module anew (fresh-modules/). */
const FRESH_MODULES = path.resolve(here, '../fresh-modules/index.js');

/**
 * FILE's module. A changed file (--watch) is evaluated again with fresh instances of the
 * project's modules it imports (jiti would import its first instance again); TypeScript
 * goes through jiti, which evaluates it anew without its module cache.
 */
async function importSteps(file: string, load: string): Promise<unknown> {
  const again = imported.has(file);
  imported.add(file);
  if (!again || /\.[cm]?tsx?$/.test(file)) return importModule(file);
  const { importFresh } = (await nativeImport(pathToFileURL(FRESH_MODULES).href)) as typeof import('../fresh-modules/index.js');
  try {
    return await importFresh(file, load, PUBLIC_MODULE);
  } catch (error) {
    // Node's error leaves out where the syntax error is: jiti's parse says it.
    if (isParseError(error, file)) return throughJiti(file, true);
    throw error;
  }
}

/** What cucumber-js users import that spec-run/steps does not offer, and what to do instead. */
const INSTEAD: Record<string, string> = {
  setWorldConstructor: "`this` is spec-run's world, fresh per scenario: set your own fields on it in a Before hook",
  World: "`this` is spec-run's world, fresh per scenario (its type: import type { World } from 'spec-run/steps')",
  Status: "a step returns 'pending' or 'skipped', or calls this.skip(reason)",
};

/**
 * Names a CommonJS steps file takes from `require('spec-run/steps')` that it does not
 * export, each a problem at its line: unlike an import, such a name is undefined, and
 * fails only where it is used (`Status.PENDING` in a step).
 */
function requiredButMissing(file: string): Registration[] {
  if (!/\.c?[jt]s$/.test(file)) return [];
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const problems: Registration[] = [];
  for (const match of text.matchAll(/\{([^}]*)\}\s*=\s*require\(\s*['"]spec-run\/steps['"]\s*\)/g)) {
    const line = text.slice(0, match.index).split('\n').length;
    for (const name of match[1].split(',').map((entry) => entry.split(':')[0].trim()).filter(Boolean)) {
      if (name in publicSteps && name !== 'collectRegistrations') continue;
      problems.push({ kind: 'problem', message: missingExportMessage(name), file, line });
    }
  }
  return problems;
}

/** Says that spec-run/steps does not export NAME, with what to do instead. */
function missingExportMessage(name: string): string {
  const exported = Object.keys(publicSteps).filter((key) => key !== 'collectRegistrations');
  return `spec-run/steps does not export '${name}'${INSTEAD[name] ? `: ${INSTEAD[name]}` : ''} (it exports ${exported.join(', ')})`;
}

/**
 * A name imported from spec-run/steps that it does not export, said plainly, at the import
 * that names it: loaded through jiti, such an import fails only when called, as "(0 ,
 * _steps.setWorldConstructor) is not a function"; natively, as "does not provide an export
 * named"; required (CommonJS), as "setWorldConstructor is not a function". A name another
 * module lacks is that module's: its error says so itself.
 */
function missingExport(error: unknown, file: string): { message: string; at?: Place } | null {
  const message = error instanceof Error ? error.message : '';
  // CommonJS destructures what require() gave: "setWorldConstructor is not a function", said of cucumber-js's names only.
  const required = /^(\w+) is not a function/.exec(message)?.[1];
  const native = /The requested module '([^']+)' does not provide an export named '(\w+)'/.exec(message);
  const called = /^\(0 , _\w+\.(\w+)\) is not a function/.exec(message)?.[1];
  const name = called ?? native?.[2] ?? (required && INSTEAD[required] ? required : undefined);
  if (!name) return null;
  const imported = importOf(name, file);
  const from = native ? native[1] : (imported?.from ?? PUBLIC_SPECIFIER);
  if (from !== PUBLIC_SPECIFIER) {
    // jiti's words name its own variable (_helper), not the module: said as the file wrote it, where it was called.
    return called && imported ? { message: `'${name}', imported from '${from}' at line ${imported.at.line}, is not a function (does '${from}' export it?)` } : null;
  }
  if (name in publicSteps) return null;
  return { message: missingExportMessage(name), ...(imported ? { at: imported.at } : {}) };
}

const PUBLIC_SPECIFIER = 'spec-run/steps';

/** The module FILE's `import { NAME } from '...'` names, and where NAME stands in it; undefined when no such import is found. */
function importOf(name: string, file: string): { from: string; at: Place } | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  for (const match of text.matchAll(/\bimport\s+(?:type\s+)?(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*(['"])([^'"]+)\2/g)) {
    const entry = new RegExp(`(?:^|[\\s,])(?:type\\s+)?(${name})\\b`).exec(match[1]);
    if (!entry) continue;
    const offset = match.index + match[0].indexOf('{') + 1 + entry.index + entry[0].length - name.length;
    const before = text.slice(0, offset).split('\n');
    return { from: match[3], at: { line: before.length, column: before[before.length - 1].length + 1 } };
  }
  return undefined;
}

/** Node's module loader refuses a path with a backslash in it ("must not include encoded ... characters"); said with what to do. */
function backslashPath(error: unknown, file: string): string | null {
  if ((error as { code?: unknown })?.code !== 'ERR_INVALID_MODULE_SPECIFIER' || !file.includes('\\')) return null;
  return `Node cannot import a module whose path holds a backslash (${file}); rename the directory or file without it`;
}

/**
 * FILE's top level threw VALUE, no Error (`throw undefined`): said as the value it threw,
 * which carries no stack; at the line of the one `throw` of it the file holds, else line 1.
 */
/** A kind of thrown value with its article: "an object", "an array", "a symbol". */
export const aKind = (kind: string): string => `${/^[aeiou]/i.test(kind) ? 'an' : 'a'} ${kind}`;

function thrownValue(value: unknown, file: string): LoadProblem {
  let shown: string;
  try {
    shown = typeof value === 'string' ? JSON.stringify(value) : typeof value === 'object' && value !== null ? `an ${Array.isArray(value) ? 'array' : 'object'} (${inspect(value, { depth: 2, breakLength: Infinity })})` : String(value);
  } catch {
    shown = `${aKind(typeof value)} that cannot be read`;
  }
  // How the value is written after `throw`: a primitive only (an object's text is anyone's guess).
  const written =
    value === undefined ? '(?:undefined|void\\s+0)'
    : typeof value === 'string' ? `(?:${['"', "'", '`'].map((quote) => escapeRegExp(`${quote}${value}${quote}`)).join('|')})`
    : value === null || ['number', 'boolean', 'bigint'].includes(typeof value) ? escapeRegExp(`${String(value)}${typeof value === 'bigint' ? 'n' : ''}`)
    : null;
  let lines: number[] = [];
  try {
    if (written) lines = readFileSync(file, 'utf8').split('\n').flatMap((text, i) => (new RegExp(`\\bthrow\\s+${written}(?![\\w$])`).test(text) ? [i + 1] : []));
  } catch {
    // unreadable now: line 1
  }
  return { file, line: lines.length === 1 ? lines[0] : 1, message: `cannot load steps file: its top level threw ${shown}, not an Error (throw an Error, whose message and stack say what went wrong)` };
}


export interface LoadOptions {
  /** The built-in executor steps too: only for documents where they apply (executor-steps.ts). */
  builtins?: boolean;
  /** How long each file's top level may take (the run passes its unit time limit). */
  loadLimitMs?: number;
  /** Ends a load still waiting (a top-level await) when spec-run is interrupted. */
  interrupt?: AbortSignal;
  /** Files not to evaluate, each with its problem (the editor found its top level does not return): a problem of the library, as a file that throws is. */
  refused?: ReadonlyMap<string, LoadProblem>;
}

/** USERFILES' definitions, and the built-in executor steps when asked for. */
export async function loadStepLibrary(userFiles: string[], { builtins = false, loadLimitMs = LOAD_LIMIT_MS, interrupt, refused }: LoadOptions = {}): Promise<StepLibrary> {
  const files = [...(builtins ? [BUILTIN_STEPS] : []), ...userFiles.map((f) => path.resolve(f))];
  // A file changed with no loadAnew yet (no watcher has told of it): its module, and those it imports, are evaluated anew.
  if (files.some(changedSinceLoaded)) loadAnew();
  const loads: (Registration[] | LoadProblem)[] = [];
  for (const file of files) loads.push(refused?.get(file) ?? (await registrationsOf(file, loadLimitMs, interrupt)));
  const imported = importedFromEarlierLoads(files.filter((file) => file !== BUILTIN_STEPS), loads);
  const key = JSON.stringify([userFiles, loads.map(loadNumber), imported.map(loadNumber)]);
  if (imported.length) {
    files.push(IMPORTED_EARLIER);
    loads.push(imported);
  }
  let library = libraries.get(key);
  if (!library) {
    // Loaded only with the built-in steps it reads beside: a run of the user's steps alone does not evaluate it.
    const interpreter = builtins ? await import('./interpreter/index.js') : null;
    library = libraries.get(key) ?? compileLibrary(files, loads, userFiles, interpreter && { interpret: interpreter.interpret, termsOf: interpreter.termsOf, file: interpreter.INTERPRETER_FILE });
    libraries.set(key, library);
  }
  return library;
}

/** Stands, among a library's files, for the definitions it imports that an earlier load registered. */
const IMPORTED_EARLIER = '(imported, evaluated by an earlier load)';

/**
 * Each library compiled, by the loads of its files: the documents of a run share one (its
 * expressions and parameter-type registries were compiled again for each document), and a
 * steps file changed under --watch is a new load, so a new library.
 */
const libraries = new Map<string, StepLibrary>();
const loadNumbers = new WeakMap<object, number>();
let loadsNumbered = 0;

/** A number of its own for each load of a steps file (and each registration imported from one). */
function loadNumber(load: Registration[] | LoadProblem | Registration): number {
  let number = loadNumbers.get(load);
  if (number === undefined) loadNumbers.set(load, (number = loadsNumbered++));
  return number;
}

/** The library of FILES as loaded (LOADS, in the same order). */
function compileLibrary(files: string[], loads: (Registration[] | LoadProblem)[], userFiles: string[], interpreter: Interpreter | null): StepLibrary {
  const registrations: (Registration & { builtin: boolean })[] = [];
  const unloaded: LoadProblem[] = [];
  loads.forEach((result, i) => {
    if (Array.isArray(result)) registrations.push(...result.map((r) => ({ ...r, builtin: files[i] === BUILTIN_STEPS })));
    else unloaded.push(result);
  });
  const problems: LoadProblem[] = [...unloaded];
  // Two registries: a type of the user's named as one of the built-in vocabulary's ({path},
  // {duration}...) replaces it for the user's steps, while the built-in steps keep theirs.
  const builtinTypes = new ParameterTypeRegistry();
  const parameterTypes = new ParameterTypeRegistry();
  const userTypeNames = new Set(registrations.flatMap((r) => (r.kind === 'parameter-type' && !r.builtin ? [r.options.name] : [])));
  for (const r of registrations) {
    if (r.kind !== 'parameter-type') continue;
    const registries = r.builtin ? [builtinTypes, ...(userTypeNames.has(r.options.name) ? [] : [parameterTypes])] : [parameterTypes];
    try {
      for (const registry of registries) registry.defineParameterType(parameterType(r.options, r.builtin));
    } catch (error) {
      problems.push({ file: r.file, line: r.line, message: `defineParameterType: ${(error as Error).message}` });
    }
  }
  const steps: CompiledStep[] = [];
  for (const r of registrations) {
    if (r.kind !== 'step') continue;
    const source = typeof r.expression === 'string' ? r.expression : String(r.expression);
    try {
      const registry = r.builtin ? builtinTypes : parameterTypes;
      const expression = withNativeIndices(typeof r.expression === 'string' ? new CucumberExpression(r.expression.replace(/`/g, ''), registry) : new RegularExpression(withoutBackquotes(r.expression), registry));
      // Both are kept: a step they match is ambiguous and runs neither, as in cucumber-js.
      const twin = steps.find((s) => s.source === source && s.builtin === r.builtin);
      if (twin) problems.push({ file: r.file, line: r.line, message: `the same expression "${source}" is defined twice: at ${shownPath(twin.file)}:${twin.line} and at ${shownPath(r.file)}:${r.line}; the steps it matches are ambiguous` });
      steps.push({ keyword: r.keyword, source, expression, fn: r.fn, ...(r.timeoutMs ? { timeoutMs: r.timeoutMs } : {}), file: r.file, line: r.line, builtin: r.builtin, ...(r.builtin && r.seedList ? { seedList: true as const } : {}) });
    } catch (error) {
      problems.push({ file: r.file, line: r.line, message: `${r.keyword}(${JSON.stringify(source)}): ${expressionProblem((error as Error).message)}` });
    }
  }
  const hooks = registrations.flatMap((r): Hook[] => (r.kind === 'hook' ? [{ when: r.when, fn: r.fn, name: r.name, timeoutMs: r.timeoutMs, file: r.file, line: r.line, builtin: r.builtin }] : []));
  for (const r of registrations) if (r.kind === 'problem') problems.push({ file: r.file, line: r.line, message: r.message });
  // As in cucumber-js, the last call wins.
  const defaultTimeoutMs = registrations.flatMap((r) => (r.kind === 'default-timeout' ? [r.timeoutMs] : [])).at(-1);
  return {
    steps,
    hooks,
    parameterTypes,
    ...(defaultTimeoutMs ? { defaultTimeoutMs } : {}),
    problems,
    unloaded,
    language: userFiles.some((f) => /\.[cm]?ts$/.test(f)) ? 'ts' : 'js',
    userFiles,
    ...(interpreter ? { interpreter } : {}),
  };
}

/**
 * One rule for inline code marks, in literals, regular expressions and parameter types
 * alike: a step's text has none (markdown's `code` is read as its text), so a definition's
 * backquotes, escaped or not, are left out before matching. A definition copied from the
 * document with its `wc -l` still matches.
 */
/** A backquote in a pattern, escaped or not, with the quantifier that makes it optional or repeated. */
const BACKQUOTE = /\\?`[?*+]?/g;

function withoutBackquotes(pattern: RegExp): RegExp {
  return pattern.source.includes('`') ? new RegExp(pattern.source.replace(BACKQUOTE, ''), pattern.flags) : pattern;
}

function parameterType(o: ParameterTypeOptions, builtin: boolean): ParameterType<unknown> {
  const regexps = ((Array.isArray(o.regexp) ? o.regexp : [o.regexp]) as (RegExp | string)[]).map((r) => (typeof r === 'string' ? r.replace(BACKQUOTE, '') : withoutBackquotes(r)));
  const transform = o.transformer ?? ((...match: string[]) => match[0]);
  // The built-in vocabulary's types ({field}, {path}...) would turn a user's "the user" into "the {field}" in snippets.
  const useForSnippets = !builtin && (o.useForSnippets ?? true);
  return new ParameterType(o.name, regexps, null, function (this: unknown, ...match: string[]) { return transform.apply(this as never, match); }, useForSnippets, o.preferForRegexpMatch ?? false);
}

/**
 * A cucumber expression's error on one line: its first line ("problem at column 3") and
 * the explanation after the copy of the expression and its caret ("Undefined parameter
 * type 'color'").
 */
function expressionProblem(message: string): string {
  const lines = message.split('\n');
  const caret = lines.findIndex((line) => /^\s*\^/.test(line));
  const explanation = lines.slice(caret >= 0 ? caret + 1 : 1).map((line) => line.trim()).filter(Boolean);
  return [lines[0].trim(), ...explanation].join(' ');
}

/** The library as a document sees it: without the built-in executor steps unless they apply to it (executor-steps.ts). */
export function libraryFor(library: StepLibrary, builtins: boolean): StepLibrary {
  return builtins ? library : { ...library, steps: library.steps.filter((step) => !step.builtin), interpreter: undefined };
}

export interface StepMatch {
  step: CompiledStep;
  /** The matched texts, before parameter types transform them (their transformers may throw: see `stepArguments`). */
  matched: readonly Argument[];
}

/**
 * The words of TEXT a regular expression of MATCH's definition leaves out, or null: cucumber-js
 * anchors a cucumber expression, never a regular expression, so an unanchored one binds a
 * longer sentence whose rest no argument takes and nothing checks ("… 10 percent for ten
 * widgets and 25 percent for fifty"). Matching stays cucumber-js's; those words are undefined
 * ones, so a run treats the step as it treats an undefined step (it fails, TODO with
 * --no-strict), check says so and --list warns. Punctuation and spaces left out are no words.
 */
export function wordsLeftUnmatched(match: StepMatch, text: string): string | null {
  const expression = match.step.expression;
  if (match.step.builtin || !(expression instanceof RegularExpression)) return null;
  const found = new RegExp(expression.regexp.source, expression.regexp.flags.replace(/[gy]/g, '')).exec(text);
  if (!found) return null;
  const left = [text.slice(0, found.index), text.slice(found.index + found[0].length)].map((part) => part.trim()).filter((part) => !/^[\s\p{P}]*$/u.test(part));
  return left.length === 0 ? null : left.map((part) => JSON.stringify(part)).join(' and ');
}

/** Why STEP's words LEFT (wordsLeftUnmatched) are undefined words, as a run, check and --list say it. */
export const unmatchedWordsWarning = (match: StepMatch, left: string) =>
  `its definition (${shownPath(match.step.file)}:${match.step.line}) is the unanchored regular expression ${match.step.source}, which leaves ${left} of the step unmatched: no argument takes those words and nothing checks them; anchor it (^…$) and state them in it, or split the step`;

/** A file as reports name it: relative to the working directory when inside it, else absolute. */
export function shownPath(file: string): string {
  const cwd = process.cwd();
  const key = `${cwd}\0${file}`;
  let shown = shownPaths.get(key);
  if (shown === undefined) {
    const relative = path.relative(cwd, file);
    shownPaths.set(key, (shown = relative.startsWith('..') || path.isAbsolute(relative) ? file : relative));
  }
  return shown;
}

/** Each file as shown, from each working directory: every step of a run names its definition's. */
const shownPaths = new Map<string, string>();

/** The step's text as definitions see it: trimmed, without the colon or the full stop (not an ellipsis) that ends it. */
export function stepText(text: string): string {
  return text.trim().replace(/(:|(?<!\.)\.)$/, '').trim();
}

/** Where a step stands, for the interpreter of executor scenarios. */
export interface StepPlace {
  /** The step's inline code spans (`sleep 30`), which its plain text no longer marks. */
  code?: readonly string[];
  /**
   * Its scenario: a scenario is read by one model of the run (see `interpreterReader`). Its document's prose outside
   * scenarios (`prose`), where the writer defines nouns for the things of a run, is read for them only where the
   * interpreter reads, as the interpreter itself is loaded only where the executor vocabulary is active.
   */
  scenario?: ScenarioUnit;
  /** Its scenario's condition paragraph and YAML block: a Then is checked only on the setup they write (the document's nouns added where the interpreter reads: `interpretAt`). */
  condition?: Omit<ScenarioCondition, 'terms'>;
  /** The YAML block the step introduces (written right under it, before any other step): a When of it may only restate the block. */
  introduces?: string;
  /** The step's line in its scenario: a Then is read with the Givens and Whens before it, which set up the run it checks. */
  line?: number;
}

/** Where STEP stands in UNIT, as the interpreter reads it. */
export function stepPlace(unit: ScenarioUnit, step: ScenarioStep): StepPlace {
  const yaml = unit.configs.find((c) => /^ya?ml$/i.test(c.lang ?? ''));
  const condition = unit.condition === null ? undefined : { text: unit.condition, code: unit.conditionCode, yaml: yaml?.text ?? null, preconditions: unit.preconditions };
  const introduces = introducedBlock(unit, step);
  return { code: step.code, scenario: unit, line: step.line, ...(condition ? { condition } : {}), ...(introduces !== undefined ? { introduces } : {}) };
}

/** The YAML block of UNIT that STEP introduces: the step is the last before it, so the block is written under it (its doc string, or after its colon). */
function introducedBlock(unit: ScenarioUnit, step: ScenarioStep): string | undefined {
  const yaml = unit.configs.find((c) => /^ya?ml$/i.test(c.lang ?? ''));
  return yaml && step.line < yaml.line && !unit.steps.some((other) => other.line > step.line && other.line < yaml.line) ? yaml.text : undefined;
}

/**
 * The definitions that bind STEP of UNIT in a run, KEYWORD being the one it stands under
 * (keyedSteps): the run's rule, which --list, check, `spec-run steps` and the editor read
 * too (a scenario the interpreter reads as a whole leaves the seed vocabulary aside, a
 * sentence no definition matches may be read by the interpreter).
 */
export function bindStep(library: StepLibrary, unit: ScenarioUnit, step: ScenarioStep, keyword: string): StepMatch[] {
  return matchStep(library, step.text, keyword, stepPlace(unit, step));
}

/**
 * Whether a run of UNIT runs its configuration where the step definitions are SEEN: one of its
 * steps binds to the executor interpreter (a When as the run's setup, else the first Then as it
 * checks the run), or, where it has a stop-hook YAML block, to a built-in expression that runs
 * it (runsBlock), so a configuration the executor refuses fails that step.
 */
export function runsConfiguration(seen: StepLibrary, unit: ScenarioUnit): boolean {
  const block = configurationBlock(unit) !== null;
  let keyword: string | null = null;
  return unit.steps.some((step) => {
    keyword = stepKeyword(step.keyword, keyword);
    const matches = bindStep(seen, unit, step, keyword);
    return matches.length === 1 && (matches[0].step.interpretation !== undefined || (block && runsBlock(matches[0].step)));
  });
}

/**
 * Whether STEP, a built-in expression, runs its scenario's YAML block (vocabulary/subject.ts),
 * failing on a value the executor refuses; a definition of the seed's `Then:` lists reads the
 * block's errors itself instead (a future key it expects refused is its skip).
 */
function runsBlock(step: CompiledStep): boolean {
  return step.builtin && step.interpretation === undefined && !step.seedList;
}

/** The definitions matching the text, the user's own first (as a project's code wins over a library it uses). */
function definitionsMatching(library: StepLibrary, text: string): StepMatch[] {
  const matching = (candidate: string, steps = library.steps) => {
    const all = steps.flatMap((step) => {
      const matched = step.expression.match(candidate);
      return matched ? [{ step, matched }] : [];
    });
    const users = all.filter((m) => !m.step.builtin);
    return users.length > 0 ? users : all;
  };
  const asWritten = matching(text.trim());
  if (asWritten.length > 0) return asWritten;
  const bare = stepText(text);
  const withoutStop = bare === text.trim() ? [] : matching(bare);
  if (withoutStop.length > 0) return withoutStop;
  // A definition written with the colon or full stop a step leaves off (`Given('the items:', ...)`):
  // only cucumber expressions that end so are tried again (a regular expression keeps its own state).
  for (const stop of [':', '.']) {
    const ending = library.steps.filter((step) => step.expression instanceof CucumberExpression && step.expression.source.endsWith(stop));
    const withStop = ending.length ? matching(`${bare}${stop}`, ending) : [];
    if (withStop.length > 0) return withStop;
  }
  return [];
}

const scenarioReaders = new WeakMap<StepLibrary, WeakMap<ScenarioUnit, ScenarioStep | null>>();

/**
 * The step that makes the interpreter read UNIT, rather than the built-in expressions
 * of the seed vocabulary: the first that only the interpreter reads; null where none does.
 * Each is a model of the run of its own: a seed expression's Then
 * checks a probe of the command its own When steps described, and sees nothing the
 * interpreter set up; the interpreter sees only part of what those When steps set.
 * So a scenario with a step that only the interpreter reads is read by the
 * interpreter alone (a step only a seed expression matches is refused there: one-world.ts),
 * and a scenario written in the seed vocabulary's words keeps it. The user's own
 * definitions bind their steps in either.
 */
export function interpreterReader(library: StepLibrary, unit: ScenarioUnit): ScenarioStep | null {
  const interpreter = library.interpreter;
  if (!interpreter) return null;
  let known = scenarioReaders.get(library);
  if (!known) scenarioReaders.set(library, (known = new WeakMap()));
  let reader = known.get(unit);
  if (reader === undefined) {
    let keyword: string | null = null;
    const terms = interpreter.termsOf(unit);
    // A When is read with the YAML block it introduces, as it is when it runs (stepPlace): one that only restates the block is the interpreter's.
    reader =
      unit.steps.find((step) => {
        keyword = stepKeyword(step.keyword, keyword);
        return definitionsMatching(library, step.text).length === 0 && interpreter.interpret(step.text, keyword, step.code, undefined, introducedBlock(unit, step), terms).ok;
      }) ?? null;
    known.set(unit, reader);
  }
  return reader;
}

/** The built-in expressions matching STEP of UNIT that its scenario, read by the interpreter, leaves aside. */
export function builtinsSetAside(library: StepLibrary, unit: ScenarioUnit, step: ScenarioStep): StepMatch[] {
  if (interpreterReader(library, unit) === null) return [];
  const matched = definitionsMatching(library, step.text);
  return matched.every((m) => m.step.builtin) ? matched : [];
}

/**
 * Every definition matching the text: none is an undefined step, two or more an ambiguous
 * one. A definition may or may not spell the colon that introduces a doc string or table,
 * or the full stop of a sentence: those matching the text as written come first, and only
 * when none does, those matching it without that mark. Where the executor vocabulary is
 * active, the interpreter reads a step no definition matches, and in a scenario it reads
 * (`interpreterReader`) it takes the place of the built-in expressions.
 */
export function matchStep(library: StepLibrary, text: string, keyword?: string, place: StepPlace = {}): StepMatch[] {
  const matched = definitionsMatching(library, text);
  if (!library.interpreter || keyword === undefined) return matched;
  const interpreted = place.scenario !== undefined && interpreterReader(library, place.scenario) !== null;
  const kept = interpreted ? matched.filter((m) => !m.step.builtin) : matched;
  if (kept.length > 0) return kept;
  // Last: the interpreter, for sentences no definition was written for.
  const read = interpretAt(library.interpreter, text, keyword, place, library);
  return read.ok ? [{ step: interpretedStep(library.interpreter.file, keyword, text, read.text, read.run), matched: [] }] : [];
}

/** The part of cucumber's expressions that finds a match's groups (its TreeRegexp, not exported). */
interface GroupTree {
  regexp: RegExp;
  groupBuilder: { build(match: RegExpExecArray, nextGroupIndex: () => number): unknown };
  match(text: string): unknown;
}

/**
 * EXPRESSION, finding its groups' positions with V8's own `d` flag. Cucumber finds them
 * with a polyfill (regexp-match-indices) that parses the regular expression with
 * regexp-tree and compiles a measuring twin of it at every match: a run of 600 steps spent
 * a fifth of its time there. The groups' tree is still built by cucumber, from the
 * match with indices, so the arguments are the same. A global or sticky expression keeps
 * its state (lastIndex) in its own regular expression: it keeps cucumber's way, as does
 * an expression whose parts are not where this version of cucumber has them.
 */
export function withNativeIndices<E extends Expression>(expression: E): E {
  const tree = (expression as unknown as { treeRegexp?: Partial<GroupTree> }).treeRegexp;
  const regexp = tree?.regexp;
  if (!(regexp instanceof RegExp) || regexp.global || regexp.sticky || typeof tree?.groupBuilder?.build !== 'function') return expression;
  const { groupBuilder } = tree as GroupTree;
  const indexed = new RegExp(regexp.source, regexp.hasIndices ? regexp.flags : `${regexp.flags}d`);
  tree.match = (text: string) => {
    const match = indexed.exec(text);
    if (!match) return null;
    let group = 0;
    return groupBuilder.build(match, () => group++);
  };
  return expression;
}

/** Why the interpreter did not read a step, for its TODO; null where it is not active or did read it. */
export function notInterpreted(library: StepLibrary, text: string, keyword: string, place: StepPlace = {}): string | null {
  if (!library.interpreter) return null;
  const read = interpretAt(library.interpreter, text, keyword, place, library);
  if (read.ok) return null;
  return read.notUnderstood.length > 0 ? `the executor interpreter did not understand: ${read.notUnderstood.map((w) => JSON.stringify(w)).join(', ')}` : `the executor interpreter did not read it: ${read.reason}`;
}

/**
 * The interpreter's reading of TEXT at PLACE, with the nouns its document's prose defines, in its condition too; a
 * Then with the Givens and Whens before it that the interpreter reads (LIBRARY's, the user's own definitions binding
 * none of them), which set up the run it checks.
 */
function interpretAt(interpreter: Interpreter, text: string, keyword: string, place: StepPlace, library: StepLibrary): ReturnType<typeof interpret> {
  // A Given or When after a Then starts a second run: the interpreter's steps set up and check one run of a scenario
  // (a run a Then has checked cannot be changed), so a second is not read rather than failing where it is true.
  if (keyword !== 'Then' && place.scenario !== undefined && place.line !== undefined && thenBefore(place.scenario, place.line)) {
    return { ok: false, notUnderstood: [], reason: "it comes after a Then of its scenario: it would start a second run of spec-run exec, and a scenario's steps set up and check one run" };
  }
  const terms = interpreter.termsOf(place.scenario);
  const before = keyword === 'Then' && place.scenario !== undefined && place.line !== undefined ? setupBefore(library, place.scenario).filter((s) => s.line < place.line!).map(({ line: _, ...step }) => step) : undefined;
  return interpreter.interpret(text, keyword, place.code, place.condition && { ...place.condition, terms }, place.introduces, terms, before);
}

/** Whether UNIT has a Then (or a step under one) before LINE. */
function thenBefore(unit: ScenarioUnit, line: number): boolean {
  let keyword: string | null = null;
  for (const step of unit.steps) {
    keyword = stepKeyword(step.keyword, keyword);
    if (step.line >= line) return false;
    if (keyword === 'Then') return true;
  }
  return false;
}

const setupSteps = new WeakMap<StepLibrary, WeakMap<ScenarioUnit, (StepBefore & { line: number })[]>>();

/** The Givens and Whens of UNIT that no definition of the user's binds, with their lines: the interpreter's setup of its run. */
function setupBefore(library: StepLibrary, unit: ScenarioUnit): (StepBefore & { line: number })[] {
  let known = setupSteps.get(library);
  if (!known) setupSteps.set(library, (known = new WeakMap()));
  let steps = known.get(unit);
  if (steps === undefined) {
    let keyword: string | null = null;
    steps = unit.steps.flatMap((step) => {
      keyword = stepKeyword(step.keyword, keyword);
      if (keyword === 'Then' || definitionsMatching(library, step.text).some((m) => !m.step.builtin)) return [];
      const introduces = introducedBlock(unit, step);
      return [{ text: step.text, line: step.line, ...(step.code !== undefined ? { code: step.code } : {}), ...(introduces !== undefined ? { introduces } : {}) }];
    });
    known.set(unit, steps);
  }
  return steps;
}

function interpretedStep(file: string, keyword: string, text: string, interpretation: string, fn: StepFunction): CompiledStep {
  const expression: Expression = { source: text, match: () => [] };
  return { keyword, source: `interpreted: ${interpretation}`, expression, fn, file, line: 1, builtin: true, interpretation };
}

/**
 * Why MATCH's definition cannot run STEP: it takes fewer parameters than its expression
 * captures, or none for the step's doc string or data table (a table, or the sub-bullets
 * under its bullet), which would be passed last; what it drops, and any check written in
 * it, would be lost, as cucumber-js refuses it too. Null when it takes them all, takes its
 * parameters as a rest parameter, or is spec-run's own (the built-in vocabulary reads its
 * scenario's blocks itself).
 */
export function droppedArgument(match: StepMatch, step: ScenarioStep): string | null {
  const argument = step.argument;
  const fn = match.step.fn;
  if (match.step.builtin || hasRestParameter(fn)) return null;
  // As cucumber-js refuses it: a value the expression captures and the definition drops is checked by nothing.
  if (fn.length < match.matched.length) {
    const given = match.matched.length + (argument ? 1 : 0);
    return `the definition takes ${fn.length} parameter${fn.length === 1 ? '' : 's'}; this step gives ${given}${argument ? ` (its ${argument.kind} included)` : ''}, which it would drop: take ${given} (or ${given + 1} with a callback)`;
  }
  if (!argument || fn.length > match.matched.length) return null;
  const what = argument.kind === 'doc-string' ? 'a doc string' : 'a data table (the table or sub-bullets written under it)';
  const parameters = `${fn.length} parameter${fn.length === 1 ? '' : 's'}`;
  return `the step has ${what} from line ${argument.line}, which its definition does not take (it has ${parameters}, and the expression gives ${match.matched.length}): add a parameter for it, or remove it from the step`;
}

/** `function (...args)`, `(...args) =>`: its length says nothing of what it takes. (`x => ...` has no parameter list in parentheses: the `=` stops the search.) */
function hasRestParameter(fn: StepFunction): boolean {
  try {
    return /^[^(=]*\([^)]*\.\.\./.test(Function.prototype.toString.call(fn));
  } catch {
    return false;
  }
}

/** The arguments as the step function receives them: parameter types' transformers applied, with the world as `this`. */
export function stepArguments(match: StepMatch, world: unknown): unknown[] {
  return match.matched.map((argument) => argument.getValue(world));
}
