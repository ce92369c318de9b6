// The quiet gate: its rules on their own, then with real documents run in parallel
// through the orchestrator, the Lisp driver and the real runtime, where every turn
// the documents take is recorded and checked for overlap.
import t from 'tap';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunEvent } from '../../src/model/events.js';
import { parseFile } from '../../src/parse/index.js';
import { translate } from '../../src/translate/index.js';
import { runPlan } from '../../src/run/index.js';
import { runLispDocument } from '../../src/run/lisp/index.js';
import { QuietGate, type AcquireOptions, type GateMode, type Release } from '../../src/run/quiet-gate.js';
import { measuresTime, unitTimingNeeds } from '../../src/run/timing-sensitive.js';
import { options } from './lisp/helpers.js';

const tick = () => new Promise((r) => setImmediate(r));

/** A real gate that records every turn it gives: mode, document-independent interval. */
class RecordingGate extends QuietGate {
  readonly turns: { mode: GateMode; from: number; to: number }[] = [];

  override async acquire(mode: GateMode, options?: AcquireOptions): Promise<Release> {
    const release = await super.acquire(mode, options);
    const turn = { mode, from: performance.now(), to: Infinity };
    this.turns.push(turn);
    return () => {
      turn.to = performance.now();
      release();
    };
  }
}

t.test('shared turns overlap; an exclusive turn waits for them and holds later ones back; exclusive turns come in order', async (t) => {
  const gate = new QuietGate();
  const order: string[] = [];
  const s1 = await gate.acquire('shared');
  const s2 = await gate.acquire('shared');
  t.same(gate.state, { shared: 2, exclusive: false, waiting: 0 }, 'two shared turns at once');
  const e1 = gate.acquire('exclusive').then((release) => (order.push('e1'), release));
  const s3 = gate.acquire('shared').then((release) => (order.push('s3'), release));
  const e2 = gate.acquire('exclusive').then((release) => (order.push('e2'), release));
  await tick();
  t.same(order, [], 'nothing is admitted while shared turns are in flight');
  s1();
  s1();
  await tick();
  t.same(order, [], 'a release counts once; one shared turn is still in flight');
  s2();
  await tick();
  t.same(order, ['e1'], 'the exclusive turn starts once the last shared turn ends');
  (await e1)();
  await tick();
  t.same(order, ['e1', 's3'], 'the shared turn that arrived while it waited comes next, before the later exclusive one');
  (await s3)();
  await tick();
  t.same(order, ['e1', 's3', 'e2']);
  (await e2)();
  t.same(gate.state, { shared: 0, exclusive: false, waiting: 0 });
});

t.test('a prompt shared turn passes a waiting exclusive turn, and waits only for a held one', async (t) => {
  const gate = new QuietGate();
  const order: string[] = [];
  const first = await gate.acquire('shared');
  const exclusive = gate.acquire('exclusive').then((release) => (order.push('exclusive'), release));
  const ordinary = gate.acquire('shared').then((release) => (order.push('ordinary'), release));
  const prompt = gate.acquire('shared', { prompt: true }).then((release) => (order.push('prompt'), release));
  await tick();
  t.same(order, ['prompt'], 'the prompt turn runs beside the shared one in flight; the ordinary one queues');
  first();
  (await prompt)();
  await tick();
  t.same(order, ['prompt', 'exclusive']);
  const late = gate.acquire('shared', { prompt: true }).then((release) => (order.push('late prompt'), release));
  await tick();
  t.same(order, ['prompt', 'exclusive'], 'a held exclusive turn stops a prompt one');
  (await exclusive)();
  await tick();
  t.same(order, ['prompt', 'exclusive', 'late prompt', 'ordinary'], 'then it goes first');
  (await late)();
  (await ordinary)();
  t.same(gate.state, { shared: 0, exclusive: false, waiting: 0 });
});

t.test('what measures time: time-execution calls and evaluations capturing their time; timing-sensitive units', async (t) => {
  t.ok(measuresTime({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'time-execution', arguments: { code: 'nil' } } }));
  t.ok(measuresTime({ method: 'tools/call', params: { name: 'evaluate-lisp', arguments: { code: 'nil', 'capture-time': true } } }));
  t.notOk(measuresTime({ method: 'tools/call', params: { name: 'evaluate-lisp', arguments: { code: '(sleep 1)' } } }));
  t.notOk(measuresTime('{"not": "parsed"}'));
  const dir = t.testdir({
    'clock.md': `---\ntype: verification\nname: clock\n---\n# Clock\n\n## Round trip\n\n\`\`\`lisp\n(let ((start (get-internal-real-time))) (assert (>= (get-internal-real-time) start)))\n\`\`\`\n\n## Plain\n\n\`\`\`lisp\n(assert t)\n\`\`\`\n\n## Verifier\n\n\`\`\`lisp\n(defun verify-fast () (let ((s (cl:get-internal-run-time))) (< (- (get-internal-run-time) s) 1000)))\n\`\`\`\n`,
    'marked.md': `---\ntype: verification\nname: marked\ntiming-sensitive: [Second]\n---\n# Marked\n\n## First\n\n\`\`\`lisp\n(assert t)\n\`\`\`\n\n## Second\n\n\`\`\`lisp\n(assert t)\n\`\`\`\n`,
    'whole.md': `---\ntype: verification\nname: whole\ntiming-sensitive: true\n---\n# Whole\n\n## One\n\n\`\`\`lisp\n(assert t)\n\`\`\`\n`,
  });
  const needs = async (file: string) => {
    const plan = translate(await parseFile(join(dir, file)));
    const byId = unitTimingNeeds(plan);
    return Object.fromEntries(plan.units.map((u) => [u.name, byId.get(u.id) ?? 'shared']));
  };
  t.same(await needs('clock.md'), { 'Round trip': 'prompt', Plain: 'shared', 'verify-fast': 'prompt' }, 'units whose code reads the clock are prompt, a verify function through its definition');
  t.same(await needs('marked.md'), { First: 'shared', Second: 'exclusive' }, 'units named in the frontmatter list hold the gate');
  t.same(await needs('whole.md'), { One: 'exclusive' }, 'timing-sensitive: true marks every unit');
});

t.test('a unit reads the clock through any form of its code: a FiveAM test, a reader conditional, #\'', async (t) => {
  const dir = t.testdir({
    'tests.md': `---\ntype: verification\nname: tests\n---\n# Tests\n\n\`\`\`lisp
(fiveam:test timed (let ((start (get-internal-real-time))) (fiveam:is (<= start (get-internal-real-time)))))
(fiveam:test untimed (fiveam:is (= 2 (+ 1 1))))
(fiveam:test behind-feature (fiveam:is (plusp #+sbcl (get-internal-run-time) #-sbcl 1)))
(fiveam:test as-function (fiveam:is (integerp (funcall #'get-internal-real-time))))
\`\`\`\n`,
  });
  const plan = translate(await parseFile(join(dir, 'tests.md')));
  const byId = unitTimingNeeds(plan);
  t.same(Object.fromEntries(plan.units.map((u) => [u.name, byId.get(u.id) ?? 'shared'])), { timed: 'prompt', untimed: 'shared', 'behind-feature': 'prompt', 'as-function': 'prompt' });
});

t.test('real documents in parallel: no evaluation is in flight during a measurement, and sleeps of ordinary documents overlap', async (t) => {
  const dir = t.testdir({});
  const doc = (name: string, body: string) => {
    const path = join(dir, `${name}.md`);
    writeFileSync(path, `---\ntype: verification\nname: ${name}\n---\n# ${name}\n\n${body}`);
    return path;
  };
  const sleeper = (name: string) =>
    doc(name, `## Sleeps\n\n\`\`\`lisp\n(let ((s (make-test-session)))\n  (dotimes (i 3) (assert (search "=> NIL" (result-content-text (evaluate-in-session s "(sleep 0.4)"))))))\n\`\`\`\n`);
  const files = [
    sleeper('sleeper-a'),
    sleeper('sleeper-b'),
    doc('timer', `## Measures\n\n\`\`\`lisp\n(dotimes (i 8) (assert (< (result-real-time-ms (time-execution "(+ 1 2)")) 50)))\n\`\`\`\n`),
  ];
  const plan = { documents: await Promise.all(files.map(async (file) => translate(await parseFile(file)))) };
  const gate = new RecordingGate();
  const events: RunEvent[] = [];
  for await (const event of runPlan(plan, { ...options(), jobs: 3, quietGate: gate }, { lisp: runLispDocument })) events.push(event);
  const end = events.at(-1);
  t.same(end?.type === 'run-end' && end.counts, { passed: 14, failed: 0, skipped: 0, todo: 0 }, 'every check of the three documents passed');
  const exclusive = gate.turns.filter((turn) => turn.mode === 'exclusive');
  const shared = gate.turns.filter((turn) => turn.mode === 'shared');
  t.equal(exclusive.length, 8, 'each time-execution took an exclusive turn');
  const overlaps = (a: { from: number; to: number }, b: { from: number; to: number }) => a.from < b.to && b.from < a.to;
  for (const turn of exclusive) t.equal(gate.turns.filter((other) => other !== turn && overlaps(turn, other)).length, 0, 'a measurement ran with nothing else in flight');
  const sleeps = shared.filter((turn) => turn.to - turn.from >= 350);
  // Process starts take shared turns too, and under load one can last as long as a sleep.
  t.ok(sleeps.length >= 6, 'the six (sleep 0.4) evaluations each held a shared turn');
  t.ok(sleeps.some((a) => sleeps.some((b) => a !== b && overlaps(a, b))), 'sleeps of the two ordinary documents overlapped');
});
