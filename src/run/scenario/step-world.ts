// `this` of a step: one per scenario. It gives the scenario's blocks (YAML and JSON
// parsed, with their lines), its names, commands run through spec-run's own executor,
// an MCP client to the runtime, and attachments that reporters show with the point.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Attachment } from '../../model/events.js';
import type { CodeRef, ScenarioUnit } from '../../model/plan.js';
import { parseDuration } from '../../executor/duration.js';
import type { ExecRequest } from '../../executor/result.js';
import type { McpClient, RunCommandOptions, RunCommandResult, ScenarioBlock, StepInfo, World } from '../../steps/index.js';
import type { RunOptions } from '../types.js';
import { VERSION } from '../../version.js';
import { processWide } from '../../process/process-wide.js';
import { asOwnCode } from './stray-errors.js';
import { readYaml, yamlFault, type YamlSyntaxError } from '../../parse/yaml-error.js';
import { jsonError } from '../../parse/json-error.js';
import { unitSeed } from '../seeds.js';
import { seededRandom, type RandomSource } from './seeded-random.js';
import { inspect } from 'node:util';

/**
 * What a scenario's run says of its YAML block that is not valid YAML (ERROR, placed in FILE, the
 * document), whichever steps read it: the executor interpreter and the built-in expressions alike.
 */
export function invalidBlockYaml(file: string, error: YamlSyntaxError): string {
  return `the scenario's YAML block ${yamlFault(error)} (${file}:${error.line}:${error.column})`;
}

/** Thrown by `world.skip()`: the step is skipped, not failed. */
export class StepSkipped extends Error {}

/** What the runner tells spec-run's own steps of a scenario, beside its unit and the run's options. */
interface WorldInternals {
  unit: ScenarioUnit;
  options: RunOptions;
  /** The scenario's random source (this.random(), and Math.random in its code), seeded from the run's seed and the scenario's place. */
  random: RandomSource;
  /** Whether the step after the one at LINE sets up the executor interpreter's run too (the runner knows how each step binds). */
  nextStepSetsUp?: (line: number) => boolean;
  /** The commands the scenario's own code (a user's step or hook) ran with `this.run()`, in order. */
  commandsRun: CommandRun[];
}

/** A command the scenario's own code ran with `this.run()`, and the step that ran it (none: a hook). */
export interface CommandRun {
  command: string;
  step: StepInfo | undefined;
}

/** The commands WORLD's own code ran with `this.run()`: what the scenario's command is, where a step of the user's ran it. */
export function commandsRun(world: object): readonly CommandRun[] {
  return worldInternals(world).commandsRun;
}

const internals = processWide('step-world.internals', () => new WeakMap<object, WorldInternals>());
/** The indexes (in its unit's configs) of the blocks each world's scenario code read. */
const blocksRead = processWide('step-world.blocks-read-by-index', () => new WeakMap<object, Set<number>>());

/** True once WORLD's scenario code (a step, a hook) has read its block at INDEX of its unit's configs. */
export function blockWasRead(world: StepWorld, index: number): boolean {
  return blocksRead.get(world)?.has(index) === true;
}

/**
 * BLOCKS as an array each of whose elements, read (`this.blocks[0]`, a loop, a spread,
 * `JSON.stringify`), notes that one with NOTE: a step that reads the first block read that
 * one, not its scenario's others. A search (`find`, `some`, `filter`...) reads what it finds,
 * not each block it passes over: its test runs on the blocks unnoted. Counting them reads
 * none; logged, they show as a plain array, and read none either.
 */
function readNoted(blocks: ScenarioBlock[], note: (index: number) => void): ScenarioBlock[] {
  const held = [...blocks];
  const noted: ScenarioBlock[] = [];
  held.forEach((_, index) => Object.defineProperty(noted, index, { enumerable: true, configurable: true, get: () => (note(index), held[index]), set: (value: ScenarioBlock) => (held[index] = value) }));
  Object.defineProperty(noted, inspect.custom, { value: (_depth: number, options: object) => inspect(held, options) });
  type Test = (block: ScenarioBlock, index: number, blocks: ScenarioBlock[]) => unknown;
  /** The indexes of the blocks TEST holds for, in HELD's order (from the end when LAST), the first only when FIRST. */
  const found = (test: Test, self: unknown, { first, last }: { first: boolean; last: boolean }): number[] => {
    const indexes: number[] = [];
    for (let i = last ? held.length - 1 : 0; last ? i >= 0 : i < held.length; i += last ? -1 : 1) {
      if (!test.call(self, held[i], i, noted)) continue;
      indexes.push(i);
      if (first) break;
    }
    indexes.forEach(note);
    return indexes;
  };
  const searches: Record<string, (test: Test, self?: unknown) => unknown> = {
    find: (test, self) => held[found(test, self, { first: true, last: false })[0]],
    findIndex: (test, self) => found(test, self, { first: true, last: false })[0] ?? -1,
    findLast: (test, self) => held[found(test, self, { first: true, last: true })[0]],
    findLastIndex: (test, self) => found(test, self, { first: true, last: true })[0] ?? -1,
    some: (test, self) => found(test, self, { first: true, last: false }).length > 0,
    filter: (test, self) => found(test, self, { first: false, last: false }).map((index) => held[index]),
  };
  for (const [name, search] of Object.entries(searches)) Object.defineProperty(noted, name, { value: search, configurable: true, writable: true });
  return noted;
}

/** The unit and run options behind a world: for spec-run's own step library. */
export function worldInternals(world: object): WorldInternals {
  const found = internals.get(world);
  if (!found) throw new Error('not a scenario world of spec-run');
  return found;
}

function parsedBlock({ lang, text, line, columns }: CodeRef): ScenarioBlock {
  try {
    if (lang === 'yaml' || lang === 'yml') {
      // Placed in the document, as check and the editor place it: a step reporting it says where to look.
      const { doc, error } = readYaml(text, { line, columns });
      return error ? { lang, text, line, error: `${error.message} (line ${error.line}, column ${error.column} of the document)` } : { lang, text, line, data: doc.toJS() };
    }
    if (lang === 'json') {
      const error = jsonError(text, { line, columns });
      return error === null ? { lang, text, line, data: JSON.parse(text) } : { lang, text, line, error: `${error.message} (line ${error.line}, column ${error.column} of the document)` };
    }
  } catch (error) {
    return { lang, text, line, error: (error as Error).message.split('\n')[0] };
  }
  return { lang, text, line };
}

/** The media type of cucumber-js's `attach(data, mediaType)`: a "type/subtype" string or `{ mediaType, fileName }`. */
function mediaTypeOf(value: unknown): { mediaType: string; fileName?: string } | null {
  if (typeof value === 'string') return /^[a-z]+\/[\w.+-]+(;.*)?$/i.test(value) ? { mediaType: value } : null;
  if (value && typeof value === 'object' && typeof (value as { mediaType?: unknown }).mediaType === 'string') return value as { mediaType: string; fileName?: string };
  return null;
}

/** Attached data as reports can show it: a Buffer as text when its type is textual, else as base64. */
function shownData(data: unknown, mediaType: string | null): unknown {
  if (!Buffer.isBuffer(data)) return data;
  return mediaType === null || /^text\/|json|xml|yaml/.test(mediaType) ? data.toString('utf8') : { base64: data.toString('base64') };
}

export class StepWorld implements World {
  [key: string]: unknown;
  readonly file: string;
  readonly requirement: string;
  readonly scenario: string;
  readonly condition: string | null;
  /** The run's seed: `spec-run --seed` with it replays the scenario's random choices. */
  readonly seed: number;
  #blocks: ScenarioBlock[];
  step: StepInfo | undefined;
  /** Attachments of the step running now; the runner takes them after each step. */
  attachments: Attachment[] = [];
  #client: Promise<Client> | null = null;
  /** Aborted when the scenario runs out of time: stops the commands its steps started. */
  #commands = new AbortController();

  constructor(unit: ScenarioUnit, options: RunOptions) {
    internals.set(this, { unit, options, random: seededRandom(unitSeed(options.seed, unit)), commandsRun: [] });
    this.file = unit.file;
    this.requirement = unit.requirement;
    this.scenario = unit.name;
    this.condition = unit.condition;
    this.seed = options.seed;
    const read = new Set<number>();
    blocksRead.set(this, read);
    this.#blocks = readNoted(unit.configs.map(parsedBlock), (index) => read.add(index));
  }

  /** The scenario's blocks; reading one is noted: one no code read was never compared, or never ran (see blockWasRead). */
  get blocks(): ScenarioBlock[] {
    return this.#blocks;
  }

  set blocks(blocks: ScenarioBlock[]) {
    this.#blocks = blocks;
  }

  /** A number in [0, 1) from the scenario's seeded source: the one Math.random draws from in its steps and hooks. */
  random(): number {
    return worldInternals(this).random();
  }

  attach(name: unknown, value?: unknown): void {
    if (arguments.length < 2) return void this.attachments.push({ name: 'attachment', value: shownData(name, null) });
    const media = mediaTypeOf(value);
    if (media) this.attachments.push({ name: media.fileName ?? media.mediaType, value: shownData(name, media.mediaType) });
    else this.attachments.push({ name: String(name), value });
  }

  log(text: string): void {
    this.attachments.push({ name: 'log', value: String(text) });
  }

  skip(reason: string): never {
    throw new StepSkipped(reason);
  }

  run(command: string, options?: RunCommandOptions | null): Promise<RunCommandResult> {
    return asOwnCode(() => this.#run(command, options));
  }

  async #run(command: string, given: RunCommandOptions | null | undefined): Promise<RunCommandResult> {
    const { options: runOptions, commandsRun } = worldInternals(this);
    // The executor's own rules, as `spec-run exec` applies them to a file's command, before anything runs.
    // The executor is loaded by the first step that uses it: most runs have none.
    const [{ commandProblems }, { execute }, { formatResult }, { linesNotKept, truncationNotes }] = await Promise.all([import('../../executor/config.js'), import('../../executor/execute.js'), import('../../executor/report.js'), import('../../executor/output.js')]);
    const problems = commandProblems(command, given);
    if (problems.length > 0) throw new Error(`world.run: ${problems.join('; ')}`);
    commandsRun.push({ command, step: this.step });
    const options = given ?? {};
    const { signal } = options;
    const timeout = options.timeout === undefined ? '5m' : options.timeout;
    const duration = timeout === null ? null : parseDuration(timeout);
    // Checked above: a timeout given is a duration.
    const timeoutMs = duration?.ok ? duration.ms : null;
    const request: ExecRequest = {
      run: command,
      timeoutMs,
      timeoutText: timeout ?? 'none',
      maxOutputLines: options.maxOutputLines,
      keepOutput: options.keepOutput,
      showStdout: options.showStdout,
      showStderr: options.showStderr,
      env: options.env,
      workdir: options.workdir,
      image: options.image,
      memory: options.memory,
      cpus: options.cpus,
      network: options.network,
      user: options.user,
      projectRoot: runOptions.projectRoot,
      imageAliases: { ...runOptions.imageAliases },
      signal: signal ? AbortSignal.any([signal, this.#commands.signal]) : this.#commands.signal,
    };
    const result = await execute(request);
    const streamText = (stream: 'stdout' | 'stderr') => result.output.lines.filter((l) => l.stream === stream).map((l) => l.text).join('\n');
    // A check of what the output lacks would pass on lines never kept: how many there were is a field, and a note.
    const omitted = (stream: 'stdout' | 'stderr') => linesNotKept(result.output, stream);
    return {
      command: result.command,
      context: result.context,
      outcome: result.outcome,
      exitCode: result.exitCode,
      signal: result.signal,
      durationMs: result.durationMs,
      ...(result.memoryKill ? { memoryKill: result.memoryKill } : {}),
      stdout: streamText('stdout'),
      stderr: streamText('stderr'),
      omitted: { stdout: omitted('stdout'), stderr: omitted('stderr') },
      message: formatResult(result),
      notes: [...result.notes, ...truncationNotes(result.output)],
    };
  }

  mcp(): Promise<McpClient> {
    this.#client ??= (async () => {
      const [command, ...args] = worldInternals(this).options.runtimeCommand;
      if (!command) throw new Error('world.mcp: no runtime command is configured');
      const [{ Client }, { StdioClientTransport }] = await Promise.all([import('@modelcontextprotocol/sdk/client/index.js'), import('@modelcontextprotocol/sdk/client/stdio.js')]);
      const client = new Client({ name: 'spec-run-steps', version: VERSION });
      await client.connect(new StdioClientTransport({ command, args, stderr: 'pipe' }));
      return client;
    })();
    return this.#client;
  }

  /** Stops the commands the scenario's steps are running (its time is up). */
  stopCommands(): void {
    this.#commands.abort();
  }

  /** Ends what the scenario started: the MCP client and its server. */
  async dispose(): Promise<void> {
    const client = this.#client;
    this.#client = null;
    if (client) await client.then((c) => c.close()).catch(() => {});
  }
}
