// From a user's seat (spec-run packed, installed into a fresh project, left watching): the
// first run of `spec-run --watch specs/` hung in an endless loop, and the fix the user saved
// while it ran waited for the unit's time limit: watching started only once the first run
// had ended. Watching now starts before it, and a save cancels the first run as it cancels a
// rerun: its unit skipped as cut short (neither passing nor failing), the fix run at once.
import t from 'tap';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { userEnvironment, userProject } from '../support/installed.js';
import { watchProcess } from '../support/watching.js';

const counting = (body: string) => `---\ntype: verification\nname: loop\n---\n# Loop\n\n## Counting\n\n\`\`\`lisp\n(defun count-up (n) ${body})\n(assert (= 3 (count-up 3)))\n\`\`\`\n`;

t.test('a save during a first run that hangs cancels it and runs the fix at once', async (t) => {
  const user = userProject({ 'specs/loop.md': counting('(loop) n') });
  const bin = join(user.dir, 'node_modules', '.bin', 'spec-run');
  const watching = watchProcess([bin, 'specs/', '--watch', '--timeout', '5m', '--reporter', 'tap'], user.dir, userEnvironment());
  // The first run has reached its unit, which loops.
  await new Promise<void>((done) => {
    const started = setInterval(() => /# Subtest: Counting/.test(watching.stdout()) && (clearInterval(started), done()), 50);
  });
  await new Promise((r) => setTimeout(r, 2000));
  const saved = Date.now();
  writeFileSync(join(user.dir, 'specs', 'loop.md'), counting('(+ n 0)'));
  // The cancelled run's summary says it was interrupted, which summaries() does not count: the fix's is the first plain one.
  await watching.summaries(1);
  const waited = Date.now() - saved;
  await watching.stop();
  t.ok(waited < 60_000, `the fix ran without waiting for the 5-minute limit (${waited} ms)`);
  const summaries = watching.stderr().match(/^\d+ passed, \d+ failed, \d+ skipped, \d+ todo.*$/gm) ?? [];
  // The last, Ctrl-C's closing line: the latest results, interrupted by SIGINT.
    t.same(summaries, ['0 passed, 0 failed, 1 skipped, 0 todo (interrupted by a save of specs/loop.md)', '1 passed, 0 failed, 0 skipped, 0 todo', '1 passed, 0 failed, 0 skipped, 0 todo (interrupted by SIGINT)']);
  const runs = watching.stdout().split(/^TAP version 14$/m).slice(1);
  t.match(runs[0], /ok 1 - Counting completes # SKIP run interrupted by a save of specs\/loop\.md before this finished; what it started was stopped/, 'the hanging unit is cut short, neither passing nor failing');
  t.notMatch(runs[0], /not ok/);
  t.match(runs[1], /ok 1 - \(= 3 \(count-up 3\)\)/, 'the fix runs and passes');
});
