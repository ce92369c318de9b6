// Round 20 from a user's seat: claims about spec-run exec's report, its notices and a stop's
// time, as classes. A claim about the report's notices (killed, timed out, SIGKILL, a failure's
// exit code, lines omitted) is decided by what the executor said, never by a line the command
// printed nor by the echo of its command line; a reading neither adds a fact ("timed out" for a memory
// limit exceeded) nor swaps one ("omitted" for hidden); "stopped after about N seconds" is when
// the command ended; a condition paragraph's setting the YAML block lacks ("under a one-second
// deadline", "in the alpine image") is named, never dropped. Each class both ways, on sentences
// and commands written for these tests.
import t from 'tap';
import { conditionUse } from '../../src/run/scenario/interpreter/condition.js';
import { blockScenario, expectVerdicts, reading, scenariosRunner } from './cli-points.js';

const runScenarios = scenariosRunner('Report claims of round 20');

/** A scenario of one command (its `stop.commands` entry lines) and one THEN. */
const one = (title: string, command: string[], then: string) => blockScenario(title, 'the hook is configured as', command, then);

t.test("a claim about the report's notices is decided by what the executor said, not by what the command printed", async (t) => {
  const printing = (words: string) => [`- run: "echo '${words}'; exit 0"`];
  await expectVerdicts(t, runScenarios, 'timeout-notice', [
    one('printed timeout', printing('upstream timed out'), 'a timeout notice is shown'),
    one('real timeout', ['- run: "sleep 5"', '  timeout: 1s'], 'a timeout notice is shown'),
  ], 'notice', [
    [false, 'a timeout the command printed is no notice of the executor'],
    [true, "the executor's own timeout notice is"],
  ]);
  await expectVerdicts(t, runScenarios, 'notices', [
    one('printed kill', printing('sent SIGKILL'), 'the report mentions SIGKILL'),
    one('real kill', ['- run: "trap \'\' TERM; sleep 10"', '  timeout: 1s'], 'the report mentions SIGKILL'),
    one('printed failure', printing('Error: Command failed with exit code 3'), 'the report says the command failed with exit code 3'),
    one('real failure', ['- run: "exit 3"'], 'the report says the command failed with exit code 3'),
    one('printed omission', printing('(15 lines omitted)'), 'the report mentions omitted lines'),
    one('real omission', ['- run: "seq 20"', '  maxOutputLines: 5'], 'the report mentions omitted lines'),
    one('printed grace', printing('within the grace period'), 'the report mentions the grace period'),
    one('real grace', ['- run: "trap \'\' TERM; sleep 10"', '  timeout: 1s'], 'the report mentions the grace period'),
  ], 'the report', [
    [false, 'SIGKILL printed by the command'],
    [true, 'the SIGKILL the executor sent, on its Exit Status line'],
    [false, "a failure printed by a command that succeeded"],
    [true, 'the failure the executor reports'],
    [false, 'an omission printed by the command'],
    [true, "the executor's note of lines omitted at the limit"],
    [false, 'a grace period printed by the command'],
    [true, 'the grace period the executor waited before its SIGKILL'],
  ]);
});

t.test('a reading adds no fact and swaps none: a memory limit exceeded is no timeout; hidden output is not omitted lines', async (t) => {
  t.equal(reading('Then', 'the report says the memory limit was exceeded'), 'the messages name the memory limit exceeded');
  t.equal(reading('Then', 'the report says the command exceeded its memory limit'), 'the messages name the command and the memory limit exceeded');
  t.match(reading('Then', 'the report says the timeout was exceeded') ?? '', /"timed out"/);
  // A verb of passing a limit said of no timeout and no memory limit says no fact read.
  t.equal(reading('Then', 'the report says the line limit was reached'), null);
  t.equal(reading('Then', 'the report says the output was hidden'), 'the messages name "hidden"');
  t.equal(reading('Then', 'the report says lines were omitted'), 'the messages name "omitted"');
  await expectVerdicts(t, runScenarios, 'hidden', [
    one('hidden', ['- run: "echo token=abc"', '  showStdout: false'], 'the report says the output was hidden'),
    one('shown', ['- run: "echo token=abc"'], 'the report says the output was hidden'),
  ], 'hidden', [
    [true, "the executor's note of a stream hidden by configuration"],
    [false, 'nothing hidden'],
  ]);
});

t.test('"stopped after about N seconds" is when the command ended, not when the stop was sent', async (t) => {
  await expectVerdicts(t, runScenarios, 'stopped-after', [
    one('ignored SIGTERM', ['- run: "trap \'\' TERM; sleep 10"', '  timeout: 1s'], 'the command is stopped after about 1 second'),
    one('obeyed SIGTERM', ['- run: "sleep 10"', '  timeout: 1s'], 'the command is stopped after about 1 second'),
  ], 'stopped after', [
    [false, 'it ended at the SIGKILL, after the grace period'],
    [true, 'it ended at the SIGTERM'],
  ]);
});

t.test("a condition paragraph's setting the YAML block lacks is named, never dropped", (t) => {
  const use = (text: string, yaml: string) => conditionUse({ text, code: [], yaml });
  const bare = 'stop:\n  commands:\n    - run: "sleep 2"\n';
  const deadline = use('When the smoke hook runs under a one-second deadline, configured as:', bare);
  t.equal(deadline.kind, 'unsaid');
  t.match(deadline.kind === 'unsaid' ? deadline.says.join(' ') : '', /a setting of 1 s/);
  t.not(use('When the smoke hook runs under a one-second deadline, configured as:', `${bare}      timeout: 1s\n`).kind, 'unsaid', 'a deadline the block holds');
  const image = use('When the smoke hook runs in the alpine image, configured as:', bare);
  t.equal(image.kind, 'unsaid');
  t.match(image.kind === 'unsaid' ? image.says.join(' ') : '', /the image alpine/);
  t.not(use('When the smoke hook runs in the alpine image, configured as:', `${bare}      image: alpine:3.19\n`).kind, 'unsaid', 'an image the block names, with its tag');
  // A quantity that says what a command does, no setting's value, is still the block's to say.
  t.not(use('When the smoke hook prints five lines, configured as:', bare).kind, 'unsaid');
  t.end();
});
