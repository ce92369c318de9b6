// Round 27's part H: how a command of the YAML block exits, said in the When ("the second of three checks fails",
// "the last step exits with 3"), describes the block, whose commands run as written: the When is read only where the
// written command line bears it out, and stays unread (its TODO saying why) where it does not. Sentences written for
// these tests (none from a batch), through real runs both ways.
import t from 'tap';
import { scenariosRunner, sectionScenario } from './cli-points.js';

const runScenarios = scenariosRunner('Round 27 part H');

const failFast = (title: string, when: string, second: string, then: string) =>
  sectionScenario(title, when, ['failFast: true', 'commands:', '  - run: "echo one"', `  - run: "${second}"`, '  - run: "echo never"'], then);

t.test('a command said to fail is read where the block\'s command fails, and unread where it succeeds', async (t) => {
  const { points } = await runScenarios('round27h-fails', [
    failFast('fails as said', 'the second of three checks fails and failFast is on', 'exit 4', 'spec-run exec exits with code 4'),
    failFast('succeeds instead', 'the second of three checks fails and failFast is on', 'echo two', 'spec-run exec exits with code 0'),
    failFast('its code as said', 'with failFast on, the second of three jobs exits with 3', 'exit 3', 'spec-run exec exits with code 3'),
    failFast('another code', 'with failFast on, the second of three jobs exits with 3', 'exit 4', 'spec-run exec exits with code 4'),
  ]);
  // The When is no step of its own: each scenario's one Then runs where it was read, and waits on it (a TODO) where not.
  const thens = points.filter((p) => /exits with code/.test(p.name));
  t.equal(thens.length, 4, 'one Then a scenario', { points });
  t.same(
    thens.map((p) => [p.ok, p.todo === undefined]),
    [
      [true, true],
      [false, false],
      [true, true],
      [false, false],
    ],
    'the When is read where the block bears out how its second command exits (and its Then runs and holds), not where it succeeds or exits otherwise',
    { thens },
  );
  t.match(JSON.stringify(thens[1].diagnostics), /does not bear out: command 2 fails, where the block runs `echo two`/, 'the TODO says what the block runs instead');
  t.match(JSON.stringify(thens[3].diagnostics), /does not bear out: command 2 exits with 3, where the block runs `exit 4`/, 'and another code than the one said');
});
