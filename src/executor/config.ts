// The stop-hook configuration: the `stop:` section with `defaultTimeout` and
// `commands[]`, defined by one zod schema. Problems are returned as data with their
// place in the file (the YAML node each zod issue's path leads to), so a caller can
// show them, count them or check a particular one.
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { QUIET_YAML } from '../parse/yaml-options.js';
import { z } from 'zod';
import { formatDuration, parseDuration, VALID_DURATIONS } from './duration.js';
import type { KeptEnd } from './output.js';
import { placeInDocument, type BlockPlace } from '../parse/block-place.js';
import { UNCLOSED_QUOTE, unclosedQuoteAt, yamlMessage } from '../parse/yaml-error.js';

export interface ConfigError {
  /** Field path, e.g. "stop.commands[3].timeout". */
  path: string;
  message: string;
  /** 1-based, in the file the text came from (see LoadOptions.at). */
  line: number;
  column: number;
}

/** What a `timeout` or `defaultTimeout` field says: omitted, explicitly null, or a limit. */
export type TimeoutSetting = { kind: 'inherit' } | { kind: 'none' } | { kind: 'limit'; ms: number; text: string };

export interface CommandConfig {
  /** Position in `stop.commands`, from 0. */
  index: number;
  run: string;
  timeout: TimeoutSetting;
  image?: string;
  maxOutputLines?: number;
  /** Which lines the line limit and the byte cap keep: the first (head, the default) or the last (tail). */
  keepOutput: KeptEnd;
  /** Docker memory limit as written ("512m"). */
  memory?: string;
  cpus?: number;
  /** Where `cpus:`'s value stands, for a problem known only once the engine is asked (cpusBeyondEngine). */
  cpusAt?: { line: number; column: number };
  workdir?: string;
  env: Record<string, string>;
  network?: string;
  user?: string;
  showStdout: boolean;
  showStderr: boolean;
  /** Shown to the user when the command fails. */
  message?: string;
  line: number;
  column: number;
}

export interface StopConfig {
  defaultTimeout: TimeoutSetting;
  commands: CommandConfig[];
  /** True: the commands after the first that fails are not started (absent or false: every command runs). */
  failFast?: boolean;
}

export interface ConfigLoad {
  /** The valid part of the configuration: a command with an error is left out. */
  config: StopConfig;
  errors: ConfigError[];
  /** Those of ERRORS about a key the text lacks (`run:`), not a value it writes: a scenario's When may give it. */
  lacking: ConfigError[];
}

export interface LoadOptions {
  /** Where the text stands in the enclosing file (a YAML block in markdown); default its line 1, column 1. */
  at?: BlockPlace;
}

export const BUILTIN_DEFAULT_TIMEOUT_MS = 5 * 60_000;
/** The largest line limit of a stream: more is not a limit a reader can use. */
export const MAX_OUTPUT_LINES = 10_000;

export interface ResolvedTimeout {
  /** null: no timeout. */
  ms: number | null;
  /** "5m", or "none". */
  text: string;
  source: 'command' | 'defaultTimeout' | 'built-in default';
}

/** Precedence: the command's own field, then `defaultTimeout`, then 5 minutes; null disables, omission inherits. */
export function resolveTimeout(config: StopConfig, command: CommandConfig): ResolvedTimeout {
  const pick = (setting: TimeoutSetting, source: ResolvedTimeout['source']): ResolvedTimeout | null =>
    setting.kind === 'inherit' ? null : setting.kind === 'none' ? { ms: null, text: 'none', source } : { ms: setting.ms, text: setting.text, source };
  return (
    pick(command.timeout, 'command') ??
    pick(config.defaultTimeout, 'defaultTimeout') ?? { ms: BUILTIN_DEFAULT_TIMEOUT_MS, text: formatDuration(BUILTIN_DEFAULT_TIMEOUT_MS), source: 'built-in default' }
  );
}

/** A field's error texts: `missing` when the key is absent (if that is an error), `wrong` for a bad value. */
function says(wrong: string, missing = wrong) {
  return { error: (issue: { input?: unknown }) => (issue.input === undefined ? missing : wrong) };
}

/** A mapping that names its allowed keys when it meets another one. */
function mapping<Shape extends z.ZodRawShape>(shape: Shape, wrong: string, missing = wrong) {
  const allowed = `(allowed here: ${Object.keys(shape).join(', ')})`;
  return z.strictObject(shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? allowed : issue.input === undefined ? missing : wrong) });
}

/** `timeout`/`defaultTimeout`: null disables; otherwise a duration, in the one duration parser. */
const timeoutSetting = z.unknown().transform((value, context): TimeoutSetting => {
  if (value === null) return { kind: 'none' };
  const parsed = parseDuration(value);
  if (parsed.ok) return { kind: 'limit', ms: parsed.ms, text: parsed.text };
  context.addIssue({ code: 'custom', message: `invalid duration ${JSON.stringify(value)}: ${parsed.reason}. ${VALID_DURATIONS}` });
  return z.NEVER;
});
const inheritedTimeout = timeoutSetting.default({ kind: 'inherit' });

const NON_EMPTY = 'must be a non-empty string';
const nonEmptyString = z.string(says(NON_EMPTY)).min(1, says(NON_EMPTY));
// Node refuses a NUL in a spawn's arguments or environment only when the command is about to
// start, which ended the whole run unreported: such a value is refused with the file's other problems.
const NUL = 'must not contain a NUL character (\\0): no command line, path or variable can hold one';
const withoutNul = (text: string) => !text.includes('\0');
/** A non-empty string handed to a process (an image, a directory, a network). */
const processString = nonEmptyString.refine(withoutNul, NUL);
const USER = `must be a user name or uid[:gid] (ids from 0 to 2147483647)`;
/** The largest user or group id Docker takes. */
const MAX_ID = 2147483647;
/**
 * A user and an optional group, as Docker's --user takes them: each an id in range, or a name
 * (no blank, not starting with '-' or '+': Docker reads a signed number as an id, out of range or not).
 */
function isDockerUser(text: string): boolean {
  const parts = text.split(':');
  return !text.includes('\0') && parts.length <= 2 && parts.every((part) => (/^\d+$/.test(part) ? Number(part) <= MAX_ID : /^[^\s:+-][^\s:]*$/.test(part)));
}
const LINES = `must be a whole number of lines from 1 to ${MAX_OUTPUT_LINES} (e.g. 100)`;
const MEMORY = "must be a positive integer with an optional unit b, k, m or g (e.g. '512m')";
/** Docker refuses a smaller memory limit at `docker create` (exit 125): it is refused here, with the file's other problems. */
const DOCKER_MIN_MEMORY = { bytes: 6 * 1024 * 1024, text: '6m' } as const;
const MEMORY_UNIT_BYTES: Record<string, number> = { b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };
const MEMORY_MIN = `must be at least ${DOCKER_MIN_MEMORY.text} (Docker's smallest memory limit)`;
/** The bytes of a memory limit as written ("512m"), its form already checked. */
function memoryBytes(text: string): number {
  const [, digits, unit] = /^(\d+)([bkmg]?)$/.exec(text) ?? [];
  return Number(digits) * MEMORY_UNIT_BYTES[unit || 'b'];
}
const CPUS = 'must be a positive number of CPUs (e.g. 1.5)';
/** Docker refuses a smaller CPU limit when the container starts (exit 125): a quota under 1% of a CPU. */
const DOCKER_MIN_CPUS = 0.01;
const CPUS_MIN = `must be at least ${DOCKER_MIN_CPUS} (Docker's smallest CPU limit)`;
const BOOLEAN = 'must be true or false';
const KEEP = 'must be head (keep the first lines, the default) or tail (keep the last lines)';
const RUN = 'must be a non-empty command string';

/** Fields only a container can apply. */
export const CONTAINER_ONLY = ['memory', 'cpus', 'network', 'user'] as const;

/** A command's fields, as a file's `- run: ...` writes them. */
const COMMAND_FIELDS = {
    run: z.string(says(RUN, 'every command needs `run:`')).regex(/\S/, says(RUN)).refine(withoutNul, NUL),
    timeout: inheritedTimeout,
    image: processString.optional(),
    maxOutputLines: z.number(says(LINES)).int(says(LINES)).min(1, says(LINES)).max(MAX_OUTPUT_LINES, says(LINES)).optional(),
    keepOutput: z.enum(['head', 'tail'], says(KEEP)).default('head'),
    // A YAML integer is a number of bytes, as Docker's --memory reads one without a unit.
    memory: z
      .union([z.string(), z.number().int().positive().transform(String)], says(MEMORY))
      .pipe(z.string().regex(/^[1-9]\d*[bkmg]?$/i, says(MEMORY)))
      .transform((text) => text.toLowerCase())
      // A refinement's issue is a custom one, to which the value is not added: it is named here.
      .refine((text) => memoryBytes(text) >= DOCKER_MIN_MEMORY.bytes, { error: (issue) => `${MEMORY_MIN}, not ${JSON.stringify(issue.input)}` })
      .optional(),
    cpus: z
      .union([z.number(), z.string().transform(Number)], says(CPUS))
      .pipe(z.number(says(CPUS)).positive(says(CPUS)))
      // Past `positive`: 0 and below say that alone. A refinement's issue is a custom one, to which the value is not added.
      .refine((cpus) => cpus <= 0 || cpus >= DOCKER_MIN_CPUS, { error: (issue) => `${CPUS_MIN}, not ${String(issue.input)}` })
      .optional(),
    workdir: processString.optional(),
    env: z
      .record(
        z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, says('not a valid environment variable name')),
        z.union([z.string(), z.number(), z.boolean()], says('must be a string, number or boolean')).transform(String).refine(withoutNul, NUL),
        says('must be a mapping of variable names to values'),
      )
      .default({}),
    network: processString.optional(),
    // Docker's --user: a name or id, and a group after one colon; anything else fails only at `docker create` (exit 125).
    user: z.union([z.string(says(USER)).refine(isDockerUser, { error: (issue) => `${USER}, not ${JSON.stringify(issue.input)}` }), z.number().int(says(USER)).min(0, says(USER)).max(MAX_ID, says(USER))], says(USER)).transform(String).optional(),
    showStdout: z.boolean(says(BOOLEAN)).default(true),
    showStderr: z.boolean(says(BOOLEAN)).default(true),
    message: nonEmptyString.optional(),
};
const commandSchema = mapping(COMMAND_FIELDS, 'must be a mapping with at least `run:`').superRefine(
  (command, context) => {
    // In a container there is no directory a relative path could honestly be resolved against.
    if (command.image !== undefined && typeof command.workdir === 'string' && !command.workdir.startsWith('/')) {
      context.addIssue({ code: 'custom', path: ['workdir'], message: `must be an absolute path inside the container (e.g. '/workspace/${command.workdir}'), not the relative ${JSON.stringify(command.workdir)}` });
    }
    // A limit or an identity the host cannot apply would leave the command running with more than was written.
    if (command.image === undefined) {
      for (const field of CONTAINER_ONLY.filter((f) => command[f] !== undefined)) {
        context.addIssue({ code: 'custom', path: [field], message: `applies in a container only: this command has no image:, so it would run on the host without it (add image:, or remove ${field}:)` });
      }
    }
  },
  // Also when another field is wrong: every problem of a command is listed in one run, not one per fix.
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) },
);

const stopSchema = mapping(
  {
    defaultTimeout: inheritedTimeout,
    // A stop hook that runs nothing checks nothing: an empty list is a mistake to point at, never a pass.
    commands: z.array(commandSchema, says('must be a list of commands (`- run: ...`)', 'the `commands:` list is missing')).refine((commands) => commands.length > 0, 'is an empty list: a stop hook that runs nothing checks nothing (list at least one `- run: ...`)'),
    // Last, so that the allowed keys an "unknown key" message lists stay in their former order before it.
    failFast: z.boolean(says(BOOLEAN)).default(false),
  },
  'must be a mapping with `commands:` and optionally `defaultTimeout:` and `failFast:`',
  'the `stop:` section is missing',
);

/** The stop-hook configuration file. */
export const configSchema = mapping({ stop: stopSchema }, 'the configuration must be a mapping with a `stop:` section');

/** The keys a configuration may hold: of its `stop:` section, and of each of its commands. */
export const CONFIGURATION_KEYS: readonly string[] = [...Object.keys(stopSchema.shape), ...Object.keys(COMMAND_FIELDS)];

/** One line of a fragment that lists timeout values. */
const timeoutLineSchema = mapping({ timeout: timeoutSetting.optional(), defaultTimeout: timeoutSetting.optional() }, 'expected one `key: value` line');

/** A value as an error names it: scalars as written, collections by kind. */
function shown(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value !== null && typeof value === 'object') return 'a mapping';
  return JSON.stringify(value);
}

/** The field path of an error, as the user reads it: "stop.commands[3].timeout". */
function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : text === '' ? String(key) : `${text}.${String(key)}`), '');
}

interface Located {
  node: Node | null;
  /** The value at the path, undefined when the path leads nowhere. */
  value: unknown;
}

/** The YAML node a path leads to, or the deepest existing node on the way (where a missing key belongs). */
function locate(root: Node | null, path: readonly PropertyKey[]): Located {
  let node = root;
  for (const key of path) {
    const next: unknown = isMap(node) ? node.get(key, true) : isSeq(node) ? node.get(Number(key), true) : undefined;
    if (next === undefined) return { node, value: undefined };
    node = next as Node | null;
  }
  return { node, value: isScalar(node) ? node.value : (node?.toJSON() ?? null) };
}

/**
 * Where a key missing at PATH is said to be missing: at the key of the mapping that lacks it
 * (`stop:` for `stop.commands`), where an editor marks a missing property; a list item lacking
 * one, or the top level, at its own start.
 */
function missingKeyPlace(root: Node | null, path: readonly PropertyKey[]): Node | null {
  const owner = path.at(-2);
  const parent = locate(root, path.slice(0, -2));
  return typeof owner === 'string' && isMap(parent.node) ? keyNode(parent.node, owner) : locate(root, path).node;
}

/** The key node of `key` in a mapping node, for errors about the key itself. */
function keyNode(map: Node | null, key: string): Node | null {
  if (!isMap(map)) return map;
  const pair = map.items.find((item) => (isScalar(item.key) ? String(item.key.value) : String(item.key)) === key);
  return (pair?.key as Node | undefined) ?? map;
}

/** The field path of the repeated key at OFFSET (its key node's start), and where that key first is in its mapping. */
function duplicateAt(node: unknown, offset: number, path: PropertyKey[] = []): { path: PropertyKey[]; firstOffset: number } | undefined {
  if (isMap(node)) {
    for (const item of node.items) {
      const key = item.key as Node | null;
      const name = isScalar(key) ? String(key.value) : String(key);
      const start = key?.range?.[0];
      if (start !== undefined && offset >= start && offset < (key?.range?.[1] ?? start + 1)) {
        const first = node.items.find((other) => (isScalar(other.key) ? String(other.key.value) : String(other.key)) === name);
        return { path: [...path, name], firstOffset: (first?.key as Node | undefined)?.range?.[0] ?? start };
      }
      const found = duplicateAt(item.value, offset, [...path, name]);
      if (found) return found;
    }
  } else if (isSeq(node)) {
    for (const [index, item] of node.items.entries()) {
      const found = duplicateAt(item, offset, [...path, index]);
      if (found) return found;
    }
  }
  return undefined;
}

interface Place {
  line: number;
  column: number;
}

function configError(path: string, { line, column }: Place, problem: string): ConfigError {
  // The place is the caller's to show (`file:line:col:` before the message): said once, not twice.
  return { path, line, column, message: `${path}: ${problem}` };
}

interface Checked<T> {
  data: T | undefined;
  /** The document as plain data, for reading the valid part of an invalid one. */
  raw: unknown;
  errors: ConfigError[];
  /** Those of ERRORS about a key the text lacks. */
  lacking: ConfigError[];
  /** Where the node at a path starts, in the enclosing file. */
  placeOf(path: readonly PropertyKey[]): Place;
}

/** Parses YAML text and checks it against a schema; every error carries its line and column in the enclosing file. */
function check<T>(text: string, schema: z.ZodType<T>, at: BlockPlace): Checked<T> {
  const lines = new LineCounter();
  const doc = parseDocument(text, { ...QUIET_YAML, lineCounter: lines, uniqueKeys: true, prettyErrors: false });
  const root = doc.contents;
  const place = (offset: number | undefined): Place => {
    const pos = lines.linePos(offset ?? 0);
    return placeInDocument(at, pos.line, pos.col);
  };
  const placeOf = (path: readonly PropertyKey[]) => place(locate(root, path).node?.range?.[0]);
  const errors: ConfigError[] = [];
  const lacking: ConfigError[] = [];
  const report = (path: string, offset: number | undefined, problem: string) => errors.push(configError(path, place(offset), problem));
  for (const e of doc.errors) {
    // A repeated key is named by its field path, as every other error is, with where it first was.
    const duplicate = e.code === 'DUPLICATE_KEY' ? duplicateAt(root, e.pos[0]) : undefined;
    if (duplicate) report(fieldPath(duplicate.path), e.pos[0], `duplicated key '${String(duplicate.path.at(-1))}', first at line ${place(duplicate.firstOffset).line}`);
    else if (unclosedQuoteAt(doc, e) !== undefined) report('(yaml)', unclosedQuoteAt(doc, e), `${UNCLOSED_QUOTE} [${e.code}]`);
    else report('(yaml)', e.pos[0], `${yamlMessage(e)} [${e.code}]`);
  }
  // A repeated key leaves the rest of the tree as written (the key keeps its last value), so
  // the file's other problems are listed with it; after any other YAML error the tree is a guess.
  if (doc.errors.some((e) => e.code !== 'DUPLICATE_KEY')) return { data: undefined, raw: undefined, errors, lacking, placeOf };
  const raw: unknown = doc.toJS();
  const parsed = schema.safeParse(raw);
  for (const issue of parsed.error?.issues ?? []) {
    const at = locate(root, issue.path);
    const path = fieldPath(issue.path) || '(root)';
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) report(fieldPath([...issue.path, key]), keyNode(at.node, key)?.range?.[0], `unknown key '${key}' ${issue.message}`);
    } else if (issue.code === 'invalid_key') {
      report(path, keyNode(locate(root, issue.path.slice(0, -1)).node, String(issue.path.at(-1)))?.range?.[0], issue.issues[0]?.message ?? issue.message);
    } else {
      // A custom issue's message names the value itself; a missing key has none to name.
      const value = issue.code === 'custom' || at.value === undefined || at.node === null ? '' : `, not ${shown(at.value)}`;
      report(path, (at.value === undefined ? missingKeyPlace(root, issue.path) : at.node)?.range?.[0], `${issue.message}${value}`);
      if (at.value === undefined) lacking.push(errors[errors.length - 1]);
    }
  }
  const readable = doc.errors.length === 0;
  return { data: readable ? parsed.data : undefined, raw: readable ? raw : undefined, errors: errors.sort((a, b) => a.line - b.line || a.column - b.column || a.path.localeCompare(b.path)), lacking, placeOf };
}

/** A mapping, as YAML reads one: no array, no null. */
export const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The problems of one command given as data, not YAML (the steps API's `this.run(command,
 * options)`, null or undefined options being none): each `field: problem`, in the words
 * `spec-run exec` says it of a file's command, since both hand the command to one executor.
 * The command is the first argument: `run` among the options would be a second one, which
 * one of them ran unsaid, so it is refused with the other keys no command has.
 */
export function commandProblems(command: unknown, options: unknown): string[] {
  const allowed = `(allowed here: ${[...Object.keys(COMMAND_FIELDS).filter((key) => key !== 'run'), 'signal'].join(', ')})`;
  if (options === null || options === undefined) options = {};
  if (!isRecord(options)) return [`options: must be a mapping of the command's settings ${allowed}, not ${shown(options)}`];
  const { signal: _signal, run: _run, ...fields } = options;
  const given = { ...fields, run: command };
  const valueAt = (path: readonly PropertyKey[]) => path.reduce<unknown>((value, key) => (isRecord(value) ? value[String(key)] : undefined), given);
  const problems = (commandSchema.safeParse(given).error?.issues ?? []).flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => `${fieldPath([...issue.path, key])}: unknown key '${key}' ${allowed}`);
    const value = valueAt(issue.path);
    // As in a file: a custom issue's message names the value itself.
    return [`${fieldPath(issue.path)}: ${issue.message}${issue.code === 'custom' || value === undefined ? '' : `, not ${shown(value)}`}`];
  });
  const runKey = 'run' in options ? [`run: unknown key 'run': the command is the first argument ${allowed}`] : [];
  return [...runKey, ...problems.map((problem) => problem.replace(/^run:/, 'command:'))];
}

/** Loads a document whose top level is `stop:`. */
export function loadConfig(text: string, options: LoadOptions = {}): ConfigLoad {
  const checked = check(text, configSchema, options.at ?? { line: 1 });
  // The valid part of an invalid configuration: its default if valid, and each valid command.
  const stop = isRecord(checked.raw) && isRecord(checked.raw.stop) ? checked.raw.stop : {};
  const parts = checked.data?.stop ?? {
    defaultTimeout: inheritedTimeout.safeParse(stop.defaultTimeout).data ?? { kind: 'inherit' },
    failFast: stop.failFast === true,
    commands: Array.isArray(stop.commands) ? stop.commands.map((command) => commandSchema.safeParse(command).data) : [],
  };
  const commands = parts.commands.flatMap((command, index) =>
    command ? [{ ...command, index, ...checked.placeOf(['stop', 'commands', index]), ...(command.cpus !== undefined ? { cpusAt: checked.placeOf(['stop', 'commands', index, 'cpus']) } : {}) }] : [],
  );
  // Set only when true: a configuration without it loads as it did before the key came.
  return { config: { defaultTimeout: parts.defaultTimeout, commands, ...(parts.failFast ? { failFast: true } : {}) }, errors: checked.errors, lacking: checked.lacking };
}

/**
 * The container commands whose `cpus:` is more than the engine's ENGINECPUS: Docker refuses them at
 * `docker create` (exit 125, "Range of CPUs is from 0.01 to 2.00"), so they are refused with the
 * file's other problems, before anything runs. A command without `image:` runs on the host, which
 * ignores `cpus:` (and says so).
 */
export function cpusBeyondEngine(config: StopConfig, engineCpus: number): ConfigError[] {
  return config.commands.flatMap((command) => {
    if (command.image === undefined || command.cpus === undefined || command.cpus <= engineCpus) return [];
    const problem = `must be at most ${engineCpus}, the CPUs the Docker engine offers (its range is from ${DOCKER_MIN_CPUS} to ${engineCpus}), not ${command.cpus}`;
    return [configError(`stop.commands[${command.index}].cpus`, command.cpusAt ?? command, problem)];
  });
}

export interface FieldLine {
  /** Line in the enclosing file. */
  line: number;
  key: string;
  /** The value as YAML reads it. */
  value: unknown;
  setting?: TimeoutSetting;
  error?: ConfigError;
}

/**
 * Reads a fragment of `timeout:`/`defaultTimeout:` lines leniently: each line is its own
 * one-key document, so a list of examples that repeats the key (invalid as one YAML
 * mapping) still gives one checked value per line. Blank and comment lines are skipped.
 */
export function checkTimeoutLines(text: string, options: LoadOptions = {}): { entries: FieldLine[]; errors: ConfigError[] } {
  const at = options.at ?? { line: 1 };
  const entries: FieldLine[] = [];
  const errors: ConfigError[] = [];
  text.split('\n').forEach((source, i) => {
    if (source.trim() === '' || source.trim().startsWith('#')) return;
    const line = at.line + i;
    const lineAt = { line, columns: at.columns?.slice(i, i + 1) };
    const checked = check(source, timeoutLineSchema, lineAt);
    const fields = isRecord(checked.raw) ? Object.entries(checked.raw) : [];
    if (checked.errors.length === 0 && fields.length !== 1) {
      checked.errors.push(configError('(line)', placeInDocument(lineAt, 1, 1), 'expected one `key: value` line'));
    }
    const [key, value] = fields[0] ?? [];
    const data = checked.data as Record<string, TimeoutSetting | undefined> | undefined;
    if (key === 'timeout' || key === 'defaultTimeout') entries.push({ line, key, value, setting: data?.[key], error: checked.errors[0] });
    errors.push(...checked.errors);
  });
  return { entries, errors };
}
