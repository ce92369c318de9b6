// The false failures and wrong readings the reviewers of round 20's fresh measurement (batch39,
// batch40) found, fixed as classes: a digit inside a word taken for a duration the time scaling
// cannot see; the writer's own pronoun read as the user a command runs as; "the first line",
// naming no place, never looked for among the lines spec-run exec printed itself; a list "in order"
// read as the whole output; a remark on a quoted value's spelling left a When unread, and a built-in
// expression bound it in a scenario the interpreter reads. Each class is read
// both ways, on sentences and commands written for these tests (none from a batch).
import t from 'tap';
import { loadConfig } from '../../src/executor/config.js';
import { scaled } from '../../src/run/scenario/interpreter/observation.js';
import { thenParts, whenParts } from '../support/readings.js';
import { blockScenario, expectVerdicts, reading, scenariosRunner } from './cli-points.js';

const runScenarios = scenariosRunner('Misreadings of round 20');

const configOf = (...runs: string[]) => loadConfig(`stop:\n  commands:\n${runs.map((run) => `    - run: ${JSON.stringify(run)}\n`).join('')}`).config;

t.test('a digit inside a word is no number the time scaling cannot see; a standalone number still is', (t) => {
  // Sleeps of a minute are scaled down; the words beside them hold digits, no durations.
  const words = scaled(configOf('echo start; sleep 60', 'echo step3', 'md5sum x; echo $1'));
  t.ok(words.scale < 1, 'scaled, not refused');
  t.match(words.config.commands[0].run, /^echo start; sleep 0?\.\d+|^echo start; sleep \d/);
  // A number standing alone may be a duration: refused, never scaled into another outcome.
  for (const run of ['timeout 30 sleep 100', 'sleep 60; wait-for --deadline=30', 'node -e "setTimeout(f, 30000)"; sleep 60', 'sleep 60; retry 5s']) {
    t.throws(() => scaled(configOf('echo start; sleep 60', run)), /holds "/, run);
  }
  t.end();
});

t.test("the writer's own pronoun after a role is no user a command runs as", (t) => {
  t.same(whenParts('as an operator I run the host command `sleep 30` with `timeout: 2s`'), ['run `sleep 30` on the host', 'timeout: 2s']);
  t.notMatch(whenParts('as a developer, we run `echo hi`')?.join(' ') ?? '', /user:/);
  // A user named after the word "user" still is one.
  t.match(whenParts('a container command `id` runs as user nobody')?.join(' ') ?? '', /user: nobody/);
  t.match(whenParts('as an operator I run `id` in a container as user `1000:1000`')?.join(' ') ?? '', /user: 1000:1000/);
  t.match(whenParts('a container command `id` runs as a user `nobody`')?.join(' ') ?? '', /user: nobody/);
  t.end();
});

t.test('"the first line", naming no place, may be the first line spec-run exec printed (its announcement)', async (t) => {
  t.match(thenParts('the first line is "[1/1] host: echo ok (timeout 5m, from built-in default)"')?.join(' ') ?? '', /or of all spec-run exec printed/);
  await expectVerdicts(t, runScenarios, 'misread-first-line', [
    blockScenario('announced', 'the configuration is', ['- run: "echo ok"'], 'the first line is "[1/1] host: echo ok (timeout 5m, from built-in default)"'),
    blockScenario('other', 'the configuration is', ['- run: "echo ok"', '  timeout: 10s'], 'the first line is "[1/1] host: echo ok (timeout 5m, from built-in default)"'),
    blockScenario('output', 'the configuration is', ['- run: "echo ok"'], 'the first line is "ok"'),
  ], 'first line', [
    [true, 'the announcement is the first line printed'],
    [false, 'another announcement is not'],
    [true, "the output's first line still is one"],
  ]);
});

t.test('a list "in order" is a sequence among the lines, unless "only" or "exactly" says it is all of them', async (t) => {
  t.match(thenParts('the output lines are, in order, `a`, `b`, `c`')?.join(' ') ?? '', /as whole lines among its lines, "a" and "b" and "c", in this order/);
  // Said whole, the lines are these and no other.
  t.match(thenParts('its output is, line by line, `a`, `b` and `c`')?.join(' ') ?? '', /exactly "a", "b", "c"/);
  t.match(thenParts('the output is `a` followed by `b`')?.join(' ') ?? '', /is, line by line, "a" and "b"/);
  t.match(reading('Then', 'the output shall consist of the lines `a` and `b`, in that order') ?? '', /is, line by line, "a" and "b"/);
  await expectVerdicts(t, runScenarios, 'misread-in-order', [
    blockScenario('further', 'the configuration is', ['- run: "echo a; echo b; echo c; echo 0"'], 'the output lines are, in order, `a`, `b`, `c`'),
    blockScenario('swapped', 'the configuration is', ['- run: "echo b; echo a; echo c"'], 'the output lines are, in order, `a`, `b`, `c`'),
  ], 'in order', [
    [true, 'a further line after them does not fail it'],
    [false, 'out of order, it fails'],
  ]);
});

t.test("a remark on how a quoted value is spelled sets nothing, where the value shows it; the interpreter's reading is taken", async (t) => {
  t.same(whenParts('a command has `timeout: " 30s"`, with a space before the number'), ['timeout: " 30s"']);
  // Where the value shows no such thing, the remark is words not understood: the step stays unread.
  t.equal(whenParts('a command has `timeout: 30s`, with a space before the number'), null);
  const { points } = await runScenarios('misread-spelling-note', [
    ['#### Scenario: spaced', '', '- **WHEN** a command has `timeout: " 30s"`, with a space before the number', '- **THEN** the configuration is refused with exit code 2'],
  ]);
  const [given, refused] = points;
  t.equal(given?.ok, true, 'the When is the interpreter\'s, never a built-in expression refused as mixing', { points });
  t.equal(refused?.ok, true, 'the configuration is refused with exit code 2', { points });
});
