// Nothing escapes, nothing is lost: signals sent to a real spec-run (run, exec, serve),
// a real setsid child, real containers. Each case asserts that nothing of its own is
// left: the processes the spec-run started (found by parent id before the signal),
// a marker unique to the test in the argv of the programs spec code starts, and the
// containers labelled with that spec-run's process id.
import t from 'tap';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync, readdirSync, readFileSync, watch } from 'node:fs';
import { Parser } from 'tap-parser';
import type { FinalResults } from 'tap-parser';
import { descendants, survivors, within } from '../support/processes.js';
import { dockerEngine } from '../../src/executor/docker.js';
import { CONTAINMENT_ENV } from '../../src/process/containment.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const cli = join(root, 'dist/src/cli/main.js');

/** Nothing may be left this long after spec-run's exit (the bound). */
const LEFTOVER_MS = 3000;

interface Started {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/**
 * spec-run started as a user starts it; `bare`: through `env -u NODE_OPTIONS`, without the
 * modules the test runner preloads into every Node it spawns (they catch signals first).
 */
function start(args: string[], cwd = root, env: Record<string, string> = {}, bare = false): Started {
  const [command, argv] = bare ? ['env', ['-u', 'NODE_OPTIONS', process.execPath, cli, ...args]] : [process.execPath, [cli, ...args]];
  const child = spawn(command, argv, { cwd, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, GITHUB_ACTIONS: '', ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((done) =>
    child.once('close', (code, signal) => done({ code, signal, at: Date.now() })),
  );
  return { child, stdout: () => stdout, stderr: () => stderr, exit };
}

const marker = () => `300.${randomInt(100_000, 999_999)}`;

/** A Lisp document whose second unit starts a program (argv holding `mark`) and spins. */
const busyDocument = (mark: string) => `---
type: verification
name: busy
---
# Busy

## Passes

\`\`\`lisp
(assert (= 2 (+ 1 1)))
\`\`\`

## Spins

\`\`\`lisp
(sb-ext:run-program "sleep" '("${mark}") :wait nil :search t)
(loop)
\`\`\`
`;

const secondDocument = `---
type: verification
name: never-reached
---
# Never reached

## Passes

\`\`\`lisp
(assert t)
\`\`\`
`;

type TapTest = Parameters<Parameters<typeof t.test>[0]>[0];

/**
 * Lisp that starts two programs (argv holding `mark`) and spins: one it keeps, and one a
 * shell leaves behind in a session of its own, orphaned at once.
 */
const spinningProgram = (mark: string) =>
  `(progn (sb-ext:run-program "sleep" (list "${mark}") :wait nil :search t) (sb-ext:run-program "sh" (list "-c" "setsid sleep ${mark} & exit 0") :search t) (loop))`;

/**
 * Asserts that the workers among `started` (argv holding `worker`), then all of `started`
 * and the programs marked `mark`, are gone within LEFTOVER_MS; kills what is left.
 */
async function nothingLeft(t: TapTest, label: string, started: { pid: number; argv: string }[], worker: string, mark: string): Promise<void> {
  const workers = started.filter((p) => p.argv.includes(worker)).map((p) => p.pid);
  t.ok(await within(LEFTOVER_MS, () => (survivors(workers).length === 0 ? true : undefined)), `${label}: the worker is gone within ${LEFTOVER_MS} ms`);
  const gone = await within(LEFTOVER_MS, () => (survivors(started.map((p) => p.pid), mark).length === 0 ? true : undefined));
  t.ok(gone, `${label}: nothing left within ${LEFTOVER_MS} ms: ${survivors(started.map((p) => p.pid), mark).join('; ')}`);
  for (const left of survivors(workers, mark)) process.kill(Number(left.split(':')[0]), 'SIGKILL');
}

function parseTap(text: string): Promise<FinalResults> {
  return new Promise((done) => new Parser({ strict: true }, done).end(text));
}

for (const [signal, status] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) {
  t.test(`${signal} during a busy Lisp unit: everything stopped, the summary marked interrupted, exit ${status}`, async (t) => {
    const mark = marker();
    const dir = t.testdir({ 'a-busy.md': busyDocument(mark), 'b-second.md': secondDocument });
    const run = start([dir, '--reporter', 'tap'], dir);
    const spinning = await within(60_000, () => (survivors([], mark).length > 0 ? true : undefined));
    t.ok(spinning, 'the unit started its program and spins');
    const started = descendants(run.child.pid!);
    t.ok(started.some((p) => p.argv.includes('sbcl')), 'a driver runs under spec-run');
    run.child.kill(signal);
    const sent = Date.now();
    const exit = await run.exit;
    t.equal(exit.code, status, `exit status ${status}`);
    t.ok(exit.at - sent < 5000, `spec-run ended ${exit.at - sent} ms after the signal`);
    const lines = run.stderr().trimEnd().split('\n');
    t.equal(lines.at(-1), `1 passed, 0 failed, 1 skipped, 0 todo (interrupted by ${signal})`, 'the closing summary line, marked interrupted');
    const tap = await parseTap(run.stdout());
    t.equal(tap.ok, false, 'the TAP of an interrupted run never reads as a pass');
    t.equal(tap.bailout, `run interrupted by ${signal}: 1 of 2 documents not run`, 'it bails out, saying why');
    t.equal(tap.count, 1, 'a valid TAP stream reporting the document that ran');
    t.match(run.stdout(), new RegExp(`# SKIP run interrupted by ${signal} before this finished`));
    t.match(run.stdout(), /# run interrupted by .*: 1 of 2 documents not run/);
    const left = await within(LEFTOVER_MS, () => (survivors(started.map((p) => p.pid), mark).length === 0 ? true : undefined));
    t.ok(left, `nothing left within ${LEFTOVER_MS} ms: ${survivors(started.map((p) => p.pid), mark).join('; ')}`);
  });
}

t.test('SIGINT during a scenario: no report shows it passed, its steps and scenarios not run are listed as such, and After hooks see it SKIPPED', async (t) => {
  const dir = t.testdir({
    'slow.spec.md': `# Slow Specification

## Requirements

### Requirement: Slow
The system SHALL be slow.

#### Scenario: First fast
- **GIVEN** a fast step
- **THEN** a fast step

#### Scenario: Very slow
- **GIVEN** a fast step
- **WHEN** a step sleeps 60 seconds
- **THEN** a fast step

#### Scenario: After slow
- **GIVEN** a fast step
`,
    'slow.steps.mjs': `import { Given, When, After } from 'spec-run/steps';
import { appendFileSync, writeFileSync } from 'node:fs';
Given('a fast step', function () { if (!this.scenario) throw new Error(); this.fast = true; });
When('a step sleeps {int} seconds', async function (s) { writeFileSync('sleeping', ''); await new Promise((r) => setTimeout(r, s * 1000)); });
After(function ({ pickle, result }) { appendFileSync('after.log', pickle.name + ' ' + result.status + '\\n'); });
`,
    node_modules: { 'spec-run': t.fixture('symlink', root) },
  });
  const run = start(['slow.spec.md', '--reporter', 'tap', '--reporter', 'spec:spec.txt', '--reporter', 'junit-units:units.xml', '--reporter', 'html:report.html'], dir);
  t.ok(await within(60_000, () => (existsSync(join(dir, 'sleeping')) ? true : undefined)), 'the slow step runs');
  run.child.kill('SIGINT');
  t.equal((await run.exit).code, 130);
  t.equal(run.stderr().trimEnd().split('\n').at(-1), '3 passed, 0 failed, 3 skipped, 0 todo (interrupted by SIGINT)', 'the steps cut short and not run count as skipped');
  const tap = await parseTap(run.stdout());
  t.equal(tap.ok, false);
  const stdout = run.stdout();
  t.match(stdout, /ok 2 - WHEN a step sleeps 60 seconds # SKIP run interrupted by SIGINT before this finished/, 'the step cut short');
  t.match(stdout, /ok 3 - THEN a fast step # SKIP run interrupted by SIGINT before this ran/, 'the step after it, listed as not run');
  t.match(stdout, /# Subtest: Slow \/ After slow\n\s+ok 1 - After slow # SKIP run interrupted by SIGINT before this ran/, 'the scenario never started, listed as not run');
  t.same(readFileSync(join(dir, 'after.log'), 'utf8').trim().split('\n'), ['First fast PASSED', 'Very slow SKIPPED'], "the After hook's result of the scenario cut short is SKIPPED");
  const spec = readFileSync(join(dir, 'spec.txt'), 'utf8');
  t.match(spec, /✔ Slow \/ First fast/);
  t.notMatch(spec, /✔ Slow \/ Very slow/, 'the spec report does not mark it passed');
  t.match(spec, /- Slow \/ Very slow 2 of 3 checks skipped: run interrupted by SIGINT/);
  const units = readFileSync(join(dir, 'units.xml'), 'utf8');
  t.match(units, /tests="3" failures="0" skipped="2"/, 'JUnit counts the scenario cut short and the one not run as skipped');
  t.match(units, /<testcase name="Slow \/ Very slow"[^]*?<skipped message="2 of 3 checks did not run: run interrupted by SIGINT/);
  t.notMatch(readFileSync(join(dir, 'report.html'), 'utf8'), /every check passed/, 'the HTML headline does not say every check passed');
});

t.test('SIGKILL of spec-run: its drivers and the programs they started end with it', async (t) => {
  const mark = marker();
  const dir = t.testdir({ 'busy.md': busyDocument(mark) });
  const run = start([dir, '--reporter', 'tap'], dir);
  t.ok(await within(60_000, () => (survivors([], mark).length > 0 ? true : undefined)), 'the unit spins');
  const started = descendants(run.child.pid!);
  run.child.kill('SIGKILL');
  await run.exit;
  const gone = await within(LEFTOVER_MS, () => (survivors(started.map((p) => p.pid), mark).length === 0 ? true : undefined));
  t.ok(gone, `nothing left within ${LEFTOVER_MS} ms: ${survivors(started.map((p) => p.pid), mark).join('; ')}`);
});

t.test('SIGKILL of spec-run while a session of its runtime evaluates: the worker and the programs user code started end with it', async (t) => {
  const mark = marker();
  const document = `---
type: verification
name: session-spins
---
# Session spins

## Spins in a session

\`\`\`lisp
(let ((session (make-test-session)))
  (send-tool-call session "configure-limits" '((:timeout . 0)))
  (evaluate-in-session session ${JSON.stringify(spinningProgram(mark))}))
\`\`\`
`;
  const dir = t.testdir({ 'session.md': document });
  const run = start([dir, '--reporter', 'tap'], dir);
  t.ok(await within(60_000, () => (survivors([], mark).length === 2 ? true : undefined)), 'the evaluation started its programs and spins');
  const started = descendants(run.child.pid!);
  t.ok(started.some((p) => p.argv.includes('runtime-worker')), 'a runtime worker runs under spec-run');
  run.child.kill('SIGKILL');
  await run.exit;
  await nothingLeft(t, 'SIGKILL', started, 'runtime-worker', mark);
});

t.test('serve: killed, or its input closed, while a worker runs (loop) with timeout 0: the worker and its programs end', async (t) => {
  // The last case starts the worker without setpriv: only its own watch of its parent can act.
  for (const ending of ['SIGTERM', 'SIGKILL', 'stdin closed', 'SIGKILL, no parent-death signal'] as const) {
    const mark = marker();
    const serve = start(['serve'], root, ending === 'SIGKILL, no parent-death signal' ? { [CONTAINMENT_ENV]: 'group' } : {});
    const send = (message: unknown) => serve.child.stdin!.write(`${JSON.stringify(message)}\n`);
    send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'configure-limits', arguments: { timeout: 0 } } });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'evaluate-lisp', arguments: { code: spinningProgram(mark) } } });
    t.ok(await within(60_000, () => (survivors([], mark).length === 2 ? true : undefined)), `${ending}: the evaluation started its programs and spins`);
    const started = descendants(serve.child.pid!);
    t.ok(started.some((p) => p.argv.includes('sbcl')), `${ending}: a worker runs under serve`);
    if (ending === 'stdin closed') serve.child.stdin!.end();
    else serve.child.kill(ending === 'SIGTERM' ? 'SIGTERM' : 'SIGKILL');
    const exit = await serve.exit;
    if (ending === 'SIGTERM') t.equal(exit.code, 143, 'SIGTERM: exit 143');
    // Killed with SIGKILL, serve runs no code: its worker, told by its parent-death signal,
    // stops the program it started, a grandchild nothing else ties to serve.
    await nothingLeft(t, ending, started, 'sbcl', mark);
  }
});

t.test('exec: a child that calls setsid neither delays the result nor outlives it', async (t) => {
  const mark = marker();
  const dir = t.testdir({ 'stop.yaml': `stop:\n  commands:\n    - run: "setsid sleep ${mark} & echo started"\n      timeout: "2s"\n` });
  const begun = Date.now();
  const run = start(['exec', join(dir, 'stop.yaml')], dir);
  const exit = await run.exit;
  const took = Date.now() - begun;
  t.equal(exit.code, 0, "the shell's own outcome: it exited 0");
  t.ok(took < 2000 + 2000 + 1000, `returned in ${took} ms, within timeout + grace + 1 s`);
  t.match(run.stdout(), /OK: command succeeded/);
  t.match(run.stdout(), /note: processes the command left running were stopped \(terminated\)/);
  t.same(survivors([], mark), [], 'the escaped child is gone');
});

const engine = await dockerEngine();
const noDocker = engine.ok ? false : `no Docker engine: ${engine.error}`;

/** This spec-run's containers, by the owner label every container it creates carries. */
function containersOf(pid: number): string[] {
  const out = execFileSync('docker', ['ps', '-a', '--filter', `label=spec-run.owner=${pid}`, '--format', '{{.Names}} {{.Status}}'], { encoding: 'utf8' });
  return out.split('\n').filter(Boolean);
}

t.test('exec with a Docker command: SIGTERM stops and removes the container (exit 143); SIGKILL leaves none either', { skip: noDocker }, async (t) => {
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    const dir = t.testdir({ 'stop.yaml': 'stop:\n  commands:\n    - run: "echo started; sleep 60"\n      image: "alpine"\n      timeout: "90s"\n' });
    const run = start(['exec', join(dir, 'stop.yaml'), '--image-alias', 'alpine=spec-run/busybox:local'], dir);
    const pid = run.child.pid!;
    t.ok(await within(60_000, () => (containersOf(pid).some((c) => / Up /.test(c)) ? true : undefined)), `${signal}: the container runs`);
    run.child.kill(signal);
    const exit = await run.exit;
    if (signal === 'SIGTERM') {
      t.equal(exit.code, 143, 'exit 143');
      t.match(run.stdout(), /^interrupted by SIGTERM$/m);
      t.match(run.stdout(), /^Exit Code: 143$/m, "the command's report gives the code of the signal that interrupted it, as spec-run's own status does");
    }
    const gone = await within(LEFTOVER_MS, () => (containersOf(pid).length === 0 ? true : undefined));
    t.ok(gone, `${signal}: no container left within ${LEFTOVER_MS} ms: ${containersOf(pid).join('; ')}`);
  }
});

/** A scenario whose step runs a container from the start: the seed's first container comes after a minute or more of host scenarios. */
const CONTAINER_SCENARIO = `# Specification: A stop hook in a container

## ADDED Requirements

### Requirement: A container command runs to its end
A command with an image SHALL run in a container until it ends.

#### Scenario: A long container command
When a command runs in a container:
\`\`\`yaml
stop:
  commands:
    - run: "sleep 3600"
      image: alpine
      timeout: "2h"
\`\`\`

Then:
1. the command succeeds
`;

t.test('SIGINT while a Docker step of a scenario runs: its container is stopped and removed, the summary printed, exit 130', { skip: noDocker }, async (t) => {
  // This machine reaches no registry: the project maps the document's image to the local one, as a user's would.
  const dir = t.testdir({ 'container.spec.md': CONTAINER_SCENARIO, 'spec-run.config.json': JSON.stringify({ images: { alpine: 'spec-run/busybox:local' } }) });
  const run = start([join(dir, 'container.spec.md'), '--executor-steps', '--reporter', 'tap'], dir);
  const pid = run.child.pid!;
  t.ok(await within(120_000, () => (containersOf(pid).length > 0 ? true : undefined)), 'a container of a step exists');
  const started = descendants(pid);
  run.child.kill('SIGINT');
  const exit = await run.exit;
  t.equal(exit.code, 130);
  t.match(run.stderr().trimEnd().split('\n').at(-1), /^\d+ passed, \d+ failed, \d+ skipped, \d+ todo \(interrupted by SIGINT\)$/, `the summary ends stderr: ${run.stderr().trimEnd().split('\n').slice(-4).join(' | ')}`);
  const gone = await within(LEFTOVER_MS, () => (containersOf(pid).length === 0 && survivors(started.map((p) => p.pid)).length === 0 ? true : undefined));
  t.ok(gone, `nothing left within ${LEFTOVER_MS} ms: ${[...containersOf(pid), ...survivors(started.map((p) => p.pid))].join('; ')}`);
});

/** Whether process `pid` has a handler for `signal` (its SigCgt mask in /proc): Node runs spec-run's code. */
function catches(pid: number, signal: number): boolean {
  try {
    const mask = /SigCgt:\s*([0-9a-f]+)/.exec(execFileSync('cat', [`/proc/${pid}/status`], { encoding: 'utf8' }))?.[1];
    return mask !== undefined && (BigInt(`0x${mask}`) & (1n << BigInt(signal - 1))) !== 0n;
  } catch {
    return false;
  }
}

// Node's own start-up catches SIGINT and SIGTERM (to restore the terminal) before any of
// spec-run's code runs; SIGHUP is caught only once spec-run listens for all three.
const SIGHUP_NUMBER = 1;

/**
 * OpenSpec specifications of prose enough that reading (parsing) them all holds spec-run's
 * start-up for seconds (no Lisp: a Lisp document would start a driver, and build its image
 * in the test's own cache, while the run starts).
 */
function longSpecifications(count: number): Record<string, string> {
  const paragraph = 'Prose that a specification holds, with *emphasis*, `code` and [a link](https://example.org). '.repeat(40);
  const prose = Array.from({ length: 4 }, () => paragraph).join('\n\n');
  return Object.fromEntries(Array.from({ length: count }, (_, i) => [`d${String(i).padStart(2, '0')}.md`, `# Capability ${i}\n\n### Requirement: Kept ${i}\nThe system SHALL keep what it is given.\n\n${prose}\n\n#### Scenario: Kept\n- **WHEN** a value is given\n- **THEN** it is kept\n`]));
}

const DOCUMENTS_READ = 40;

for (const [signal, status] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) {
  t.test(`${signal} while spec-run starts (its documents still being read): the summary, marked interrupted, and exit ${status}`, async (t) => {
    const dir = t.testdir({ docs: longSpecifications(DOCUMENTS_READ), cache: { documents: {} } });
    // Each document read is kept in the document cache as it is parsed: the first entry says
    // the reading has begun, and it goes on for seconds. (A named pipe as the document held
    // spec-run here once; a document that is no regular file is now refused at once.)
    const entries = join(dir, 'cache', 'documents');
    const reading = new Promise<void>((begun) => {
      const watcher = watch(entries, () => {
        watcher.close();
        begun();
      });
    });
    const run = start([join(dir, 'docs'), '--reporter', 'tap'], dir, { SPEC_RUN_CACHE: join(dir, 'cache'), SPEC_RUN_DOCUMENT_CACHE: '' }, true);
    await reading;
    run.child.kill(signal);
    const read = readdirSync(entries).length;
    const exit = await run.exit;
    t.ok(read < DOCUMENTS_READ, `the signal came while the documents were read (${read} of ${DOCUMENTS_READ} read)`);
    t.equal(exit.code, status, `exit status ${status}`);
    t.equal(run.stderr().trimEnd().split('\n').at(-1), `0 passed, 0 failed, 0 skipped, 0 todo (interrupted by ${signal})`, 'the summary line comes last');
    const tap = await parseTap(run.stdout());
    t.ok(tap.count === 0 && tap.fail === 0, 'a valid TAP stream, with no point');
    t.equal(tap.bailout, `run interrupted by ${signal}: ${DOCUMENTS_READ} of ${DOCUMENTS_READ} documents not run`, 'that bails out: not read as a pass of nothing');
  });
}

// Reported: `spec-run exec` given a SIGHUP 0.1 s after it started ran every command and
// exited 0; an early SIGINT ended it with 130 but printed nothing. From the moment spec-run's
// first line runs (it listens then), a signal at any moment must end exec and a document run
// with 128 + n and their closing lines, leaving nothing running.
for (const [signal, status] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) {
  for (const afterMs of [0, 40, 120, 300, 1000]) {
    t.test(`exec: ${signal} ${afterMs} ms after spec-run listens: the closing line, exit ${status}, nothing left`, async (t) => {
      const mark = marker();
      const dir = t.testdir({ 'g1.yaml': `stop:\n  commands:\n    - run: "echo first; sleep ${mark}"\n    - run: echo second\n    - run: echo third\n` });
      const run = start(['exec', join(dir, 'g1.yaml')], dir, {}, true);
      t.ok(await within(20_000, () => (catches(run.child.pid!, SIGHUP_NUMBER) ? true : undefined)), 'spec-run listens');
      if (afterMs > 0) await new Promise((r) => setTimeout(r, afterMs));
      run.child.kill(signal);
      const exit = await run.exit;
      t.equal(exit.code, status, `exit ${status} (stdout: ${run.stdout().trimEnd().split('\n').slice(-2).join(' | ')})`);
      t.match(run.stdout().trimEnd().split('\n').at(-1), new RegExp(`^interrupted by ${signal}(: [0-9] of 3 commands not run)?$`), 'the closing line comes last');
      t.match(run.stderr(), `spec-run: ${signal}: stopping what runs`);
      t.notMatch(run.stdout(), /^third$/m, 'the third command never ran');
      t.ok(await within(LEFTOVER_MS, () => (survivors([], mark).length === 0 ? true : undefined)), 'nothing left');
    });
  }
  t.test(`exec: ${signal} right after spawn: never a run to the end (exit ${status} or killed by ${signal})`, async (t) => {
    const mark = marker();
    const dir = t.testdir({ 'g1.yaml': `stop:\n  commands:\n    - run: "echo first; sleep ${mark}"\n    - run: echo second\n` });
    const run = start(['exec', join(dir, 'g1.yaml')], dir, {}, true);
    run.child.kill(signal);
    const exit = await run.exit;
    t.ok(exit.code === status || exit.signal === signal, `ended by the signal: ${exit.code ?? exit.signal}`);
    t.notMatch(run.stdout(), /^second$/m);
    t.ok(await within(LEFTOVER_MS, () => (survivors([], mark).length === 0 ? true : undefined)), 'nothing left');
  });
  for (const afterMs of [0, 40, 120, 300]) {
    t.test(`run: ${signal} ${afterMs} ms after spec-run listens: the summary marked interrupted, exit ${status}`, async (t) => {
      const mark = marker();
      const dir = t.testdir({ 'a-busy.md': busyDocument(mark), 'b-second.md': secondDocument });
      const run = start([dir, '--reporter', 'tap'], dir, {}, true);
      t.ok(await within(20_000, () => (catches(run.child.pid!, SIGHUP_NUMBER) ? true : undefined)), 'spec-run listens');
      if (afterMs > 0) await new Promise((r) => setTimeout(r, afterMs));
      run.child.kill(signal);
      const exit = await run.exit;
      t.equal(exit.code, status);
      t.match(run.stderr().trimEnd().split('\n').at(-1), new RegExp(`^\\d+ passed, \\d+ failed, \\d+ skipped, \\d+ todo \\(interrupted by ${signal}\\)$`), 'the summary line comes last');
      t.ok(await within(LEFTOVER_MS, () => (survivors([], mark).length === 0 ? true : undefined)), 'nothing left');
    });
  }
}
