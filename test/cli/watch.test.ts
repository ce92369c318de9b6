import t from 'tap';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
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

t.test('a document replaced by a rename (an editor\'s safe save, sed -i) runs again at each change, not only at the first', async (t) => {
  const dir = t.testdir({ 'a.md': '# A\n' });
  const file = join(dir, 'a.md');
  const runs: string[][] = [];
  const controller = new AbortController();
  // No root directory watched: the document's own watcher alone sees its changes.
  const watching = watchDocuments({ documents: [file], roots: [], helpers: [], rerun: async (files) => void runs.push(files), debounceMs: 50, signal: controller.signal });
  await settle(100);
  for (const text of ['# A one\n', '# A two\n', '# A three\n']) {
    writeFileSync(`${file}.tmp`, text);
    renameSync(`${file}.tmp`, file);
    await settle(400);
  }
  writeFileSync(file, '# A four, in place\n');
  await settle(400);
  controller.abort();
  await watching;
  t.equal(runs.length, 4, `a run for each of the four changes: ${runs.length}`);
});

t.test('a steps file created after the first run (beside the documents, in the project, under a steps/ made later) runs every document; so does its deletion', async (t) => {
  const dir = t.testdir({ specs: { 'a.md': '# A\n', 'b.md': '# B\n' }, 'notes.txt': 'not a steps file\n' });
  const conventional = /(^|\/)(steps\.m?js|[^/]*\.steps\.m?js|steps\/.*\.m?js)$/;
  const { readdirSync } = await import('node:fs');
  const list = async () => (readdirSync(dir, { recursive: true }) as string[]).filter((f) => conventional.test(f)).map((f) => join(dir, f));
  const runs: string[][] = [];
  const controller = new AbortController();
  const watching = watchDocuments({
    documents: [join(dir, 'specs', 'a.md'), join(dir, 'specs', 'b.md')],
    roots: [join(dir, 'specs')],
    helpers: [],
    stepPlaces: { directories: [dir, join(dir, 'specs')], list },
    rerun: async (files) => void runs.push(files.map((f) => f.slice(resolve(dir).length + 1)).sort()),
    debounceMs: 50,
    signal: controller.signal,
  });
  await settle(100);
  writeFileSync(join(dir, 'notes.txt'), 'still not a steps file\n');
  await settle(400);
  t.same(runs, [], 'another file of the project changes nothing');
  writeFileSync(join(dir, 'specs', 'then.steps.mjs'), '// new\n');
  await settle(400);
  writeFileSync(join(dir, 'steps.mjs'), '// new\n');
  await settle(400);
  const { mkdirSync, rmSync } = await import('node:fs');
  mkdirSync(join(dir, 'steps'));
  writeFileSync(join(dir, 'steps', 'more.mjs'), '// new\n');
  await settle(400);
  rmSync(join(dir, 'specs', 'then.steps.mjs'));
  await settle(400);
  controller.abort();
  await watching;
  const every = ['specs/a.md', 'specs/b.md'];
  t.same(runs, [every, every, every, every], 'a run of every document for each steps file created, and for the one deleted');
});

t.test('a document under a root the first run did not name (a new one, a change\'s delta) runs again at each save that replaces it, not only at the first', async (t) => {
  const dir = t.testdir({ 'a.md': '# A\n', changes: { 'b.md': '# B\n' } });
  const runs: string[][] = [];
  const controller = new AbortController();
  // The root's own watcher alone sees b.md at first: it is no document of the first run.
  const watching = watchDocuments({ documents: [join(dir, 'a.md')], roots: [dir], helpers: [], rerun: async (files) => void runs.push(files.map((f) => f.slice(resolve(dir).length + 1))), debounceMs: 50, signal: controller.signal });
  await settle(100);
  const file = join(dir, 'changes', 'b.md');
  for (const text of ['# B one\n', '# B two\n', '# B three\n']) {
    writeFileSync(`${file}.tmp`, text);
    renameSync(`${file}.tmp`, file);
    await settle(400);
  }
  controller.abort();
  await watching;
  t.same(runs.filter((files) => files.includes('changes/b.md')).length, 3, `a run for each of the three saves: ${JSON.stringify(runs)}`);
});

t.test('a save of a document a rerun is running cancels that rerun, saying which save, and its run starts at once; a save of another waits its turn', async (t) => {
  const dir = t.testdir({ 'a.md': '# A\n', 'b.md': '# B\n' });
  const runs: { files: string[]; cancelledBy?: string }[] = [];
  const controller = new AbortController();
  const watching = watchDocuments({
    documents: [join(dir, 'a.md'), join(dir, 'b.md')],
    roots: [],
    helpers: [],
    // Each run hangs until it is cancelled, or for 3 seconds, as a unit stuck in a loop would.
    rerun: async (files, cancelled) => {
      const run: { files: string[]; cancelledBy?: string } = { files: files.map((f) => f.slice(resolve(dir).length + 1)) };
      runs.push(run);
      await new Promise<void>((done) => {
        const timer = setTimeout(done, 3000);
        cancelled.addEventListener('abort', () => (clearTimeout(timer), (run.cancelledBy = String(cancelled.reason)), done()));
      });
    },
    debounceMs: 50,
    signal: controller.signal,
  });
  await settle(100);
  writeFileSync(join(dir, 'a.md'), '# A hangs\n');
  await settle(400);
  const started = Date.now();
  writeFileSync(join(dir, 'a.md'), '# A fixed\n');
  await settle(400);
  t.ok(Date.now() - started < 3000 && runs.length === 2, 'the second save of a runs before the first run would have ended');
  t.same(runs[0], { files: ['a.md'], cancelledBy: `a save of ${join(dir, 'a.md').slice(process.cwd().length + 1)}` });
  writeFileSync(join(dir, 'b.md'), '# B changed\n');
  await settle(400);
  t.equal(runs.length, 2, 'a save of b, which the run under way does not run, waits for it');
  t.equal(runs[1].cancelledBy, undefined);
  controller.abort();
  await watching;
  t.same(runs.map((run) => run.files), [['a.md'], ['a.md'], ['b.md']]);
});

t.test('a save during the first run cancels it as it cancels a rerun: the saved document runs at once, not after the first run\'s time limit', async (t) => {
  const dir = t.testdir({ 'a.md': '# A\n', 'b.md': '# B\n' });
  const reasons: string[] = [];
  const runs: string[][] = [];
  const controller = new AbortController();
  let firstEnded = 0;
  const watching = watchDocuments({
    documents: [join(dir, 'a.md'), join(dir, 'b.md')],
    roots: [],
    helpers: [],
    // The first run hangs for 5 seconds unless cancelled, as a unit stuck in a loop would.
    first: (cancelled) =>
      new Promise<void>((done) => {
        const timer = setTimeout(done, 5000);
        cancelled.addEventListener('abort', () => (clearTimeout(timer), reasons.push(String(cancelled.reason)), done()));
      }).then(() => void (firstEnded = Date.now())),
    rerun: async (files) => void runs.push(files.map((f) => f.slice(resolve(dir).length + 1))),
    debounceMs: 50,
    signal: controller.signal,
  });
  await settle(200);
  const saved = Date.now();
  writeFileSync(join(dir, 'a.md'), '# A fixed\n');
  await settle(600);
  t.ok(firstEnded > 0 && firstEnded - saved < 2000, `the first run ended at the save (${firstEnded - saved} ms after it)`);
  t.same(reasons, [`a save of ${join(dir, 'a.md').slice(process.cwd().length + 1)}`], 'cancelled, saying by which save');
  t.same(runs, [['a.md']], 'the saved document runs at once');
  controller.abort();
  await watching;
});

t.test('a save that cancels a run runs too what that run had not finished; a save of another, before it, does not take them', async (t) => {
  const dir = t.testdir({ 'a.md': '# A\n', 'b.md': '# B\n', 'c.md': '# C\n' });
  const runs: string[][] = [];
  const controller = new AbortController();
  const watching = watchDocuments({
    documents: ['a.md', 'b.md', 'c.md'].map((name) => join(dir, name)),
    roots: [dir],
    helpers: [],
    // The first run is in a.md until cancelled: b.md and c.md it has not reached.
    first: (cancelled) => new Promise((done) => cancelled.addEventListener('abort', () => done(['a.md', 'b.md', 'c.md'].map((name) => join(dir, name))))),
    rerun: async (files) => void runs.push(files.map((f) => f.slice(resolve(dir).length + 1))),
    debounceMs: 50,
    signal: controller.signal,
  });
  await settle(200);
  // A new document, which the first run does not run: its run waits for the first run's end.
  writeFileSync(join(dir, 'd.md'), '# D\n');
  await settle(300);
  writeFileSync(join(dir, 'a.md'), '# A saved\n');
  await settle(600);
  writeFileSync(join(dir, 'c.md'), '# C saved\n');
  await settle(600);
  controller.abort();
  await watching;
  t.same(runs, [['d.md'], ['a.md', 'b.md', 'c.md'], ['c.md']], 'the save of a.md runs b.md and c.md too; the save of d.md before it runs d.md alone; the later save of c.md runs it alone');
});

t.test('a deleted document is removed, not run: the others run on; one written back runs again', async (t) => {
  const dir = t.testdir({ 'a.md': '# A\n', 'b.md': '# B\n' });
  const events: string[] = [];
  const controller = new AbortController();
  const name = (f: string) => f.slice(resolve(dir).length + 1);
  const watching = watchDocuments({
    documents: [join(dir, 'a.md'), join(dir, 'b.md')],
    roots: [dir],
    helpers: [],
    rerun: async (files) => void events.push(`run ${files.map(name).join(' ')}`),
    removed: async (files) => void events.push(`removed ${files.map(name).join(' ')}`),
    debounceMs: 50,
    signal: controller.signal,
  });
  await settle(100);
  rmSync(join(dir, 'b.md'));
  await settle(400);
  writeFileSync(join(dir, 'a.md'), '# A changed\n');
  await settle(400);
  writeFileSync(join(dir, 'b.md'), '# B back\n');
  await settle(400);
  controller.abort();
  await watching;
  t.same(events, ['removed b.md', 'run a.md', 'run b.md']);
});

t.test('a change of the configuration ends the watch to start again with it; one that does not load is said, and nothing runs', async (t) => {
  const dir = t.testdir({ 'a.md': '# A\n', 'spec-run.config.json': '{}' });
  const config = join(dir, 'spec-run.config.json');
  const runs: string[][] = [];
  let problem: string | null = 'spec-run.config.json:1:2: unexpected end';
  const lines: string[] = [];
  const error = console.error;
  console.error = (line: string) => void lines.push(line);
  t.teardown(() => void (console.error = error));
  const controller = new AbortController();
  const watching = watchDocuments({
    documents: [join(dir, 'a.md')],
    roots: [dir],
    helpers: [],
    configuration: { file: config, problem: () => problem },
    rerun: async (files) => void runs.push(files),
    debounceMs: 50,
    signal: controller.signal,
  });
  await settle(100);
  writeFileSync(config, '{');
  await settle(400);
  t.same(runs, [], 'a configuration that does not load runs nothing');
  t.match(lines.join('\n'), /the configuration \(.*spec-run\.config\.json\) changed but does not load: spec-run\.config\.json:1:2: unexpected end; nothing runs until it does/);
  problem = null;
  writeFileSync(config, '{"runtime": ["node", "other.mjs"]}');
  t.equal(await watching, 'restart', 'the watch ends, for the run to start again with the new configuration');
  t.same(runs, [], 'not a rerun under the old configuration');
  t.match(lines.join('\n'), /the configuration \(.*spec-run\.config\.json\) changed; starting again with it/);
  t.notMatch(lines.join('\n'), /shared helper/, 'not called a shared helper');
});
