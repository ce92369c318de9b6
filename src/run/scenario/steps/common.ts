// Checks several step definitions share.
import { readlinkSync } from 'node:fs';
import { execa } from 'execa';
import { GRACE_MS } from '../../../executor/result.js';
import type { Checks } from '../checks.js';
import type { Context } from '../probes.js';
import { processesWith, type ProbeRun, type ScenarioWorld } from '../world.js';

/** How late a host timeout may fire, and a Docker one (CLI and engine round trips). */
export const SLACK_MS = { host: 500, docker: 1500 } as const;

export { unitMs } from '../../../executor/duration.js';

/** Where the scenario's command runs: Docker when it names an image. */
export function contextOf(world: ScenarioWorld, index = 0): Context {
  return world.command(index).image ? 'docker' : 'host';
}

export function record(c: Checks, run: ProbeRun, label = 'probe'): void {
  const r = run.result;
  c.show(label, { what: run.description, outcome: r.outcome, exitCode: r.exitCode, signal: r.signal, durationMs: Math.round(r.durationMs), output: r.output.lines.slice(0, 5).map((l) => l.text), notes: r.notes });
}

/** The probe timed out: reported with 124 and SIGTERM (it died of SIGTERM), or 137 and SIGKILL. */
export function timedOut(c: Checks, run: ProbeRun, how: 'SIGTERM' | 'SIGKILL', label = 'probe'): void {
  record(c, run, label);
  c.equal(run.result.outcome, 'timeout', `${label} outcome`);
  c.equal(run.result.signal, how, `${label} ended by`);
  c.equal(run.result.exitCode, how === 'SIGTERM' ? 124 : 137, `${label} exit code`);
}

/** The timeout fired at the probe's limit, not before and not much after (plus `extraMs` of shutdown). */
export function firedOnTime(c: Checks, run: ProbeRun, extraMs = 0, label = 'probe'): void {
  const limit = run.request.timeoutMs ?? 0;
  const slack = run.result.context === 'docker' ? SLACK_MS.docker : SLACK_MS.host;
  c.between(run.result.durationMs, limit + extraMs - 5, limit + extraMs + slack, `${label} duration (ms) for timeout ${limit} ms${extraMs ? ` + ${extraMs} ms` : ''}`);
}

/** Nothing the probe started is still running (host: by its marker; Docker: the container is gone). */
export async function noSurvivors(c: Checks, run: ProbeRun & { marker?: string }, label = 'probe'): Promise<void> {
  if (run.result.context === 'host') {
    if (run.marker) c.equal(processesWith(run.marker), [], `${label}: processes left holding its marker ${run.marker}`);
    return;
  }
  const removed = run.result.notes.find((n) => /^container \S+ removed$/.test(n));
  c.that(removed !== undefined, `${label}: container removed (${removed ?? 'no removal noted'})`);
  if (removed) {
    const name = removed.split(' ')[1];
    const inspect = await execa('docker', ['inspect', name], { reject: false });
    c.that(inspect.exitCode !== 0, `${label}: docker inspect ${name} finds no container`, inspect.stdout.slice(0, 200));
  }
}

/** The grace period measured: SIGKILL came `GRACE_MS` after the timeout. */
export function killedAfterGrace(c: Checks, run: ProbeRun, label = 'probe'): void {
  timedOut(c, run, 'SIGKILL', label);
  firedOnTime(c, run, GRACE_MS, label);
}

/** A probe's report with its measured duration and its marker masked, to compare reports of two runs. */
export function masked(run: ProbeRun & { marker: string }): string {
  return run.message.replace(/^Duration: .*$/m, 'Duration: <measured>').split(run.marker).join('<marker>');
}

/** The mount namespace of spec-run itself: a probe printing the same one runs on the host. */
export const OWN_MOUNT_NAMESPACE = readlinkSync('/proc/self/ns/mnt');
