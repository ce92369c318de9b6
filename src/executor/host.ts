// Host execution: `sh -c` as the init of a PID namespace of its own when the machine
// allows it (see ../process/containment.ts), so a timeout or the command's end stops everything it
// started, even children that left its process group (setsid, daemons); else in its own
// process group only, and the result says what that cannot contain.
import { constants } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Child } from '../process/child.js';
import { asSpawn, containment, inOwnPidNamespace, tiedToParent } from '../process/containment.js';
import type { StopOutcome } from '../process/stop.js';
import { CONTAINER_ONLY } from './config.js';
import { OutputCollector } from './output.js';
import { armStop, endedItselfNote, EXIT, GRACE_MS, hiddenStreams, signalOf, stoppedExitCode, type ExecRequest, type ExecResult, type StopReason } from './result.js';
import { inCurrentDirectory, unusableDirectory } from './workspace.js';
import { onForcedExit } from './interrupts.js';

/** Init of a command's PID namespace: runs it, says on fd 3 when it ended, then stops what it left behind and says how. */
const REAPER = join(dirname(fileURLToPath(import.meta.url)), 'reaper.sh');
const REAPER_TICK_MS = 50;
const REAPER_FD = 3;

/** How long output is still read, in a process group only, after the command and its group ended. */
const DRAIN_MS = 200;

export async function runOnHost(request: ExecRequest): Promise<ExecResult> {
  const notes = CONTAINER_ONLY.filter((f) => request[f] !== undefined).map((f) => `${f} applies to Docker commands only: not enforced on the host`);
  const collector = new OutputCollector({ maxLines: request.maxOutputLines, maxBytes: request.maxOutputBytes, hidden: hiddenStreams(request), keep: request.keepOutput });
  const graceMs = request.graceMs ?? GRACE_MS;
  const { pidNamespace, missing } = containment();
  const [command, args] = asSpawn(
    pidNamespace ? inOwnPidNamespace(['sh', REAPER, String(Math.ceil(graceMs / REAPER_TICK_MS)), request.run]) : tiedToParent(['sh', '-c', request.run]),
  );
  const cwd = resolve(request.projectRoot, request.workdir ?? '.');
  // Allowed (a hook may work in a scratch directory), but never unseen: the project is where a reader expects it.
  const fromProject = relative(request.projectRoot, cwd);
  const outsideProject = fromProject === '..' || fromProject.startsWith(`..${sep}`) || isAbsolute(fromProject);
  const tell = request.onEvent ?? (() => {});
  tell({ type: 'start', context: 'host', run: request.run, workdir: cwd, env: request.env ?? {}, graceMs });
  const started = performance.now();
  // Spawning in a missing directory fails as if the program were missing (ENOENT of sh): say which is.
  const unusable = unusableDirectory(cwd);
  if (unusable) {
    const relativeWorkdir = request.workdir && !request.workdir.startsWith('/') ? request.workdir : null;
    const elsewhere = relativeWorkdir && request.runBy === 'exec' ? inCurrentDirectory(relativeWorkdir, request.projectRoot) : null;
    const solutions = [unusable.fix, ...(relativeWorkdir ? [`a relative workdir is resolved against ${request.projectRoot}`] : []), ...(elsewhere ? [elsewhere] : [])];
    return base(request, notes, collector, started, { outcome: 'error', exitCode: EXIT.infrastructure, signal: null, error: `working directory ${cwd} ${unusable.problem}`, solutions });
  }
  // The leader of a process group of its own, so that a stop reaches whatever the command started.
  const child = new Child({
    command,
    args,
    cwd,
    env: request.env,
    group: true,
    stdin: 'ignore',
    stdout: 'pipe',
    extraPipes: pidNamespace ? 1 : 0,
  });
  const pid = child.pid;
  if (pid === undefined) {
    const failure = await child.exited;
    return base(request, notes, collector, started, { outcome: 'error', exitCode: EXIT.infrastructure, signal: null, error: `could not start sh: ${failure.error?.message}` });
  }
  // Said once the command runs, and not before: a refused or unstartable command ran nowhere, in no namespace.
  if (!pidNamespace) notes.push(`not run in a PID namespace (${missing}): processes that leave the command's process group (setsid, daemons) are not stopped`);
  if (outsideProject) notes.push(`workdir ${cwd} is outside the project (${request.projectRoot}): the command ran there`);
  // A second signal kills it at once, the whole group and what lies below it, and spec-run exits once they are gone.
  let forced = false;
  const forgetForcedKill = onForcedExit(() => {
    forced = true;
    tell({ type: 'signal', signal: 'SIGKILL', via: 'second interrupt' });
    return child.kill();
  });
  try {
    collector.capture(child);
    const reaper = pidNamespace ? listenToReaper(child) : null;

    let stopping: { reason: StopReason; outcome: Promise<StopOutcome> } | null = null;
    const disarm = armStop(request, (reason) => {
      if (stopping) return;
      tell({ type: 'stop', reason, graceMs });
      stopping = { reason, outcome: child.stop(graceMs, (signal) => tell({ type: 'signal', signal, via: 'process' })) };
    });

    // The command's end: in a PID namespace, the reaper's word for it, which comes before the reaper stops
    // what the command left (that cleanup, up to the grace period, is neither its time nor a timeout of it).
    await Promise.race([child.exited, ...(reaper ? [reaper.commandEnded] : [])]);
    const durationMs = performance.now() - started;
    disarm();
    const ended = await child.exited;

    // In a PID namespace every writer is gone once the namespace is, so the pipes close. In
    // a process group only, a child that left the group may hold them open forever.
    const drainMs = pidNamespace ? Infinity : DRAIN_MS;
    if (stopping) {
      const { reason, outcome } = stopping as { reason: StopReason; outcome: Promise<StopOutcome> };
      const how = await outcome;
      // A stopped command took until its stop was done: a member of its group that ignored
      // SIGTERM kept the hook waiting through the grace period, though the leader ended at once.
      const stoppedAfterMs = performance.now() - started;
      await child.outputClosed(drainMs);
      // Killed by a second interrupt within the grace period, its stop ends as if SIGTERM had sufficed: it did not.
      const killed = how === 'killed' || forced;
      const exitCode = stoppedExitCode(reason, killed, request.signal);
      // The leader's own status (a reaper passes the command's on, 128 + n for a signal), where
      // SIGTERM reached it: one that ended before the stop was sent handled no signal.
      const own = endedItselfNote(how === 'terminated' && !ended.signal ? ended.code : null, reason, killed, exitCode);
      if (own) notes.push(own);
      return base(request, notes, collector, started, {
        outcome: reason,
        exitCode,
        signal: killed ? 'SIGKILL' : 'SIGTERM',
        durationMs: killed ? stoppedAfterMs : durationMs,
        ...(forced ? { forcedKill: true as const } : {}),
      });
    }
    if (reaper) {
      await child.outputClosed();
      const how = reaper.cleanup();
      if (how) notes.push(`processes the command left running were stopped (${how}), including any that left its process group`);
      // The reaper exits with the command's status: a shell-style 128+n when a signal ended the command.
      const exitCode = ended.code ?? EXIT.infrastructure;
      return base(request, notes, collector, started, { outcome: 'completed', exitCode, signal: signalOf(exitCode), durationMs });
    }
    // The leader ended on its own; members it left in its group are stopped too.
    const leftovers = await child.stop(graceMs);
    if (leftovers !== 'already-exited') notes.push(`processes the command left running in its group were stopped (${leftovers})`);
    await child.outputClosed(DRAIN_MS);
    const exitCode = ended.code ?? (ended.signal ? 128 + (constants.signals[ended.signal] ?? 0) : EXIT.infrastructure);
    return base(request, notes, collector, started, { outcome: 'completed', exitCode, signal: ended.signal, durationMs });
  } finally {
    forgetForcedKill();
  }
}

/** What the reaper says on its fd: when the command itself ended, then how it stopped what the command left ("" when nothing was left). */
function listenToReaper(child: Child): { commandEnded: Promise<void>; cleanup: () => string } {
  let said = '';
  let ended!: () => void;
  const commandEnded = new Promise<void>((resolve) => (ended = resolve));
  const COMMAND_END = /^exited \d+\n/;
  child.onChunks(REAPER_FD, (chunk) => {
    said += chunk.toString();
    if (COMMAND_END.test(said)) ended();
  });
  return { commandEnded, cleanup: () => said.replace(COMMAND_END, '').trim() };
}

function base(
  request: ExecRequest,
  notes: string[],
  collector: OutputCollector,
  started: number,
  fields: Pick<ExecResult, 'outcome' | 'exitCode' | 'signal'> & { durationMs?: number; error?: string; solutions?: string[] },
): ExecResult {
  request.onEvent?.({ type: 'end', outcome: fields.outcome, exitCode: fields.exitCode, signal: fields.signal });
  return {
    command: request.run,
    context: 'host',
    timeoutMs: request.timeoutMs,
    timeoutText: request.timeoutText,
    durationMs: fields.durationMs ?? performance.now() - started,
    output: collector.end(),
    notes,
    message: request.message,
    ...fields,
  };
}
