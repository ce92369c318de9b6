// The misreadings the reviewers of round 13's fresh measurement (batch25, batch26) found, fixed
// as classes of language. Each class is tested on sentences written for these tests (none from
// a batch), read both ways, and against real runs where a reading could be checked wrongly.
import t from 'tap';
import { partsOf, notUnderstood } from './then-readings.js';
import { blockScenario, scenariosRunner } from './cli-points.js';

const runScenarios = scenariosRunner('Misreadings of round 13');

t.test('a comparison with a run in another place is not the subject of the claim: read as the fact that compares, or left undefined naming its words', (t) => {
  // Set off with a preposition of place, it is "the same as …": the claim of the scenario's command, and the same outcome in the other place.
  t.match(partsOf('the exit code is 3, as on the host'), ['exit code == 3', /the same outcome and exit code on the host and in a container/]);
  t.match(partsOf('the command exits with code 7, just like in a container'), [/exit code == 7/, /the same outcome and exit code on the host and in a container/]);
  // Neither the host nor a container is the command's place here.
  t.notMatch(partsOf('the exit code is 3, as on the host')?.[0], /host command/);
  // Compared with a command of another place, which the scenario does not have: unread, its words named.
  t.same(notUnderstood('it exits with code 3, like a host command'), ['like', 'a', 'host']);
  t.same(notUnderstood('it exits with code 3 as a container command does'), ['as', 'a', 'container']);
  // Saying which command ("runs as a host command") is no comparison; without a comparison the claim is read as before.
  t.match(partsOf('the command runs as a host command'), [/the host command ran/]);
  t.match(partsOf('the exit code is 3'), ['exit code == 3']);
  t.end();
});

t.test('a quoted `stdout: ...` named as an omission notice is the notice of omitted lines of that stream', (t) => {
  t.match(partsOf('no `stderr: ...` omission notice is printed'), ['not (an omission notice for stderr)']);
  t.match(partsOf('an omission notice `stdout: …` appears'), ['an omission notice for stdout']);
  t.match(partsOf('the `stderr: ...` notice says 4 lines were omitted'), ['an omission notice for stderr saying 4 lines omitted']);
  // A notice quoted whole is still the text it reads.
  t.match(partsOf('a notice reads `stdout: ... (3 lines omitted)`'), [/a notice reads "stdout: \.\.\. \(3 lines omitted\)"/]);
  t.end();
});

t.test('through the CLI: "no `stdout: ...` omission notice" holds beside a hidden stream\'s placeholder, and fails where lines were omitted', async (t) => {
  const { points, byName, passes } = await runScenarios('misread-omission-form', [
    blockScenario('hidden', 'the only command is', ['- run: "seq 1 9; echo err >&2"', '  showStdout: false', '  maxOutputLines: 2'], 'No `stdout: ...` omission notice appears'),
    blockScenario('cut', 'the only command is', ['- run: "seq 1 9"', '  maxOutputLines: 2'], 'No `stdout: ...` omission notice is printed'),
  ]);
  t.ok(passes('notice appears'), 'the placeholder "(stdout: output hidden by configuration)" is no omission notice', { points });
  t.equal(byName('notice is printed')?.ok, false, '7 lines of stdout were omitted');
});

t.test("through the CLI: a command's configured message that \"is shown\" is looked for in the report, where spec-run prints it", async (t) => {
  const failing = ['- run: "exit 3"', '  message: "Ask the release team."'];
  const { points, byName, passes } = await runScenarios('misread-configured-message', [
    blockScenario('failing', 'the only command is', failing, '`Ask the release team.` is shown'),
    blockScenario('denied', 'the only command is', failing, '`Ask the release team.` is not shown'),
    blockScenario('succeeding', 'the only command is', ['- run: "echo fine"', '  message: "Ask the release team."'], '`Ask the release team.` appears'),
  ]);
  t.ok(passes('is shown'), 'the failed command\'s report carries its message', { points });
  t.equal(byName('is not shown')?.ok, false, 'denied, the message that is printed fails');
  t.equal(byName('appears')?.ok, false, 'a command that succeeds gets no message, and printed none');
});

t.test('a count of lines shown in the report is how many are shown, never a search for the number', (t) => {
  t.match(partsOf('all 40 lines are shown in the report'), ['lines shown == 40']);
  t.match(partsOf('the 12 lines appear in the report'), ['lines shown == 12']);
  // A verb of saying still names the number ("the report says 40 lines").
  t.match(partsOf('the report says 40 lines'), [/the messages name 40 lines/]);
  t.end();
});

t.test('through the CLI: "all N lines are shown in the report" fails where the limit cut them, and holds where none were', async (t) => {
  const { points, byName, passes } = await runScenarios('misread-lines-shown-count', [
    blockScenario('whole', 'the only command is', ['- run: "seq 1 30"'], 'All 30 lines are shown in the report'),
    blockScenario('cut', 'the only command is', ['- run: "seq 1 30"', '  maxOutputLines: 10'], 'All 30 lines appear in the report'),
  ]);
  t.ok(passes('are shown in the report'), 'no limit: the 30 lines are shown', { points });
  t.equal(byName('appear in the report')?.ok, false, 'only 10 shown, though the note names 30');
});
