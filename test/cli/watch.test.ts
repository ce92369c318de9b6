import t from 'tap';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { watchDocuments } from '../../src/cli/watch.js';

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

t.test('a changed document runs again alone; a new document is picked up; a helper change runs all', async (t) => {
  const dir = t.testdir({ 'a.md': '# A\n', 'b.md': '# B\n', 'helpers.lisp': '(defun h ())\n' });
  const runs: string[][] = [];
  const controller = new AbortController();
  const watching = watchDocuments({
    documents: [join(dir, 'a.md'), join(dir, 'b.md')],
    roots: [dir],
    helpers: [join(dir, 'helpers.lisp')],
    rerun: async (files) => {
      runs.push(files.map((f) => f.slice(resolve(dir).length + 1)).sort());
    },
    debounceMs: 50,
    signal: controller.signal,
  });
  await settle(100);
  writeFileSync(join(dir, 'b.md'), '# B changed\n');
  await settle(400);
  writeFileSync(join(dir, 'c.md'), '# C new\n');
  await settle(400);
  writeFileSync(join(dir, 'helpers.lisp'), '(defun h () 1)\n');
  await settle(400);
  controller.abort();
  await watching;
  t.same(runs, [['b.md'], ['c.md'], ['a.md', 'b.md', 'c.md']]);
});
