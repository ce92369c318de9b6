// Steps about output under a timeout: the line limit, its note, and bounded memory
// when a command floods its output.
import { DEFAULT_MAX_BYTES } from '../../../executor/output.js';
import type { Checks } from '../checks.js';
import { flood, quickFlood, ticker, yesFlood } from '../probes.js';
import { defineStep, type StepDefinition } from '../registry.js';
import type { ScenarioWorld } from '../world.js';
import { contextOf, record, timedOut } from './common.js';

function configuredLimit(w: ScenarioWorld, c: Checks, n: string): number {
  c.equal(w.command(0).maxOutputLines, Number(n), 'configured maxOutputLines');
  return Number(n);
}

/** A flood of twice the limit (plus some) that times out. */
const overflow = (w: ScenarioWorld, limit: number) => flood(w, contextOf(w), limit * 2 + 43);

export const outputSteps: StepDefinition[] = [
  defineStep(/^output (?:captured and )?limited to (\d+) lines$/i, async (w, c, [n]) => {
    const limit = configuredLimit(w, c, n);
    const run = await overflow(w, limit);
    record(c, run);
    const texts = run.result.output.lines.map((l) => l.text);
    c.equal(texts.length, limit, 'lines kept');
    c.equal([texts[0], texts[texts.length - 1]], ['1', String(limit)], 'first and last kept lines');
    c.equal(run.result.output.totalLines, limit * 2 + 43, 'lines counted');
  }),
  defineStep(/^if timeout occurs, truncated output shown$/i, async (w, c) => {
    const limit = w.command(0).maxOutputLines ?? 0;
    c.that(limit > 0, 'the scenario sets maxOutputLines', limit);
    const run = await overflow(w, limit);
    timedOut(c, run, 'SIGTERM');
    const lines = run.message.split('\n');
    c.that(lines.includes(String(limit)) && !lines.includes(String(limit + 1)), `the report shows line ${limit} and not line ${limit + 1}`);
    c.includes(run.message, '(output truncated - timed out before completion)', 'the report');
  }),
  defineStep(/^omitted lines count indicated$/i, async (w, c) => {
    const limit = w.command(0).maxOutputLines ?? 0;
    const run = await overflow(w, limit);
    c.includes(run.message, `Showing ${limit} of ${limit * 2 + 43} output lines`, 'the report');
  }),
  defineStep(/^message shows: "(.*)"$/i, async (w, c, [quoted]) => {
    const m = /Showing (\d+) of (\d+) output lines/.exec(quoted);
    c.that(m !== null, 'the quoted message has the form "... Showing N of M output lines"');
    if (!m) return;
    const limit = configuredLimit(w, c, m[1]);
    // The probe prints exactly the M lines the message speaks of.
    const run = await flood(w, contextOf(w), Number(m[2]), limit);
    timedOut(c, run, 'SIGTERM');
    const expected = quoted.replace(`after ${w.resolved().text}`, `after ${run.request.timeoutText}`);
    c.show('expected (timeout scaled to the probe)', expected);
    c.includes(run.message, expected, 'the report');
  }),
  defineStep(/^both limits enforced independently$/i, async (w, c) => {
    const limit = w.command(0).maxOutputLines ?? 0;
    c.that(limit > 0 && w.resolved().ms !== null, 'the scenario sets both a line limit and a timeout');
    const quick = await quickFlood(w, contextOf(w), limit * 2);
    record(c, quick, 'flood within the timeout');
    c.equal([quick.result.outcome, quick.result.exitCode, quick.result.output.lines.length], ['completed', 0, limit], 'the line limit cut the output without stopping the command');
    const slow = await ticker(w, contextOf(w));
    timedOut(c, slow, 'SIGTERM', 'quiet probe past its timeout');
    c.that(!slow.message.includes('Showing'), 'the timeout fired with no line-limit note');
  }),
  defineStep(/^if timeout occurs first: timeout message shown$/i, async (w, c) => {
    const run = await ticker(w, contextOf(w));
    timedOut(c, run, 'SIGTERM');
    c.includes(run.message, 'Error: Command execution timed out', 'the report');
    c.that(!run.message.includes('Showing'), 'no line-limit note when the output stayed under the limit');
  }),
  defineStep(/^if output exceeds (\d+) lines: both messages shown$/i, async (w, c, [n]) => {
    const limit = configuredLimit(w, c, n);
    const run = await overflow(w, limit);
    c.includes(run.message, 'Error: Command execution timed out', 'the report');
    c.includes(run.message, `Showing ${limit} of ${limit * 2 + 43} output lines`, 'the report');
  }),
  defineStep(/^output truncated to (\d+) lines AND timeout reported$/i, async (w, c, [n]) => {
    const limit = configuredLimit(w, c, n);
    const run = await overflow(w, limit);
    timedOut(c, run, 'SIGTERM');
    c.equal(run.result.output.lines.length, limit, 'lines kept');
  }),
  defineStep(/^all output captured \(no line limit\)$/i, async (w, c) => {
    c.equal(w.command(0).maxOutputLines, undefined, 'configured maxOutputLines');
    const run = await flood(w, contextOf(w), 5000);
    timedOut(c, run, 'SIGTERM');
    c.equal(run.result.output.lines.length, 5000, 'all 5000 lines kept');
  }),
  defineStep(/^large output shown in full \(within reason\)$/i, async (w, c) => {
    const run = await flood(w, contextOf(w), 5000);
    const shown = new Set(run.message.split('\n'));
    c.that(['1', '2500', '5000'].every((l) => shown.has(l)), 'the report shows lines 1, 2500 and 5000 of a 5000-line output');
    const huge = await yesFlood(w, contextOf(w), null);
    record(c, huge, 'yes for the whole timeout');
    c.that(huge.result.output.byteCapReached, 'past the byte cap, stored output stops', huge.result.output.totalLines);
    c.matches(huge.message, /output cut at \d+ lines: stored output is capped/, 'the report of `yes`');
  }),
  defineStep(/^standard (output|error) hidden when show(Stdout|Stderr) is false$/i, async (w, c, [, field]) => {
    const hidden = field.toLowerCase() === 'stdout' ? 'stdout' : 'stderr';
    c.equal(w.command(0)[hidden === 'stdout' ? 'showStdout' : 'showStderr'], false, `configured show${field}`);
    // Draining is what is checked, not a timeout: 200,000 lines outlast a probe's 1 s on a loaded machine.
    const run = await w.probe(`streams@${contextOf(w)}`, { run: 'seq 1 100000; seq 1 100000 >&2; echo end >&2', context: contextOf(w), timeoutMs: 60_000 });
    record(c, run);
    c.equal(run.result.outcome, 'completed', 'a probe printing 100000 lines on the hidden stream is drained and ends as');
    c.equal(run.result.output.lines.filter((l) => l.stream === hidden).length, 0, `${hidden} lines kept`);
    c.equal(run.result.output.lines.filter((l) => l.stream !== hidden).length, 100_001, 'lines kept from the shown stream');
  }),
  defineStep(/^memory managed for long outputs$/i, async (w, c) => {
    const run = await yesFlood(w, contextOf(w), null);
    record(c, run);
    const stored = run.result.output.lines.reduce((sum, l) => sum + Buffer.byteLength(l.text), 0);
    c.that(stored <= DEFAULT_MAX_BYTES, `stored output bytes <= ${DEFAULT_MAX_BYTES}`, stored);
    c.that(run.result.output.totalLines > run.result.output.lines.length * 2, 'lines past the cap were counted, not stored', {
      counted: run.result.output.totalLines,
      stored: run.result.output.lines.length,
    });
  }),
];
