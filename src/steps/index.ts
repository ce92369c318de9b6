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
  outcome: 'completed' | 'timeout' | 'memory-limit' | 'interrupted' | 'error';
  exitCode: number;
  signal: string | null;
  durationMs: number;
  /** The kept lines of each stream, joined with newlines. */
  stdout: string;
  stderr: string;
  /** The report `spec-run exec` prints for this result. */
  message: string;
  /** How the run was carried out: image mappings, ignored fields, cleanup. */
  notes: string[];
}

/**
 * A table written inside a step's list item (a GFM table), passed to the step's
 * definition as its last argument, as cucumber-js passes a data table.
 */
export class DataTable {
  readonly #rows: string[][];

  constructor(rows: string[][]) {
    this.#rows = rows.map((row) => [...row]);
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
  /** Runs a command through spec-run's executor: same timeouts, limits and results as `spec-run exec`. */
  run(command: string, options?: RunCommandOptions): Promise<RunCommandResult>;
  /** An MCP client connected to the runtime (the built-in one, or the configured `runtime`); closed after the scenario. */
  mcp(): Promise<McpClient>;
  /** Shown with the step's test point (TAP diagnostics, JSON events). */
  attach(name: string, value: unknown): void;
  /** Ends the step as skipped, with the reason. */
  skip(reason: string): never;
  [key: string]: unknown;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type StepFunction = (this: World, ...args: any[]) => unknown;
export type HookFunction = (this: World) => unknown;

export interface ParameterTypeOptions {
  name: string;
  regexp: RegExp | string | readonly (RegExp | string)[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  transformer?: (this: World, ...match: string[]) => any;
  /** Offer this type in the snippets of undefined steps (default true). */
  useForSnippets?: boolean;
  /** Prefer it when several types match the same text (default false). */
  preferForRegexpMatch?: boolean;
}

/** @internal What a steps file registers, with the place of the call. */
export type Registration =
  | { kind: 'step'; keyword: string; expression: string | RegExp; fn: StepFunction; file: string; line: number }
  | { kind: 'hook'; when: 'before' | 'after'; fn: HookFunction; file: string; line: number }
  | { kind: 'parameter-type'; options: ParameterTypeOptions; file: string; line: number };

const COLLECTOR = Symbol.for('spec-run.steps.collector');
/** A function may carry the place it was written, when a library registers it from elsewhere. */
const LOCATION = Symbol.for('spec-run.steps.location');

type Collector = (registration: Registration) => void;

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
    return { file: file.replace(/^file:\/\//, '').replace(/\?.*$/, ''), line: Number(m[2] ?? m[4]) };
  }
  return { file: '(unknown)', line: 0 };
}

function register(registration: Registration): void {
  const collect = (globalThis as Record<symbol, Collector | undefined>)[COLLECTOR];
  if (!collect) throw new Error('spec-run/steps: definitions are registered while spec-run loads a steps file (--steps or the `steps` configuration key)');
  collect(registration);
}

function stepRegistrar(keyword: string) {
  return (expression: string | RegExp, fn: StepFunction): void => {
    if (typeof fn !== 'function') throw new TypeError(`${keyword}(${String(expression)}): the second argument must be a function`);
    const located = (fn as unknown as Record<symbol, { file: string; line: number } | undefined>)[LOCATION];
    register({ kind: 'step', keyword, expression, fn, ...(located ?? caller()) });
  };
}

export const Given = stepRegistrar('Given');
export const When = stepRegistrar('When');
export const Then = stepRegistrar('Then');
/** A step of any keyword. */
export const defineStep = stepRegistrar('Step');

export function Before(fn: HookFunction): void {
  register({ kind: 'hook', when: 'before', fn, ...caller() });
}

export function After(fn: HookFunction): void {
  register({ kind: 'hook', when: 'after', fn, ...caller() });
}

export function defineParameterType(options: ParameterTypeOptions): void {
  register({ kind: 'parameter-type', options, ...caller() });
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
