// Round 32's misreadings of a fresh measurement (F), each fixed as a class: an appositive naming a command by its number
// ("exits with 1, the exit code of command 2") says whose status it is, never a status of 2; a scenario that says its
// configuration is refused runs a block whose top key is misspelled as written (spec-run exec reads it and refuses it);
// a When of a scenario whose condition paragraph is not read, and says what the block does not set up, stays unbound as
// its Thens do; what the --log file's lines are, said beside their count ("(the timeout; `exit 5` is not logged)"), is
// read of those lines, never of every command's outcome. Sentences written for these tests, read both ways through real
// runs of the executor.
import t from 'tap';
import { expectBoundVerdicts, reading, scenariosRunner, sectionScenario } from './cli-points.js';

const run = scenariosRunner('Round 32 F misreadings');

t.test("a status appositive naming a command by its number is that command's status, never a status of its number", async (t) => {
  const section = ['commands:', '  - run: "echo one"', '  - run: "exit 3"'];
  const as = (title: string, then: string) => sectionScenario(title, 'this runs', section, then);
  await expectBoundVerdicts(t, run, 'r32f-status-numbered', [
    as('of command 2', 'spec-run exec exits with 3, the exit code of command 2.'),
    as('of command 1', 'spec-run exec exits with 3, the exit code of command 1.'),
    as('possessive', "The run ends with status 3, command 2's status."),
    as('step number sign', 'spec-run exec exits with code 3, the status of step #2.'),
    as('another status', 'spec-run exec exits with 2, the exit code of command 2.'),
  ], 'Then ', [
    [true, 'the run and command 2 both exit with 3 (read before as a status of 2)'],
    [false, 'command 1 exited with 0'],
    [true, "command 2's status, said possessively"],
    [true, 'a step by its number'],
    [false, 'neither exits with 2'],
  ]);
  t.match(reading('Then', 'spec-run exec exits with 1, the exit code of command 2.') ?? '', /exit status == 1 ∧ the command 2: exit code == 1$/, 'the command named, with the status said');
  t.notMatch(reading('Then', 'spec-run exec exits with 1, the exit code of command 2.') ?? '', /== 2/, "the command's number is never a status");
  t.equal(reading('Then', 'The exit code of command 2.'), null, 'a noun phrase alone claims nothing: not read');
  t.equal(reading('Then', 'spec-run exec exits with 1, the exit code of command 12.'), null, 'a command past those read by place: not read');
});

/** A scenario whose YAML block's top key is `stops:`, with the given THENS. */
const misspelled = (title: string, ...thens: string[]) => [`#### Scenario: ${title}`, 'When the top key is `stops:` (a typo):', '```yaml', 'stops:', '  commands:', '    - run: "echo a"', '```', '', 'Then:', ...thens.map((x, i) => `${i + 1}. ${x}`)];

t.test('a misspelled top key, in a scenario that says the configuration is refused, is the file spec-run exec reads and refuses', async (t) => {
  await expectBoundVerdicts(t, run, 'r32f-misspelled', [
    misspelled('unknown key', 'spec-run exec exits with 2, and you will see `stops: unknown key \'stops\' (allowed here: stop)`.'),
    misspelled('section missing', 'spec-run exec exits with 2, and you will see `section is missing`.'),
    misspelled('another key', 'spec-run exec exits with 2, and you will see `stopp: unknown key`.'),
    misspelled('a success', 'No command runs, and spec-run exec exits with 0.'),
  ], 'spec-run exec exits', [
    [true, 'spec-run exec refuses the key it does not know'],
    [true, 'and says the stop: section is missing'],
    [false, 'the key is stops, not stopp'],
    [false, 'it refuses the file with 2, not 0'],
  ]);
  // Where nothing in the scenario says the configuration is refused, the slip is the document's: the step that runs it fails saying so.
  const { points } = await run('r32f-misspelled-unsaid', [misspelled('no refusal said', '`a` is printed.')]);
  const then = points.find((p) => p.name.includes('is printed'));
  t.equal(then?.ok, false, 'the step that runs the block fails', { points });
  t.match(then?.diagnostics?.message ?? '', /top key `stops:`, not `stop:`/, 'naming the slip', { points });
});

t.test("a When of a scenario whose condition paragraph is not read stays unbound, as its Thens", async (t) => {
  const scenario = (title: string, condition: string | null) => [
    `#### Scenario: ${title}`,
    ...(condition === null ? [] : [condition]),
    '```yaml',
    'stop:',
    '  commands:',
    '    - run: "ls -d src && echo listed"',
    '```',
    '- **WHEN** run with `spec-run exec stop.yaml`',
    '- **THEN** ret code 0, and `listed` is printed',
  ];
  const { points } = await run('r32f-condition', [scenario('unread condition', 'Given `<dir>/src/` exists (may be empty).'), scenario('no condition', null)]);
  const whens = points.filter((p) => p.name.includes('WHEN run with'));
  t.equal(whens.length, 2, 'one When a scenario', { points });
  t.not(whens[0]?.todo, undefined, 'the condition not read: the When is not run without it', { points });
  t.equal(whens[1]?.todo, undefined, 'no condition: the When runs the block', { points });
  t.equal(whens[1]?.ok, true, 'and runs it', { points });
  const thens = points.filter((p) => p.name.includes('THEN ret code 0'));
  t.not(thens[0]?.todo, undefined, 'its Then is unbound as before', { points });
  t.equal(thens[1]?.ok, false, 'without the directory, ls fails: the Then is false of that run', { points });
});

t.test("what the --log file's lines are, said beside their count, is read of those lines", async (t) => {
  const section = ['commands:', '  - run: "echo a; exit 5"', '  - run: "echo waiting; sleep 10"', '    timeout: 1s'];
  const as = (title: string, then: string) => sectionScenario(title, 'called as `spec-run exec stop.yaml --log hook.jsonl`', section, then);
  await expectBoundVerdicts(t, run, 'r32f-log-lines', [
    as('the timeout', 'ret code 5, `hook.jsonl` has exactly 1 line (the timeout; `exit 5` is not logged).'),
    as('an interruption', 'The file `hook.jsonl` has exactly 1 line (an interruption).'),
    as('appositive', 'The log file `hook.jsonl` has exactly 1 line, a timeout.'),
    as('the command logged', '`hook.jsonl` has exactly 1 line (the timeout; `sleep 10` is not logged).'),
  ], 'exactly 1 line', [
    [true, 'one line, a timeout, and no line names `exit 5` (read before as every command timing out)'],
    [false, 'the line is a timeout'],
    [true, 'an appositive naming the event'],
    [false, 'the timed-out command is `echo waiting; sleep 10`, in its line'],
  ]);
  await expectBoundVerdicts(t, run, 'r32f-logged', [as('logged', '`echo waiting` is logged.'), as('not logged', '`exit 5` is logged.')], 'is logged', [
    [true, 'its line names it'],
    [false, 'the plain failure is not logged'],
  ]);
  t.match(reading('Then', '`hook.jsonl` has exactly 1 line (the timeout)') ?? '', /every line of the --log file has "event":"timeout"/, 'the event of the lines');
  t.notMatch(reading('Then', '`hook.jsonl` has exactly 1 line (the timeout)') ?? '', /outcome ==/, "never every command's outcome");
  t.notMatch(reading('Then', '`exit 5` is not logged') ?? '', /printed/, 'logged is never printed');
  t.equal(reading('Then', '`hook.jsonl` has exactly 2 lines (one per failure)'), null, 'a qualifier of the lines no rule reads: not read');
});
