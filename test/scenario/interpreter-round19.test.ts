// Round 19's classes: everyday and non-native English for the facts the lexicon reads
// (everyday-shapes.ts: a passive said with "get", a thing "no longer there", a copula of
// finding out, the reader as who sees, a code "returned", a verb of standing in a place, the
// "measured" duration; and the words "stays behind", "has gone", "more or less", "-ish",
// "some two"), and compound sentences that keep every number they say (numbers-kept.ts: a
// clause dropped, or read as another, leaves the sentence unread). Each class both ways: a
// sentence written for these tests (none from a batch) that now binds to the reading it says,
// and a near sentence that stays unbound or reads otherwise. Read through the whole interpreter
// (`interpret`), as a step is.
import t from 'tap';
import { interpret } from '../../src/run/scenario/interpreter/index.js';

/** The step's reading, or null where it stays unbound; `x` spans are its inline code. */
const then = (text: string): string | null => {
  const code = [...text.matchAll(/`([^`]*)`/g)].map((m) => m[1]);
  const r = interpret(text.replace(/`([^`]*)`/g, '$1'), 'Then', code);
  return r.ok ? r.text : null;
};

const STOPPED = 'it was stopped (by the executor, or killed by its memory limit)';
const ALL_REMOVED = 'every container created was removed (and docker ps -a lists none of them)';

t.test('a passive said with "get": gets removed, got rejected, will get truncated', (t) => {
  t.equal(then('the container gets removed'), 'a container was created, and every container was removed');
  t.equal(then('the config got rejected'), 'the configuration is rejected (validation errors, nothing runs)');
  t.equal(then('the configuration will get rejected'), 'the configuration is rejected (validation errors, nothing runs)');
  t.equal(then('the command is getting killed'), STOPPED);
  // "gets" before no participle is still a verb of receiving: a signal, not a passive.
  t.match(then('the command gets SIGTERM') ?? '', /SIGTERM sent/);
  // A number after "gets" is no participle: not read.
  t.equal(then('the exit code gets 124'), null);
  t.end();
});

t.test('a thing no longer there: whether a container remains', (t) => {
  t.equal(then('the container is no longer there'), ALL_REMOVED);
  t.equal(then('the container is not there afterwards'), ALL_REMOVED);
  t.equal(then('no container is there'), ALL_REMOVED);
  t.equal(then('the container is still there'), 'a container is left behind');
  // "there" after a verb of running is a place, never whether a container remains.
  t.not(then('the command ran there'), 'a container is left behind');
  t.end();
});

t.test('words of remaining and going: stays behind, has gone', (t) => {
  t.equal(then('no container stays behind'), ALL_REMOVED);
  t.equal(then('no container remains behind'), ALL_REMOVED);
  t.equal(then('the container has gone'), 'a container was created, and every container was removed');
  t.equal(then('the container has vanished'), 'a container was created, and every container was removed');
  t.end();
});

t.test('a copula of finding out: turns out to be, comes out as', (t) => {
  t.equal(then('the exit code turns out to be 124'), 'exit code == 124');
  t.equal(then('the exit code comes out as 137'), 'exit code == 137');
  t.equal(then('the exit code ends up being 2'), 'exit code == 2');
  // "comes out" of no value is no copula.
  t.equal(then('the exit code comes out'), null);
  t.end();
});

t.test('the reader as who sees: you get, we expect, you will receive', (t) => {
  t.equal(then('you get exit code 124'), 'exit code == 124');
  t.equal(then('we expect exit code 124'), 'exit code == 124');
  t.equal(then("you'll get exit code 137"), 'exit code == 137');
  t.equal(then('you will receive exit code 2'), 'exit code == 2');
  // Someone other than the reader getting something is not read so.
  t.equal(then('the linter gets exit code 124'), null);
  t.end();
});

t.test('a code returned is the code, never a command that ran to its end', (t) => {
  // Before round 19: "outcome == completed, exit code == 124", which a command stopped at its timeout fails.
  t.equal(then('an exit code of 124 is returned'), 'exit code == 124');
  t.equal(then('exit code 137 gets returned'), 'exit code == 137');
  t.equal(then('the command returns 3'), 'exit code == 3');
  // A number of lines returned is no code.
  t.equal(then('the command returns 3 lines'), null);
  t.end();
});

t.test('a verb of standing in a place: stands before, stands in for, takes its place', (t) => {
  t.equal(then('the notice `stdout: ... (23 lines omitted)` stands before the line `7`'), 'the report contains "stdout: ... (23 lines omitted)" and "7", in this order (a number alone, a whole line)');
  t.equal(then('the notice `stdout: ... (23 lines omitted)` sits after the line `7`'), 'the report contains "7" and "stdout: ... (23 lines omitted)", in this order (a number alone, a whole line)');
  t.equal(then('the placeholder (stderr: output hidden by configuration) stands in for stderr'), 'placeholder "(stderr: output hidden by configuration)" shown ∧ stderr hidden (no line shown)');
  t.equal(then("the placeholder (stdout: output hidden by configuration) takes stdout's place"), 'placeholder "(stdout: output hidden by configuration)" shown ∧ stdout hidden (no line shown)');
  // Standing before texts not quoted: unquoted words are never texts sought.
  t.equal(then('the notice stands before those kept lines'), null);
  t.end();
});

t.test('the measured duration is the elapsed time', (t) => {
  t.match(then('the measured duration is about 2 seconds') ?? '', /^elapsed ≈ 2 s/);
  t.match(then('the measured runtime is at least 1 second') ?? '', /^elapsed ≥ 1 s/);
  // "measured" of anything else is not read.
  t.equal(then('the measured output is 3 lines'), null);
  t.end();
});

t.test('a number said as near: -ish, some two, more or less, or thereabouts', (t) => {
  const AT_2S = /^it was stopped .*, its end at t ≈ 2 s ± 500 ms/;
  t.match(then('the command is stopped after two-ish seconds') ?? '', AT_2S);
  t.match(then('the command is stopped after 2s-ish') ?? '', AT_2S);
  t.match(then('the command is stopped after some two seconds') ?? '', AT_2S);
  t.match(then('the command is stopped after more or less 2 seconds') ?? '', AT_2S);
  t.match(then('the command is stopped after 2 seconds or thereabouts') ?? '', AT_2S);
  // "some" before no number stays what it was.
  t.equal(then('the command is stopped after some seconds'), null);
  t.end();
});

t.test('a compound sentence keeps every number it says', (t) => {
  // Before round 19 each read "lines omitted == 3": the shown count taken as the omitted one, the omitted count dropped.
  t.equal(then('3 lines shown, 7 omitted'), null);
  t.equal(then('it shows 3 lines and omits 7'), null);
  t.equal(then('exactly 3 lines are shown and 7 are omitted'), null);
  // Before: "lines omitted == 7", the count shown dropped.
  t.equal(then('3 are shown and 7 lines are omitted'), null);
  // Before: "the messages name 3 lines ∧ the messages name "7" and "omitted"": a count read as words sought.
  t.equal(then('the report shows 3 lines and 7 are omitted'), null);
  // Each clause read with its own number binds, as before.
  t.equal(then('3 lines are shown and 7 lines are omitted'), 'lines shown == 3 ∧ lines omitted == 7');
  // A number denied ("not 124") is kept by the value read for the same measure.
  t.equal(then('the exit code is 137, not 124'), 'exit code == 137');
  // A count of the texts a check names is theirs.
  t.match(then('its output is the three lines `a`, `b` and `c`') ?? '', /"a" and "b" and "c"/);
  t.end();
});

t.test('a state that holds at a time: still running after, keeps running for', (t) => {
  t.match(then('the command is still running after 1 second') ?? '', /^elapsed ≥ 1 s/);
  t.match(then('the process keeps running for 3 seconds') ?? '', /^elapsed ≥ 3 s/);
  t.match(then('the command continues to run for two seconds') ?? '', /^elapsed ≥ 2 s/);
  t.match(then('it stays alive past 2s') ?? '', /elapsed ≥ 2 s/);
  // A state without its time, or at an event, is not read.
  t.equal(then('the command is still running'), null);
  t.equal(then('the command is still running after the timeout'), null);
  t.end();
});
