// The false failures the reviewers of round 19's fresh measurement (batch38) found, fixed as classes
// of language: what a command printed looked for in a refused configuration's errors, a When's
// negation of a place read as a field left out (dropping the block's field), a memory limit's size
// read as minutes with "timed out" added. Each class is read both ways, on sentences written for
// these tests (none from a batch), and against real runs where the fix is in the checking.
import t from 'tap';
import { conditionUse } from '../../src/run/scenario/interpreter/condition.js';
import { blockConflicts } from '../../src/run/scenario/interpreter/observation.js';
import { emptySetup } from '../../src/run/scenario/interpreter/when.js';
import { thenParts, whenParts } from '../support/readings.js';
import { blockScenario, scenariosRunner } from './cli-points.js';

const runScenarios = scenariosRunner('Misreadings of round 19');

t.test('what a command prints, where no command ran, is nothing: never the executor\'s errors', async (t) => {
  const refused = ['- run: "echo x"', '  timeout: 0s'];
  const { points, byName } = await runScenarios('misread-never-printed', [
    blockScenario('never printed', 'the configuration is', refused, 'the run exits with 2 and `u`, `v` or `e` are never printed'),
    blockScenario('the report names', 'the configuration is', refused, 'the report says `positive`'),
  ]);
  t.ok(points.length > 0, 'the scenarios ran');
  // Letters every error line holds ("must", "invalid", "e.g.") are no command's.
  t.equal(byName('never printed')?.ok, true, 'no command ran, so none printed them', { points });
  // The run's messages still say what they say.
  t.equal(byName('says')?.ok, true, 'the report still names the error text', { points });
});

t.test("a negation of a place is no field left out, and a field the block sets is never dropped", (t) => {
  const yaml = 'stop:\n  commands:\n    - run: "pwd"\n      image: busybox\n      workdir: /opt/nothere\n';
  const use = conditionUse({ text: 'When the workdir is not in the image:', code: [], yaml });
  t.not(use.kind, 'read', 'the paragraph restates the block; it sets nothing');
  // A field left out is still read so.
  t.same(whenParts('the command has no workdir'), ['no workdir field']);
  // Left out where the block sets it: a conflict the run names, never the block's field silently gone.
  const setup = emptySetup();
  setup.fields.workdir = undefined;
  t.match(blockConflicts(yaml, () => setup), [/leaves out workdir, the block sets workdir: \/opt\/nothere/]);
  t.same(blockConflicts(yaml, () => emptySetup()), []);
  t.end();
});

t.test('a size beside a memory limit is no duration, and passing it is no timeout', (t) => {
  const parts = thenParts('the report says the command went over its memory limit (64m)') ?? [];
  t.notMatch(parts.join(' '), /min|timed out/, 'no 64 minutes, no "timed out"');
  t.match(thenParts('the memory limit is 64m')?.join(' ') ?? '', /memory limit == 64m/);
  // A duration of a timeout keeps its minutes, even beside a memory limit said after it.
  t.match(thenParts('the command is stopped after about 1m')?.join(' ') ?? '', /1 min/);
  t.match(thenParts('the timeout of 5m is never reached')?.join(' ') ?? '', /5 min|5m/);
  t.end();
});

t.test('a text named a line is a whole line denied, never its figure anywhere', async (t) => {
  t.match(thenParts('the lines `16` to `20` are shown, and line `15` is not shown')?.join(' ') ?? '', /no line of .* is "15"/);
  // The verb left out ("…, and line `15` is not"), left unread since round 20's elided-subject rule, is read by the rules of output items since round 31 (a number in code marks is the number a line reads): line 15 a whole line.
  t.match(thenParts('the lines `16` to `20` are shown, and line `15` is not')?.join(' ') ?? '', /no shown line reads any of "15"/);
  // Not named a line, the text is still denied anywhere it stands.
  t.notMatch(thenParts('`15` is not shown')?.join(' ') ?? '', /no line of/);
  const { points } = await runScenarios('misread-line-number', [
    blockScenario('tail', 'the command runs', ['- run: "seq 1 20"', '  maxOutputLines: 5', '  keepOutput: tail'], 'the lines `16` to `20` are shown, and line `15` is not shown'),
    blockScenario('shown', 'the command runs', ['- run: "seq 1 20"', '  maxOutputLines: 6', '  keepOutput: tail'], 'the lines `16` to `20` are shown, and line `15` is not shown'),
  ]);
  t.ok(points.length > 0, 'the scenarios ran');
  // "(15 lines omitted)" holds "15", no line is "15": it holds.
  const [hidden, shown] = points.filter((p) => p.name.includes('line 15 is not shown'));
  t.equal(hidden?.ok, true, 'line 15 not shown, the notice naming 15 aside', { points });
  t.equal(shown?.ok, false, 'with line 15 shown, it fails', { points });
});
