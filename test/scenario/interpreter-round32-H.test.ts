// Round 32's misreadings of a fresh measurement (H), each fixed as a class: a check whose words name no command is said
// of the command another clause of its sentence names, never of every command (unread where the sentence names one only
// by a progress mark no check reads as a place); a notice said printed, no command said, is some command's; "both have
// …" is each command's, never any one's; a writer's "seen …" closing a parenthesis is a remark, not the claim. Sentences
// written for these tests, read both ways through real runs of the executor.
import t from 'tap';
import { blockScenario, expectBoundVerdicts, reading, scenariosRunner } from './cli-points.js';

const run = scenariosRunner('Round 32 H misreadings');

t.test('a time said with no command of its own, beside a clause naming one, is that command\'s', async (t) => {
  const two = (title: string, then: string) => blockScenario(title, 'you run `spec-run exec stop.yaml` on', ['- run: "echo a"', '- run: "sleep 1"'], then);
  await expectBoundVerdicts(t, run, 'r32h-place-kept', [
    two('the slow one', 'The second command exits 0, Duration between 0.9s and 1.6s.'),
    two('the quick one', 'The first command prints `a`, Duration between 0.9s and 1.6s.'),
  ], 'Duration between', [
    [true, 'the second command took about a second (the first, never said, took none)'],
    [false, 'the first command took no time'],
  ]);
  t.match(reading('Then', 'The second command exits 0, Duration between 0.9s and 1.6s') ?? '', /^the command 2: exit code == 0 ∧ the command 2: elapsed/, 'the time is read of the command named');
});

t.test('a command named only by its progress mark, which no check reads as a place: the time stays unread', async (t) => {
  t.equal(reading('Then', 'The output shows `[2/2]`, Duration between 0.9s and 1.5s'), null, 'not read as every command\'s time');
  t.equal(reading('Then', '[2/3] and [3/3] end with `OK: command succeeded`, Duration of each between 3.0s and 3.5s'), null, 'nor of "each" with no command read');
});

t.test('a notice said printed, no command said, is some command\'s', async (t) => {
  const trap = (title: string, then: string) => blockScenario(title, 'you run `spec-run exec stop.yaml` on', ['- run: "echo first"', `- run: "trap 'echo got TERM; exit 9' TERM; echo second; sleep 30 & wait"`, '  timeout: 1s'], then);
  await expectBoundVerdicts(t, run, 'r32h-notice-some', [
    trap('its note', "The note `note: the command handled SIGTERM and exited with 9 within the grace period; Exit Code is the timeout's, 124` is printed."),
    trap('another exit', "The note `note: the command handled SIGTERM and exited with 8 within the grace period; Exit Code is the timeout's, 124` is printed."),
  ], 'is printed', [
    [true, 'the second command has that note (the first has none)'],
    [false, 'it exited with 9'],
  ]);
});

t.test('"both have …": each command, never any one of them', async (t) => {
  await expectBoundVerdicts(t, run, 'r32h-both', [
    blockScenario('both time out', 'you run `spec-run exec stop.yaml` on', ['- run: "sleep 5"', '  timeout: 1s', '- run: "sleep 6"', '  timeout: 1s'], 'Both have `To fix:` starting with `1. Increase timeout`.'),
    blockScenario('one times out', 'you run `spec-run exec stop.yaml` on', ['- run: "sleep 5"', '  timeout: 1s', '- run: "exit 3"'], 'Both have `To fix:` starting with `1. Increase timeout`.'),
  ], 'Both have', [
    [true, 'each command timed out, and its To fix: opens with Increase timeout'],
    [false, 'the second failed with its own exit code: it has no To fix: of a timeout'],
  ]);
});

t.test('"(…; seen …)" closing a parenthesis is the writer\'s remark; the claim is the range said', async (t) => {
  const stubborn = (title: string, then: string) => blockScenario(title, 'you run `spec-run exec stop.yaml` on', [`- run: "trap '' TERM; sleep 5"`, '  timeout: 1s'], then);
  await expectBoundVerdicts(t, run, 'r32h-seen', [
    stubborn('range said', 'The `Duration:` is between 3.0s and 3.5s (1s timeout + 2s grace; seen 2.1s-2.2s).'),
    stubborn('another range', 'The `Duration:` is between 4.0s and 4.5s (2s timeout + 2s grace; seen 3.006s-3.020s).'),
  ], 'Duration', [
    [true, 'about 3s, as said; the remark (another time) is not checked'],
    [false, 'it took about 3s, not 4 to 4.5 (the remark, which would hold, is not checked)'],
  ]);
  t.match(reading('Then', 'The `Duration:` is between 3.0s and 3.5s (1s timeout + 2s grace; seen 3.006s-3.020s)') ?? '', /own measurement \(seen 3\.006s-3\.020s\) not checked/, 'the remark is named as not checked');
});
