// Round 20's classes: the register a sentence is written in, taken off before the lexicon reads
// its fact (register.ts: a frame of verifying or of evidence, a number said in words and figures,
// a defined term in capitals as the domain noun it aliases, a preposition of reference, a
// requirement's modal in capitals, a contracted "will"), and compound sentences whose parts are
// each read or the sentence is not (numbers-kept.ts: a ratio kept together, a grace period's
// figure as the grace, a code's figure as the code; places-kept.ts: a place in the order of the
// lines said of a text; when.ts: one field given two values;
// lexicon.ts: a code span that is a number is not the figure of a code said in words). Each class
// both ways: a sentence written for these tests (none from a batch) that now binds to the reading
// it says, and a near sentence that stays unbound or reads otherwise. Read through the whole
// interpreter (`interpret`), as a step is.
import t from 'tap';
import { interpret } from '../../src/run/scenario/interpreter/index.js';
import { tokenize } from '../../src/run/scenario/interpreter/lexicon.js';
import { numbersDropped } from '../../src/run/scenario/interpreter/numbers-kept.js';

/** The step's reading, or null where it stays unbound; `x` spans are its inline code. */
const reading = (keyword: string, text: string): string | null => {
  const code = [...text.matchAll(/`([^`]*)`/g)].map((m) => m[1]);
  const r = interpret(text.replace(/`([^`]*)`/g, '$1'), keyword, code);
  return r.ok ? r.text : null;
};
const then = (text: string) => reading('Then', text);
const when = (text: string) => reading('When', text);

/** The words a step leaves not understood, where it stays unbound. */
const notUnderstood = (text: string): string[] => {
  const code = [...text.matchAll(/`([^`]*)`/g)].map((m) => m[1]);
  const r = interpret(text.replace(/`([^`]*)`/g, '$1'), 'Then', code);
  return r.ok ? [] : r.notUnderstood;
};

const STOPPED = 'it was stopped (by the executor, or killed by its memory limit)';

t.test('a frame of verifying or of evidence around the fact: the fact alone', (t) => {
  t.equal(then('It shall be established that the exit code is 2'), 'exit code == 2');
  t.equal(then('It can be seen that the exit code is 2'), 'exit code == 2');
  t.equal(then('It is the case that the command is terminated'), STOPPED);
  t.equal(then('Confirm: the exit code is 2'), 'exit code == 2');
  t.equal(then('Expected result: exit code 2'), 'exit code == 2');
  t.equal(then('Make sure the exit code is 2'), 'exit code == 2');
  t.equal(then('As expected, the exit code is 2'), 'exit code == 2');
  t.equal(then('the exit code is observed to be 2'), 'exit code == 2');
  t.equal(then('the exit code was found not to be 0'), 'not (exit code == 0)');
  t.equal(then("it'll be terminated"), `(it: the command whose lines hold the text the step before quoted, if only some do; the run, if it ran none) ${STOPPED}`);
  // A frame with no fact after it, or a verb of evidence with no verb after "to": not read.
  t.equal(then('It shall be established that the exit code'), null);
  t.equal(then('the exit code is found to'), null);
  // A verb of evidence before a verb the lexicon does not read stays unread: the frame takes off only the frame.
  t.equal(then('the exit code is found to wobble'), null);
  t.end();
});

t.test('a number said in words and in figures is one number, and both must agree', (t) => {
  t.equal(then('the exit code is one hundred and twenty-four (124)'), 'exit code == 124');
  t.equal(then('All four (4) commands succeed'), 'every command (4 of them): the command succeeds (completed, exit code 0)');
  t.match(when('a command `sleep 30` runs under a timeout of three (3) seconds') ?? '', /timeout = 3 s/);
  t.match(when('a command prints twelve thousand (12,000) lines') ?? '', /prints 12000 lines/);
  // Words and figures that disagree: which is meant is not known, so not read.
  t.equal(then('the exit code is one hundred and twenty-four (125)'), null);
  t.equal(then('All four (3) commands succeed'), null);
  t.equal(when('a command `sleep 30` runs under a timeout of three (4) seconds'), null);
  t.end();
});

t.test('a defined term in capitals is the domain noun it aliases', (t) => {
  t.equal(then('The second Invocation exits with code 3'), 'the command 2: exit code == 3');
  t.equal(then('the Subject Command exits with code 3'), 'exit code == 3');
  t.equal(then('the Subprocess is terminated'), STOPPED);
  t.equal(then('the Grace Period is 3 s'), 'grace period == 3 s');
  t.equal(then('The exit code of the Designated Invocation is 0'), 'exit code == 0');
  // A term whose nouns the lexicon has no fact of stays unread, in lower case or not.
  t.equal(then('the Widget Invocation exits with code 3'), null);
  // Words in capitals throughout are names (a signal, a variable), never lowered.
  t.match(then('the command receives SIGTERM') ?? '', /SIGTERM/);
  t.end();
});

t.test('a terse note: a code as a key, an arrow of result', (t) => {
  t.equal(then('rc=124'), 'exit code == 124');
  t.equal(then('→ exit 124'), 'exit code == 124');
  // A key glued to a longer name is a variable's value, never the code.
  t.equal(then('MY_RC=3 is printed'), 'env MY_RC == 3');
  t.end();
});

t.test('a preposition of reference, a reference back and a modal in capitals', (t) => {
  t.equal(then('the exit code in respect of the command SHALL be 3'), 'exit code == 3');
  t.equal(then('the exit code with respect to the aforementioned command is 3'), 'exit code == 3');
  t.equal(then('the command MUST NOT be terminated'), `not (${STOPPED})`);
  // "in respect of" before no noun of the run is still not read.
  t.equal(then('the exit code in respect of the weather is 3'), null);
  t.end();
});

t.test('a ratio of lines is one quantity: never its two numbers apart', (t) => {
  // Said in words, the ratio is the report's summary line with both numbers (round 27); in a sentence no shape of it reads, unread.
  t.match(then('the report says it shows 12 of 60 output lines') ?? '', /"\(Showing 12 of 60 output lines\)"/);
  t.same(notUnderstood('the report says it shows 12 of 60 output lines to the user'), ['12 of 60 lines']);
  t.equal(then('the report says it shows 12 of 60 output lines to the user'), null);
  // Quoted, the ratio is the text sought as written.
  t.equal(then('the report says `Showing 12 of 60 output lines`'), 'the messages name "Showing 12 of 60 output lines"');
  t.end();
});

t.test('a place in the order of the lines said of a text is read, or the sentence is not', (t) => {
  t.same(notUnderstood('the notice `(5 lines omitted)` appears below the lines shown'), ['below the lines shown']);
  t.same(notUnderstood('the notice `(5 lines omitted)` is printed as the final line'), ['as the final line']);
  // A place held by the reading (an order of two texts, the last line) binds.
  t.equal(then('`(output cut)` is printed after `(5 lines omitted)`'), 'the output shown contains "(5 lines omitted)" and "(output cut)", in this order');
  t.equal(then('the last line of the report is `(5 lines omitted)`'), 'the last line of all spec-run exec printed == "(5 lines omitted)"');
  // No place said: the notice alone.
  t.equal(then('the notice `(5 lines omitted)` is printed'), 'some command: a notice reads "(5 lines omitted)"');
  t.end();
});

t.test("a grace period's figure is the grace, never any duration of the report", (t) => {
  t.equal(then('the report names SIGKILL after a 3.000s grace period'), null);
  t.equal(then('the exit code is 137, and the grace period is 3 s'), 'exit code == 137 ∧ grace period == 3 s');
  t.end();
});

t.test("a code's figure is that code's value, never a text elsewhere", (t) => {
  // The code span `1` is the line's; the 1 after "exit code" is the code's.
  t.equal(then('The first command fails with exit code 1, and the lines `1` to `3` are shown'), 'the command 1: exit code == 1, the command fails ∧ the command 1: the stdout and stderr lines shown are exactly 1 to 3');
  // A code with two figures said as alternatives holds both as the code's.
  t.match(then('it exits with exit code 3 or 4') ?? '', /exit code ∈ \{3, 4\}/);
  // A reading that holds the figure as a text shown, and the code as any failure, drops the code's value.
  t.same(numbersDropped(tokenize('the command fails with exit code 1, and `1` is shown'), ['the command fails (exit code != 0, or stopped)', 'the report shows "1"']), ['exit code 1']);
  t.end();
});

t.test('one field given two values in a When is two commands or a contradiction: never one command', (t) => {
  t.equal(when('a configuration sets `memory: 256m` on a command without `image:`, and `memory: 8m` on a command with `image: alpine`'), null);
  t.equal(when('a command runs `sleep 5` with `timeout: 1s` and `timeout: 2s`'), null);
  t.match(when('a command runs `sleep 5` with `timeout: 1s`') ?? '', /timeout: 1s/);
  t.end();
});
