// A function holding checks counts as called only when its checks ran: one the code calls
// over nothing (`(mapc #'verify-x '())`) or in a branch not taken runs after the units as a
// unit of its own; one given as a value to funcall or apply is not called at all.
import t from 'tap';
import { describePlan } from '../../../src/translate/listing.js';
import { frontmatter, lineIn, lisp, runMarkdown } from './helpers.js';

const definitions = lisp(`(defun verify-over-nothing () (assert (= 1 2)))
(defun verify-held () (assert (= 2 3)))
(defun verify-called () (assert (= 4 4)))
(defun verify-at-load () (assert (= 5 5)))
(defun check-item (item)
  (assert (numberp item)))
(defun run-all () (verify-inner))
(defun verify-inner () (assert (= 6 7)))
(defparameter *loaded* (verify-at-load))`);

const md = `${frontmatter()}## Definitions\n\n${definitions}\n## Calls\n\n${lisp(`(mapc #'verify-over-nothing '())
(funcall #'identity #'verify-held)
(when nil (run-all))
(mapc #'check-item '())
(verify-called)
(assert t)`)}`;

t.test('a checking function the code calls but the run never did runs after the units as a unit of its own; one that ran does not run again', async (t) => {
  const r = await runMarkdown(md);
  const units = r.events.flatMap((event) => (event.type === 'unit-start' ? [event.name] : []));
  t.same(units, [`definitions at line ${lineIn(md, '(defun verify-over-nothing')}`, 'verify-held', 'Calls', 'verify-over-nothing', 'check-item', 'run-all'], "the check made at load is shown with its definitions; verify-held is given as a value, never called: a unit in document order; the ones called over nothing, or behind a false when, run after the units");
  t.match(r.failed, [
    { name: '(= 2 3)', at: { line: lineIn(md, '(defun verify-held') } },
    { name: '(= 1 2)', at: { line: lineIn(md, '(defun verify-over-nothing') } },
    { name: '(= 6 7)', at: { line: lineIn(md, '(defun verify-inner') } },
  ], "each false check fails: none passes unrun");
  t.equal(r.failed.length, 3);
  const skipped = r.points.filter((p) => p.skip !== undefined);
  t.match(skipped, [{ at: { line: lineIn(md, '(assert (numberp item))') }, name: '(assert (numberp item))', skip: /^not run: the code calls check-item, but none of its checks ran .*needs arguments/ }], 'one needing arguments reports its checks not run');
  t.equal(skipped.length, 1);
  const comments = r.events.flatMap((event) => (event.type === 'comment' ? [event.text] : []));
  t.match(comments, [/^verify-over-nothing \(line \d+\): the code calls verify-over-nothing, but none of its checks ran/, /^run-all /], 'each says why it runs now');
  t.notOk(units.includes('verify-called') || units.includes('verify-at-load') || units.includes('verify-inner'), 'a function whose checks ran, in a unit, at load or through another function, runs once');
});

t.test('--list names each checking function the code calls, with the lines of its checks', async (t) => {
  const r = await runMarkdown(md);
  const listing = describePlan(r.plan);
  t.match(listing, /checking functions the code calls \(6\), each run after the units as a unit of its own if the run never makes its checks/);
  t.match(listing, new RegExp(`check-item  \\(${r.plan.file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:${lineIn(md, '(defun check-item')}; checks at line ${lineIn(md, '(assert (numberp item))')}; needing arguments`));
  const called = listing.slice(listing.indexOf('checking functions the code calls'), listing.indexOf('not run ('));
  t.match(called, /verify-over-nothing {2}\(/);
  t.notMatch(called, /verify-held/, 'one only held as a value is a unit, not one the code calls');
});
