// Round 28's part B: which commands a Then is about. Several commands named together by their places ("the second and
// third commands", "both the first job and the last job", "tasks 2 and 3", "the first two steps", "neither the first nor
// the third") each bear the fact said of them, or none does for "neither … nor"; a place beyond the commands the
// scenario's YAML block lists names no command and leaves the sentence unread, as does a fact that relates the commands
// named. Sentences written for these tests (none from a batch), through real runs both ways.
import t from 'tap';
import { blockScenario, scenariosRunner, sectionScenario } from './cli-points.js';
import { commandsNamedTogether, placeBeyond } from '../../src/run/scenario/interpreter/commands-named.js';

const runScenarios = scenariosRunner('Round 28 part B');
const BLOCK = 'the hook file is';

/** Each sentence of THENS, in a scenario of COMMANDS (run lines) of its own. */
const scenariosOf = (title: string, commands: string[], thens: string[]) => thens.map((then, i) => blockScenario(`${title} ${i + 1}`, BLOCK, commands.map((run) => `- run: "${run}"`), then));

const interpretation = (p: { diagnostics?: unknown } | undefined) => String((p?.diagnostics as { definition?: unknown } | undefined)?.definition ?? '');

t.test('a fact said of several commands named by their places holds only where it holds of each of them', async (t) => {
  const lateFail = ['echo one', 'exit 3', 'exit 4'];
  const lastSucceeds = ['echo one', 'exit 3', 'echo three'];
  const allSucceed = ['echo one', 'echo two', 'echo three'];
  const sentences: [string, string[], boolean][] = [
    ['the second and third commands fail', lateFail, true],
    ['the second and third commands fail', lastSucceeds, false],
    ['steps 2 and 3 both fail', lateFail, true],
    ['steps 2 and 3 both fail', lastSucceeds, false],
    ['both the first job and the third job succeed', lastSucceeds, true],
    ['both the first job and the third job succeed', lateFail, false],
    ['the first, the second and the third task succeed', allSucceed, true],
    ['the first, the second and the third task succeed', lastSucceeds, false],
    ['the first two commands succeed', allSucceed, true],
    ['the first two commands succeed', lateFail, false],
    ['neither the second nor the last command succeeds', lateFail, true],
    ['neither the second nor the last command succeeds', lastSucceeds, false],
  ];
  const { points } = await runScenarios(
    'round28b-each',
    sentences.map(([then, commands], i) => blockScenario(`case ${i + 1}`, BLOCK, commands.map((run) => `- run: "${run}"`), then)),
  );
  t.equal(points.length, sentences.length, 'one step a scenario', { points });
  t.same(points.filter((p) => p.todo !== undefined).map((p) => p.name), [], 'every sentence bound', { points });
  sentences.forEach(([then, commands, holds], i) => t.equal(points[i]?.ok, holds, `"${then}" ${holds ? 'holds' : 'fails'} where the commands are ${commands.join(' / ')}`, { point: points[i] }));
  t.match(interpretation(points[0]), /the command 2: .*fails.* ∧ the command 3: .*fails/, 'the reading names each command the fact is said of');
  t.match(interpretation(points[10]), /the command 2: .*fails.* ∧ the last: .*fails/, '"neither … nor … succeeds": each of them fails');
});

t.test('a place beyond the commands the block lists names no command: the sentence is unread, its TODO says why', async (t) => {
  const { points } = await runScenarios('round28b-beyond', [
    ...scenariosOf('three', ['echo one', 'echo two', 'echo three'], ['the third and fourth commands succeed', 'command 4 succeeds']),
    ...scenariosOf('four', ['echo one', 'echo two', 'echo three', 'echo four'], ['the third and fourth commands succeed', 'command 4 succeeds']),
  ]);
  t.same(
    points.map((p) => [p.todo !== undefined, p.ok]),
    [
      [true, false],
      [true, false],
      [false, true],
      [false, true],
    ],
    'unread where the block lists three commands; bound and holding where it lists four',
    { points },
  );
  t.match(String((points[0].diagnostics as { interpreter?: unknown } | undefined)?.interpreter), /"the third and fourth commands" names a command the scenario's YAML block does not have: it lists 3/, 'the TODO names the words and the count');
});

t.test('a fact that relates the commands named, or joins values, is not said of each: left unread', async (t) => {
  const { points } = await runScenarios('round28b-relates', scenariosOf('relates', ['exit 3', 'exit 4'], ['the first and second commands exit with 3 and 4', 'the first and second commands fail one after the other', 'the first and second commands fail respectively']));
  t.same(
    points.map((p) => p.todo !== undefined),
    [true, true, true],
    'none of them bound',
    { points },
  );
});

t.test('the rewriting: each command in a clause of its own, the clause after the predicate once', (t) => {
  t.same(commandsNamedTogether('the second and third commands still run, and spec-run exec exits with 3'), { each: 'the second command still runs, and the third command still runs', after: 'spec-run exec exits with 3' });
  t.same(commandsNamedTogether('tasks 1, 2 and 12 are reported as failed'), { each: 'the first command is reported as failed, and the second command is reported as failed, and command 12 is reported as failed', after: null });
  t.same(commandsNamedTogether('neither the first nor the second job is run'), { each: 'the first command is not run, and the second command is not run', after: null });
  t.same(commandsNamedTogether('neither the first nor the second job times out'), { each: 'the first command does not time out, and the second command does not time out', after: null });
  t.same(commandsNamedTogether('neither `make` nor `make test` may be invoked: the exit status is 2'), { each: '`make` may not be invoked, and `make test` may not be invoked', after: 'the exit status is 2' });
  t.equal(commandsNamedTogether('neither `logs` nor `logs/run.jsonl` is created'), null, 'texts said to be created are files, not commands');
  t.equal(commandsNamedTogether('the first and second commands fail, and it exits with 1'), null, 'a pronoun after: whose subject the clause before would have given');
  t.equal(commandsNamedTogether('the second command fails'), null, 'one command: nothing to distribute');
  t.equal(commandsNamedTogether('both the first, the second and the third command fail'), null, '"both" of three is not read');
  t.equal(commandsNamedTogether('neither the first and the second command fails'), null, '"neither" without "nor" is not read');
  t.equal(commandsNamedTogether('the first and the first command fail'), null, 'a command named twice is not read');
  t.equal(commandsNamedTogether('the first and second commands exit with their own codes'), null, 'their: a fact of them together');
  t.end();
});

t.test('a place beyond the count, in every spelling of a place', (t) => {
  t.equal(placeBeyond('the 4th job succeeds', 3), 'the 4th job');
  t.equal(placeBeyond('jobs 2 and 5 fail', 4), 'jobs 2 and 5');
  t.equal(placeBeyond('the last command fails', 1), null, 'the last is always a place of the list');
  t.equal(placeBeyond('the command takes 4 seconds', 1), null, 'no place is named');
  t.equal(placeBeyond('the third command succeeds', 3), null);
  t.end();
});

/** A command that prints `begun`, then, stopped at its one-second timeout, runs its TERM trap, which prints SAID. */
const trapped = (said: string) => `trap 'echo ${said}; exit 0' TERM; echo begun; while true; do sleep 0.1; done`;
const timedBlock = (title: string, runs: string[], then: string) => sectionScenario(title, BLOCK, ['commands:', ...runs.flatMap((run) => [`  - run: "${run}"`, '    timeout: 1s'])], then);

t.test("a command's own process (its shell, its handler), the subject of printing or of a signal, read as that command", async (t) => {
  const cases: [string, string[], string, boolean][] = [
    ['trap stopped', [trapped('tidied')], 'the trap gets SIGTERM', true],
    ['trap done first', ["trap 'echo tidied' TERM; echo quick"], 'the trap gets SIGTERM', false],
    ['trap handler', [trapped('tidied')], 'the trap handler prints `tidied`', true],
    ['trap handler else', [trapped('other')], 'the trap handler prints `tidied`', false],
    ['the one with a trap', ['echo plain', trapped('tidied')], 'the handler prints `tidied`', true],
    ['the one with a trap, else', [trapped('other'), 'echo tidied'], 'the handler prints `tidied`', false],
    ['shell says', ['echo hello from sh'], 'the shell prints `hello`', true],
    ['shell says else', ['echo bye'], 'the shell prints `hello`', false],
  ];
  const { points } = await runScenarios(
    'round28b-process',
    cases.map(([title, runs, then]) => timedBlock(title, runs, then)),
  );
  t.equal(points.length, cases.length, 'one step a scenario', { points });
  t.same(points.filter((p) => p.todo !== undefined).map((p) => p.name), [], 'every sentence bound', { points });
  cases.forEach(([title, , then, holds], i) => t.equal(points[i]?.ok, holds, `${title}: "${then}" ${holds ? 'holds' : 'fails'}`, { point: points[i] }));
  t.match(interpretation(points[0]), /\(the trap: the command's own process; what it printed or was sent is the command's\)/, 'the reading says the trap was read as the command');
  t.match(interpretation(points[4]), /the second command's own process/, 'of two commands, the one whose line sets a trap');
});

t.test('a process two commands fit, or none, or its own exit status, is not read', async (t) => {
  const { points } = await runScenarios('round28b-process-unread', [
    timedBlock('two traps', [trapped('tidied'), trapped('tidied')], 'the handler prints `tidied`'),
    timedBlock('no trap', ['echo tidied'], 'the handler prints `tidied`'),
    timedBlock('its exit', [trapped('tidied')], 'the handler exits with 0'),
  ]);
  t.same(points.map((p) => p.todo !== undefined), [true, true, true], 'none of them bound', { points });
});
