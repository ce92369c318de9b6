// --watch when a run does not end by itself: a signal that ends the watch while a
// configured runtime server has not answered, and a save that cancels a run before it
// reached every document. Real spec-run processes, real servers, real signals.
import t from 'tap';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lispDocument, watching } from './spec-run.js';
import { noneLeft, until } from '../support/watching.js';

type TapTest = Parameters<Parameters<typeof t.test>[0]>[0];

/** A runtime server that reads every request and answers none, initialize included. */
const MUTE_SERVER = "import readline from 'node:readline';\nreadline.createInterface({ input: process.stdin }).on('line', () => {});\n";

const evaluating = lispDocument('slow', { Sum: '(let ((r (evaluate-lisp *server* "(+ 1 2)")))\n  (assert (equal (result-values r) (list "3"))))' });

/** A project whose configured runtime is the mute server, with TIMEOUT as the unit time limit. */
function muteProject(t: TapTest, timeout: string): { dir: string; servers: () => string } {
  const dir = t.testdir({ 'mute-server.mjs': MUTE_SERVER, specs: { 'eval.test.md': evaluating } });
  writeFileSync(join(dir, 'spec-run.config.json'), JSON.stringify({ paths: ['specs/'], runtime: [process.execPath, join(dir, 'mute-server.mjs')], timeout }));
  return { dir, servers: () => spawnSync('pgrep', ['-f', join(dir, 'mute-server.mjs')], { encoding: 'utf8' }).stdout.trim() };
}

// A server has 30 s to answer initialize; before, the watch waited that out at its end (the
// servers it had started as spares), printing "watching for changes" meanwhile.
const INITIALIZE_LIMIT_MS = 30_000;

t.test('SIGINT while a unit waits for a server that never answers ends the watch at once, with 130, and stops every server', async (t) => {
  const { dir, servers } = muteProject(t, '5m');
  const run = watching(['--reporter', 'tap'], dir);
  await until(() => servers() !== '', 'the unit to start its server');
  const signalled = Date.now();
  const code = await run.stop('SIGINT');
  const took = Date.now() - signalled;
  t.equal(code, 130, 'the exit status of SIGINT');
  t.ok(took < INITIALIZE_LIMIT_MS / 2, `ended without waiting for the server's answer (${took} ms)`);
  t.ok(await noneLeft(servers), 'no server process left');
  const ending = run.stderr().slice(run.stderr().indexOf('SIGINT: stopping what runs'));
  t.match(ending, /^0 passed, 0 failed, \d+ skipped, 0 todo \(interrupted by SIGINT\)$/m, 'the unit cut short, neither passing nor failing');
  t.notMatch(ending, /watching for changes/, 'an ending watch does not say it watches');
});

t.test('SIGTERM while the watch waits for saves, its spare servers still starting, ends it at once, with 143, and stops them', async (t) => {
  // The unit fails at its limit; the watch then starts spare servers for the next run, which never answer.
  const { dir, servers } = muteProject(t, '1s');
  const run = watching(['--reporter', 'tap'], dir);
  await until(() => /watching for changes/.test(run.stderr()), 'the first run to end');
  await until(() => servers() !== '', 'the spares to start');
  const signalled = Date.now();
  const code = await run.stop('SIGTERM');
  const took = Date.now() - signalled;
  t.match(run.stderr(), /^\d+ passed, 1 failed, \d+ skipped, 0 todo$/m, 'the first run failed its unit at the limit');
  t.equal(code, 143, 'the exit status of SIGTERM');
  t.ok(took < INITIALIZE_LIMIT_MS / 2, `ended without waiting for the spares' answer (${took} ms)`);
  t.ok(await noneLeft(servers), 'no spare left');
});

const sleeping = (seconds: number) => lispDocument('a', { Slow: `(sleep ${seconds})\n(assert (= 1 1))` });

t.test('a save during the first run, before it reached a failing document: the save runs that one too, and the reports hold it', async (t) => {
  const dir = t.testdir({ specs: { 'a.test.md': sleeping(6), 'b.test.md': lispDocument('b', { False: '(assert (= 2 3))' }) } });
  const run = watching(['specs/', '--reporter', 'tap', '--reporter', 'junit:junit.xml'], dir);
  await until(() => /# Subtest: Slow/.test(run.stdout()), 'the first run to reach a.test.md');
  writeFileSync(join(dir, 'specs', 'a.test.md'), sleeping(0));
  await run.summaries(1);
  await run.stop();
  const summaries = run.stderr().match(/^\d+ passed, .*$/gm) ?? [];
  t.same(summaries, ['0 passed, 0 failed, 2 skipped, 0 todo (interrupted by a save of specs/a.test.md)', '1 passed, 1 failed, 0 skipped, 0 todo', '1 passed, 1 failed, 0 skipped, 0 todo (interrupted by SIGINT)'], 'b.test.md fails in the run the save started, and at the end');
  t.match(run.stderr(), /changed: specs\/a\.test\.md; running again what the cancelled run had not finished: specs\/b\.test\.md\n/);
  const second = run.stdout().split(/^TAP version 14$/m)[2];
  t.match(second, /^1\.\.2$/m, 'the second run runs both documents');
  t.match(second, /not ok 1 - \(= 2 3\)/);
  const junit = readFileSync(join(dir, 'junit.xml'), 'utf8');
  t.same(junit.match(/<testsuite name="[^"]*"/g), ['<testsuite name="a"', '<testsuite name="b"'], 'the JUnit file holds both');
  t.match(junit, /<testsuite name="b"[^>]* failures="1"/);
});

t.test('--jobs 2: a save cancels a document cut short beside the saved one; it runs again with the save, not kept skipped', async (t) => {
  // c.test.md sleeps at its first run only, leaving a mark that it is in its sleep; its check is false.
  const once = '(let ((again (probe-file "c-started")))\n  (with-open-file (s "c-started" :direction :output :if-exists :supersede) (write-line "c" s))\n  (unless again (sleep 30)))\n(assert (= 4 5))';
  const dir = t.testdir({ specs: { 'a.test.md': sleeping(30), 'c.test.md': lispDocument('c', { 'Slow and false': once }) } });
  const run = watching(['specs/', '--jobs', '2', '--reporter', 'tap'], dir);
  await until(() => /# Subtest: Slow$/m.test(run.stdout()) && existsSync(join(dir, 'c-started')), 'the first run to be in both documents');
  writeFileSync(join(dir, 'specs', 'a.test.md'), sleeping(0));
  await run.summaries(1);
  await run.stop();
  t.match(run.stderr(), /^0 passed, 0 failed, \d+ skipped, 0 todo \(interrupted by a save of specs\/a\.test\.md\)$/m, 'the first run is cut short in both');
  t.match(run.stderr(), /changed: specs\/a\.test\.md; running again what the cancelled run had not finished: specs\/c\.test\.md\n/);
  t.match(run.stderr(), /^1 passed, 1 failed, 0 skipped, 0 todo$/m, 'c.test.md fails, a.test.md passes');
  t.notMatch(run.stderr(), /from an earlier run/, 'no result is kept from the cancelled run');
});
