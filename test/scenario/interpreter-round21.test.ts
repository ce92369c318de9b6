// Round 21's classes, each read both ways on sentences and commands written for these tests (none
// from a batch): lines "in order" said to be the lines are whole lines among the others; a value a
// sentence opens with ("for `5x`, the message says …") is named by the same message as the text; a
// line said to be "a JSON object" is parsed as one; a verb of saying with a particle ("gives up") is
// another verb, not understood; a sequence ("and then", "followed by") no fact of the reading holds
// leaves the sentence unread; a command said never to have run is no subject of later clauses.
import t from 'tap';
import { thenParts } from '../support/readings.js';
import { blockScenario, expectVerdicts, scenariosRunner } from './cli-points.js';

const runScenarios = scenariosRunner('Round 21');

t.test('lines said "in order" to be the lines are whole lines, in that order, among other lines', async (t) => {
  t.match(thenParts('the printed lines are `x`, `y` and `z`, in that order')?.join(' ') ?? '', /as whole lines among its lines, "x" and "y" and "z", in this order/);
  // Not said to be lines: texts the output contains, in order, as before.
  t.match(thenParts('the output mentions `x`, `y` and `z`, in that order')?.join(' ') ?? '', /contains "x" and "y" and "z", in this order/);
  await expectVerdicts(t, runScenarios, 'round21-whole-lines', [
    blockScenario('whole', 'the configuration is', ['- run: "echo first; echo x; echo between; echo y"'], 'the printed lines are `x` and `y`, in that order'),
    blockScenario('parts', 'the configuration is', ['- run: "echo x1; echo y1"'], 'the printed lines are `x` and `y`, in that order'),
  ], 'in that order', [
    [true, 'whole lines in order, other lines around them'],
    [false, 'texts inside longer lines are not those lines'],
  ]);
});

t.test('a value the sentence opens with is named in the same message as the text said of it', async (t) => {
  t.match(thenParts('for `9q` the error says `unknown unit`')?.join(' ') ?? '', /all in one message/);
  // Without such an opening, the texts may stand in different messages, as before.
  t.notMatch(thenParts('the errors name `9q` and `unknown unit`')?.join(' ') ?? '', /all in one message/);
  await expectVerdicts(t, runScenarios, 'round21-for-value', [
    blockScenario('paired', 'the configuration is', ['- run: "echo a"', '  timeout: "9q"', '- run: "echo b"', '  timeout: "-4s"'], 'for `9q` the message says `unknown unit`'),
    blockScenario('apart', 'the configuration is', ['- run: "echo a"', '  timeout: "9q"', '- run: "echo b"', '  timeout: "-4s"'], 'for `-4s` the message says `unknown unit`'),
  ], 'the message says', [
    [true, "the message about 9q names the unknown unit"],
    [false, 'the message about -4s does not, though another message does'],
  ]);
});

t.test('a log line said to be a JSON object is parsed as one; a line with the members alone is not', (t) => {
  t.match(thenParts('`run.jsonl` holds exactly one line, a JSON object with `"event":"timeout"`')?.join(' ') ?? '', /a JSON object, holding "event":"timeout"/);
  t.notMatch(thenParts('`run.jsonl` holds exactly one line with `"event":"timeout"`')?.join(' ') ?? '', /JSON object/);
  t.end();
});

t.test('a verb of saying with a particle is another verb: the sentence is not read as the verb alone', (t) => {
  t.equal(thenParts('the executor gives up on the command'), null);
  t.equal(thenParts('the report holds back the command'), null);
  // The verb alone still says what it names.
  t.match(thenParts('the report gives the command `sleep 9`')?.join(' ') ?? '', /sleep 9/);
  t.end();
});

t.test('a sequence between the parts of a sentence that no fact of its reading holds leaves it unread', (t) => {
  t.equal(thenParts('the report says `alpha` and then shows `omega`'), null);
  t.equal(thenParts('the report names `alpha`, followed by `omega` under `Output:`'), null);
  // Where a fact holds the order, it is read; before an ending, the order is the ending's own.
  t.match(thenParts('the output shows `alpha` followed by `omega`')?.join(' ') ?? '', /order|followed|then|line by line/);
  t.not(thenParts('it prints `alpha` and then fails'), null);
  t.end();
});

t.test('a command said never to have run is no subject of the clauses after it', async (t) => {
  t.notMatch(thenParts('the second command never ran, and the exit code is 2')?.join(' ') ?? 'unread', /command 2: exit code/);
  // A command that ran still is: its code is its own.
  t.match(thenParts('the second command runs and the exit code is 3')?.join(' ') ?? '', /command 2: exit code == 3/);
  const { points } = await runScenarios('round21-never-ran', [
    blockScenario('refused', 'the configuration is', ['- run: "echo a"', '  timeout: "9q"'], 'the first command never ran, and the exit code is 2'),
  ]);
  const refused = points.find((p) => p.name.includes('never ran'));
  t.equal(refused?.ok, true, "the code is spec-run exec's, the only one there is", { points });
});

t.test('an abbreviation of the return value or code is the exit status; a verb of perceiving in the passive is one of showing', async (t) => {
  t.match(thenParts('the RV of the runner shall be 3')?.join(' ') ?? '', /spec-run exec's exit status == 3/);
  t.match(thenParts('RC is 0')?.join(' ') ?? '', /exit code == 0/);
  // With no value, an abbreviation of the status says nothing checkable.
  t.equal(thenParts('the RV of the runner is high'), null);
  t.match(thenParts('the line `Exit Code: 7` shall be observed')?.join(' ') ?? '', /"Exit Code: 7"/);
  // A signal is no text shown: "observed" of it stays unread.
  t.equal(thenParts('no SIGKILL is observed'), null);
  const { points } = await runScenarios('round21-observed', [
    blockScenario('status', 'the configuration is', ['- run: "echo seen-here; exit 3"'], 'the line `seen-here` shall be observed', 'the RV of the runner shall be 3'),
    blockScenario('other', 'the configuration is', ['- run: "echo elsewhere; exit 4"'], 'the line `seen-here` shall be observed', 'the RV of the runner shall be 3'),
  ]);
  const seen = points.filter((p) => p.name.includes('observed'));
  const status = points.filter((p) => p.name.includes('RV'));
  t.same(seen.map((p) => p.ok), [true, false], 'the line is seen where printed, not elsewhere', { points });
  t.equal(status[0]?.ok, true, "spec-run exec's status is the command's 3", { points });
});

t.test('a contrast of a value is with the clause before, never a clause of the sentence\'s subject', (t) => {
  const read = thenParts('the report opens with `Error: x`, and the exit status is 137, not 0')?.join(' ∧ ') ?? '';
  t.match(read, /== 137/);
  t.notMatch(read, /name "0"/);
  // A text denied after the subject still is one.
  t.match(thenParts('the report shows `a`, and not `b`')?.join(' ∧ ') ?? '', /"b"/);
  t.end();
});
