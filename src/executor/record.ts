// The record of an executor run: the configuration it was given (after defaults and
// precedence), its validation errors, and for each command what happened, as the
// executor's own events (events.ts) and result tell it: where and how it ran, the
// signals sent and when, how its exit code came about, how long it took, the lines
// of each stream shown and omitted, the notices, the containers, the mounts, and the
// messages the user was shown. `spec-run exec` prints a run; a scenario checks one.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { cpusBeyondEngine, loadConfig, resolveTimeout, type CommandConfig, type ConfigError, type ResolvedTimeout, type StopConfig } from './config.js';
import type { ExecEvent, TimedEvent } from './events.js';
import { execute, requestFor } from './execute.js';
import { engineCpus, mapImage } from './docker.js';
import { formatElapsed } from './duration.js';
import { appendFailFastEvent, appendInterruptedEvent, logWriteFailed } from './log.js';
import { whenAborted } from '../process/abort-listeners.js';
import { linesNotKept, outputNotices, streamRecords, type CapturedOutput, type KeptEnd, type OutputLine, type StreamName, type StreamRecord } from './output.js';
import { interruptedStatus, interruptSignalOf, type InterruptSignal } from './interrupts.js';
import { commandLine, formatResult } from './report.js';
import { EXIT, type ExecOutcome, type ExecResult, type MemoryKill } from './result.js';
import { inContainer, WORKSPACE } from './workspace.js';

export const DEFAULT_CONFIG_DIR_ENV = 'SPEC_RUN_CONFIG_DIR';

/** How the exit code came about. */
export type ExitCause =
  /** The command's own status. */
  | 'command'
  /** Its timeout expired and SIGTERM ended it within the grace period (124). */
  | 'timeout'
  /** Its timeout expired and it outlived the grace period: killed (137). */
  | 'timeout-killed'
  /** The container's memory limit killed it (137). */
  | 'memory-limit'
  /** The memory limit killed a process of it, which it outlived to exit 0: 137 stands for that kill (a failing exit code stays its own, 'command'). */
  | 'memory-limit-outlived'
  /** The caller stopped it (130). */
  | 'interrupted'
  /** It could not be run (125). */
  | 'infrastructure';

export interface CommandRecord {
  index: number;
  run: string;
  context: 'host' | 'docker';
  image?: { requested: string; used: string };
  workdir?: string;
  env: Record<string, string>;
  user?: string;
  timeout: ResolvedTimeout;
  limits: { maxOutputLines?: number; keepOutput: KeptEnd; memory?: string; cpus?: number; network?: string };
  graceMs?: number;
  /** The executor's events, in order, timed from the command's start. */
  events: TimedEvent[];
  /** Signals sent, with when (ms from the start). */
  signals: { signal: 'SIGTERM' | 'SIGKILL'; atMs: number }[];
  outcome: ExecOutcome;
  exitCode: number;
  exitCause: ExitCause;
  /** The signal that ended the command, if one did. */
  endedBy: NodeJS.Signals | null;
  /** A kill at the memory limit: of the command, or of a process of it that the command outlived. */
  memoryKill?: MemoryKill;
  elapsedMs: number;
  /**
   * Each stream's counts, as the report and the --log file give them, but for `omitted`, which here counts a line cut at
   * its length too (lines not kept whole, linesNotKept): a check of what the output lacks must never pass on a cut
   * line's rest, which was not kept. `cut` says how many of them were cut.
   */
  streams: Record<StreamName, StreamRecord>;
  /** The command's own lines as shown. */
  lines: OutputLine[];
  /** The executor's notices about the output and the run (truncation, hidden streams, notes). */
  notices: string[];
  /** Those of them about the output only (omitted lines, hidden streams, truncation), which the report shows with it. */
  outputNotices: string[];
  containers: { name: string; created: boolean; started: boolean; removed: boolean }[];
  mounts: { source: string; target: string }[];
  /** The user's message of the configuration, shown because the command failed. */
  message?: string;
  error?: string;
  solutions?: string[];
  /** The report the user reads for this command. */
  report: string;
}

export interface RunRecord {
  /** The valid part of the configuration (everything, when it has no errors). */
  config: StopConfig;
  errors: ConfigError[];
  commands: CommandRecord[];
  /** Everything the user was shown, in order. */
  messages: string[];
  /** What `spec-run exec` exits with. */
  exitStatus: number;
  /** The signal that interrupted spec-run exec, when one did. */
  interrupted?: InterruptSignal;
  /** How long the run took, from reading its configuration to its last command's end (absent: its file was not read). */
  elapsedMs?: number;
  /** `failFast: true` ended the run at a failure: that command's place and those of the commands not started, from 0. */
  failedFast?: { failed: number; notRun: number[] };
  /** What went wrong beside the run, as told to the caller's warn (a write of the log that failed), in order. */
  warnings?: string[];
}

export interface RecordOptions {
  /** The configuration file's directory: the host commands' base and the variable's value (in a container, its path under the mount). */
  configDir: string;
  /** Mounted at /workspace in containers; default configDir. */
  projectRoot?: string;
  imageAliases?: Record<string, string>;
  configDirEnv?: string;
  signal?: AbortSignal;
  /** JSON-lines file of each command's limit events, of an interruption of the run, and of a failFast stop (log.ts). */
  log?: string;
  /** The log gets each command that failed or could not run, and output cut at the cap, too (`--log-failures`). */
  logFailures?: boolean;
  /** The configuration file as named in messages. */
  configName?: string;
  /** Told each message as it is shown (the CLI prints them). */
  write?: (text: string) => void;
  /** Told what went wrong beside the run, a write of the log that failed (the CLI says it on stderr); the run goes on. */
  warn?: (text: string) => void;
  /** Told each command's events as they happen, with its place (from 0): what a caller times by a command's own start. */
  onEvent?: (index: number, event: ExecEvent) => void;
  /** Grace between SIGTERM and SIGKILL, when not the executor's default (a fault injected by tests). */
  graceMs?: number;
}

function exitCause(result: ExecResult): ExitCause {
  switch (result.outcome) {
    case 'completed':
      return 'command';
    case 'timeout':
      return result.exitCode === EXIT.killed ? 'timeout-killed' : 'timeout';
    case 'memory-limit':
      if (!result.memoryKill?.commandWentOn) return 'memory-limit';
      return result.memoryKill.commandExitCode === 0 ? 'memory-limit-outlived' : 'command';
    case 'interrupted':
      return 'interrupted';
    case 'error':
      return 'infrastructure';
  }
}

/** The record of one command from its result and the events it told. */
export function commandRecord(command: CommandConfig, timeout: ResolvedTimeout, result: ExecResult, events: TimedEvent[]): CommandRecord {
  const start = events.find((e) => e.type === 'start');
  const containers = new Map<string, CommandRecord['containers'][number]>();
  for (const e of events) {
    if (e.type !== 'container') continue;
    const c = containers.get(e.name) ?? { name: e.name, created: false, started: false, removed: false };
    if (e.action === 'created') c.created = true;
    if (e.action === 'started') c.started = true;
    if (e.action === 'removed') c.removed = true;
    containers.set(e.name, c);
  }
  const timedOut = result.outcome === 'timeout' ? result.timeoutText : undefined;
  // What the report adds around the command's own lines: omission indicators, hidden-stream placeholders, truncation notes.
  const { before, after } = outputNotices(result.output, timedOut);
  const notices = [...before, ...after, ...result.notes];
  return {
    index: command.index,
    run: command.run,
    context: result.context,
    image: result.image,
    workdir: start?.type === 'start' ? start.workdir : undefined,
    env: start?.type === 'start' ? start.env : command.env,
    user: command.user,
    timeout,
    limits: { maxOutputLines: command.maxOutputLines, keepOutput: command.keepOutput, memory: command.memory, cpus: command.cpus, network: command.network },
    graceMs: start?.type === 'start' ? start.graceMs : undefined,
    events,
    signals: events.flatMap((e) => (e.type === 'signal' ? [{ signal: e.signal, atMs: e.atMs }] : [])),
    outcome: result.outcome,
    exitCode: result.exitCode,
    exitCause: exitCause(result),
    endedBy: result.signal,
    memoryKill: result.memoryKill,
    elapsedMs: result.durationMs,
    streams: checkedStreams(result.output),
    lines: result.output.lines,
    notices,
    outputNotices: [...before, ...after],
    containers: [...containers.values()],
    mounts: events.flatMap((e) => (e.type === 'mount' ? [{ source: e.source, target: e.target }] : [])),
    message: result.message,
    error: result.error,
    solutions: result.solutions,
    report: formatResult(result),
  };
}

/** The streams' counts a scenario checks: the log's, with a cut line among the omitted ones (not kept whole). */
function checkedStreams(output: CapturedOutput): Record<StreamName, StreamRecord> {
  const records = streamRecords(output);
  for (const stream of ['stdout', 'stderr'] as const) if (!records[stream].hidden) records[stream].omitted = linesNotKept(output, stream);
  return records;
}

/**
 * What the report says of the variable carrying the configuration's directory when the
 * command does not get it: its own env: replaced it (the command's env: wins, said so, as
 * scripts find their files by it), or, in a container, the directory is outside the mount.
 */
function configDirVariableNote(variable: string, seen: string | null, configDir: string, env: Record<string, string>): string | null {
  if (Object.hasOwn(env, variable)) return `env: replaces ${variable}, which would name the configuration's directory${seen === null ? '' : ` ${seen}`}`;
  if (seen === null) return `${variable} is not set in the container: the configuration's directory ${configDir} is outside the project mounted at ${WORKSPACE}`;
  return null;
}

/** The line that announces a command before it runs ("timeout 5m, from command"), or one that will not ("not run"). */
function announcement(command: CommandConfig, total: number, said: string): string {
  const where = command.image ? `docker ${command.image}` : 'host';
  return `${place(command, total)} ${where}: ${commandLine(command.run)} (${said})`;
}

/** "[2/3]": a command's place among the configuration's, as its announcement begins. */
const place = (command: CommandConfig, total: number) => `[${command.index + 1}/${total}]`;

/** Runs a configuration's commands in order, as `spec-run exec` does, and records what happened. */
export async function recordRun(config: StopConfig, errors: ConfigError[], options: RecordOptions): Promise<RunRecord> {
  const messages: string[] = [];
  const show = (text: string) => {
    messages.push(text);
    options.write?.(text);
  };
  const started = performance.now();
  errors = await withEngineLimits(config, errors);
  const record: RunRecord = { config, errors, commands: [], messages, exitStatus: 0 };
  if (errors.length > 0) {
    const name = options.configName ?? 'the configuration';
    show(`Error: invalid configuration ${name}:`);
    for (const e of errors) show(`  ${name}:${e.line}:${e.column}: ${e.message}`);
    record.exitStatus = 2;
    record.elapsedMs = performance.now() - started;
    return record;
  }
  const configDir = path.resolve(options.configDir);
  // Kept in the record, and told to the caller: a log's failed write is no message of the report.
  const warnings: string[] = [];
  record.warnings = warnings;
  const callerWarn = options.warn;
  const warn = (text: string) => {
    warnings.push(text);
    callerWarn?.(text);
  };
  options = { ...options, warn };
  const running: Running = { command: null, origin: null, started: 0 };
  const stopLogging = options.log ? logInterruption(options.log, options, config, running) : () => {};
  try {
    await runCommands(config, options, configDir, record, running, show);
  } finally {
    stopLogging();
  }
  record.elapsedMs = performance.now() - started;
  return record;
}

/**
 * ERRORS and the limits of CONFIG the engine cannot give (a `cpus:` above its CPUs), in the file's
 * order: the engine is asked once, only when a container command sets `cpus:`; when none answers,
 * they are left to `docker create`, as before.
 */
async function withEngineLimits(config: StopConfig, errors: ConfigError[]): Promise<ConfigError[]> {
  if (!config.commands.some((command) => command.image !== undefined && command.cpus !== undefined)) return errors;
  const cpus = await engineCpus();
  if (cpus === null) return errors;
  const beyond = cpusBeyondEngine(config, cpus);
  return beyond.length === 0 ? errors : [...errors, ...beyond].sort((a, b) => a.line - b.line || a.column - b.column || a.path.localeCompare(b.path));
}

/** The command running, for the log of an interruption: which, since when (performance.now() at its start), and how many were started. */
interface Running {
  command: CommandConfig | null;
  origin: number | null;
  started: number;
}

/**
 * Logs an interruption to LOG as its signal comes, or at once when it came before the first
 * command, with the command then running and the commands left: written while the signal is
 * handled, before anything is stopped, so a second signal that exits at once finds it written.
 * An abort that names no signal (a caller's cancellation) is no interruption of spec-run exec.
 */
function logInterruption(log: string, options: RecordOptions, config: StopConfig, running: Running): () => void {
  const write = () => {
    const signal = interruptSignalOf(options.signal?.reason);
    if (!signal) return;
    const { command, origin } = running;
    const ranMs = origin === null ? null : performance.now() - origin;
    const image = command?.image;
    try {
      appendInterruptedEvent(log, {
        signal,
        exitStatus: interruptedStatus(signal),
        command: command?.run ?? null,
        commandNumber: command ? command.index + 1 : null,
        ...(command ? { context: image ? 'docker' : 'host' } : {}),
        ...(image ? { image, imageUsed: mapImage(image, options.imageAliases).used } : {}),
        duration: ranMs === null ? null : formatElapsed(ranMs),
        durationMs: ranMs === null ? null : Math.round(ranMs),
        commandsNotRun: config.commands.length - running.started,
        commandsTotal: config.commands.length,
      });
    } catch (e) {
      // Said, not thrown: an abort listener's error would end spec-run before it stops what runs.
      options.warn?.(logWriteFailed(log, [{ event: 'interrupted' }], e));
    }
  };
  if (options.signal?.aborted) {
    write();
    return () => {};
  }
  return whenAborted(options.signal, write);
}

/** Runs the configuration's commands in order until the end, an interruption or (failFast) the first failure, recording each. */
async function runCommands(config: StopConfig, options: RecordOptions, configDir: string, record: RunRecord, running: Running, show: (text: string) => void): Promise<void> {
  for (const [position, command] of config.commands.entries()) {
    if (options.signal?.aborted) break;
    const timeout = resolveTimeout(config, command);
    show(announcement(command, config.commands.length, `timeout ${timeout.text}, from ${timeout.source}`));
    running.command = command;
    running.origin = null;
    running.started++;
    const projectRoot = path.resolve(options.projectRoot ?? configDir);
    const configDirVariable = options.configDirEnv ?? DEFAULT_CONFIG_DIR_ENV;
    // The configuration's directory as the command sees it: a host path means nothing in a container.
    const configDirSeen = command.image ? inContainer(configDir, projectRoot) : configDir;
    const withConfigDir = { ...command, env: { ...(configDirSeen === null ? {} : { [configDirVariable]: configDirSeen }), ...command.env } };
    const request = requestFor(config, withConfigDir, { projectRoot, imageAliases: options.imageAliases ?? {}, signal: options.signal });
    const events: TimedEvent[] = [];
    request.onEvent = (event) => {
      const now = performance.now();
      if (event.type === 'start') running.origin = now;
      // A container's times count from when its command started, as its timeout does, not from `docker start`.
      if (event.type === 'running') running.origin = now - event.ranMs;
      events.push({ ...event, atMs: running.origin === null ? 0 : now - running.origin });
      options.onEvent?.(command.index, event);
    };
    // A configuration's commands are what spec-run exec runs (the interpreter's too): its advice, not a document's.
    request.runBy = 'exec';
    if (options.graceMs !== undefined) request.graceMs = options.graceMs;
    const result = await execute(request, options.log, options.logFailures, options.warn ?? (() => {}));
    running.command = null;
    const configDirNote = configDirVariableNote(configDirVariable, configDirSeen, configDir, command.env);
    if (configDirNote) result.notes.unshift(configDirNote);
    const commandEntry = commandRecord(withConfigDir, timeout, result, events);
    record.commands.push(commandEntry);
    for (const note of result.notes) show(`  note: ${note}`);
    show(commandEntry.report);
    show('');
    const failed = result.outcome !== 'completed' || result.exitCode !== 0;
    if (record.exitStatus === 0 && failed) record.exitStatus = result.exitCode || EXIT.infrastructure;
    const later = config.commands.slice(position + 1);
    // An interrupted run ends as it always has (endInterrupted), failFast or not; after the last command nothing is left to stop.
    if (failed && config.failFast && !options.signal?.aborted && later.length > 0) {
      await stopAtFailure(command, later, result, options, record, show);
      break;
    }
  }
}

/**
 * `failFast: true` after COMMAND failed: each LATER command announced as not run and why, in
 * the report, and the stop logged, as its own event after the failed command's lines (with
 * --log alone it may have none: a plain failure is logged only with --log-failures).
 */
async function stopAtFailure(command: CommandConfig, later: CommandConfig[], result: ExecResult, options: RecordOptions, record: RunRecord, show: (text: string) => void): Promise<void> {
  const total = record.config.commands.length;
  for (const skipped of later) {
    show(announcement(skipped, total, 'not run'));
    show(`  note: not run: failFast is true and ${place(command, total)} failed (exit code ${result.exitCode})`);
    show('');
  }
  record.failedFast = { failed: command.index, notRun: later.map((c) => c.index) };
  if (!options.log) return;
  const event = {
    exitStatus: record.exitStatus,
    command: command.run,
    commandNumber: command.index + 1,
    context: result.context,
    ...(result.image ? { image: result.image.requested, imageUsed: result.image.used } : {}),
    commandsNotRun: later.length,
    commandsTotal: total,
  };
  try {
    await appendFailFastEvent(options.log, event);
  } catch (e) {
    options.warn?.(logWriteFailed(options.log, [{ event: 'fail-fast' }], e));
  }
}

/**
 * How `spec-run exec` ends a run SIGNAL interrupted: the line saying how many commands
 * were not run, and 128 + the signal's number as its exit status.
 */
export function endInterrupted(record: RunRecord, signal: InterruptSignal, write?: (text: string) => void): void {
  const total = record.config.commands.length;
  const notRun = total - record.commands.length;
  // Every command was started (the last one stopped): no count of none.
  const text = notRun > 0 ? `interrupted by ${signal}: ${notRun} of ${total} commands not run` : `interrupted by ${signal}`;
  record.messages.push(text);
  write?.(text);
  record.interrupted = signal;
  record.exitStatus = interruptedStatus(signal);
}

/** What `spec-run exec` says when it cannot read its configuration file NAME (it then exits with 2). */
export function unreadableConfig(name: string, error: Error): string {
  return `Error: cannot read ${name}: ${error.message}`;
}

/** Reads the configuration file FILE and runs it: the record of `spec-run exec` on it, or of not being able to read it. */
export async function recordFile(file: string, options: RecordOptions): Promise<RunRecord> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    const message = unreadableConfig(options.configName ?? file, e as Error);
    options.write?.(message);
    return { config: { defaultTimeout: { kind: 'inherit' }, commands: [] }, errors: [], commands: [], messages: [message], exitStatus: 2 };
  }
  return recordText(text, options);
}

/** Loads a configuration's text and runs it: the record of `spec-run exec` on that file. */
export async function recordText(text: string, options: RecordOptions): Promise<RunRecord> {
  const { config, errors } = loadConfig(text);
  return recordRun(config, errors, options);
}
