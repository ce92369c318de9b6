// Round 33's part K: spec-run exec's own command line refused, as a fact of the run (command-line-refused.ts). A command
// line its parser refuses, or whose --log names a place no event could be appended to, is run through the package's bin
// as a child process; what a Then says of its exit status, its stdout and its stderr is read against that run. Documents
// written for these tests (none from a batch), read both ways through real runs.
import t from 'tap';
import { runSpecLines } from './cli-points.js';
import { ownStreamsReading } from '../../src/run/scenario/interpreter/command-line-refused.js';

const document = (scenarios: string[][]) => ['# Launches', '', '## Purpose', '', 'What the executor does with its own command line.', '', '## Requirements', '', '### Requirement: As said', 'The executor SHALL do what its scenarios say.', '', ...scenarios.flatMap((lines) => [...lines, ''])];
const scenario = (title: string, when: string, ...thens: string[]) => [
  `#### Scenario: ${title}`,
  `- **WHEN** ${when}`,
  '',
  '```yaml',
  'stop:',
  '  commands:',
  '    - run: "touch made.txt"',
  '```',
  '',
  ...thens.map((then) => `- **THEN** ${then}`),
];
const HINT = '`(run spec-run exec --help for usage)`';

t.test('through real runs: a refused command line, its streams and status, both ways', async (t) => {
  const { points } = await runSpecLines('round33k', document([
    scenario('unknown', 'the team runs `spec-run exec hook.yaml --quiet`', `spec-run exec exits with status 2, and its stderr is \`error: unknown option '--quiet'\` followed by ${HINT}`),
    scenario('unknown probe', 'the team runs `spec-run exec hook.yaml --quiet`', `spec-run exec exits with status 2, and its stderr is ${HINT} followed by \`error: unknown option '--quiet'\``),
    scenario('alias', 'the team runs `spec-run exec hook.yaml --image-alias busybox`', 'the diagnostics begin with the line `error: --image-alias wants NAME=IMAGE, got busybox`'),
    scenario('alias probe', 'the team runs `spec-run exec hook.yaml --image-alias busybox`', 'the diagnostics begin with the line `error: --image-alias wants NAME=IMAGE, got alpine`'),
    scenario('nothing out', 'the team runs `spec-run exec hook.yaml --log-failures`', 'spec-run exec prints nothing on stdout'),
    scenario('nothing out probe', 'the team runs `spec-run exec hook.yaml`', 'spec-run exec prints nothing on stdout'),
    scenario('hint last', 'the team runs `spec-run exec hook.yaml --log-failures`', `stderr ends with the line ${HINT}`),
    scenario('hint last probe', 'the team runs `spec-run exec hook.yaml`', `stderr ends with the line ${HINT}`),
  ]));
  const thens = points.filter((p) => p.name.startsWith('THEN'));
  t.same(thens.filter((p) => p.todo !== undefined).map((p) => p.name), [], 'every Then bound', { points });
  t.same(thens.map((p) => p.ok), [true, false, true, false, true, false, true, false], 'true sentences pass, false variants fail', { points });
});

t.test('a stream said bare of a text that is not exec\'s own is not read as spec-run exec\'s stderr', async (t) => {
  const read = () => ({ ok: false as const, notUnderstood: ['x'], reason: 'x' });
  t.equal(ownStreamsReading('stderr begins with the line `something else`', read), null);
  t.equal(ownStreamsReading('stderr is `a` followed by `b`', read), null);
  t.not(ownStreamsReading('spec-run exec\'s stderr is `a` followed by `b`', read), null, 'its owner said: exec\'s own');
});
