// Round 27's part G: a `--log` line's event said in words ("a line whose event is failed", "the first line's event
// is timeout, for the command …, with exit code …") read as the parsed line's members, on sentences written for
// these tests (none from a batch); a word that is no event the log writes stays unread; through real runs both ways.
import t from 'tap';
import { expectVerdicts, reading, scenariosRunner } from './cli-points.js';
import { logEventsNamed } from '../../src/run/scenario/interpreter/log-event-named.js';
import { lineHoldsMembers } from '../../src/run/scenario/interpreter/log-members.js';

const runScenarios = scenariosRunner('Round 27 part G');

t.test('an event said in words is the line\'s "event" member, with the command, exit code and timeout said after it', (t) => {
  t.equal(logEventsNamed('the log holds one entry whose event type is `fail-fast`'), 'the log holds one entry with `"event":"fail-fast"`');
  t.equal(logEventsNamed("the 2nd line's event is timeout, for the command sleep 9, with exit code 124 and a timeout of 1s"), 'line 2 has `"event":"timeout", "command":"sleep 9", "exitCode":124, "timeout":"1s"`');
  t.equal(logEventsNamed('its event being interrupted'), 'with `"event":"interrupted"`');
  t.equal(logEventsNamed('a line whose event is bogus'), 'a line whose event is bogus', 'no event of the log: left as written');
  t.equal(logEventsNamed('a line whose event is failed-over'), 'a line whose event is failed-over', 'a longer word is not the event');
  t.match(reading('Then', "the first line's event is failed, for the command `exit 4`, with exit code 4") ?? '', /"event":"failed"[\s\S]*"command":"exit 4"[\s\S]*"exitCode":4/);
  t.equal(reading('Then', 'the log holds a line whose event is bogus'), null, 'an event the log never writes stays unread');
  t.end();
});

t.test('several members in one span are each a field the line must hold (the first alone passed a line with another command and exit code)', (t) => {
  const line = JSON.stringify({ event: 'failed', command: 'exit 5', exitCode: 5 });
  t.notOk(lineHoldsMembers(line, ['"event":"failed", "command":"exit 4", "exitCode":4']));
  t.ok(lineHoldsMembers(line, ['"event":"failed", "command":"exit 5", "exitCode":5']));
  t.notOk(lineHoldsMembers(line, ['"event":"failed", "exitCode":4']), 'one wrong member of two');
  t.end();
});

const logged = (title: string, run: string, then: string) => [
  `#### Scenario: ${title}`,
  'When spec-run exec is run with `--log logs/run.jsonl` and `--log-failures`:',
  '```yaml',
  'stop:',
  '  commands:',
  `    - run: "${run}"`,
  '```',
  '',
  'Then:',
  `1. ${then}`,
];

t.test('through real runs: the line named by its event and members, true and false', async (t) => {
  const then = "the first line's event is failed, for the command `exit 4`, with exit code 4";
  await expectVerdicts(t, runScenarios, 'round27g-event', [logged('exit 4', 'exit 4', then), logged('exit 5', 'exit 5', then), logged('passes', 'true', then)], 'first line', [
    [true, 'the command failed with 4: the line holds event failed, its command and exit code 4'],
    [false, 'another command and exit code'],
    [false, 'a command that passes leaves no such line'],
  ]);
  const whose = 'the log holds exactly one line, whose event is failed';
  await expectVerdicts(t, runScenarios, 'round27g-whose', [logged('fails', 'exit 3', whose), logged('passes', 'true', whose)], 'exactly one line', [
    [true, 'one failed line'],
    [false, 'no line at all'],
  ]);
});
