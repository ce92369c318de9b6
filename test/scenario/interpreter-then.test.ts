// Then steps that a reader takes apart by their grammar (interpreter/then.ts, texts.ts,
// reading.ts): which words say where a text stands and which only say what it is, what a
// negation or a heading governs, whose subject a clause carries, a command named by its
// line. Each class on paraphrases written for these tests (none is a sentence of a batch),
// with the sentences it must leave unbound or read otherwise, and each reading checked
// true and false against a real run.
import t from 'tap';
import { readThen } from '../../src/run/scenario/interpreter/then.js';
import { observe } from '../../src/run/scenario/interpreter/observation.js';
import { emptySetup } from '../../src/run/scenario/interpreter/when.js';
import { interpret } from '../../src/run/scenario/interpreter/index.js';
import { markCode } from '../../src/run/scenario/interpreter/lexicon.js';
import { assertReadings } from './then-readings.js';

const textOf = (sentence: string) => {
  const read = readThen(sentence);
  return read.ok ? read.parts.map((p) => p.text).join(' ∧ ') : null;
};

/** Paraphrases, and what each is read as (a part of the interpretation). */
const READINGS: [string, string][] = [
  // A noun before one text names what it is, not where every text stands.
  ['the report prints `ok` and then the message `Please rerun the tests`', 'the report contains "ok" and "Please rerun the tests", in this order'],
  ['the note `Please rerun the tests` comes after the output line `ok`', 'the report contains "ok" and "Please rerun the tests", in this order'],
  ['its output lists `a` followed by the indicator `stdout: ... (3 lines omitted)`', 'the output shown contains "a" and "stdout: ... (3 lines omitted)", in this order'],
  // A noun before a list names all of it.
  ['the output lines `a` and `b` are shown', 'the output shown contains "a" and "b"'],
  // A command named by its line as the owner of a place.
  ['the output of `pwd` starts with `/tmp`', '`pwd`: the lines the command printed in the output shown begins with "/tmp"'],
  ['the report of `sleep 9` contains `Exit Code: 124`', '`sleep 9`: the report contains "Exit Code: 124"'],
  // A heading said of the texts after it, and the report's texts before it.
  ['the report holds `Exit Code: 3` and, under `To fix:`, the items `rerun it` and `check it`', 'the items under `To fix:` contains "rerun it" and "check it"'],
  // A negation governs its own clause.
  ['`b` and `c` never appear, and the output ends with `a`', 'the output shown contains none of "b", "c" ∧ the last line of the output shown, or of all spec-run exec printed, == "a"'],
  ['`x`, `y` and `z` are not printed', 'the output shown contains none of "x", "y", "z"'],
  // The subject the sentence opens with, carried into a later clause's pieces.
  ['The second command is announced with `(timeout 5s, from command)` and finishes with the output `done`', 'the command 2: the output shown (stdout and stderr) == "done"'],
  // The last line, naming no place.
  ['the last line printed is `bye`', 'the last line of the output shown, or of all spec-run exec printed, == "bye"'],
  // A text of the report beside a fact is never the fact's command: both are checked.
  ['the command is reported as timed out, with `Exit Code: 124`', 'outcome == timeout ∧ the report shows "Exit Code: 124"'],
  ['the second command fails with `Exit Code: 3`', 'the command 2: the command fails (exit code != 0, or stopped) ∧ the command 2: the report shows "Exit Code: 3"'],
  // Words of the long tail: a verb's participles, a noun's singular, a line by what it is.
  ['it is reported as succeeded', 'the command succeeds (completed, exit code 0)'],
  ['the second command counts as succeeded', 'the command 2: the command succeeds'],
  ['the first suggestion under `To fix:` reads `pull it`', 'part 1 of the items under `To fix:` contains "pull it"'],
  ['the last line kept is `40`', 'the last line of the output shown, or of all spec-run exec printed, == "40"'],
  ['the last shown line of its output is `40`', 'the last line of the output shown == "40"'],
  ['the `Duration:` line of the report shows just over 3 seconds', "the duration on the report's `Duration:` line ≥ 3 s (−10 ms: a timer may fire early), by at most"],
  // A heading between texts places only those after it; the clauses read each.
  ['the report shows `a`, and a `To fix:` list that ends with `b`', 'the messages name "a" ∧ the block under "To fix:" ends with "b"'],
  ['after them come `x` and `y`', '"x" and "y" stand in the report after the last text the step before quoted'],
  ['the command itself exits with status 4', 'exit code == 4'],
  ['the third command is allowed to complete', 'the command 3: outcome == completed'],
  ['the report ends with a numbered `To fix:` list whose last item is `rerun`', 'the command\'s report ends with the items under `To fix:` (each numbered), the last of which is "rerun"'],
  // "after it": the text before it comes first.
  ['the output block holds `x` and, right after it, `y`', 'the output block (under `Output:` or `Partial Output:`) contains "x" and "y", on consecutive lines in this order'],
  // A colon before a clause of its own ends a clause; "its output" is the subject's.
  ['The first command finishes: its output is `ready`', 'the command 1: outcome == completed (ran to its end, not stopped) ∧ the command 1: the output shown (stdout and stderr) == "ready"'],
  ['the second command exits with status 0 and its output reads `fine`', 'the command 2: the lines the command printed in the output shown contains "fine"'],
  // A text printed on two lines.
  ['the third command prints `a` twice', 'the command 3: exactly 2 lines printed on stdout or stderr contain "a"'],
  // An ordinal whose noun is left out names what the ordinal before it named.
  ['its output has `a` on its first line and `b` on its third', 'line 3 of the output shown == "b"'],
  ['the first problem mentions `x` and the second mentions `y`', 'part 2 of the error lines'],
  // A heading is said of the text just before "under"; the texts listed earlier stand elsewhere in the report.
  ['it shows `Exit Code: 2`, `Exit Status: x` and `hello` under `Partial Output:`', 'the report contains "Exit Code: 2" ∧ the report contains "Exit Status: x" ∧ the block under "Partial Output:" in the report contains "hello"'],
  ['the report has `Exit Code: 9`, with `partial` under `Partial Output:`', 'the report contains "Exit Code: 9" ∧ the block under "Partial Output:" in the report contains "partial"'],
  ['`a` and `b` are listed under `Output:`', 'the block under "Output:" contains "a" and "b"'],
  // What the command's end is taken for, not what was configured.
  ['it is not reported as a timeout', 'not (outcome == timeout)'],
  ['the second command is treated as a timeout', 'the command 2: outcome == timeout'],
  ['no timeout is reported', 'not (outcome == timeout)'],
  ['no timeout is configured', 'no timeout (timeout: none)'],
  // A text said to come after the notes is a line of the report below them, not one of them.
  ['after the notes, the report shows `Error: boom`', 'the report has a line with "Error: boom" below every notice'],
];

/** Sentences that must stay unbound: a guess is never bound. */
const UNBOUND = [
  // A notice said to follow the lines, where no fact holds that order (round 21).
  'stdout shows 1 to 3, followed by a notice that 4 lines were skipped',
  // A heading between texts: it places some of them only, and "after it" is not read.
  'the report shows `a` under `Output:` and, after it, the line `b`',
  // Two statuses, one of them the executor's, given one value.
  'the exit code printed, and the exit status of spec-run exec, is 2',
  // An ordinal with no noun, and none before it in the sentence: what it counts is not said.
  'the second has `x`',
  // Twice denied, or of the report: no count of a command's lines is read.
  'it never prints `a` twice',
  'the report shows `Exit Code: 0` twice',
  // A text named a message stands after the output: not in a block named for the other texts.
  'the output block shows `a`, then the message `b`',
  // One command's validity is not the configuration's.
  'the second command is valid',
  // After the notes, denied, or more than one text: not read.
  'after its notes, the report does not show `Error: x`',
  'after the notes, `a` and `b` are shown',
  // A time from an event other than the start: no fact measures from there (it passed at t ≈ 2 s when a 2-second timeout stopped it).
  'it is killed about 2 seconds after the timeout',
  'it gets killed one second after its deadline',
];

t.test('Then steps by their grammar: appositions, owners, headings, negations, subjects', (t) => {
  assertReadings(t, READINGS, UNBOUND);
  t.end();
});

t.test('a negation does not reach a later clause with texts of its own', (t) => {
  const got = textOf('`b` is not shown, and the first line of the output is `a`');
  t.ok(got !== null && !/none of[^∧]*"a"/.test(got), 'the text of the later clause is not denied', { got });
  t.end();
});

t.test('a code span that holds code marks of its own is one text', (t) => {
  const read = interpret('the To fix: list begins with Raise `memory:` for it', 'Then', ['To fix:', 'Raise `memory:` for it']);
  t.ok(read.ok && read.text.includes('begins with "Raise `memory:` for it"'), 'the span, whole', { got: read.ok ? read.text : read });
  t.end();
});

t.test('a code span is marked where it stands as a whole, not inside a word', (t) => {
  t.equal(markCode('after one second it shows a only', ['a']), 'after one second it shows `a` only', 'the span `a`, not the "a" of "after"');
  t.equal(markCode('it prints x', ['y']), 'it prints x', 'a span not in the text marks nothing');
  t.end();
});

t.test('`stop:` quoted is the configuration section, never a command line', (t) => {
  const read = interpret('the `stop:` section sets `defaultTimeout: "3s"`', 'When');
  t.ok(read.ok && !/run `stop:`/.test(read.text) && /defaultTimeout/.test(read.text), 'the section, and its setting', { got: read.ok ? read.text : read });
  t.end();
});

const CONFIG = `stop:
  commands:
    - run: "echo ok; exit 1"
      message: "Please rerun the tests"
    - run: "pwd"
    - run: "echo a; echo b"
    - run: "echo twin; echo twin"
`;

t.test('each reading checked against a real run', async (t) => {
  const o = await observe({ text: CONFIG, line: 1 }, emptySetup(), {});
  const verdict = async (sentence: string) => {
    const read = readThen(sentence);
    if (!read.ok) return undefined;
    return (await Promise.all(read.parts.map((p) => p.evaluate(o)))).every((v) => v.ok);
  };
  const holds = [
    'the note `Please rerun the tests` comes after the output line `ok`',
    'the output of `pwd` starts with `/`',
    'the output of `echo a; echo b` ends with `b`',
    'the report of `echo ok; exit 1` contains `Exit Code: 1`',
    '`zzz` never appears, and the output of `echo a; echo b` ends with `b`',
    'the first command fails with `Exit Code: 1`',
    'the fourth command prints `twin` twice',
    'the first command shows `Exit Code: 1` and `ok` under `Output:`',
    'it is not reported as a timeout',
    'after its notes, the report of the first command reads `Exit Code: 1`',
  ];
  const fails = [
    'the note `ok` comes after the output line `Please rerun the tests`',
    'the output of `pwd` starts with `a`',
    'the report of `pwd` contains `Exit Code: 1`',
    '`b` never appears, and the output of `echo a; echo b` ends with `b`',
    'the first command fails with `Exit Code: 2`',
    'the second command fails with `Exit Code: 0`',
    'the third command prints `a` twice',
    'the first command shows `Exit Code: 1` and `zzz` under `Output:`',
    'for the first command, `Exit Code: 1` and `ok` are listed under `Output:`',
    'it is reported as a timeout',
    'after its notes, the report of the first command reads `Exit Code: 7`',
  ];
  for (const sentence of holds) t.equal(await verdict(sentence), true, `true: "${sentence}"`);
  for (const sentence of fails) t.equal(await verdict(sentence), false, `false: "${sentence}"`);
});

