// Lisp from a user's seat (round 21): a course's autograder. A student's document that
// misspells a function passed on the model solution's definition, borrowed from another
// document of the tree, without a word; the first example taught a check that printed
// output satisfies; a FOR-ALL that checked nothing said only "No tests"; a student's wrong
// argument list was blamed on the check; and after one check ended the driver, the later
// correct checks failed as "not defined".
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { userProject } from '../support/installed.js';

const doc = (name: string, frontmatter: string, ...blocks: string[]) =>
  `---\ntype: verification\nname: ${name}\n${frontmatter}---\n# ${name}\n\n${blocks.map((code, i) => `## Part ${i + 1}\n\n\`\`\`lisp\n${code}\n\`\`\`\n`).join('\n')}`;
const model = doc('model-solution', '', '(defun fact (n) (if (< n 2) 1 (* n (fact (1- n)))))', '(assert (= 120 (fact 5)))');
/** The line of TEXT (1 the first) where NEEDLE first stands. */
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;
const defined = lineOf(model, '(defun fact');
const submission = (name: string, frontmatter = '') => doc(name, frontmatter, `(load "subs/${name}.lisp")`, '(assert (= 120 (fact 5)))');

t.test("a check that used another document's definition says so in every report; borrow: false and --no-borrow make it fail as defined only in another document", async (t) => {
  const project = userProject({
    'specs/model-solution.md': model,
    'specs/students/alice.md': submission('alice'),
    'specs/students/bob.md': submission('bob', 'borrow: false\n'),
    'specs/students/carol.md': submission('carol', 'borrow: false\n'),
    'subs/alice.lisp': '(defun factorial (n) (if (< n 2) 1 (* n (factorial (1- n)))))',
    'subs/bob.lisp': '(defun factorial (n) (if (< n 2) 1 (* n (factorial (1- n)))))',
    'subs/carol.lisp': '(defun fact (n) (if (< n 2) 1 (* n (fact (1- n)))))',
  });
  const uses = `uses fact defined in specs/model-solution.md:${defined}, another document of the specification tree`;
  const alice = await project.specRun(['specs/students/alice.md', '--reporter', 'tap', '--reporter', 'junit:alice.xml', '--reporter', 'html:alice.html'], { env: { CI: 'true' } });
  t.equal(alice.code, 0, 'borrowing is allowed by default');
  t.match(alice.stdout, new RegExp(`ok 1 - \\(= 120 \\(fact 5\\)\\)\\n\\s+---\\n\\s+at: specs/students/alice.md:${lineOf(submission('alice'), '(fact 5)')}\\n\\s+notes:\\n\\s+- "${uses}`));
  t.match(readFileSync(join(project.dir, 'alice.xml'), 'utf8'), new RegExp(`<property name="note" value="${uses}`));
  t.match(readFileSync(join(project.dir, 'alice.html'), 'utf8'), `<ul class="point-notes"><li>${uses}`, 'the HTML report shows it beside the check');
  const terminal = await project.specRun(['specs/students/alice.md'], { env: { CI: 'true' } });
  t.match(terminal.stdout + terminal.stderr, uses, 'the terminal reporter says it too');
  const refused = await project.specRun(['specs/', '--reporter', 'tap'], { env: { CI: 'true' } });
  t.equal(refused.code, 1);
  const refusedReason = `fact is defined only in another document (specs/model-solution.md:${defined}), and this document takes no definition from the others`;
  t.match(refused.stdout, `reason: "${refusedReason} (its frontmatter's borrow: false)"`, "bob's misspelt fact fails");
  t.match(refused.stdout, /ok \d+ - carol \(specs\/students\/carol\.md\)/, "carol's own fact passes, borrowing nothing");
  t.notMatch(refused.stdout.slice(refused.stdout.indexOf('carol')), /uses fact defined/);
  const option = await project.specRun(['specs/students/alice.md', '--no-borrow', '--reporter', 'tap'], { env: { CI: 'true' } });
  t.equal(option.code, 1);
  t.match(option.stdout, `${refusedReason} (--no-borrow)`);
  const check = await project.specRun(['check', 'specs/students/bob.md']);
  t.match(check.stdout, new RegExp(`bob\\.md:\\d+:1: note: fact is defined only in another document \\(specs/model-solution\\.md:${defined}\\), which this document does not borrow from`));
  const list = await project.specRun(['specs/students/bob.md', '--list']);
  t.match(list.stdout, new RegExp(`not borrowed \\(its frontmatter's borrow: false\\), defined only in another document:\\n\\s+specs/model-solution\\.md:${defined} {2}fact`));
});

t.test("init's first document checks the value returned: code that prints '=> 6' and returns 5 fails it", async (t) => {
  const project = userProject();
  t.equal((await project.specRun(['init'])).code, 0);
  const file = join(project.dir, 'specs/evaluation.test.md');
  t.equal((await project.specRun(['specs/evaluation.test.md'])).code, 0, 'the template passes as written');
  writeFileSync(file, readFileSync(file, 'utf8').replace('"(+ 1 2 3)"', '"(progn (format t \\"=> 6~%\\") 5)"'));
  const printed = await project.specRun(['specs/evaluation.test.md', '--reporter', 'tap']);
  t.equal(printed.code, 1, 'printed output is no value');
  t.match(printed.stdout, /not ok \d+ - \(equal '\("6"\) \(result-values response\)\)/);
});

t.test("a FOR-ALL whose body never checks says which check and why; a student's wrong argument list is not blamed on the check", async (t) => {
  const project = userProject({
    'specs/prop.md': doc('prop', '', '(fiveam:test long-lists\n  (fiveam:for-all ((l (fiveam:gen-list)))\n    (when (> (length l) 1000)\n      (fiveam:is (equal l (reverse (reverse l)))))))'),
    'specs/arity.md': submission('arity').replace('(assert (= 120 (fact 5)))', '(fiveam:test negative-refused\n  (fiveam:signals error (fact -1)))'),
    'subs/arity.lisp': '(defun fact (n m) (* n m))',
  });
  const run = await project.specRun(['specs/prop.md', 'specs/arity.md', '--reporter', 'tap']);
  t.equal(run.code, 1);
  t.match(run.stdout, /reason: 'the check \(fiveam:is \(equal l \(reverse \(reverse l\)\)\)\) at line 13 of this FOR-ALL ran in none of its trials/);
  t.match(run.stdout, /but the call \(fact -1\) gives fact 1 argument, and fact as defined takes \(n m\)/);
  t.notMatch(run.stdout, /check's own code/);
});

t.test('after a check ends the driver, the load before it runs again in the fresh driver and a correct later check passes', async (t) => {
  const project = userProject({
    'specs/ex.md': doc('ex', '', '(load "subs/s.lisp")', '(assert (= 120 (fact 5)))', '(assert (= 1 (fact 0)))'),
    'subs/s.lisp': '(defun fact (n) (when (= n 5) (sb-ext:exit :abort t)) (if (< n 2) 1 (* n (fact (1- n)))))',
  });
  const run = await project.specRun(['--reporter', 'tap'], { env: { CI: 'true' } });
  t.equal(run.code, 1, 'the check that ended its driver fails');
  t.match(run.stdout, /# Part 3 ran in a fresh Lisp environment: the unit "Part 2" \(line 16\) failed \(the driver process ended[^\n]*the units before it that load code or define \(line 10\) ran there again first/);
  t.match(run.stdout, /ok 1 - \(= 1 \(fact 0\)\)/);
  t.notMatch(run.stdout, /neither this document nor the vocabulary defines it/);
  t.match(run.stderr, /2 passed, 1 failed, 0 skipped/);
});
