// A Lisp finding of round 15 from a user's seat (spec-run packed, installed into a fresh
// project, run through its bin with the real SBCL and FiveAM): a run narrowed with --grep to a
// FiveAM test whose only check is left out fails as having checked nothing, but the same run
// sharded and merged with `spec-run merge` was green: merge counted the pass of the unit run
// only before the selected one (its Lisp environment). The shards' JSON now names those units.
import t from 'tap';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';

// A setup block that checks, and the target test, the unit --grep selects.
const lisp = (name: string, check: string) =>
  ['---', 'type: verification', `name: ${name}`, '---', `# Shard ${name}`, '', '```lisp', '(defparameter *x* 1)', '(assert (= 1 *x*))', '```', '', '```lisp', `(fiveam:test target-${name} ${check})`, '```', ''].join('\n');

t.test('merged shards of a narrowed run judge whether it checked something as the unsharded run does', async (t) => {
  const project = userProject({ 'specs/a.test.md': lisp('a', '#+ccl (fiveam:is (= *x* 2))'), 'specs/b.test.md': lisp('b', '#+ccl (fiveam:is (= *x* 3))') });
  const whole = await project.specRun(['specs/', '--grep', 'target', '--reporter', 'tap']);
  t.equal(whole.code, 1, 'unsharded, the selection checked nothing');

  const shards: string[] = [];
  for (const share of ['1/2', '2/2']) {
    const run = await project.specRun(['specs/', '--grep', 'target', '--shard', share, '--reporter', 'json']);
    const file = join(project.dir, `shard-${share[0]}.jsonl`);
    writeFileSync(file, run.stdout);
    shards.push(file);
  }
  t.match(readFileSync(shards[0], 'utf8'), /"type":"document-start"[^\n]*"unitsBefore":\["specs\/[ab]\.test\.md#1"\]/, 'each shard names the unit run only before the selected one');
  const merged = await project.specRun(['merge', ...shards, '--reporter', 'tap']);
  t.equal(merged.code, 1, 'merged, it fails as the unsharded run does');
  t.match(merged.stdout, /not ok \d+ - the run checked nothing: no check passed \(2 skipped\) in the selected units \(the 2 units run only before them not counted\)/);

  project.write({ 'specs/b.test.md': lisp('b', '(fiveam:is (= *x* 1))') });
  const checking = [];
  for (const share of ['1/2', '2/2']) {
    const run = await project.specRun(['specs/', '--grep', 'target', '--shard', share, '--reporter', 'json']);
    const file = join(project.dir, `checking-${share[0]}.jsonl`);
    writeFileSync(file, run.stdout);
    checking.push(file);
  }
  t.equal((await project.specRun(['merge', ...checking])).code, 0, 'one selected test that checked something: the merge passes');
});
