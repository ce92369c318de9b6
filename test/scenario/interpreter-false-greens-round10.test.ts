// Two false greens of the interpreter a user met in round 10's release candidate:
// - an aside in the middle of a Then ("the exit code (the output contains "FAIL") SHALL be 1")
//   was merged with the words around it into one "output contains" check, the exit code never
//   checked. An aside anywhere is a clause of its own, or the step is undefined naming its words.
// - a place said of a configuration error in other wordings ("the error at line 5 saying …",
//   "SHALL name line 5 and column 16", "say … at line 5") was matched by its text in one error
//   and its line (or column) in another. A place and what is named with it are one error's;
//   where the sentence's facts cannot be tied to one error, the step is undefined.
import t from 'tap';
import { interpret } from '../../src/run/scenario/interpreter/index.js';
import { runSpecLines } from './cli-points.js';

const read = (sentence: string) => interpret(sentence, 'Then');
const head = ['# False greens', '', '### Requirement: Read', 'The interpreter SHALL read what is written.', ''];

t.test('an aside in the middle of a Then is a clause of its own, in parentheses, brackets or braces, nested too', (t) => {
  const readings: [string, RegExp][] = [
    ['the exit code (the output contains "FAIL") SHALL be 1', /^exit code == 1 ∧ the lines the command printed in the output shown contains "FAIL" \(within words too\)$/],
    ['the exit code [the output contains "FAIL"] SHALL be 1', /^exit code == 1 ∧ the lines the command printed in the output shown contains "FAIL" \(within words too\)$/],
    ['the exit code {the output contains "FAIL"} SHALL be 1', /^exit code == 1 ∧ the lines the command printed in the output shown contains "FAIL" \(within words too\)$/],
    ['the command (the output contains "ok") SHALL exit with code 0', /^exit code == 0 ∧ the lines the command printed in the output shown contains "ok" \(within words too\)$/],
    ['the exit code (because (the output contains "FAIL")) SHALL be 1', /^exit code == 1 ∧ the lines the command printed in the output shown contains "FAIL" \(within words too\)$/],
    ['the exit code [the output contains "a" (and "b")] SHALL be 0', /^exit code == 0 ∧ the lines the command printed in the output shown contains "a" \(within words too\) ∧ the lines the command printed in the output shown contains "b" \(within words too\)$/],
    ['stdout (the output contains "x") and stderr are limited to 3 lines', /^stdout and stderr lines shown == min\(printed, 3\) each ∧ the lines the command printed in the output shown contains "x" \(within words too\)$/],
    ['the exit code (the output contains "FAIL") SHALL be 1 and the output contains "x"', /^exit code == 1 ∧ the lines the command printed in the output shown contains "FAIL" \(within words too\) ∧ the lines the command printed in the output shown contains "x" \(within words too\)$/],
  ];
  for (const [sentence, reading] of readings) t.match(read(sentence), { ok: true, text: reading }, sentence);
  t.end();
});

t.test('an aside whose words are no fact leaves the step undefined, never merged with the claim around it', (t) => {
  for (const sentence of ['the exit code [1] SHALL be shown', 'the output contains "FAIL" (the exit code)', 'the exit code (it must not be 1) SHALL be 0', 'the exit code {see the manual} SHALL be 1']) {
    const reading = read(sentence);
    t.equal(reading.ok, false, sentence);
    if (reading.ok) t.fail(`bound as ${reading.text}`);
  }
  const reading = read('the exit code (it must not be 1) SHALL be 0');
  if (!reading.ok) t.notOk(reading.notUnderstood.some((w) => /exit code|^0$/.test(w)), `the claim around the aside was understood: ${reading.notUnderstood.join(', ')}`);
  t.end();
});

t.test('quoted texts alone in brackets, joined by "and", name what is before them, as one text alone does', (t) => {
  t.match(read('Both commands are announced and run (`[1/2]` and `[2/2]`)'), { ok: true, text: /announcement line contains one of "\[1\/2\]", "\[2\/2\]"/ });
  t.end();
});

t.test('a place said of an error, in any wording, is checked with what is named with it on one error', (t) => {
  const oneError = [
    'the configuration SHALL be refused, the error at line 5 saying "invalid duration"',
    'the configuration SHALL fail, and the error SHALL say "invalid duration" at line 5',
    'the error message SHALL name line 5 and column 16',
    'the error SHALL be reported at line 5 and column 16',
    'the error names column 16 and line 5',
    'the error names line 5, and it says "invalid duration"',
    'the messages name line 5 and "invalid duration"',
    'the error at line 5 says "invalid duration"',
    'the report SHALL say "invalid duration" at line 5',
    'the error SHALL say "invalid duration" on line 5, column 16',
  ];
  for (const sentence of oneError) t.match(read(sentence), { ok: true, text: /all in one error|an error naming .*line 5|an error at line 5/ }, sentence);
  // Each of two errors, each with its own place and text.
  t.match(read('the error at line 4 says "invalid duration" and the error at line 5 says "must be a whole number"'), { ok: true, text: /"invalid duration" and line 4, all in one error ∧ .*"must be a whole number" and line 5, all in one error/ });
  t.end();
});

t.test("an error's place and what it says, in facts that cannot be tied to one error, leave the step undefined", (t) => {
  for (const sentence of [
    'the error names line 5, and the output contains "invalid duration"',
    'the messages name line 5; the report says "invalid duration"',
    'the configuration is rejected at line 5 and `spec-run exec` prints "invalid duration"',
    'the configuration SHALL be refused at line 5 with `x.yaml:4:16: stop.commands[0].timeout: invalid duration`',
  ]) {
    const reading = read(sentence);
    t.equal(reading.ok, false, sentence);
    if (reading.ok) t.fail(`bound as ${reading.text}`);
  }
  t.end();
});

/** A scenario whose When runs COMMAND on the host, and its one Then. */
const onHost = (title: string, command: string, then: string) => [`#### Scenario: ${title}`, `- **WHEN** the command \`${command}\` runs on the host`, `- **THEN** ${then}`, ''];

t.test('an aside in the middle of a Then, run: the claim around it and the aside are both checked', async (t) => {
  const command = 'echo "FAIL: 1 test failed, 0 passed"; exit 0';
  const claims = {
    wrongCode: 'the exit code (the output contains "FAIL") SHALL be 1',
    rightBoth: 'the exit code (the output contains "FAIL") SHALL be 0',
    wrongAside: 'the exit code (the output contains "PASS") SHALL be 0',
    wrongCodeBraces: 'the command {the output contains "FAIL"} SHALL exit with code 1',
  };
  const lines = [...head, ...Object.entries(claims).flatMap(([title, then]) => onHost(title, command, then))];
  const { byName, passes, points } = await runSpecLines('round10-asides', lines);
  t.equal(byName(claims.wrongCode)?.ok, false, 'the command exits 0: "SHALL be 1" fails', { points });
  t.match(byName(claims.wrongCode)?.diagnostics?.message ?? '', /exit code == 1/, 'the exit code was checked');
  t.ok(passes(claims.rightBoth), 'exit 0 and FAIL in the output: holds');
  t.equal(byName(claims.wrongAside)?.ok, false, 'the aside is checked: PASS is not in the output');
  t.equal(byName(claims.wrongCodeBraces)?.ok, false, 'in braces too');
  for (const claim of Object.values(claims)) t.match(byName(claim), { todo: undefined }, `bound: ${claim}`);
});

const BLOCK = ['```yaml', 'stop:', '  commands:', '    - run: "true"', '      timeout: banana', '      maxOutputLines: 0', '```', ''];

t.test("a configuration error's place and text, run: true of the error that has both, false of two errors' parts", async (t) => {
  // timeout: banana is refused at 4:16 ("invalid duration"), maxOutputLines: 0 at 5:23.
  const claims = {
    textLineOfAnother: 'the configuration SHALL be refused, the error at line 5 saying "invalid duration"',
    textAndLine: 'the configuration SHALL be refused, the error at line 4 saying "invalid duration"',
    lineAndColumnOfTwo: 'the error message SHALL name line 5 and column 16',
    lineAndColumn: 'the error message SHALL name line 5 and column 23',
    saysAtAnother: 'the configuration SHALL fail, and the error SHALL say "invalid duration" at line 5',
    saysAt: 'the configuration SHALL fail, and the error SHALL say "invalid duration" at line 4',
    itSaysAnother: 'the error names line 5, and it says "invalid duration"',
    itSays: 'the error names line 4, and it says "invalid duration"',
    inDocument: 'the error at line DOC says "invalid duration"',
  };
  const lines = [...head, ...Object.entries(claims).flatMap(([title, then]) => [`#### Scenario: ${title}`, ...BLOCK, `- **THEN** ${then}`, ''])];
  // The document's line of `timeout: banana` in the last scenario: five lines below its heading.
  const doc = lines.indexOf('#### Scenario: inDocument') + 1 + 5;
  const { byName, passes, points } = await runSpecLines('round10-places', lines.map((l) => l.replace('line DOC', `line ${doc}`)));
  for (const wrong of [claims.textLineOfAnother, claims.lineAndColumnOfTwo, claims.saysAtAnother, claims.itSaysAnother]) t.equal(byName(wrong)?.ok, false, `no one error has both: ${wrong}`, { points });
  for (const right of [claims.textAndLine, claims.lineAndColumn, claims.saysAt, claims.itSays]) t.ok(passes(right), `one error has both: ${right}`);
  t.ok(passes(`the error at line ${doc} says`), "the error's line in the document");
  for (const claim of Object.values(claims)) t.match(byName(claim.replace('line DOC', `line ${doc}`)), { todo: undefined }, `bound: ${claim}`);
});
