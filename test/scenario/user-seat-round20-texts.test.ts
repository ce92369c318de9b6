// Round 20 from a user's seat, the texts a command printed: a text named a line is a whole line
// of what the command printed ("contains the line `ready`" is not met by `already-done`, "the line
// `OK` is shown" not by the executor's `OK: command succeeded`); texts joined by "or" are any one
// of them; "neither … nor" says and checks none of them; a clause that leaves its subject out
// ("… and contains `b`", "…; it also contains `b`") is of the output the sentence opens with, never
// the report; "the output contains 20 lines" is no figure 20 anywhere. Each read both ways, on
// sentences and commands written for these tests.
import t from 'tap';
import { expectVerdicts, reading, scenariosRunner } from './cli-points.js';

const runScenarios = scenariosRunner('Round 20 texts');
const on = (title: string, command: string, then: string, limit = '') => [`#### Scenario: ${title}`, `- **WHEN** the command \`${command}\` runs on the host${limit}`, `- **THEN** ${then}`];

t.test('a text named a line is a whole line the command printed, never part of one nor a line of the executor', async (t) => {
  t.match(reading('Then', 'the output contains the line `ready`') ?? '', /the lines the command printed in the output shown has "ready" as a whole line/);
  t.match(reading('Then', 'the line `OK` is shown') ?? '', /the lines the command printed in the output shown has "OK" as a whole line/);
  // The executor's own line, named a line, is a line of the report.
  t.match(reading('Then', 'the line `Exit Code: 0` is shown') ?? '', /the report has "Exit Code: 0" as a whole line/);
  await expectVerdicts(t, runScenarios, 'round20-line', [
    on('ready alone', 'echo ready', 'the output SHALL contain the line `ready`'),
    on('ready within a line', 'echo already-done', 'the output SHALL contain the line `ready`'),
    on('a line among others', 'printf "beta\\nalpha\\n"', 'the output SHALL contain a line `alpha`'),
    on('part of a line', 'echo alphabet', 'the output SHALL contain a line `alpha`'),
  ], 'SHALL contain', [
    [true, 'the command printed the line `ready`'],
    [false, '`already-done` holds `ready`, but is not that line'],
    [true, '`alpha` is one of the lines printed'],
    [false, '`alphabet` is not the line `alpha`'],
  ]);
  await expectVerdicts(t, runScenarios, 'round20-line-shown', [
    on('printed', 'echo OK', 'the line `OK` SHALL be shown'),
    on('the executor says OK', 'echo DEGRADED', 'the line `OK` SHALL be shown'),
    on('last line shown', 'seq 1 5', 'the line `5` SHALL be shown', ' with a line limit of 5'),
    on('last line cut', 'seq 1 20', 'the line `20` SHALL be shown', ' with a line limit of 5'),
  ], 'SHALL be shown', [
    [true, 'the command printed the line `OK`'],
    [false, 'only the executor\'s `OK: command succeeded` holds OK'],
    [true, 'line 5 is among the five shown'],
    [false, 'line 20 was cut: only the note "(Showing 5 of 20 output lines)" names 20'],
  ]);
});

t.test('texts joined by "or" are any one of them; denied, none of them', async (t) => {
  t.match(reading('Then', 'the output contains `alpha` or `delta`') ?? '', /contains one of "alpha", "delta" at least/);
  // "and" and "or" together say no one reading.
  t.equal(reading('Then', 'the output shows `a` and `b` or `c`')?.includes(' and "b" and "c"') ?? false, false);
  await expectVerdicts(t, runScenarios, 'round20-or', [
    on('first', 'echo alpha', 'the output SHALL contain `alpha` or `delta`'),
    on('second', 'echo delta', 'the output SHALL contain `alpha` or `delta`'),
    on('neither', 'echo gamma', 'the output SHALL contain `alpha` or `delta`'),
    on('denied, none printed', 'echo gamma', 'the output SHALL NOT contain `alpha` or `delta`'),
    on('denied, one printed', 'echo delta', 'the output SHALL NOT contain `alpha` or `delta`'),
  ], 'alpha or delta', [
    [true, 'alpha was printed'],
    [true, 'delta was printed'],
    [false, 'neither was printed'],
    [true, 'none of them was printed'],
    [false, 'one of them was printed'],
  ]);
});

t.test('"neither … nor" is shown as what is checked: none of the texts', async (t) => {
  const read = reading('Then', 'the output contains neither `token` nor `password`') ?? '';
  t.match(read, /contains none of "token"[^,]*, "password"/);
  t.notMatch(read, /^not \(/, 'never "not (both)"');
  await expectVerdicts(t, runScenarios, 'round20-neither', [
    on('clean', 'echo hello', 'the output SHALL contain neither `token` nor `password`'),
    on('one of them', 'echo password', 'the output SHALL contain neither `token` nor `password`'),
  ], 'neither', [
    [true, 'neither text was printed'],
    [false, 'password was printed (the check is none of them, as shown)'],
  ]);
});

t.test('a clause that leaves its subject out is of the output the sentence opens with, never the report', async (t) => {
  for (const sentence of ['stdout contains `a` and contains `b`', 'the output contains `a` and it contains `b`', 'the output contains `a`; it also contains `b`']) t.notMatch(reading('Then', sentence) ?? 'the report', /the report|messages name/, sentence);
  // A clause with a subject of its own keeps it.
  t.match(reading('Then', 'the output shows `a` and the command exits 0') ?? '', /exit code == 0/);
  await expectVerdicts(t, runScenarios, 'round20-elided', [
    on('both printed', 'printf "started\\nsucceeded\\n"', 'stdout SHALL contain `started` and SHALL contain `succeeded`'),
    on('the report says succeeded', 'echo started', 'stdout SHALL contain `started` and SHALL contain `succeeded`'),
    on('pronoun, printed', 'printf "a1\\nb2\\n"', 'the output SHALL contain `a1`; it SHALL also contain `b2`'),
    on('pronoun, the report\'s word', 'echo a1', 'the output SHALL contain `a1`; it SHALL also contain `Exit Code`'),
    on('denied, printed', 'echo alpha', 'the output SHALL contain `alpha` and SHALL NOT contain `beta`'),
    on('denied, the report has it', 'echo alpha', 'the output SHALL contain `alpha` and SHALL NOT contain `Duration`'),
  ], 'SHALL contain', [
    [true, 'the command printed both'],
    [false, 'only the executor\'s `OK: command succeeded` says succeeded'],
    [true, 'the output holds b2'],
    [false, '`Exit Code` is the report\'s, not the output\'s'],
    [true, 'beta was not printed'],
    [true, '`Duration` is the report\'s word, not a line the command printed'],
  ]);
});

t.test('"the output contains 20 lines" is no figure 20 anywhere', async (t) => {
  t.notMatch(reading('Then', 'the output contains 20 lines') ?? 'unread', /contains 20 lines/);
  const cut = await runScenarios('round20-count', [on('cut to 5', 'seq 1 20', 'the output SHALL contain 20 lines', ' with a line limit of 5')]);
  t.equal(cut.passes('SHALL contain 20'), false, 'five lines shown: never met by the note "(Showing 5 of 20 output lines)"', { points: cut.points });
});
