// From the command line: a Lisp unit whose checks that ran all passed, but one of whose
// checks never ran (a branch not taken, a reader conditional), passes with that check
// counted skipped; its requirement is untested, so --require-verified fails the run.
import t from 'tap';
import { lispDocument, parseTap, specRun } from './spec-run.js';

const document = lispDocument(
  'whennil',
  {
    A: '(when nil (assert (= 1 2)))\n(assert (= 1 1))',
    Conditional: '#+ccl (assert (= 3 (+ 1 1)))\n(assert (= 2 (+ 1 1)))',
    Outcome: '(fiveam:test outcome\n  (if (= 1 1) (fiveam:pass) (fiveam:fail "not one")))',
  },
  'covers: [Whennil]\n',
);

t.test('a check never reached is a skipped point: the run passes, the summary counts it, --require-verified fails the untested requirement', async (t) => {
  const dir = t.testdir({ 'whennil.test.md': document });
  const run = await specRun(['whennil.test.md', '--reporter', 'tap'], dir);
  t.equal(run.code, 0, 'a skip does not fail a run');
  t.match(run.stdout, /ok 2 - \(assert \(= 1 2\)\) # SKIP not run: the unit ended without evaluating it \(a branch not taken, a loop over nothing, a non-local exit past it\)\n/);
  t.match(run.stdout, /ok 2 - \(assert \(= 3 \(\+ 1 1\)\)\) # SKIP its form stands behind #\+ccl, which leaves it out in this SBCL\n/);
  t.notMatch(run.stdout, /fiveam:fail/, 'the outcome in the branch not taken is no check missed');
  t.equal((await parseTap(run.stdout)).ok, true, 'valid TAP');
  t.match(run.stderr, /^requirements: 0 verified, 0 failing, 1 untested$/m);
  t.match(run.stderr, /^\d+ passed, 0 failed, 2 skipped, 0 todo$/m);

  const gated = await specRun(['whennil.test.md', '--require-verified'], dir);
  t.equal(gated.code, 1, 'the requirement is not verified');
  t.match(gated.stderr, /--require-verified: whennil\.test\.md#Whennil is untested \(2 checks were skipped and verified nothing;/);
});

t.test('a selection whose units checked nothing fails as the run checked nothing, however the units run only before them did', async (t) => {
  const dir = t.testdir({ 'selected.test.md': lispDocument('selected', { Setup: '(defvar *x* 1)\n(assert (= *x* 1))', Target: '(fiveam:test target-feature\n  #+ccl (fiveam:is (= *x* 2)))' }) });
  const whole = await specRun(['selected.test.md'], dir);
  t.equal(whole.code, 0, 'the whole document checked something: its setup');
  for (const selection of [['--grep', 'target-feature'], ['--grep', 'Target']]) {
    const run = await specRun(['selected.test.md', '--reporter', 'tap', ...selection], dir);
    t.equal(run.code, 1, `${selection.join(' ')}: the selected unit checked nothing`);
    t.match(run.stdout, /not ok \d+ - the run checked nothing: no check passed \(1 skipped\) in the selected units \(the 1 unit run only before them not counted\)/);
    t.match(run.stderr, /^1 passed, 0 failed, 1 skipped, 0 todo$/m, 'the unit before still counts in the summary');
  }
});
