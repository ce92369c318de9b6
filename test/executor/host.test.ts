import t from 'tap';
import { randomInt } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { runOnHost } from '../../src/executor/host.js';
import { CONTAINMENT_ENV } from '../../src/process/containment.js';
import { formatResult } from '../../src/executor/report.js';
import type { ExecRequest } from '../../src/executor/result.js';
import { scratchDirectory } from '../support/scratch.js';

const request = (run: string, timeoutMs: number | null, extra: Partial<ExecRequest> = {}): ExecRequest => ({
  run,
  timeoutMs,
  timeoutText: timeoutMs === null ? 'none' : `${timeoutMs / 1000}s`,
  projectRoot: tmpdir(),
  ...extra,
});

/** Live processes whose command line holds `marker`. */
function survivors(marker: string): string[] {
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .flatMap((pid) => {
      try {
        const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1][0];
        return cmd.includes(marker) && state !== 'Z' ? [cmd] : [];
      } catch {
        return [];
      }
    });
}

const hostModule = fileURLToPath(new URL('../../src/executor/host.js', import.meta.url));

const marker = () => `100.${randomInt(100_000, 999_999)}`;

t.test('a command past its timeout gets SIGTERM and 124, its output kept', async (t) => {
  const m = marker();
  const r = await runOnHost(request(`echo before; sleep ${m}`, 1000));
  t.match(r, { outcome: 'timeout', exitCode: 124, signal: 'SIGTERM' });
  t.ok(r.durationMs >= 1000 && r.durationMs < 1300, `stopped at the timeout (${Math.round(r.durationMs)} ms)`);
  t.same(r.output.lines.map((l) => l.text), ['before']);
  t.same(survivors(m), []);
  const report = formatResult(r);
  t.match(report, /^Error: Command execution timed out after 1s\n\nCommand: echo before; sleep .*\nTimeout: 1s\nDuration: 1\.\d{3}s\n\nExit Status: Timeout \(signal 15: SIGTERM\)/);
  t.match(report, /Partial Output:\nbefore\n\(output truncated - timed out before completion\)\n\nTo fix:\n1\. Increase timeout/);
});

t.test('a forking group that ignores SIGTERM is killed after the 2 s grace: 137, nothing survives', async (t) => {
  const m = marker();
  const r = await runOnHost(request(`trap '' TERM; echo up; (trap '' TERM; sleep ${m}) & sleep ${m} & sleep ${m}`, 1000));
  t.match(r, { outcome: 'timeout', exitCode: 137, signal: 'SIGKILL' });
  t.ok(r.durationMs >= 3000 && r.durationMs < 3400, `killed after timeout + grace (${Math.round(r.durationMs)} ms)`);
  t.same(survivors(m), [], 'no process of the group survives');
  t.match(formatResult(r), /signal 9: SIGKILL after 2\.000s grace period/);
});

t.test('a shell that ends at SIGTERM while a child ignores it: the command took until the child was killed, and its duration says so', async (t) => {
  const m = marker();
  const r = await runOnHost(request(`sh -c "trap '' TERM; sleep ${m}" & wait`, 1000));
  t.match(r, { outcome: 'timeout', exitCode: 137, signal: 'SIGKILL' });
  t.ok(r.durationMs >= 3000 && r.durationMs < 3400, `the timeout and the grace the child took (${Math.round(r.durationMs)} ms), not the shell's 1 s`);
  t.same(survivors(m), [], 'no process of the group survives');
});

t.test('a SIGTERM handler runs and its last words are kept', async (t) => {
  const r = await runOnHost(request(`trap 'echo bye; exit 0' TERM; sleep ${marker()} & wait`, 500));
  t.match(r, { outcome: 'timeout', exitCode: 124, signal: 'SIGTERM' });
  t.same(r.output.lines.map((l) => l.text), ['bye']);
  t.ok(r.notes.includes("the command handled SIGTERM and exited with 0 within the grace period; Exit Code is the timeout's, 124"), `its own status is noted (${r.notes.join('; ')})`);
});

t.test("a command's own status after SIGTERM is noted where it had one: not when the signal ended it, nor when SIGKILL did", async (t) => {
  const own = (r: { notes: string[] }) => r.notes.filter((note) => note.startsWith('the command handled SIGTERM'));
  const handled = await runOnHost(request(`trap 'exit 7' TERM; sleep ${marker()} & wait`, 500));
  t.same(own(handled), ["the command handled SIGTERM and exited with 7 within the grace period; Exit Code is the timeout's, 124"]);
  const byTheSignal = await runOnHost(request(`sleep ${marker()}`, 500));
  t.match(byTheSignal, { outcome: 'timeout', exitCode: 124 });
  t.same(own(byTheSignal), [], 'ended by SIGTERM itself: no status of its own');
  const killed = await runOnHost(request(`trap '' TERM; sleep ${marker()} & wait`, 500));
  t.match(killed, { outcome: 'timeout', exitCode: 137 });
  t.same(own(killed), [], 'killed after the grace: none');
});

t.test('a command that ends in time keeps its own exit code and both streams', async (t) => {
  const r = await runOnHost(request('echo out; echo err >&2; exit 3', 5000));
  t.match(r, { outcome: 'completed', exitCode: 3, signal: null });
  t.same(r.output.lines.map((l) => [l.stream, l.text]).sort(), [['stderr', 'err'], ['stdout', 'out']]);
  t.match(formatResult(r), /Error: Command failed with exit code 3/);
});

t.test('background processes left by a finished command are stopped', async (t) => {
  const m = marker();
  const r = await runOnHost(request(`sleep ${m} >/dev/null 2>&1 & echo done`, null));
  t.equal(r.exitCode, 0);
  t.match(r.notes.join('\n'), /left running were stopped \(terminated\), including any that left its process group/);
  t.same(survivors(m), []);
});

t.test('a flood of `yes` for 2 s: first N lines kept, all counted, memory bounded', async (t) => {
  const before = process.memoryUsage().rss;
  const r = await runOnHost(request('yes', 2000, { maxOutputLines: 100 }));
  const grown = process.memoryUsage().rss - before;
  t.equal(r.outcome, 'timeout');
  t.equal(r.output.lines.length, 100);
  t.ok(r.output.totalLines > 1_000_000, `counted ${r.output.totalLines} lines`);
  t.ok(grown < 100 * 1024 * 1024, `rss grew ${Math.round(grown / 1e6)} MB`);
  t.match(formatResult(r), new RegExp(`Command timed out after 2s\\. Showing 100 of ${r.output.totalLines} output lines`));
});

t.test('without a line limit the stored bytes are capped, with a marker', async (t) => {
  const r = await runOnHost(request(`yes ${'x'.repeat(99)} | head -n 100000`, 5000, { maxOutputBytes: 64 * 1024 }));
  t.equal(r.outcome, 'completed');
  t.equal(r.output.totalLines, 100_000);
  t.ok(r.output.byteCapReached);
  t.ok(r.output.lines.length <= Math.floor((64 * 1024) / 99) && r.output.lines.length > 600, `${r.output.lines.length} lines stored`);
  t.match(formatResult(r), /output cut at \d+ lines: stored output is capped; \d+ more of 100000 lines were counted/);
});

t.test('hidden streams are drained but not kept', async (t) => {
  const r = await runOnHost(request('seq 1 100000; echo shown >&2', 5000, { showStdout: false }));
  t.equal(r.exitCode, 0);
  t.same(r.output.lines.map((l) => l.text), ['shown']);
});

t.test('an abort stops a command without timeout the same way', async (t) => {
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 300);
  const r = await runOnHost(request(`sleep ${marker()}`, null, { signal: controller.signal }));
  t.match(r, { outcome: 'interrupted', exitCode: 130, signal: 'SIGTERM' });
});

t.test('a command interrupted by a signal the caller received gets 128 + that signal, as a shell reports it', async (t) => {
  for (const [received, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) {
    const controller = new AbortController();
    setTimeout(() => controller.abort(received), 200);
    const r = await runOnHost(request(`sleep ${marker()}`, null, { signal: controller.signal }));
    t.match(r, { outcome: 'interrupted', exitCode: code, signal: 'SIGTERM' }, `${received}: exit code ${code}`);
    // The report names both signals, so that its status and its exit code agree.
    t.match(formatResult(r), new RegExp(`\\nDuration: \\S+\\n\\nExit Status: Interrupted by ${received} \\(the command was stopped with signal 15: SIGTERM\\)\\nExit Code: ${code}\\n`), `${received}: the report`);
  }
});

t.test('a timeout before any output: one line says nothing was printed, no "(no output)" above "truncated"', async (t) => {
  const r = await runOnHost(request(`sleep ${marker()}`, 500));
  t.match(r, { outcome: 'timeout', exitCode: 124 });
  const report = formatResult(r);
  t.match(report, /\nPartial Output:\n\(nothing printed before the timeout\)\n\nTo fix:\n/);
  t.notMatch(report, /\(no output\)|output truncated/);
});

t.test("a leftover ignoring SIGTERM is stopped after the command's end, in a note: the command's own end is its result", async (t) => {
  const m = marker();
  const began = performance.now();
  const r = await runOnHost(request(`(trap '' TERM; sleep ${m}) & sleep 0.3; echo main part finished`, 1000));
  const returnedAfter = performance.now() - began;
  t.match(r, { outcome: 'completed', exitCode: 0, signal: null });
  t.ok(r.durationMs < 1000, `the command's own duration (${Math.round(r.durationMs)} ms), not its cleanup's`);
  t.same(r.output.lines.map((l) => l.text), ['main part finished']);
  t.match(r.notes.join('\n'), /left running were stopped \(killed\)/);
  t.ok(returnedAfter >= 2000, `the leftover was given its grace period before it was killed (returned after ${Math.round(returnedAfter)} ms)`);
  t.same(survivors(m), [], 'the leftover is gone');
});

t.test('a workdir outside the project is allowed and named in a note; one under it is not noted', async (t) => {
  const project = t.testdir({ sub: {} });
  for (const [workdir, outside] of [['/', true], ['..', true], ['sub', false], ['.', false]] as const) {
    const r = await runOnHost(request('pwd', 5000, { projectRoot: project, workdir }));
    t.equal(r.exitCode, 0, `${workdir}: ran`);
    const noted = r.notes.some((note) => /is outside the project/.test(note));
    t.equal(noted, outside, `${workdir}: ${outside ? 'noted' : 'not noted'} (${r.notes.join('; ')})`);
  }
});

t.test('a workdir outside the project that cannot be used is refused, with no note that the command ran there, nor in what', async (t) => {
  const project = t.testdir({});
  const outside = scratchDirectory('spec-run-outside-');
  writeFileSync(join(outside, 'a-file'), '');
  for (const workdir of [join(outside, 'missing'), join(outside, 'a-file')]) {
    const r = await runOnHost(request('echo ran', 2000, { projectRoot: project, workdir }));
    t.match(r, { outcome: 'error', exitCode: 125, error: new RegExp(`^working directory ${workdir} `) }, `${workdir}: refused`);
    t.same(r.output.lines, [], `${workdir}: nothing ran`);
    t.same(r.notes, [], `${workdir}: no note tells of a run that did not happen (${r.notes.join('; ')})`);
  }
  rmSync(outside, { recursive: true, force: true });
});

t.test('Docker-only fields are noted, not silently dropped', async (t) => {
  const r = await runOnHost(request('true', 1000, { memory: '64m', user: 'nobody' }));
  t.same(r.notes, ['memory applies to Docker commands only: not enforced on the host', 'user applies to Docker commands only: not enforced on the host']);
});

t.test('a child that calls setsid is bounded too: the shell\'s own outcome, the child stopped and reported', async (t) => {
  const m = marker();
  const r = await runOnHost(request(`setsid sleep ${m} & echo started`, 2000));
  t.match(r, { outcome: 'completed', exitCode: 0, signal: null });
  t.ok(r.durationMs < 2000, `returned at once (${Math.round(r.durationMs)} ms), not at the timeout`);
  t.same(r.output.lines.map((l) => l.text), ['started']);
  t.match(r.notes.join('\n'), /left running were stopped \(terminated\), including any that left its process group/);
  t.same(survivors(m), [], 'the escaped child is gone');
});

t.test('an escaped endless writer that ignores SIGTERM is killed after the grace period', async (t) => {
  const m = marker();
  // The shell waits a moment so that the writer has set its trap before the shell ends.
  const r = await runOnHost(request(`setsid sh -c "trap '' TERM; while :; do echo ${m}; done" & sleep 0.3; echo started`, 5000, { graceMs: 300, maxOutputLines: 5 }));
  t.match(r, { outcome: 'completed', exitCode: 0 });
  t.ok(r.durationMs < 2000, `returned after the grace period (${Math.round(r.durationMs)} ms)`);
  t.match(r.notes.join('\n'), /were stopped \(killed\)/);
  t.same(survivors(m), [], 'the writer is gone');
});

t.test('a timeout stops escaped children with the rest', async (t) => {
  const m = marker();
  const r = await runOnHost(request(`setsid sleep ${m} & sleep ${m}`, 500));
  t.match(r, { outcome: 'timeout', exitCode: 124 });
  t.same(survivors(m), []);
});

t.test('without PID namespaces the result says what a process group cannot contain', async (t) => {
  const { stdout } = await execa(process.execPath, ['-e', `import(${JSON.stringify(hostModule)}).then(async ({ runOnHost }) => {
      const r = await runOnHost({ run: 'echo plain', timeoutMs: 2000, timeoutText: '2s', projectRoot: '.' });
      console.log(JSON.stringify(r));
    })`], { env: { [CONTAINMENT_ENV]: 'group' } });
  const r = JSON.parse(stdout) as { exitCode: number; notes: string[] };
  t.equal(r.exitCode, 0);
  t.match(r.notes.join('\n'), /not run in a PID namespace \(SPEC_RUN_CONTAINMENT=group is set\): processes that leave the command's process group \(setsid, daemons\) are not stopped/);
});

t.test('a working directory that does not exist, or is a file, is named as such, not as a missing sh', async (t) => {
  const root = scratchDirectory('spec-run-workdir-');
  writeFileSync(join(root, 'plain-file'), '');
  const missing = await runOnHost(request('echo ran', 2000, { projectRoot: root, workdir: 'build/out' }));
  t.match(missing, { outcome: 'error', exitCode: 125, error: `working directory ${join(root, 'build/out')} does not exist` });
  const report = formatResult(missing);
  t.match(report, /^Error: working directory .*build\/out does not exist$/m);
  t.match(report, /To fix:\n1\. create .*build\/out, or set workdir: to a directory that exists\n2\. a relative workdir is resolved against /);
  t.notMatch(report, /ENOENT|could not start sh/);
  t.notMatch(report, /^ran$/m, 'nothing ran');
  const file = await runOnHost(request('echo ran', 2000, { projectRoot: root, workdir: 'plain-file' }));
  t.match(file, { outcome: 'error', exitCode: 125, error: `working directory ${join(root, 'plain-file')} is a file, not a directory` });
  // Creating it is no way out for a name a file already has: a directory is proposed instead.
  t.equal(file.solutions?.[0], `set workdir: to a directory instead, such as ${root}, which holds it`);
  t.notMatch(formatResult(file), /create/);
  const absolute = await runOnHost(request('echo ran', 2000, { projectRoot: root, workdir: join(root, 'absent') }));
  t.equal(absolute.solutions?.length, 1, 'an absolute workdir gets no word about resolving relative ones');
  const present = await runOnHost(request('pwd', 2000, { projectRoot: root, workdir: '.' }));
  t.match(present, { outcome: 'completed', exitCode: 0 });
  rmSync(root, { recursive: true, force: true });
});
