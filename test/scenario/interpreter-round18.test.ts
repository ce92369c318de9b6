// Round 18's classes: the domain's vocabulary by construction (domain-lexicon.ts: each entity and
// fact of a run with its synonyms, abbreviations, nominalisations and every inflection of its
// verbs; shorthand symbols), and shapes that name a fact through a relative clause or an
// apposition ("the result code which is recorded for the invocation", "the output shall consist
// of the lines …", "It is verified that …", "says `A` and `B` never shows up"). Each class both
// ways: a sentence written for these tests (none from a batch) that now binds to the reading it
// says, and a near sentence that stays unbound or keeps the reading it had. Read through the
// whole interpreter (`interpret`), as a step is: the writer's nouns, the shapes, the lexicon.
import t from 'tap';
import { interpret } from '../../src/run/scenario/interpreter/index.js';
import { inflections } from '../../src/run/scenario/interpreter/domain-lexicon.js';

/** The step's reading, or null where it stays unbound; `x` spans are its inline code. */
const reading = (keyword: 'Then' | 'When', text: string): string | null => {
  const code = [...text.matchAll(/`([^`]*)`/g)].map((m) => m[1]);
  const r = interpret(text.replace(/`([^`]*)`/g, '$1'), keyword, code);
  return r.ok ? r.text : null;
};
const then = (text: string) => reading('Then', text);
const when = (text: string) => reading('When', text);

t.test('a command by the names operations give it: invocation, cmd, subprocess', (t) => {
  t.equal(then('the invocation is terminated'), 'it was stopped (by the executor, or killed by its memory limit)');
  t.match(then('the subprocess errored out') ?? '', /the command fails/);
  // The noun alone makes no fact: what is said of it must still be read.
  t.equal(then('the invocation of the linter is blue'), null);
  t.end();
});

t.test("a command's code by any of its names: rc, result code, return status", (t) => {
  t.equal(then('rc 2'), 'exit code == 2');
  t.equal(then('the result code is 124'), 'exit code == 124');
  t.equal(then('the return code must be 3'), 'exit code == 3');
  // "status" without a command is spec-run exec's, as "the exit status" is.
  t.equal(then('the return status is 3'), "spec-run exec's exit status == 3");
  t.equal(then('the rc file is blue'), null);
  // "the result" alone is still the outcome.
  t.match(then('the result is a timeout') ?? '', /outcome == timeout/);
  t.end();
});

t.test('a run that concludes with a status is spec-run exec exiting with it', (t) => {
  t.equal(then('the executor shall conclude with the exit status 2'), "spec-run exec's exit status == 2");
  t.equal(then('the runner concluded with exit status 0'), "spec-run exec's exit status == 0");
  t.equal(then('the executor concludes the rollout'), null);
  t.end();
});

t.test('a container by the words for isolation: sandbox, isolation container', (t) => {
  t.match(then('no sandbox is left behind') ?? '', /every container created was removed/);
  t.match(then('the isolation container is removed afterwards') ?? '', /every container was removed/);
  t.equal(then('the sandbox is blue'), null);
  t.end();
});

t.test("the report's notes by a writer's noun: the trailer", (t) => {
  t.equal(then('the trailer says `(Showing 3 of 10 output lines)`'), 'some command: a notice reads "(Showing 3 of 10 output lines)"');
  t.equal(then('the trailer is blue'), null);
  t.end();
});

t.test('every inflection of a verb the lexicon lists', (t) => {
  t.same(inflections(['begins with']).sort(), ['began with', 'begin with', 'beginning with', 'begun with'].sort());
  t.ok(inflections(['omits']).includes('omitted') && inflections(['omits']).includes('omitting'));
  t.equal(then('the announcement line shall begin with `[1/1]`'), 'the announcement line begins with "[1/1]"');
  // "end with" is the command's end and the last line, as "ends with" is: with a code, the end.
  t.match(then('the command is expected to end with exit status 124 after roughly three seconds') ?? '', /^exit code == 124, elapsed ≈ 3 s/);
  // A form that another concept lists keeps that concept: "allowed to run past 1 second" is a completion, no timeout.
  t.match(then('the command is allowed to run past 1 second') ?? '', /^outcome == completed, elapsed > 1 s/);
  t.end();
});

t.test('shorthand: ~, ≥, an en dash between numbers, +, an arrow, w/', (t) => {
  t.match(then('job gets SIGTERM at ~2s') ?? '', /SIGTERM sent, at t ≈ 2 s/);
  t.match(then("report's `Duration:` is ≥ 3s") ?? '', /the duration on the report's `Duration:` line ≥ 3 s/);
  t.match(then('stdout keeps 1–4') ?? '', /the stdout lines shown are exactly 1 to 4/);
  t.match(then('OOM kill → rc 137') ?? '', /killed by its memory limit \(exit code 137\) ∧ exit code == 137/);
  t.match(when('a job w/ `timeout: null` runs `sleep 2`') ?? '', /timeout: null; run `sleep 2`/);
  // In code marks each is a text as written.
  t.match(then('`~2s` is printed') ?? '', /contains "~2s"/);
  t.end();
});

t.test('a configuration key by a writer\'s noun, and two readings of one setting are one', (t) => {
  t.equal(when('the command `seq 1 12` runs on the host with a retention limit of 5'), 'setup: run `seq 1 12`; on the host; maxOutputLines: 5');
  // The line limit's rule and the field's both set maxOutputLines 5: the same setup, no ambiguity.
  t.match(when('the command `seq 1 12` is invoked on the host with a line limit of 5 lines') ?? '', /run `seq 1 12`; on the host; maxOutputLines/);
  t.end();
});

t.test('a measure recorded for a command is that command\'s measure, never a number sought in a message', (t) => {
  t.equal(then('The result code which is recorded for the invocation shall be 137'), 'exit code == 137');
  t.equal(then('the exit code reported for the command is 3'), 'exit code == 3');
  const both = then('The result code which is recorded for the invocation shall be 137, and the report shall contain the line `Exit Status: Timeout`');
  // "the line `…`": a whole line of the report (round 20), never words anywhere in it.
  t.equal(both, 'exit code == 137 ∧ the report has "Exit Status: Timeout" as a whole line');
  t.notMatch(both ?? '', /"137"/);
  t.end();
});

t.test('an output that consists of lines is those lines, line by line', (t) => {
  t.equal(then('the output shall consist of the lines `a` and `b`, in that order'), 'the output shown (the notes on its lines aside) is, line by line, "a" and "b"');
  // Said of the configuration, "consists of" names no output.
  t.equal(then('the configuration consists of two commands'), null);
  t.end();
});

t.test('"It is verified that …", "Verify that …": the clause after it', (t) => {
  t.equal(then('It is verified that the exit code is 0'), 'exit code == 0');
  t.equal(then('Verify that the exit code is 0'), 'exit code == 0');
  t.match(then('It is verified that the invocation is terminated by the executor no later than two seconds after it has been started') ?? '', /stopped .* its end at t ≤ 2 s/);
  t.equal(then('It is verified by hand that the exit code is 0'), null);
  t.end();
});

t.test('a said text and a denied one joined by "and" are two clauses (round 17: the negation swallowed the first)', (t) => {
  t.equal(then('report says `Timeout: 30s (not reached)` and `survived` never shows up'), 'the messages name "Timeout: 30s (not reached)" ∧ not (the messages name "survived")');
  // A negation before the verb denies both.
  t.equal(then('the report never says `A` and `B`'), 'the report contains none of "A", "B"');
  t.equal(then('the report says `A` and `B`'), 'the report contains "A" and "B"');
  t.end();
});

t.test('"followed immediately by": on the next line', (t) => {
  t.match(then('`a` is followed immediately by `b`') ?? '', /on consecutive lines in this order/);
  t.notMatch(then('`a` is followed by `b`') ?? '', /consecutive/);
  t.end();
});
