// From a user's seat (a team writing Lisp documents, spec-run installed in a fresh project,
// left watching): (6) with a configured runtime server that had not answered yet, Ctrl-C
// did not end `--watch` for 30 s, its servers left running and "watching for changes"
// printed as it ended; (7) a save during the first run ran the saved document alone: a
// document that run had not reached, holding a false check, left the JUnit file, the TAP
// and the summary, which read green. A signal now ends the watch at once, and a save's run
// takes in what the run it cancelled had not finished.
import t from 'tap';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { userEnvironment, userProject } from '../support/installed.js';
import { noneLeft, until, watchProcess } from '../support/watching.js';

const lispDoc = (name: string, code: string) => `---\ntype: verification\nname: ${name}\n---\n# ${name}\n\n\`\`\`lisp\n${code}\n\`\`\`\n`;

t.test('(6) Ctrl-C while a unit waits for a runtime server that never answers: the watch ends at once, 130, its servers stopped', async (t) => {
  // The user's server: a command that never answers initialize; its argument marks this test's processes.
  const seconds = String(100_000 + process.pid);
  const project = userProject({
    'spec-run.config.json': JSON.stringify({ paths: ['specs/'], runtime: ['sleep', seconds], timeout: '30s' }),
    'specs/eval.test.md': lispDoc('slow', '(let ((r (evaluate-lisp *server* "(+ 1 2)")))\n  (assert (equal (result-values r) (list "3"))))'),
  });
  const servers = () => spawnSync('pgrep', ['-f', `sleep ${seconds}`], { encoding: 'utf8' }).stdout.trim();
  const watching = watchProcess([join(project.dir, 'node_modules', '.bin', 'spec-run'), 'specs/', '--watch'], project.dir, userEnvironment());
  await until(() => servers() !== '', 'the unit to start its server');
  const signalled = Date.now();
  const code = await watching.stop('SIGINT');
  const took = Date.now() - signalled;
  t.equal(code, 130, 'the exit status of SIGINT');
  // Before, it ended once the server's 30 s to answer initialize were out.
  t.ok(took < 15_000, `ended without waiting for the server (${took} ms)`);
  t.ok(await noneLeft(servers), 'no server process left');
  t.notMatch(watching.stderr().slice(watching.stderr().indexOf('SIGINT: stopping what runs')), /watching for changes/, 'an ending watch does not say it watches');
});

t.test('(7) a save during the first run: the document it had not reached runs with the save, in the JUnit file, the TAP and the summary', async (t) => {
  const slow = (seconds: number) => lispDoc('a', `(sleep ${seconds})\n(assert (= 1 1))`);
  const project = userProject({ 'specs/a.test.md': slow(6), 'specs/b.test.md': lispDoc('b', '(assert (= 2 3) () "b is false on purpose")') });
  const watching = watchProcess([join(project.dir, 'node_modules', '.bin', 'spec-run'), 'specs/', '--watch', '--reporter', 'tap', '--reporter', 'junit:junit.xml'], project.dir, userEnvironment());
  t.teardown(() => watching.stop());
  await until(() => /# Subtest: a \(specs\/a\.test\.md\)/.test(watching.stdout()), 'the first run to reach a.test.md');
  project.write({ 'specs/a.test.md': slow(1) });
  await watching.summaries(1);
  t.equal(await watching.stop(), 130);
  t.match(watching.stderr(), /interrupted by a save of specs\/a\.test\.md[^]*changed: specs\/a\.test\.md; running again what the cancelled run had not finished: specs\/b\.test\.md\n1 passed, 1 failed, 0 skipped, 0 todo\n/, 'the save runs b.test.md too, and its summary is red');
  t.match(watching.stderr(), /^1 passed, 1 failed, 0 skipped, 0 todo \(interrupted by SIGINT\)$/m, 'so is the closing one');
  const afterSave = watching.stdout().split(/^TAP version 14$/m)[2];
  t.match(afterSave, /^not ok 2 - b \(specs\/b\.test\.md\)/m, "the save's TAP holds b.test.md, failing");
  t.match(readFileSync(join(project.dir, 'junit.xml'), 'utf8'), /<testsuite name="b"[^>]* failures="1"/, 'so does the JUnit file');
});
