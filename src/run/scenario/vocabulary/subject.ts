// What the WHEN steps of an executor specification set up, and how the THEN steps
// observe it: a command's configured fields, where its configuration file stands and
// where the executor is started from, what the command prints. Observations run
// `spec-run exec` for real, as a child process in the invoking directory, on a
// configuration written to a temporary root that mirrors the documented paths.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { ownProcessWork } from '../../../process/child.js';
import { stringify } from 'yaml';
import type { World } from '../../../steps/index.js';
import { parseLog, type LoggedEvent } from '../../../executor/log.js';
import { isRecord, loadConfig, type ConfigError } from '../../../executor/config.js';
import { dockerEngine } from '../../../executor/docker.js';
import { inContainer } from '../../../executor/workspace.js';
import { readYaml } from '../../../parse/yaml-error.js';
import { executorWorld, ranByScenarioCode, standsInFor } from '../world.js';
import { commandsRun, invalidBlockYaml, worldInternals } from '../step-world.js';
import { blockConflicts } from '../interpreter/observation.js';
import { emptySetup } from '../interpreter/when.js';
import { conditionBeyondBlock } from '../interpreter/condition-setup.js';
import { refusedValues } from '../../../translate/refused-block.js';

/** The fields of a stop command (and the global default), as steps name them. */
export const FIELDS = ['defaultTimeout', 'timeout', 'maxOutputLines', 'showStdout', 'showStderr', 'image', 'workdir', 'env', 'memory', 'cpus', 'network', 'user', 'message', 'gracePeriod'];

/** The timeout a scenario's probe runs under in place of the documented one (a host one; Docker adds container start). */
export const PROBE_TIMEOUT = '1s';

/** A written value: a duration, a number, a boolean, or the text. */
export function valueOf(text: string): unknown {
  const t = text.trim().replace(/^["'`](.*)["'`]$/, '$1');
  const duration = /^(\d+) ?(second|minute|hour)s?$/.exec(t);
  if (duration) return `${duration[1]}${duration[2][0]}`;
  if (/^-?\d+$/.test(t)) return Number(t);
  if (t === 'true' || t === 'false') return t === 'true';
  if (t === 'null') return null;
  return t;
}

/** A value a "field contains ..." step stands for, and whether the executor must accept it. */
export interface Sample {
  value: unknown;
  valid: boolean;
}

export interface Subject {
  /** The command's configured fields (besides `run`). */
  fields: Record<string, unknown>;
  /** Fields the scenario says the command does not have. */
  omitted: string[];
  /** Values a "field contains" step stands for, by field. */
  samples: { field: string; values: Sample[] } | null;
  /** The command line itself, when a step quotes it. */
  run?: string;
  /** The `stop.defaultTimeout` of the configuration, when a step sets it. */
  defaultTimeout?: unknown;
  /** What the command's output does, when a step says. */
  produces: { streams: ('stdout' | 'stderr')[]; overLimit: boolean } | null;
  /** How the command ends, when a step says. */
  behaviour: 'exceeds-timeout' | 'within-timeout' | 'fails' | 'ignores-term' | 'handles-term' | null;
  /** The configuration file's path as documented (made under a temporary root). */
  configFile: string;
  /** The directory the executor is started from, as documented. */
  invokedFrom: string | null;
  /** The command names an absolute path. */
  absolute: boolean;
  /** Environment variable the command reads, as written in the scenario. */
  references: string | null;
  /** A temporary root under which documented absolute paths are made. */
  root: string;
  /** The scenario's stop-hook YAML block: the configuration its steps' settings are written into (seedFromBlock). */
  block: StopBlock | null;
  /** The document's line of the step that set each field (and `defaultTimeout`): where the executor's errors about it are placed. */
  setAt: Record<string, number>;
}

/** A scenario's YAML block whose top level is a stop-hook configuration. */
interface StopBlock {
  text: string;
  /** The document's line of the block's first line. */
  line: number;
  /** The document's column of each of its lines' first column (a block in a list item starts past its indentation). */
  columns?: readonly number[];
  /** Its value, read as the executor's loader reads it. */
  data: Record<string, unknown>;
  /** Why its commands are not the one command these steps observe (not valid YAML, none, several, not a mapping), said whole; null when it has one. */
  unheld: string | null;
  /** The executor refuses it as written, before any command: it is not valid YAML, or its loader refuses its shape (`stop:` a list); it configures nothing. */
  refusedAsWritten: boolean;
}

const subjects = new WeakMap<World, Subject>();

/** Why a scenario that states nothing about a command cannot be checked. */
export const NOTHING_STATED =
  'the scenario states no command and no configuration (no quoted command, no YAML block, nothing the command does or is given): there is nothing to run; quote the command (`npm test`) or give its configuration';

/** Where the configuration file stands when no step says. */
const DEFAULT_CONFIG_FILE = '/project/.spec-run.yaml';

/** True when the scenario has said something of its command or its configuration: a step, or its YAML block. */
export function statesSomething(subject: Subject): boolean {
  return (
    subject.block !== null ||
    Object.keys(subject.fields).length > 0 ||
    subject.omitted.length > 0 ||
    subject.samples !== null ||
    subject.run !== undefined ||
    subject.defaultTimeout !== undefined ||
    subject.produces !== null ||
    subject.behaviour !== null ||
    subject.absolute ||
    subject.references !== null ||
    subject.invokedFrom !== null ||
    subject.configFile !== DEFAULT_CONFIG_FILE
  );
}

export function subjectOf(world: World): Subject {
  let subject = subjects.get(world);
  if (!subject) {
    const root = mkdtempSync(path.join(tmpdir(), 'spec-run-subject-'));
    subject = { fields: {}, omitted: [], samples: null, produces: null, behaviour: null, configFile: DEFAULT_CONFIG_FILE, invokedFrom: null, absolute: false, references: null, root, block: null, setAt: {} };
    seedFromBlock(subject, world);
    subjects.set(world, subject);
  }
  return subject;
}

/**
 * The scenario's stop-hook YAML block is its configuration, whatever steps follow it (a When, or
 * Thens alone): its command is the subject's, as if a step quoted it, with its fields and its
 * default timeout. A step saying otherwise of it is a conflict (execRun), never a second
 * configuration run in its place.
 */
function seedFromBlock(subject: Subject, world: World): void {
  const { unit } = worldInternals(world);
  const config = unit.configs.find((c) => /^ya?ml$/i.test(c.lang ?? '') && /^stop:/m.test(c.text));
  if (!config) return;
  // Read as the executor's loader reads it (a repeated key keeps its last value; the loader names the repetition).
  const { doc, error } = readYaml(config.text, config, { uniqueKeys: false });
  if (error) {
    // No value to read commands from: what the text became past its first error is a guess.
    subject.block = { text: config.text, line: config.line, columns: config.columns, data: {}, unheld: invalidBlockYaml(unit.file, error), refusedAsWritten: true };
    return;
  }
  const value: unknown = doc.toJS();
  const data = isRecord(value) ? value : {};
  const stop = isRecord(data.stop) ? data.stop : {};
  const commands = Array.isArray(stop.commands) ? stop.commands : [];
  const [command] = commands;
  const why = commands.length !== 1 ? `it configures ${commands.length} commands` : !isRecord(command) ? 'its command is not a mapping of fields' : null;
  const beyond = !why && unit.condition ? conditionBeyondBlock({ text: unit.condition, code: unit.conditionCode, yaml: config.text, preconditions: unit.preconditions }, config) : null;
  // Where the block holds no one command because the executor's loader refuses its shape (`stop:` a list, a command that is no mapping), that refusal is the cause, said in its words.
  const refused = why ? refusedValues(config) : [];
  const unheld = refused.length > 0
    ? `the executor rejects the scenario's configuration, so no command runs: ${refused.map((e) => `${e.message} (${unit.file}:${e.line}:${e.column})`).join('; ')}`
    : why
    ? `the scenario's YAML block (line ${config.line}) is its configuration, and ${why}: the built-in expressions run one command of it. Give the block one command, or say in a When which command the scenario is about`
    : beyond && `the scenario's condition ("${unit.condition!.trim()}") sets up what its YAML block (line ${config.line}) does not hold (${beyond}), and the built-in expressions run the block as written: write it in the block, or as a WHEN step`;
  subject.block = { text: config.text, line: config.line, columns: config.columns, data, unheld, refusedAsWritten: refused.length > 0 };
  if (stop.defaultTimeout !== undefined) subject.defaultTimeout = stop.defaultTimeout;
  if (!isRecord(command) || unheld) return;
  const { run, ...fields } = command;
  if (typeof run === 'string') subject.run = run;
  subject.fields = fields;
}

/**
 * Sets FIELD, from the step WORLD runs (where an error about its value is placed): a field of the
 * scenario's command, or `defaultTimeout`, which is the configuration's (`stop.defaultTimeout`), never a command's.
 */
export function setField(world: World, field: string, value: unknown): void {
  const subject = subjectOf(world);
  if (field === 'defaultTimeout') subject.defaultTimeout = value;
  else subject.fields[field] = value;
  if (world.step) subject.setAt[field] = world.step.line;
  const path = field === 'defaultTimeout' ? 'stop.defaultTimeout' : `stop.commands[0].${field}`;
  const [rejected] = placedErrors(world).filter((e) => e.path === path);
  // A value the executor refuses: said now, with the step; a scenario about that refusal goes on to check it.
  if (rejected) world.attach('the executor rejects this value', `${rejected.message} (${rejected.place})`);
}

/** Leaves FIELD unset: the command's, or the configuration's `defaultTimeout`. */
export function omitField(subject: Subject, field: string): void {
  if (field === 'defaultTimeout') delete subject.defaultTimeout;
  else delete subject.fields[field];
  subject.omitted.push(field);
}

/** The subject the scenario's steps described, if any of them did (without making one). */
export function existingSubject(world: World): Subject | undefined {
  return subjects.get(world);
}

/** Removes what the scenario's observations made (its temporary root), once the scenario is over. */
export function disposeSubject(world: World): void {
  const subject = subjects.get(world);
  if (subject) rmSync(subject.root, { recursive: true, force: true });
  subjects.delete(world);
}

/** A documented absolute path made real under the subject's root. */
export function real(subject: Subject, documented: string): string {
  return path.join(subject.root, path.resolve('/', documented));
}

export function configDir(subject: Subject): string {
  return path.dirname(real(subject, subject.configFile));
}

/** The scenario's command runs in a container: its configuration names an image. */
export function inDocker(subject: Subject): boolean {
  return subject.fields.image !== undefined;
}

/**
 * HOST_PATH, a directory of the run on the host, as the scenario's command sees it: itself on
 * the host; in a container, its place under the project's mount (the configuration's directory,
 * which spec-run exec mounts at /workspace), or null where the container does not see it.
 */
export function asCommandSees(subject: Subject, hostPath: string): string | null {
  return inDocker(subject) ? inContainer(hostPath, configDir(subject)) : hostPath;
}

/**
 * PRINTED, a directory the command printed, in the scenario's terms: on the host, a path under
 * the subject's root is the documented one real() made it for, any other (an absolute workdir)
 * is itself; in a container, the container's own path, which nothing on the host stands for.
 */
export function inScenarioTerms(subject: Subject, printed: string): string {
  if (inDocker(subject)) return printed;
  const relative = path.relative(subject.root, printed);
  return relative.startsWith('..') || path.isAbsolute(relative) ? printed : path.resolve('/', relative);
}

/** A sleep argument unique to one run, to find any process of it that survived. */
export function nonce(): string {
  return `100.${randomInt(100_000, 999_999)}`;
}

/**
 * The configuration file of one command (COMMAND, with FIELDS) the scenario describes: its YAML
 * block, where it has one, with that command in place of the block's, else one the steps wrote.
 */
function configurationText(subject: Subject, command: unknown, fields: Record<string, unknown>): string {
  // Not valid YAML, or of a shape the loader refuses: nothing to put a command into; the executor refuses the text as written.
  if (subject.block?.refusedAsWritten) return subject.block.text;
  const data = subject.block?.data ?? {};
  const stop = isRecord(data.stop) ? data.stop : {};
  const defaults = subject.defaultTimeout === undefined ? {} : { defaultTimeout: subject.defaultTimeout };
  return stringify({ ...data, stop: { ...stop, ...defaults, ...stopOf(command, fields) } });
}

/** The `stop:` of one COMMAND with FIELDS: a `defaultTimeout` among them is the configuration's, never the command's. */
export function stopOf(command: unknown, fields: Record<string, unknown>): Record<string, unknown> {
  const { defaultTimeout, ...own } = fields;
  return { ...(defaultTimeout === undefined ? {} : { defaultTimeout }), commands: [{ ...(command === undefined ? {} : { run: command }), ...own }] };
}

/** An error of the scenario's configuration, and where the document says what it is about. */
interface PlacedError extends ConfigError {
  /** The step that set the value (file:line), the value in the YAML block (file:line:column), or the field's path where neither did. */
  place: string;
}

/** The errors of the configuration the scenario describes, as the executor reports them, each placed in the document. */
function placedErrors(world: World): PlacedError[] {
  const subject = subjectOf(world);
  const block = subject.block;
  // A block of other than one command (or not valid YAML) is judged as written: these steps set nothing of it (execRun refuses to run it).
  if (block?.unheld) return rejections(world, null);
  // The block's command line as written (a missing one is the executor's to refuse); a command a step quotes; else any.
  const run = block ? (block.data.stop as { commands: Record<string, unknown>[] }).commands[0].run : (subject.run ?? 'true');
  return rejections(world, configurationText(subject, run, subject.fields));
}

/**
 * The errors of TEXT, a configuration of the scenario's command (none: the block alone), with those of its YAML block as
 * written (a repeated key, which the block's value read here no longer shows), each placed: at
 * the step that set the value, else at the value in the block.
 */
function rejections(world: World, text: string | null): PlacedError[] {
  const subject = subjectOf(world);
  const { file } = worldInternals(world).unit;
  const block = subject.block;
  const inBlock = block ? loadConfig(block.text, { at: { line: block.line, columns: block.columns } }).errors : [];
  const errors = text === null ? [] : loadConfig(text).errors;
  const blockOnly = inBlock.filter((b) => !errors.some((e) => e.path === b.path));
  return [...errors, ...blockOnly].map((e) => ({ ...e, place: placeOfError(e, file, setByStep(subject.setAt, e.path), inBlock) }));
}

/** The document's line of the step that set the field an error at PATH is about, from SET_AT (the line of each field a step set). */
export function setByStep(setAt: Record<string, number>, path: string): number | undefined {
  const key = /^stop\.(?:commands\[0\]\.)?(\w+)/.exec(path)?.[1];
  return key === undefined ? undefined : setAt[key];
}

/**
 * Where the executor's error E (about a value of a configuration spec-run wrote) is in FILE, the
 * document: at the step that set its value (line STEP), else at the value in the YAML block (its
 * errors as read there, IN_BLOCK), else by its field's path; never at a line of the file spec-run wrote.
 */
export function placeOfError(e: ConfigError, file: string, step: number | undefined, inBlock: readonly ConfigError[]): string {
  if (step !== undefined) return `${file}:${step}`;
  const written = inBlock.find((b) => b.path === e.path);
  return written ? `${file}:${written.line}:${written.column}` : `${e.path}, in the configuration the steps describe`;
}

/** The errors of the configuration the scenario describes, as the executor reports them, each with its place in the document. */
export function configuredErrors(world: World): string[] {
  return placedErrors(world).map((e) => `${e.message} (${e.place})`);
}

export interface ExecRun {
  command: string;
  fields: Record<string, unknown>;
  /** The exit status of `spec-run exec`. */
  status: number;
  /** What `spec-run exec` printed, stdout and stderr together: the console. */
  console: string;
  durationMs: number;
  events: LoggedEvent[];
  /** The directory it was started from. */
  cwd: string;
}

const CLI = fileURLToPath(new URL('../../../cli/main.js', import.meta.url));


/**
 * Runs `spec-run exec` on a configuration of one command with `fields`, from the documented
 * invoking directory. A command other than the one the scenario quotes stands for the
 * scenario's: refused where it quotes one, unless the run observes only what the
 * configuration does (`configuration`: where the command runs, its environment, its
 * announced timeout), which holds for any command.
 */
export async function execRun(world: World, command: string, fields: Record<string, unknown>, options: { configDirEnv?: string; cwd?: string; configuration?: boolean; expectRejection?: boolean } = {}): Promise<ExecRun> {
  const subject = subjectOf(world);
  const block = subject.block;
  // A block the executor refuses as written runs only where the step expects the executor to refuse it.
  const refusedAsWritten = block?.refusedAsWritten === true && options.expectRejection === true;
  if (block?.unheld && !refusedAsWritten) throw new Error(block.unheld);
  if (subject.run !== undefined && command !== subject.run && !options.configuration) throw new Error(standsInFor(command, subject.run));
  // A command of the step's own stands only for one the built-in steps know: described by them or by the YAML block, never one the scenario's own code ran.
  const standIn = command !== subject.run && !options.expectRejection;
  const [ran] = commandsRun(world);
  if (standIn && ran) throw new Error(ranByScenarioCode(`a probe of its own (\`${command}\`)`, ran));
  // A probe of what the command does stands for a command described; one of what the configuration gives any command holds of the defaults too, and says so.
  if (standIn && !options.configuration && !statesSomething(subject)) throw new Error(NOTHING_STATED);
  if (block && !refusedAsWritten) {
    const conflicts = blockConflicts(block.text, () => ({ ...emptySetup(), run: subject.run, fields: subject.fields }), { defaultTimeout: subject.defaultTimeout });
    const blockCommand = (block.data.stop as { commands: Record<string, unknown>[] }).commands[0];
    for (const field of subject.omitted) if (field in blockCommand) conflicts.push(`a step says the command has no ${field}, the block ${field}: ${String(blockCommand[field])}`);
    if (conflicts.length > 0) throw new Error(`the steps and the scenario's YAML block (line ${block.line}) say different things of the command: ${conflicts.join('; ')}. Which one does the scenario mean? Say it once: in the block, or in the steps`);
  }
  if (inDocker(subject) && !options.expectRejection) {
    const engine = await dockerEngine();
    if (!engine.ok) world.skip(`${engine.error}. To fix: ${engine.solutions.join('; ')}`);
  }
  // A command other than the scenario's runs with its configuration: the step's point says so, with that configuration, and why that is the same.
  if (standIn) world.attach('probe in place of the scenario\'s command', probeNote(subject, command, fields, options.configuration === true));
  const text = configurationText(subject, command, fields);
  // The executor's own loader refuses it: no command would run, and spec-run exec would place the error in the file written here.
  const rejected = options.expectRejection ? [] : rejections(world, text);
  if (rejected.length > 0) throw new Error(`the executor rejects the scenario's configuration, so no command runs: ${rejected.map((e) => `${e.message} (${e.place})`).join('; ')}`);
  const file = real(subject, subject.configFile);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  const cwd = options.cwd ?? (subject.invokedFrom ? real(subject, subject.invokedFrom) : path.dirname(file));
  mkdirSync(cwd, { recursive: true });
  const log = path.join(mkdtempSync(path.join(subject.root, '.logs-')), 'limits.jsonl');
  const aliases = Object.entries(executorWorld(world).imageAliases).flatMap(([name, image]) => ['--image-alias', `${name}=${image}`]);
  const args = [CLI, 'exec', path.relative(cwd, file) || file, '--log', log, ...aliases, ...(options.configDirEnv ? ['--config-dir-env', options.configDirEnv] : [])];
  const started = performance.now();
  // spec-run's own process: after an interruption it still stops its container, and the exit after the report waits for it.
  const result = await ownProcessWork(execa(process.execPath, args, { cwd, reject: false, all: true, timeout: 120_000 }));
  const durationMs = performance.now() - started;
  let events: LoggedEvent[] = [];
  try {
    events = parseLog(readFileSync(log, 'utf8'));
  } catch {
    // No limit event: the log was never written.
  }
  const run = { command, fields, status: result.exitCode ?? -1, console: result.all ?? '', durationMs, events, cwd };
  world.attach(`spec-run exec (${command})`, { fields, startedIn: cwd, status: run.status, durationMs: Math.round(durationMs), console: run.console.split('\n').slice(0, 40) });
  return run;
}

/** What a point says of PROBE, a command of the step's own run with FIELDS in place of the scenario's: what it stands for, and the configuration it ran with. */
function probeNote(subject: Subject, probe: string, fields: Record<string, unknown>, ofConfiguration: boolean): string {
  const given = { ...(subject.defaultTimeout === undefined ? {} : { defaultTimeout: subject.defaultTimeout }), ...fields };
  const configuration = Object.keys(given).length === 0 ? 'no field set (the executor\'s defaults)' : JSON.stringify(given);
  const scenarios = subject.run === undefined ? 'the command the scenario describes' : `\`${subject.run}\``;
  const why = ofConfiguration ? 'the step observes what the configuration gives any command (where it starts, its environment, its announced timeout), not what the command does' : 'the probe behaves as the scenario says its command does';
  return `a probe, \`${probe}\`, ran in place of ${scenarios}, with the configuration ${configuration}: ${why}`;
}

/** What the command printed, as the report shows it after its "Output:" line (stdout and stderr as they came). */
export function outputLines(run: ExecRun): string[] {
  const lines = shownLines(run);
  const at = lines.indexOf('Output:');
  return at < 0 ? [] : lines.slice(at + 1).filter((line) => line !== '');
}

/** Lines of the command's own output in the console report. */
export function shownLines(run: ExecRun): string[] {
  return run.console.split('\n').map((l) => l.trim());
}

/** A command printing `count` numbered lines, tagged by stream, on each of `streams`; ends with `exit`. */
export function printer(counts: Partial<Record<'stdout' | 'stderr', number>>, exit = 0): string {
  const parts: string[] = [];
  if (counts.stdout) parts.push(`seq 1 ${counts.stdout} | sed 's/^/out-/'`);
  if (counts.stderr) parts.push(`seq 1 ${counts.stderr} | sed 's/^/err-/' >&2`);
  parts.push(`exit ${exit}`);
  return parts.join('; ');
}
