// Round 29's classes of the writer's own nouns (part A): a noun phrase of two or three words that names a command by
// how the document uses it (numbered, placed, counted, with a command's part or fate), and the parts of a command's
// report in the writer's words (its block, section or entry; its heading, banner or title line; its result line).
// Sentences and documents written for these tests, read both ways through real runs of the executor.
import t from 'tap';
import { commandPhrases, type TreeLine } from '../../src/run/scenario/interpreter/command-phrases.js';
import { inReportParts } from '../../src/run/scenario/interpreter/report-parts.js';
import { treeTerms } from '../../src/run/scenario/interpreter/document-terms.js';
import type { TreeDocument } from '../../src/model/plan.js';
import { blockScenario, reading, runSpecLines, type CliPoint } from './cli-points.js';

const linesOf = (...texts: string[]): TreeLine[] => texts.map((text, i) => ({ file: 'a.spec.md', line: i + 1, text }));
const pinned = (...texts: string[]) => Object.fromEntries(commandPhrases(linesOf(...texts)).map((term) => [term.noun, term.thing]));

/** Prose that uses "work item" only as commands are used, in four sentences of different frames. */
const WORK_ITEM_PROSE = [
  "Work item 2's output is kept apart from the others.",
  'The third work item times out after two seconds.',
  'A host work item runs in the project directory.',
  'The timeout of each work item is its own, and both work items are announced.',
];

t.test('a noun phrase used only as commands are used names a command', (t) => {
  t.same(pinned(...WORK_ITEM_PROSE), { 'work item': 'command' }, 'numbered, placed, counted, with a part and a fate');
  t.same(pinned('The first build task fails.', 'Build task 3 exits with code 2.', 'The workdir of the second build task is kept.'), { 'build task': 'command' }, 'another phrase, other frames');
  t.same(pinned('The lint gate check [2/3] fails, and the lint gate check 1 prints nothing.', "Each lint gate check's heading names it."), { 'lint gate check': 'command' }, 'three words, a progress mark as its number');
  t.end();
});

t.test('a phrase used too little, for something else as well, or naming text, stays unknown', (t) => {
  t.same(pinned("Work item 2's output is kept apart; the third work item times out."), {}, 'one line: two uses may coincide in a sentence');
  t.same(pinned(...WORK_ITEM_PROSE, 'The work item SHALL run each command in turn.'), {}, 'also the subject of what the runner does');
  t.same(pinned(...WORK_ITEM_PROSE, 'A work item of the configuration is refused when a key is unknown.'), {}, 'also the act of validation');
  t.same(pinned('The first log entry has exit code 3.', 'Log entry 2 fails the check.', "Each log entry's output is one line."), {}, 'a phrase of the log names the log');
  t.same(pinned('The second output line fails.', 'Output line 3 is printed.', "Each output line's text is kept."), {}, 'a phrase of the output names text');
  t.same(pinned('The second unit test fails.', 'Unit test 3 passes.', "Each unit test's output and duration are listed."), {}, 'what a test inside the output has and does too: never a command alone');
  t.same(pinned('The second unit test fails.', 'The third unit test times out.', "Each unit test's output is listed."), { 'unit test': 'command' }, 'with what befalls only a command it is one');
  t.end();
});

t.test('a phrase some document defines is read as defined, never by its roles', (t) => {
  const proseDocument = (file: string, ...prose: string[]): TreeDocument => ({ file, prose: prose.map((text, i) => ({ text, line: i + 1 })), steps: [] });
  const defining = proseDocument('a.spec.md', 'The work item is a YAML configuration file.');
  const using = proseDocument('b.spec.md', ...WORK_ITEM_PROSE);
  const tree = [defining, using];
  const thing = (prose: TreeDocument) => treeTerms(prose.prose, tree).find((term) => term.noun === 'work item')?.thing;
  t.equal(thing(using), 'configuration', 'the document that uses it reads the other\'s definition');
  t.equal(thing(defining), 'configuration', 'the defining document reads its own');
  t.equal(treeTerms(using.prose, [using]).find((term) => term.noun === 'work item')?.thing, 'command', 'with no definition in the tree, its roles pin it');
  t.end();
});

t.test('a command\'s block, heading, banner and result line are said as its report, header and verdict line', (t) => {
  for (const [said, meant] of [
    ["the second command's block shows", "the second command's report shows"],
    ['the section for the second command in the report holds', "the second command's report holds"],
    ['The entry of the last command has', "The last command's report has"],
    ['The heading of the first command reads', "The first command's header reads"],
    ["each command's title line starts with", "each command's header starts with"],
    ['the banner of the third command ends with', "the third command's header ends with"],
    ['the result line of the second command reads', "the second command's verdict line reads"],
  ]) t.equal(inReportParts(said), meant, said);
  for (const said of ['the start of the first command', 'the heading of the report', 'the `To fix:` block of the second command', 'a block of output', 'the progress of the second command'])
    t.equal(inReportParts(said), said, `left as written: ${said}`);
  t.end();
});

/** A document titled TITLE whose requirement's prose is PROSE, with SCENARIOS. */
const documentOf = (title: string, prose: string[], scenarios: string[][]) => [`# ${title}`, '', '### Requirement: As said', ...prose, '', ...scenarios.flatMap((lines) => [...lines, ''])];
const stepsWith = (points: CliPoint[], marker: string) => points.filter((p) => p.name.includes(marker));
const interpretation = (p: CliPoint | undefined) => String((p?.diagnostics as { definition?: unknown } | undefined)?.definition ?? '');

t.test('a phrase pinned by use reads what its command did, and fails where the command did otherwise', async (t) => {
  const second = (printed: string) => blockScenario(`prints ${printed}`, 'the hook file is', ['- run: "echo one"', `- run: "echo ${printed}"`], 'the output of work item 2 shows `two`');
  const { points } = await runSpecLines('round29a-work-item', documentOf('Work items', WORK_ITEM_PROSE, [second('two'), second('three')]));
  const steps = stepsWith(points, 'work item 2');
  t.same(steps.map((p) => [p.ok, p.todo]), [[true, undefined], [false, undefined]], 'item 2 printed two: holds; printed three: fails', { points });
  t.match(interpretation(steps[0]), /"work item" = command, by its roles/, 'the reading says the phrase was read by its roles');
});

t.test('a phrase the document also uses for the runner stays unread', async (t) => {
  const scenario = blockScenario('two', 'the hook file is', ['- run: "echo one"', '- run: "echo two"'], 'the output of work item 2 shows `two`');
  const { points } = await runSpecLines('round29a-two-things', documentOf('Work items', [...WORK_ITEM_PROSE, 'The work item SHALL run each command in turn.'], [scenario]));
  const [step] = stepsWith(points, 'work item 2');
  t.ok(step?.todo !== undefined, 'left undefined', { points });
  t.match(String((step?.diagnostics as { interpreter?: unknown } | undefined)?.interpreter ?? ''), /"work"|"item"|work item/, 'its TODO names the words not read');
});

t.test('a command\'s heading and block in the writer\'s words, both ways', async (t) => {
  const timed = (seconds: number) => blockScenario(`timeout ${seconds}`, 'the hook file is', ['- run: "true"', `- run: "echo b"`, `  timeout: ${seconds}s`], 'the heading of the second command ends with `(timeout 7s, from command)`');
  const { points: headed } = await runSpecLines('round29a-heading', documentOf('Headings', ['Each command is announced.'], [timed(7), timed(9)]));
  t.same(stepsWith(headed, 'heading of the second').map((p) => [p.ok, p.todo]), [[true, undefined], [false, undefined]], 'the header names 7s: holds; 9s: fails', { points: headed });

  const told = (message: string | null) =>
    blockScenario(message ? 'with a message' : 'without', 'the hook file is', ['- run: "true"', '- run: "exit 3"', ...(message ? [`  message: "${message}"`] : [])], 'the block of the second command shows `please rerun`');
  const { points: blocks } = await runSpecLines('round29a-block', documentOf('Blocks', ['Each command has its block.'], [told('please rerun'), told(null)]));
  const steps = stepsWith(blocks, 'block of the second');
  t.same(steps.map((p) => [p.ok, p.todo]), [[true, undefined], [false, undefined]], 'the message in its block: holds; none: fails', { points: blocks });
  t.notMatch(interpretation(steps[0]), /fails \(exit code/, 'a block is never read as the command failing');
  t.match(reading('Then', 'the block of the second command shows `x`') ?? '', /the command 2: the report contains "x"/, 'the block is the command\'s report');
});
