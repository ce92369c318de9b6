// A Lisp unit's identity in the run record: its content (a block's code, a test's name) finds it
// again after edits elsewhere in its document, so --only-failures reruns the unit that failed,
// never the one an insertion moved to its place and numbered name ("Checks (2)").
import t from 'tap';
import { parseMarkdown } from '../../src/parse/index.js';
import { translate } from '../../src/translate/index.js';
import type { RunEvent } from '../../src/model/events.js';
import type { LispBlockUnit, TestPlan, Unit } from '../../src/model/plan.js';
import { RunRecorder, selectFailures } from '../../src/run/run-record.js';

const doc = (...blocks: string[]) => `---\ntype: verification\nname: d\n---\n# Checks\n\n${blocks.map((code) => `\`\`\`lisp\n${code}\n\`\`\`\n`).join('\n')}`;
const planOf = (text: string): TestPlan => ({ documents: [translate(parseMarkdown('d.md', text))] });

/** The record of a run of PLAN in which the units FAILING failed and the others passed. */
function recordOf(plan: TestPlan, failing: (unit: Unit) => boolean) {
  const recorder = new RunRecorder(process.cwd(), plan);
  const events: RunEvent[] = [{ type: 'run-start', documents: 1, seed: 1 }, { type: 'document-start', file: 'd.md', name: 'd' }];
  for (const unit of plan.documents[0].units) {
    events.push(
      { type: 'unit-start', file: 'd.md', unitId: unit.id, name: unit.name, kind: unit.kind, at: { file: 'd.md', line: unit.line } },
      { type: 'point', file: 'd.md', unitId: unit.id, ok: !failing(unit), name: 'a check' },
      { type: 'unit-end', file: 'd.md', unitId: unit.id, durationMs: 1 },
    );
  }
  events.push({ type: 'document-end', file: 'd.md', durationMs: 1 });
  for (const event of events) recorder.observe(event);
  return recorder.record();
}

const code = (plan: TestPlan) => plan.documents[0].units.map((unit) => (unit as LispBlockUnit).code.text.trim());

t.test('a failing block is found by its code once a block of its heading is written above it', async (t) => {
  const record = recordOf(planOf(doc('(assert (= 1 1))', '(assert (= 2 3))')), (unit) => unit.name === 'Checks (2)');
  t.match(record.failures, [{ unit: '#2', name: 'Checks (2)', key: /^[0-9a-f]{16}$/ }]);
  const rerun = selectFailures(planOf(doc('(assert (= 1 1))', '(assert (= 5 5))', '(assert (= 2 3))')), record, process.cwd());
  t.same(code(rerun), ['(assert (= 2 3))'], 'the failing block, now the third, not the new one at its place and name');
});

t.test('a failing block of a numbered name, edited since, is told apart nowhere: its whole document runs', async (t) => {
  const record = recordOf(planOf(doc('(assert (= 1 1))', '(assert (= 2 3))')), (unit) => unit.name === 'Checks (2)');
  const after = planOf(doc('(assert (= 1 1))', '(assert (= 5 5))', '(assert (= 2 4))'));
  t.same(code(selectFailures(after, record, process.cwd())), ['(assert (= 1 1))', '(assert (= 5 5))', '(assert (= 2 4))']);
  const settled = recordOf(after, () => false);
  t.same(settled.failures, [], 'a run of the whole document settles it');
});

t.test('a failing test is found by its name wherever edits move it; renamed, its whole document runs', async (t) => {
  const tests = (...names: string[]) => doc(...names.map((name) => `(fiveam:test ${name} (fiveam:is (= 1 ${name === 'bad' ? 2 : 1})))`));
  const record = recordOf(planOf(tests('good', 'bad')), (unit) => unit.name === 'bad');
  t.same(selectFailures(planOf(tests('added', 'good', 'bad')), record, process.cwd()).documents[0].units.map((unit) => unit.name), ['bad']);
  t.same(selectFailures(planOf(tests('good', 'renamed')), record, process.cwd()).documents[0].units.map((unit) => unit.name), ['good', 'renamed']);
});
