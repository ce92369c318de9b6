// A run with user steps ends when it should, whatever the steps leave behind: a server a
// step left listening held spec-run alive after its report (a CI job that never ends),
// and an interruption waited for the step running then to finish on its own.
import t from 'tap';
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { execa } from 'execa';
import { cli, project, runIn } from './user-project.js';
import { aKind } from '../../src/run/scenario/library.js';

const DOC = `# Server

### Requirement: Serving
The server SHALL start.

#### Scenario: Start
- **WHEN** the server starts
- **THEN** it SHALL listen
`;

t.test('a server a step left listening does not keep spec-run alive after its report', async (t) => {
  const steps = `import http from 'node:http';
import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('the server starts', function () { this.server = http.createServer(() => {}).listen(0); });
Then('it SHALL listen', function () { assert.ok(this.server.listening !== undefined); });
`;
  const started = Date.now();
  const result = await runIn(project({ 'doc.md': DOC, 'steps.mjs': steps }), ['--steps', 'steps.mjs', 'doc.md']);
  t.ok(Date.now() - started < 15_000, 'the run ends');
  t.equal(result.exitCode, 0, 'with the status of its results');
  // What holds the event loop is named: here the server's handle.
  // A server left open is work the run did not wait for: what its handlers would check is not checked.
  t.match(result.stdout, /SKIP .*left an open handle \(TCPSERVERWRAP\) running/, 'the server is a skipped point of its requirement');
  t.match(result.stderr, /2 passed, 0 failed, 1 skipped, 0 todo\nspec-run: something still runs after the report \(a server or timer a step definition left\?: [^)]*TCPServerWrap[^)]*\); exiting\n2 passed, 0 failed, 1 skipped, 0 todo\n?$/, 'and the summary again, the last line as always');
});

t.test('an interruption ends the step running then at once: skipped as interrupted, exit 130', async (t) => {
  const steps = `import { writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { When, Then } from 'spec-run/steps';
When('the server starts', async function () { writeFileSync('started', ''); await sleep(60_000); });
Then('it SHALL listen', function () { if (!this.scenario) throw new Error(); this.held = true; });
`;
  const dir = project({ 'doc.md': DOC, 'steps.mjs': steps });
  const child = execa(process.execPath, [cli, '--steps', 'steps.mjs', 'doc.md', '--reporter', 'json'], { cwd: dir, reject: false });
  for (let i = 0; i < 300 && !existsSync(path.join(dir, 'started')); i++) await sleep(100);
  const interrupted = Date.now();
  child.kill('SIGINT');
  const result = await child;
  t.ok(Date.now() - interrupted < 15_000, `ended ${Date.now() - interrupted} ms after SIGINT, not when the step's minute was over`);
  t.equal(result.exitCode, 130);
  const points = result.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line)).filter((e) => e.type === 'point');
  t.match(points, [{ name: 'WHEN the server starts', ok: true, skip: /^run interrupted by SIGINT/ }]);
  t.notMatch(result.stderr, /something still runs/, "the timer the cut-short step awaited is no leak of the user's to report");
  t.match(result.stderr, /\(interrupted by SIGINT\)\n?$/, 'the summary stays the last line, said once');
});

t.test('step code cannot end the run: process.exit, process.abort and process.kill of spec-run fail their step or steps file, and the run reaches its summary', async (t) => {
  const doc = `# Exits

### Requirement: Exits
The steps SHALL not end the run.

#### Scenario: Exit in a step
- **WHEN** the step exits with 0
- **THEN** nothing more

#### Scenario: Abort in a timer
- **WHEN** the step aborts later

#### Scenario: Kill of spec-run
- **WHEN** the step kills its process

#### Scenario: Exit beneath process.exit
- **WHEN** the step exits through reallyExit

#### Scenario: Still runs
- **THEN** nothing more
`;
  const steps = `import { When, Then } from 'spec-run/steps';
When('the step exits with 0', () => { process.exit(0); });
When('the step aborts later', () => new Promise((done) => setTimeout(() => { process.abort(); done(); }, 5)));
When('the step kills its process', () => { process.kill(process.pid, 'SIGKILL'); });
When('the step exits through reallyExit', () => { process.reallyExit(0); });
Then('nothing more', () => { if (!globalThis.process) throw new Error(); globalThis.held = true; });
`;
  const dir = project({ 'doc.md': doc, 'steps.mjs': steps });
  const result = await runIn(dir, ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'json', '--require-verified']);
  t.equal(result.exitCode, 1, 'the run fails: its steps did');
  t.same(result.points.map((p) => [p.name, p.ok, p.skip ?? null]), [
    ['WHEN the step exits with 0', false, null],
    ['THEN nothing more', true, 'an earlier step failed (line 7)'],
    ['WHEN the step aborts later', false, null],
    ['WHEN the step kills its process', false, null],
    ['WHEN the step exits through reallyExit', false, null],
    ['THEN nothing more', true, null],
  ]);
  t.match(result.points[0].diagnostics?.message, /called process\.exit\(0\): step code cannot end spec-run's run/);
  t.match(result.points[2].diagnostics?.message, /called process\.abort\(\)/);
  t.match(result.points[3].diagnostics?.message, /called process\.kill\(\d+, "SIGKILL"\)/);
  t.match(result.points[4].diagnostics?.message, /called process\.reallyExit\(0\)/);
  t.match(result.stderr, /\n1 passed, 4 failed, 1 skipped, 0 todo$/, 'the summary is the last line');

  const atLoad = project({ 'doc.md': doc, 'steps.mjs': `import { When } from 'spec-run/steps';\nprocess.exit(0);\n` });
  const loading = await runIn(atLoad, ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'json']);
  t.equal(loading.exitCode, 1, 'a steps file that exits at load: exit 1, not 0');
  t.match(loading.points[0], { ok: false, name: /cannot load steps file: steps file steps\.mjs called process\.exit\(0\)/ });
  t.match(loading.stderr, /\d+ passed, \d+ failed, \d+ skipped, \d+ todo$/);
  const check = await runIn(atLoad, ['check', 'doc.md', '--steps', 'steps.mjs']);
  t.equal(check.exitCode, 1, 'check reports it');
  t.match(check.stdout, /steps\.mjs:2:9: error: cannot load steps file: steps file steps\.mjs called process\.exit\(0\)/);
  const unloadedStep = loading.points.find((p) => typeof p.diagnostics?.reason === 'string' && p.diagnostics.reason.startsWith('no definition of this step is loaded'));
  t.match(unloadedStep?.diagnostics, { reason: /^no definition of this step is loaded: a steps file could not be loaded, and may define this step: steps\.mjs:2: cannot load steps file/ }, 'a step it may define says so');
  t.notOk(loading.points.some((p) => p.diagnostics?.snippet !== undefined), 'and offers no snippet, which would define it twice once the file loads');
});

t.test('what a steps file or step leaves behind cannot end the run: a process listener, a timer, an immediate and a promise of it fail a point each, and the run reaches its summary', async (t) => {
  const doc = `# Left behind

### Requirement: Fails
The check SHALL fail.

#### Scenario: One
- **GIVEN** a listener left by a step
- **THEN** it fails
`;
  const steps = `import assert from 'node:assert/strict';
import { Given, Then } from 'spec-run/steps';
Given('a listener left by a step', function () { process.once('beforeExit', () => process.exit(0)); });
Then('it fails', function () { assert.equal(1, 2); });
process.on('beforeExit', () => process.exit(0));
setTimeout(() => process.exit(0), 5);
setImmediate(() => process.exit(0));
Promise.resolve().then(() => process.exit(0));
`;
  const result = await runIn(project({ 'doc.md': doc, 'steps.mjs': steps }), ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'json']);
  t.equal(result.exitCode, 1, 'the failing run fails, not exit 0');
  const attempts = result.points.filter((p) => /called process\.exit\(0\): step code cannot end spec-run's run/.test(String(p.diagnostics?.message)));
  // Each at the line of the file that made it: the step's listener at that step, then the top level's four.
  t.same(
    attempts.map((p) => `${p.at?.file}:${p.at?.line}`).sort(),
    ['doc.md:7', 'steps.mjs:5', 'steps.mjs:6', 'steps.mjs:7', 'steps.mjs:8'],
    'each attempt is a failing point at its place',
  );
  t.ok(attempts.every((p) => !p.ok));
  t.match(result.stderr, /\d+ passed, \d+ failed, 0 skipped, 0 todo\n?$/, 'the summary is the last line');
  t.notMatch(result.stderr, /UserExitAttempt|Node\.js v/, 'no crash');
});

t.test('any thrown value fails its own step with a safe description, and no scenario is dropped', async (t) => {
  const doc = `# Hostile

### Requirement: Throws
The steps SHALL be reported whatever they throw.

#### Scenario: Passes first
- **THEN** it passes

#### Scenario: A hostile proxy
- **WHEN** it throws a proxy

#### Scenario: Null and a symbol
- **WHEN** it throws null
- **WHEN** it throws a symbol

#### Scenario: A getter that throws
- **WHEN** it throws an error whose message getter throws

#### Scenario: Fails after
- **THEN** it fails
`;
  const steps = `import { When, Then } from 'spec-run/steps';
Then('it passes', () => { if (!globalThis.process) throw new Error(); globalThis.held = true; });
When('it throws a proxy', () => { throw new Proxy({}, { get() { throw new Error('trap'); }, getPrototypeOf() { throw new Error('trap'); }, has() { throw new Error('trap'); }, ownKeys() { throw new Error('trap'); } }); });
When('it throws null', () => { throw null; });
When('it throws a symbol', () => { throw Symbol('odd'); });
When('it throws an error whose message getter throws', () => { const e = new Error('x'); Object.defineProperty(e, 'message', { get() { throw new Error('getter'); } }); throw e; });
Then('it fails', () => { throw new Error('a real failure'); });
`;
  const result = await runIn(project({ 'doc.md': doc, 'steps.mjs': steps }), ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'json']);
  t.equal(result.exitCode, 1);
  t.same(result.points.map((p) => [p.name, p.ok, p.skip ?? null]), [
    ['THEN it passes', true, null],
    ['WHEN it throws a proxy', false, null],
    ['WHEN it throws null', false, null],
    ['WHEN it throws a symbol', true, 'an earlier step failed (line 13)'],
    ['WHEN it throws an error whose message getter throws', false, null],
    ['THEN it fails', false, null],
  ], 'every scenario reported, each failure at its own step');
  t.match(result.points[1].diagnostics?.message, /cannot be read/);
  t.notMatch(result.points[1].diagnostics?.message, /\ba object\b/, 'an object, with its article');
  t.same(['object', 'array', 'undefined', 'symbol', 'function'].map(aKind), ['an object', 'an array', 'an undefined', 'a symbol', 'a function'], 'each kind with its article');
  t.equal(result.points[2].diagnostics?.message, 'null');
  t.equal(result.points[5].diagnostics?.message, 'a real failure');
  t.match(result.stderr, /\n1 passed, 4 failed, 1 skipped, 0 todo$/);
});

t.test('what step code prints to stdout goes to stderr: it cannot forge or split a line of the report on stdout', async (t) => {
  const doc = `# Printing\n\n### Requirement: Printing\nIt SHALL print.\n\n#### Scenario: Forged lines\n- **WHEN** the step prints TAP of its own\n- **THEN** it fails\n`;
  const steps = `import { When, Then } from 'spec-run/steps';
When('the step prints TAP of its own', function () { console.log('Bail out! all good'); process.stdout.write('ok 99 - forged\\n'); setTimeout(() => console.log('later: not ok'), 1); });
Then('it fails', async function () { await new Promise((r) => setTimeout(r, 20)); throw new Error('failed on purpose'); });
`;
  const dir = project({ 'doc.md': doc, 'steps.mjs': steps });
  const result = await runIn(dir, ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'tap']);
  t.equal(result.exitCode, 1);
  t.notMatch(result.stdout, /Bail out|forged|later: not ok/, 'nothing of it on stdout, from a timer either');
  t.match(result.stderr, /Bail out! all good\nok 99 - forged\nlater: not ok\n/, 'all of it on stderr, in order');
  t.match(result.stdout, /not ok 2 - THEN it fails/);
});

t.test("processes step code starts with spec-run's stdout, and its writes to descriptor 1 or /dev/stdout, go to stderr too", async (t) => {
  const doc = `# Printing\n\n### Requirement: Printing\nIt SHALL print.\n\n#### Scenario: Forged lines\n- **WHEN** the step's children print TAP of their own\n- **THEN** it fails\n`;
  const steps = `import { When, Then } from 'spec-run/steps';
import { execSync, spawnSync, fork } from 'node:child_process';
import fs, { writeSync } from 'node:fs';
When("the step's children print TAP of their own", async function () {
  execSync('echo "ok 91 - forged by execSync"', { stdio: 'inherit' });
  spawnSync('sh', ['-c', 'echo "ok 92 - forged by spawnSync"'], { stdio: ['ignore', 'inherit', 'inherit'] });
  writeSync(1, 'ok 93 - forged by writeSync\\n');
  fs.writeFileSync('/dev/stdout', 'ok 94 - forged by writeFileSync\\n');
  await new Promise((done) => fs.createWriteStream(null, { fd: 1, autoClose: false }).end('ok 95 - forged by a stream\\n', done));
  await new Promise((done) => fork('./child.cjs').on('exit', done));
});
Then('it fails', function () { throw new Error('failed on purpose'); });
`;
  const dir = project({ 'doc.md': doc, 'steps.mjs': steps, 'child.cjs': "console.log('ok 96 - forged by fork');\n" });
  const result = await runIn(dir, ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'tap']);
  t.equal(result.exitCode, 1);
  t.notMatch(result.stdout, /forged/, 'nothing of it on stdout');
  for (const n of [91, 92, 93, 94, 95, 96]) t.match(result.stderr, new RegExp(`^ok ${n} - forged`, 'm'), `line ${n} on stderr`);
  t.match(result.stdout, /not ok 2 - THEN it fails/);
});

t.test("what a worker thread of step code, an 'exit' listener of a steps file and a path of descriptor 1 opened write to stdout goes to stderr, none of it lost when stderr is a file", async (t) => {
  const doc = `# Printing\n\n### Requirement: Printing\nIt SHALL print.\n\n#### Scenario: Forged lines\n- **WHEN** the step forges lines from elsewhere\n- **THEN** stderr is still open\n`;
  const steps = `import { When, Then } from 'spec-run/steps';
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
process.on('exit', () => { console.log('ok 81 - forged by an exit listener'); fs.writeSync(1, 'ok 82 - forged by an exit listener\\n'); });
const ended = (worker) => new Promise((done) => worker.on('exit', done));
When('the step forges lines from elsewhere', async function () {
  await ended(new Worker("require('fs').writeSync(1, 'ok 83 - forged by a worker\\\\n')", { eval: true }));
  await ended(new Worker(new URL('./worker.mjs', import.meta.url), { execArgv: [] }));
  for (const path of ['/dev/fd/1', '/proc/self/fd/1', '/dev/stdout']) {
    const fd = fs.openSync(path, 'a');
    fs.writeSync(fd, 'ok 85 - forged through ' + path + '\\n');
    fs.closeSync(fd);
  }
  await new Promise((done) => fs.createWriteStream('/dev/fd/1').on('close', done).end('ok 86 - forged by a stream\\n'));
});
Then('stderr is still open', function () { process.stderr.write('stderr still open\\n'); });
`;
  const worker = "import { writeSync } from 'node:fs';\nimport { Worker } from 'node:worker_threads';\nwriteSync(1, 'ok 84 - forged by a file worker\\n');\nnew Worker(\"require('fs').writeSync(1, 'ok 87 - forged by its worker\\\\n')\", { eval: true });\n";
  const dir = project({ 'doc.md': doc, 'steps.mjs': steps, 'worker.mjs': worker });
  const errors = path.join(dir, 'stderr.txt');
  const stderr = openSync(errors, 'w');
  const result = spawnSync(process.execPath, [cli, '--steps', 'steps.mjs', 'doc.md', '--reporter', 'tap'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', stderr] });
  closeSync(stderr);
  const written = readFileSync(errors, 'utf8');
  t.equal(result.status, 0, written);
  t.notMatch(result.stdout, /forged/, 'nothing of it on stdout, after the report either');
  for (const line of ['ok 81 - forged by an exit listener', 'ok 82 - forged by an exit listener', 'ok 83 - forged by a worker', 'ok 84 - forged by a file worker', 'ok 85 - forged through /dev/fd/1', 'ok 85 - forged through /proc/self/fd/1', 'ok 85 - forged through /dev/stdout', 'ok 86 - forged by a stream', 'ok 87 - forged by its worker', 'stderr still open']) {
    t.match(written, new RegExp(`^${line}$`, 'm'), `${line}: on stderr`);
  }
  t.match(written, /^2 passed, 0 failed, 0 skipped, 0 todo$/m, "spec-run's own lines are whole");
});

t.test("fake timers of step code (a global setTimeout replaced) do not stop spec-run's own: a step that never settles fails at its time limit", async (t) => {
  const doc = `# Timers\n\n### Requirement: Timers\nIt SHALL wait.\n\n#### Scenario: Faked\n- **WHEN** the step fakes the timers\n- **THEN** a wait never ends\n`;
  const steps = `import { When, Then } from 'spec-run/steps';
When('the step fakes the timers', function () { globalThis.setTimeout = () => ({ unref() { return this; }, ref() { return this; } }); });
Then('a wait never ends', function () { return new Promise((r) => setTimeout(r, 10)); });
`;
  // The limit is the steps file's load's too: 1 s was not enough to load it beside the parallel tests of a loaded machine.
  const result = await runIn(project({ 'doc.md': doc, 'steps.mjs': steps }), ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'json', '--timeout', '5s']);
  t.equal(result.exitCode, 1, 'not exit 13: the run reaches its report');
  t.match(result.points, [{ ok: true }, { ok: false, diagnostics: { reason: /did not finish within the unit time limit of 5000 ms/ } }]);
  t.match(result.stderr, /\n1 passed, 1 failed, 0 skipped, 0 todo$/);
  const noTimer = `import { When, Then } from 'spec-run/steps';\nWhen('the step fakes the timers', function () { globalThis.setTimeout = () => 0; });\nThen('a wait never ends', function () { if (!this.scenario) throw new Error(); this.held = true; });\n`;
  const ended = await runIn(project({ 'doc.md': doc, 'steps.mjs': noTimer }), ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'tap']);
  t.equal(ended.exitCode, 0, 'a fake setTimeout returning no timer object breaks nothing of spec-run after it');
  t.match(ended.stderr, /\n2 passed, 0 failed, 0 skipped, 0 todo$/);
});

t.test('a program step code started and left running is stopped when the run ends, and named: it held an inherited stdout, and a pipeline waited for it', async (t) => {
  const doc = `# Left\n\n### Requirement: Left\nIt SHALL start.\n\n#### Scenario: Started\n- **WHEN** the step starts a program it never stops\n- **THEN** the program SHALL have started\n`;
  const steps = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
import { spawn } from 'node:child_process';
When('the step starts a program it never stops', function () { this.programs = [spawn('sleep', ['120'], { stdio: 'inherit', detached: true })]; this.programs[0].unref(); });
Then('the program(s) SHALL have started', function () { for (const program of this.programs) assert.ok(program.pid > 0, 'no pid'); });
`;
  const started = Date.now();
  const result = await runIn(project({ 'doc.md': doc, 'steps.mjs': steps }), ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'tap']);
  t.ok(Date.now() - started < 60_000, 'the run and its output end, not 120 s later');
  t.equal(result.exitCode, 0, 'the run passed: what it checked passed');
  const pid = Number(/step code left a process running after the report: pid (\d+) \(sleep 120\); stopped \(SIGTERM\)/.exec(result.stderr)?.[1]);
  t.ok(pid > 0, `named (its stderr: ${result.stderr.slice(-300)})`);
  await new Promise((r) => setTimeout(r, 200));
  // Gone, or ended and waiting for whoever inherited it to reap it.
  const state = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0] : 'gone';
  t.match(state, /^(gone|Z)$/, 'and ended');
  // The program it left, not waited for, is a skipped point of its requirement.
  t.match(result.stderr, /\n2 passed, 0 failed, 1 skipped, 0 todo$/, 'the summary stays the last line');
  t.match(result.stdout, /ok \d+ - scenario "Started" \(doc\.md:6\), its step 'WHEN [^']*' \(doc\.md:7\): a child process not waited for # SKIP .*left a child process \(sleep 120\) running/, 'the program left running is a skipped point of its requirement');
});

t.test('programs step code left that ignore SIGTERM are killed after the grace, as spec-run stops every process, and said to be', async (t) => {
  const doc = `# Left\n\n### Requirement: Left\nIt SHALL start.\n\n#### Scenario: Started\n- **WHEN** the step starts programs that ignore SIGTERM\n- **THEN** the programs SHALL have started\n`;
  const steps = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
import { spawn } from 'node:child_process';
When('the step starts programs that ignore SIGTERM', function () {
  this.programs = [
    spawn('sh', ['-c', 'exec sleep 121'], { stdio: 'ignore' }),
    spawn('sh', ['-c', 'trap "" TERM; exec sleep 122'], { stdio: 'ignore' }),
    spawn('sh', ['-c', 'trap "" TERM; sleep 123 & wait'], { stdio: 'ignore', detached: true }),
  ];
  for (const program of this.programs) program.unref();
});
Then('the program(s) SHALL have started', function () { for (const program of this.programs) assert.ok(program.pid > 0, 'no pid'); });
`;
  const result = await runIn(project({ 'doc.md': doc, 'steps.mjs': steps }), ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'tap']);
  t.equal(result.exitCode, 0, 'the run passed: what it checked passed');
  const said = /step code left 3 processes running after the report: pid (\d+) \(sleep 121\), pid (\d+) \(sleep 122\), pid (\d+) \(sh -c trap "" TERM; sleep 123 & wait\); stopped \(SIGTERM; pid \2 \(sleep 122\), pid \3 \(sh -c trap "" TERM; sleep 123 & wait\) outlived the 2 s grace and were killed, SIGKILL\)/.exec(result.stderr);
  t.ok(said, result.stderr.slice(-600));
  await new Promise((r) => setTimeout(r, 200));
  const alive = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).filter((pid) => {
    try {
      return /^sleep 12[123]\0$/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8')) && !/\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return false;
    }
  });
  t.same(alive, [], 'none is left, the child of the detached one included');
  // Each program it left, not waited for, is a skipped point of its requirement.
  t.match(result.stderr, /\n2 passed, 0 failed, 3 skipped, 0 todo$/, 'the summary stays the last line');
});

t.test("spec-run's own container watcher, started by the built-in executor steps, is never named as a process step code left", async (t) => {
  // The seed vocabulary's container steps start the watcher from the steps' own copy of the executor's modules, not the CLI's.
  const doc = '# Containers\n\n### Requirement: Contained\nThe hook SHALL run in a container.\n\n#### Scenario: Container exit codes\nWhen the command runs in a container:\n```yaml\nstop:\n  commands:\n    - run: "exit 3"\n      image: "alpine"\n      timeout: "5s"\n```\n\nThen:\n1. Container exit code captured\n2. Container cleaned up\n';
  const result = await runIn(project({ 'doc.spec.md': doc, 'spec-run.config.json': '{"images":{"alpine":"spec-run/busybox:local"}}' }), ['doc.spec.md', '--executor-steps', '--reporter', 'tap']);
  t.equal(result.exitCode, 0, result.stdout.slice(-800));
  t.notMatch(result.stderr, /step code left/, 'the watcher is spec-run\'s, not the steps\'');
  t.match(result.stderr, /\n2 passed, 0 failed, 0 skipped, 0 todo$/);
});
