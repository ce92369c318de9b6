// Steps about the memory limit next to the timeout, the limit-event log, and the
// future extension the seed describes but v1 does not have.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../executor/config.js';
import { parseLog, type LimitEvent, type LoggedEvent } from '../../../executor/log.js';
import { StepSkip, type Checks } from '../checks.js';
import { finisher, memoryHog, sleeper } from '../probes.js';
import { defineStep, type StepDefinition } from '../registry.js';
import type { ProbeRun, ScenarioWorld } from '../world.js';
import { contextOf, record, timedOut } from './common.js';

/** Memory for a probe that must hit its limit fast; the configured limit is asserted separately. */
const PROBE_MEMORY = '16m';

const BYTES: Record<string, number> = { b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };
const bytesOf = (memory: string) => Number(memory.replace(/[bkmg]$/, '')) * (BYTES[memory.slice(-1)] ?? 1);

/**
 * The hog's timeout: a net, far past what its allocation takes, so that the memory limit is
 * what stops it even when a loaded machine's engine takes seconds to start the container
 * (at 2 s, the timeout came first under the seeds' parallel run).
 */
const HOG_TIMEOUT_MS = 10_000;

function hog(w: ScenarioWorld): Promise<ProbeRun> {
  return memoryHog(w, PROBE_MEMORY, HOG_TIMEOUT_MS);
}

/** The scenario's own timeout probe in Docker, under its configured memory limit. */
async function timeoutUnderMemory(w: ScenarioWorld, c: Checks): Promise<ProbeRun> {
  c.that(w.command(0).memory !== undefined, 'the scenario sets a memory limit', w.command(0));
  const run = await sleeper(w, 'docker');
  timedOut(c, run, 'SIGTERM', `probe under memory ${run.request.memory}`);
  return run;
}

interface Logged {
  file: string;
  text: string;
  events: LoggedEvent[];
  timeout: ProbeRun;
  started: number;
  ended: number;
}

const logs = new WeakMap<ScenarioWorld, Promise<Logged>>();

/** A session of two commands, one timing out and one completing, logged to a fresh file. */
function loggedSession(w: ScenarioWorld): Promise<Logged> {
  let session = logs.get(w);
  if (!session) {
    session = (async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'spec-run-log-'));
      const file = path.join(dir, 'limits.jsonl');
      const started = Date.now();
      const timeout = await w.probe('logged-timeout', { run: 'echo partial line; sleep 100', context: contextOf(w), eventLog: file });
      await w.probe('logged-completion', { run: 'echo fine', context: contextOf(w), eventLog: file });
      const ended = Date.now();
      // The log's text is all the steps read: a user's /tmp keeps nothing of the run.
      const text = await readFile(file, 'utf8').finally(() => rm(dir, { recursive: true, force: true }));
      return { file, text, events: parseLog(text), timeout, started, ended };
    })();
    logs.set(w, session);
  }
  return session;
}

async function theTimeoutEvent(w: ScenarioWorld, c: Checks): Promise<{ event: LimitEvent | undefined; logged: Logged }> {
  const logged = await loggedSession(w);
  c.show('log', logged.text.split('\n').filter(Boolean));
  const event = logged.events.find((e): e is LimitEvent => e.event === 'timeout');
  c.that(event !== undefined, `the log ${logged.file} holds a timeout event`);
  return { event, logged };
}

/** The future key the scenario's YAML uses is rejected by v1: a skip, with the rejection as its proof. */
function futureOnly(w: ScenarioWorld, c: Checks): void {
  const unknown = w.errors.filter((e) => /unknown key/.test(e.message));
  c.show('v1 configuration errors', w.errors.map((e) => e.message));
  if (unknown.length === 0) {
    c.that(false, 'v1 rejects the future extension key; it is accepted now, so this step needs a real definition');
    return;
  }
  throw new StepSkip(`future extension, not in v1: the configuration rejects it (${unknown.map((e) => e.message).join('; ')})`);
}

export const limitSteps: StepDefinition[] = [
  defineStep(/^timeout limit: execution duration$/i, async (w, c) => {
    await timeoutUnderMemory(w, c);
  }),
  defineStep(/^memory limit: memory usage$/i, async (w, c) => {
    const memory = w.command(0).memory;
    c.that(memory !== undefined, 'the scenario sets a memory limit');
    if (!memory) return;
    const run = await w.probe('cgroup-limit', { run: 'cat /sys/fs/cgroup/memory/memory.limit_in_bytes 2>/dev/null || cat /sys/fs/cgroup/memory.max', context: 'docker' });
    record(c, run);
    c.equal(run.result.output.lines[0]?.text, String(bytesOf(memory)), `the container's cgroup memory limit for ${memory} (bytes)`);
  }),
  defineStep(/^both can trigger independently$/i, async (w, c) => {
    const [memory, time] = await Promise.all([hog(w), timeoutUnderMemory(w, c)]);
    record(c, memory, 'memory probe');
    c.equal(memory.result.outcome, 'memory-limit', `a probe allocating past ${PROBE_MEMORY} ends as`);
    c.equal(time.result.outcome, 'timeout', 'a quiet probe past its timeout ends as');
  }),
  defineStep(/^timeout kills if exceeds time$/i, async (w, c) => {
    await timeoutUnderMemory(w, c);
  }),
  defineStep(/^memory limit kills if exceeds memory$/i, async (w, c) => {
    const run = await hog(w);
    record(c, run);
    c.equal([run.result.outcome, run.result.exitCode], ['memory-limit', 137], `a probe allocating past ${PROBE_MEMORY} reports`);
    c.that(!run.result.output.lines.some((l) => l.text === 'survived'), 'it did not get past the allocation');
  }),
  defineStep(/^whichever triggers first stops (?:the )?command$/i, async (w, c) => {
    const [memory, time] = await Promise.all([hog(w), timeoutUnderMemory(w, c)]);
    c.that(memory.result.outcome === 'memory-limit' && memory.result.durationMs < HOG_TIMEOUT_MS, `the memory limit stopped the hog before its ${HOG_TIMEOUT_MS / 1000} s timeout`, Math.round(memory.result.durationMs));
    c.that(time.result.outcome === 'timeout', 'the timeout stopped the quiet probe, well under its memory limit');
  }),
  defineStep(/^error message identifies which limit triggered$/i, async (w, c) => {
    const [memory, time] = await Promise.all([hog(w), timeoutUnderMemory(w, c)]);
    c.includes(memory.message, 'Error: Command exceeded its memory limit', 'the memory-limit report');
    c.that(!memory.message.includes('timed out'), 'the memory-limit report does not speak of a timeout');
    c.includes(time.message, 'Error: Command execution timed out', 'the timeout report');
    c.that(!time.message.includes('memory limit'), 'the timeout report does not speak of the memory limit');
  }),

  defineStep(/^timeout logged with timestamp$/i, async (w, c) => {
    const { event, logged } = await theTimeoutEvent(w, c);
    const at = Date.parse(event?.timestamp ?? '');
    c.between(at, logged.started, logged.ended, 'the event time (epoch ms) lies within the session');
  }),
  defineStep(/^command and timeout duration logged$/i, async (w, c) => {
    const { event, logged } = await theTimeoutEvent(w, c);
    c.equal([event?.command, event?.timeout, event?.timeoutMs], [logged.timeout.request.run, logged.timeout.request.timeoutText, logged.timeout.request.timeoutMs], 'command, timeout, timeoutMs');
    c.equal(event?.durationMs, Math.round(logged.timeout.result.durationMs), 'measured duration (ms)');
  }),
  defineStep(/^exit code\/signal logged$/i, async (w, c) => {
    const { event } = await theTimeoutEvent(w, c);
    c.equal([event?.exitCode, event?.signal], [124, 'SIGTERM'], 'exit code and signal');
  }),
  defineStep(/^output \(partial\) preserved$/i, async (w, c) => {
    const { event } = await theTimeoutEvent(w, c);
    c.equal(event?.partialOutput, ['partial line'], 'the output printed before the timeout');
  }),
  defineStep(/^session can be reviewed for timeout events$/i, async (w, c) => {
    const { logged } = await theTimeoutEvent(w, c);
    const completed = await finisher(w, contextOf(w), 0);
    c.equal(completed.result.outcome, 'completed', 'a completed command of the session');
    c.equal(logged.events.map((e) => [e.event, e.command]), [['timeout', logged.timeout.request.run]], 'the events read back from the session log: the timeout only');
  }),
  defineStep(/^logs include timeout details in structured format$/i, async (w, c) => {
    const { logged } = await theTimeoutEvent(w, c);
    const keys = ['timestamp', 'event', 'command', 'context', 'timeout', 'timeoutMs', 'duration', 'durationMs', 'exitCode', 'signal', 'partialOutput', 'totalOutputLines'];
    for (const line of logged.text.split('\n').filter(Boolean)) {
      let parsed: Record<string, unknown> = {};
      try {
        parsed = JSON.parse(line) as Record<string, unknown>;
      } catch {
        c.that(false, 'each log line is one JSON object', line);
        continue;
      }
      c.equal(keys.filter((k) => !(k in parsed)), [], 'missing keys of a log line');
    }
  }),

  defineStep(/^on timeout, sigkill sent immediately$/i, (w, c) => futureOnly(w, c)),
  defineStep(/^no grace period for shutdown$/i, (w, c) => futureOnly(w, c)),
  defineStep(/^useful for untrustworthy commands$/i, (w, c) => futureOnly(w, c)),
  defineStep(/^note: this is (?:a )?future extension, not in v1$/i, (w, c) => {
    const unknown = w.errors.filter((e) => /unknown key/.test(e.message));
    c.that(unknown.length > 0, 'v1 rejects the extension key the scenario writes', w.errors.map((e) => e.message));
    for (const e of unknown) c.that(w.yaml !== null && e.line >= w.yaml.line, `the error points into the scenario's YAML: ${e.message}`);
    const without = loadConfig((w.yaml?.text ?? '').replace(/^\s*gracePeriod:.*\n?/m, ''));
    c.equal(without.errors.map((e) => e.message), [], 'without the gracePeriod line the configuration is valid');
  }),
];
