// Translation rules on small documents written for each case.
import t from 'tap';
import { parseMarkdown } from '../../src/parse/index.js';
import { describePlan, translate } from '../../src/translate/index.js';

const lispDoc = (body: string) => `---\ntype: verification\nname: case\n---\n\n${body}`;
const plan = (text: string, options = {}) => translate(parseMarkdown('case.md', text), options);

t.test('a block mixing definitions and checks: its definitions run with it, where they stand; listed apart for the tree and check, lines kept', async (t) => {
  const p = plan(lispDoc('# Case\n\n## Check\n\n```lisp\n(assert (= (twice 2) 4))\n(defun twice (x)\n  (* 2 x))\n(assert t)\n```\n'));
  t.equal(p.definitions.length, 1);
  t.same(p.definitions[0].loads, { at: 'with-unit' }, 'never loaded before the unit');
  t.equal(p.units.length, 1);
  const unit = p.units[0];
  if (unit.kind !== 'lisp-block') throw new Error('lisp-block expected');
  t.equal(unit.line, 11);
  const runLines = unit.code.text.split('\n');
  const loadLines = p.definitions[0].text.split('\n');
  t.equal(runLines.length, loadLines.length, 'both parts keep every line');
  t.equal(runLines[0], '(assert (= (twice 2) 4))');
  t.equal(runLines[1], '(defun twice (x)', 'the defun runs in the block, after the check above it');
  t.equal(runLines[3], '(assert t)');
  t.equal(loadLines[1], '(defun twice (x)');
  t.equal(loadLines[0].trim(), '');
  t.equal(p.definitions[0].line, unit.code.line);
});

t.test('verify- functions: only when never called and callable without arguments', async (t) => {
  const p = plan(lispDoc([
    '# Case', '',
    '```lisp', '(defun verify-alone () t)', '(defun verify-optional (&optional (n 1)) n)', '(defun verify-needs (x) x)', '(defun verify-called () t)', '(defun helper () t)', '```', '',
    '## Use', '',
    '```lisp', '(assert (verify-called))', '```', '',
  ].join('\n')));
  t.same(p.units.map((unit) => [unit.kind, unit.name, unit.line]), [
    ['verify-function', 'verify-alone', 9],
    ['verify-function', 'verify-optional', 10],
    ['lisp-block', 'Use', 19],
  ]);
});

t.test('FiveAM tests in any of their spellings; suites are definitions', async (t) => {
  const p = plan(lispDoc('# Case\n\n```lisp\n(fiveam:def-suite s)\n(in-suite s)\n(test plain (is t))\n(5am:test short (is t))\n(fiveam:test (with-options :suite s) (is t))\n```\n'));
  t.same(p.units.map((unit) => unit.kind === 'fiveam-test' && unit.testName), ['plain', 'short', 'with-options']);
  t.same(p.units.map((unit) => unit.line), [11, 12, 13]);
  t.equal(p.definitions.length, 1);
});

t.test('unreadable Lisp is a problem at its line and is not run', async (t) => {
  const p = plan(lispDoc('# Case\n\n```lisp\n(assert t)\n(assert (and t\n```\n\n```lisp\n(assert t)\n```\n'));
  t.match(p.problems, [{ file: 'case.md', line: 10, severity: 'error', message: /never closed/ }]);
  t.equal(p.units.length, 1);
  t.match(p.notRun, [{ reason: /unreadable/ }]);
});

t.test('illustrations, notation, JSON shapes and other languages are listed with reasons', async (t) => {
  const p = plan(lispDoc([
    '# Case', '',
    '## Counterexamples', '', '```lisp', '(time-execution "nil")', '```', '',
    '## Checks', '',
    '**Implementation sketch**:', '```lisp', '(defun impl (r) r)', '```', '',
    '**Response**:', '```json', '{"ok": true}', '```', '',
    '**Expected output shape**:', '```lisp', '(:result 3)', '```', '',
    '```math', 'x = y', '```', '',
    '```bash', 'echo hi', '```', '',
    '```lisp', ';; only a comment', '```', '',
    '```lisp', '(assert t)', '```', '',
  ].join('\n')));
  t.same(p.notRun.map(({ reason }) => reason.split(':')[0]), ['illustration', 'illustration', 'JSON shape', 'illustration', 'notation', 'language', 'comments only']);
  t.equal(p.units.length, 1);
  t.equal(p.units[0].name, 'Checks');
  t.same(p.definitions, [], 'a sketched defun is not loaded');
  t.same(p.problems, []);
});

t.test('a block stating checks runs under any illustration heading: the heading may name the very output or counterexample it checks', async (t) => {
  const p = plan(lispDoc([
    '# Case', '',
    '## Expected output of a division by zero', '', '```lisp', '(assert (not (is-error (evaluate-lisp *server* "(/ 1 0)"))))', '```', '',
    '## Example output of princ-to-string', '', '```lisp', '(fiveam:test princ-length (is (= 1 (length (princ-to-string 7)))))', '```', '',
    '## Sample output', '', '**Input**:', '```json', '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "evaluate-lisp", "arguments": {"code": "1"}}}', '```', '',
    '## Output shape', '', '```lisp', '(:result 3)', '```', '',
    '## Counterexample regression tests', '', '```lisp', '(assert (= 1 2))', '```', '',
    '## Counterexample', '', '```lisp', '(time-execution "nil")', '```', '',
    '## Notes', '', '**Implementation Requirements**:', '```lisp', '(fiveam:test sketch-kept (is (= 2 (+ 1 1))))', '```', '',
  ].join('\n')));
  t.same(p.units.map((unit) => [unit.kind, unit.name]), [
    ['lisp-block', 'Expected output of a division by zero'],
    ['fiveam-test', 'princ-length'],
    ['json-input', 'Sample output (input)'],
    ['lisp-block', 'Counterexample regression tests'],
    ['fiveam-test', 'sketch-kept'],
  ]);
  t.same(p.notRun.map(({ reason }) => reason), ['illustration: under the heading "Output shape"; it shows the shape of an output', 'illustration: under the heading "Counterexample"; a counterexample shows what must not happen']);
});

t.test('"Implementation" alone is not an illustration (timeout-protection keeps its tests there)', async (t) => {
  const p = plan(lispDoc('# Case\n\n## Implementation\n\n```lisp\n(fiveam:test x (is t))\n```\n'));
  t.equal(p.units.length, 1);
});

t.test('unit ids are numbered in document order with the given prefix; repeated names get a suffix', async (t) => {
  const p = plan(lispDoc('# Case\n\n## Same\n\n```lisp\n(assert t)\n```\n\n```lisp\n(assert t)\n```\n'), { unitIdPrefix: 'docs/case' });
  t.same(p.units.map((unit) => [unit.id, unit.name]), [['docs/case#1', 'Same'], ['docs/case#2', 'Same (2)']]);
});

t.test('OpenSpec WHEN/THEN/AND bullets become steps with upper-cased keywords', async (t) => {
  const p = plan([
    '# Spec', '', '### Requirement: Things', '', '#### Scenario: Bullets', '',
    '- **WHEN** a command runs', '- **THEN** it stops', '- **AND** `exit code` is 124', '',
    '#### Scenario: Given list', '', 'Given:', '1. a thing', '', 'Then:', '1. another', '',
  ].join('\n'));
  const [bullets, given] = p.units;
  if (bullets.kind !== 'scenario' || given.kind !== 'scenario') throw new Error('scenarios expected');
  t.same(bullets.steps.map((step) => [step.keyword, step.text, step.line, step.number]), [
    ['WHEN', 'a command runs', 7, null],
    ['THEN', 'it stops', 8, null],
    ['AND', 'exit code is 124', 9, null],
  ]);
  t.equal(bullets.requirement, 'Things');
  t.equal(bullets.condition, null);
  t.same(given.steps.map((step) => step.keyword), ['Given', 'Then']);
});

t.test('a document of no family: nothing runs; code that looks like checks is a problem', async (t) => {
  const p = plan('# Notes\n\nSome text.\n\n```lisp\n(assert t)\n```\n');
  t.equal(p.family, 'unknown');
  t.same(p.units, []);
  t.match(p.problems, [{ file: 'case.md', line: 5, severity: 'error', message: /no checks found/ }]);
  t.match(describePlan(p), /family: unknown/);

  const prose = plan('# Notes\n\n```bash\nls\n```\n');
  t.same(prose.problems, [], 'a shell example in a README is fine');
  t.equal(prose.notRun.length, 1);
});

t.test('frontmatter without a Lisp type: the problem stands at the frontmatter and names the missing or wrong type', async (t) => {
  const missing = plan('---\nname: x\nlevel: scenario\n---\n# T\n\n```lisp\n(test a (is (= 1 1)))\n```\n');
  t.equal(missing.family, 'unknown');
  t.match(missing.problems, [{ line: 1, message: /no checks found: 1 Lisp\/JSON\/YAML block\(s\) fit no document family \(the first at line 7\): the frontmatter has no `type`; add/ }]);
  const wrong = plan('---\ntype: test\n---\n# T\n\n```lisp\n(test a (is (= 1 1)))\n```\n');
  t.match(wrong.problems, [{ line: 2, message: /the frontmatter's `type: test` is none of verification, property, contract, scenario;/ }], 'at the line of the type');
  t.equal(wrong.problems.length, 1);
  const slip = plan('---\nname: x\ntype: verificaton\n---\n# T\n\n```lisp\n(test a (is (= 1 1)))\n```\n');
  t.match(slip.problems, [{ line: 3, message: /`type: verificaton` is none of verification, property, contract, scenario \(did you mean 'verification'\?\)/ }]);
});

t.test('unreadable frontmatter is the one problem: no second "no checks found" for the type it could not give', async (t) => {
  const p = plan('---\ntype = "verification"\n---\n# T\n\n```lisp\n(test a (is (= 1 1)))\n```\n');
  t.match(p.problems, [{ line: 2, message: /frontmatter must be a YAML mapping of keys to values; line 2 reads like TOML's/ }]);
  t.equal(p.problems.length, 1);
  t.match(p.notRun, [{ reason: 'unknown document family: the frontmatter cannot be read' }]);
});

t.test('a verification document with nothing to run says so', async (t) => {
  const p = plan(lispDoc('# Case\n\n## Counterexample\n\n```lisp\n(time-execution "nil")\n```\n'));
  t.match(p.problems, [{ line: 1, message: /no checks found/ }]);
});

t.test('parse problems carry over to the plan', async (t) => {
  const p = plan(lispDoc('# Case\n\n```lisp\n(assert t)\n'));
  t.match(p.problems, [{ line: 8, message: /never closed/ }]);
});

t.test('the plan name: frontmatter name, else title, else file name', async (t) => {
  t.equal(plan(lispDoc('# Title\n')).name, 'case');
  t.equal(plan('# Title\n').name, 'Title');
  t.equal(plan('text\n').name, 'case.md');
});

t.test('an Input whose answer block neither reads `input` nor sends that request itself is an error: the request would never be sent', async (t) => {
  const pair = (lisp: string) =>
    plan(lispDoc(['# Case', '', '## Division', '', '**Input**:', '```json', '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "evaluate-lisp", "arguments": {"code": "(/ 1 0)"}}}', '```', '', '**Expected**:', '```lisp', lisp, '```', ''].join('\n')));
  t.match(pair('(assert (not (is-error (evaluate-lisp *server* "(+ 1 2)"))))').problems, [{ line: 17, severity: 'error', message: /checks the answer to the Input at line 12, but neither reads `input` nor sends that request itself/ }]);
  t.same(pair('(assert (is-error (send-request *server* input)))').problems, [], 'it reads input');
  t.same(pair('(assert (is-error (call-tool *server* "evaluate-lisp" \'(("code" . "(/ 1 0)")))))').problems, [], 'it sends the same request, written again');
});
