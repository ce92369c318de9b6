// Host execution: `sh -c` in its own process group, so a timeout stops the command
// and everything it started (forks, pipelines, TERM-ignoring children) together.
import { constants } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { OutputCollector } from './output.js';
import { armStop, EXIT, GRACE_MS, hiddenStreams, type ExecRequest, type ExecResult, type StopReason } from './result.js';
import { stopProcess, type StopOutcome } from './terminate.js';

const DOCKER_ONLY = ['memory', 'cpus', 'network', 'user'] as const;

export async function runOnHost(request: ExecRequest): Promise<ExecResult> {
  const notes = DOCKER_ONLY.filter((f) => request[f] !== undefined).map((f) => `${f} applies to Docker commands only: not enforced on the host`);
  const collector = new OutputCollector({ maxLines: request.maxOutputLines, maxBytes: request.maxOutputBytes, hidden: hiddenStreams(request) });
  const graceMs = request.graceMs ?? GRACE_MS;
  const started = performance.now();
  const child = execa('sh', ['-c', request.run], {
    cwd: path.resolve(request.projectRoot, request.workdir ?? '.'),
    env: request.env,
    detached: true,
    stdin: 'ignore',
    buffer: false,
    reject: false,
    cleanup: false,
  });
  const pid = child.pid;
  if (pid === undefined) {
    const failure = await child;
    return base(request, notes, collector, started, { outcome: 'error', exitCode: EXIT.infrastructure, signal: null, error: `could not start sh: ${failure.message}` });
  }
  for (const stream of ['stdout', 'stderr'] as const) {
    const shown = stream === 'stdout' ? request.showStdout !== false : request.showStderr !== false;
    // A hidden stream is still drained, so the command never blocks on a full pipe.
    child[stream]?.on('data', shown ? (chunk: Buffer) => collector.write(stream, chunk) : () => {});
  }

  let stopping: { reason: StopReason; outcome: Promise<StopOutcome> } | null = null;
  const disarm = armStop(request, (reason) => {
    stopping ??= { reason, outcome: stopProcess(pid, child, { graceMs, group: true }) };
  });

  const finished = await child;
  const durationMs = performance.now() - started;
  disarm();

  if (stopping) {
    const { reason, outcome } = stopping as { reason: StopReason; outcome: Promise<StopOutcome> };
    const how = await outcome;
    const killed = how === 'killed';
    return base(request, notes, collector, started, {
      outcome: reason,
      exitCode: reason === 'timeout' ? (killed ? EXIT.killed : EXIT.timeout) : EXIT.interrupted,
      signal: killed ? 'SIGKILL' : 'SIGTERM',
      durationMs,
    });
  }
  // The leader ended on its own; members it left in its group are stopped too, so nothing outlives the run.
  const leftovers = await stopProcess(pid, Promise.resolve(), { graceMs, group: true });
  if (leftovers !== 'already-exited') notes.push(`processes the command left running in its group were stopped (${leftovers})`);
  const signal = (finished.signal as NodeJS.Signals | undefined) ?? null;
  const exitCode = finished.exitCode ?? (signal ? 128 + (constants.signals[signal] ?? 0) : EXIT.infrastructure);
  return base(request, notes, collector, started, { outcome: 'completed', exitCode, signal, durationMs });
}

function base(
  request: ExecRequest,
  notes: string[],
  collector: OutputCollector,
  started: number,
  fields: Pick<ExecResult, 'outcome' | 'exitCode' | 'signal'> & { durationMs?: number; error?: string },
): ExecResult {
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
