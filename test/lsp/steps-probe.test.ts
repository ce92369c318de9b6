// steps-probe.ts: a steps file's top level tried off the main thread, for the editor and for
// check, steps, snippets and --list, which waited for the watchdog to kill them.
import t from 'tap';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { notReturning, probeTopLevel } from '../../src/lsp/steps-probe.js';
import { scratchDirectory } from '../support/scratch.js';

t.test('of several steps files, only the one whose top level never returns is refused, with its problem', async (t) => {
  const directory = scratchDirectory('spec-run-probe-');
  t.teardown(() => rmSync(directory, { recursive: true, force: true }));
  const loop = join(directory, 'loop.steps.mjs');
  const good = join(directory, 'good.steps.mjs');
  const waits = join(directory, 'waits.steps.mjs');
  writeFileSync(loop, 'while (true) {}\n');
  writeFileSync(good, 'export const ready = true;\n');
  // A top level awaiting past the limit gives its thread back all the while: not refused.
  writeFileSync(waits, 'await new Promise((done) => setTimeout(done, 6000));\n');
  const refused = await notReturning([loop, good, waits], (file) => probeTopLevel(file, 5000));
  t.same([...refused.keys()], [loop]);
  t.match(refused.get(loop), { file: loop, line: 1, message: /did not return within 5 s \(an endless synchronous loop\?\): spec-run stopped it and loads none of its steps/ });
});
