import t from 'tap';
import type { RunEvent } from '../../src/model/events.js';
import { specReporter } from '../../reporters/spec.js';

const events: RunEvent[] = [
  { type: 'run-start', documents: 1, seed: 1 },
  { type: 'document-start', file: 'a.md', name: 'doc a' },
  { type: 'unit-start', file: 'a.md', unitId: 'a#1', name: 'Scenario 1', kind: 'lisp-block', at: { file: 'a.md', line: 4 } },
  { type: 'point', file: 'a.md', unitId: 'a#1', ok: true, name: '(result-response-p r)', at: { file: 'a.md', line: 5 } },
  { type: 'point', file: 'a.md', unitId: 'a#1', ok: false, name: '(search "=> 3" text)', at: { file: 'a.md', line: 6 }, diagnostics: { text: '=> 4' } },
  { type: 'unit-end', file: 'a.md', unitId: 'a#1', durationMs: 12 },
  { type: 'document-end', file: 'a.md', durationMs: 13 },
  { type: 'run-end', durationMs: 14, counts: { passed: 1, failed: 1, skipped: 0, todo: 0 } },
];

async function render(color: boolean): Promise<string> {
  async function* stream() {
    yield* events;
  }
  let text = '';
  for await (const chunk of specReporter({ color })(stream())) text += chunk;
  return text;
}

t.test('plain output names the failing check, its place and its values', async (t) => {
  const text = await render(false);
  t.match(text, /✖ Scenario 1 \(1 of 2 checks failed, 12 ms\)/);
  t.match(text, /✖ \(search "=> 3" text\) a\.md:6/);
  t.match(text, /text: => 4/);
  t.match(text, /1 passed, 1 failed/);
  t.notMatch(text, /\u001b\[/, 'no escape codes without colour');
});

t.test('colour is used only when asked for', async (t) => {
  t.match(await render(true), /\u001b\[31m✖/);
});
