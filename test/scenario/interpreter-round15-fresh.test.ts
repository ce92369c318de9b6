// Round 15, fresh batches (29 and 30): their misreadings fixed as classes. Each class is tested
// on sentences written for these tests (none from a batch), read both ways, against real runs
// where a reading could be checked wrongly, and with the sentences it must leave unbound.
import t from 'tap';
import { blockScenario, reading, scenariosRunner, sectionScenario } from './cli-points.js';

const runScenarios = scenariosRunner('Round 15, fresh');

t.test('"one of them ends with …" is any one of a set of lines ending with the text, never the last line printed', (t) => {
  t.equal(reading('Then', 'one of them ends with `must be positive`'), 'a line of the report ends with "must be positive"');
  t.match(reading('Then', 'one of the error lines ends with `not 0`'), /^a line of the error lines .* ends with "not 0"$/);
  t.match(reading('Then', 'one of them starts with `cfg.yaml:3`'), /^a line of .* begins with "cfg\.yaml:3"$/);
  t.match(reading('Then', 'one of the lines closes with `x`'), /^a line of the report ends with "x"$/);
  // The place's own edge stays its edge.
  t.match(reading('Then', 'the last line is `x`'), /^the last line/);
  // Lines the sentence names by a word it does not read: not bound.
  t.equal(reading('Then', 'one of those lines ends with `x`'), null);
  t.end();
});

t.test("a command's report named before its clauses is that command's report in each of them", (t) => {
  const said = reading('Then', 'the report of the first command opens with `Error: Command failed`, shows `warming` under `Output:` and ends with `See the log`');
  t.equal(said, 'the command 1: the command\'s report begins with "Error: Command failed" ∧ the command 1: the block under "Output:" in the report contains "warming" ∧ the command 1: the report ends with "See the log"');
  t.match(reading('Then', "command 3's report begins with `OK: command succeeded` and closes with `done`"), /^the command 3: .* ∧ the command 3: the report ends with "done"$/);
  // A clause that is no fact of the report is the command's still.
  t.match(reading('Then', 'the second command report shows `a` and finishes with `Z`'), /∧ the command 2: outcome == completed/);
  t.end();
});

t.test('"the kept lines are …" names the lines the output block keeps, whole, and no others', (t) => {
  t.equal(reading('Then', 'the kept lines are 7, 8 and 9'), 'the output block (under `Output:` or `Partial Output:`) (the notes on its lines aside) is, line by line, "7" and "8" and "9"');
  t.match(reading('Then', 'the lines retained are `x` and `y`'), /is, line by line, "x" and "y"$/);
  t.match(reading('Then', 'the kept lines are 4, 5, 6'), /is, line by line, "4" and "5" and "6"$/);
  // Not a list that ends the sentence: not this reading.
  t.notMatch(reading('Then', 'the kept lines are 4 and 5 and nothing else is shown') ?? '', /line by line/);
  t.end();
});

t.test('a line of a block by its place is that line, whole; an announcement said to read a line from its progress mark is that line', (t) => {
  t.equal(reading('Then', 'the first line under `Partial Output:` is `warming up`'), 'part 1 of the block under "Partial Output:" is "warming up"');
  t.equal(reading('Then', 'the last line under `Output:` is `done`'), 'the last of the block under "Output:" is "done"');
  // Said to be shown there, the text is in the block, anywhere.
  t.equal(reading('Then', '`done` is printed under `Output:`'), 'the block under "Output:" in the report contains "done" (of each report that has that block)');
  t.equal(reading('Then', 'the announcement line reads `[1/2] host: make (timeout 9s, from command)`'), 'the announcement line is "[1/2] host: make (timeout 9s, from command)"');
  t.equal(reading('Then', 'the third command is announced as `[3/3] host: ls (timeout none, from command)`'), 'the command 3: the announcement line == "[3/3] host: ls (timeout none, from command)"');
  // A part of the line (no progress mark), or a verb that quotes a part: contains.
  t.equal(reading('Then', 'the announcement line reads `host: make`'), 'the announcement line contains "host: make"');
  t.equal(reading('Then', 'the second command is announced with `[2/2] host:`'), 'the command 2: the announcement line contains "[2/2] host:"');
  t.equal(reading('Then', 'the second command is announced as `[2/2] host: …`'), 'the command 2: the announcement line contains "[2/2] host: …"');
  t.end();
});

t.test('through the CLI: a line among several, a command\'s own report, and the kept lines hold where true and fail where not', async (t) => {
  const refused = ['defaultTimeout: 45', 'commands:', '  - run: "echo a"', '    timeout: "3x"'];
  const { points, passes, byName } = await runScenarios('round15-fresh', [
    sectionScenario('a line among them', 'the section is', refused, 'one of them ends with `stop.defaultTimeout: invalid duration 45: must be a string with a unit (e.g. \'45s\'), not the number 45. Valid: \'30s\', \'5m\', \'2h\', null`'),
    sectionScenario('no line among them', 'the section is', refused, 'one of them ends with `invalid duration 45: must be`'),
    blockScenario('its own report', 'the commands are', ['- run: "echo warming >&2; exit 4"', '  message: "See the runbook"', '- run: "echo later"'], 'the report of command 1 begins with `Error: Command failed with exit code 4`, shows `warming` under `Output:` and closes with `See the runbook`'),
    blockScenario('another report', 'the commands are', ['- run: "echo warming >&2; exit 4"', '  message: "See the runbook"', '- run: "echo later"'], 'the report of command 2 begins with `OK: command succeeded` and closes with `See the runbook`'),
    blockScenario('kept', 'the only command is', ['- run: "seq 1 9"', '  maxOutputLines: 3', '  keepOutput: tail'], 'the kept lines are 7, 8 and 9'),
    blockScenario('not kept', 'the only command is', ['- run: "seq 1 9"', '  maxOutputLines: 3', '  keepOutput: tail'], 'the kept lines are 1, 8 and 9'),
    blockScenario('first under', 'the only command is', ['- run: "seq 1 9"', '  maxOutputLines: 3', '  keepOutput: tail'], 'the first line under `Output:` is `stdout: ... (6 lines omitted)`'),
    blockScenario('first under, not', 'the only command is', ['- run: "seq 1 9"', '  maxOutputLines: 3', '  keepOutput: tail'], 'the first line under `Output:` is `7`'),
    blockScenario('announced', 'the commands are', ['- run: "echo a"', '  timeout: 9s', '- run: "echo b"'], 'the first command is announced as `[1/2] host: echo a (timeout 9s, from command)`'),
    blockScenario('announced, more', 'the commands are', ['- run: "echo ab"', '  timeout: 9s', '- run: "echo b"'], 'the first command is announced as `[1/2] host: echo ab`'),
    blockScenario('more kept', 'the only command is', ['- run: "seq 1 9"', '  maxOutputLines: 3', '  keepOutput: tail'], 'the kept lines are 8 and 9'),
  ]);
  t.ok(passes('one of them ends with stop.defaultTimeout'), 'a problem line ends with the text, though it is not the last line', { points });
  t.equal(byName('one of them ends with invalid duration 45: must be')?.ok, false, 'no line ends with that text');
  t.ok(passes('the report of command 1 begins with'), "the first command's report shows its output and closes with its message, though other lines follow it");
  t.equal(byName('the report of command 2 begins with OK')?.ok, false, "the message closes the first command's report, not the second's");
  t.ok(passes('the kept lines are 7, 8 and 9'), 'the lines the block keeps');
  t.equal(byName('the kept lines are 1, 8 and 9')?.ok, false, '1 is not kept');
  t.equal(byName('the kept lines are 8 and 9')?.ok, false, '7 is kept too');
  t.ok(passes('the first line under Output: is stdout'), 'the indicator opens the block');
  t.equal(byName('the first line under Output: is 7')?.ok, false, '7 is in the block, not its first line');
  t.ok(passes('announced as [1/2] host: echo a (timeout 9s'), 'the whole announcement');
  t.ok(passes('announced as [1/2] host: echo ab'), 'a text without its timeout is a part of the line, not the whole');
});
