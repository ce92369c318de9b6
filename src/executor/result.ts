// What one execution asks for and what it gives back, the same for host and Docker.
import { constants } from 'node:os';
import type { ExecObserver } from './events.js';
import type { CapturedOutput, KeptEnd } from './output.js';
import { setTimeout, clearTimeout } from '../process/native-timers.js';
import { whenAborted } from '../process/abort-listeners.js';

export const GRACE_MS = 2000;

/** Exit codes the executor reports in place of the command's own. */
export const EXIT = {
  /** Stopped at its timeout within the grace period (SIGTERM sufficed), as timeout(1) reports. */
  timeout: 124,
  /** Could not be run at all: Docker unreachable, image missing, spawn failure. */
  infrastructure: 125,
  /** Interrupted by the caller (the stop hook handler) rather than by its own limit, when no signal says how (else 128 + that signal's number). */
  interrupted: 130,
  /** Killed: by SIGKILL after the grace period, or by the memory limit (which killed the command, or a process of it the command outlived and then exited 0). */
  killed: 137,
} as const;

export interface ExecRequest {
  run: string;
  /** What runs the command, for advice that depends on it: a stop-hook configuration (spec-run exec) or a document's step (default). */
  runBy?: 'exec' | 'documents';
  /** null: no timeout. */
  timeoutMs: number | null;
  /** The timeout as configured ("5m"), for messages; "none" without one. */
  timeoutText: string;
  /** Between SIGTERM and SIGKILL; default GRACE_MS. */
  graceMs?: number;
  maxOutputLines?: number;
  /** Which lines the limits keep (default head, the first). */
  keepOutput?: KeptEnd;
  /** Cap on stored output bytes (default 1 MiB). */
  maxOutputBytes?: number;
  showStdout?: boolean;
  showStderr?: boolean;
  env?: Record<string, string>;
  /** Host: relative to projectRoot. Docker: inside the container (default /workspace). */
  workdir?: string;
  /** Set: run in a container of this image (after alias mapping). */
  image?: string;
  memory?: string;
  cpus?: number;
  network?: string;
  user?: string;
  /** Host working directory base, and the directory mounted at /workspace in containers. */
  projectRoot: string;
  /** Image names mapped to local images ("alpine" -> "spec-run/busybox:local"). */
  imageAliases?: Record<string, string>;
  /** Aborting stops the command with the same discipline as a timeout (the stop hook handler interrupting it). */
  signal?: AbortSignal;
  /** Shown when the command fails. */
  message?: string;
  /** Told what the executor does as it does it (events.ts). */
  onEvent?: ExecObserver;
}

export type ExecOutcome =
  /** Ran to its end; exitCode is its own. */
  | 'completed'
  | 'timeout'
  /**
   * The container's memory limit killed the command, or a process of it that the command
   * outlived (memoryKill says which): either way part of its work was killed, and it fails.
   */
  | 'memory-limit'
  | 'interrupted'
  /** Never ran properly: see `error`. */
  | 'error';

export interface ExecResult {
  command: string;
  context: 'host' | 'docker';
  /** The image asked for, and the one run (they differ when an alias applied). */
  image?: { requested: string; used: string };
  timeoutMs: number | null;
  timeoutText: string;
  outcome: ExecOutcome;
  exitCode: number;
  /** Signal that ended the command: SIGTERM when the grace period sufficed, SIGKILL when not, or the signal of a command that died of one. */
  signal: NodeJS.Signals | null;
  /** A second interrupt killed it (SIGKILL, or its container removed) before its stop's grace period was out. */
  forcedKill?: true;
  /**
   * How long the command ran, from its start to its end. In a container, by the engine's clock
   * (its StartedAt to its FinishedAt): not the container's creation, start-up or removal, which
   * a note times (for a quick command, a second or more beside milliseconds).
   */
  durationMs: number;
  output: CapturedOutput;
  /** How this run was carried out: alias mappings, ignored fields, cleanup done. */
  notes: string[];
  error?: string;
  /** Ways out of an infrastructure error. */
  solutions?: string[];
  memory?: string;
  /** Set when the memory limit killed a process of the command: the command itself, or one it outlived, and how the command then ended. */
  memoryKill?: MemoryKill;
  message?: string;
}

/** A kill at a container's memory limit: of the command itself (it ended by it), or of a process the command outlived. */
export interface MemoryKill {
  /** The command went on after the kill (a process of it was killed, not the command). */
  commandWentOn: boolean;
  /** How the command ended: its own exit code when it went on, else 137. */
  commandExitCode: number;
}

/**
 * The exit code of a command that outlived a kill at its memory limit: its own when it
 * failed, which says more; 137 for the kill when it exited 0, since work it was asked to do
 * was killed, which no exit status of 0 may hide.
 */
export function exitCodeAfterMemoryKill(commandExitCode: number): number {
  return commandExitCode === 0 ? EXIT.killed : commandExitCode;
}

/** The streams the request hides: drained, never kept, shown nowhere. */
export function hiddenStreams(request: Pick<ExecRequest, 'showStdout' | 'showStderr'>): ('stdout' | 'stderr')[] {
  return [...(request.showStdout === false ? ['stdout' as const] : []), ...(request.showStderr === false ? ['stderr' as const] : [])];
}

/** Why an execution was stopped before it ended by itself. */
export type StopReason = 'timeout' | 'interrupted';

/**
 * Calls `stop` when the request's timeout expires or its signal aborts (at once if it
 * already has); returns the function that disarms both once the command has ended.
 * Host and Docker execution share it, so both stop on the same terms.
 */
export function armStop(request: Pick<ExecRequest, 'timeoutMs' | 'signal'>, stop: (reason: StopReason) => void): () => void {
  const timer = request.timeoutMs === null ? null : setTimeout(() => stop('timeout'), request.timeoutMs);
  const onAbort = () => stop('interrupted');
  if (request.signal?.aborted) onAbort();
  const stopWaiting = whenAborted(request.signal, onAbort);
  return () => {
    if (timer) clearTimeout(timer);
    stopWaiting();
  };
}

/**
 * The exit code of a command the executor stopped: 124 or 137 at its timeout (137 when
 * SIGKILL was needed); interrupted, 128 + the number of the signal that interrupted the
 * caller (the abort's reason: 143 for SIGTERM, 129 for SIGHUP), as a shell reports it, or 130.
 */
export function stoppedExitCode(reason: StopReason, killed: boolean, signal?: AbortSignal): number {
  if (reason === 'timeout') return killed ? EXIT.killed : EXIT.timeout;
  const by: unknown = signal?.reason;
  const number = typeof by === 'string' ? (constants.signals as Record<string, number>)[by] : undefined;
  return number ? 128 + number : EXIT.interrupted;
}

/**
 * A note for a command stopped with SIGTERM that ended itself within the grace period with a
 * status of its own (a clean-up handler's `exit 7`), which the stop's exit code hides: null when
 * it ended by the signal (143), was killed, or left no status.
 */
export function endedItselfNote(status: number | null, reason: StopReason, killed: boolean, exitCode: number): string | null {
  if (killed || status === null || status === 128 + constants.signals.SIGTERM || status === 128 + constants.signals.SIGKILL) return null;
  return `the command handled SIGTERM and exited with ${status} within the grace period; Exit Code is the ${reason === 'timeout' ? "timeout's" : "interruption's"}, ${exitCode}`;
}

/** The signal behind a shell-style exit code above 128, if it names one. */
export function signalOf(exitCode: number): NodeJS.Signals | null {
  if (exitCode <= 128) return null;
  const entry = Object.entries(constants.signals).find(([, n]) => n === exitCode - 128);
  return entry ? (entry[0] as NodeJS.Signals) : null;
}
