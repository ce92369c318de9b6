// The session log: one JSON object per line, appended, so a session can be reviewed with
// ordinary tools (grep, jq): each command's limit events (its timeout, its memory limit); an
// interruption of `spec-run exec` itself, which a team looks for after a job the machine
// stopped; a run `failFast` ended at its first failure; and, opted into (`--log-failures`),
// each command's failure (a non-zero exit of its own, or a command that could not run) and its
// output reaching the cap of stored output. The opt-in keeps the log of `--log` alone what
// specifications written against it state: nothing for a command that ended on its own.
import { accessSync, appendFileSync, constants, statSync, type Stats } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { formatElapsed } from './duration.js';
import type { InterruptSignal } from './interrupts.js';
import { notStarted, notStartedText } from './not-started.js';
import { streamRecords, type StreamName, type StreamRecord } from './output.js';
import type { ExecResult } from './result.js';
import { makeDirectory } from '../make-directory.js';

/** What a command's line in the log tells: a limit it reached, its failure, or its stored output cut at the cap. */
export type CommandEventName = 'timeout' | 'memory-limit' | 'failed' | 'could-not-run' | 'output-capped';

/** A line of the log about one command; every such line has these fields, whatever its event. */
export interface CommandEvent {
  timestamp: string;
  event: CommandEventName;
  command: string;
  context: 'host' | 'docker';
  /** The image the configuration asks for. */
  image?: string;
  /** The image that ran: another than `image` when an --image-alias mapped it. */
  imageUsed?: string;
  timeout: string;
  timeoutMs: number | null;
  duration: string;
  durationMs: number;
  exitCode: number;
  signal: string | null;
  partialOutput: string[];
  totalOutputLines: number;
  /** Each stream's lines printed, shown and omitted, as the run's record has them: which stream lost lines, and how many. */
  streams: Record<StreamName, StreamRecord>;
  /** A memory-limit event's: whether the command outlived the kill (a process of it was killed), and how it then ended (137: it was killed itself). */
  commandWentOn?: boolean;
  commandExitCode?: number;
  /** A could-not-run event's: why the command could not run, as its report's first line (or the shell's words) says. */
  error?: string;
}

/** A command's timeout or memory limit. */
export type LimitEvent = CommandEvent & { event: 'timeout' | 'memory-limit' };

/** `spec-run exec` received a signal: written when it comes, before anything is stopped. */
export interface InterruptedEvent {
  timestamp: string;
  event: 'interrupted';
  /** The signal spec-run exec received. */
  signal: InterruptSignal;
  /** What spec-run exec exits with: 128 + the signal's number. */
  exitStatus: number;
  /** The command running when the signal came, which it stops; null between commands. */
  command: string | null;
  /** Its place in the configuration, from 1 (its announcement's [2/3]). */
  commandNumber: number | null;
  context?: 'host' | 'docker';
  image?: string;
  imageUsed?: string;
  /** How long the command had run (null: it had not started yet, its image being prepared). */
  duration: string | null;
  durationMs: number | null;
  /** Commands never started because of the signal, of all the configuration's. */
  commandsNotRun: number;
  commandsTotal: number;
}

/** `failFast: true` and a command failed: the commands after it were not started. */
export interface FailFastEvent {
  timestamp: string;
  event: 'fail-fast';
  /** What spec-run exec exits with: the failed command's exit code. */
  exitStatus: number;
  /** The command that failed, and its place in the configuration, from 1 (its announcement's [1/3]). */
  command: string;
  commandNumber: number;
  context: 'host' | 'docker';
  image?: string;
  imageUsed?: string;
  /** Commands not started because of the failure, of all the configuration's. */
  commandsNotRun: number;
  commandsTotal: number;
}

export type LoggedEvent = CommandEvent | InterruptedEvent | FailFastEvent;

/**
 * The limit events of a result: its timeout or its memory limit, and a kill at the memory
 * limit it outlived until a timeout or an interrupt stopped it, which is no less an event for
 * monitoring. None for a command that ended by itself without either.
 */
export function limitEvents(result: ExecResult, now = new Date()): LimitEvent[] {
  const events: LimitEvent[] = [];
  if (result.outcome === 'timeout' || result.outcome === 'memory-limit') events.push(limitEvent(result, result.outcome, now));
  if (result.memoryKill && result.outcome !== 'memory-limit') events.push(limitEvent(result, 'memory-limit', now));
  return events;
}

/**
 * Every event of a result, in this order: its limit events; its failure, where it ended by
 * itself with a non-zero status (`failed`) or could not run (`could-not-run`: 125, or 127 and
 * 126 where the shell said it could not start the program); its stored output cut at the
 * byte cap, which is an event even for a command that succeeded. None for a command that
 * succeeded within its limits: a clean run logs nothing.
 */
export function commandEvents(result: ExecResult, now = new Date()): CommandEvent[] {
  const events: CommandEvent[] = limitEvents(result, now);
  if (result.outcome === 'error') events.push({ ...commandEvent(result, 'could-not-run', now), error: result.error });
  else if (result.outcome === 'completed' && result.exitCode !== 0) {
    const unstarted = notStarted(result.exitCode, result.output, result.context);
    events.push(unstarted ? { ...commandEvent(result, 'could-not-run', now), error: notStartedText(unstarted) } : commandEvent(result, 'failed', now));
  }
  if (result.output.byteCapReached) events.push(commandEvent(result, 'output-capped', now));
  return events;
}

function limitEvent(result: ExecResult, event: LimitEvent['event'], now: Date): LimitEvent {
  return { ...commandEvent(result, event, now), event };
}

function commandEvent(result: ExecResult, event: CommandEventName, now: Date): CommandEvent {
  return {
    timestamp: now.toISOString(),
    event,
    command: result.command,
    context: result.context,
    image: result.image?.requested,
    imageUsed: result.image?.used,
    timeout: result.timeoutText,
    timeoutMs: result.timeoutMs,
    duration: formatElapsed(result.durationMs),
    durationMs: Math.round(result.durationMs),
    exitCode: result.exitCode,
    signal: result.signal,
    partialOutput: result.output.lines.map((l) => l.text),
    totalOutputLines: result.output.totalLines,
    streams: streamRecords(result.output),
    ...(event === 'memory-limit' && result.memoryKill ? { commandWentOn: result.memoryKill.commandWentOn, commandExitCode: result.memoryKill.commandExitCode } : {}),
  };
}

/** Appends a run that `failFast` ended at its first failure: once that command's own events are written. */
export async function appendFailFastEvent(file: string, event: Omit<FailFastEvent, 'timestamp' | 'event'>, now = new Date()): Promise<FailFastEvent> {
  const logged: FailFastEvent = { timestamp: now.toISOString(), event: 'fail-fast', ...event };
  await appendEvents(file, [logged]);
  return logged;
}

/** Appends EVENTS to FILE, making it and its directories; none writes nothing, and makes no file. */
export async function appendEvents(file: string, events: LoggedEvent[]): Promise<void> {
  if (events.length === 0) return;
  makeDirectory(path.dirname(file));
  await appendFile(file, events.map((event) => `${JSON.stringify(event)}\n`).join(''));
}

/**
 * Appends an interruption to `file` at once, synchronously: written while the signal is
 * handled, it is there whatever comes next, a second signal that exits without waiting for
 * the stops, or a SIGKILL after the supervisor's own grace period.
 */
export function appendInterruptedEvent(file: string, event: Omit<InterruptedEvent, 'timestamp' | 'event'>, now = new Date()): InterruptedEvent {
  const logged: InterruptedEvent = { timestamp: now.toISOString(), event: 'interrupted', ...event };
  makeDirectory(path.dirname(file));
  appendFileSync(file, `${JSON.stringify(logged)}\n`);
  return logged;
}

/** Reads a log back: the events, in order. */
export function parseLog(text: string): LoggedEvent[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as LoggedEvent);
}

/** PLACE's stats, or undefined where nothing is (missing, or under a file); another error is thrown. */
function statOf(place: string): Stats | undefined {
  try {
    return statSync(place);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}

/** Why this user may not write in DIR: the system's word for it (permission denied, read-only file system), or null. */
function notWritable(place: string): string | null {
  try {
    accessSync(place, constants.W_OK);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'EROFS' ? 'it is on a read-only file system' : code === 'EACCES' || code === 'EPERM' ? 'this user may not write to it (permission denied)' : (error as Error).message;
  }
}

/**
 * Why events could never be appended to FILE, as its --log names it, or null when they can:
 * checked before anything runs, without making the file or a directory (a run with no event
 * makes none). A directory, a path under a file, a directory that may not be written, or one
 * that cannot be reached is refused; a missing file in directories that may be made is fine.
 */
export function unusableLogFile(file: string): string | null {
  if (file === '') return 'is empty: it names no file; give the file the events are appended to, such as events.jsonl';
  const example = path.join(file, 'events.jsonl');
  try {
    const stats = statOf(file);
    if (stats?.isDirectory()) return `${file} is a directory: it names the file the events are appended to, such as ${example}`;
    if (stats) {
      const why = notWritable(file);
      return why && `${file} cannot be appended to: ${why}`;
    }
    // Missing: the nearest place above it that exists decides whether it and the directories it lies in can be made.
    let above = path.dirname(path.resolve(file));
    let found = statOf(above);
    for (; !found && path.dirname(above) !== above; found = statOf(above)) above = path.dirname(above);
    if (found && !found.isDirectory()) return `${file} lies under ${above}, which is ${found.isFile() ? 'a file' : 'neither a file nor a directory'}, not a directory: the file cannot be made there`;
    const why = notWritable(above);
    return why && `${file} cannot be made in ${above}: ${why}`;
  } catch (error) {
    // A directory on the way that may not be entered, a loop of links: the system's own words.
    return `${file} cannot be reached: ${(error as Error).message}`;
  }
}

/**
 * What a log's write that failed says on stderr: the events lost and why. The run goes on,
 * its report and exit code its commands', as a log is the run's record beside its report,
 * never a reason to stop the commands or to lose the report.
 */
export function logWriteFailed(file: string, events: readonly { event: string }[], error: unknown): string {
  const what = events.map((e) => e.event).join(', ');
  // What is in the way now, where it can be told (a file where its directory was: not mkdir's bare EEXIST), else the system's words.
  const why = unusableLogFile(file) ?? (error as Error).message;
  return `spec-run: could not append to the log ${file} (${what} event${events.length === 1 ? '' : 's'} lost): ${why}; the commands go on`;
}

/** Where a failed write of the log is said when the caller names no place: stderr, which must not fail itself. */
export function warnOnStderr(text: string): void {
  try {
    process.stderr.write(`${text}\n`);
  } catch {
    // nowhere to say it
  }
}
