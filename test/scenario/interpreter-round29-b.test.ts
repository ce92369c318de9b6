// Round 29, part B: what the executor's texts say, in the writer's words (said-in-words.ts). A speaker (a note, a
// finding, an error, the To fix list, the report), a verb of saying, and content words each one of the executor's own
// or a synonym of one, in the order of one of its texts. Sentences written for these tests (none from a batch), read
// both ways through real runs: a true paraphrase holds, one of a different message or with a wrong value does not,
// and a word no text of the executor has leaves the step unread, named.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { EXECUTOR_TEXTS } from '../../src/run/scenario/interpreter/executor-texts.js';
import type { Observation } from '../../src/run/scenario/interpreter/observation.js';
import { readThen } from '../../src/run/scenario/interpreter/then.js';
import { blockScenario, expectBoundVerdicts, scenariosRunner, sectionScenario } from './cli-points.js';

const run = scenariosRunner('Round 29 texts said in words');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const unread = (sentence: string) => {
  const r = readThen(sentence);
  return r.ok ? null : r.notUnderstood;
};
const said = (sentence: string) => {
  const r = readThen(sentence);
  return r.ok && r.rules.includes("an executor's text said in the writer's words") ? r.parts.map((p) => p.text).join(' && ') : null;
};

t.test("the executor's texts are its own: the list is the one its sources give", async (t) => {
  const { executorTexts } = (await import(path.join(root, 'scripts/executor-texts.mjs'))) as { executorTexts: () => string[] };
  t.same([...EXECUTOR_TEXTS], executorTexts(), 'regenerate with scripts/executor-texts.mjs after changing a message of src/executor/');
});

t.test('the frame: speakers, verbs of saying and their content, each a class', async (t) => {
  for (const sentence of [
    'the finding for stop.commands[0].maxOutputLines demands a whole number of lines between 1 and 10000',
    'the error about stop.commands[0].maxOutputLines says it has to be an integer number of lines from 1 to 10000',
    'an error for maxOutputLines states that the field must be a whole number of lines from 1 to 10000',
    'there is a finding saying that stop.commands[0].maxOutputLines must be a whole number of lines from 1 to 10000, not 0',
    'the problem for stop.commands[0].keepOutput requires head or tail, not "both"',
    'one complaint names stop.commands[0].timeout and says the value needs to be a string with a unit',
    'the error for stop.commands[0].memory mentions that memory must be no less than 6m',
    'a warning explains that the command went on and exited with 0',
    'the To fix list suggests to set workdir to a directory that exists',
  ]) t.ok(readThen(sentence).ok, sentence);
  // Where a reading of the message's own parts reads the sentence, it stays that stricter one; these only this class reads.
  for (const sentence of [
    'the finding for stop.commands[0].maxOutputLines demands a whole number of lines between 1 and 10000',
    'the problem for stop.commands[0].keepOutput requires head or tail, not "both"',
    'a warning explains that the command went on and exited with 0',
    'the To fix list suggests to set workdir to a directory that exists',
  ]) t.not(said(sentence), null, sentence);
  t.match(said('the finding for stop.commands[0].maxOutputLines requires a whole number of lines from 1 to 10000') ?? '', /about stop\.commands\[0\]\.maxOutputLines says, in this order, must integer lines from 1 10000/);
  // A word no text of the executor has, and words of its that none says in this order: unread, named.
  t.equal(said('the finding for stop.commands[0].maxOutputLines grumbles that the number is ridiculous'), null, 'no verb of saying: not this frame');
  t.match(unread('the finding for stop.commands[0].cpus says the number of CPUs is ridiculous') ?? [], ['ridiculous']);
  t.match(unread('a note says the timeout was reached before the output was cut') ?? [], [/timeout reached before output cut/]);
  // Another claim joined, a labelled line quoted, a placeholder: other readings', never this one's.
  t.equal(said('the error says memory must be at least 6m, and spec-run exec exits with 2'), null);
  t.equal(said('the report says Exit Code: 125 and the directory does not exist'), null);
  t.equal(said('a note says workdir <dir> is outside the project'), null);
});

const refused = (title: string, commands: string[], ...thens: string[]) => blockScenario(title, 'the configuration is', commands, ...thens);

t.test('a refused configuration, said in words: the named finding holds what is said, a wrong value or another message does not', async (t) => {
  const lines = 'the finding for stop.commands[0].maxOutputLines requires a whole number of lines from 1 to 10000';
  await expectBoundVerdicts(t, run, 'r29b-lines', [
    refused('zero lines', ['- run: echo a', '  maxOutputLines: 0'], 'the configuration is refused', lines),
    refused('a bad keep', ['- run: echo a', '  keepOutput: middle'], 'the configuration is refused', lines),
  ], 'whole number', [
    [true, 'the message of that field says it'],
    [false, 'no finding for that field'],
  ]);
  const keep = (value: string) => `the problem for stop.commands[0].keepOutput says it must be head or tail, not "${value}"`;
  await expectBoundVerdicts(t, run, 'r29b-keep', [
    refused('middle', ['- run: echo a', '  keepOutput: middle'], 'the configuration is refused', keep('middle')),
    refused('middle said as centre', ['- run: echo a', '  keepOutput: middle'], 'the configuration is refused', keep('centre')),
  ], 'head or tail', [
    [true, 'the value given was middle'],
    [false, 'a value the configuration did not give'],
  ]);
  const memory = 'an error states that the memory must be at least 6m';
  await expectBoundVerdicts(t, run, 'r29b-memory', [
    refused('4m', ['- run: echo a', '  image: alpine', '  memory: 4m'], 'the configuration is refused', memory),
    refused('positive instead', ['- run: echo a', '  image: alpine', '  memory: 4x'], 'the configuration is refused', memory),
  ], 'at least 6m', [
    [true, 'below the smallest limit'],
    [false, 'another message of the same field (not a size)'],
  ]);
});

t.test('notes and fixes of commands that ran, said in words', async (t) => {
  const outside = 'a warning states that workdir /tmp is outside the project';
  await expectBoundVerdicts(t, run, 'r29b-outside', [
    blockScenario('outside', 'the command runs', ['- run: pwd', '  workdir: /tmp'], outside),
    blockScenario('inside', 'the command runs', ['- run: pwd'], outside),
  ], 'a warning states', [
    [true, 'a workdir outside the project'],
    [false, 'the project itself: no such note'],
  ]);
  const fix = 'the To fix list suggests to set workdir to a directory that exists';
  await expectBoundVerdicts(t, run, 'r29b-fix', [
    blockScenario('missing', 'the command runs', ['- run: pwd', '  workdir: no-such-dir-r29b'], 'the command is not started, with exit code 125', fix),
    blockScenario('there', 'the command runs', ['- run: pwd', '  workdir: /tmp'], fix),
  ], 'a directory that exists', [
    [true, 'a workdir that does not exist'],
    [false, 'one that exists: no such fix'],
  ]);
});

t.test('the note of a command failFast left unrun, said in words: it has no record of its own, only its lines in the report', async (t) => {
  const commands = (code: number) => ['failFast: true', 'commands:', '  - run: echo first-r29b', `  - run: exit ${code}`, '  - run: echo never-r29b'];
  const note = 'the note of the third command states that failFast is true and that [2/3] failed with exit code 6';
  await expectBoundVerdicts(t, run, 'r29b-not-run', [
    sectionScenario('stopped at 6', 'the commands run', commands(6), note),
    sectionScenario('stopped at 5', 'the commands run', commands(5), note),
    sectionScenario('not stopped', 'the commands run', ['commands:', '  - run: echo first-r29b', '  - run: exit 6', '  - run: echo never-r29b'], note),
  ], '[2/3] failed', [
    [true, 'the third command not run after the second exited 6'],
    [false, 'the second exited 5: the note says 5'],
    [false, 'without failFast every command ran: no such note'],
  ]);
});

t.test("a notice's numbers and words: in the text's order, each value as given, a negation where the text has one", async (t) => {
  const cut = 'output cut at 300 lines: stored output is capped; 700 more of 1000 lines were counted, not kept';
  const o = { record: { errors: [], messages: [], commands: [{ notices: [cut], outputNotices: [], lines: [], report: '', solutions: [] }] } } as unknown as Observation;
  const verdict = async (sentence: string) => {
    const r = readThen(sentence);
    if (!r.ok) throw new Error(`not read: ${sentence}`);
    return (await Promise.all(r.parts.map((p) => p.evaluate(o)))).every((v) => v.ok);
  };
  t.equal(await verdict('a notice says that the output was cut at 300 lines, and that the remaining lines of the 1000 were counted but not stored'), true);
  t.equal(await verdict('a notice says that the output was cut at 400 lines, and that the remaining lines of the 1000 were counted but not stored'), false, 'a number the text does not give');
  t.equal(await verdict('a notice says that 700 more of 1000 lines were counted'), true, 'values in the order the text gives them');
  t.equal(await verdict('a notice says that 1000 more of 700 lines were counted'), false, 'the same values in another order: another claim');
  t.equal(await verdict('a notice says that the remaining lines were kept'), false, 'kept, where the text says not kept');
  t.equal(await verdict('a notice says that the lines were counted, not the output cut'), false, 'a negation the text does not say');
});
