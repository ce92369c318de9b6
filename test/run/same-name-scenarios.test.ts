// Two scenarios of one name in one requirement: translate marks the second (check and the run
// warn at its line), and the run record keys each scenario by its content too, so that
// --only-failures reruns the one that failed, not the one now at its place or of its name.
import t from 'tap';
import { parseMarkdown } from '../../src/parse/index.js';
import { translate } from '../../src/translate/index.js';
import type { RunEvent } from '../../src/model/events.js';
import type { ScenarioUnit, TestPlan } from '../../src/model/plan.js';
import { RunRecorder, selectFailures } from '../../src/run/run-record.js';
import { recordedUnitAmong } from '../../src/run/unit-identity.js';

const scenario = (sum: string) => `#### Scenario: adding\n- **WHEN** I add ${sum}\n- **THEN** I get it\n\n`;
const doc = (...sums: string[]) => `### Requirement: Sums\nThe calc SHALL add.\n\n${sums.map(scenario).join('')}`;
const planOf = (text: string): TestPlan => ({ documents: [translate(parseMarkdown('sums.md', text))] });
const scenarios = (plan: TestPlan) => plan.documents[0].units as ScenarioUnit[];

t.test('the second scenario of a name in its requirement is marked with the first one\'s line; another requirement\'s is not', async (t) => {
  const plan = planOf(doc('1 and 1', '2 and 2'));
  t.same(scenarios(plan).map((unit) => [unit.name, unit.sameNameAt]), [['adding', undefined], ['adding (2)', 4]]);
  const apart = planOf(`${doc('1 and 1')}### Requirement: More\nThe calc SHALL add more.\n\n${scenario('2 and 2')}`);
  t.same(scenarios(apart).map((unit) => unit.sameNameAt), [undefined, undefined]);
});

t.test('a failure is rerun by its content once a scenario of its name is written above it', async (t) => {
  const before = planOf(doc('1 and 1', '2 and 2'));
  const recorder = new RunRecorder(process.cwd(), before);
  const [first, second] = scenarios(before);
  const events: RunEvent[] = [{ type: 'run-start', documents: 1, seed: 1 }];
  for (const [unit, ok] of [[first, true], [second, false]] as const) {
    events.push(
      { type: 'unit-start', file: 'sums.md', unitId: unit.id, name: `Sums / ${unit.name}`, kind: 'scenario', at: { file: 'sums.md', line: unit.line } },
      { type: 'point', file: 'sums.md', unitId: unit.id, ok, name: 'THEN I get it' },
      { type: 'unit-end', file: 'sums.md', unitId: unit.id, durationMs: 1 },
    );
  }
  for (const event of events) recorder.observe(event);
  const record = recorder.record();
  t.match(record.failures, [{ unit: '#2', name: 'Sums / adding (2)', key: /^[0-9a-f]{16}$/ }]);

  const after = planOf(doc('3 and 3', '1 and 1', '2 and 2'));
  const rerun = selectFailures(after, record, process.cwd());
  t.same((rerun.documents[0].units as ScenarioUnit[]).map((unit) => [unit.id, unit.steps[0].text]), [['sums.md#3', 'I add 2 and 2']], 'the 2 and 2 scenario, now the third, not the one at its old place');
  t.same(
    recordedUnitAmong([{ place: '#2', name: 'Sums / adding (2)' }, { place: '#3', name: 'Sums / adding (3)' }], { place: '#2', name: 'Sums / adding (2)' }),
    { place: '#2', name: 'Sums / adding (2)' },
    'a record without keys (an older one, a merge) finds a unit by place and name as before',
  );
});
