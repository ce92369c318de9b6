// --retries and `retries:` in frontmatter, through the real command line: a unit that
// really fails on its first attempt (it leaves a marker file) and passes on the next.
import t from 'tap';
import type { RunEvent } from '../../src/model/events.js';
import { runWithRetries } from '../../src/run/retries.js';
import { lispDocument, parseTap, specRun } from './spec-run.js';

/** Fails when the marker file is absent (and creates it), passes once it exists. */
const failsOnce = `(let* ((marker (merge-pathnames "first-attempt.marker"))
       (first-attempt (not (probe-file marker))))
  (when first-attempt (with-open-file (out marker :direction :output) (write-line "tried" out)))
  (assert (not first-attempt)))`;

const flakyDocument = (frontmatter = '') => lispDocument('flaky', { 'Fails once': failsOnce, Steady: '(assert (= 2 (+ 1 1)))' }, frontmatter);

t.test('without retries the unit that fails once fails', async (t) => {
  const dir = t.testdir({ 'flaky.md': flakyDocument() });
  const run = await specRun(['flaky.md', '--reporter', 'tap'], dir);
  t.equal(run.code, 1);
  t.match(run.stderr, /^1 passed, 1 failed, 0 skipped, 0 todo$/m);
  t.notMatch(run.stdout, /# flaky after/);
});

t.test('--retries: passed on a retry, marked flaky in TAP and in the summary', async (t) => {
  const dir = t.testdir({ 'flaky.md': flakyDocument() });
  const run = await specRun(['flaky.md', '--reporter', 'tap', '--retries', '2'], dir);
  t.equal(run.code, 0, run.stderr);
  t.match(run.stderr, /^2 passed \(1 flaky\), 0 failed, 0 skipped, 0 todo$/m);
  t.match(run.stdout, /^        # flaky after 1 retry$/m, 'the TAP comment inside the unit');
  const results = await parseTap(run.stdout);
  t.equal(results.ok, true, 'the TAP stream passes');
  t.equal(results.fail, 0);
});

t.test('--retries with JUnit and JSON: <flakyFailure> with the first attempt\'s failure, and the flaky unit-end', async (t) => {
  const dir = t.testdir({ 'flaky.md': flakyDocument() });
  const junit = await specRun(['flaky.md', '--reporter', 'junit', '--retries', '1'], dir);
  t.equal(junit.code, 0, junit.stderr);
  t.match(junit.stdout, /<testcase [^>]*name="Fails once › \(not first-attempt\)"[^>]*><flakyFailure message="\(not first-attempt\)" type="attempt 1"><stackTrace>[^<]*flaky\.md:\d+/);
  t.match(junit.stdout, /failures="0"/);
  const dir2 = t.testdir({ 'flaky.md': flakyDocument() });
  const json = await specRun(['flaky.md', '--reporter', 'json', '--retries', '1'], dir2);
  const events = json.stdout.trim().split('\n').map((line) => JSON.parse(line) as RunEvent);
  const ends = events.filter((e): e is Extract<RunEvent, { type: 'unit-end' }> => e.type === 'unit-end');
  t.same(ends.map((e) => [e.flaky ?? false, e.attempts ?? 1]), [[true, 2], [false, 1]]);
  t.equal(ends[0].earlierFailures?.[0].attempt, 1);
  const last = events.at(-1);
  t.same(last?.type === 'run-end' && last.counts, { passed: 2, failed: 0, skipped: 0, todo: 0, flaky: 1 });
});

t.test('a unit that fails every attempt is reported failed once, with its attempts; frontmatter retries; a bad value', async (t) => {
  const dir = t.testdir({
    'always.md': lispDocument('always', { Never: '(assert (= 3 (+ 1 1)))' }),
    'flaky.md': flakyDocument('retries: 1\n'),
    'bad.md': lispDocument('bad', { Fine: '(assert t)' }, 'retries: lots\n'),
  });
  const always = await specRun(['always.md', '--reporter', 'tap', '--retries', '2'], dir);
  t.equal(always.code, 1);
  t.match(always.stderr, /^0 passed, 1 failed, 0 skipped, 0 todo$/m, 'one failure, not three');
  t.match(always.stdout, /# failed 3 attempts/);
  const spec = await specRun(['flaky.md', '--reporter', 'spec'], dir);
  t.equal(spec.code, 0, 'the document\'s own retries: 1 applies without --retries');
  t.match(spec.stdout, /✔ Fails once \(1 check, \d+ ms\) flaky after 1 retry/);
  t.match(spec.stdout, /2 passed \(1 flaky\), 0 failed/);
  const bad = await specRun(['bad.md', '--reporter', 'tap'], dir);
  t.equal(bad.code, 1);
  t.match(bad.stdout, /frontmatter 'retries' must be a non-negative integer, got "lots"/);
  t.match(bad.stdout, /at: bad\.md:4/, 'at the line of the key');
});

t.test('a Lisp retry starts in a fresh driver: state the failed attempt left (a memo cache it filled) does not make it pass', async (t) => {
  const dir = t.testdir({
    'cache.md': lispDocument('cache', {
      Definitions: `(defvar *cache* (make-hash-table :test 'equal))
(defun cached-width (lo hi)
  (or (gethash (list lo hi) *cache*)
      (progn (setf (gethash (list lo hi) *cache*) (- hi lo)) nil)))`,
      'The first call answers': '(assert (eql 4 (cached-width 1 5)))',
    }),
  });
  const run = await specRun(['cache.md', '--reporter', 'tap', '--retries', '1'], dir);
  t.equal(run.code, 1, 'the deterministic failure stays a failure');
  t.match(run.stderr, /^0 passed, 1 failed, 0 skipped, 0 todo$/m);
  t.notMatch(run.stdout, /# flaky/);
  t.match(run.stdout, /# failed 2 attempts/);
  t.match(run.stdout, /environment: "ran in a fresh Lisp environment: the unit \\"The first call answers\\" \(line \d+\) failed and is retried/, 'the retry says where it ran');
});

t.test('a Lisp retry runs the units before it again first: a failure that depends on what they did stays a failure; a flaky one after them still passes', async (t) => {
  const dir = t.testdir({
    'bucket.md': lispDocument('bucket', {
      Definitions: '(defvar *tokens* 3)',
      'The first caller takes all three': '(decf *tokens* 3)\n(assert (zerop *tokens*))',
      'The second caller still gets one': '(assert (plusp *tokens*))',
    }),
    'flaky.md': lispDocument('flaky', { Setup: '(defvar *ready* nil)\n(setf *ready* t)\n(assert *ready*)', 'Fails once': `(assert *ready*)\n${failsOnce}` }),
  });
  const steady = await specRun(['bucket.md', '--reporter', 'tap', '--retries', '1'], dir);
  t.equal(steady.code, 1, 'the state-dependent failure stays a failure');
  t.match(steady.stderr, /^1 passed, 1 failed, 0 skipped, 0 todo$/m);
  t.match(steady.stdout, /# failed 2 attempts/);
  t.match(steady.stdout, /The second caller still gets one ran in a fresh Lisp environment: the unit .* failed and is retried, .*the units its failed attempt's driver had run before it \(line \d+\) ran there again first/);
  const flaky = await specRun(['flaky.md', '--reporter', 'tap', '--retries', '1'], dir);
  t.equal(flaky.code, 0, flaky.stdout + flaky.stderr);
  t.match(flaky.stderr, /passed \(1 flaky\), 0 failed/m);
});

t.test('a Lisp retry whose units before cannot run again (one ends its driver now) is no pass: it fails, saying why', async (t) => {
  const dir = t.testdir({
    'exits.md': lispDocument('exits', {
      'Ends the driver once the marker exists': '(when (probe-file (merge-pathnames "first-attempt.marker")) (sb-ext:exit :code 3 :abort t))\n(assert t)',
      'Fails once': failsOnce,
    }),
  });
  const run = await specRun(['exits.md', '--reporter', 'tap', '--retries', '1'], dir);
  t.equal(run.code, 1, run.stdout + run.stderr);
  t.notMatch(run.stdout, /# flaky/);
  t.match(run.stdout, /not ok \d+ - Fails once is retried in the conditions of its first attempt/);
  t.match(run.stdout, /the unit \\?"Ends the driver once the marker exists\\?" \(line \d+\), run again first to give the retry the state its first attempt had, ended its driver/);
});

t.test('runWithRetries passes the events of other units through at once and stops at the first passing attempt', async (t) => {
  const seen: string[] = [];
  let attempts = 0;
  await runWithRetries(
    3,
    'u#1',
    async (emit) => {
      attempts += 1;
      emit({ type: 'unit-start', file: 'u', unitId: 'u#load-1', name: 'load', kind: 'problem', at: { file: 'u', line: 1 } });
      emit({ type: 'point', file: 'u', unitId: 'u#1', ok: attempts >= 2, name: 'check' });
      emit({ type: 'unit-end', file: 'u', unitId: 'u#1', durationMs: 1 });
    },
    (event) => seen.push(`${event.type}:${'unitId' in event ? event.unitId : ''}${event.type === 'unit-end' && event.flaky ? ':flaky' : ''}`),
  );
  t.equal(attempts, 2);
  t.same(seen, ['unit-start:u#load-1', 'unit-start:u#load-1', 'point:u#1', 'unit-end:u#1:flaky']);
});

t.test('a time limit from the command line or the default is named as such', async (t) => {
  const dir = t.testdir({
    'slow.md': lispDocument('slow', { Sleeps: '(sleep 8)\n(assert t)' }),
    'slow.spec.md': '# Slow\n\n### Requirement: Waits\n\n#### Scenario: Waiting\n- **WHEN** it waits\n',
    'steps.mjs': "import { When } from 'spec-run/steps';\nWhen('it waits', { timeout: 60000 }, () => new Promise((resolve) => setTimeout(resolve, 8000)));\n",
  });
  const lisp = await specRun(['slow.md', '--reporter', 'tap', '--timeout', '1s'], dir);
  t.match(lisp.stdout, /Sleeps exceeded the unit time limit of 1000 ms \(--timeout\)/);
  const scenario = await specRun(['slow.spec.md', '--reporter', 'tap', '--timeout', '1s'], dir);
  t.match(scenario.stdout, /did not finish within the unit time limit of 1000 ms \(--timeout\)/);
});

t.test("frontmatter timeout is the time limit of the document's units, said at its line when it is no duration", async (t) => {
  const dir = t.testdir({
    'slow.md': lispDocument('slow', { Sleeps: '(sleep 8)\n(assert t)' }, 'timeout: 1s\n'),
    'bad.md': lispDocument('bad', { Fine: '(assert t)' }, 'timeout: soon\n'),
  });
  const slow = await specRun(['slow.md', '--reporter', 'tap'], dir);
  t.equal(slow.code, 1);
  t.match(slow.stdout, /Sleeps exceeded the unit time limit of 1000 ms \(the frontmatter's timeout\)/);
  const bad = await specRun(['bad.md', '--reporter', 'tap'], dir);
  t.equal(bad.code, 1);
  t.match(bad.stdout, /frontmatter 'timeout' must be a positive duration such as 30, 30s or 5m, got "soon"/);
  t.match(bad.stdout, /at: bad\.md:4/);
});

/** An attempt of unit u#1 that fails, or that an interruption cuts short (its check skipped as the runners skip it). */
const attemptOf = (outcome: 'fails' | 'cut short' | 'passes') => async (emit: (event: RunEvent) => void) => {
  emit({ type: 'unit-start', file: 'u', unitId: 'u#1', name: 'unit', kind: 'lisp-block', at: { file: 'u', line: 1 } });
  if (outcome === 'cut short') emit({ type: 'point', file: 'u', unitId: 'u#1', ok: true, name: 'check', skip: 'run interrupted by SIGINT before this finished; what it started was stopped' });
  else emit({ type: 'point', file: 'u', unitId: 'u#1', ok: outcome === 'passes', name: 'check', at: { file: 'u', line: 2 } });
  emit({ type: 'unit-end', file: 'u', unitId: 'u#1', durationMs: 1 });
};

t.test('a retry an interruption cut short is no pass: the failed attempt before it is reported, saying so', async (t) => {
  const interruption = new AbortController();
  const outcomes = ['fails', 'fails', 'cut short'] as const;
  let attempts = 0;
  const seen: RunEvent[] = [];
  await runWithRetries(5, 'u#1', (emit) => {
    const outcome = outcomes[attempts++];
    if (outcome === 'cut short') interruption.abort('SIGINT');
    return attemptOf(outcome)(emit);
  }, (event) => seen.push(event), interruption.signal);
  t.equal(attempts, 3, 'no attempt starts after the interruption');
  const points = seen.filter((e) => e.type === 'point');
  t.same(points.map((e) => [e.ok, e.skip]), [[false, undefined]], "the second attempt's failure, not the skipped check of the third");
  const end = seen.find((e): e is Extract<RunEvent, { type: 'unit-end' }> => e.type === 'unit-end');
  t.equal(end?.flaky, undefined, 'not flaky');
  t.equal(end?.attempts, 2, 'the attempts that finished');
  t.match(seen.find((e) => e.type === 'comment'), { text: /^attempt 3 \(a retry\) was cut short: run interrupted by SIGINT before it finished; reported instead: attempt 2, which failed$/, unitId: 'u#1' });
});

t.test('an interruption after a failed attempt starts no retry; a first attempt cut short is reported as it is', async (t) => {
  const interruption = new AbortController();
  let attempts = 0;
  const seen: RunEvent[] = [];
  await runWithRetries(3, 'u#1', async (emit) => {
    attempts += 1;
    await attemptOf('fails')(emit);
    interruption.abort('SIGTERM');
  }, (event) => seen.push(event), interruption.signal);
  t.equal(attempts, 1);
  t.same(seen.filter((e) => e.type === 'point').map((e) => e.type === 'point' && e.ok), [false], 'the failure is reported');
  const cut: RunEvent[] = [];
  await runWithRetries(3, 'u#1', attemptOf('cut short'), (event) => cut.push(event), new AbortController().signal);
  t.same(cut.map((e) => e.type), ['unit-start', 'point', 'unit-end'], 'its skipped check, no note, nothing flaky');
  t.notOk(cut.some((e) => e.type === 'unit-end' && e.flaky));
});

t.test('retries are bounded: a count past 100 (1e308, 1000000) fails the document at its line, .inf is named as written; --retries and the configuration refuse one too', async (t) => {
  const dir = t.testdir({
    'huge.md': lispDocument('huge', { Never: '(assert (= 3 (+ 1 2)))' }, 'retries: 1e308\n'),
    'million.md': lispDocument('million', { Never: '(assert (= 3 (+ 1 2)))' }, 'retries: 1000000\n'),
    'inf.md': lispDocument('inf', { Never: '(assert (= 3 (+ 1 2)))' }, 'retries: .inf\n'),
    'hundred.md': lispDocument('hundred', { Fine: '(assert t)' }, 'retries: 100\n'),
  });
  for (const [file, written] of [['huge.md', '1e\\+308'], ['million.md', '1000000']]) {
    const started = Date.now();
    const run = await specRun([file, '--reporter', 'tap'], dir);
    t.equal(run.code, 1, `${file}: fails`);
    t.match(run.stdout, new RegExp(`not ok 1 - frontmatter 'retries' must be at most 100 \\(each retry runs a failing unit again\\), got ${written}\\n\\s+---\\n\\s+at: ${file.replace('.', '\\.')}:4\\n`));
    t.ok(Date.now() - started < 60_000, `${file}: the failing unit is not rerun without end`);
  }
  const inf = await specRun(['inf.md', '--reporter', 'tap'], dir);
  t.match(inf.stdout, /frontmatter 'retries' must be a non-negative integer, got \.inf\n/, 'the value as written, not null');
  const check = await specRun(['check', 'huge.md', 'inf.md', 'hundred.md'], dir);
  t.match(check.stdout, /huge\.md:4:1: error: frontmatter 'retries' must be at most 100/);
  t.match(check.stdout, /inf\.md:4:1: error: frontmatter 'retries' must be a non-negative integer, got \.inf/);
  t.notMatch(check.stdout, /hundred\.md/, '100 is allowed');
  const flag = await specRun(['hundred.md', '--retries', '101'], dir);
  t.equal(flag.code, 2);
  t.match(flag.stderr, /--retries must be at most 100, got '101'/);
  const configured = t.testdir({ 'a.md': lispDocument('a', { Fine: '(assert t)' }), 'spec-run.config.json': '{"retries": 1000}' });
  const config = await specRun(['a.md'], configured);
  t.equal(config.code, 2);
  t.match(config.stderr, /'retries': Too big: expected number to be <=100/);
});
