// steps-probe.ts: a steps file's top level tried off the main thread, for the editor and for
// check, steps, snippets and --list, which waited for the watchdog to kill them.
import t from 'tap';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { probeLimitMs } from '../../src/lsp/probe-limit.js';
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

t.test('the limit is 10 s unless SPEC_RUN_STEPS_PROBE_LIMIT gives a duration; one that is none is an error naming the variable', (t) => {
  t.equal(probeLimitMs({}), 10_000);
  t.equal(probeLimitMs({ SPEC_RUN_STEPS_PROBE_LIMIT: '' }), 10_000);
  t.equal(probeLimitMs({ SPEC_RUN_STEPS_PROBE_LIMIT: '3s' }), 3000);
  t.equal(probeLimitMs({ SPEC_RUN_STEPS_PROBE_LIMIT: '2' }), 2000, 'a bare number is seconds');
  t.equal(probeLimitMs({ SPEC_RUN_STEPS_PROBE_LIMIT: '1m' }), 60_000);
  for (const bad of ['0', '-1', '1.5', 'abc', '2 s'])
    t.throws(() => probeLimitMs({ SPEC_RUN_STEPS_PROBE_LIMIT: bad }), { message: new RegExp(`^SPEC_RUN_STEPS_PROBE_LIMIT="${bad}": .+ \\(e\\.g\\. '3s'; unset, 10 s\\)$`) }, `'${bad}' is refused`);
  t.end();
});

t.test("the limit counts the file's top level only, not the thread's start: a file that returns at once is never refused, even at the shortest limit", async (t) => {
  const directory = scratchDirectory('spec-run-probe-');
  t.teardown(() => rmSync(directory, { recursive: true, force: true }));
  const good = join(directory, 'good.steps.mjs');
  writeFileSync(good, 'export const ready = true;\n');
  // The worker's start (spec-run's own modules) takes hundreds of ms, on a loaded machine seconds: counted, a 200 ms limit refused this file.
  const verdicts = await Promise.all(Array.from({ length: 4 }, () => probeTopLevel(good, 200)));
  t.same(verdicts, [null, null, null, null]);
});
