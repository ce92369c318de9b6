// Steps about what happens at a timeout, on the host and in Docker: SIGTERM, the
// grace period, SIGKILL, exit codes, captured output, cleanup, and the report.
import { existsSync } from 'node:fs';
import { limitEvents } from '../../../executor/log.js';
import { GRACE_MS } from '../../../executor/result.js';
import type { Checks } from '../checks.js';
import { catcher, cleaner, finisher, ignorer, sleeper, slowCatcher, ticker, whereAmI, type Context } from '../probes.js';
import { defineStep, type StepDefinition } from '../registry.js';
import { compareWithTemplate, templateField } from '../template.js';
import type { ScenarioWorld } from '../world.js';
import { contextOf, firedOnTime, killedAfterGrace, masked, noSurvivors, OWN_MOUNT_NAMESPACE, record, timedOut, unitMs } from './common.js';

/** Host and Docker probes compared with each other run under the same (Docker-sized) timeout. */
const COMPARED_TIMEOUT_MS = 2000;

async function receivesSigterm(w: ScenarioWorld, c: Checks, context: Context): Promise<void> {
  const run = await catcher(w, context);
  timedOut(c, run, 'SIGTERM');
  c.that(run.result.output.lines.some((l) => l.text === 'got SIGTERM'), "the probe's SIGTERM handler ran (printed \"got SIGTERM\")");
}

async function killedWhenIgnoring(w: ScenarioWorld, c: Checks, context: Context): Promise<void> {
  const run = await ignorer(w, context);
  killedAfterGrace(c, run);
  await noSurvivors(c, run);
}

async function gracefulWithinGrace(w: ScenarioWorld, c: Checks, context: Context, seconds: string): Promise<void> {
  c.equal(GRACE_MS, Number(seconds) * 1000, 'the grace period (ms)');
  const run = await slowCatcher(w, context);
  timedOut(c, run, 'SIGTERM');
  c.that(run.result.output.lines.some((l) => l.text === 'cleaned up'), 'a probe needing 1 s of cleanup after SIGTERM finished it ("cleaned up")');
  firedOnTime(c, run, 1000);
}

async function sameOnBoth(w: ScenarioWorld, c: Checks): Promise<{ host: Awaited<ReturnType<typeof sleeper>>; docker: Awaited<ReturnType<typeof sleeper>> }> {
  const [host, docker] = await Promise.all([sleeper(w, 'host', COMPARED_TIMEOUT_MS), sleeper(w, 'docker', COMPARED_TIMEOUT_MS)]);
  record(c, host, 'host probe');
  record(c, docker, 'docker probe');
  return { host, docker };
}

export const enforcementSteps: StepDefinition[] = [
  defineStep(/^(?:command starts on host|command executed on host \(no docker\))$/i, async (w, c) => {
    c.equal(w.command(0).image, undefined, 'the configured command names no image');
    const run = await whereAmI(w, contextOf(w));
    record(c, run);
    c.equal(run.result.context, 'host', 'the executor ran it on');
    c.equal(run.result.output.lines.map((l) => l.text), [OWN_MOUNT_NAMESPACE], "the probe's mount namespace is spec-run's own");
    const timed = await sleeper(w, 'host');
    c.that(timed.result.output.lines.some((l) => l.text === 'started'), 'a probe under the policy started and printed "started"');
  }),
  defineStep(/^container starts$/i, async (w, c) => {
    c.that(w.command(0).image !== undefined, 'the configured command names an image', w.command(0).image);
    const run = await sleeper(w, 'docker');
    record(c, run);
    c.equal(run.result.context, 'docker', 'ran in');
    c.that(run.result.output.lines.some((l) => l.text === 'started'), 'the container started and printed "started"');
    const mapped = w.imageAliases[w.command(0).image ?? ''];
    if (mapped) c.includes(run.result.notes.join('\n'), `image ${w.command(0).image} mapped to local ${mapped}`, 'the notes');
  }),
  defineStep(/^command executes in (?:the )?container$/i, async (w, c) => {
    const run = await whereAmI(w, 'docker');
    record(c, run);
    const seen = run.result.output.lines.map((l) => l.text);
    c.that(seen.length === 1 && seen[0].startsWith('mnt:') && seen[0] !== OWN_MOUNT_NAMESPACE, `the probe's mount namespace is not spec-run's own (${OWN_MOUNT_NAMESPACE})`, seen);
  }),
  defineStep(/^after (\d+) (seconds?|minutes?|hours?),? timeout triggers(?: in (?:the )?orchestrator)?$/i, async (w, c, [n, unit]) => {
    c.equal(w.resolved().ms, Number(n) * unitMs(unit), 'resolved timeout (ms)');
    const run = await sleeper(w, contextOf(w));
    timedOut(c, run, 'SIGTERM');
    firedOnTime(c, run);
  }),
  defineStep(/^(?:sigterm sent to process|process receives sigterm(?: \(graceful termination\))?)$/i, (w, c) => receivesSigterm(w, c, contextOf(w))),
  defineStep(/^docker container receives stop signal$/i, (w, c) => receivesSigterm(w, c, 'docker')),
  defineStep(/^grace period \((\d+) seconds?\) (?:waits for|for) graceful shutdown$/i, (w, c, [n]) => gracefulWithinGrace(w, c, contextOf(w), n)),
  defineStep(/^process has (\d+) seconds? grace period$/i, async (w, c, [n]) => {
    c.equal(GRACE_MS, Number(n) * 1000, 'the grace period (ms)');
    const run = await ignorer(w, contextOf(w));
    killedAfterGrace(c, run);
  }),
  defineStep(
    /^if (?:process (?:still running|doesn't exit)|process still running after grace period)(?:, SIGKILL sent(?: after grace period)?)$/i,
    (w, c) => killedWhenIgnoring(w, c, contextOf(w)),
  ),
  defineStep(/^if container still running, kill signal sent$/i, (w, c) => killedWhenIgnoring(w, c, 'docker')),
  defineStep(/^sigkill forces immediate termination$/i, async (w, c) => {
    const run = await ignorer(w, contextOf(w));
    killedAfterGrace(c, run);
    await noSurvivors(c, run);
  }),
  defineStep(/^if command doesn't complete within timeout, execution is terminated$/i, async (w, c) => {
    const run = await sleeper(w, contextOf(w));
    timedOut(c, run, 'SIGTERM');
    await noSurvivors(c, run);
  }),
  defineStep(/^timeout applies to both host and docker execution$/i, async (w, c) => {
    const { host, docker } = await sameOnBoth(w, c);
    timedOut(c, host, 'SIGTERM', 'host probe');
    firedOnTime(c, host, 0, 'host probe');
    timedOut(c, docker, 'SIGTERM', 'docker probe');
    firedOnTime(c, docker, 0, 'docker probe');
  }),
  // The seed's "(e.g., 124 or custom code)": an aside naming the codes checked; one naming any other code is a claim this step does not check.
  defineStep(/^exit code indicates timeout(?: \((?:(?:e\.g\.,?|for example,?|such as|i\.e\.,?) )?(?:124|137)(?: or (?:124|137|custom code))?\))?$/i, async (w, c) => {
    timedOut(c, await sleeper(w, contextOf(w)), 'SIGTERM', 'TERM-respecting probe');
    timedOut(c, await ignorer(w, contextOf(w)), 'SIGKILL', 'TERM-ignoring probe');
  }),
  defineStep(/^output (?:captured up to timeout point|up to timeout captured)$/i, async (w, c) => {
    const run = await ticker(w, contextOf(w));
    timedOut(c, run, 'SIGTERM');
    c.equal(run.result.output.lines.map((l) => l.text), ['line 1', 'line 2'], 'output kept from before the timeout');
  }),
  defineStep(/^container exit code captured$/i, async (w, c) => {
    const run = await finisher(w, 'docker', 3);
    record(c, run);
    c.equal([run.result.outcome, run.result.exitCode], ['completed', 3], "a container ending with 'exit 3' reports");
    const killed = await ignorer(w, 'docker');
    c.equal(killed.result.exitCode, 137, "a container killed after the grace period reports the container's 137");
  }),
  defineStep(/^container cleaned up$/i, async (w, c) => {
    await noSurvivors(c, await sleeper(w, 'docker'), 'timed-out container');
    await noSurvivors(c, await ignorer(w, 'docker'), 'killed container');
  }),
  defineStep(/^(?:user sees same timeout message as host execution|same error messages on timeout)$/i, async (w, c) => {
    const { host, docker } = await sameOnBoth(w, c);
    timedOut(c, host, 'SIGTERM', 'host probe');
    c.equal(masked(docker), masked(host), 'the Docker report equals the host report (measured duration and probe marker aside)');
  }),
  defineStep(/^user sees timeout message$/i, async (w, c, _args, step) => {
    const block = w.unit.configs.filter((b) => b.lang !== 'yaml' && b.line > step.line).sort((a, b) => a.line - b.line)[0];
    c.that(block !== undefined, 'the step is followed by the documented message block');
    if (!block) return;
    const run = await sleeper(w, contextOf(w));
    timedOut(c, run, 'SIGTERM');
    const configured = templateField(block.text, 'Timeout') ?? /timed out after (\S+)/.exec(block.text)?.[1] ?? w.resolved().text;
    compareWithTemplate(c, block.text, run.message, [
      { from: templateField(block.text, 'Command') ?? w.command(0).run, to: run.request.run },
      { from: `after ${configured}`, to: `after ${run.request.timeoutText}` },
    ]);
  }),
  defineStep(/^timeout behavior identical$/i, async (w, c) => {
    const { host, docker } = await sameOnBoth(w, c);
    for (const [label, run] of [['host probe', host], ['docker probe', docker]] as const) {
      timedOut(c, run, 'SIGTERM', label);
      firedOnTime(c, run, 0, label);
    }
  }),
  defineStep(/^same exit code handling$/i, async (w, c) => {
    const pairs = await Promise.all([
      Promise.all([sleeper(w, 'host', COMPARED_TIMEOUT_MS), sleeper(w, 'docker', COMPARED_TIMEOUT_MS)]),
      Promise.all([ignorer(w, 'host'), ignorer(w, 'docker')]),
      Promise.all([finisher(w, 'host', 3), finisher(w, 'docker', 3)]),
    ]);
    const codes = pairs.map(([h, d]) => [h.result.exitCode, d.result.exitCode]);
    c.equal(codes, [[124, 124], [137, 137], [3, 3]], 'exit codes [host, docker] of a timeout, a kill after grace, and exit 3');
  }),
  defineStep(/^user cannot tell difference in timeout behavior$/i, async (w, c) => {
    const { host, docker } = await sameOnBoth(w, c);
    c.equal(masked(docker), masked(host), 'the reports (measured duration and probe marker aside)');
    const strip = (run: typeof host) => {
      return limitEvents(run.result).map((e) => ({ ...e, command: e.command.split(run.marker).join('<marker>'), timestamp: '-', duration: '-', durationMs: 0, context: '-', image: undefined, imageUsed: undefined }));
    };
    c.equal(strip(docker), strip(host), 'the logged timeout events (time, place and image aside)');
  }),
  defineStep(/^difference only in execution context$/i, async (w, c) => {
    const [host, docker] = await Promise.all([whereAmI(w, 'host'), whereAmI(w, 'docker')]);
    c.equal([host.result.context, docker.result.context], ['host', 'docker'], 'the results name their context');
    const [onHost, inContainer] = [host.result.output.lines[0]?.text, docker.result.output.lines[0]?.text];
    c.that(onHost === OWN_MOUNT_NAMESPACE && inContainer !== undefined && inContainer !== onHost, "the host probe shares spec-run's mount namespace, the container's differs", [onHost, inContainer]);
  }),
  defineStep(/^process can catch sigterm and clean up resources$/i, async (w, c) => {
    const run = await cleaner(w, contextOf(w));
    timedOut(c, run, 'SIGTERM');
    c.that(run.result.output.lines.some((l) => l.text === 'removed'), 'the handler ran ("removed")');
    if (run.result.context === 'host') c.that(!existsSync(run.file), `the resource ${run.file} was removed`);
  }),
  defineStep(/^process can write final logs$/i, async (w, c) => {
    const run = await catcher(w, contextOf(w));
    timedOut(c, run, 'SIGTERM');
    c.that(run.result.output.lines.some((l) => l.text === 'final log written'), 'the line written after SIGTERM was captured');
  }),
  defineStep(/^if process exits cleanly, no sigkill$/i, async (w, c) => {
    const run = await catcher(w, contextOf(w));
    timedOut(c, run, 'SIGTERM');
    c.that(run.result.durationMs < (run.request.timeoutMs ?? 0) + GRACE_MS, 'it ended before the grace period ran out', Math.round(run.result.durationMs));
  }),
  defineStep(/^timeout enforced(?: \(new feature\))?$/i, async (w, c) => {
    const run = await sleeper(w, contextOf(w));
    timedOut(c, run, 'SIGTERM');
    firedOnTime(c, run);
  }),
  defineStep(/^existing output capture works$/i, async (w, c) => {
    const run = await finisher(w, contextOf(w), 0);
    record(c, run);
    c.equal(
      run.result.output.lines.map((l) => [l.stream, l.text]).sort(),
      [['stderr', 'to stderr'], ['stdout', 'to stdout']],
      'both streams captured',
    );
  }),
  defineStep(/^existing error handling works$/i, async (w, c) => {
    const run = await finisher(w, contextOf(w), 3);
    record(c, run);
    c.equal([run.result.outcome, run.result.exitCode], ['completed', 3], 'a failing command reports');
    c.includes(run.message, 'Error: Command failed with exit code 3', 'the report');
  }),
];
