// The probe commands steps run, each keyed so that steps checking facets of the same
// behaviour share one execution. Every probe sleeps on an argument unique to it, so a
// surviving process can be found afterwards.
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { ProbeRun, ProbeSpec, ScenarioWorld } from './world.js';

export type Context = 'host' | 'docker';

export interface MarkedProbe extends ProbeRun {
  /** The unique sleep argument of the probe. */
  marker: string;
}

const markers = new WeakMap<ScenarioWorld, Map<string, string>>();

function marked(world: ScenarioWorld, key: string, build: (marker: string) => Omit<ProbeSpec, 'context'>, context: Context): Promise<MarkedProbe> {
  const perWorld = markers.get(world) ?? new Map<string, string>();
  markers.set(world, perWorld);
  const id = `${key}@${context}`;
  const marker = perWorld.get(id) ?? world.nonce();
  perWorld.set(id, marker);
  return world.probe(id, { ...build(marker), context }).then((run) => ({ ...run, marker }));
}

/** Sleeps past its timeout and dies of SIGTERM. */
export const sleeper = (w: ScenarioWorld, context: Context, timeoutMs?: number) =>
  marked(w, `sleeper-${timeoutMs}`, (m) => ({ run: `echo started; sleep ${m}`, timeoutMs }), context);

/** Catches SIGTERM, writes a final log line and exits by itself. */
export const catcher = (w: ScenarioWorld, context: Context) =>
  marked(w, 'catcher', (m) => ({ run: `trap 'echo got SIGTERM; echo final log written; exit 0' TERM; echo started; sleep ${m} & wait` }), context);

/** Needs a second of cleanup after SIGTERM: within the grace period. */
export const slowCatcher = (w: ScenarioWorld, context: Context) =>
  marked(w, 'slow-catcher', (m) => ({ run: `trap 'sleep 1; echo cleaned up; exit 0' TERM; echo started; sleep ${m} & wait` }), context);

/** Ignores SIGTERM and forks a child that ignores it too: only SIGKILL ends them. */
export const ignorer = (w: ScenarioWorld, context: Context) =>
  marked(w, 'ignorer', (m) => ({ run: `trap '' TERM; echo started; sleep ${m} & sleep ${m}` }), context);

/** Prints two lines, then sleeps past its timeout. */
export const ticker = (w: ScenarioWorld, context: Context) => marked(w, 'ticker', (m) => ({ run: `echo line 1; echo line 2; sleep ${m}` }), context);

/** Prints `count` numbered lines, then sleeps past its timeout. */
export const flood = (w: ScenarioWorld, context: Context, count: number, maxOutputLines?: number | null) =>
  marked(w, `flood-${count}-${maxOutputLines}`, (m) => ({ run: `seq 1 ${count}; sleep ${m}`, maxOutputLines }), context);

/** Prints `count` lines and ends on its own, well within its timeout. */
export const quickFlood = (w: ScenarioWorld, context: Context, count: number) =>
  w.probe(`quick-flood-${count}@${context}`, { run: `seq 1 ${count}`, context });

/** 200,000 lines of 100 bytes from `yes`: 20 MB, past the byte cap, yet bounded so it does not starve the probes beside it. */
export const yesFlood = (w: ScenarioWorld, context: Context, maxOutputLines?: number | null) =>
  w.probe(`yes-${maxOutputLines}@${context}`, { run: `yes ${'x'.repeat(99)} | head -n 200000`, context, maxOutputLines });

/**
 * Time given to probes that end on their own: what they check is how they end, not a
 * timeout, and on a loaded machine a container can take seconds just to start.
 */
const ROOM_TO_FINISH_MS = 60_000;

/** Ends on its own with `code`, printing on both streams. */
export const finisher = (w: ScenarioWorld, context: Context, code: number) =>
  w.probe(`finisher-${code}@${context}`, { run: `echo to stdout; echo to stderr >&2; exit ${code}`, context, timeoutMs: ROOM_TO_FINISH_MS });

/** Takes 1.5 s: longer than the probe timeout, so it completes only without one. */
export const outlaster = (w: ScenarioWorld, context: Context, spec: Partial<ProbeSpec> = {}, key = 'outlaster') =>
  w.probe(`${key}@${context}`, { run: 'sleep 1.5; echo finished', context, ...spec });

/** Prints its mount namespace: spec-run's own on the host, another in a container. */
export const whereAmI = (w: ScenarioWorld, context: Context) => w.probe(`where@${context}`, { run: 'readlink /proc/self/ns/mnt', context, timeoutMs: ROOM_TO_FINISH_MS });

/** Allocates far more than a small memory limit. */
export const memoryHog = (w: ScenarioWorld, memory: string, timeoutMs: number) =>
  w.probe(`hog-${memory}`, { run: 'x=$(yes | head -c 300000000); echo survived', context: 'docker', memory, timeoutMs });

/** Removes a file in its SIGTERM handler; the file's path is returned to check. */
export function cleaner(w: ScenarioWorld, context: Context): Promise<MarkedProbe & { file: string }> {
  const file = path.join(tmpdir(), `spec-run-cleanup-${randomBytes(4).toString('hex')}`);
  return marked(w, 'cleaner', (m) => ({ run: `trap 'rm -f ${file}; echo removed; exit 0' TERM; touch ${file}; echo started; sleep ${m} & wait` }), context).then((run) => ({
    ...run,
    file: run.request.run.match(/rm -f (\S+);/)?.[1] ?? file,
  }));
}
