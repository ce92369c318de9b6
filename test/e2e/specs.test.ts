// The project's own specs/, end to end: one run of the real CLI (see corpus-run.ts).
// Its documents time commands (a grace period to half a second) and check a worker
// restarts in time: this file is one of those scripts/test.mjs runs alone. Its
// documents run one at a time: beside each other (--jobs 4) their probes, which time
// commands and drain endless output under a timeout, missed their bounds.
import t from 'tap';
import { checkCorpusRun } from './corpus-run.js';

t.test('spec-run specs/', async (t) => {
  await checkCorpusRun(t, { paths: ['specs/'], jobs: 1 });
});
