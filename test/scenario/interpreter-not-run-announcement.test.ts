// A command failFast did not start has no record of its own, only its announcement ("[3/3] host: … (not run)"):
// "the third command is announced as `…`" reads that line (it failed as "no command of the run matches" where true).
import t from 'tap';
import { blockScenario, expectVerdicts, scenariosRunner } from './cli-points.js';

const runScenarios = scenariosRunner('Not run, announced');

t.test('the announcement of a command failFast did not start, named by its place, true and false', async (t) => {
  const commands = ['- run: "echo one"', '- run: "exit 3"', '- run: "echo third"'];
  const scenario = (title: string, failFast: boolean, then: string) =>
    blockScenario(title, `the three commands run${failFast ? ' under failFast' : ''}`, commands, then).map((line) => (line === 'stop:' && failFast ? 'stop:\n  failFast: true' : line));
  await expectVerdicts(t, runScenarios, 'not-run-announced', [
    scenario('as said', true, 'the third command is announced as `[3/3] host: echo third (not run)`'),
    scenario('another line', true, 'the third command is announced as `[3/3] host: echo 3rd (not run)`'),
    scenario('it ran', false, 'the third command is announced as `[3/3] host: echo third (not run)`'),
  ], 'is announced as', [
    [true, 'failFast left it not run: its announcement says so'],
    [false, 'another command line'],
    [false, 'without failFast it ran: its announcement gives its timeout, not "(not run)"'],
  ]);
});
