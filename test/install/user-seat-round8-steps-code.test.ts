// What the eighth round of user-seat sessions found in what step code leaves behind, from a
// user's seat: spec-run packed, installed into a fresh project outside the repository, run
// through its bin. Timers of every kind Node has, and stdout written from a worker thread,
// an 'exit' listener and an opened path of descriptor 1.
import t from 'tap';
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { userEnvironment, userProject } from '../support/installed.js';

const TIMER_STEPS = `import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { When, Then, AfterAll } from 'spec-run/steps';
When('a check is scheduled with setInterval in {int} ms', function (ms) {
  const h = setInterval(() => { clearInterval(h); assert.fail('interval check failed'); }, ms); });
When('a check is scheduled with unref in {int} ms', function (ms) {
  setTimeout(() => assert.fail('unref check failed'), ms).unref(); });
When('a check is scheduled with timers promises in {int} ms', function (ms) {
  sleep(ms).then(() => assert.fail('promise-timer check failed')); });
When('the AfterAll hook checks later', function () { globalThis.checkAfterAll = true; });
AfterAll(function () {
  if (globalThis.checkAfterAll) setTimeout(() => assert.fail('AfterAll check failed'), 8000);
  globalThis.checkAfterAll = false;
});
Then('nothing else', function () { if (!this.scenario) throw new Error(); this.held = true; });
`;

/** A document with a requirement per kind of timer, each scenario's check scheduled in MS. */
const timersDocument = (ms: number, kinds: string[]) =>
  kinds.map((kind) => `### Requirement: ${kind}\nThe system SHALL check it.\n\n#### Scenario: ${kind}\n- **WHEN** a check is scheduled with ${kind} in ${ms} ms\n- **THEN** nothing else\n\n`).join('');

t.test('a timer of any kind a step or hook leaves: due within the wait, it fails its requirement in TAP and JUnit; due later, its requirement is untested', async (t) => {
  const project = userProject({
    'specs/later.spec.md': timersDocument(8000, ['setInterval', 'unref', 'timers promises']),
    // Without a plain or unref'd setTimeout, which was waited for already and would hold the run until the others fired too.
    'specs/soon.spec.md': timersDocument(1500, ['setInterval', 'timers promises']),
    'specs/hook.spec.md': '### Requirement: Hooked\nThe system SHALL check it.\n\n#### Scenario: hooked\n- **WHEN** the AfterAll hook checks later\n- **THEN** nothing else\n',
    'steps.mjs': TIMER_STEPS,
  });
  const later = await project.specRun(['specs/later.spec.md', 'specs/hook.spec.md', '--require-verified', '--jobs', '1']);
  t.equal(later.code, 1);
  for (const kind of ['setInterval', 'unref', 'timers promises']) {
    t.match(later.stderr, new RegExp(`specs/later\\.spec\\.md#${kind} is untested`), `${kind} due later: untested, not verified`);
    t.match(later.stdout, new RegExp(`ok \\d+ - scenario "${kind}" \\(specs/later\\.spec\\.md:\\d+\\), its step '[^']+' \\(specs/later\\.spec\\.md:\\d+\\): a timer not waited for # SKIP`), `${kind}: a skipped point says why`);
  }
  t.match(later.stderr, /specs\/hook\.spec\.md#Hooked is untested/, "an AfterAll hook's timer leaves its document's requirement untested");

  // Alone in its run: nothing else holds the run up while the timers come due.
  const soon = await project.specRun(['specs/soon.spec.md', '--reporter', 'junit:j.xml']);
  t.equal(soon.code, 1);
  for (const kind of ['setInterval', 'timers promises']) {
    t.match(soon.stdout, new RegExp(`not ok \\d+ - scenario "${kind}" \\(specs/soon\\.spec\\.md:\\d+\\): an error thrown after it ended`), `${kind} due within the wait: waited for, its failure in the TAP`);
  }
  t.match(soon.stderr, /requirements: 0 verified, 2 failing, 0 untested/);
  t.notMatch(soon.stderr, /after the run's report/, 'nothing failed only after the report');
  const junit = readFileSync(join(project.dir, 'j.xml'), 'utf8');
  for (const message of ['interval check failed', 'promise-timer check failed']) t.match(junit, message, `JUnit has ${message}`);
});

t.test("step code's stdout from a worker thread, an 'exit' listener and an opened path of descriptor 1 goes to stderr, none of it lost when stderr is a file", async (t) => {
  const project = userProject({
    'specs/print.spec.md': '### Requirement: Printing\nThe system SHALL print.\n\n#### Scenario: forged lines\n- **WHEN** a worker writes to stdout\n- **WHEN** a step writes to "/dev/fd/1"\n- **WHEN** a step writes to "/proc/self/fd/1"\n- **THEN** nothing else\n',
    'steps.mjs': `import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { When, Then } from 'spec-run/steps';
process.on('exit', () => console.log('ok 11 - EXIT console.log'));
When('a worker writes to stdout', async function () {
  await new Promise((done) => new Worker("require('fs').writeSync(1, 'ok 2 - worker wrote this\\\\n')", { eval: true }).on('exit', done));
});
When('a step writes to {string}', function (path) {
  const fd = fs.openSync(path, 'a');
  fs.writeSync(fd, 'ok 3 - written to ' + path + '\\n');
  fs.closeSync(fd);
});
Then('nothing else', function () { console.error('stderr still open'); if (!fs.existsSync('/dev/null')) throw new Error('no /dev/null'); });
`,
  });
  const errors = join(project.dir, 'stderr.txt');
  const stderr = openSync(errors, 'w');
  const run = spawnSync('env', ['-u', 'NODE_OPTIONS', join(project.dir, 'node_modules', '.bin', 'spec-run'), '--reporter', 'tap'], { cwd: project.dir, env: userEnvironment(), encoding: 'utf8', stdio: ['ignore', 'pipe', stderr] });
  closeSync(stderr);
  const written = readFileSync(errors, 'utf8');
  t.equal(run.status, 0, written);
  t.notMatch(run.stdout, /worker wrote this|EXIT|written to/, 'nothing of it on stdout');
  t.match(run.stdout, /\n1\.\.1\n$/, 'the TAP ends with its plan');
  for (const line of ['ok 2 - worker wrote this', 'ok 3 - written to /dev/fd/1', 'ok 3 - written to /proc/self/fd/1', 'stderr still open', '4 passed, 0 failed, 0 skipped, 0 todo', 'ok 11 - EXIT console.log']) {
    t.match(written, new RegExp(`^${line.replace(/[.]/g, '\\.')}$`, 'm'), `${line}: on stderr`);
  }
});
