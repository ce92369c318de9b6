// Round 15: classes of language from all 28 batches (the held-out README, "Round 15"): round
// 14's fresh misreadings fixed as classes, and a command named by its own line as the one that
// writes. Each class is tested on sentences written for these tests (none from a batch), read
// both ways, and against real runs where a reading could be checked wrongly.
import t from 'tap';
import { inExecutorTerms } from '../../src/run/scenario/interpreter/own-terms.js';
import { blockScenario, reading, scenariosRunner, sectionScenario } from './cli-points.js';

const runScenarios = scenariosRunner('Round 15');

t.test('a command named by its number, or by its progress mark as a subject, is the command at that place', (t) => {
  t.equal(inExecutorTerms('task 3 fails'), 'the third command fails');
  t.equal(inExecutorTerms('Command #2 is stopped'), 'The second command is stopped');
  t.equal(inExecutorTerms("the job 1's exit code"), "the first command's exit code");
  t.equal(inExecutorTerms('`[3/4]` never runs'), 'The third command never runs');
  t.equal(inExecutorTerms('the first passes, and [2/2] times out'), 'the first passes, and the second command times out');
  t.equal(inExecutorTerms('the `[1/3]` job exited with 5'), 'The first command exited with 5');
  t.equal(reading('Then', 'Command #2 exits with code 9'), reading('Then', 'the second command exits with code 9'));
  // The mark's count is checked too (round 32 T): the configuration has three commands.
  t.equal(reading('Then', '`[2/3]` fails with `Exit Code: 4`'), `the run has 3 commands (as [n/3] says) ∧ ${reading('Then', 'the second command fails with `Exit Code: 4`')}`);
  t.not(reading('Then', 'task 2 still runs'), null);
  // A number with a unit, a ratio, a mark past its total, or a mark said as a text stays as written.
  t.equal(inExecutorTerms('a job 3 seconds long'), 'a job 3 seconds long');
  t.equal(inExecutorTerms('step 1/3 of the pipeline'), 'command 1/3 of the pipeline');
  t.equal(inExecutorTerms('`[3/2]` fails'), '`[3/2]` fails');
  t.equal(inExecutorTerms('`[1/2]` is printed first'), '`[1/2]` is printed first');
  t.equal(inExecutorTerms('the report shows `[2/2]` before `OK`'), 'the report shows `[2/2]` before `OK`');
  // "job 1's code" is a command's code, never the status 1.
  t.notMatch(reading('Then', "spec-run exec exits with 124, the job 1's code") ?? '', /== 1\b/);
  t.end();
});

t.test("a refused configuration's problem named by a bare ordinal is that problem line", (t) => {
  t.match(reading('Then', 'the second says `stop.commands[1].timeout: invalid duration`'), /^part 2 of the error lines/);
  t.match(reading('Then', 'the first one is `cfg.yaml:4:12: stop.defaultTimeout: bad`'), /^part 1 of the error lines/);
  t.match(reading('Then', 'the last reads `stop.commands[0].run: is required`'), /^the last of the error lines/);
  // A text no problem holds, or a command said by its noun, is the command's still.
  t.match(reading('Then', 'the first reads `hello`'), /^the command 1:/);
  t.match(reading('Then', 'the first command reads `stop.defaultTimeout: x`'), /^the command 1:/);
  t.end();
});

t.test('a command that ends with its exit line holds it in its report; the report or the last line ending with it is its edge', (t) => {
  t.equal(reading('Then', 'task 3 ends with `Exit Code: 2`'), 'the command 3: the report contains "Exit Code: 2"');
  t.match(reading('Then', 'the command ends with `Exit Status: Timeout (signal 15: SIGTERM)`'), /contains "Exit Status: Timeout/);
  t.match(reading('Then', 'the report ends with `Exit Code: 2`'), /^the last line of all spec-run exec printed/);
  t.match(reading('Then', 'the last line printed is `Exit Code: 2`'), /^the last line/);
  t.end();
});

t.test('a command line as the subject of a verb of writing is the command that wrote the text', (t) => {
  t.match(reading('Then', '`hostname -s` prints `box`'), /^`hostname -s`: .*contains "box"$/);
  t.match(reading('Then', '`whoami` outputs `nobody`'), /^`whoami`: .*contains "nobody"/);
  t.match(reading('Then', '`ls /data` does not print `secret.txt`'), /^`ls \/data`: .*none of "secret\.txt"/);
  // Two writers in one sentence: each its own command.
  t.match(reading('Then', '`uname` prints `Linux` and `arch` prints `x86_64`'), /^`uname`: .*"Linux" ∧ `arch`: .*"x86_64"$/);
  // The executor's own text, a problem, or nothing quoted after the verb: no writer.
  t.notMatch(reading('Then', '`OK: command succeeded` prints `x`') ?? '', /^`OK/);
  t.notMatch(reading('Then', '`stop.commands[0].run: is required` prints `x`') ?? '', /^`stop/);
  t.end();
});

t.test('through the CLI: marks, numbers, problems by place, a note that is the whole block, and writers hold where true and fail where not', async (t) => {
  const { points, passes, byName } = await runScenarios('round15-places', [
    blockScenario('marks', 'the commands are', ['- run: "echo one; exit 6"', '- run: "echo two"'], '`[1/2]` fails with `one` under `Output:`', '`[2/2]` runs and reports `OK: command succeeded`', 'task 2 ends with `Exit Code: 0`'),
    blockScenario('a mark of the wrong command', 'the commands are', ['- run: "echo one; exit 6"', '- run: "echo two"'], '`[2/2]` fails with `Exit Code: 6`'),
    blockScenario('a number of the wrong command', 'the commands are', ['- run: "exit 3"', '- run: "exit 0"'], 'Command #2 exits with code 3'),
    sectionScenario('problems', 'the section is', ['defaultTimeout: 45', 'commands:', '  - run: "echo a"', '    timeout: "3x"'], 'the first reads `stop.defaultTimeout: invalid duration 45`', 'the second says `stop.commands[0].timeout`'),
    sectionScenario('problems in another order', 'the section is', ['defaultTimeout: 45', 'commands:', '  - run: "echo a"', '    timeout: "3x"'], 'the first one says `stop.commands[0].timeout`'),
    blockScenario('nothing printed', 'the only command is', ['- run: "sleep 5"', '  timeout: 1s'], 'the partial output holds only `(nothing printed before the timeout)`'),
    blockScenario('something printed', 'the only command is', ['- run: "echo early; sleep 5"', '  timeout: 1s'], 'Partial Output: holds only `(nothing printed before the timeout)`'),
    blockScenario('writers', 'the commands are', ['- run: "echo alpha"', '- run: "echo beta"'], '`echo alpha` prints `alpha` and `echo beta` prints `beta`'),
    blockScenario('a writer of another text', 'the commands are', ['- run: "echo alpha"', '- run: "echo beta"'], '`echo alpha` prints `beta`'),
  ]);
  t.ok(passes('[1/2] fails with one under Output:'), 'the first mark is the first command', { points });
  t.ok(passes('[2/2] runs and reports'), 'the second mark is the second command');
  t.ok(passes('task 2 ends with Exit Code: 0'), 'its report holds its exit line, though its Output: block follows it');
  t.equal(byName('[2/2] fails with Exit Code: 6')?.ok, false, 'the second command succeeded');
  t.equal(byName('Command #2 exits with code 3')?.ok, false, 'the second command exited 0');
  t.ok(passes('the first reads stop.defaultTimeout'), 'the first problem line');
  t.ok(passes('the second says stop.commands[0].timeout'), 'the second problem line');
  t.equal(byName('the first one says stop.commands[0].timeout')?.ok, false, 'that problem is the second');
  t.ok(passes('the partial output holds only (nothing printed'), 'the note the sentence quotes is the block');
  t.equal(byName('Partial Output: holds only (nothing printed')?.ok, false, 'a block with a line printed holds more than the note');
  t.ok(passes('echo alpha prints alpha and echo beta prints beta'), 'each writer its own line');
  t.equal(byName('echo alpha prints beta')?.ok, false, 'another command wrote beta');
});
