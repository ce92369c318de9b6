// From a user's seat (spec-run packed, installed into a fresh project, run through its
// bin): a path named like a document that is no regular file. A named pipe given as
// `x.md` held spec-run for ever (past every signal), and a link to /dev/zero was read
// without end; each is now a usage error at once, and a directory search passes them over.
import t from 'tap';
import { execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';

const summary = (stderr: string) => stderr.trim().split('\n').at(-1);

const GOOD = '---\ntype: verification\nname: good\n---\n# Good\n\n## Sum\n\n```lisp\n(assert (= 3 (+ 1 2)))\n```\n';

t.test('a named pipe, a link to one, or a link to /dev/zero named *.md is a usage error at once (exit 2) for a run and for check, never a hang or a read without end', async (t) => {
  const project = userProject({ 'specs/good.md': GOOD });
  execFileSync('mkfifo', [join(project.dir, 'specs', 'pipe.md')]);
  symlinkSync('pipe.md', join(project.dir, 'specs', 'to-pipe.md'));
  symlinkSync('/dev/zero', join(project.dir, 'specs', 'zero.md'));
  const cases = [
    ['specs/pipe.md', 'a named pipe (FIFO)'],
    ['specs/to-pipe.md', 'a named pipe (FIFO)'],
    ['specs/zero.md', 'a character device'],
  ];
  for (const [path, kind] of cases) {
    for (const command of [[path, '--reporter', 'tap'], ['check', path]]) {
      const started = Date.now();
      const run = await project.specRun(command);
      t.equal(run.code, 2, `${command.join(' ')}: exit 2 (${run.stderr.trim()})`);
      t.equal(run.stderr.trim(), `spec-run: ${path}: cannot read it: it is ${kind}, not a regular file`);
      t.equal(run.stdout, '', 'no report of a run that did not start');
      t.ok(Date.now() - started < 20_000, `${command.join(' ')}: ended after ${Date.now() - started} ms`);
    }
  }
  const searched = await project.specRun(['specs/', '--reporter', 'tap']);
  t.equal(searched.code, 0, `a directory search passes them over: they hold no checks (${searched.stderr.trim()})`);
  t.equal(summary(searched.stderr), '1 passed, 0 failed, 0 skipped, 0 todo');
});
