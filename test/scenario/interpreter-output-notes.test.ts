// A claim about a command's output (the output, stdout, stderr, what it shows) is of the lines the
// command printed: the executor's notes on them ("(Showing 2 of 5 output lines)", "stdout: ... (3
// lines omitted)") are the report's words, found only by a claim that speaks of them (it quotes a
// note, or says lines were omitted, cut, limited). Read both ways, against real runs.
import t from 'tap';
import { blockScenario, reading, scenariosRunner } from './cli-points.js';

const runScenarios = scenariosRunner('Output and the notes on it');
const fiveLinesTwoShown = ['- run: "for i in a b c d e; do echo line-$i; done"', '  maxOutputLines: 2'];
const tail = [...fiveLinesTwoShown, '  keepOutput: tail'];

t.test("a text the command may print is sought in its own lines, whatever the verb or the line named", (t) => {
  for (const sentence of ['the output SHALL contain "5"', 'the output shows `5`', 'the output begins with `line-a`']) {
    t.match(reading('Then', sentence) ?? '', /the lines the command printed in the output shown/, sentence);
  }
  // Quoting a note, or saying what the notes say, reads the output with its notes.
  t.match(reading('Then', 'the output shows `(Showing 2 of 5 output lines)`') ?? '', /^the output shown contains/);
  t.match(reading('Then', 'the output SHALL say that 3 lines were omitted') ?? '', /^the output shown contains 3 lines and "omitted"/);
  t.end();
});

t.test('against real runs: the notes never stand for what the command printed, and claims about them still hold', async (t) => {
  const { points, byName, passes } = await runScenarios('output-notes', [
    blockScenario('a count of the note', 'the only command is', fiveLinesTwoShown, 'the output SHALL contain "5"'),
    blockScenario('a count of the omission', 'the only command is', fiveLinesTwoShown, 'stdout SHALL contain "3"'),
    blockScenario('a quoted count', 'the only command is', fiveLinesTwoShown, 'the output shows `5`'),
    blockScenario('the last line', 'the only command is', fiveLinesTwoShown, 'the last line of the output shows `5`'),
    blockScenario('what it printed', 'the only command is', fiveLinesTwoShown, 'the output SHALL contain "line-b"', 'the output SHALL NOT contain "5"', 'the last line of the output shows `line-b`'),
    blockScenario('tail first line', 'the only command is', tail, 'the output begins with `line-d`'),
    blockScenario('the notes', 'the only command is', fiveLinesTwoShown, 'the report SHALL say "Showing 2 of 5"', 'the output SHALL say that 3 lines were omitted', 'the output shows `(Showing 2 of 5 output lines)`'),
  ]);
  for (const name of ['the output SHALL contain "5"', 'stdout SHALL contain "3"', 'the output shows 5', 'the last line of the output shows 5']) {
    t.equal(byName(name)?.ok, false, `${name}: no line the command printed holds it`, { points });
    t.equal(byName(name)?.todo, undefined, `${name}: bound`);
  }
  for (const name of ['the output SHALL contain "line-b"', 'the output SHALL NOT contain "5"', 'the last line of the output shows line-b', 'the output begins with line-d', 'the report SHALL say', 'the output SHALL say that 3 lines were omitted', 'the output shows (Showing 2 of 5 output lines)']) {
    t.ok(passes(name), name, { points });
  }
});
