// Round 33's part L: a test record's setup and stimulus in labelled or imperative sentences (labelled-setup.ts):
// "Precondition: TB holds only `x.yaml` as below. Launch from TB: `spec-run exec x.yaml …`.", "Setup: …" and
// "Stimulus: …" paragraphs, "Procedure: 1. … 2. …", the files and directories the place holds before the
// configuration, an aside that a path does not exist, variables assigned before the command line. Each sentence is
// read, or the whole is left unread. Documents written for these tests (none from a batch), read both ways through
// real runs.
import t from 'tap';
import { labelledSetup } from '../../src/run/scenario/interpreter/labelled-setup.js';
import { runSpecLines } from './cli-points.js';

t.test('a record\'s sentences said again in the words the rules read', async (t) => {
  t.equal(labelledSetup('the project directory holds only `gate.yml` as below. Launch from the project directory: `spec-run exec gate.yml --log e.jsonl`'), 'the configuration below is saved as `gate.yml`, and `spec-run exec gate.yml --log e.jsonl` is run');
  t.equal(labelledSetup('Run `spec-run exec c.yaml` in the project directory (the folder `logs` does not exist yet)'), '`spec-run exec c.yaml` is run, and `logs` does not exist beforehand');
  t.equal(labelledSetup('1. the project directory holds the file `a.txt` (any content), the empty directory `out/` and `c.yaml` as shown below. 2. Start it from the project directory: `spec-run exec c.yaml`'), 'the project directory holds the file `a.txt`, and the project directory holds a directory `out`, and the configuration below is saved as `c.yaml`, and `spec-run exec c.yaml` is run');
  t.equal(labelledSetup('Launch from the project directory with an extra variable in its environment: `A=1 B=2 spec-run exec c.yaml`'), null, 'one variable said, two assigned');
  t.equal(labelledSetup('Launch from the project directory: `spec-run exec c.yaml > out.txt &`'), null, 'a shell line, not spec-run exec\'s alone');
  t.equal(labelledSetup('Launch from `sub`: `spec-run exec c.yaml`'), null, 'a place that is not the project\'s');
  t.equal(labelledSetup('Launch from the project directory: `spec-run exec a.yaml`. Launch from the project directory: `spec-run exec b.yaml`'), null, 'two launches');
  t.equal(labelledSetup('the project directory holds the symbolic link `l` and `c.yaml` as below'), null, 'an entry of no shape read here');
  t.equal(labelledSetup('spec-run exec runs `c.yaml`'), null, 'no sentence of a record\'s shapes');
});

const record = (scenarios: string[][]) => [
  '# Test record',
  '',
  '## Purpose',
  '',
  'Test record of the command executor `spec-run exec`.',
  '',
  '| Term | Meaning |',
  '|------|---------|',
  '| TB | a freshly created, empty scratch directory for the one test case |',
  '| exit status | the process exit code of spec-run exec |',
  '',
  'Unless a test case says otherwise, spec-run exec is launched with TB as the current directory and the configuration is saved in TB as `stop.yaml`.',
  '',
  '## Requirements',
  '',
  '### Requirement: As recorded',
  'The executor SHALL do what its test cases record.',
  '',
  ...scenarios.flatMap((lines) => [...lines, '']),
];
const testCase = (title: string, setup: string[], runs: string[], ...thens: string[]) => [
  `#### Scenario: ${title}`,
  ...setup.flatMap((paragraph) => [paragraph, '']),
  'When spec-run exec runs this configuration:',
  '```yaml',
  'stop:',
  '  commands:',
  ...runs.map((run) => `    - run: "${run}"`),
  '```',
  '',
  'Then:',
  ...thens.map((then, i) => `${i + 1}. ${then}`),
];
const verdicts = (points: { name: string; ok: boolean; todo?: unknown }[]) => points.filter((p) => /^Then\b/.test(p.name)).map((p) => (p.todo !== undefined ? 'todo' : p.ok));

t.test('through real runs: the place, its files and the launch line of a record, both ways', async (t) => {
  const { points } = await runSpecLines('round33l-launch', record([
    testCase('log', ['Precondition: TB holds only `stop.yaml` as below. Launch from TB: `spec-run exec stop.yaml --log ev.jsonl --log-failures`.'], ['exit 3'], 'Confirm that a file `ev.jsonl` exists in TB after the run.'),
    testCase('log probe', ['Precondition: TB holds only `stop.yaml` as below. Launch from TB: `spec-run exec stop.yaml --log ev.jsonl`.'], ['exit 3'], 'Confirm that a file `ev.jsonl` exists in TB after the run.'),
    testCase('variable', ['Precondition: TB holds only `stop.yaml` as below. Launch from TB with an extra variable in the environment: `SHIFT_LEAD=kim-4 spec-run exec stop.yaml`.'], ['echo $SHIFT_LEAD'], 'Expected output line: `kim-4`'),
    testCase('variable probe', ['Precondition: TB holds only `stop.yaml` as below. Launch from TB with an extra variable in the environment: `SHIFT_LEAD=kim-5 spec-run exec stop.yaml`.'], ['echo $SHIFT_LEAD'], 'Expected output line: `kim-4`'),
    testCase('name', ['Precondition: TB holds only `gate.yml`, exactly as written below (indentation of two spaces per level). Launch from TB: `spec-run exec gate.yml`.'], ['ls'], 'Expected output line: `gate.yml`'),
    testCase('name probe', ['Precondition: TB holds only `gate.yml`, exactly as written below (indentation of two spaces per level). Launch from TB: `spec-run exec gate.yml`.'], ['ls'], 'Expected output line: `stop.yaml`'),
    testCase('files', ['Precondition: TB holds the file `inventory.txt` (any content), the empty directory `spool/` and `stop.yaml` as below.\nLaunch from TB: `spec-run exec stop.yaml`.'], ['ls -p'], 'Expected output line: `spool/`'),
    testCase('files probe', ['Precondition: TB holds the file `inventory.txt` (any content) and `stop.yaml` as below.\nLaunch from TB: `spec-run exec stop.yaml`.'], ['ls -p'], 'Expected output line: `spool/`'),
  ]));
  t.same(verdicts(points), [true, false, true, false, true, false, true, false], 'true sentences pass, false variants (another launch line, variable, name, tree) fail', { points });
});

t.test('through real runs: labelled paragraphs and numbered procedures, both ways; unread neighbours stay undefined', async (t) => {
  const { points } = await runSpecLines('round33l-labels', record([
    testCase('stimulus', ['Setup: TB holds only `stop.yaml` as below.', 'Stimulus: start `spec-run exec stop.yaml --log out/run.jsonl --log-failures` from TB (the directory `out/` does not exist beforehand).'], ['exit 6'], 'Confirm that a file `out/run.jsonl` exists in TB after the run.', 'Verify that the exit status is 6.'),
    testCase('stimulus probe', ['Setup: TB holds only `stop.yaml` as below.', 'Stimulus: start `spec-run exec stop.yaml --log out/other.jsonl --log-failures` from TB.'], ['exit 6'], 'Confirm that a file `out/run.jsonl` exists in TB after the run.'),
    testCase('procedure', ['Procedure: 1. TB holds the empty directory `drop/` and `stop.yaml` as below. 2. Run from TB: `spec-run exec stop.yaml`.'], ['test -d drop'], 'Verify that the exit status is 0.'),
    testCase('procedure probe', ['Procedure: 1. TB holds only `stop.yaml` as below. 2. Run from TB: `spec-run exec stop.yaml`.'], ['test -d drop'], 'Verify that the exit status is 0.'),
    testCase('background', ['Precondition: TB holds only `stop.yaml` as below. Launch from TB in the background: `spec-run exec stop.yaml &`.'], ['true'], 'Verify that the exit status is 0.'),
    testCase('twice', ['Precondition: TB holds only `stop.yaml` as below. Launch from TB twice: first `spec-run exec stop.yaml`, then `spec-run exec stop.yaml --log a.jsonl`.'], ['true'], 'Verify that the exit status is 0.'),
    testCase('aside', ['Precondition: TB holds only `stop.yaml` as below. Launch from TB: `spec-run exec stop.yaml`. The second command is the reference value.'], ['true', 'true'], 'Verify that the exit status is 0.'),
  ]));
  t.same(verdicts(points), [true, true, false, true, false, 'todo', 'todo', 'todo'], 'true sentences pass, false variants fail, unread neighbours stay undefined', { points });
});
