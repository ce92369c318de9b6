// Reports are written safely: a full disk is an error (exit 2) naming the file, a report
// path that is a document is refused before the run, the previous report survives a run
// that is killed, two runs sharing a report file leave a whole one, and a closed stdout
// ends the run cleanly. Real processes, real files, /dev/full for the full disk.
import t from 'tap';
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { cli, lispDocument, specRun } from './spec-run.js';

const passing = lispDocument('passing', { Sum: '(assert (= 3 (+ 1 2)))' });
const slow = lispDocument('slow', { Wait: '(sleep 30)\n(assert t)' });
const summary = (stderr: string) => stderr.trim().split('\n').at(-1);

t.test('a report that cannot be written is an error naming the file: exit 2, the summary last', async (t) => {
  const dir = t.testdir({ 'a.md': passing });
  const run = await specRun(['a.md', '--reporter', 'tap', '--reporter', 'junit:/dev/full'], dir);
  t.equal(run.code, 2, 'exit 2, not 0: the JUnit report was lost');
  t.match(run.stderr, /spec-run: --reporter: cannot write \/dev\/full: no space left on the device \(ENOSPC\)\n/);
  t.equal(summary(run.stderr), '1 passed, 0 failed, 0 skipped, 0 todo');
  const under = await specRun(['a.md', '--reporter', 'junit:a.md/report.xml'], dir);
  t.equal(under.code, 2, 'a path under a regular file: refused before the run');
  t.match(under.stderr, /cannot write .*a\.md\/report\.xml: a part of its directory path is a file, not a directory/);
});

t.test('a report, record or timings path that is a document of the run is refused, and the document is untouched', async (t) => {
  const dir = t.testdir({ 'a.md': passing });
  for (const args of [['--reporter', 'junit:a.md'], ['--reporter', 'html:a.md'], ['--last-run', 'a.md'], ['--timings', 'a.md']]) {
    const run = await specRun(['a.md', ...args], dir);
    t.equal(run.code, 2, `${args.join(' ')}: exit 2`);
    t.match(run.stderr, /a\.md is a document of this run; a report must not overwrite what it reports on/);
    t.equal(readFileSync(join(dir, 'a.md'), 'utf8'), passing, 'the document is as it was');
  }
});

t.test('the previous report survives a killed run; two runs sharing a report file leave a whole one', async (t) => {
  const dir = t.testdir({ 'a.md': passing, 'slow.md': slow });
  const first = await specRun(['a.md', '--reporter', 'junit:report.xml'], dir);
  t.equal(first.code, 0);
  const before = readFileSync(join(dir, 'report.xml'), 'utf8');
  const child = spawn(process.execPath, [cli, 'slow.md', '--reporter', 'junit:report.xml'], { cwd: dir, stdio: 'ignore' });
  await sleep(3000);
  child.kill('SIGKILL');
  await new Promise((done) => child.on('close', done));
  t.equal(readFileSync(join(dir, 'report.xml'), 'utf8'), before, 'a SIGKILLed run left the complete report of the run before it');
  const both = await Promise.all([specRun(['a.md', '--reporter', 'junit:shared.xml'], dir), specRun(['a.md', '--reporter', 'junit:shared.xml'], dir)]);
  t.same(both.map((r) => r.code), [0, 0]);
  const shared = readFileSync(join(dir, 'shared.xml'), 'utf8');
  const steady = (xml: string) => xml.replace(/time="[\d.]+"/g, '').replace(/name="seed" value="\d+"/g, '');
  t.equal(steady(shared), steady(before), 'the shared file is one whole report, as one run writes it, not two interleaved');
});

t.test("a run that exits at a second signal, before its report is complete, leaves no temporary report file and not the earlier run's report", async (t) => {
  const dir = t.testdir({ 'slow.md': slow, 'a.md': passing });
  t.equal((await specRun(['a.md', '--reporter', 'junit:report.xml'], dir)).code, 0, 'an earlier green report');
  const child = spawn('env', ['-u', 'NODE_OPTIONS', process.execPath, cli, 'slow.md', '--reporter', 'junit:report.xml'], { cwd: dir, stdio: 'ignore' });
  await sleep(3000);
  t.equal(readdirSync(dir).filter((name) => name.endsWith('.tmp')).length, 1, 'the report is being written beside its place');
  // Two different signals: the second is no repeat of the first, and spec-run exits without waiting.
  child.kill('SIGINT');
  child.kill('SIGTERM');
  t.ok([130, 143].includes(await new Promise<number>((done) => child.on('close', done))), 'the status of the first signal received');
  t.same(readdirSync(dir).filter((name) => name.endsWith('.tmp') || name === 'report.xml'), [], "neither this run's part nor the earlier run's report");
});

t.test("a run the watchdog ends (SIGKILL, 137) leaves neither its parts nor the earlier run's reports, and its TAP on stdout ends with Bail out!", async (t) => {
  const spec = '### Requirement: R\nIt SHALL.\n\n#### Scenario: s\n- **WHEN** it spins\n- **THEN** it has spun\n';
  const steps = "import { When, Then } from 'spec-run/steps';\nWhen('it spins', function () { if (process.env.SPIN) for (;;) {} this.spun = true; });\nThen('it has spun', function () { if (!this.spun) throw new Error('it did not spin'); });\n";
  const dir = t.testdir({ 'r.spec.md': spec, 'steps.mjs': steps });
  const reports = ['--reporter', 'junit:out/junit.xml', '--reporter', 'json:out/run.jsonl', '--reporter', 'html:out/index.html'];
  t.equal((await specRun(['r.spec.md', ...reports], dir)).code, 0, 'an earlier green run wrote its reports');
  t.same(readdirSync(join(dir, 'out')).sort(), ['index.html', 'junit.xml', 'run.jsonl']);
  const spun = spawnSync(process.execPath, [cli, 'r.spec.md', '--timeout', '1s', '--reporter', 'tap', ...reports], { cwd: dir, encoding: 'utf8', env: { ...process.env, SPIN: '1', GITHUB_ACTIONS: '' } });
  t.equal(spun.signal, 'SIGKILL', spun.stderr);
  t.match(spun.stderr, /has held the main thread/);
  t.same(readdirSync(join(dir, 'out')), [], 'no report of an earlier run, and no part of this one');
  t.match(spun.stdout, /^Bail out! spec-run ended itself \(SIGKILL, exit status 137\): step 'WHEN it spins' \(r\.spec\.md:5, defined at steps\.mjs:2\) held the main thread past its time limit\n$/m);
});

t.test('a reader that closes stdout early ends the run cleanly with its status', async (t) => {
  const dir = t.testdir({ 'a.md': passing, 'b.md': passing });
  const result = await new Promise<{ code: number | null; stderr: string }>((done) => {
    const child = spawn(process.execPath, [cli, 'a.md', 'b.md', '--reporter', 'tap'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.once('data', () => child.stdout.destroy());
    child.on('close', (code) => done({ code, stderr }));
  });
  t.equal(result.code, 0, 'the run\'s own status');
  t.notMatch(result.stderr, /Unhandled 'error' event|EPIPE/, 'no crash');
  t.equal(summary(result.stderr), '2 passed, 0 failed, 0 skipped, 0 todo');
});

t.test('large report files are written whole, with nothing on stderr but the summary', async (t) => {
  // 20000 points: megabytes per file, so each file's stream waits for its disk many times.
  // Each wait used to leave an error listener behind (Node warned of a leak past ten).
  const dir = t.testdir({ 'many.md': lispDocument('many', { Many: '(fiveam:test many (dotimes (i 20000) (fiveam:is (= i i))))' }) });
  const run = await specRun(['many.md', '--reporter', 'tap:many.tap', '--reporter', 'json:many.jsonl', '--reporter', 'html:many.html'], dir);
  t.equal(run.code, 0, 'the run passes');
  t.equal(run.stderr.trim(), '20000 passed, 0 failed, 0 skipped, 0 todo', 'stderr holds the summary alone: no listener leak warned of');
  const events = readFileSync(join(dir, 'many.jsonl'), 'utf8').trim().split('\n');
  t.equal(events.filter((line) => line.includes('"type":"point"')).length, 20000, 'every point is in the JSON file');
  t.match(readFileSync(join(dir, 'many.tap'), 'utf8'), /\n1\.\.1\n?$/, 'the TAP file ends with its plan');
});

t.test('a report in a directory that cannot be made (under /proc) is refused before anything runs, with why, exit 2', async (t) => {
  const dir = t.testdir({ 'sum.test.md': '---\ntype: verification\n---\n# Sum\n\n```lisp\n(assert (= 3 (+ 1 2)))\n```\n' });
  // Node's recursive mkdir never returns for such a path: bounded here, so a regression fails rather than hangs.
  const run = spawnSync(process.execPath, [cli, 'sum.test.md', '--reporter', 'junit:/proc/no-such-directory/x.xml'], { cwd: dir, encoding: 'utf8', timeout: 60_000, killSignal: 'SIGKILL' });
  t.equal(run.signal, null, 'it ended by itself');
  t.equal(run.status, 2);
  t.match(run.stderr, /--reporter junit: cannot write \/proc\/no-such-directory\/x\.xml: /);
  const log = spawnSync(process.execPath, [cli, 'sum.test.md', '--last-run', '/proc/no-such-directory/last-run.json'], { cwd: dir, encoding: 'utf8', timeout: 60_000, killSignal: 'SIGKILL' });
  t.equal(log.signal, null, 'nor does a record there hang the run');
});
