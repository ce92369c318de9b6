// Docker execution through the docker CLI: create, start attached, stop at the
// timeout with `docker stop -t <grace>` (stop signal, grace, kill), inspect the
// final state (exit code, OOMKilled; under a memory limit, the kernel's count of OOM kills
// read in the container, oom-watch.ts), and always remove the container.
import { constants } from 'node:os';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { execa, type Options } from 'execa';
import { Child, ownProcessWork } from '../process/child.js';
import { asSpawn, tiedToParent } from '../process/containment.js';
import { OWNER_LABEL, watchOwnContainers } from './container-watch.js';
import { onForcedExit } from './interrupts.js';
import { ensureLocalImage, LOCAL_IMAGE } from './local-image.js';
import { localImageAdvice, pullIfMissing } from './pull.js';
import type { ExecObserver } from './events.js';
import { formatElapsed } from './duration.js';
import { OutputCollector } from './output.js';
import { armStop, endedItselfNote, EXIT, exitCodeAfterMemoryKill, GRACE_MS, hiddenStreams, signalOf, stoppedExitCode, type ExecRequest, type ExecResult, type StopReason } from './result.js';
import { bindMount, inCurrentDirectory, onHost, unusableDirectory, workdirInImage, workdirMissingInImage, WORKSPACE } from './workspace.js';
import { oomWatch, type OomWatch } from './oom-watch.js';
import { setTimeout, clearTimeout } from '../process/native-timers.js';

export type EngineStatus = { ok: true; version: string } | { ok: false; error: string; solutions: string[] };

export const ENGINE_SOLUTIONS = [
  "install the engine: apt-get install docker.io (Debian's package)",
  'start it: dockerd & (as root), or systemctl start docker',
  'or point DOCKER_HOST at a running engine',
];

const PERMISSION_SOLUTIONS = ['add your user to the docker group: sudo usermod -aG docker "$USER", then log in again', 'or run spec-run as a user who may use the engine'];

let engine: Promise<EngineStatus> | null = null;

/** Whether a Docker engine answers; checked once per process unless `refresh`. */
export function dockerEngine(refresh = false): Promise<EngineStatus> {
  if (!engine || refresh) engine = probeEngine();
  return engine;
}

async function probeEngine(): Promise<EngineStatus> {
  const probe = await execa('docker', ['version', '--format', '{{.Server.Version}}'], { reject: false, timeout: 15_000 });
  if (probe.exitCode === 0 && probe.stdout.trim() !== '') return { ok: true, version: probe.stdout.trim() };
  const failure = probe as { code?: string; message?: string };
  const detail = [probe.stderr, failure.message].find((text) => text?.trim()) ?? 'no answer';
  const why = failure.code === 'ENOENT' ? 'the docker CLI is not installed' : detail.trim().split('\n').pop();
  // The engine runs, but this user may not talk to it: installing it again would not help.
  if (/permission denied/i.test(detail)) return { ok: false, error: `Docker engine not usable by this user: ${why}`, solutions: PERMISSION_SOLUTIONS };
  return { ok: false, error: `Docker engine not reachable: ${why}`, solutions: ENGINE_SOLUTIONS };
}

let cpus: Promise<number | null> | null = null;

/**
 * How many CPUs the engine offers (its NCPU, the top of the range `--cpus` takes), asked once per
 * process; null when no engine answers, and then nothing is checked against it before a run.
 */
export function engineCpus(): Promise<number | null> {
  cpus ??= execa('docker', ['info', '--format', '{{.NCPU}}'], { reject: false, timeout: 15_000 }).then((info) => {
    const n = Number(info.stdout?.trim());
    return info.exitCode === 0 && Number.isInteger(n) && n > 0 ? n : null;
  });
  return cpus;
}

let localImage: Promise<unknown> | null = null;

/**
 * The waits before each new question about a SIGKILL under a memory limit, before it is taken
 * for the command's own: growing, about 1.5 s in all, since on a loaded machine the engine's
 * OOM event came later than 6 × 50 ms (a held-out batch saw it, intermittently). Only a
 * command killed by SIGKILL under a memory limit with no stop sent ever waits.
 */
const OOM_ASK_WAITS_MS = [50, 100, 200, 400, 800];

/**
 * Whether the engine logged an 'oom' event for container NAME since SINCE (Unix seconds).
 * The engine's OOMKilled flag is not always kept: on a loaded machine a container one of
 * whose processes was killed at its memory limit was seen with the flag false, before and
 * after, while the engine's events had the kill (1 container in 18, six at a time beside
 * two busy cores).
 */
export async function oomEventLogged(name: string, sinceSeconds: number): Promise<boolean> {
  const now = (Date.now() / 1000).toFixed(3);
  // With --until, the events logged so far are listed and the command ends.
  const answer = await docker(['events', '--since', sinceSeconds.toFixed(3), '--until', now, '--filter', `container=${name}`, '--filter', 'event=oom', '--format', '{{.Action}}'], {
    reject: false,
  });
  return answer.exitCode === 0 && answer.stdout.split('\n').some((line) => line.trim() === 'oom');
}

export function mapImage(requested: string, aliases: Record<string, string> = {}): { used: string; note?: string } {
  const used = aliases[requested] ?? requested;
  return used === requested ? { used } : { used, note: `image ${requested} mapped to local ${used}` };
}

/**
 * How long the container's command ran, by the engine's clock: from its start to its end. The
 * time around it, `docker start` reaching the engine and the container being set up, then the
 * client learning of the end, is the engine's and grows under load; it is no part of the command.
 */
function runningTime(state: { StartedAt?: string; FinishedAt?: string }): number | undefined {
  const from = engineTime(state.StartedAt);
  const to = engineTime(state.FinishedAt);
  // A container never started or not yet finished carries year 1 ("0001-01-01T00:00:00Z").
  if (!(from > 0 && to >= from)) return undefined;
  return Math.round(to - from);
}

/**
 * An engine's timestamp ("2026-12-01T04:33:13.638309903Z") in milliseconds, its fraction kept:
 * Date.parse drops what is below a millisecond, and two truncations could make a span 1 ms short.
 */
export function engineTime(stamp: string | undefined): number {
  const match = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?(Z|[+-]\d\d:\d\d)$/.exec(stamp?.trim() ?? '');
  if (!match) return NaN;
  const [, whole, fraction = '', zone] = match;
  return Date.parse(`${whole}${zone}`) + Number(`0.${fraction || '0'}`) * 1000;
}

/**
 * How long after spawning `docker start` the executor asks the engine whether the container
 * has started, at most; and the wait between two questions. The engine locks a container
 * while starting it, so a question asked meanwhile is mostly answered once it has started.
 */
const START_LEARN_MS = 5000;
const START_ASK_WAIT_MS = 100;

/**
 * Arms a container's timeout from the moment its command started by the engine's clock
 * (State.StartedAt), not from spawning `docker start`: under load the engine takes 0.3-1.5 s
 * to set the container up, time the command must not lose from its limit. The elapsed time
 * is read against this machine's clock, kept between zero and the time since the engine was
 * last seen not started, so an engine elsewhere with a clock of its own arms no worse than
 * the spawn would. Until the start is learnt, a stop is armed at the later of the timeout
 * and START_LEARN_MS after the spawn: a container whose start is never learnt is still
 * stopped. RUNNING is told, once the start is learnt, how long the command has run by then.
 * Returns the disarm, for a command that ended (before its start was learnt or after).
 */
export function armFromStart(name: string, timeoutMs: number | null, stop: () => void, running: (ranMs: number) => void = () => {}): () => void {
  if (timeoutMs === null) return () => {};
  const spawned = Date.now();
  let over = false;
  const fire = () => {
    over = true;
    stop();
  };
  let timer = setTimeout(fire, Math.max(timeoutMs, START_LEARN_MS));
  void (async () => {
    let notBefore = spawned;
    while (!over && Date.now() - spawned < START_LEARN_MS) {
      const asked = Date.now();
      const answer = await docker(['inspect', '--format', '{{.State.StartedAt}}', name], { reject: false });
      if (over) return;
      // A container not yet started carries year 1 ("0001-01-01T00:00:00Z"): a negative time.
      const startedAt = answer.exitCode === 0 ? engineTime(answer.stdout) : NaN;
      if (startedAt > 0) {
        const now = Date.now();
        const ran = Math.min(Math.max(now - startedAt, 0), now - notBefore);
        clearTimeout(timer);
        timer = setTimeout(fire, Math.max(timeoutMs - ran, 0));
        running(ran);
        return;
      }
      if (answer.exitCode === 0) notBefore = asked;
      await new Promise((wait) => setTimeout(wait, START_ASK_WAIT_MS));
    }
  })();
  return () => {
    over = true;
    clearTimeout(timer);
  };
}

/**
 * Runs a command in a container. The whole of it is spec-run's own process work: cut short by an
 * interrupt after the report, its stop, inspection and removal are docker commands started one
 * after another, and the exit must wait for the last of them, not end in a gap between two.
 */
export function runInDocker(request: ExecRequest & { image: string }): Promise<ExecResult> {
  return ownProcessWork(runContainer(request));
}

async function runContainer(request: ExecRequest & { image: string }): Promise<ExecResult> {
  const notes: string[] = [];
  const collector = new OutputCollector({ maxLines: request.maxOutputLines, maxBytes: request.maxOutputBytes, hidden: hiddenStreams(request), keep: request.keepOutput });
  const { used, note } = mapImage(request.image, request.imageAliases);
  if (note) notes.push(note);
  // Reset when the container starts: a run that ends before the engine times it (runningTime) spans what the timeout does, not the image check and `docker create`.
  let started = performance.now();
  const tell = request.onEvent ?? (() => {});
  let ran = false;
  const result = (fields: Pick<ExecResult, 'outcome' | 'exitCode' | 'signal'> & Partial<ExecResult>): ExecResult => {
    tell({ type: 'end', outcome: fields.outcome, exitCode: fields.exitCode, signal: fields.signal });
    ran = fields.outcome !== 'error';
    return {
    command: request.run,
    context: 'docker',
    image: { requested: request.image, used },
    timeoutMs: request.timeoutMs,
    timeoutText: request.timeoutText,
    durationMs: performance.now() - started,
    output: collector.end(),
    notes,
    memory: request.memory,
    message: request.message,
    ...fields,
    };
  };
  const infrastructure = (error: string, solutions?: string[]) => result({ outcome: 'error', exitCode: EXIT.infrastructure, signal: null, error, solutions });

  const status = await dockerEngine();
  if (!status.ok) return infrastructure(status.error, status.solutions);
  if (used === LOCAL_IMAGE) {
    localImage ??= ensureLocalImage();
    try {
      await localImage;
      tell({ type: 'image', image: used, action: 'local-built' });
    } catch (e) {
      localImage = null;
      return infrastructure(`could not build ${LOCAL_IMAGE}: ${(e as Error).message}`);
    }
  } else {
    const pulled = await pullIfMissing(used, request.image);
    tell({ type: 'image', image: used, action: pulled.ok ? (pulled.note ? 'pulled' : 'present') : 'pull-failed', detail: pulled.ok ? pulled.note : pulled.error });
    if (!pulled.ok) return infrastructure(pulled.error, [...pulled.solutions, localImageAdvice(request.image, request.runBy ?? 'documents')]);
    if (pulled.note) notes.push(pulled.note);
  }

  const workdir = request.workdir ?? WORKSPACE;
  // The engine would create a missing directory under the mount, in the project, as root: say it is missing, as on the host.
  const workdirOnHost = onHost(workdir, request.projectRoot);
  const unusable = workdirOnHost && unusableDirectory(workdirOnHost, workdir, { enter: false });
  if (unusable) {
    const elsewhere = request.runBy === 'exec' ? inCurrentDirectory(path.posix.relative(WORKSPACE, path.posix.resolve(WORKSPACE, workdir)), request.projectRoot) : null;
    return infrastructure(`working directory ${workdir} ${unusable.problem}: it is ${workdirOnHost} in the project mounted at ${WORKSPACE}`, [unusable.fix, ...(elsewhere ? [elsewhere] : [])]);
  }
  // Outside the mount the directory is the image's: the engine finds what is in the way, said here as the workdir's problem;
  // a missing one it makes when it creates the container, which docker diff then shows.
  // The image as the reader wrote it too, where an alias ran another: "spec-run/busybox:local (alpine mapped to it)".
  const imageSaid = used === request.image ? used : `${used} (${request.image} mapped to it)`;
  const inImage = (engineError: string) => (workdirOnHost ? null : workdirInImage(engineError, workdir, imageSaid));

  const name = `spec-run-${process.pid}-${randomBytes(4).toString('hex')}`;
  const graceMs = request.graceMs ?? GRACE_MS;
  const args = ['create', '--name', name, '--label', 'spec-run=executor', '--label', `${OWNER_LABEL}=${process.pid}`, '--init', '--pull', 'never'];
  args.push(...bindMount(request.projectRoot, WORKSPACE), '-w', workdir);
  // Swap equal to memory: the limit is a hard one, reached by the OOM killer rather than by swapping.
  // The kernel's count of OOM kills, read in the container, is the verdict the engine may lose.
  const watch: OomWatch | null = request.memory ? oomWatch() : null;
  if (request.memory) args.push('--memory', request.memory, '--memory-swap', request.memory);
  if (watch) args.push(...watch.options);
  if (request.cpus !== undefined) args.push('--cpus', String(request.cpus));
  if (request.network) args.push('--network', request.network);
  if (request.user) args.push('--user', request.user);
  for (const [k, v] of Object.entries(request.env ?? {})) args.push('-e', `${k}=${v}`);
  args.push(used, ...(watch ? watch.command(request.run) : ['sh', '-c', request.run]));

  let created = false;
  let forgetForcedKill = () => {};
  let forced = false;
  // Where the engine's events of this container begin, with a second to spare (its name is unique).
  const eventsSince = Date.now() / 1000 - 1;
  const creating = performance.now();
  try {
    watchOwnContainers();
    const creation = await docker(args, { reject: false });
    created = creation.exitCode === 0;
    if (!created) {
      const problem = inImage(creation.stderr);
      return problem ? infrastructure(problem.error, [problem.fix]) : infrastructure(`docker create failed: ${creation.stderr.trim()}`);
    }
    tell({ type: 'container', name, action: 'created' });
    // A second signal removes it at once (killed, no grace) and spec-run exits once it is gone, not
    // leaving it to the watcher, which removes it only after spec-run has exited.
    forgetForcedKill = onForcedExit(() => {
      forced = true;
      tell({ type: 'signal', signal: 'SIGKILL', via: 'second interrupt' });
      return docker(['rm', '-f', name], { reject: false });
    });
    if (!workdirOnHost) {
      // Created is not yet run: the engine made a working directory the image lacks, said here as missing.
      const diff = await docker(['diff', name], { reject: false });
      if (diff.exitCode !== 0) return infrastructure(`could not check that working directory ${workdir} exists in the image ${imageSaid}: docker diff failed: ${diff.stderr.trim()}`);
      const missing = workdirMissingInImage(diff.stdout, workdir, imageSaid);
      if (missing) return infrastructure(missing.error, missing.solutions);
    }
    tell({ type: 'mount', source: request.projectRoot, target: WORKSPACE });
    tell({ type: 'start', context: 'docker', run: request.run, image: { requested: request.image, used }, workdir, env: request.env ?? {}, user: request.user, graceMs });
    // Attached for as long as the container runs: a Child, whose output arrives as raw bytes.
    started = performance.now();
    const attached = new Child({ ...dockerCommand(['start', '-a', name]), group: true, stdin: 'ignore', stdout: 'pipe' });
    collector.capture(attached);
    tell({ type: 'container', name, action: 'started' });
    let stopping: { reason: StopReason; done: Promise<unknown>; sentAt: number } | null = null;
    const stop = (reason: StopReason) => {
      if (stopping) return;
      tell({ type: 'stop', reason, graceMs });
      // The engine sends the stop signal, and the kill once the grace period is over.
      tell({ type: 'signal', signal: 'SIGTERM', via: 'docker stop' });
      // The time is taken before the call: a loaded machine can run `docker stop` and end the
      // container before this process is scheduled again, and a time taken after the call then
      // fell after the container's end, whose stop was taken for one that stopped nothing.
      const sentAt = Date.now();
      stopping = { reason, done: docker(['stop', '-t', String(Math.ceil(graceMs / 1000)), name], { reject: false }), sentAt };
    };
    // An interrupt stops the container at once; the timeout counts from the command's start.
    const disarmInterrupt = armStop({ timeoutMs: null, signal: request.signal }, stop);
    const disarmTimeout = armFromStart(name, request.timeoutMs, () => stop('timeout'), (ranMs) => tell({ type: 'running', ranMs }));
    const ended = await attached.exited;
    const measuredMs = performance.now() - started;
    // The attached client can end before the container (its connection to a loaded engine cut):
    // the container's own end is waited for, its stops still armed, before its state is read.
    if (!ended.error) await docker(['wait', name], { reject: false });
    disarmInterrupt();
    disarmTimeout();
    const halt = stopping as { reason: StopReason; done: Promise<unknown>; sentAt: number } | null;
    if (halt) await halt.done;
    if (ended.error) return infrastructure(`could not run docker start: ${ended.error.message}`);
    await attached.outputClosed();

    type State = { ExitCode: number; OOMKilled: boolean; Error?: string; StartedAt?: string; FinishedAt?: string };
    const inspect = async (): Promise<State | string> => {
      const inspected = await docker(['inspect', name, '--format', '{{json .State}}'], { reject: false });
      return inspected.exitCode === 0 ? (JSON.parse(inspected.stdout) as State) : inspected.stderr.trim() || attached.outputTail.trim();
    };
    let state = await inspect();
    // An OOM kill under the command's memory limit: the kernel's count when known, else the
    // engine's flag or its event log, which has kills whose flag the engine did not keep.
    const kernelKills = watch?.kills() ?? null;
    const oomKilled = async (known: State) =>
      (kernelKills ?? 0) > 0 || known.OOMKilled || (kernelKills === null && Boolean(request.memory) && !halt && (await oomEventLogged(name, eventsSince)));
    let oom = typeof state !== 'string' && (await oomKilled(state));
    // Without the kernel's count, the engine learns of an OOM kill from an event that may come after
    // the exit: a SIGKILL under a memory limit that no stop sent is asked about again before it is called anything else.
    for (const waitMs of OOM_ASK_WAITS_MS) {
      if (typeof state === 'string' || oom || halt || kernelKills !== null || !request.memory || state.ExitCode !== 128 + constants.signals.SIGKILL) break;
      await new Promise((wait) => setTimeout(wait, waitMs));
      state = await inspect();
      oom = typeof state !== 'string' && (await oomKilled(state));
    }
    if (typeof state === 'string') return infrastructure(`docker inspect failed: ${state}`);
    if (state.Error) {
      const problem = inImage(state.Error);
      return problem ? infrastructure(problem.error, [problem.fix]) : infrastructure(`container failed to run: ${state.Error}`);
    }
    // A client ended before it started the container leaves one never run, whose exit code 0 is no result.
    if (!(engineTime(state.StartedAt) > 0)) return infrastructure(`the container never started: docker start ended first${attached.outputTail.trim() ? ` (${attached.outputTail.trim()})` : ''}`);
    const durationMs = runningTime(state) ?? measuredMs;
    const killed = state.ExitCode === 128 + constants.signals.SIGKILL;
    // The engine marks a container OOMKilled when the kernel killed any process of it: a
    // command that ended by that kill was stopped by the limit; one that outlived it is told so.
    if (oom && killed) return result({ outcome: 'memory-limit', exitCode: EXIT.killed, signal: 'SIGKILL', durationMs, memoryKill: { commandWentOn: false, commandExitCode: state.ExitCode } });
    const memoryKill = oom ? { commandWentOn: true, commandExitCode: state.ExitCode } : undefined;
    // A timeout's stop sent once the container had ended (the client learnt of the end late, on a
    // loaded machine) stopped nothing: the command's own end is its result. The engine's clock is
    // this machine's, the project being mounted from here.
    const finishedAt = engineTime(state.FinishedAt);
    const stoppedNothing = halt?.reason === 'timeout' && finishedAt > 0 && finishedAt < halt.sentAt;
    if (stoppedNothing) notes.push(`the command ended by itself before its timeout's stop was sent; the engine told of its end late`);
    const stopped = stoppedNothing ? null : halt;
    if (stopped && killed && !forced) tell({ type: 'signal', signal: 'SIGKILL', via: 'docker stop' });
    // The kill it outlived, in the words a reader may already look for; a stop's report, which does not tell of it, has only this.
    if (memoryKill) notes.push(`a process of the command was killed at the memory limit (${request.memory}); the command went on ${stopped ? 'until it was stopped' : `and exited with ${state.ExitCode}`}`);
    if (stopped) {
      const exitCode = stoppedExitCode(stopped.reason, killed, request.signal);
      const own = endedItselfNote(state.ExitCode, stopped.reason, killed, exitCode);
      if (own) notes.push(own);
      return result({
        outcome: stopped.reason,
        exitCode,
        signal: killed || forced ? 'SIGKILL' : 'SIGTERM',
        durationMs,
        memoryKill,
        ...(forced ? { forcedKill: true as const } : {}),
      });
    }
    // A kill the command outlived fails it all the same (exitCodeAfterMemoryKill): its report's first line tells it.
    // The signal its exit code stands for: 137 is the kill's SIGKILL where the command went on to exit 0.
    if (memoryKill) return result({ outcome: 'memory-limit', exitCode: exitCodeAfterMemoryKill(state.ExitCode), signal: signalOf(exitCodeAfterMemoryKill(state.ExitCode)), durationMs, memoryKill });
    return result({ outcome: 'completed', exitCode: state.ExitCode, signal: signalOf(state.ExitCode), durationMs });
  } finally {
    if (created) await remove(name, notes, tell);
    forgetForcedKill();
    // Duration is the command's run, which the engine's set-up and removal of its container
    // can far exceed (a quick command: milliseconds of a second or more): that is said too.
    if (created && ran) notes.push(`the container took ${formatElapsed(performance.now() - creating)} from its creation to its removal; Duration is the command's own run in it, from its start to its end`);
    watch?.dispose();
  }
}

/**
 * The docker CLI for one container's life: out of spec-run's process group (detached,
 * or a group of its own), so that a Ctrl-C meant for spec-run never cuts a stop or a
 * removal short (spec-run stops the container itself), and tied to spec-run so that
 * none of them outlives it.
 */
function dockerCommand(args: string[]): { command: string; args: string[] } {
  const [command, rest] = asSpawn(tiedToParent(['docker', ...args]));
  return { command, args: rest };
}

/** A one-shot docker command whose output is read once it ended (create, stop, inspect, rm). */
function docker<O extends Options>(args: string[], options: O) {
  const { command, args: rest } = dockerCommand(args);
  return ownProcessWork(execa(command, rest, { ...options, detached: true }));
}

/** How long a removal the engine refused is checked on (another's removal in progress, a busy engine), and how often. */
const REMOVAL_CHECKS = 10;
const REMOVAL_CHECK_WAIT_MS = 500;

async function remove(name: string, notes: string[], tell: ExecObserver): Promise<void> {
  const removed = await docker(['rm', '-f', name], { reject: false });
  // Refused is not left: a removal already under way (the watcher's, the engine's) or already
  // done ends with the container gone, which is what the note says.
  const gone = removed.exitCode === 0 || (await containerGone(name));
  notes.push(gone ? `container ${name} removed` : `container ${name} could not be removed: ${removed.stderr.trim()}`);
  tell(gone ? { type: 'container', name, action: 'removed' } : { type: 'container', name, action: 'remove-failed', detail: removed.stderr.trim() });
}

/** Whether container NAME is gone, or goes within REMOVAL_CHECKS checks (removed once more at each). */
async function containerGone(name: string): Promise<boolean> {
  for (let check = 0; check < REMOVAL_CHECKS; check++) {
    const found = await docker(['inspect', '--format', '{{.Id}}', name], { reject: false });
    if (found.exitCode !== 0 && /no such (object|container)/i.test(found.stderr)) return true;
    await new Promise((wait) => setTimeout(wait, REMOVAL_CHECK_WAIT_MS));
    if ((await docker(['rm', '-f', name], { reject: false })).exitCode === 0) return true;
  }
  return false;
}
