// Sentences of round 18's fresh measurement's kinds (batch35, batch36) that the interpreter read to a
// meaning other than the writer's: a fact the sentence does not state added (a clause of comparison
// with another run, an end the command went past), a hidden stream's placeholder counted as a line of
// output, a file said not to be there read as a text not shown, an image's name before "command" read as
// the command line. Each class is read both ways: the
// wrong reading is gone, and the sentence it resembled is read as before. Sentences written for
// these tests (none from a batch).
import t from 'tap';
import { readThen } from '../../src/run/scenario/interpreter/then.js';
import { thenParts, whenParts } from '../support/readings.js';

t.test('a clause of comparison with another run adds no fact', (t) => {
  const parts = thenParts('the report says `stdout: ... (9 lines omitted)`, as it would had a line limit cut the stream');
  t.same(parts, ['the messages name "stdout: ... (9 lines omitted)"']);
  t.same(thenParts('the report says `x`, as if the command had timed out, and the exit code is 0'), ['the messages name "x"', 'exit code == 0']);
  // Without the comparison, a line limit said to cut each stream is still read as one.
  t.match(thenParts('each stream is capped independently by `maxOutputLines`')?.join(' ') ?? '', /min\(printed, maxOutputLines\)/);
  t.end();
});

t.test('an end the command went past is not how it ended', (t) => {
  for (const s of ['the command goes on after the kill', 'the command keeps running after the stop, and succeeds with exit code 0']) {
    t.notOk(thenParts(s)?.some((p) => p.includes('it was stopped')), s);
  }
  t.same(thenParts('the command is killed'), ['it was stopped (by the executor, or killed by its memory limit)']);
  t.match(thenParts('it is stopped after 2 seconds with exit status 124')?.join(' ') ?? '', /it was stopped .*exit code == 124/);
  t.end();
});

t.test("a hidden stream's placeholder is a notice, not a line of output", (t) => {
  const only = readThen('only `21` and `22` are shown');
  t.ok(only.ok);
  // The placeholder is left out of the lines the check counts: its name says the notes are aside.
  t.match(only.ok ? only.parts[0].text : '', /notes on its lines aside.*holds "21" and "22" and no other line/);
  // Quoted, the placeholder is a line the sentence speaks of, and kept.
  t.match(thenParts('only `err` and `(stdout: output hidden by configuration)` appear under `Output:`')?.join(' ') ?? '', /"\(stdout: output hidden by configuration\)" and no other line/);
  t.end();
});

t.test('a file said not to be there is no text of the report', (t) => {
  // Since round 26 it is the file, absent after the run (never a text the report lacks).
  t.same(thenParts("there's no `logs/none.jsonl` afterwards"), ['not (a file logs/none.jsonl exists after the run (in its directory))']);
  t.same(thenParts('there is no `done.txt`'), ['not (a file done.txt exists after the run (in its directory))']);
  // A text that is no file, or a file after a verb of showing, is read as before.
  t.match(thenParts('the report shows `run.log`')?.join(' ') ?? '', /"run\.log"/);
  t.same(thenParts('`created.txt` never shows up'), ['not (a file created.txt exists after the run (in its directory))']);
  t.end();
});

t.test('an image named before the noun "command" is the command\'s image, not its command line', (t) => {
  t.same(whenParts('a `busybox` command sets `workdir: build`'), ['workdir: build (in a container, busybox)']);
  t.same(whenParts('a `node:20` command runs `node -v`'), ['run `node -v` in a container (node:20)']);
  // After the noun, or no image's name, it is the command line as before.
  t.same(whenParts('the command `busybox` runs'), ['run `busybox`']);
  t.same(whenParts('a `make` command runs'), ['run `make`']);
  t.end();
});

t.test('a word of bound before an event of ending places a time, and bounds no value', (t) => {
  t.same(thenParts('the exit code is 137, and `filling`, printed before the kill, is still shown')?.some((p) => p.includes('exit code == 137')), true);
  t.notOk(thenParts('the exit code is 137, and `filling`, printed before the kill, is still shown')?.some((p) => p.includes('< 137')));
  t.same(thenParts('it exits with code 0 before the timeout'), ['outcome == completed, exit code == 0']);
  // Before a value, it bounds it as before.
  t.same(thenParts('the exit code is under 137'), ['exit code < 137']);
  t.end();
});
