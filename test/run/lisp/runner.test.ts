// The Lisp runner end to end with a real SBCL driver and the scripted runtime
// server: points and their lines, failures and their diagnostics, bad spec code,
// time limits, crashes, seeds and runs, JSON input checks.
import { mkdirSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import type { RunEvent } from '../../../src/model/events.js';
import type { DocumentPlan } from '../../../src/model/plan.js';
import { closeDrivers, DRIVER_ENV } from '../../../src/run/lisp/driver.js';
import { runLispDocument } from '../../../src/run/lisp/index.js';
import { FAKE_RUNTIME, frontmatter, lineIn, lisp, options, runMarkdown, type PointEvent } from './helpers.js';
import { scratchDirectory } from '../../support/scratch.js';

const setup = `## Setup\n\n${lisp('(defvar *s* (make-test-session))\n(defun eval-code (code) (evaluate-in-session *s* code))')}\n`;

const at = (p: PointEvent) => p.at?.line;

t.test('ASSERT: a point per evaluation at its own line; a false one shows values and the exchange, and ends the unit', async (t) => {
  const md = `${frontmatter()}${setup}## Cases\n\n${lisp(`(let* ((response (eval-code "(+ 1 2)"))
       (text (result-content-text response)))
  (assert (result-response-p response))
  (assert (search "=> 3" text))
  (assert (search "=> 4" text))
  (assert (search "never reached" text)))`)}`;
  const r = await runMarkdown(md);
  t.same(
    r.points.map((p) => [p.ok, p.name, at(p)]),
    [
      [true, '(result-response-p response)', lineIn(md, '(assert (result-response-p')],
      [true, '(search "=> 3" text)', lineIn(md, '(assert (search "=> 3"')],
      [false, '(search "=> 4" text)', lineIn(md, '(assert (search "=> 4"')],
      [true, '(assert (search "never reached" text))', lineIn(md, '(assert (search "never reached"')],
    ],
  );
  t.equal(r.points.at(-1)?.skip, `not run: the unit stopped in the form at line ${lineIn(md, '(let* ((response')}`, 'the check after it in the same form is a skipped point');
  const failure = r.failed[0].diagnostics!;
  t.equal(failure.form, '(assert (search "=> 4" text))');
  t.same(failure.values, { text: '"=> 3"' });
  t.match(failure.request, { method: 'tools/call', params: { name: 'evaluate-lisp', arguments: { code: '(+ 1 2)' } } });
  t.match(failure.response, { result: { content: [{ type: 'text', text: '=> 3' }] } });
  t.equal(r.failed[0].at?.file, r.path);
});

t.test("ASSERT: a false one's datum and arguments are its reason, made only when it fails, as CL:ASSERT makes them", async (t) => {
  const md = `${frontmatter()}## Format control\n\n${lisp('(assert (evenp 3) () "three should be even, got ~a" 3)')}## Condition type\n\n${lisp(
    "(assert (evenp 5) () 'simple-error :format-control \"five: ~a\" :format-arguments (list 5))",
  )}## A message that cannot be made\n\n${lisp('(assert (evenp 7) () "~a ~a" 1)')}## True\n\n${lisp('(assert (evenp 2) () "~a" (error "never made"))')}`;
  const r = await runMarkdown(md);
  t.same(r.points.map((p) => p.ok), [false, false, false, true], 'the true one passes: its message is never made');
  const reasons = r.failed.map((p) => String(p.diagnostics?.reason));
  t.equal(reasons[0], 'three should be even, got 3 (the assertion is false; the rest of this unit is not run)');
  t.equal(reasons[1], 'five: 5 (the assertion is false; the rest of this unit is not run)');
  t.match(reasons[2], /^\(its message could not be made: error in FORMAT[\s\S]*\) \(the assertion is false; the rest of this unit is not run\)$/);
});

t.test("ASSERT: a helper's false precondition is the error a check's argument expects (SIGNALS, a HANDLER-CASE the check tests), as with CL:ASSERT", async (t) => {
  const helper = lisp(`(defun checked-root (x)
  (assert (>= x 0) (x) "negative input ~a" x)
  (sqrt x))
(defun checked-half (n)
  (assert (evenp n) () 'arithmetic-error :operation 'checked-half :operands (list n))
  (/ n 2))`);
  const md = `${frontmatter()}## Helpers

${helper}## FiveAM

${lisp(`(fiveam:test refuses-bad-input
  (fiveam:signals error (checked-root -1))
  (fiveam:signals arithmetic-error (checked-half 3))
  (fiveam:is (= 2 (checked-root 4))))`)}## Plain

${lisp(`(assert (handler-case (progn (checked-root -1) nil) (error () t)))
(assert (null (ignore-errors (checked-half 5))))
(assert (= 3 (checked-root 9)))`)}`;
  const r = await runMarkdown(md);
  t.same(r.failed, [], 'no failing point');
  t.same(
    r.points.filter((p) => p.skip === undefined).map((p) => p.name),
    [
      '(fiveam:signals error (checked-root -1))',
      '(fiveam:signals arithmetic-error (checked-half 3))',
      '(>= x 0)',
      '(= 2 (checked-root 4))',
      '(handler-case (progn (checked-root -1) nil) (error () t))',
      '(null (ignore-errors (checked-half 5)))',
      '(>= x 0)',
      '(= 3 (checked-root 9))',
    ],
    'each check is its point; a false precondition its check expected is none',
  );
});

t.test("ASSERT: a helper's false precondition no check's argument expects still fails its unit at the helper's line", async (t) => {
  const md = `${frontmatter()}## Helpers

${lisp(`(defun checked-root (x)
  (assert (>= x 0) (x) "negative input ~a" x)
  (sqrt x))`)}## Caught outside any check

${lisp(`(ignore-errors (checked-root -1))
(assert (= 3 (checked-root 9)))`)}## Another condition expected

${lisp(`(fiveam:test wrong-condition
  (fiveam:signals type-error (checked-root -1)))`)}## In a check that expects no error

${lisp('(assert (= 1 (checked-root -1)))')}`;
  const r = await runMarkdown(md);
  const line = lineIn(md, '(assert (>= x 0)');
  t.same(
    r.failed.map((p) => [p.name, p.at?.line, p.diagnostics?.reason]),
    [0, 1, 2].map(() => ['(>= x 0)', line, 'negative input -1 (the assertion is false; the rest of this unit is not run)']),
    'each unit fails at the precondition, with its message',
  );
  t.ok(r.points.some((p) => p.name === '(assert (= 3 (checked-root 9)))' && p.skip !== undefined), 'the check after it is skipped');
});

t.test('FiveAM: every check is a point at its line, with its reason and argument values; the test goes on after a failure', async (t) => {
  const md = `${frontmatter()}## Tests\n\n${lisp(`(fiveam:test checks
  (let ((n 7))
    (fiveam:is (= 7 n))
    (fiveam:is (< n 5)
               "n was ~A, not below ~A" n 5)
    (fiveam:is-true (evenp n))
    (fiveam:is-false (oddp n))
    (fiveam:signals division-by-zero (/ n 0))
    (fiveam:finishes (+ n 1))
    (fiveam:pass)))`)}`;
  const r = await runMarkdown(md);
  t.same(
    r.points.map((p) => [p.ok, at(p)]),
    [
      [true, lineIn(md, '(fiveam:is (= 7 n))')],
      [false, lineIn(md, '(fiveam:is (< n 5)')],
      [false, lineIn(md, '(fiveam:is-true')],
      [false, lineIn(md, '(fiveam:is-false')],
      [true, lineIn(md, '(fiveam:signals')],
      [true, lineIn(md, '(fiveam:finishes')],
      [true, lineIn(md, '(fiveam:pass)')],
    ],
  );
  t.equal(r.failed[0].diagnostics!.reason, 'n was 7, not below 5');
  t.same(r.failed[0].diagnostics!.values, { n: '7' });
  t.equal(r.failed[1].diagnostics!.reason, '(evenp n) did not return a true value');
  t.same(r.failed[1].diagnostics!.values, { n: '7' });
  t.equal(r.failed[2].name, '(fiveam:is-false (oddp n))', 'an is-false point is named by its whole form');
});

t.test('FiveAM: an error inside a test is a failing point with the condition; the next unit still runs', async (t) => {
  const md = `${frontmatter()}${lisp(`(defun breaking-helper (n) (error "broken ~A" n))
(fiveam:test breaks
  (fiveam:is (= 1 1))
  (fiveam:signals error (error "expected"))
  (breaking-helper 42))`)}\n${lisp('(fiveam:test fine (fiveam:is (= 2 2)))')}`;
  const r = await runMarkdown(md);
  t.same(r.points.map((p) => p.ok), [true, true, false, true]);
  t.match(r.failed[0].diagnostics, { condition: { type: 'SIMPLE-ERROR', message: 'broken 42' } });
  const backtrace = String(r.failed[0].diagnostics!.backtrace);
  t.match(backtrace, /^\d+: \(BREAKING-HELPER 42\)$/m, 'a short backtrace from the erring frame');
  t.notMatch(backtrace, /FIVEAM|SPEC-RUN::MAIN/, 'without the frames of FiveAM and the harness');
});

t.test('backtraces show the frames of the spec code only: its functions from the signalling call down, none of FiveAM or the harness', async (t) => {
  const md = `${frontmatter()}${lisp(`(defun level-3 (x) (error "deep ~A" x))
(defun level-2 (x) (list (level-3 (* 2 x))))
(defun level-1 (x) (list (level-2 (1+ x))))
(fiveam:test deep (level-1 1))`)}\n${lisp('(level-1 5)')}\n${lisp('(defun verify-deep () (list (level-1 7)))')}`;
  const r = await runMarkdown(md);
  const frames = r.failed.map((p) => [...String(p.diagnostics!.backtrace).matchAll(/^\d+: \(([^ )]+)/gm)].map((m) => m[1]));
  const ownFrames = ['ERROR', 'LEVEL-3', 'LEVEL-2', 'LEVEL-1'];
  t.same(frames, [ownFrames, ownFrames, [...ownFrames, 'VERIFY-DEEP']], 'in a FiveAM test, a block and a verify- function');
});

t.test('a unit without assertions that runs is one ok point; a verify- function passes by its assertions or its value', async (t) => {
  const md = `${frontmatter()}${setup}## Run\n\n${lisp('(eval-code "(+ 1 2)")')}\n${lisp(`(defun verify-returns-true ()
  (search "3" (result-content-text (eval-code "(+ 1 2)"))))`)}\n${lisp(`(defun verify-returns-nil ()
  (search "4" (result-content-text (eval-code "(+ 1 2)"))))`)}\n${lisp(`(defun verify-asserts ()
  (assert (= 1 1))
  nil)`)}`;
  const r = await runMarkdown(md);
  const byUnit = (id: number) => r.points.filter((p) => p.unitId.endsWith(`#${id}`)).map((p) => p.ok);
  t.same(byUnit(1), [true]);
  t.same(byUnit(2), [true]);
  t.same(byUnit(3), [false]);
  t.match(r.failed[0].diagnostics, { reason: /returned NIL/ });
  t.same(byUnit(4), [true], 'assertions decide, not the value');
});

t.test('bad spec code fails at its file:line with a clear message, and the rest still runs', async (t) => {
  const md = `${frontmatter()}## Bad\n\n${lisp(`(assert (= 1 1))
(undefined-helper 3)`)}\n${lisp(`(assert (= 2 2))
(nonexistent-package:thing)`)}\n${lisp('(defvar *loaded* (error "cannot load ~A" "this"))\n(defun still-loaded () 5)')}\n${lisp('(assert (= (still-loaded) 5))')}`;
  const r = await runMarkdown(md);
  const failure = (type: RegExp) => r.failed.find((p) => type.test(JSON.stringify(p.diagnostics)))!;
  const undefinedFunction = failure(/UNDEFINED-FUNCTION/);
  t.equal(at(undefinedFunction), lineIn(md, '(undefined-helper 3)'));
  t.match(undefinedFunction.diagnostics, { condition: { message: /UNDEFINED-HELPER is undefined/ } });
  const unknownPackage = failure(/NONEXISTENT-PACKAGE/);
  t.equal(at(unknownPackage), lineIn(md, '(nonexistent-package:thing)'));
  t.match(unknownPackage.diagnostics, { condition: { message: /line \d+: Package NONEXISTENT-PACKAGE does not exist/ } });
  const loadError = failure(/cannot load this/);
  t.equal(at(loadError), lineIn(md, '(defvar *loaded*'));
  t.equal(r.failed.length, 3);
  t.equal(r.points.filter((p) => p.ok).length, 3, 'the assertions before each error, and the one using a later definition');
});

t.test('unbalanced parentheses that reach the driver fail at the line of the open form', async (t) => {
  const file = '/specs/unbalanced.md';
  const code = { file, line: 10, text: '(assert (= 3 3))\n\n(let ((x 1)\n  (assert x)', lang: 'lisp', headingPath: [], blockIndex: 0 };
  const plan: DocumentPlan = {
    file,
    name: 'unbalanced',
    family: 'lisp',
    metadata: {},
    definitions: [],
    units: [{ id: `${file}#1`, kind: 'lisp-block', name: 'block', file, line: 9, headingPath: [], code }],
    notRun: [],
    problems: [],
  };
  const events: RunEvent[] = [];
  await runLispDocument(plan, options(), (e) => events.push(e));
  const points = events.filter((e): e is PointEvent => e.type === 'point');
  t.same(points.map((p) => [p.ok, p.at?.line]), [[true, 10], [false, 12]]);
  t.match(points[1].diagnostics, { condition: { message: 'unbalanced parentheses: the form starting at line 12 is not closed' } });
});

t.test('a failing point shows what its unit printed so far, the last characters of it when it printed much; a passing one nothing', async (t) => {
  const md = `${frontmatter()}## Prints then fails\n\n${lisp('(format t "computing~%")\n(format *error-output* "warned~%")\n(assert (= 1 2))')}\n## Prints much\n\n${lisp('(dotimes (i 2000) (format t "line ~a~%" i))\n(assert (= 1 2))')}\n## Prints and passes\n\n${lisp('(print 42)\n(assert t)')}`;
  const r = await runMarkdown(md);
  t.same(r.points.map((p) => p.ok), [false, false, true]);
  t.equal(r.failed[0].diagnostics?.printed, 'computing\nwarned\n', 'its standard and error output, in order');
  const much = String(r.failed[1].diagnostics?.printed);
  t.match(much, /^\[\d+ characters before these are left out\]\n/, 'says how much went before');
  t.ok(much.endsWith('line 1999\n'), 'and ends with the last line printed');
  t.ok(much.length < 4100, `bounded: ${much.length} characters`);
  t.equal(r.points[2].diagnostics, undefined, 'a passing point carries nothing');
});

t.test("definitions that do not load: the units after them keep their own time limit, and their failures say which definitions are missing and why", async (t) => {
  const hangs = `${frontmatter()}## Defs\n\n${lisp('(defun f () 1)\n(defvar *x* (loop))')}\n## Uses\n\n${lisp('(assert (= 1 (f)))')}\n## Alone\n\n${lisp('(assert (= 2 (+ 1 1)))')}`;
  const r = await runMarkdown(hangs, options({ unitTimeoutMs: 1500 }));
  const byUnit = (name: string) => r.points.filter((p) => r.events.some((e) => e.type === 'unit-start' && e.unitId === p.unitId && e.name === name));
  t.match(byUnit(`definitions at line ${lineIn(hangs, '(defun f')}`)[0]?.diagnostics, { reason: /exceeded the unit time limit of 1500 ms/ });
  const uses = byUnit('Uses');
  t.same(uses.map((p) => p.ok), [false], 'the unit that calls f fails');
  t.notMatch(String(uses[0].diagnostics?.reason), /exceeded the unit time limit/, 'on its own, not charged the time the definitions took');
  t.match(uses[0].diagnostics, {
    reason: new RegExp(`the definitions at ${r.path}:${lineIn(hangs, '(defun f')} would define f, but they did not finish within the unit time limit of 1500 ms`),
    definitions: /the definitions at line \d+ did not finish within the unit time limit of 1500 ms, and are left out of every later load/,
  });
  t.same(byUnit('Alone').map((p) => p.ok), [true], 'a unit that needs nothing of them passes');
  const errs = `${frontmatter()}## Defs\n\n${lisp('(defvar *y* (error "broken on purpose"))')}\n## Uses\n\n${lisp('(assert (= 1 *y*))')}`;
  const e = await runMarkdown(errs);
  t.match(e.failed.at(-1)?.diagnostics, { definitions: /the definitions at line \d+ failed at \(defvar \*y\* \(error "broken on purpose"\)\): what they define after it is not there/ });
});

t.test('definitions past the time limit are a failing unit whose time is the time they took, not 0 ms', async (t) => {
  const md = `${frontmatter()}${lisp('(defvar *spin* (loop))')}\n${lisp('(assert t)')}`;
  const r = await runMarkdown(md, options({ unitTimeoutMs: 1000 }));
  const end = r.events.find((e) => e.type === 'unit-end' && e.unitId.includes('#load-'));
  t.ok(end?.type === 'unit-end' && end.durationMs >= 1000, `the load ran until the limit stopped it: ${end?.type === 'unit-end' ? end.durationMs : 'no unit-end'} ms`);
});

t.test('a unit past its time limit fails; a fresh driver with the definitions reloaded runs the next units, each saying so', async (t) => {
  const md = `${frontmatter()}${lisp('(defvar *marker* 41)')}\n${lisp('(setf *marker* 1)\n(print :earlier-unit)\n(assert (= *marker* 1))')}\n${lisp('(setf *marker* 0)\n(format t "spinning now~%")\n(finish-output)\n(loop)')}\n${lisp('(assert (= *marker* 41))')}\n${lisp('(assert (= *marker* 1))')}`;
  const r = await runMarkdown(md, options({ unitTimeoutMs: 1500 }));
  t.same(r.points.map((p) => p.ok), [true, false, true, false]);
  t.match(r.failed[0].diagnostics, { reason: /exceeded the unit time limit of 1500 ms/, later: /the units after it run in a fresh Lisp environment/ });
  t.equal(r.failed[0].diagnostics?.printed, 'spinning now\n', 'what the unit printed before its driver was stopped, and nothing of the unit before');
  const comments = r.events.filter((e) => e.type === 'comment');
  t.same(
    comments.map((e) => e.type === 'comment' && e.unitId),
    r.plan.units.slice(2).map((u) => u.id),
    'the two units after the loop say so, the ones before it do not',
  );
  const fresh = new RegExp(`ran in a fresh Lisp environment: the unit "[^"]+" \\(line ${lineIn(md, '(setf *marker* 0)')}\\) exceeded the unit time limit`);
  for (const comment of comments) t.match(comment, { text: fresh });
  t.match(r.failed[1].diagnostics, { environment: fresh }, 'a failing point after it says why the state is gone');
});

t.test('a unit past its time limit fails at the form that hung, and the check running there is said to have been running', async (t) => {
  const md = `${frontmatter()}${lisp('(defun widen (lo hi) (loop while (< lo hi) do (decf lo) (incf hi)) (list lo hi))')}\n## Widening\n\n${lisp("(assert (equal '(0 0) (widen 0 0)))\n(assert (equal '(-1 3) (widen 0 2)))\n(assert (equal '(2 2) (widen 2 2)))")}`;
  const r = await runMarkdown(md, options({ unitTimeoutMs: 1500 }));
  const hung = lineIn(md, "(widen 0 2)");
  t.match(r.failed, [{ name: 'Widening completes', at: { line: hung }, diagnostics: { reason: /exceeded the unit time limit/ } }]);
  t.match(r.points.find((p) => p.at?.line === hung && p.skip), { skip: `not run to its end: the unit exceeded its time limit in the form at line ${hung}, which was running, and its driver was stopped` });
  t.same(r.points.map((p) => p.at?.line), [...r.points.map((p) => p.at?.line)].sort((a, b) => a! - b!), 'its points in the order of their lines, the failure at its form before the checks after it');
});

t.test('a FiveAM test past its time limit fails at the check that was running, not at the test, though the test calls the hanging function three times', async (t) => {
  const md = `${frontmatter()}${lisp('(defun widen (lo hi) (loop while (< lo hi) do (decf lo) (incf hi)) (list lo hi))')}\n## Widening\n\n${lisp("(fiveam:test widening\n  (fiveam:is (equal '(0 0) (widen 0 0)))\n  (fiveam:is (equal '(-1 3) (widen 0 2)))\n  (fiveam:is (equal '(2 2) (widen 2 2))))")}`;
  const r = await runMarkdown(md, options({ unitTimeoutMs: 1500 }));
  const hung = lineIn(md, '(widen 0 2)');
  t.same(r.points.map((p) => [p.name, p.at?.line]), [
    ["(equal '(0 0) (widen 0 0))", lineIn(md, '(widen 0 0)')],
    ["(fiveam:is (equal '(-1 3) (widen 0 2)))", hung],
    ['widening completes', hung],
    ["(fiveam:is (equal '(2 2) (widen 2 2)))", lineIn(md, '(widen 2 2)')],
  ]);
});

t.test('servers: a hung server ends with its unit, a crashed one fails only its unit, and none outlives the document', async (t) => {
  const md = `${frontmatter()}${setup}## Units\n\n${lisp('(defvar *pid* (parse-integer (result-value (eval-code "(pid)"))))\n(eval-code "(hang)")')}\n${lisp(
    '(defvar *other* (make-test-session))\n(evaluate-in-session *other* "(exit)")',
  )}\n${lisp('(assert (search "=> 3" (result-content-text (eval-code "(+ 1 2)"))))')}`;
  // The real server always answers and never exits because of user code: the fake stands in for one that does.
  const r = await runMarkdown(md, options({ unitTimeoutMs: 2000, runtimeCommand: FAKE_RUNTIME }));
  t.same(r.points.map((p) => p.ok), [false, false, true]);
  t.match(r.failed[0].diagnostics, { reason: /time limit/ });
  t.match(r.failed[1].diagnostics, { condition: { message: /runtime server ended \(exit code 7\)/ } });
  const pids = r.transcript.exchanges.flatMap((e) => {
    const text = (e.response as { result?: { content?: { text: string }[] } } | null)?.result?.content?.[0]?.text ?? '';
    return e.request && JSON.stringify(e.request).includes('(pid)') ? [Number(text.slice(3))] : [];
  });
  t.ok(pids.length >= 1);
  for (const pid of pids) t.throws(() => process.kill(pid, 0), `server ${pid} was stopped`);
});

t.test('seeds: the same seed draws the same numbers, another seed others; each unit-end carries its seed', async (t) => {
  const md = `${frontmatter()}${setup}${lisp('(eval-code (format nil "~A ~A" (random 1000000) (random 1000000)))')}`;
  const codes = async (seed: number) => {
    const r = await runMarkdown(md, options({ seed }));
    const seeds = r.events.flatMap((e) => (e.type === 'unit-end' ? [e.seed] : []));
    return { codes: r.transcript.exchanges.map((e) => JSON.stringify(e.request)), seeds };
  };
  const [a, b, c] = [await codes(7), await codes(7), await codes(8)];
  t.same(a, b);
  t.not(JSON.stringify(a.codes), JSON.stringify(c.codes));
  t.type(a.seeds[0], 'number');
  t.not(a.seeds[0], c.seeds[0]);
});

t.test('runs: a property-level FiveAM test repeats with derived seeds and stops at the first failure, naming its seed', async (t) => {
  const md = `${frontmatter('property')}${lisp('(fiveam:test rare (fiveam:is (< (random 20) 19) "drew 19"))')}`;
  const r = await runMarkdown(md, options({ runs: 200 }));
  t.equal(r.failed.length, 1);
  const comment = r.events.find((e) => e.type === 'comment');
  const run = Number(/run (\d+) of 200 failed/.exec(comment?.type === 'comment' ? comment.text : '')?.[1]);
  t.ok(run > 0, 'the comment names the failing run');
  t.equal(r.failed[0].diagnostics!.run, run);
  const end = r.events.find((e) => e.type === 'unit-end');
  t.equal(end?.type === 'unit-end' && end.seed, r.failed[0].diagnostics!.seed);
  const again = await runMarkdown(md, options({ runs: run }));
  t.equal(again.failed[0]?.diagnostics!.seed, r.failed[0].diagnostics!.seed, '--runs k reproduces the failure of run k');
  const passing = await runMarkdown(md, options({ runs: run - 1 }));
  t.equal(passing.failed.length, 0);
});

t.test('JSON input blocks are checked against the tools and input schemas the runtime lists', async (t) => {
  const input = (json: object) => `**Input**:\n\`\`\`json\n${JSON.stringify(json, null, 2)}\n\`\`\`\n\n`;
  const call = (name: string, args: object) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
  const md = `${frontmatter()}## One\n\n${input(call('evaluate-lisp', { code: '(+ 1 2)' }))}${lisp('(assert t)')}\n## Two\n\n${input(call('evaluate-lisp', { code: 5 }))}${lisp(
    '(assert t)',
  )}\n## Three\n\n${input(call('no-such-tool', {}))}${lisp('(assert t)')}`;
  const r = await runMarkdown(md);
  const json = r.points.filter((p) => p.name.includes('tools/call'));
  t.same(json.map((p) => p.ok), [true, false, false]);
  t.match(json[1].diagnostics, { problems: [/code must be string/] });
  t.match(json[2].diagnostics, { problems: [/no tool "no-such-tool"/] });
});

t.test('vocabulary on raw JSON-RPC: errors, notifications, accessors, qualified names', async (t) => {
  const md = `${frontmatter()}${lisp(`(let ((server (cl-mcp-server:start-test-server)))
  (let ((bad (send-request server "{not json")))
    (assert (error-response-p bad))
    (assert (= (error-code bad) -32700)))
  (let ((unknown (send-request server '((:jsonrpc . "2.0") (:id . 9) (:method . "no/such")))))
    (assert (= (error-code unknown) -32601))
    (assert (= (response-id unknown) 9))
    (assert (search "not found" (error-message unknown))))
  (assert (null (send-request server '((:jsonrpc . "2.0") (:method . "notifications/progress")))))
  (assert (null (send-request server "")))
  (let ((answer (call-tool "configure-limits" '(("timeout" . 12)) server)))
    (assert (result-success-p answer))
    (assert (eq (result-field answer :ISERROR) (result-field answer "isError")))
    (assert (equal (extract-config-params answer) '(("timeout" . 12) ("max-output" . 100000)))))
  (cl-mcp-server:stop-test-server server))
(let ((timing (extract-timing (time-execution "(+ 1 2)"))))
  (assert (hash-table-p timing))
  (assert (typep (gethash "real-time-ms" timing) 'double-float))
  (assert (< 0 (result-real-time-ms (time-execution "(+ 1 2)")) 5))
  (assert (equal (result-output (time-execution "(+ 1 2)")) "")))
(assert (< (abs (- (standard-deviation '(2 4 4 4 5 5 7 9)) 2.138)) 0.001))
(let ((session (cl-mcp-server-tests:make-test-session)))
  (assert (equal (result-field (evaluate-in-session session "(+ 1 2)") :content) '(((:type . "text") (:text . "=> 3")))))
  (assert (equal (result-content (evaluate-in-session session "(+ 1 2)")) "=> 3"))
  (assert (equal (result-value (evaluate-in-session session "(+ 1 2)")) "3"))
  (cl-mcp-server-tests:cleanup-test-session session))`)}`;
  const r = await runMarkdown(md);
  t.same(r.failed, []);
  t.equal(r.points.length, 18);
});

t.test("the time of a failed evaluation is no time limit met: the timing accessors signal its error unless asked for a failure's time", async (t) => {
  const md = `${frontmatter()}## Failed\n\n${lisp(`(let ((r (time-execution "(fact-undefined 1000)")))
  (assert (< (result-real-time-ms r) 200)))`)}\n## Asked for\n\n${lisp(`(let ((r (time-execution "(error \\"boom\\")")))
  (assert (numberp (result-real-time-ms r :even-if-failed t)))
  (assert (hash-table-p (extract-timing r :even-if-failed t)))
  (assert (handler-case (progn (extract-timing r) nil) (error (e) (search "boom" (princ-to-string e))))))`)}\n## Succeeded\n\n${lisp('(assert (< (result-real-time-ms (time-execution "(+ 1 2)")) 200))')}`;
  const r = await runMarkdown(md);
  t.equal(r.failed.length, 1, JSON.stringify(r.failed));
  t.match(r.failed[0], {
    at: { line: 13 },
    diagnostics: {
      condition: {
        message: /^the evaluation this timing measures failed \(UNDEFINED-FUNCTION: The function COMMON-LISP-USER::FACT-UNDEFINED is undefined\.\): its time says nothing of how fast the code runs[^]*pass :even-if-failed t/,
      },
    },
  });
  t.equal(r.points.filter((p) => p.ok && !p.skip).length, 4, 'the failure read on purpose, and the success, pass');
});

t.test('get-internal-real-time in spec code has microsecond resolution', async (t) => {
  const md = `${frontmatter()}${lisp(`(let ((steps (loop repeat 200
                    for a = (get-internal-real-time)
                    for b = (progn (loop repeat 2000 sum 1) (get-internal-real-time))
                    collect (- b a))))
  (assert (= internal-time-units-per-second 1000000))
  (assert (some (lambda (step) (< 0 step 1000)) steps)))`)}`;
  const r = await runMarkdown(md);
  t.same(r.failed, []);
});

t.test('the runner never throws when the runtime command cannot start', async (t) => {
  const md = `${frontmatter()}${lisp('(defvar *s* (make-test-session))')}\n${lisp('(assert *s*)')}`;
  const r = await runMarkdown(md, options({ runtimeCommand: ['/nonexistent/runtime'] }));
  t.ok(r.failed.length >= 1);
  t.match(r.failed[0].diagnostics, { condition: { message: /start-server failed/ } });
});

t.test('a request holding a value with no JSON form fails its unit and the channel stays usable', async (t) => {
  const md = `${frontmatter()}${setup}${lisp(`(assert (= 1 1))
(send-request *s* (list (cons :jsonrpc "2.0") (cons :id 1) (cons :method #'car)))`)}\n${lisp('(assert (search "=> 3" (result-content-text (eval-code "(+ 1 2)"))))')}`;
  const r = await runMarkdown(md);
  t.same(r.points.map((p) => p.ok), [true, false, true]);
  t.match(r.failed[0].diagnostics, { condition: { message: /has no JSON representation/ } });
});

t.test('vocabulary files named in the configuration load into every driver; a broken one is reported', async (t) => {
  const dir = scratchDirectory('spec-run-vocabulary-');
  const helpers = join(dir, 'helpers.lisp');
  const broken = join(dir, 'broken.lisp');
  writeFileSync(helpers, '(in-package :cl-user)\n(defun double-it (x) (* 2 x))\n');
  writeFileSync(broken, '(in-package :cl-user)\n(error "this helper file is broken")\n');
  const unreadable = join(dir, 'unreadable.lisp');
  writeFileSync(unreadable, '(in-package :cl-user)\n\n(defun half-written (x\n');
  const md = `${frontmatter()}${lisp('(assert (= (double-it 21) 42))')}\n${lisp('(setf *package* (find-package :cl-user))\n(loop)')}\n${lisp('(assert (= (double-it 1) 2))')}`;
  const r = await runMarkdown(md, options({ vocabularyFiles: [helpers, broken, unreadable], unitTimeoutMs: 1500, projectRoot: dir }));
  t.same(r.points.map((p) => p.ok), [false, false, true, false, true], 'broken file, unreadable file, first unit, time limit, unit in the fresh driver');
  t.match(r.failed[0], { name: /runs without error/, diagnostics: { condition: { message: 'this helper file is broken' } } });
  t.match(r.failed[1], { at: { file: 'unreadable.lisp', line: 3 }, diagnostics: { condition: { message: /^unbalanced parentheses: the form starting at line 3 is not closed/ } } }, 'named as the project names it, at the form SBCL could not read');
});

t.test("a vocabulary file's failing form is reported at its own line with its form, the rest of the file loads, and a function it lost is said to be missing for that reason", async (t) => {
  const dir = scratchDirectory('spec-run-vocabulary-');
  writeFileSync(join(dir, 'lib.lisp'), ';;; our library\n(defun ok-1 () 1)\n\n(defparameter *table* (make-hash-table :test \'no-such-test))\n\n(defun ok-3 () 3)\n');
  writeFileSync(join(dir, 'cut.lisp'), '(defun before-cut () 1)\n(defun cut-short (x\n');
  const md = `${frontmatter()}${lisp('(assert (= 3 (ok-3)))')}\n${lisp('(assert (= 1 (after-cut)))')}`;
  const r = await runMarkdown(md, options({ vocabularyFiles: ['lib.lisp', 'cut.lisp'], projectRoot: dir }));
  t.same(r.points.map((p) => [p.ok, p.at?.file, p.at?.line]), [
    [false, 'lib.lisp', 4],
    [false, 'cut.lisp', 2],
    [true, r.path, lineIn(md, '(assert (= 3 (ok-3)))')],
    [false, r.path, lineIn(md, '(assert (= 1 (after-cut)))')],
  ]);
  t.match(r.failed[0].diagnostics, { form: "(defparameter *table* (make-hash-table :test 'no-such-test))", condition: { message: /Unknown :TEST/ } });
  t.match(r.failed[2].diagnostics?.reason, /^after-cut is called here, but neither this document nor the vocabulary defines it; the vocabulary did not load whole: lib\.lisp failed at line 4 \(Unknown :TEST[^)]*\); cut\.lisp failed at line 2 \(unbalanced parentheses/);
});

t.test("a vocabulary file that ends its driver (a time limit, an exit): a call of what it defines names the file, the definition's line and where it stopped; one of what it does not define is told the file did not load whole", async (t) => {
  const dir = scratchDirectory('spec-run-vocabulary-');
  writeFileSync(join(dir, 'hangs.lisp'), '(defun helper-a () 1)\n(loop)\n');
  writeFileSync(join(dir, 'exits.lisp'), ';;; helpers\n(defun helper-b () 1)\n(sb-ext:exit :code 0)\n');
  const md = `${frontmatter()}${lisp('(assert (= 1 (helper-a)))')}\n${lisp('(assert (= 1 (helper-b)))')}\n${lisp('(assert (= 1 (helper-c)))')}`;
  const r = await runMarkdown(md, options({ vocabularyFiles: ['hangs.lisp', 'exits.lisp'], projectRoot: dir, unitTimeoutMs: 1500 }));
  t.same(r.failed.map((p) => [p.at?.file, p.at?.line]), [['hangs.lisp', 2], ['exits.lisp', 3], [r.path, lineIn(md, '(helper-a)')], [r.path, lineIn(md, '(helper-b)')], [r.path, lineIn(md, '(helper-c)')]]);
  const reasons = r.failed.slice(2).map((p) => p.diagnostics?.reason);
  t.equal(reasons[0], 'helper-a is called here, but is not defined: the vocabulary file hangs.lisp defines it at line 1, but did not finish within the unit time limit of 1500 ms (--timeout) at line 2');
  t.equal(reasons[1], 'helper-b is called here, but is not defined: the vocabulary file exits.lisp defines it at line 2, but ended its driver at line 3');
  t.equal(reasons[2], 'helper-c is called here, but neither this document nor the vocabulary defines it; the vocabulary file hangs.lisp did not load whole, it did not finish within the unit time limit of 1500 ms (--timeout) at line 2 (its definition may be what failed); the vocabulary file exits.lisp did not load whole, it ended its driver at line 3 (its definition may be what failed)');
});

t.test('a directory given as a vocabulary file fails as one, at its path, and the units still run', async (t) => {
  const dir = scratchDirectory('spec-run-vocabulary-');
  mkdirSync(join(dir, 'd2'));
  const r = await runMarkdown(`${frontmatter()}${lisp('(assert (= 1 1))')}`, options({ vocabularyFiles: [join(dir, 'd2')], projectRoot: dir }));
  t.same(r.points.map((p) => p.ok), [false, true]);
  t.match(r.failed[0], { at: { file: 'd2', line: 1 }, diagnostics: { reason: 'd2 is a directory, not a Lisp file: name the Lisp files in it in the configuration\'s vocabulary' } });
});

t.test("a failed FiveAM check in a definition's value, as its block loads, is one point and the definition goes on: the next unit sees the variable", async (t) => {
  const md = `${frontmatter()}${lisp('(defparameter *widths* (let ((w (list 1 2 3))) (fiveam:is (= 4 (length w))) w))\n(defvar *checked* (progn (fiveam:is-true (consp *widths*)) t))')}\n## Uses them\n\n${lisp('(assert (= 3 (length *widths*)))\n(assert *checked*)')}`;
  const r = await runMarkdown(md);
  t.same(r.points.map((p) => [p.ok, p.name, p.at?.line]), [
    [false, '(= 4 (length w))', lineIn(md, '(defparameter *widths*')],
    [true, '(consp *widths*)', lineIn(md, '(defvar *checked*')],
    [true, '(= 3 (length *widths*))', lineIn(md, '(assert (= 3')],
    [true, '*checked*', lineIn(md, '(assert *checked*)')],
  ], 'no second point for the check signalling out of the definition, and nothing left unbound');
  t.match(r.failed[0].diagnostics, { values: { '(length w)': '3' } });
});

t.test('definitions that draw random numbers draw the same ones under the same seed', async (t) => {
  const md = `${frontmatter()}${lisp('(defvar *drawn* (random 1000000000))')}\n${lisp('(assert (< *drawn* 0))')}`;
  const drawn = async (seed: number) => (await runMarkdown(md, options({ seed }))).failed[0].diagnostics!.values;
  t.same(await drawn(3), await drawn(3));
  t.not(JSON.stringify(await drawn(3)), JSON.stringify(await drawn(4)));
});

t.test('a driver that dies fails its unit; the next unit runs in a fresh driver, saying so', async (t) => {
  const md = `${frontmatter()}${lisp('(defvar *ready* t)')}\n${lisp('(assert *ready*)\n(sb-ext:exit :code 9 :abort t)')}\n${lisp('(assert *ready*)')}`;
  const r = await runMarkdown(md);
  t.same(r.points.map((p) => p.ok), [true, false, true]);
  t.match(r.failed[0].diagnostics, { reason: /the driver process ended \(exit code 9\)/ });
  t.match(
    r.events.filter((e) => e.type === 'comment'),
    [{ unitId: r.plan.units[1].id, text: /ran in a fresh Lisp environment: the unit "[^"]+" \(line \d+\) failed \(the driver process ended/ }],
  );
});

t.test('a driver of its own killed by SIGKILL is reported as killed by SIGKILL, not as the exit code unshare gives it', async (t) => {
  const previous = process.env[DRIVER_ENV];
  process.env[DRIVER_ENV] = 'fresh';
  t.teardown(async () => {
    if (previous === undefined) delete process.env[DRIVER_ENV];
    else process.env[DRIVER_ENV] = previous;
    await closeDrivers();
  });
  // The driver is its namespace's first process, which no signal from inside it ends: the
  // unit holds a file open, by which the test finds the driver's process from outside and kills it.
  const held = join(scratchDirectory('spec-run-killed-driver-'), 'held-by-the-driver');
  const md = `${frontmatter()}${lisp(`(defparameter *held* (open ${JSON.stringify(held)} :direction :output :if-exists :supersede))\n(sleep 30)\n(assert t)`)}\n${lisp('(assert (= 2 (+ 1 1)))')}`;
  const killer = setInterval(() => {
    for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)))
      try {
        if (readdirSync(`/proc/${pid}/fd`).some((fd) => readlinkSync(`/proc/${pid}/fd/${fd}`) === held)) {
          process.kill(Number(pid), 'SIGKILL');
          // One kill, the unit's driver's: a driver started later (for the next unit) that came to hold the file too is not this test's to end.
          clearInterval(killer);
          return;
        }
      } catch {
        // a process that ended meanwhile, or not ours to read
      }
  }, 100);
  t.teardown(() => clearInterval(killer));
  const r = await runMarkdown(md);
  clearInterval(killer);
  t.same(r.points.map((p) => p.ok), [false, true], 'the unit that was killed fails; the next runs in a fresh driver');
  t.match(r.failed[0]?.diagnostics, { reason: /the driver process ended \(killed by SIGKILL\)/ });
  t.notMatch(JSON.stringify(r.failed[0]), /sigprocmask|exit code 1\b/, "unshare's own complaint is not the driver's");
});

t.test('a unit that holds checks but made none fails, naming how many and where; one with no check at all runs without error', async (t) => {
  const md = `${frontmatter()}${lisp("(defparameter *none* '())\n(defmacro each-positive (list) `(dolist (x ,list) (is (plusp x))))")}
## Loop\n\n${lisp("(fiveam:test over-nothing\n  (dolist (n *none*)\n    (is (= 0 (mod n 1)))\n    (ok (integerp n))))")}
## False condition\n\n${lisp('(when (> 1 2)\n  (assert (= 1 2)))')}
## Swallowed\n\n${lisp('(ignore-errors (is (= 1 (error "boom"))))')}
## Macro\n\n${lisp('(each-positive *none*)')}
## Verify\n\n${lisp('(defun verify-none ()\n  (dolist (n *none* t) (assert (plusp n))))')}
## Plain\n\n${lisp('(format nil "hello")')}
## Ran\n\n${lisp("(fiveam:test over-one\n  (dolist (n '(1))\n    (is (plusp n))))")}`;
  const r = await runMarkdown(md);
  const reasons = r.failed.map((p) => [p.name, p.diagnostics?.reason]);
  t.same(reasons, [
    ['over-nothing makes its checks', `none of its 2 checks ran (lines ${lineIn(md, '(is (= 0 (mod n 1)))')}, ${lineIn(md, '(ok (integerp n))')}): the unit ran to its end without making one (a check in a loop over nothing, under a false condition, or inside IGNORE-ERRORS around an error is never made)`],
    ['False condition makes its checks', `none of its 1 check ran (line ${lineIn(md, '(assert (= 1 2))')}): the unit ran to its end without making one (a check in a loop over nothing, under a false condition, or inside IGNORE-ERRORS around an error is never made)`],
    // Begun, the check was left by the error its own argument signalled: it fails at its line.
    ['(= 1 (error "boom"))', 'the check never reached a verdict: evaluating it signalled SIMPLE-ERROR, which code around the check caught'],
    // A check the macro's template holds as written stands where it is written, as its point would.
    ['Macro makes its checks', `none of its 1 check ran (line ${lineIn(md, '(defmacro each-positive')}): the unit ran to its end without making one (a check in a loop over nothing, under a false condition, or inside IGNORE-ERRORS around an error is never made)`],
    ['verify-none makes its checks', `none of its 1 check ran (line ${lineIn(md, '(assert (plusp n))')}): the unit ran to its end without making one (a check in a loop over nothing, under a false condition, or inside IGNORE-ERRORS around an error is never made)`],
  ]);
  t.same(
    r.points.filter((p) => p.ok).map((p) => p.name),
    ['Plain runs without error', '(plusp n)'],
    'a block without checks passes, saying what it checked; checks that ran are the points',
  );
});

t.test('a unit whose only checks are in the functions it calls fails when none of theirs ran; one whose helpers check nothing runs without error', async (t) => {
  const md = `${frontmatter()}${lisp("(defparameter *none* '())\n(defun check-each (list)\n  (dolist (n list)\n    (assert (plusp n))))\n(defun check-all (list)\n  (check-each list))\n(defun tidy (list)\n  (length list))")}
## Through a helper\n\n${lisp('(check-all *none*)')}
## Passed as a function\n\n${lisp("(mapc #'check-each (list *none*))")}
## In a test\n\n${lisp('(fiveam:test helper-over-nothing\n  (check-all *none*))')}
## Helper that ran\n\n${lisp("(check-all '(1 2))")}
## Tidy\n\n${lisp('(tidy *none*)')}
## Named to funcall\n\n${lisp("(funcall 'check-all *none*)")}
## Named to a helper\n\n${lisp("(defun run-check (check) (funcall check *none*))\n(run-check 'check-all)")}
## Quoted data\n\n${lisp("(list '(check-all *none*) 'check-each)")}
## Put aside\n\n${lisp("(let ((checks (list #'check-all (function check-each)))) (length checks))")}
## Fetched to funcall\n\n${lisp("(funcall (symbol-function 'check-all) *none*)")}
## Fetched and compiled\n\n${lisp("(compile 'check-all)\n(length (list (fdefinition 'check-each) (symbol-function 'check-all)))")}`;
  const r = await runMarkdown(md);
  const where = `check-each at [^ ,)]+:${lineIn(md, '(assert (plusp n))')}`;
  t.match(
    r.failed.map((p) => [p.name, p.diagnostics?.reason]),
    ['Through a helper', 'Passed as a function', 'helper-over-nothing', 'Named to funcall', 'Named to a helper', 'Fetched to funcall'].map((unit) => [
      `${unit} makes its checks`,
      new RegExp(`^none of the 1 check of the functions it calls ran \\(${where}\\): the unit ran to its end without making one`),
    ]),
    "each names the helper check that never ran, followed through a second helper, through #', through 'f given to funcall or to a function of the document, and through (symbol-function 'f) given to funcall",
  );
  t.equal(r.failed.length, 6);
  t.same(
    r.points.filter((p) => p.ok).map((p) => p.name),
    ['(plusp n)', '(plusp n)', 'Tidy runs without error', 'Quoted data runs without error', 'Put aside runs without error', 'Fetched and compiled runs without error'],
    "checks made through a helper are the points; a helper without checks is no check, nor is quoted data ('(f), or 'f given to no operator that calls it), nor #'f put in a list, nor a function only fetched (symbol-function, fdefinition) or compiled",
  );
});

t.test('threads a unit leaves running are stopped and fail it, named; their late checks land in no other unit', async (t) => {
  const md = `${frontmatter()}## Left\n\n${lisp('(bt:make-thread (lambda () (sleep 0.5) (is (= 1 2))) :name "late checker")\n(assert (= 1 1))')}
## Joined\n\n${lisp('(bt:join-thread (bt:make-thread (lambda () (is (= 3 3)))))')}
## Next\n\n${lisp('(sleep 1)\n(assert (= 2 2))')}`;
  const r = await runMarkdown(md);
  const byUnit = (index: number) => r.points.filter((p) => p.unitId === r.plan.units[index].id).map((p) => [p.ok, p.name]);
  t.same(byUnit(0), [[true, '(= 1 1)'], [false, 'Left leaves no thread running']], 'the check the thread had yet to make is not reported as never reached: the thread is stopped and says so');
  t.match(r.failed[0].diagnostics, { reason: /^1 thread it started was still running when it ended \(late checker\): stopped, so no check made there later counts/ });
  t.same(byUnit(1), [[true, '(= 3 3)']], 'a joined thread is no problem');
  t.same(byUnit(2), [[true, '(= 2 2)']], 'the late check is not credited to the next unit');
});

t.test('a false assert in a thread of spec code is its one point and ends that thread only: joined or not, in a block or a test, the unit goes on', async (t) => {
  const md = `${frontmatter()}## Joined\n\n${lisp('(let ((th (bt:make-thread (lambda () (assert (= 1 (length (list 1 2)))) (assert (= 5 5))) :name "checker")))\n  (assert (null (bt:join-thread th))))\n(assert (= 1 1))')}
## Not joined\n\n${lisp('(bt:make-thread (lambda () (assert (= 2 3))))\n(sleep 0.3)\n(assert (= 2 2))')}
## In a test\n\n${lisp('(fiveam:test threaded\n  (bt:join-thread (bt:make-thread (lambda () (assert (= 3 4)))))\n  (fiveam:is (= 3 3)))')}`;
  const r = await runMarkdown(md);
  const byUnit = (index: number) => r.points.filter((p) => p.unitId === r.plan.units[index].id).map((p) => [p.ok, p.name, p.at?.line, p.skip ?? null]);
  t.match(byUnit(0), [
    [false, '(= 1 (length (list 1 2)))', lineIn(md, '(let ((th'), null],
    [true, '(null (bt:join-thread th))', lineIn(md, '(assert (null'), null],
    [true, '(= 1 1)', lineIn(md, '(assert (= 1 1))'), null],
    [true, '(assert (= 5 5))', lineIn(md, '(let ((th'), /^not run: the unit ended without evaluating it/],
  ], "no point for the thread's end or the join, none leaking spec-run's own control flow; the thread's check after the false one is skipped, not run");
  t.match(r.failed[0].diagnostics, { values: { '(length (list 1 2))': '2' }, reason: 'the assertion is false; the rest of this thread is not run' });
  t.same(byUnit(1), [[false, '(= 2 3)', lineIn(md, '(assert (= 2 3))'), null], [true, '(= 2 2)', lineIn(md, '(assert (= 2 2))'), null]]);
  t.same(byUnit(2), [[false, '(= 3 4)', lineIn(md, '(assert (= 3 4))'), null], [true, '(= 3 3)', lineIn(md, '(fiveam:is (= 3 3))'), null]]);
  t.notMatch(JSON.stringify(r.points), /UNIT-STOP|THROW|JOIN-THREAD-ERROR|runs without error/);
});

t.test('a dry run starts no driver: every unit is skipped as not run', async (t) => {
  const md = `${frontmatter()}${lisp('(defvar *s* (make-test-session))')}\n${lisp('(loop)')}\n${lisp('(fiveam:test never (is nil))')}\n${lisp('(defun verify-never () nil)')}`;
  const r = await runMarkdown(md, options({ dryRun: true, runtimeCommand: ['/nonexistent/runtime'] }));
  t.same(
    r.points.map((p) => [p.ok, p.skip]),
    r.plan.units.map(() => [true, 'dry run: not run']),
  );
  t.equal(r.transcript.exchanges.length, 0, 'no session was asked anything');
});

t.test('a unit that holds no check verifies nothing: a block passes as running without error, marked unchecked; a FiveAM test is skipped', async (t) => {
  const md = `${frontmatter()}${lisp('(defun parse-int (s) (parse-integer s :junk-allowed t))')}
## Bare call\n\n${lisp('(parse-int "42")')}
## Empty test\n\n${lisp('(fiveam:test parses-negative)')}
## Test that computes\n\n${lisp('(fiveam:test parses-garbage\n  (parse-int "abc"))')}
## Checked\n\n${lisp('(fiveam:test parses-positive\n  (fiveam:is (= 42 (parse-int "42"))))')}`;
  const r = await runMarkdown(md);
  t.same(
    r.points.map((p) => [p.name, p.ok, p.skip ?? null, p.unchecked ?? null]),
    [
      ['Bare call runs without error', true, null, true],
      ['parses-negative makes a check', true, 'it holds no check (is, signals, finishes...): it ran without error and verified nothing', null],
      ['parses-garbage makes a check', true, 'it holds no check (is, signals, finishes...): it ran without error and verified nothing', null],
      ['(= 42 (parse-int "42"))', true, null, null],
    ],
  );
  t.equal(r.points[1].at?.line, lineIn(md, '(fiveam:test parses-negative)'), 'at the test');
});

t.test("a call of a bare name no function of the package it is read in names, where another package defines one, says how to write it: that package's name, one colon when exported", async (t) => {
  const dir = scratchDirectory('spec-run-vocabulary-');
  writeFileSync(join(dir, 'ring.lisp'), '(defpackage :ring (:use :cl) (:export #:ring-push))\n(in-package :ring)\n(defun ring-push (r x) (list r x))\n(defun ring-peek (r) r)\n');
  const md = `${frontmatter()}${lisp('(assert (ring-push 1 2))')}\n${lisp('(assert (ring-peek 1))')}\n${lisp('(defpackage :mine (:use :cl))\n(in-package :mine)\n(is (= 1 1))')}\n${lisp('(assert (= 1 (nowhere-defined 1)))')}`;
  const r = await runMarkdown(md, options({ vocabularyFiles: ['ring.lisp'], projectRoot: dir }));
  t.same(
    r.failed.map((p) => p.diagnostics?.reason),
    [
      "ring-push is called here, but neither this document nor the vocabulary defines it in package COMMON-LISP-USER, where it is read; another package does, which that one does not use: write 'ring:ring-push'",
      "ring-peek is called here, but neither this document nor the vocabulary defines it in package COMMON-LISP-USER, where it is read; another package does, which that one does not use: write 'ring::ring-peek'",
      "is is called here, but neither this document nor the vocabulary defines it in package MINE, where it is read; another package does, which that one does not use: write 'fiveam:is'",
      'nowhere-defined is called here, but neither this document nor the vocabulary defines it',
    ],
    'a name no package defines is said as before',
  );
});
