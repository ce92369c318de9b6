// The driver's side of the Lisp family, end to end with a real SBCL driver: the
// checks of rove, prove and Parachute (failing ones too), `input` of an
// Input/Expected pair, threads of spec code, and calls of undefined functions.
import t from 'tap';
import { parseMarkdown } from '../../../src/parse/index.js';
import { translate } from '../../../src/translate/index.js';
import { indexDefinitions } from '../../../src/translate/definition-index.js';
import { frontmatter, lineIn, lisp, options, runMarkdown, type PointEvent } from './helpers.js';

const summary = (p: PointEvent) => [p.ok, p.name, p.at?.line];

t.test("the dialects' checks: one point each at its line, failing ones with values and reason, and the test goes on", async (t) => {
  const md = `${frontmatter()}## Tests\n\n${lisp(`(deftest prove-and-rove ()
  (let ((n 3))
    (ok (= n 3))
    (ok (= n 4) "n is four")
    (is (* n 2) 7)
    (ng (evenp n))))

(define-test parachute
  (let ((n 3))
    (is = 4 n)
    (false (oddp n))
    (of-type string n)
    (fail (+ n 1))
    (true (> n 0))))`)}`;
  const r = await runMarkdown(md);
  t.same(r.points.map(summary), [
    [true, '(ok (= n 3))', lineIn(md, '(ok (= n 3))')],
    [false, '(ok (= n 4) "n is four")', lineIn(md, '(ok (= n 4)')],
    [false, '(is (* n 2) 7)', lineIn(md, '(is (* n 2) 7)')],
    [true, '(ng (evenp n))', lineIn(md, '(ng (evenp n))')],
    [false, '(is = 4 n)', lineIn(md, '(is = 4 n)')],
    [false, '(false (oddp n))', lineIn(md, '(false (oddp n))')],
    [false, '(of-type string n)', lineIn(md, '(of-type string n)')],
    [false, '(fail (+ n 1))', lineIn(md, '(fail (+ n 1))')],
    [true, '(true (> n 0))', lineIn(md, '(true (> n 0))')],
  ]);
  const [four, seven, parachuteIs] = r.failed;
  t.equal(four.diagnostics?.reason, 'n is four', 'the description is the reason');
  t.same(seven.diagnostics?.values, { '(* n 2)': '6' }, 'the value of the argument subform');
  t.same(parachuteIs.diagnostics?.values, { n: '3' });
});

t.test("prove's skip takes prove's arguments: how many checks, and a format control with its arguments", async (t) => {
  const md = `${frontmatter()}## Skips\n\n${lisp(`(prove:deftest later
  (prove:skip 2 "not ready: ~a" "parser")
  (prove:ok t))`)}`;
  const r = await runMarkdown(md);
  t.match(r.points, [{ ok: true, skip: 'not ready: parser' }, { ok: true, skip: 'not ready: parser' }, { ok: true, skip: undefined }]);
});

t.test('input: bound to the Input block\'s request in its Expected block, with keys spelled as in the JSON', async (t) => {
  const md = `${frontmatter()}## Pair\n\n**Input**:\n\`\`\`json\n{"jsonrpc":"2.0","id":9,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{}}}\n\`\`\`\n\n**Expected**:\n${lisp(`(assert (= (cdr (assoc :id input)) 9))
(assert (string= (cdr (assoc :protocolVersion (cdr (assoc :params input)))) "2025-03-26"))
(assert (search "\\"protocolVersion\\":\\"2025-03-26\\"" (spec-run::to-json input)))
(assert (search "\\"capabilities\\":{}" (spec-run::to-json input)))`)}\n## Elsewhere\n\n${lisp('(print input)')}`;
  const r = await runMarkdown(md);
  t.same(
    r.points.filter((p) => p.unitId.endsWith('#2')).map((p) => p.ok),
    [true, true, true, true],
  );
  const unbound = r.failed.find((p) => p.at?.line === lineIn(md, '(print input)'));
  t.match(unbound?.diagnostics, { condition: { type: 'UNBOUND-VARIABLE' }, reason: /input is bound only in the block that answers an Input JSON block/ }, 'outside a pair, input is unbound, and why');
});

t.test('an Input whose Expected block states nothing of the answer verifies nothing: the well-formed JSON point and the block are both unchecked passes', async (t) => {
  const input = '**Input**:\n```json\n{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "evaluate-lisp", "arguments": {"code": "(+ 1 2)"}}}\n```\n\n**Expected**:\n';
  const md = `${frontmatter()}## Sent, answer dropped\n\n${input}${lisp('(send-request *server* input)\n;; the answer holds "=> 4"')}\n## Printed\n\n${input}${lisp('(print (send-request *server* input))')}\n## Checked\n\n${input}${lisp('(assert (search "=> 3" (result-content-text (send-request *server* input))))')}`;
  const r = await runMarkdown(md);
  const byUnit = (n: number) => r.points.filter((p) => p.unitId.endsWith(`#${n}`)).map((p) => [p.ok, p.name, p.unchecked ?? false]);
  t.same(byUnit(1), [[true, 'the JSON is a well-formed JSON object', true]], 'parsing the document\'s own JSON checks no answer');
  t.same(byUnit(2), [[true, 'Sent, answer dropped runs without error', true]]);
  t.same(byUnit(4), [[true, 'Printed runs without error', true]]);
  t.same(byUnit(5), [[true, 'the JSON is a well-formed JSON object', true]]);
  t.same(byUnit(6), [[true, '(search "=> 3" (result-content-text (send-request *server* input)))', false]], 'a check of the answer is the pair\'s one verifying point');
});

t.test('threads: points recorded in a thread are reported; an error escaping a thread fails its unit and the run goes on', async (t) => {
  const md = `${frontmatter()}## Threads\n\n${lisp(`(let ((threads (loop for i below 3
                       collect (let ((i i)) (bt:make-thread (lambda () (ok (< i 3))))))))
  (mapc #'bt:join-thread threads))`)}\n## Error in a thread\n\n${lisp(`(bt:join-thread (bt:make-thread (lambda () (error "thread trouble")) :name "troubled"))`)}\n## After\n\n${lisp('(assert (= 1 1))')}`;
  const r = await runMarkdown(md);
  const byUnit = (n: number) => r.points.filter((p) => p.unitId.endsWith(`#${n}`));
  t.same(byUnit(1).map((p) => p.ok), [true, true, true]);
  t.match(byUnit(2).find((p) => !p.ok), { name: 'thread troubled runs without error', diagnostics: { condition: { message: 'thread trouble' } } });
  t.same(byUnit(3).map((p) => p.ok), [true], 'the driver lives on');
});

t.test("an error escaping a thread fails the unit at the call that started the thread, each thread at its own line, one without a name named by it", async (t) => {
  const md = `${frontmatter()}## Helpers\n\n${lisp(`(defun start-failing (text)
  (bt:make-thread (lambda () (error "~A" text))))
(defun start-idle ()
  (bt:make-thread (lambda () (sleep 30))))`)}
## Two in one form\n\n${lisp(`(let ((a (bt:make-thread (lambda () 1)))
      (b (bt:make-thread (lambda () (error "boom in b"))))
      (c (bt:make-thread (lambda () (error "boom in c")))))
  (bt:join-thread a)
  (sleep 0.5))`)}
## Through a helper\n\n${lisp(`(let ((d (start-failing "d"))
      (e (start-failing "e")))
  (sleep 0.5))
(start-failing "f")
(sleep 0.5)`)}
## Named\n\n${lisp(`(bt:make-thread (lambda () (error "named")) :name "worker")
(sleep 0.5)`)}
## Left running\n\n${lisp('(start-idle)')}`;
  const r = await runMarkdown(md);
  // Threads end in any order: their points are compared in the order of their lines.
  const byLine = [...r.failed].sort((a, b) => (a.at?.line ?? 0) - (b.at?.line ?? 0));
  t.same(byLine.map((p) => [p.name, p.at?.line, (p.diagnostics?.condition as { message?: string } | undefined)?.message]), [
    ['thread started at line ' + lineIn(md, '(b (bt:make-thread') + ' runs without error', lineIn(md, '(b (bt:make-thread'), 'boom in b'],
    ['thread started at line ' + lineIn(md, '(c (bt:make-thread') + ' runs without error', lineIn(md, '(c (bt:make-thread'), 'boom in c'],
    ['thread started at line ' + lineIn(md, '(start-failing "d")') + ' runs without error', lineIn(md, '(start-failing "d")'), 'd'],
    ['thread started at line ' + lineIn(md, '(start-failing "e")') + ' runs without error', lineIn(md, '(start-failing "e")'), 'e'],
    ['thread started at line ' + lineIn(md, '(start-failing "f")') + ' runs without error', lineIn(md, '(start-failing "f")'), 'f'],
    ['thread worker runs without error', lineIn(md, ':name "worker"'), 'named'],
    ['Left running leaves no thread running', lineIn(md, '(start-idle)'), undefined],
  ], "the make-thread in the unit's form, else the unit's call of the helper that made it; a named thread keeps its name");
  t.match(byLine.at(-1)?.diagnostics?.reason, `(started at line ${lineIn(md, '(start-idle)')})`, 'a thread left running is named by where it was started');
});

t.test('an undefined function: not ok at the call, saying no one defines it, and where another document of the run does', async (t) => {
  const helpers = translate(parseMarkdown('helpers.test.md', `${frontmatter()}## Helpers\n\n${lisp('(defun random-choice (list) (first list))')}`));
  const md = `${frontmatter()}## Generator\n\n${lisp('(defun pick () (random-choice (list 1 2)))')}\n## Use\n\n${lisp('(assert (pick))')}`;
  const r = await runMarkdown(md, options({ definitions: indexDefinitions([helpers]) }));
  const [failure] = r.failed;
  t.equal(failure.at?.line, lineIn(md, '(random-choice (list 1 2))'), 'located at the call, in the definition that makes it');
  t.match(
    failure.diagnostics?.reason,
    `random-choice is called here, but neither this document nor the vocabulary defines it; random-choice is defined in helpers.test.md:${helpers.definitions[0].line}; add it to a vocabulary file to share it`,
  );
});

t.test("FiveAM's is with a format control and string arguments is FiveAM's, not prove's (is got expected description)", async (t) => {
  const md = `${frontmatter()}## Tests\n\n${lisp(`(defmacro expect-text (code expected)
  \`(is (search ,expected ,code) "~a should hold ~a" ,code ,expected))

(test reasons-with-string-arguments
  (is (search "b" "abc") "~a should hold ~a" "abc" "b")
  (expect-text "xyz" "q")
  (is "same" "same" "prove: got, expected, description"))`)}`;
  const r = await runMarkdown(md, options());
  t.same(r.points.map(summary), [
    [true, '(search "b" "abc")', lineIn(md, '(is (search "b" "abc")')],
    [false, '(search "q" "xyz")', lineIn(md, '(expect-text "xyz" "q")')], // a check a macro made stands at the macro's call
    [true, '(is "same" "same" "prove: got, expected, description")', lineIn(md, '(is "same" "same"')],
  ]);
  t.equal(r.points[1].diagnostics?.reason, 'xyz should hold q', 'the reason formatted with its arguments');
});

t.test("in a FiveAM test, (is variable \"reason\") is FiveAM's is, which wants a test form; in a deftest it is prove's", async (t) => {
  const md = `${frontmatter()}## Tests\n\n${lisp(`(test fiveam-reads-it
  (let ((found (search "b" "abc")))
    (is (numberp found) "found is a number")
    (is found "Must find it")))

(deftest prove-reads-it
  (let ((got "abc"))
    (is got "abc")))`)}`;
  const r = await runMarkdown(md, options());
  const fiveam = r.points.filter((p) => p.unitId.endsWith('#1'));
  t.same(fiveam.map((p) => p.ok), [true, false], 'the check before it passes; then FiveAM refuses the form');
  t.match(fiveam[1].diagnostics?.reason, /Argument to IS must be a list, not FOUND/);
  t.same(r.points.filter((p) => p.unitId.endsWith('#2')).map(summary), [[true, '(is got "abc")', lineIn(md, '(is got "abc")')]], "prove's (is got expected) compares");
});
