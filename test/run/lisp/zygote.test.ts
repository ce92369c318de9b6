// Documents' drivers forked by a zygote (zygote.lisp, driver.ts): one document's
// definitions, special variables, packages, threads, open files and programs are gone
// before the next document's driver starts, and a driver that dies or is stopped is
// reported as before. Real SBCL processes throughout.
import t from 'tap';
import { execFileSync, spawnSync } from 'node:child_process';
import { openSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Parser, type FinalResults } from 'tap-parser';
import { closeDrivers, Driver, DriverExited, DRIVER_ENV, type PointMessage } from '../../../src/run/lisp/driver.js';
import { containment } from '../../../src/process/containment.js';
import { asLispText } from '../../../src/run/lisp/protocol.js';
import { scratchDirectory } from '../../support/scratch.js';

const cli = join(resolve(dirname(fileURLToPath(import.meta.url)), '../../..'), 'src/cli/main.js');
const noZygotes = !containment().pidNamespace && 'PID namespaces are not available here (unshare --pid needs root): every driver is a process of its own';

const handlers = (points: PointMessage[] = []) => ({ point: (p: PointMessage) => points.push(p), request: async () => asLispText('NIL') });

/** The outer process id of the driver's parent: the zygote that forked it. */
async function parentOf(driver: Driver): Promise<string> {
  const points: PointMessage[] = [];
  const code = `(let ((stat (with-open-file (s "/proc/self/stat") (read-line s)))) (fiveam:is (string= "" (subseq stat (1+ (position #\\) stat :from-end t))))))`;
  await driver.run({ kind: 'block', file: 'z.md', line: 1, text: code, seed: 1, name: 'parent' }, handlers(points));
  // The failed check's message holds the stat fields after the command name: state, ppid, ...
  const fields = JSON.stringify(points[0]?.diagnostics ?? {});
  return /\\" ?[A-Z] (\d+) /.exec(fields)?.[1] ?? fields;
}

t.test('two documents in a row are forked by one zygote', { skip: noZygotes }, async (t) => {
  t.teardown(closeDrivers);
  const first = await Driver.start(process.cwd());
  const firstParent = await parentOf(first);
  await first.stop();
  const second = await Driver.start(process.cwd());
  const secondParent = await parentOf(second);
  await second.stop();
  t.match(firstParent, /^\d+$/, `the first driver's parent: ${firstParent}`);
  t.equal(secondParent, firstParent, 'the second driver was forked by the same zygote');
});

t.test("one document's definitions, specials, packages, threads, open files and programs are invisible to the next", async (t) => {
  const dir = scratchDirectory('spec-run-zygote-');
  const marker = `307.${process.pid}`;
  writeFileSync(join(dir, 'kept.txt'), 'kept open\n');
  writeFileSync(
    join(dir, 'a-leaves.test.md'),
    `---\ntype: verification\n---\n# Leaves things behind\n\n\`\`\`lisp
(defun leaked-function () 1)
(defvar *leaked-special* 2)
(defpackage #:leaked-package (:use #:cl))
(defvar *leaked-stream* (open ${JSON.stringify(join(dir, 'kept.txt'))}))
(defvar *leaked-thread* (sb-thread:make-thread (lambda () (sleep 600)) :name "leaked-thread"))
\`\`\`

A block of definitions only: the thread it starts as it loads lives on, as a unit's would not.

\`\`\`lisp
(sb-ext:run-program "/bin/sh" (list "-c" "setsid sleep ${marker} >/dev/null 2>&1 &") :wait t)
(is (fboundp 'leaked-function))
\`\`\`\n`,
  );
  // The later documents name what they look for by strings: a name they wrote would borrow the
  // first document's definition (documents of one tree share definitions they use). From the
  // third on, a document's driver may be one forked ahead of time, while the one before ran.
  const findsNothing = (letter: string) => writeFileSync(
    join(dir, `${letter}-finds-nothing.test.md`),
    `---\ntype: verification\n---\n# Finds nothing\n\n\`\`\`lisp
(defun ${letter}-leaked-function () 1)
(is (not (let ((name (find-symbol "LEAKED-FUNCTION"))) (and name (fboundp name)))))
(is (not (let ((name (find-symbol "${letter === 'b' ? 'D' : 'B'}-LEAKED-FUNCTION"))) (and name (fboundp name)))))
(is (not (let ((name (find-symbol "*LEAKED-SPECIAL*"))) (and name (boundp name)))))
(is (null (find-package "LEAKED-PACKAGE")))
(is (null (find "leaked-thread" (sb-thread:list-all-threads) :key #'sb-thread:thread-name :test #'equal)))
(is (null (remove-if-not (lambda (fd) (search "kept.txt" (or (ignore-errors (sb-unix:unix-readlink (namestring fd))) "")))
                         (directory "/proc/self/fd/*" :resolve-symlinks nil))))
(is (null (remove-if-not (lambda (cmdline) (search "${marker}" (or (ignore-errors (with-open-file (s cmdline) (read-line s nil ""))) "")))
                         (directory "/proc/*/cmdline" :resolve-symlinks nil))))
\`\`\`\n`,
  );
  for (const letter of ['b', 'c', 'd']) findsNothing(letter);
  for (const mode of ['forked', 'fresh'] as const) {
    const run = spawnSync(process.execPath, [cli, dir, '--reporter', 'tap'], { encoding: 'utf8', env: { ...process.env, [DRIVER_ENV]: mode === 'fresh' ? 'fresh' : '' } });
    const results = await new Promise<FinalResults>((done) => new Parser(done).end(run.stdout));
    t.equal(run.status, 0, `${mode}: the run passes: ${run.stderr.trim().split('\n').at(-1)}`);
    t.equal(results.pass, 4, `${mode}: every document passes`);
    t.match(run.stderr, /22 passed, 0 failed/, `${mode}: every check of the later documents passed`);
  }
  let left = '';
  try {
    left = execFileSync('pgrep', ['-f', `sleep ${marker}`], { encoding: 'utf8' });
  } catch {
    // pgrep exits 1 when nothing matches.
  }
  t.equal(left, '', 'the program the first document left is gone');
});

t.test("the document the image runs before it is saved (driver.lisp's warm-up) leaves nothing a document sees", async (t) => {
  // Checked in both kinds of driver: the image is the same, and so must be what it left.
  const checks = `(is (equal '(nil) (fiveam::test-names)))
(is (null fiveam::*toplevel-suites*))
(is (null (fiveam::name fiveam::*suite*)))
(is (null (find-package "SPEC-RUN-WARM-UP")))
(is (null (find-symbol "WARM-UP-SUM")))
(is (notany (lambda (position) (equal "warm-up.md" (spec-run::source-file (first position)))) (alexandria:hash-table-values spec-run::*form-positions*)))
(is (notany (lambda (position) (equal "warm-up.md" (spec-run::source-file (first position)))) (alexandria:hash-table-values spec-run::*inherited-positions*)))`;
  for (const mode of ['forked', 'fresh'] as const) {
    if (mode === 'forked' && noZygotes) continue;
    const previous = process.env[DRIVER_ENV];
    process.env[DRIVER_ENV] = mode === 'fresh' ? 'fresh' : '';
    try {
      const driver = await Driver.start(process.cwd());
      const points: PointMessage[] = [];
      await driver.run({ kind: 'block', file: 'w.md', line: 1, text: checks, seed: 1, name: 'nothing of the warm-up' }, handlers(points));
      await driver.stop();
      t.same(points.map((p) => p.ok), [true, true, true, true, true, true, true], `${mode}: ${JSON.stringify(points.filter((p) => !p.ok))}`);
    } finally {
      process.env[DRIVER_ENV] = previous ?? '';
      await closeDrivers();
    }
  }
});

t.test('a forked driver that dies is reported as a process that ended, and the next document gets a new one', { skip: noZygotes }, async (t) => {
  t.teardown(closeDrivers);
  const driver = await Driver.start(process.cwd());
  const died = await driver.run({ kind: 'block', file: 'z.md', line: 1, text: '(sb-unix:unix-kill (sb-unix:unix-getpid) sb-unix:sigkill)', seed: 1, name: 'dies' }, handlers()).then(
    (done) => done,
    (error: Error) => error,
  );
  t.type(died, DriverExited, `the run of the command fails: ${died instanceof Error ? died.message : JSON.stringify(died)}`);
  t.match(String(died), /the driver process ended \(killed by signal 9\)/);
  const next = await Driver.start(process.cwd());
  const points: PointMessage[] = [];
  await next.run({ kind: 'block', file: 'z.md', line: 1, text: '(is (= 2 (+ 1 1)))', seed: 1, name: 'runs' }, handlers(points));
  t.same(points.map((p) => p.ok), [true], 'the next driver runs');
  await next.stop();
});

t.test("a command written for a driver that died before reading it is dropped by the zygote, which forks the next driver", { skip: noZygotes }, async (t) => {
  t.teardown(closeDrivers);
  const driver = await Driver.start(process.cwd());
  const zygote = await parentOf(driver);
  const died = await driver.run({ kind: 'block', file: 'z.md', line: 1, text: '(sb-unix:unix-kill (sb-unix:unix-getpid) sb-unix:sigkill)', seed: 1, name: 'dies' }, handlers()).then(
    (done) => done,
    (error: Error) => error,
  );
  t.type(died, DriverExited, 'the driver died');
  // As a unit's command sent ahead (index.ts) that the driver had not read when it died: on the zygote's pipe, which it reads next.
  driver.send({ kind: 'block', file: 'z.md', line: 2, text: '(is (= 2 (+ 1 1)))', seed: 1, name: 'sent ahead' });
  const next = await Driver.start(process.cwd());
  t.equal(await parentOf(next), zygote, 'the next driver is forked by the same zygote: the command left on its pipe did not end it');
  await next.stop();
});

t.test('an idle zygote does not keep a program that embeds spec-run alive, and ends with it', { skip: noZygotes }, async (t) => {
  const dir = scratchDirectory('spec-run-zygote-embedded-');
  const driverModule = join(dirname(cli), '../run/lisp/driver.js');
  // The program runs one document's driver and returns without closeDrivers: what keeps its
  // event loop alive then is printed, and it must then end by itself.
  const program = `
    import { writeSync } from 'node:fs';
    import { Driver } from ${JSON.stringify(driverModule)};
    const say = (value) => writeSync(1, JSON.stringify(value) + '\\n');
    const driver = await Driver.start(${JSON.stringify(dir)});
    await driver.run({ kind: 'block', file: 'e.md', line: 1, text: '(fiveam:is (= 2 (+ 1 1)))', seed: 1, name: 'sum' }, { point: (p) => say({ ok: p.ok }), request: async () => '' });
    await driver.stop();
    setImmediate(() => say({ holding: process.getActiveResourcesInfo() }));
  `;
  // Its stdout and stderr are files: as pipes they would be streams that hold the loop themselves.
  const [out, err] = [join(dir, 'out'), join(dir, 'err')];
  const ran = spawnSync(process.execPath, ['--input-type=module', '-e', program], { stdio: ['ignore', openSync(out, 'w'), openSync(err, 'w')], timeout: 120_000 });
  t.equal(ran.signal, null, `the program ended by itself (stderr: ${readFileSync(err, 'utf8').slice(-500)})`);
  const lines = readFileSync(out, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { ok?: boolean; holding?: string[] });
  t.same(lines[0], { ok: true }, "the document's check ran in a forked driver");
  const holding = lines.find((line) => line.holding)?.holding ?? ['(not printed)'];
  t.same(holding.filter((kind) => /Process|Pipe|Timeout/.test(kind)), [], `with the zygote idle, nothing of it holds the event loop (holding: ${holding.join(', ')})`);
  const zygotesLeft = execFileSync('sh', ['-c', `for p in /proc/[0-9]*; do [ "$(readlink $p/cwd)" = ${JSON.stringify(dir)} ] && echo $p; done; true`], { encoding: 'utf8' });
  t.equal(zygotesLeft.trim(), '', 'no process is left in the directory the zygote ran in');
});

t.test("closing the zygotes holds the program until they have ended, a spare's too", { skip: noZygotes }, async (t) => {
  const dir = scratchDirectory('spec-run-zygote-close-');
  const driverModule = join(dirname(cli), '../run/lisp/driver.js');
  // Two documents in a row make a spare (the next document's driver, forked ahead); closing
  // the zygotes stops it, and its zygote says "ended" of it while its own close is awaited.
  // Released then, it let go of the event loop: Node ended with the close pending (exit
  // code 13, after a run's clean summary, about 1 run in 50). Rounds make the race likely.
  const rounds = 12;
  const program = `
    import { writeSync } from 'node:fs';
    import { Driver, closeDrivers } from ${JSON.stringify(driverModule)};
    for (let round = 1; round <= ${rounds}; round++) {
      for (const name of ['first', 'second']) {
        const driver = await Driver.start(${JSON.stringify(dir)});
        await driver.run({ kind: 'block', file: 'c.md', line: 1, text: '(fiveam:is (= 2 (+ 1 1)))', seed: 1, name }, { point: () => undefined, request: async () => '' });
        await driver.stop();
      }
      await closeDrivers();
      writeSync(1, 'closed ' + round + '\\n');
    }
  `;
  const [out, err] = [join(dir, 'out'), join(dir, 'err')];
  const ran = spawnSync(process.execPath, ['--input-type=module', '-e', program], { stdio: ['ignore', openSync(out, 'w'), openSync(err, 'w')], timeout: 120_000 });
  const closed = readFileSync(out, 'utf8').trim().split('\n').filter(Boolean);
  t.equal(closed.length, rounds, `every close was awaited to its end: ${closed.at(-1) ?? 'none'} of ${rounds}`);
  t.equal(ran.status, 0, `the program ended with exit code 0, not 13 with a close pending (stderr: ${readFileSync(err, 'utf8').slice(-300)})`);
});

t.test("a run's first driver is started ahead, once, and only for a run that runs Lisp documents", { skip: noZygotes }, async (t) => {
  const dir = scratchDirectory('spec-run-zygote-ahead-');
  writeFileSync(join(dir, 'sum.test.md'), '---\ntype: verification\n---\n# Sum\n\n```lisp\n(is (= 3 (+ 1 2)))\n```\n');
  const log = join(dir, 'sbcl.log');
  // A real SBCL behind a script that writes down each of its runs.
  const sbcl = join(dir, 'logged-sbcl');
  writeFileSync(sbcl, `#!/bin/sh\necho "$*" >> '${log}'\nexec sbcl "$@"\n`, { mode: 0o755 });
  const run = (...args: string[]) => {
    writeFileSync(log, '');
    const ran = spawnSync(process.execPath, [cli, ...args], { cwd: dir, env: { ...process.env, SPEC_RUN_SBCL: sbcl, SPEC_RUN_DOCUMENT_CACHE: 'off' }, encoding: 'utf8', timeout: 120_000 });
    const zygotes = readFileSync(log, 'utf8').split('\n').filter((line) => line.includes('zygote-main')).length;
    return { status: ran.status, stdout: ran.stdout, stderr: ran.stderr, zygotes };
  };
  const one = run('sum.test.md', '--reporter', 'tap');
  t.equal(one.status, 0, `the document passes (stderr: ${one.stderr.slice(-300)})`);
  t.match(one.stdout, /^ok 1 /m);
  t.equal(one.zygotes, 1, 'one document: one zygote, the one started ahead (no second one for a next document that never comes)');
  for (const options of [['--list'], ['--dry-run']]) {
    const listed = run('sum.test.md', ...options);
    t.equal(listed.zygotes, 0, `${options[0]} starts no driver`);
  }
  const refused = run('sum.test.md', '--reporter', `tap:${join(dir, 'sum.test.md')}`);
  t.equal(refused.status, 2, 'a run refused before it runs exits 2');
  t.equal(refused.zygotes, 1, 'its driver had been started ahead');
  const left = execFileSync('sh', ['-c', `for p in /proc/[0-9]*; do [ "$(readlink $p/cwd)" = ${JSON.stringify(dir)} ] && echo $p; done; true`], { encoding: 'utf8' });
  t.equal(left.trim(), '', 'and ended with the run: no process is left in its directory');
});
