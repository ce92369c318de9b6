// spec-run/steps: the public API of step definitions, the cucumber-js way.
//   import { Given, When, Then } from 'spec-run/steps';
//   When('I add {int} and {int}', function (a, b) { this.sum = a + b; });
// Calls register into the collector spec-run installs while it loads a steps file;
// the collector lives on globalThis so that every copy of this module (a user's
// node_modules, a TypeScript loader's) registers into the same one. This module is
// self-contained (no imports) so its types ship as one declaration file.

/** A fenced block of the scenario: YAML and JSON blocks come parsed. */
export interface ScenarioBlock {
  lang: string | null;
  text: string;
  /** Line in the markdown of the block's first line of text. */
  line: number;
  /** The parsed value of a YAML or JSON block. */
  data?: unknown;
  /** Why a YAML or JSON block could not be parsed. */
  error?: string;
}

export interface StepInfo {
  keyword: string;
  text: string;
  line: number;
}

/** How `world.run()` runs a command: the fields of a stop-hook command, as `spec-run exec` reads them. */
export interface RunCommandOptions {
  /** Run in a container of this image (names of documents map to local images). */
  image?: string;
  /** "30s", "5m", "2h", or null for none; default: the executor's (5m). */
  timeout?: string | null;
  maxOutputLines?: number;
  /** Which lines the line limit keeps: 'head' (the first, the default) or 'tail' (the last). */
  keepOutput?: 'head' | 'tail';
  showStdout?: boolean;
  showStderr?: boolean;
  env?: Record<string, string>;
  /** Host: relative to the project directory; Docker: inside the container. */
  workdir?: string;
  memory?: string;
  cpus?: number;
  network?: string;
  user?: string;
  /** Stops the command as its timeout would. */
  signal?: AbortSignal;
}

export interface RunCommandResult {
  command: string;
  context: 'host' | 'docker';
  /** 'memory-limit': the container's memory limit killed the command, or a process of it that the command outlived (see `memoryKill`). */
  outcome: 'completed' | 'timeout' | 'memory-limit' | 'interrupted' | 'error';
  exitCode: number;
  signal: string | null;
  durationMs: number;
  /** Set when the memory limit killed a process of the command: whether the command went on after it, and how it then ended. */
  memoryKill?: { commandWentOn: boolean; commandExitCode: number };
  /** The kept lines of each stream, joined with newlines. */
  stdout: string;
  stderr: string;
  /**
   * Lines each stream printed that `stdout`/`stderr` do not hold: past `maxOutputLines`, or past
   * the 1 MiB cap on stored output (a note in `notes` says which). Check it is 0 before
   * asserting that the output lacks something.
   */
  omitted: { stdout: number; stderr: number };
  /** The report `spec-run exec` prints for this result. */
  message: string;
  /** How the run was carried out: image mappings, ignored fields, cleanup. */
  notes: string[];
}

/**
 * A table written inside a step's list item (a GFM table), passed to the step's
 * definition as its last argument, as cucumber-js passes a data table.
 */
/** Marks a DataTable of any copy of this module: spec-run's own (bundled) and the one a steps file imports are two classes. */
const DATA_TABLE = Symbol.for('spec-run.steps.DataTable');

export class DataTable {
  readonly #rows: string[][];

  constructor(rows: string[][]) {
    this.#rows = rows.map((row) => [...row]);
    Object.defineProperty(this, DATA_TABLE, { value: true });
  }

  /** `table instanceof DataTable` holds for a table of any copy of spec-run/steps, as a steps file expects. */
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[DATA_TABLE] === true;
  }

  /** Every row, the header row included. */
  raw(): string[][] {
    return this.#rows.map((row) => [...row]);
  }

  /** The rows after the header row. */
  rows(): string[][] {
    return this.raw().slice(1);
  }

  /** One object per row after the header, keyed by the header's cells. */
  hashes(): Record<string, string>[] {
    const [header = [], ...rows] = this.#rows;
    return rows.map((row) => Object.fromEntries(header.map((key, i) => [key, row[i] ?? ''])));
  }

  /** A two-column table as an object: first column the keys, second the values. */
  rowsHash(): Record<string, string> {
    const hash: Record<string, string> = {};
    for (const row of this.#rows) {
      if (row.length !== 2) throw new Error(`rowsHash: every row must have 2 cells; this one has ${row.length}: ${JSON.stringify(row)}`);
      hash[row[0]] = row[1];
    }
    return hash;
  }

  /** Its rows, header included: how attachments and reports show it. */
  toJSON(): string[][] {
    return this.raw();
  }

  /** The table with rows and columns swapped. */
  transpose(): DataTable {
    const width = Math.max(0, ...this.#rows.map((row) => row.length));
    return new DataTable(Array.from({ length: width }, (_, i) => this.#rows.map((row) => row[i] ?? '')));
  }
}

/** The subset of an MCP client a step needs; it is the MCP SDK's Client. */
export interface McpClient {
  listTools(): Promise<{ tools: { name: string; description?: string; inputSchema: unknown }[] }>;
  callTool(request: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
}

/** `this` in a step or hook: fresh for every scenario. Steps may add their own fields. */
export interface World {
  readonly file: string;
  readonly requirement: string;
  readonly scenario: string;
  /** The paragraph that introduces the scenario, if any. */
  readonly condition: string | null;
  readonly blocks: ScenarioBlock[];
  /** The step being run (undefined in hooks). */
  readonly step: StepInfo | undefined;
  /** The run's seed, the one every report prints: `spec-run --seed <seed>` replays the scenario's random choices. */
  readonly seed: number;
  /**
   * A number in [0, 1) from the scenario's own seeded source, the one `Math.random()` draws from
   * while the scenario's steps and hooks run: seeded from the run's seed and the scenario's place,
   * so `--seed` replays it whatever --jobs, --grep or the other documents.
   */
  random(): number;
  /** Runs a command through spec-run's executor: same timeouts, limits and results as `spec-run exec` (null options: none). */
  run(command: string, options?: RunCommandOptions | null): Promise<RunCommandResult>;
  /** An MCP client connected to the runtime (the built-in one, or the configured `runtime`); closed after the scenario. */
  mcp(): Promise<McpClient>;
  /**
   * Shown with the step's test point (TAP diagnostics, JSON events). cucumber-js's forms
   * work too: `attach(data)`, and `attach(data, mediaType)` (the attachment is named by
   * the media type; a Buffer of a text type is shown as text, of another as base64).
   */
  attach(name: string, value: unknown): void;
  attach(data: unknown, mediaType?: string | { mediaType: string; fileName?: string }): void;
  /** Text shown with the step's test point, as an attachment named "log" (cucumber-js's `this.log`). */
  log(text: string): void;
  /** Ends the step as skipped, with the reason. */
  skip(reason: string): never;
  [key: string]: unknown;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type StepFunction<W extends World = World> = (this: W, ...args: any[]) => unknown;
/** The scenario a Before or After hook runs around, named as cucumber-js names it. */
export interface HookScenario {
  pickle: { name: string; uri: string; line: number; requirement: string };
  /** After hooks only: how the scenario's steps ended (the first that did not pass decides). */
  result?: { status: 'PASSED' | 'FAILED' | 'SKIPPED' | 'PENDING' | 'UNDEFINED' | 'AMBIGUOUS'; message?: string };
}
/** What a hook that takes one parameter more than it is given gets, as in cucumber-js: call it when done, with an error to fail. */
export type HookCallback = (error?: unknown) => void;
export type HookFunction<W extends World = World> = (this: W, scenario: HookScenario, callback: HookCallback) => unknown;
/** BeforeAll and AfterAll run outside any scenario: they have no world. */
export type GlobalHookFunction = (this: void, callback: HookCallback) => unknown;

/** The options a step definition may take between its expression and its function, as in cucumber-js. */
export interface StepOptions {
  /** Time limit of this step in milliseconds, or -1 for none of its own (the unit time limit still applies). */
  timeout?: number;
}

/** The options of a hook: `Before({ name: 'clean database', timeout: 5000 }, fn)`. */
export interface HookOptions {
  /** Named in reports when the hook fails. */
  name?: string;
  /** Time limit of this hook in milliseconds, or -1 for none of its own (the unit time limit still applies). */
  timeout?: number;
  /** Not supported: OpenSpec scenarios carry no tags; registering a hook with tags is reported as a problem of the steps file. */
  tags?: string;
}

/** W: the world `this` is in the transformer, an interface of yours extending World as for steps. */
export interface ParameterTypeOptions<W extends World = World> {
  name: string;
  regexp: RegExp | string | readonly (RegExp | string)[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  transformer?: (this: W, ...match: string[]) => any;
  /** Offer this type in the snippets of undefined steps (default true). */
  useForSnippets?: boolean;
  /** Prefer it when several types match the same text (default false). */
  preferForRegexpMatch?: boolean;
}

/** When a hook runs: around each scenario, or once around a document's scenarios. */
export type HookTime = 'before' | 'after' | 'before-all' | 'after-all';

/** @internal What a steps file registers, with the place of the call. */
export type Registration =
  | { kind: 'step'; keyword: string; expression: string | RegExp; fn: StepFunction; timeoutMs?: number; file: string; line: number; seedList?: true }
  | { kind: 'hook'; when: HookTime; fn: HookFunction | GlobalHookFunction; name?: string; timeoutMs?: number; file: string; line: number }
  | { kind: 'parameter-type'; options: ParameterTypeOptions; file: string; line: number }
  | { kind: 'default-timeout'; timeoutMs: number; file: string; line: number }
  /** A call spec-run cannot honour: reported at its place, the rest of the file still loads. */
  | { kind: 'problem'; message: string; file: string; line: number };

const COLLECTOR = Symbol.for('spec-run.steps.collector');

type Collector = (registration: Registration) => void;

/** The file a stack frame names: a path, or a file URL (percent-encoded, perhaps with a query) made a path. */
function pathOfFrame(file: string): string {
  if (!file.startsWith('file://')) return file;
  const path = file.slice('file://'.length).replace(/[?#].*$/, '');
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Where the caller of a registering function stands: the first stack frame outside this module. */
function caller(): { file: string; line: number } {
  const frames = (new Error().stack ?? '').split('\n').slice(1);
  const own = frames[0]?.match(/\((.*):\d+:\d+\)$|at (.*):\d+:\d+$/);
  const ownFile = own?.[1] ?? own?.[2];
  for (const frame of frames) {
    const m = frame.match(/\((.*):(\d+):\d+\)$|at (.*):(\d+):\d+$/);
    if (!m) continue;
    const file = m[1] ?? m[3];
    if (file === ownFile) continue;
    return { file: pathOfFrame(file), line: Number(m[2] ?? m[4]) };
  }
  return { file: '(unknown)', line: 0 };
}

function register(registration: Registration): void {
  const collect = (globalThis as Record<symbol, Collector | undefined>)[COLLECTOR];
  if (!collect) throw new Error('spec-run/steps: definitions are registered while spec-run loads a steps file (--steps or the `steps` configuration key)');
  collect(registration);
}

/**
 * A time limit given in options: a positive number of milliseconds, or -1 for none of its
 * own (cucumber-js's way to disable it: the unit time limit alone applies); or a problem.
 */
function timeoutOption(what: string, options: { timeout?: unknown }): { timeoutMs?: number; problem?: string } {
  if (options.timeout === undefined) return {};
  const ms = options.timeout;
  if (ms === -1) return { timeoutMs: Infinity };
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms <= 0) return { problem: `${what}: timeout must be a positive number of milliseconds (or -1 for none but the unit time limit), not ${JSON.stringify(ms)}` };
  return { timeoutMs: ms };
}

/** Option keys the call does not know, as a problem naming them and the known ones. */
function unknownKeys(what: string, options: object, known: string[]): string | undefined {
  const unknown = Object.keys(options).filter((key) => !known.includes(key));
  return unknown.length ? `${what}: unknown option${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `'${k}'`).join(', ')} (known: ${known.join(', ')})` : undefined;
}

/**
 * Given, When, Then: `this` is the scenario's world, typed as the World or an interface the
 * steps file writes extending it (`function (this: CartWorld, ...)`), as cucumber-js allows.
 */
export interface StepRegistrar {
  <W extends World = World>(expression: string | RegExp, fn: StepFunction<W>): void;
  <W extends World = World>(expression: string | RegExp, options: StepOptions, fn: StepFunction<W>): void;
}

/**
 * Why FN cannot be a step or hook: a generator function returns a generator nobody runs,
 * so its body (its assertions) would never run and it would pass. cucumber-js refuses it too.
 */
function generatorProblem(what: string, fn: unknown): string | undefined {
  const kind = (fn as { constructor?: { name?: string } }).constructor?.name;
  return kind === 'GeneratorFunction' || kind === 'AsyncGeneratorFunction'
    ? `${what}: a generator function (function*) returns a generator and never runs its body, so it would pass without checking anything; write a plain or async function`
    : undefined;
}

function stepRegistrar(keyword: string): StepRegistrar {
  function define(expression: string | RegExp, fn: StepFunction): void;
  function define(expression: string | RegExp, options: StepOptions, fn: StepFunction): void;
  function define(expression: string | RegExp, second: StepOptions | StepFunction, third?: StepFunction): void {
    const [options, fn] = typeof second === 'function' ? [{}, second] : [second ?? {}, third];
    const what = `${keyword}(${String(expression)})`;
    if (typeof fn !== 'function') throw new TypeError(`${what}: expected a function after the expression${typeof second === 'function' ? '' : ' and its options'}`);
    const located = caller();
    const problem = unknownKeys(what, options, ['timeout']) ?? generatorProblem(what, fn);
    if (problem) return register({ kind: 'problem', message: problem, ...located });
    const timeout = timeoutOption(what, options);
    // A bad timeout fails the run where it is written; the step is still defined, not reported undefined with a snippet.
    if (timeout.problem) register({ kind: 'problem', message: timeout.problem, ...located });
    register({ kind: 'step', keyword, expression, fn, ...(timeout.timeoutMs ? { timeoutMs: timeout.timeoutMs } : {}), ...located });
  }
  return define as StepRegistrar;
}

export const Given = stepRegistrar('Given');
export const When = stepRegistrar('When');
export const Then = stepRegistrar('Then');
/** A step of any keyword. */
export const defineStep = stepRegistrar('Step');

/**
 * @internal A definition of the seed specification's `Then:` lists (run/scenario/registry.ts),
 * registered as a step of any keyword at PLACE, where the definition is written (not where it is registered).
 */
export function defineSeedListStep(expression: string | RegExp, fn: StepFunction, place: { file: string; line: number }): void {
  register({ kind: 'step', keyword: 'Step', expression, fn, file: place.file, line: place.line, seedList: true });
}

const HOOK_NAMES: Record<HookTime, string> = { before: 'Before', after: 'After', 'before-all': 'BeforeAll', 'after-all': 'AfterAll' };

function hookRegistrar<F>(when: HookTime) {
  const what = HOOK_NAMES[when];
  function hook(fn: F): void;
  function hook(options: HookOptions | string, fn: F): void;
  function hook(first: HookOptions | string | F, second?: F): void {
    const place = caller();
    const [options, fn] = typeof first === 'function' ? [{} as HookOptions, first as F] : [(typeof first === 'string' ? { tags: first } : (first ?? {})) as HookOptions, second];
    if (typeof fn !== 'function') throw new TypeError(`${what}: expected a function${typeof first === 'function' ? '' : ' after the options'}`);
    const timeout = timeoutOption(what, options);
    const problem =
      unknownKeys(what, options, ['name', 'timeout', 'tags']) ??
      (options.tags !== undefined ? `${what}: hooks with tags (${JSON.stringify(options.tags)}) are not supported: OpenSpec scenarios carry no tags; a hook without tags runs for every scenario` : undefined) ??
      generatorProblem(what, fn) ??
      timeout.problem;
    if (problem) return register({ kind: 'problem', message: problem, ...place });
    const { timeoutMs } = timeout;
    register({ kind: 'hook', when, fn: fn as HookFunction, ...(options.name ? { name: options.name } : {}), ...(timeoutMs ? { timeoutMs } : {}), ...place });
  }
  return hook;
}

/** Before and After: `this` is the scenario's world, typed as the World or an interface extending it. */
export interface ScenarioHookRegistrar {
  <W extends World = World>(fn: HookFunction<W>): void;
  <W extends World = World>(options: HookOptions | string, fn: HookFunction<W>): void;
}

/** Runs before each scenario, with its world. */
export const Before = hookRegistrar<HookFunction>('before') as ScenarioHookRegistrar;
/** Runs after each scenario, whatever its outcome, with its world. */
export const After = hookRegistrar<HookFunction>('after') as ScenarioHookRegistrar;
/** Runs once per document, before its first scenario (a document is what spec-run schedules, as a worker is for cucumber-js). */
export const BeforeAll = hookRegistrar<GlobalHookFunction>('before-all');
/** Runs once per document, after its last scenario. */
export const AfterAll = hookRegistrar<GlobalHookFunction>('after-all');

export function defineParameterType<W extends World = World>(options: ParameterTypeOptions<W>): void {
  register({ kind: 'parameter-type', options: options as unknown as ParameterTypeOptions, ...caller() });
}

/**
 * The time limit of every step and hook of the run that gives none of its own, in
 * milliseconds (the unit time limit still applies). Unlike cucumber-js's, there is no
 * 5-second default: without this call only the unit time limit applies (`--timeout`).
 */
export function setDefaultTimeout(ms: number): void {
  const place = caller();
  const timeout = timeoutOption('setDefaultTimeout', { timeout: ms });
  register(timeout.problem ? { kind: 'problem', message: timeout.problem, ...place } : { kind: 'default-timeout', timeoutMs: timeout.timeoutMs!, ...place });
}

/** @internal Used by spec-run's loader: collects what `run` registers (one load at a time). */
export async function collectRegistrations(run: () => Promise<unknown>): Promise<Registration[]> {
  const slot = globalThis as Record<symbol, Collector | undefined>;
  const registrations: Registration[] = [];
  const previous = slot[COLLECTOR];
  slot[COLLECTOR] = (r) => registrations.push(r);
  try {
    await run();
  } finally {
    slot[COLLECTOR] = previous;
  }
  return registrations;
}
