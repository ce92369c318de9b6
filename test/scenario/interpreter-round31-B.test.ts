// Round 31, part B: commands and reports referred to by place and by quantifier. A quoted text that is also an ordinal word
// ("the third job prints `third`") is the text where the sentence quotes it, never the ordinal that places the command; a
// number after a quantifier ("each of the three reports") counts the reports, never a status; "each report", "both reports",
// "every report" are each command's report, as many as said. Sentences and documents written for these tests, read both ways
// through real runs of the executor.
import t from 'tap';
import { blockScenario, expectBoundVerdicts, reading, scenariosRunner } from './cli-points.js';

const run = scenariosRunner('Commands and reports by place');

t.test('a quoted word that is also an ordinal is the text quoted, not the place', async (t) => {
  const commands = ['- run: "exit 4"', '- run: "echo second"', '- run: "echo third; exit 6"'];
  await expectBoundVerdicts(t, run, 'round31b-ordinal-text', [
    blockScenario('the middle job goes on', 'three jobs run, the first failing', commands, 'the second job still runs and prints `second`'),
    blockScenario('the middle job, probe', 'three jobs run, the first failing', commands, 'the second job still runs and prints `third`'),
    blockScenario('the last job', 'three jobs run, the first failing', commands, 'the third command is still run: its report shows `third` and begins with `Error: Command failed with exit code 6`'),
    blockScenario('the last job, probe', 'three jobs run, the first failing', commands, 'the third command is still run: its report shows `second` and begins with `Error: Command failed with exit code 6`'),
  ], 'still', [
    [true, 'the second command printed second'],
    [false, 'third is not what the second command printed'],
    [true, "the third command's report holds third and opens with its failure"],
    [false, "second is in another command's report, not the third's"],
  ]);
});

t.test('the place words of a sentence stay places where the text quoted is another word', (t) => {
  t.match(reading('Then', 'the first command prints `first` and the second prints `second`'), /the command 1: .*"first".*the command 2: .*"second"/, 'each ordinal places its own command; each text is what it printed');
  t.match(reading('Then', 'the third step fails and prints `third`'), /^the command 3: /, 'an ordinal before a noun, a text later: the place read, the text read');
  t.end();
});

t.test('a number after a quantifier counts the reports, never the exit code', (t) => {
  for (const said of ['each of the three reports shows `Exit Code:`', 'all of the 3 reports show `Duration:`'])
    t.notMatch(reading('Then', said) ?? '', /exit code == 3/, `no status of 3: ${said}`);
  t.end();
});

t.test("each report, both reports, every report: each command's own report", async (t) => {
  const two = ['- run: "echo fine"', '- run: "exit 2"'];
  const pair = ['- run: "echo one"', '- run: "echo two"'];
  t.match(reading('Then', 'both reports say `OK: command succeeded`'), /^every command \(2 of them\): /, 'both: two of them');
  t.match(reading('Then', 'each of the reports shows `Exit Code: 0`'), /^every command: /, 'each of the reports: every command');
  await expectBoundVerdicts(t, run, 'round31b-each-report', [
    blockScenario('both fine', 'two jobs run', pair, 'both reports say `OK: command succeeded`'),
    blockScenario('one fails', 'two jobs run', two, 'both reports say `OK: command succeeded`'),
    blockScenario('three, not two', 'three jobs run', [...pair, '- run: "echo three"'], 'both reports say `OK: command succeeded`'),
    blockScenario('each, all fine', 'two jobs run', pair, 'each of the reports shows `Exit Code: 0`'),
    blockScenario('each, one fails', 'two jobs run', two, 'each of the reports shows `Exit Code: 0`'),
  ], 'reports', [
    [true, 'both commands succeeded, each report says so'],
    [false, 'one report says so, the other reports a failure'],
    [false, 'three reports are no pair'],
    [true, 'each report shows Exit Code: 0'],
    [false, 'the second report shows Exit Code: 2'],
  ]);
});
