// The misreadings the reviewers of round 14's fresh measurement (batch27, batch28) found, fixed
// as classes of language. Each class is tested on sentences written for these tests (none from
// a batch), read both ways, and against real runs where a reading could be checked wrongly.
import t from 'tap';
import { partsOf } from './then-readings.js';
import { blockScenario, scenariosRunner } from './cli-points.js';

const runScenarios = scenariosRunner('Misreadings of round 14');

t.test('a line said of no place ("one line ends with", "a line starting with") is any line of the place, never its edge', (t) => {
  t.match(partsOf('one line ends with `is not allowed`'), [/^a line of the output shown ends with "is not allowed"$/]);
  t.match(partsOf('the report has a line ending with `try again`'), [/^a line of the report ends with "try again"$/]);
  t.match(partsOf('a line of the report begins with `Hint:`'), [/^a line of the (command's )?report begins with "Hint:"$/]);
  // The place's own edge is still its edge.
  t.notMatch(partsOf('the report ends with `try again`')?.[0], /a line of/);
  t.match(partsOf('the last line of the output is `done`'), [/last line/]);
  // Negated, an indefinite line is not read (never as the place's last line).
  t.equal(partsOf('no line ends with `x`'), null);
  t.end();
});

t.test('through the CLI: each of several problem lines "ends with" its text, true and false', async (t) => {
  const refused = ['- run: "echo one"', '  timeout: 2h30m', '- run: "echo two"', '  maxOutputLines: -1'];
  const { points, byName, passes } = await runScenarios('misread-some-line', [
    blockScenario('first', 'the configuration is', refused, 'one line ends with `Valid: \'30s\', \'5m\', \'2h\', null`'),
    blockScenario('second', 'the configuration is', refused, 'the report has a line ending with `from 1 to 10000 (e.g. 100), not -1`'),
    blockScenario('neither', 'the configuration is', refused, 'one line ends with `no such problem`'),
  ]);
  t.ok(points.length > 0, 'the scenarios ran');
  t.ok(passes("Valid: '30s'"), 'a problem line that is not the last ends with the text', { points });
  t.ok(passes('line ending with'), 'the last one too', { points });
  t.equal(byName('no such problem')?.ok, false, 'no line ends with a text nobody printed');
});
