// The client vocabulary's requests and answer readers, end to end: spec code in a real
// SBCL driver against the project's own runtime server. Each test checks the points of
// its document (every check ran, and passed) and, where the wire matters, the requests
// the server received.
import t from 'tap';
import fc from 'fast-check';
import { frontmatter, lisp, runMarkdown, type DocumentResult } from './helpers.js';

type TapTest = Parameters<Parameters<typeof t.test>[0]>[0];

/** TEXT as a Lisp string literal. */
const lispString = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** Every point of the run passed, and there were `count` of them. */
function allPassed(t: TapTest, r: DocumentResult, count: number): void {
  const failed = r.points.filter((p) => !p.ok);
  t.same(
    failed.map((p) => ({ name: p.name, line: p.at?.line, values: p.diagnostics?.values, reason: p.diagnostics?.reason, condition: p.diagnostics?.condition })),
    [],
    'no point failed',
  );
  t.equal(r.points.length, count, 'every check ran');
}

const sent = (r: DocumentResult) => r.transcript.exchanges.map((e) => e.request);

t.test('builders: a request for each MCP method and each tool, sent as built, with the ids given', async (t) => {
  const md = `${frontmatter()}## Builders\n\n${lisp(`(with-test-server (s :initialize nil)
  (assert (result-response-p (send-request s (make-initialize-request :id 100))))
  (assert (null (send-request s (make-initialized-notification))))
  (assert (result-response-p (send-request s (make-ping-request :id 101))))
  (assert (equal (tool-names (send-request s (make-tools-list-request :id 102)))
                 (tool-names (send-request s (make-list-tools-request :id 103)))))
  (assert (equal '("3") (result-values (send-request s (make-tool-call-request "evaluate-lisp" '((:code . "(+ 1 2)")) :id 104)))))
  (assert (equal '("3") (result-values (send-request s (make-tools-call-request "evaluate-lisp"
                                                          '((:name . "evaluate-lisp") (:arguments (:code . "(+ 1 2)")))
                                                          :id 105)))))
  (assert (equal '("\\"KEYWORD\\"") (result-values (send-request s (make-evaluate-lisp-request "(cl:package-name cl:*package*)" :package "KEYWORD" :id 106)))))
  (assert (find-line (send-request s (make-evaluate-lisp-request "42" :capture-time t :id 107)) "; Timing:"))
  (assert (find-line (send-request s (make-configure-limits-request :timeout 7 :id 108)) "timeout: 7 seconds"))
  (assert (= 7 (extract-number (send-request s (make-configure-limits-request :id 109)) "timeout:")))
  (assert (equal '("3") (result-values (send-request s (make-time-execution-request "(+ 1 2)" :package "CL-USER" :id 110)))))
  (let ((a (make-ping-request)) (b (make-tools-list-request)))
    (assert (= (request-id b) (1+ (request-id a))))))`)}`;
  const r = await runMarkdown(md);
  allPassed(t, r, 12);
  const [initialize, ...rest] = sent(r);
  t.match(initialize, { jsonrpc: '2.0', id: 100, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'spec-run', version: String } } });
  t.same(rest, [
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 101, method: 'ping', params: {} },
    { jsonrpc: '2.0', id: 102, method: 'tools/list', params: {} },
    { jsonrpc: '2.0', id: 103, method: 'tools/list', params: {} },
    { jsonrpc: '2.0', id: 104, method: 'tools/call', params: { name: 'evaluate-lisp', arguments: { code: '(+ 1 2)' } } },
    { jsonrpc: '2.0', id: 105, method: 'tools/call', params: { name: 'evaluate-lisp', arguments: { code: '(+ 1 2)' } } },
    { jsonrpc: '2.0', id: 106, method: 'tools/call', params: { name: 'evaluate-lisp', arguments: { code: '(cl:package-name cl:*package*)', package: 'KEYWORD' } } },
    { jsonrpc: '2.0', id: 107, method: 'tools/call', params: { name: 'evaluate-lisp', arguments: { code: '42', 'capture-time': true } } },
    { jsonrpc: '2.0', id: 108, method: 'tools/call', params: { name: 'configure-limits', arguments: { timeout: 7 } } },
    { jsonrpc: '2.0', id: 109, method: 'tools/call', params: { name: 'configure-limits', arguments: {} } },
    { jsonrpc: '2.0', id: 110, method: 'tools/call', params: { name: 'time-execution', arguments: { code: '(+ 1 2)', package: 'CL-USER' } } },
  ]);
});

t.test('ids: a server counts its own, shared by next-request-id and the senders; without a server, one count for the builders', async (t) => {
  const md = `${frontmatter()}## Ids\n\n${lisp(`(with-test-session (s)
  (let* ((first (response-id (ping-server s)))
         (mine (next-request-id s))
         (second (response-id (list-tools s))))
    (assert (= mine (1+ first)))
    (assert (= second (1+ mine)))
    (assert (= (response-id (send-request s (make-ping-request :id (next-request-id s)))) (+ 2 mine)))
    (assert (= (response-id (evaluate-lisp s "1")) (+ 3 mine))))
  (let ((a (next-request-id)) (b (next-request-id)))
    (assert (= b (1+ a)))))`)}`;
  const r = await runMarkdown(md);
  allPassed(t, r, 5);
  t.same(sent(r).map((request) => (request as { id: number }).id), [1, 3, 4, 5], "the server received no id twice: 2 was next-request-id's");
});

t.test('senders: evaluate-lisp with its options, time-execution on a given server or the default one, find-tool', async (t) => {
  const md = `${frontmatter()}## Senders\n\n${lisp(`(with-test-session (s)
  (assert (equal '("\\"KEYWORD\\"") (result-values (evaluate-lisp s "(cl:package-name cl:*package*)" :package "KEYWORD"))))
  (let ((timed (evaluate-lisp s "(+ 40 2)" :capture-time t)))
    (assert (equal '("42") (result-values timed)))
    (assert (numberp (extract-number timed "; Timing:"))))
  (assert (equal '("3") (result-values (time-execution s "(+ 1 2)"))))
  (assert (equal '("\\"COMMON-LISP-USER\\"") (result-values (time-execution s "(package-name *package*)" "CL-USER"))))
  (assert (equal '("6") (result-values (time-execution "(* 2 3)"))))
  (let ((tools (list-tools s)))
    (assert (equal (find-tool tools "time-execution") (find-tool "time-execution" tools)))
    (assert (equal "time-execution" (cdr (assoc :name (find-tool tools "time-execution")))))
    (assert (equal '("code") (cdr (assoc :required (cdr (assoc :inputSchema (find-tool tools "evaluate-lisp")))))))
    (assert (null (find-tool tools "no-such-tool")))))`)}`;
  const r = await runMarkdown(md);
  allPassed(t, r, 10);
  const calls = r.transcript.exchanges.filter((e) => (e.request as { method?: string }).method === 'tools/call');
  t.same(
    calls.map((e) => [e.server === calls[0].server, (e.request as { params: unknown }).params]),
    [
      [true, { name: 'evaluate-lisp', arguments: { code: '(cl:package-name cl:*package*)', package: 'KEYWORD' } }],
      [true, { name: 'evaluate-lisp', arguments: { code: '(+ 40 2)', 'capture-time': true } }],
      [true, { name: 'time-execution', arguments: { code: '(+ 1 2)' } }],
      [true, { name: 'time-execution', arguments: { code: '(package-name *package*)', package: 'CL-USER' } }],
      [false, { name: 'time-execution', arguments: { code: '(* 2 3)' } }],
    ],
    'time-execution without a server went to the default one',
  );
});

t.test('valid-response-p: the runtime\'s answers are well formed; each malformed shape is refused, saying why', async (t) => {
  const md = `${frontmatter()}## Responses\n\n${lisp(`(with-test-session (s)
  (let ((request (make-evaluate-lisp-request "(+ 1 2)")))
    (assert (valid-response-p (send-request s request) request))
    (assert (valid-response-p (send-request s (make-evaluate-lisp-request "(/ 1 0)" :id 9)) 9)))
  (assert (valid-response-p (send-method s "no/such-method")))
  (assert (valid-response-p (send-raw-line s "{not json")))
  (let ((pong (ping-server s)))
    (assert (equal (multiple-value-list (valid-response-p pong 12345))
                   (list nil (format nil "id ~D answers no request 12345" (response-id pong)))))))
(flet ((why (response) (second (multiple-value-list (valid-response-p response)))))
  (assert (equal (why '((:id . 1) (:result))) "jsonrpc is NIL, not \\"2.0\\""))
  (assert (equal (why '((:jsonrpc . "2.0") (:result))) "no id"))
  (assert (equal (why '((:jsonrpc . "2.0") (:id . 1))) "neither a result nor an error"))
  (assert (equal (why '((:jsonrpc . "2.0") (:id . 1) (:result) (:error (:code . 1) (:message . "m")))) "both a result and an error"))
  (assert (equal (why '((:jsonrpc . "2.0") (:id) (:result))) "a result with a null id"))
  (assert (equal (why '((:jsonrpc . "2.0") (:id . 1) (:error (:code . "x") (:message . "m")))) "error.code is \\"x\\", not an integer"))
  (assert (equal (why '((:jsonrpc . "2.0") (:id . 1) (:error (:code . 1)))) "error.message is NIL, not a string"))
  (assert (equal (why "text") "not a JSON object: \\"text\\""))
  (assert (valid-response-p '((:jsonrpc . "2.0") (:id) (:error (:code . -32700) (:message . "Parse error"))))))`)}`;
  const r = await runMarkdown(md);
  allPassed(t, r, 14);
});

t.test("reading an evaluation's answer: its sections, values, output, warnings, error and backtrace", async (t) => {
  const md = `${frontmatter()}## Answers\n\n${lisp(`(with-test-session (s)
  (let ((r (evaluate-lisp s "(princ \\"out\\") (format *error-output* \\"err~%\\") (warn \\"careful\\") (values 1 (format nil \\"a~%b\\"))")))
    (assert (equal (section-names r) '("stdout" "stderr" "warnings")))
    (assert (equal (result-values r) (list "1" (format nil "\\"a~%b\\""))))
    (assert (equal (result-stdout r) "out"))
    (assert (equal (result-output r) "out"))
    (assert (equal (result-stderr r) "err"))
    (assert (equal (result-warnings r) '("SIMPLE-WARNING: careful")))
    (assert (null (result-error-type r)))
    (assert (null (result-backtrace r)))
    (assert (equal (extract-section r "stdout") "out"))
    (assert (equal (extract-section r "[STDOUT]") "out"))
    (assert (equal (extract-section "stdout" r) "out"))
    (assert (equal (extract-section r :warnings) "SIMPLE-WARNING: careful")))
  (assert (null (result-values (evaluate-lisp s "(values)"))))
  (let ((e (evaluate-lisp s "(defun level-2 () (/ 1 0)) (defun level-1 () (princ \\"before\\") (level-2)) (level-1)")))
    (assert (equal (section-names e) '("ERROR" "Backtrace" "stdout")))
    (assert (equal (result-error-type e) "DIVISION-BY-ZERO"))
    (assert (search "DIVISION-BY-ZERO" (result-error-message e)))
    (assert (find-line (result-backtrace e) "integer-/-integer" :test #'char-equal))
    (assert (equal (multiple-value-list (extract-section e "ERROR")) (list (result-error-message e) "DIVISION-BY-ZERO")))
    (assert (equal (result-stdout e) "before"))
    (assert (null (result-values e)))
    (assert (null (extract-section e "Restarts"))))
  (let ((timed (time-execution s "(progn (princ 5) (warn \\"w\\") (values 1 2))")))
    (assert (equal (result-values timed) '("1" "2")))
    (assert (equal (result-stdout timed) "5"))
    (assert (equal (result-warnings timed) '("SIMPLE-WARNING: w")))
    (assert (numberp (gethash "real-time-ms" (gethash "timing" (parse-json timed))))))
  (let ((failed (time-execution s "(progn (princ 5) (error \\"boom\\"))")))
    (assert (equal (result-error-type failed) "SIMPLE-ERROR"))
    (assert (equal (result-error-message failed) "boom"))
    (assert (equal (result-stdout failed) "5"))
    (assert (numberp (extract-number failed "real-time-ms")))))`)}`;
  const r = await runMarkdown(md);
  allPassed(t, r, 29);
});

t.test('text readers on plain strings: lines, finding a line, counting, numbers, JSON', async (t) => {
  const md = `${frontmatter()}## Text\n\n${lisp(`(let ((text (format nil "Current limits:~%  timeout: 30 seconds~%  max-output: 100000 characters~%")))
  (assert (equal (split-lines text) '("Current limits:" "  timeout: 30 seconds" "  max-output: 100000 characters")))
  (assert (null (split-lines "")))
  (assert (equal (first-line text) "Current limits:"))
  (assert (null (first-line "")))
  (assert (equal (split-lines (format nil "a~%~%b")) '("a" "" "b")))
  (assert (equal (multiple-value-list (find-line text "max-output")) '("  max-output: 100000 characters" 2)))
  (assert (equal (find-line text "TIMEOUT" :test #'char-equal) "  timeout: 30 seconds"))
  (assert (null (find-line text "TIMEOUT")))
  (assert (= 30 (extract-number text "timeout:")))
  (assert (= 100000 (extract-number text "max-output")))
  (assert (null (extract-number text "Current")))
  (assert (null (extract-number text "absent"))))
(assert (= 3 (count-occurrences "aa" "aaaa")))
(assert (= 2 (count-occurrences "w" "W w w" )))
(assert (= 3 (count-occurrences "w" "W w w" :test #'char-equal)))
(assert (= 0 (count-occurrences "x" "")))
(assert (= 0.5d0 (extract-number "{\\"real-time-ms\\": 0.5}" "real-time-ms")))
(assert (= 42 (extract-number "{\\"allocation-rate-mb-per-sec\\": 42}" "allocation-rate")))
(assert (= -32600 (extract-number "code=-32600" "code")))
(assert (= 1.5d3 (extract-number "x: 1.5e3" "x")))
(assert (= 7 (extract-number "timeout: disabled; timeout: 7" "timeout:")))
(let ((json (parse-json "{\\"a\\": [1, 2.5, true, null], \\"b\\": {\\"c\\": \\"d\\"}}")))
  (assert (equal (gethash "a" json) '(1 2.5d0 t nil)))
  (assert (equal (gethash "c" (gethash "b" json)) "d")))`)}\n## Not JSON\n\n${lisp('(parse-json "{not json")')}\n## Nothing to count\n\n${lisp('(count-occurrences "" "text")')}`;
  const r = await runMarkdown(md);
  const [text, notJson, nothing] = [1, 2, 3].map((n) => r.points.filter((p) => p.unitId.endsWith(`#${n}`)));
  t.same(text.filter((p) => !p.ok).map((p) => [p.name, p.diagnostics?.values]), []);
  t.equal(text.length, 23, 'every check ran');
  t.match(notJson, [{ ok: false, diagnostics: { condition: { message: /^parse-json: not JSON .*: \{not json$/ } } }]);
  t.match(nothing, [{ ok: false, diagnostics: { condition: { message: /an empty string occurs everywhere/ } } }]);
});

t.test('JSON values: built, sent, read by path over both parsed shapes, keys, predicates, encoded', async (t) => {
  const md = `${frontmatter()}## Built and sent\n\n${lisp(`(with-test-session (s)
  (let* ((request (json-object "jsonrpc" "2.0" "id" 900 "method" "tools/call"
                               "params" (json-object "name" "evaluate-lisp"
                                                     "arguments" (json-object "code" "(list 1 2)"))))
         (response (send-request s request)))
    ;; a response: alists keyed by upper-cased keywords, read ignoring case
    (assert (= 900 (json-get response "id")))
    (assert (equal (json-get response "result" "content" 0 "type") "text"))
    (assert (equal (json-get response :result :content 0 :text) (result-text response)))
    (assert (eq (json-get response "result" "isError") (result-field response :isError)))
    (assert (json-key-p response "result" "content"))
    (assert (not (json-key-p response "error")))
    (assert (equal (multiple-value-list (json-get response "result" "content" 5)) '(nil nil)))
    (assert (equal (multiple-value-list (json-get response "id" "deeper")) '(nil nil)))
    (assert (equal (sort (json-keys response) #'string<) '("id" "jsonrpc" "result")))
    (assert (json-object-p response))
    (assert (json-array-p (json-get response "result" "content")))
    (assert (not (json-object-p (json-get response "result" "content"))))
    (assert (not (json-array-p (json-get response "jsonrpc"))))
    (assert (equal (sort (json-keys (json-get response "result")) #'string<) '("content" "isError" "structuredContent")))))`)}\n## Parsed\n\n${lisp(`(let ((json (parse-json "{\\"a\\": {\\"b\\": [10, {\\"c\\": false}]}, \\"n\\": null, \\"e\\": {}, \\"l\\": []}")))
  (assert (= 10 (json-get json "a" "b" 0)))
  (assert (equal (multiple-value-list (json-get json "a" "b" 1 "c")) '(nil t)))
  (assert (json-key-p json "a" "b" 1 "c"))
  (assert (json-key-p json "n"))
  (assert (not (json-key-p json "absent")))
  (assert (json-object-p (json-get json "e")))
  (assert (equal (json-keys json) '("a" "n" "e" "l")))
  (assert (equal (json-get json "A" "B" 0) 10)))
(assert (equal (encode-json (json-object "a" 1 "b" (json-array) "c" (json-object) "d" :false "e" :null "f" t "g" (json-array 1 "x")))
               "{\\"a\\":1,\\"b\\":[],\\"c\\":{},\\"d\\":false,\\"e\\":null,\\"f\\":true,\\"g\\":[1,\\"x\\"]}"))
(assert (equal (encode-json (json-object :protocolVersion "v" "isError" :false)) "{\\"protocolVersion\\":\\"v\\",\\"isError\\":false}"))
(assert (equal (encode-json "tab	and \\"quote\\" and é") "\\"tab\\\\tand \\\\\\"quote\\\\\\" and \\\\u00E9\\""))
(assert (equal (with-output-to-string (out) (encode-json (json-array 1 2) out)) "[1,2]"))
(let ((value (json-object "k" (json-array 1 2.5d0 "s"))))
  (assert (equal (json-get (parse-json (encode-json value)) "k") '(1 2.5d0 "s"))))
(assert (equal (json-keys (json-object)) nil))
(assert (json-object-p (json-object)))
(assert (json-array-p (json-array)))
(assert (not (json-array-p (json-object "a" 1))))`)}\n## Odd keys and values\n\n${lisp('(json-object "a" 1 "b")')}`;
  const r = await runMarkdown(md);
  const [sent, parsed, odd] = [1, 2, 3].map((n) => r.points.filter((p) => p.unitId.endsWith(`#${n}`)));
  t.same([...sent, ...parsed].filter((p) => !p.ok).map((p) => [p.name, p.diagnostics?.values, p.diagnostics?.condition]), []);
  t.equal(sent.length, 14, 'every check on the response ran');
  t.equal(parsed.length, 17, 'every check on parsed and built values ran');
  t.match(odd, [{ ok: false, diagnostics: { condition: { message: /json-object takes keys and values in turn; "b" has no value/ } } }]);
  t.match(r.transcript.exchanges.map((e) => e.request), [{ jsonrpc: '2.0', id: 900, method: 'tools/call', params: { name: 'evaluate-lisp', arguments: { code: '(list 1 2)' } } }]);
});

t.test("a document's own definitions under the vocabulary's names leave the vocabulary's other names working", async (t) => {
  const md = `${frontmatter()}## Its own helpers\n\n${lisp(`(defun make-request (id method) (list id method))
(defun send-tool-call (code) (list :mine code))
(defun evaluate-lisp (code) (list :mine code))
(defun extract-section (name text) (list name text))
(defun result-content-text (response) (declare (ignore response)) "mine")`)}\n## The vocabulary\n\n${lisp(`(assert (equal (evaluate-lisp "1") '(:mine "1")))
(assert (equal (result-content-text nil) "mine"))
(with-test-session (s)
  (assert (result-response-p (ping-server s)))
  (assert (equal '("3") (result-values (evaluate-in-session s "(+ 1 2)"))))
  (assert (equal '("3") (result-values (call-tool s "evaluate-lisp" '(("code" . "(+ 1 2)"))))))
  (assert (equal "DIVISION-BY-ZERO" (result-error-type (evaluate-in-session s "(/ 1 0)"))))
  (assert (search "DIVISION-BY-ZERO" (result-error-message (evaluate-in-session s "(/ 1 0)")))))`)}`;
  const r = await runMarkdown(md);
  allPassed(t, r, 7);
});

// The answers' shape, generated: sections as the runtime writes them (a heading line,
// a body that may hold blank lines), then the values, then notes, parts joined by a
// blank line. The readers must give back each part as it was put in.
const bodyLine = fc.stringMatching(/^[a-z0-9(][a-z0-9 ():,.=>-]{0,20}$/);
const body = fc.array(fc.oneof(bodyLine, bodyLine, fc.constant('')), { minLength: 1, maxLength: 4 }).map((lines) => {
  while (lines.length && lines[0] === '') lines.shift();
  while (lines.length && lines.at(-1) === '') lines.pop();
  return lines.length ? lines : ['x'];
});
const answer = fc.record({
  sections: fc.uniqueArray(fc.record({ name: fc.constantFrom('ERROR', 'Backtrace', 'stdout', 'stderr', 'warnings', 'Restarts'), rest: fc.constantFrom('', 'TYPE-ERROR'), body }), { selector: (s) => s.name, maxLength: 4 }),
  values: fc.array(fc.array(bodyLine.filter((line) => !line.startsWith('=> ')), { minLength: 1, maxLength: 2 }), { maxLength: 3 }),
  note: fc.constantFrom(null, '; Timing: 0.010ms real, 0.009ms run, 0.000ms GC, 0 bytes consed'),
});

t.test('property: sections, values and numbers read back as they were written', async (t) => {
  const samples = fc.sample(answer, { numRuns: 60, seed: 20250 });
  const numbers = fc.sample(fc.record({ label: fc.stringMatching(/^[a-z][a-z-]{0,8}[a-z]$/), value: fc.oneof(fc.integer({ min: -1e9, max: 1e9 }), fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((x) => Math.round(x * 1000) / 1000)), separator: fc.constantFrom(': ', '=', '": ', ' ') }), { numRuns: 60, seed: 20251 });
  const cases = samples.map((sample) => {
    const parts = sample.sections.map((s) => [`[${s.name}]${s.rest ? ` ${s.rest}` : ''}`, ...s.body].join('\n'));
    const valueLines = sample.values.map(([first, ...more]) => [`=> ${first}`, ...more].join('\n'));
    const tail = [...valueLines, ...(sample.note ? [sample.note] : [])].join('\n');
    const text = [...parts, ...(tail ? [tail] : [])].join('\n\n');
    const sections = sample.sections.map((s) => `(${lispString(s.name)} ${lispString(s.body.join('\n'))} ${lispString(s.rest)})`).join(' ');
    return `(${lispString(text)} (${sample.sections.map((s) => lispString(s.name)).join(' ')}) (${sections}) (${valueLines.map((v) => lispString(v.slice(3))).join(' ')}))`;
  });
  const numberCases = numbers.map(({ label, value, separator }) => `(${lispString(`x ${label}${separator}${value} ms`)} ${lispString(label)} ${Number.isInteger(value) ? value : `${value}d0`})`);
  const md = `${frontmatter()}## Answers\n\n${lisp(`(dolist (case '(${cases.join('\n')}))
  (destructuring-bind (text names sections values) case
    (is (equal (section-names text) names))
    (is (equal (result-values text) values))
    (dolist (section sections)
      (destructuring-bind (name body rest) section
        (is (equal (multiple-value-list (extract-section text name)) (list body rest)))))))`)}\n## Numbers\n\n${lisp(`(dolist (case '(${numberCases.join('\n')}))
  (destructuring-bind (text label value) case
    (is (= (extract-number text label) value))))`)}`;
  const r = await runMarkdown(md);
  const expected = samples.reduce((n, s) => n + 2 + s.sections.length, 0) + numbers.length;
  t.same(r.points.filter((p) => !p.ok).map((p) => [p.name, p.diagnostics?.values]), []);
  t.equal(r.points.length, expected, 'a point for each part of each sample');
});

t.test('a call the server refused (a tool name or an argument it does not know) has no result: reading one is an error, and it is an error by IS-ERROR', async (t) => {
  const md = `${frontmatter()}## A misspelt tool

${lisp(`(let ((response (call-tool *server* "evaluate_lisp" '(("code" . "(+ 1 2 3)")))))
  (assert (not (result-field response :isError))))`)}
## A misspelt argument

${lisp(`(assert (not (search "error" (result-content-text (call-tool *server* "evaluate-lisp" '(("cod" . "(+ 1 2)")))))))`)}
## Asked whether it is an error

${lisp(`(assert (result-error-p (call-tool *server* "evaluate_lisp" '(("code" . "1")))))
(assert (is-error (send-tool-call *server* "evaluate-lisp" '(("cod" . "1")))))
(assert (not (result-success-p (call-tool *server* "evaluate_lisp" '(("code" . "1"))))))`)}`;
  const r = await runMarkdown(md);
  const summary = r.points.map((p) => [p.ok, p.name]);
  t.match(summary, [[false, /runs without error$/], [false, /runs without error$/], [true, '(result-error-p (call-tool *server* "evaluate_lisp" \'(("code" . "1"))))'], [true, /is-error/], [true, /result-success-p/]]);
  for (const failed of r.points.filter((p) => !p.ok)) {
    t.match(failed.diagnostics?.condition, { message: /the response has no result: the call was refused with the JSON-RPC error -32602: .*(Unknown tool: evaluate_lisp|requires the argument "code")/ });
  }
});

t.test('printed output that looks like the answer text\'s own structure is read as printed: values, stdout and stderr from the answer\'s data', async (t) => {
  const md = `${frontmatter()}## Printed lines that look like values and sections\n\n${lisp(`(let ((r (evaluate-lisp *server* "(progn (format t \\"ok~%~%=> 42~%\\") nil)")))
  (assert (equal '("NIL") (result-values r)))
  (assert (equal (format nil "ok~%~%=> 42") (result-stdout r))))
(assert (null (result-stderr (evaluate-lisp *server* "(progn (format t \\"x~%[stderr]~%y~%\\") 1)"))))
(assert (equal 1 (length (result-values (evaluate-lisp *server* "(format nil \\"a~%=> b\\")")))))`)}`;
  allPassed(t, await runMarkdown(md), 4);
});

t.test("a printed '[ERROR] X' line is no error: the error readers read the answer's data", async (t) => {
  const md = `${frontmatter()}## Printed, not signalled\n\n${lisp(`(let ((r (evaluate-lisp *server* "(progn (format t \\"[ERROR] DIVISION-BY-ZERO~%arithmetic error~%[Backtrace]~%0: (FOO)~%\\") 1)")))
  (assert (null (result-error-type r)))
  (assert (null (result-error-message r)))
  (assert (null (result-backtrace r))))
(let ((r (evaluate-lisp *server* "(/ 1 0)")))
  (assert (equal "DIVISION-BY-ZERO" (result-error-type r)))
  (assert (result-error-message r)))`)}`;
  allPassed(t, await runMarkdown(md), 5);
});
