// A block of definitions that does not finish (a runtime server that never answers initialize,
// a form that sleeps) fails once, at its line, saying what it waited for; the FiveAM test
// defined after it is still a unit of its own, not "a test spec-run did not see defined".
import t from 'tap';
import { frontmatter, lineIn, lisp, options, runMarkdown } from './helpers.js';

const products = lisp('(fiveam:test products\n  (fiveam:is (search "=> 24" (result-content-text (evaluate-in-session *s* "(* 2 3 4)")))))');

t.test('a runtime that never answers initialize: the definitions fail at their line naming the initialize request; the test after them fails as a unit', async (t) => {
  const md = `${frontmatter()}## Session\n\n${lisp('(defvar *s* (make-test-session))')}\n## Products\n\n${products}`;
  const r = await runMarkdown(md, options({ unitTimeoutMs: 2000, runtimeCommand: [process.execPath, '-e', 'setTimeout(() => {}, 1e9)'] }));
  t.equal(r.failed.length, 2, JSON.stringify(r.failed.map((p) => p.name)));
  t.equal(r.failed[0].at?.line, lineIn(md, '(defvar *s*'));
  t.match(r.failed[0].diagnostics?.reason, /exceeded the unit time limit of 2000 ms .* waiting for the runtime server's answer to its "initialize" request, which never came/);
  t.notMatch(JSON.stringify(r.points), /did not see a test's definition/, 'the test is no test defined otherwise');
  const unit = r.events.find((e) => e.type === 'unit-start' && e.name === 'products');
  t.ok(unit, 'products runs as its own unit');
  t.match(r.failed[1].diagnostics, { definitions: /the definitions at line \d+ did not finish within the unit time limit/ });
});

t.test('a definition that sleeps past the limit with the built-in runtime: no false "did not see a test\'s definition" either', async (t) => {
  const md = `${frontmatter()}## Slow\n\n${lisp('(defvar *s* (progn (sleep 100) 1))')}\n## Test\n\n${lisp('(fiveam:test uses-s\n  (fiveam:is (= 1 *s*)))')}`;
  const r = await runMarkdown(md, options({ unitTimeoutMs: 1500 }));
  t.notMatch(JSON.stringify(r.points), /did not see a test's definition/);
  t.notMatch(r.failed[0].diagnostics?.reason, /waiting for the runtime server/, 'no request was waited for');
  t.equal(r.failed.length, 2, JSON.stringify(r.failed.map((p) => p.name)));
});
