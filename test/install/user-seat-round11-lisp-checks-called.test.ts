// From a user's seat (spec-run packed, installed into a fresh project, run through its
// bin): a checking function given as a value to funcall or apply, or called over nothing
// by mapc, counted as called, so its false checks never ran and the run was green. A
// checking function counts as called only when its checks ran; failure output kept a
// string literal's spaces collapsed, so "x  y" and "x y" read the same.
import t from 'tap';
import { userProject } from '../support/installed.js';

/** A Lisp verification document NAME: a block of definitions, then a section of its own for each [heading, code]. */
function lispDocument(name: string, definitions: string, sections: [string, string][]): string {
  const block = (code: string) => `\`\`\`lisp\n${code}\n\`\`\`\n`;
  return [`---\ntype: verification\nname: ${name}\n---\n# ${name}\n`, definitions && block(definitions), ...sections.map(([heading, code]) => `## ${heading}\n\n${block(code)}`)].filter(Boolean).join('\n');
}

const HELD = lispDocument('held', '(defun verify-total () (assert (= (+ 1 1) 3)))\n(defun verify-count () (assert (= (length "abc") 4)))\n(defun verify-none () (assert (= 1 2)))\n(defun verify-real () (assert (= 1 1)))', [
  ['The checks are registered', "(let ((checks (list (funcall #'identity #'verify-total)\n                    (apply #'list (symbol-function 'verify-count) nil))))\n  (assert (= 2 (length checks))))\n(mapc #'verify-none '())\n(funcall #'verify-real)"],
]);

t.test('a checking function given as data to funcall or apply, or mapped over nothing, runs its checks as a unit of its own and fails the run', async (t) => {
  const project = userProject({ 'specs/held.test.md': HELD });

  const list = await project.specRun(['specs/held.test.md', '--list']);
  t.equal(list.code, 0, list.stderr);
  for (const name of ['verify-total', 'verify-count']) t.match(list.stdout, new RegExp(`verify-function\\s+${name}\\s`), `--list shows ${name} as a unit`);
  t.match(list.stdout, /checking functions the code calls \(2\), each run after the units as a unit of its own if the run never makes its checks[^\n]*\n\s+verify-none {2}\(specs\/held\.test\.md:(\d+); checks at line \1\)\n\s+verify-real /);

  const run = await project.specRun(['specs/held.test.md', '--reporter', 'tap']);
  t.equal(run.code, 1, 'the false checks run and fail the run');
  for (const [name, check] of [['verify-total', '(= (+ 1 1) 3)'], ['verify-count', '(= (length "abc") 4)'], ['verify-none', '(= 1 2)']])
    t.match(run.stdout, `# Subtest: ${name}\n        not ok 1 - ${check}`, `${name} runs and fails`);
  t.match(run.stdout, /# verify-none \(line \d+\): the code calls verify-none, but none of its checks ran/);
  t.notMatch(run.stdout, /# Subtest: verify-real/, 'a function the run called runs once');
  t.equal(run.stderr.trim().split('\n').at(-1), '2 passed, 3 failed, 0 skipped, 0 todo');

  project.write({ 'specs/covered.test.md': HELD.replace('name: held\n', 'name: covered\ncovers: [design/held.md]\n') });
  const verified = await project.specRun(['specs/covered.test.md', '--require-verified']);
  t.equal(verified.code, 1);
  t.match(verified.stderr, /covered\.test\.md#design\/held\.md is failing \(2 passed, 3 failed/, "the function run after the units verifies the document's requirement: its failure counts there");

  const check = await project.specRun(['check', 'specs/']);
  t.equal(check.code, 0, 'check finds nothing wrong: the functions run');
  t.match(check.stderr, /0 errors, 0 warnings/);
});

const SPACES = lispDocument('whitespace', '', [
  ['assert', '(let ((got "a b"))\n  (assert (string= got "a  b")))'],
  ['FiveAM', '(fiveam:test two-spaces\n  (fiveam:is (string= "x  y" "x y")))'],
]);

t.test('failure output shows the spaces of a string literal as written, in TAP, JSON and JUnit', async (t) => {
  const project = userProject({ 'specs.test.md': SPACES });
  const run = await project.specRun(['specs.test.md', '--reporter', 'tap', '--reporter', 'json:run.jsonl', '--reporter', 'junit:junit.xml']);
  t.equal(run.code, 1);
  t.match(run.stdout, 'not ok 1 - (string= got "a  b")\n          ---\n          at: specs.test.md:11\n          form: (assert (string= got "a  b"))\n          values:\n            got: \'"a b"\'');
  t.match(run.stdout, `reason: '"x y" evaluated to "x y" which is not STRING= to "x  y"'`);
  const { readFileSync } = await import('node:fs');
  const json = readFileSync(`${project.dir}/run.jsonl`, 'utf8');
  t.match(json, '"form":"(string= \\"x  y\\" \\"x y\\")"');
  t.match(readFileSync(`${project.dir}/junit.xml`, 'utf8'), 'form: (assert (string= got &quot;a  b&quot;))');
});
