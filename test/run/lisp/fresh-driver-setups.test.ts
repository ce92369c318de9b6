// After a unit ends its driver, the next units run in a fresh one: the units before that
// load code or define something run there again first, so a later check is tested with
// what they loaded; one that cannot run again fails the unit, saying where the driver ended.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { frontmatter, lineIn, lisp, runMarkdown } from './helpers.js';
import { scratchDirectory } from '../../support/scratch.js';

const fact = '(defun fact (n) (when (= n 5) (sb-ext:exit :abort t)) (if (< n 2) 1 (* n (fact (1- n)))))';

t.test('a unit that defines beside other code runs again in the fresh driver; a unit that only sets a value does not', async (t) => {
  const md = `${frontmatter()}## Submission

${lisp(`${fact}\n(format t "loaded~%")`)}
## State

${lisp('(defvar *seen* nil)')}
## Set

${lisp('(setf *seen* t)')}
## Five

${lisp('(assert (= 120 (fact 5)))')}
## Zero

${lisp('(assert (= 1 (fact 0)))\n(assert (null *seen*))')}`;
  const r = await runMarkdown(md);
  const zero = r.points.filter((p) => p.at && p.at.line >= lineIn(md, '(fact 0)'));
  t.same(zero.map((p) => [p.ok, p.name]), [[true, '(= 1 (fact 0))'], [true, '(null *seen*)']], 'fact is there again, the value set is not');
  const comment = r.events.find((e) => e.type === 'comment' && /Zero ran in a fresh Lisp environment/.test(e.text));
  t.match(comment, { text: new RegExp(`the units before it that load code or define \\(line ${lineIn(md, '(defun fact')}\\) ran there again first, their points not reported, but nothing else the units before did is there`) });
  t.equal(r.failed.length, 1, 'only Five, which ended its driver');
});

t.test('a setup unit that cannot run again in the fresh driver fails the later unit saying where the driver ended, never that its function is undefined', async (t) => {
  const dir = scratchDirectory('spec-run-setup-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const flag = join(dir, 'loaded-once').replace(/\\/g, '/');
  const md = `${frontmatter()}## Submission

${lisp(`(when (probe-file "${flag}") (sb-ext:exit :abort t))\n(with-open-file (out "${flag}" :direction :output) (print 1 out))\n${fact}`)}
## Five

${lisp('(assert (= 120 (fact 5)))')}
## Zero

${lisp('(assert (= 1 (fact 0)))')}`;
  const r = await runMarkdown(md);
  t.ok(existsSync(flag));
  const zero = r.points.find((p) => p.at?.line === lineIn(md, '(fact 0)'));
  t.match(zero, { ok: false, name: 'Zero runs with what the units before it loaded' });
  t.match(zero?.diagnostics?.reason, new RegExp(`^the unit "Five" \\(line ${lineIn(md, '(fact 5)')}\\) failed \\(the driver process ended[^]*in the fresh driver, the unit "Submission" \\(line ${lineIn(md, '(when (probe-file')}\\), run again first to load what it loads, ended its driver`));
  t.notMatch(JSON.stringify(r.points), /neither this document nor the vocabulary defines/);
});
