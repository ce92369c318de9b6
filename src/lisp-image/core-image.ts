// SBCL core images for the worker and the driver: their Lisp sources are loaded
// once and saved, so a process starts in milliseconds instead of compiling again.
// Images are cached by a hash of the sources, the files of the systems they require
// (FiveAM's version file among them) and the SBCL version; a stale image is never
// reused because its key no longer matches.
import { accessSync, constants, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { spawn } from 'node:child_process';
import { lispString } from './lisp-string.js';
import { cacheDirectory } from '../cache-directory.js';
import { makeDirectory } from '../make-directory.js';

export interface CoreImageSpec {
  /** Short name used in the file name and in messages: "worker", "driver". */
  name: string;
  /** Lisp files loaded in this order before the image is saved. */
  sources: string[];
  /** ASDF systems loaded first (e.g. "fiveam"). */
  systems?: string[];
  /** Form evaluated after loading, before saving (e.g. to set a toplevel). */
  finalForm?: string;
  /**
   * Heap size (SBCL dynamic space, MB) of the process that saves the image. Start
   * processes from it with no larger a heap: measured with SBCL 2.2.9, a process started
   * with a larger one has the whole saved heap resident at once (a worker: 42 MB
   * resident at start instead of 20).
   */
  dynamicSpaceMb?: number;
}

export interface LispImplementation {
  /** The sbcl executable. */
  sbcl: string;
}

export function defaultLisp(): LispImplementation {
  return { sbcl: process.env.SPEC_RUN_SBCL ?? 'sbcl' };
}

/** The cache directory, made when missing; an error that says how to choose another when it cannot be written. */
function ensureCacheDirectory(): void {
  const directory = cacheDirectory();
  try {
    makeDirectory(directory);
    accessSync(directory, constants.W_OK);
  } catch (error) {
    throw new Error(`the cache directory ${directory} (SBCL core images) cannot be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): set SPEC_RUN_CACHE to a writable directory`);
  }
}

/** A run of SBCL that failed, with its stdout and stderr interleaved as they came. */
class SbclFailure extends Error {
  constructor(
    message: string,
    readonly output: string,
  ) {
    super(message);
  }
}

/**
 * Runs `sbcl args` with no input; resolves with its output (stdout and stderr as they
 * came). node:child_process rather than a process library: `spec-run serve` loads this
 * module at every start, and a library's load time would be paid there.
 */
function runSbcl(sbcl: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(sbcl, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(env ? { env } : {}) });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('error', (error) => reject(new SbclFailure(error.message, error.message)));
    child.once('close', (code, signal) => {
      if (code === 0) resolve(output);
      else reject(new SbclFailure(`${sbcl} ${signal ? `was killed by ${signal}` : `exited with code ${code}`}`, output));
    });
  });
}

const versions = new Map<string, Promise<string>>();

/** `sbcl --version`, asked once per process. */
export function sbclVersion(lisp: LispImplementation): Promise<string> {
  let version = versions.get(lisp.sbcl);
  if (!version) {
    version = runSbcl(lisp.sbcl, ['--version']).then(
      (output) => output.trim(),
      (error: Error) => {
        throw new Error(`cannot run SBCL (${lisp.sbcl}): ${error.message}. Install it with: apt-get install ${LISP_PACKAGES.join(' ')} (spec-run doctor checks all that Lisp documents need)`);
      },
    );
    versions.set(lisp.sbcl, version);
  }
  return version;
}

/**
 * Where ASDF finds each system's definition (.asd): asked of SBCL once (a second or
 * so, too slow for every start), then remembered in the cache directory, and asked
 * again when a remembered file is gone.
 */
export async function systemDefinitions(systems: string[], lisp: LispImplementation): Promise<string[]> {
  if (systems.length === 0) return [];
  const { createHash } = await import('node:crypto');
  const remembered = join(
    cacheDirectory(),
    `systems-${createHash('sha256').update(await sbclVersion(lisp)).update(systems.join('\0')).update(asdfSearchPlaces()).digest('hex').slice(0, 16)}.json`,
  );
  try {
    const paths = JSON.parse(readFileSync(remembered, 'utf8')) as string[];
    if (Array.isArray(paths) && paths.length === systems.length && paths.every((path) => typeof path === 'string' && existsSync(path))) return paths;
  } catch {
    // none remembered, or a record cut short (a crash, a cache restored in part): asked again
  }
  const found = await findSystems(systems, lisp);
  const missing = systems.filter((system) => found[system] === null);
  if (missing.length > 0) throw new Error(missingSystemsMessage(missing));
  const paths = systems.map((system) => found[system]!);
  ensureCacheDirectory();
  const temporary = `${remembered}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(paths));
  renameSync(temporary, remembered);
  return paths;
}

/**
 * What decides where ASDF looks for systems beside Debian's: its environment variables and
 * the user's source directories and registry files, each with whether it exists and when
 * it last changed. A FiveAM copied into ~/common-lisp, or a CL_SOURCE_REGISTRY set, makes
 * ASDF find another definition: the systems are looked up again and the image rebuilt.
 */
export function asdfSearchPlaces(): string {
  const home = process.env.HOME ?? '';
  const data = process.env.XDG_DATA_HOME || join(home, '.local', 'share');
  const config = process.env.XDG_CONFIG_HOME || join(home, '.config');
  const places = [
    join(home, 'common-lisp'),
    join(data, 'common-lisp', 'source'),
    join(config, 'common-lisp', 'source-registry.conf'),
    join(config, 'common-lisp', 'source-registry.conf.d'),
  ];
  const variables = ['CL_SOURCE_REGISTRY', 'XDG_DATA_DIRS', 'XDG_CONFIG_DIRS'].map((name) => `${name}=${process.env[name] ?? ''}`);
  const stamps = places.map((place) => {
    try {
      return `${place}:${statSync(place).mtimeMs}`;
    } catch {
      return `${place}:-`;
    }
  });
  return [...variables, ...stamps].join('\0');
}

/** The Debian packages of SBCL and the Lisp libraries the driver loads. */
export const LISP_PACKAGES = ['sbcl', 'cl-fiveam', 'cl-bordeaux-threads'];

/** Debian's package of an ASDF system: cl-<name>, as Debian names its Common Lisp libraries. */
export const debianPackageOf = (system: string) => `cl-${system}`;

export function missingSystemsMessage(missing: string[]): string {
  return `the Lisp ${missing.length > 1 ? 'libraries' : 'library'} ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not installed where ASDF looks: apt-get install ${missing.map(debianPackageOf).join(' ')} (spec-run doctor checks all that Lisp documents need)`;
}

/** Each system's definition file as ASDF finds it, or null where ASDF finds none. */
export async function findSystems(systems: string[], lisp: LispImplementation): Promise<Record<string, string | null>> {
  const forms = [
    '(require :asdf)',
    ...systems.map((system) => `(format t "~&system ~A ~A~%" ${lispString(system)} (let ((s (ignore-errors (asdf:find-system ${lispString(system)} nil)))) (if s (asdf:system-source-file s) "-")))`),
  ];
  const output = await runSbcl(lisp.sbcl, ['--noinform', '--non-interactive', '--no-sysinit', '--no-userinit', ...forms.flatMap((form) => ['--eval', form])]);
  const found: Record<string, string | null> = {};
  for (const system of systems) {
    const line = output.split('\n').find((l) => l.startsWith(`system ${system} `));
    const path = line?.slice(`system ${system} `.length).trim();
    found[system] = path && path.startsWith('/') ? path : null;
  }
  return found;
}

/** The directory of a system's definition and everything below it, in a fixed order. */
function systemTree(definition: string): string[] {
  const directory = dirname(definition);
  return [directory, ...(readdirSync(directory, { recursive: true }) as string[]).map((name) => join(directory, name)).sort()];
}

/** The files of a system: everything below the directory of its definition, its sources and its version file, in a fixed order. */
export function systemFiles(definition: string): string[] {
  return systemTree(definition).filter((path) => statSync(path).isFile());
}

export async function imageKey(spec: CoreImageSpec, lisp: LispImplementation): Promise<string> {
  // Loaded when first needed: node:crypto takes tens of milliseconds to load, which
  // `spec-run serve` would otherwise pay before it can answer initialize.
  const { createHash } = await import('node:crypto');
  const hash = createHash('sha256');
  hash.update(await sbclVersion(lisp));
  const systems = spec.systems ?? [];
  const definitions = await systemDefinitions(systems, lisp);
  systems.forEach((system, i) => {
    hash.update(`system:${system}\0`);
    for (const file of systemFiles(definitions[i])) hash.update(file).update('\0').update(readFileSync(file)).update('\0');
  });
  for (const source of spec.sources) hash.update(readFileSync(source)).update('\0');
  hash.update(spec.finalForm ?? '');
  if (spec.dynamicSpaceMb !== undefined) hash.update(`\0dynamic-space:${spec.dynamicSpaceMb}`);
  return hash.digest('hex').slice(0, 16);
}

const building = new Map<string, Promise<string>>();

/**
 * Keys computed in this process, by spec: a key hashes every source and every file of
 * the systems loaded (FiveAM's directory), and images are asked for at each driver and
 * worker start, while none of those files changes during a run.
 */
const keys = new Map<string, Promise<string>>();

function memoizedKey(spec: CoreImageSpec, lisp: LispImplementation): Promise<string> {
  const id = JSON.stringify([spec, lisp.sbcl, asdfSearchPlaces()]);
  let key = keys.get(id);
  if (!key) {
    key = rememberedKey(spec, lisp);
    keys.set(id, key);
    key.catch(() => keys.delete(id)); // a failure (SBCL missing) is asked again next time
  }
  return key;
}

/** A file or directory as a key was computed from it: its path, size and modification time. */
type Stamp = [path: string, size: number, modifiedMs: number];

const stampOf = (path: string): Stamp => {
  const stat = statSync(path);
  return [path, stat.size, stat.mtimeMs];
};

/** Where `command` runs from: itself when it names a path, else the first executable of that name on PATH. */
function executablePath(command: string): string | undefined {
  if (command.includes('/')) return command;
  for (const directory of (process.env.PATH ?? '').split(':')) {
    const candidate = join(directory || '.', command);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * The key of SPEC as a run before computed it, while nothing it was computed from has
 * changed; else computed and remembered. What it was computed from is stamped: SBCL's
 * executable (for its version), the sources, and every file and directory of the systems
 * loaded (a directory's time changes when an entry is added or removed). Checking the
 * stamps spares each run `sbcl --version` and reading and hashing those files, 15 to 25 ms
 * of every run of Lisp documents. Stamps are taken before the key is computed, so a file
 * changed meanwhile leaves them stale, never the key.
 */
export async function rememberedKey(spec: CoreImageSpec, lisp: LispImplementation): Promise<string> {
  const { createHash } = await import('node:crypto');
  const id = JSON.stringify([spec, lisp.sbcl, asdfSearchPlaces()]);
  const record = join(cacheDirectory(), `key-${spec.name}-${createHash('sha256').update(id).digest('hex').slice(0, 16)}.json`);
  try {
    const { key, stamps } = JSON.parse(readFileSync(record, 'utf8')) as { key: string; stamps: Stamp[] };
    if (stamps.every(([path, size, modifiedMs]) => {
      const now = stampOf(path);
      return now[1] === size && now[2] === modifiedMs;
    })) return key;
  } catch {
    // none remembered, or a stamped file is gone: computed below
  }
  const executable = executablePath(lisp.sbcl);
  const systems = await systemDefinitions(spec.systems ?? [], lisp);
  const stamps = executable === undefined ? undefined : [executable, ...spec.sources, ...systems.flatMap(systemTree)].map(stampOf);
  const key = await imageKey(spec, lisp);
  if (stamps) {
    try {
      ensureCacheDirectory();
      const temporary = `${record}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify({ key, stamps }));
      renameSync(temporary, record);
    } catch {
      // not remembered: the next run computes it again
    }
  }
  return key;
}

/** Where the size an image had when it was saved is kept, beside it. */
const savedSize = (image: string) => `${image}.size`;

/**
 * Whether IMAGE is there as it was saved: an image cut short (a crash while a CI cache was
 * restored, a full disk) ends every SBCL started from it with SIGBUS, run after run. An
 * image saved before sizes were kept is taken as it is.
 */
function imageWhole(image: string): boolean {
  let size: number;
  try {
    size = statSync(image).size;
  } catch {
    return false;
  }
  try {
    return Number(readFileSync(savedSize(image), 'utf8')) === size;
  } catch {
    return true;
  }
}

/** Path of an up-to-date core image for `spec`, building it when missing or cut short. */
export async function ensureCoreImage(spec: CoreImageSpec, lisp: LispImplementation = defaultLisp()): Promise<string> {
  const key = await memoizedKey(spec, lisp);
  const path = join(cacheDirectory(), `${spec.name}-${key}.core`);
  if (imageWhole(path)) return path;
  let pending = building.get(path);
  if (!pending) {
    pending = buildImage(spec, lisp, path);
    building.set(path, pending);
    pending.finally(() => building.delete(path)).catch(() => undefined);
  }
  return pending;
}

async function buildImage(spec: CoreImageSpec, lisp: LispImplementation, path: string): Promise<string> {
  ensureCacheDirectory();
  // Another spec-run process may build the same image at the same time: each writes
  // its own temporary file and renames it into place, which is atomic.
  const temporary = `${path}.${process.pid}.tmp`;
  const forms: string[] = [];
  if (spec.systems?.length) {
    forms.push('(require :asdf)');
    for (const system of spec.systems) forms.push(`(asdf:load-system ${lispString(system)})`);
  }
  for (const source of spec.sources) forms.push(`(load (compile-file ${lispString(source)} :output-file ${lispString(`${temporary}-${forms.length}.fasl`)}))`);
  if (spec.finalForm) forms.push(spec.finalForm);
  forms.push(`(sb-ext:save-lisp-and-die ${lispString(temporary)})`);
  const runtimeOptions = spec.dynamicSpaceMb === undefined ? [] : ['--dynamic-space-size', String(spec.dynamicSpaceMb)];
  const args = [...runtimeOptions, '--noinform', '--non-interactive', '--no-sysinit', '--no-userinit'];
  for (const form of forms) args.push('--eval', form);
  try {
    // ASDF compiles the libraries into its cache under XDG_CACHE_HOME (else ~/.cache): kept
    // in spec-run's own cache, so a user whose home cannot be written still gets images.
    await runSbcl(lisp.sbcl, args, { ...process.env, XDG_CACHE_HOME: join(cacheDirectory(), 'asdf') });
  } catch (error) {
    rmSync(temporary, { force: true });
    const output = (error as SbclFailure).output ?? String(error);
    throw new Error(`building the ${spec.name} core image failed:\n${output.split('\n').slice(-30).join('\n')}`);
  } finally {
    for (let i = 0; i <= forms.length; i++) rmSync(`${temporary}-${i}.fasl`, { force: true });
  }
  writeFileSync(savedSize(path), String(statSync(temporary).size));
  renameSync(temporary, path);
  pruneOlderImages(spec.name, path);
  return path;
}

/** Images of one name kept in the cache: the one just built and the most recently used others. */
const IMAGES_KEPT = 3;

/**
 * Removes the images of NAME built from other sources (an earlier spec-run, an earlier
 * SBCL) but the most recently used: about 45 MB each, they would otherwise pile up with
 * every upgrade, while two spec-runs of different versions on one machine (two projects,
 * two checkouts) must not remove each other's image at every start and rebuild their own.
 * An image another process still runs stays usable: a running core is mapped, not reread.
 */
function pruneOlderImages(name: string, current: string): void {
  const pattern = new RegExp(`^${name}-[0-9a-f]{16}\\.core$`);
  const others = readdirSync(dirname(current))
    .filter((file) => pattern.test(file))
    .map((file) => join(dirname(current), file))
    .filter((path) => path !== current)
    .map((path) => ({ path, used: Math.max(statSync(path).atimeMs, statSync(path).mtimeMs) }))
    .sort((a, b) => b.used - a.used);
  for (const { path } of others.slice(IMAGES_KEPT - 1)) {
    rmSync(path, { force: true });
    rmSync(savedSize(path), { force: true });
  }
}
