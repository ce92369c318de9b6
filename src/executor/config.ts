// The stop-hook configuration: the `stop:` section with `defaultTimeout` and
// `commands[]`. Problems are returned as data with their place in the file, so a
// caller can show them, count them or check a particular one.
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node, type Pair, type YAMLMap } from 'yaml';
import { formatDuration, parseDuration, VALID_DURATIONS } from './duration.js';

export interface ConfigError {
  /** Field path, e.g. "stop.commands[3].timeout". */
  path: string;
  message: string;
  /** 1-based, in the file the text came from (see LoadOptions.firstLine). */
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
  /** Docker memory limit as written ("512m"). */
  memory?: string;
  cpus?: number;
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
}

export interface ConfigLoad {
  /** The valid part of the configuration: a command with an error is left out. */
  config: StopConfig;
  errors: ConfigError[];
}

export interface LoadOptions {
  /** Line in the enclosing file of the text's first line (a YAML block in markdown); default 1. */
  firstLine?: number;
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

const COMMAND_FIELDS = ['run', 'timeout', 'image', 'maxOutputLines', 'memory', 'cpus', 'workdir', 'env', 'network', 'user', 'showStdout', 'showStderr', 'message'] as const;
type CommandField = (typeof COMMAND_FIELDS)[number];

class Reader {
  readonly errors: ConfigError[] = [];
  constructor(
    private readonly lines: LineCounter,
    private readonly firstLine: number,
  ) {}

  place(offset: number | undefined): { line: number; column: number } {
    const pos = this.lines.linePos(offset ?? 0);
    return { line: pos.line + this.firstLine - 1, column: pos.col };
  }

  error(path: string, node: Node | null | undefined, problem: string, fallbackOffset?: number): void {
    const { line, column } = this.place(node?.range?.[0] ?? fallbackOffset);
    this.errors.push({ path, line, column, message: `${path} at ${line}:${column}: ${problem}` });
  }

  /** Checks the keys of a mapping against the allowed ones, reporting each unknown key. */
  keys(map: YAMLMap, path: string, allowed: readonly string[]): Pair<Node, Node | null>[] {
    const known: Pair<Node, Node | null>[] = [];
    for (const pair of map.items as Pair<Node, Node | null>[]) {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      if (allowed.includes(key)) known.push(pair);
      else this.error(`${path}.${key}`, pair.key, `unknown key '${key}' (allowed here: ${allowed.join(', ')})`);
    }
    return known;
  }

  timeout(path: string, node: Node | null, keyNode: Node): TimeoutSetting | undefined {
    const value = isScalar(node) ? node.value : node === null ? null : node.toJSON();
    if (value === null) return { kind: 'none' };
    const parsed = parseDuration(value);
    if (parsed.ok) return { kind: 'limit', ms: parsed.ms, text: parsed.text };
    this.error(path, node ?? keyNode, `invalid duration ${JSON.stringify(value)}: ${parsed.reason}. ${VALID_DURATIONS}`);
    return undefined;
  }
}

const keyName = (pair: Pair<Node, Node | null>) => (isScalar(pair.key) ? String(pair.key.value) : String(pair.key));

/** Loads a document whose top level is `stop:`. */
export function loadConfig(text: string, options: LoadOptions = {}): ConfigLoad {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
  const reader = new Reader(lines, options.firstLine ?? 1);
  const config: StopConfig = { defaultTimeout: { kind: 'inherit' }, commands: [] };
  for (const e of doc.errors) reader.error('(yaml)', null, `${e.message.split('\n')[0]} [${e.code}]`, e.pos[0]);
  if (doc.errors.length > 0) return { config, errors: reader.errors };

  const root = doc.contents;
  if (!isMap(root)) {
    reader.error('(root)', root, 'the configuration must be a mapping with a `stop:` section');
    return { config, errors: reader.errors };
  }
  const top = reader.keys(root, '(root)', ['stop']);
  const stopPair = top.find((p) => keyName(p) === 'stop');
  if (!stopPair) {
    reader.error('stop', root, 'the `stop:` section is missing');
    return { config, errors: reader.errors };
  }
  if (!isMap(stopPair.value)) {
    reader.error('stop', stopPair.value ?? stopPair.key, 'must be a mapping with `commands:` and optionally `defaultTimeout:`');
    return { config, errors: reader.errors };
  }
  let commandsNode: Node | null | undefined;
  for (const pair of reader.keys(stopPair.value, 'stop', ['defaultTimeout', 'commands'])) {
    if (keyName(pair) === 'defaultTimeout') {
      config.defaultTimeout = reader.timeout('stop.defaultTimeout', pair.value, pair.key) ?? { kind: 'inherit' };
    } else commandsNode = pair.value;
  }
  if (commandsNode === undefined) {
    reader.error('stop.commands', stopPair.key, 'the `commands:` list is missing');
  } else if (!isSeq(commandsNode)) {
    reader.error('stop.commands', commandsNode ?? stopPair.value, 'must be a list of commands (`- run: ...`)');
  } else {
    commandsNode.items.forEach((item, index) => {
      const command = readCommand(reader, item as Node | null, index);
      if (command) config.commands.push(command);
    });
  }
  return { config, errors: reader.errors.sort((a, b) => a.line - b.line || a.column - b.column) };
}

function readCommand(reader: Reader, node: Node | null, index: number): CommandConfig | null {
  const path = `stop.commands[${index}]`;
  if (!isMap(node)) {
    reader.error(path, node, 'must be a mapping with at least `run:`');
    return null;
  }
  const before = reader.errors.length;
  const { line, column } = reader.place(node.range?.[0]);
  const command: CommandConfig = { index, run: '', timeout: { kind: 'inherit' }, env: {}, showStdout: true, showStderr: true, line, column };
  let hasRun = false;
  for (const pair of reader.keys(node, path, COMMAND_FIELDS)) {
    const field = keyName(pair) as CommandField;
    const fieldPath = `${path}.${field}`;
    const value = pair.value;
    const plain = isScalar(value) ? value.value : value === null ? null : value.toJSON();
    const bad = (problem: string) => reader.error(fieldPath, value ?? pair.key, problem);
    switch (field) {
      case 'timeout': {
        const setting = reader.timeout(fieldPath, value, pair.key);
        if (setting) command.timeout = setting;
        break;
      }
      case 'run':
        if (typeof plain === 'string' && plain.trim() !== '') {
          command.run = plain;
          hasRun = true;
        } else bad(`must be a non-empty command string, not ${JSON.stringify(plain)}`);
        break;
      case 'image':
      case 'workdir':
      case 'network':
      case 'message':
        if (typeof plain === 'string' && plain !== '') command[field] = plain;
        else bad(`must be a non-empty string, not ${JSON.stringify(plain)}`);
        break;
      case 'user':
        if ((typeof plain === 'string' && plain !== '') || (typeof plain === 'number' && Number.isInteger(plain) && plain >= 0)) command.user = String(plain);
        else bad(`must be a user name or uid[:gid], not ${JSON.stringify(plain)}`);
        break;
      case 'maxOutputLines':
        if (typeof plain === 'number' && Number.isInteger(plain) && plain >= 1 && plain <= MAX_OUTPUT_LINES) command.maxOutputLines = plain;
        else bad(`invalid maxOutputLines ${JSON.stringify(plain)}: must be a whole number of lines from 1 to ${MAX_OUTPUT_LINES} (e.g. 100)`);
        break;
      case 'memory':
        if (typeof plain === 'string' && /^[1-9]\d*[bkmg]?$/i.test(plain)) command.memory = plain.toLowerCase();
        else bad(`invalid memory limit ${JSON.stringify(plain)}: a positive integer with an optional unit b, k, m or g (e.g. '512m')`);
        break;
      case 'cpus': {
        const n = typeof plain === 'string' ? Number(plain) : plain;
        if (typeof n === 'number' && Number.isFinite(n) && n > 0) command.cpus = n;
        else bad(`must be a positive number of CPUs (e.g. 1.5), not ${JSON.stringify(plain)}`);
        break;
      }
      case 'showStdout':
      case 'showStderr':
        if (typeof plain === 'boolean') command[field] = plain;
        else bad(`must be true or false, not ${JSON.stringify(plain)}`);
        break;
      case 'env':
        if (isMap(value)) {
          for (const entry of value.items as Pair<Node, Node | null>[]) {
            const name = keyName(entry);
            const v = isScalar(entry.value) ? entry.value.value : undefined;
            if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) reader.error(`${fieldPath}.${name}`, entry.key, 'not a valid environment variable name');
            else if (v === undefined || v === null || typeof v === 'object') reader.error(`${fieldPath}.${name}`, entry.value ?? entry.key, 'must be a string, number or boolean');
            else command.env[name] = String(v);
          }
        } else bad('must be a mapping of variable names to values');
        break;
    }
  }
  if (!hasRun && !reader.errors.slice(before).some((e) => e.path === `${path}.run`)) reader.error(`${path}.run`, node, 'every command needs `run:`');
  return reader.errors.length === before ? command : null;
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
  const firstLine = options.firstLine ?? 1;
  const entries: FieldLine[] = [];
  const errors: ConfigError[] = [];
  text.split('\n').forEach((source, i) => {
    if (source.trim() === '' || source.trim().startsWith('#')) return;
    const lines = new LineCounter();
    const reader = new Reader(lines, firstLine + i);
    const doc = parseDocument(source, { lineCounter: lines, prettyErrors: false });
    const root = doc.contents;
    if (doc.errors.length > 0 || !isMap(root) || root.items.length !== 1) {
      reader.error('(line)', null, 'expected one `key: value` line', 0);
    } else {
      const [pair] = root.items as Pair<Node, Node | null>[];
      const key = keyName(pair);
      const value = isScalar(pair.value) ? pair.value.value : pair.value === null ? null : pair.value.toJSON();
      if (key !== 'timeout' && key !== 'defaultTimeout') reader.error(key, pair.key, `unknown key '${key}' (expected timeout or defaultTimeout)`);
      else {
        const setting = reader.timeout(key, pair.value, pair.key);
        entries.push({ line: firstLine + i, key, value, setting, error: reader.errors[0] });
      }
    }
    errors.push(...reader.errors);
  });
  return { entries, errors };
}
