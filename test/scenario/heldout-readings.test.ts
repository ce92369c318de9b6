// The held-out executor specifications, read without running them: each batch still binds
// at least the rate recorded for it, and every step the interpreter bound shows its
// interpretation. One dry run of all batches at once; nothing runs, so nothing is timed
// (the real runs are heldout.test.ts, alone).
import t from 'tap';
import { batches, batchOf, bound, rates, stepPoints } from './heldout-batches.js';

const dry = await stepPoints(batches, ['--dry-run']);

t.test('the dry run reads a point of every held-out batch', async (t) => {
  t.same([...new Set(dry.map(batchOf))].sort(), batches);
});

for (const batch of batches) {
  t.test(`${batch}: the recorded binding rate holds, and each bound reading is shown`, async (t) => {
    const recorded = rates[batch];
    t.ok(recorded, `${batch} has a recorded rate in rates.json`);
    if (!recorded) return;
    const points = dry.filter((p) => batchOf(p) === batch);
    t.equal(points.length, recorded.steps, 'every step of the batch is a point');
    const boundSteps = points.filter(bound);
    t.ok(boundSteps.length >= recorded.bound, `bound ${boundSteps.length} of ${points.length}, recorded ${recorded.bound}`);
    const interpreted = boundSteps.filter((p) => String(p.diagnostics?.definition).startsWith('executor interpreter:'));
    t.ok(interpreted.length > 0 && interpreted.every((p) => typeof p.diagnostics?.interpretation === 'string'), `each of the ${interpreted.length} steps the interpreter bound shows its interpretation (the others: a definition)`);
  });
}
