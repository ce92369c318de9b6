// A small run with requirements, attachments and long values, as events: for the
// reporters of requirements and artefacts (HTML, JSON, JUnit, spec).
import type { RunEvent } from '../../src/model/events.js';
import type { Requirement, RequirementResult } from '../../src/model/requirements.js';

const file = 'specs/limits.md';
const at = (line: number) => ({ file, line });

export const requirements: Requirement[] = [
  { id: `${file}#Limits`, name: 'Limits', file, line: 3, origin: 'requirement-heading', statements: ['The system SHALL limit <output>.'], units: ['d#1', 'd#2'] },
  { id: `${file}#Logging`, name: 'Logging', file, line: 20, origin: 'requirement-heading', statements: [], units: [] },
];

const results: RequirementResult[] = [
  { ...requirements[0], status: 'failing', counts: { passed: 2, failed: 1, skipped: 1, todo: 0 }, detail: '2 passed, 1 failed' },
  { ...requirements[1], status: 'untested', counts: { passed: 0, failed: 0, skipped: 0, todo: 0 }, detail: 'no scenario or unit verifies it' },
];

export const LONG_OUTPUT = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`).join('\n');
export const HUGE_ATTACHMENT = 'y'.repeat(200_000);

export const tracedRun: RunEvent[] = [
  { type: 'run-start', documents: 1, seed: 4242 },
  { type: 'document-start', file, name: 'Limits spec', requirements },
  { type: 'unit-start', file, unitId: 'd#1', name: 'Limits / Line limit', kind: 'scenario', at: at(6), requirements: [requirements[0].id] },
  { type: 'point', file, unitId: 'd#1', ok: true, name: 'WHEN output is long', at: at(7) },
  {
    type: 'point',
    file,
    unitId: 'd#1',
    ok: false,
    name: 'THEN it is cut at <10> lines',
    at: at(8),
    diagnostics: { expected: 10, actual: 40, output: LONG_OUTPUT },
    attachments: [
      { name: 'probe', value: { exitCode: 0, stdout: 'hello & <bye>' } },
      { name: 'huge', value: HUGE_ATTACHMENT },
    ],
  },
  { type: 'point', file, unitId: 'd#1', ok: true, name: 'AND docker too', at: at(9), skip: 'no Docker engine' },
  { type: 'unit-end', file, unitId: 'd#1', durationMs: 1234 },
  { type: 'unit-start', file, unitId: 'd#2', name: 'Limits / No limit', kind: 'scenario', at: at(12), requirements: [requirements[0].id] },
  { type: 'point', file, unitId: 'd#2', ok: true, name: 'THEN all is shown', at: at(13) },
  { type: 'unit-end', file, unitId: 'd#2', durationMs: 56 },
  { type: 'document-end', file, durationMs: 1400 },
  { type: 'run-end', durationMs: 1500, counts: { passed: 2, failed: 1, skipped: 1, todo: 0 }, requirements: results },
];
