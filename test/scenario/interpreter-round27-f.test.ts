// Round 27 part F: ranges of printed lines named by number, shown and not shown ("lines 2 to 4 are displayed, 5 to 9
// are not"), read both ways on sentences and commands written for these tests (none from a batch), through real runs.
import t from 'tap';
import { blockScenario, expectVerdicts, reading, scenariosRunner } from './cli-points.js';

const run = scenariosRunner('Round 27 ranges of lines');
const runScenarios = async (name: string, scenarios: string[][]) => {
  const result = await run(name, scenarios);
  t.same(result.points.filter((p) => p.todo !== undefined).map((p) => p.name), [], `${name}: every step bound`);
  return result;
};

t.test('a range of lines by number is shown, the other range is not', async (t) => {
  const read = (s: string) => reading('Then', s) ?? '';
  t.match(read('lines 2 through 4 should be displayed, but 5 to 9 must not be'), /lines 2 to 4 shown: .*lines 5 to 9 not shown: .*at least 5 line/);
  t.match(read('the stderr lines 30 to 31 are visible'), /a shown stderr line reads each of 30…31/);
  t.match(read('line 8 is missing'), /line 8 not shown: no shown output line reads any of 8…8/);
  t.match(read('lines 3-5 of stdout were kept and 1 to 2 were dropped'), /a shown stdout line reads each of 3…5; lines 1 to 2 not shown/);
  // A clause no shape holds leaves the sentence to the other rules, never half read.
  t.notMatch(read('lines 2 to 4 are shown in reverse order'), /lines 2 to 4 shown/);
  t.notMatch(read('lines 2 to 4 are shown and 5 to 9 are'), /lines 2 to 4 shown/);
  const seq = (title: string, extra: string[], then: string) => blockScenario(title, 'the configuration is', ['- run: "seq 2 9"', ...extra], then);
  const head = 'lines 2 to 4 are displayed, 5 to 9 are not';
  await expectVerdicts(t, runScenarios, 'round27-ranges', [seq('three kept', ['  maxOutputLines: 3'], head), seq('four kept', ['  maxOutputLines: 4'], head), seq('tail kept', ['  maxOutputLines: 3', '  keepOutput: tail'], head), seq('all kept', [], head)], 'lines 2 to 4 are displayed', [
    [true, 'the first three are kept'],
    [false, 'line 5 is shown too'],
    [false, 'the last three are kept'],
    [false, 'nothing left out'],
  ]);
  const tail = 'the stdout lines 7 to 9 are shown and lines 2 to 6 are not shown';
  await expectVerdicts(t, runScenarios, 'round27-ranges-tail', [seq('tail', ['  maxOutputLines: 3', '  keepOutput: tail'], tail), seq('head', ['  maxOutputLines: 3'], tail)], 'the stdout lines 7 to 9', [
    [true, 'the last three are kept'],
    [false, 'the first three are kept'],
  ]);
});
