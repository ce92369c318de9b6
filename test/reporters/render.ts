// Shared by the reporter tests: a small run as events, and a reporter's whole output for a list of events.
import type { Reporter, RunEvent } from '../../src/model/events.js';

export async function render(reporter: Reporter, events: RunEvent[]): Promise<string> {
  async function* stream() {
    yield* events;
  }
  let text = '';
  for await (const chunk of reporter(stream())) text += chunk;
  return text;
}

/** One document, one unit: a passing point, a failing one with diagnostics, and a skipped one. */
export const smallRun: RunEvent[] = [
  { type: 'run-start', documents: 1, seed: 1 },
  { type: 'document-start', file: 'a.md', name: 'doc <a>' },
  { type: 'unit-start', file: 'a.md', unitId: 'a#1', name: 'Scenario 1', kind: 'lisp-block', at: { file: 'a.md', line: 4 } },
  { type: 'point', file: 'a.md', unitId: 'a#1', ok: true, name: '(result-response-p r)', at: { file: 'a.md', line: 5 } },
  { type: 'point', file: 'a.md', unitId: 'a#1', ok: false, name: '(search "=> 3" text)', at: { file: 'a.md', line: 6 }, diagnostics: { text: '=> 4 & more' } },
  { type: 'point', file: 'a.md', unitId: 'a#1', ok: true, name: 'docker', skip: 'no engine' },
  { type: 'unit-end', file: 'a.md', unitId: 'a#1', durationMs: 12 },
  { type: 'document-end', file: 'a.md', durationMs: 1500 },
  { type: 'run-end', durationMs: 14, counts: { passed: 1, failed: 1, skipped: 1, todo: 0 } },
];
