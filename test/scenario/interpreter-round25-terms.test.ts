// Round 25's class "terms": the writer's own nouns for spec-run exec, its commands, its configuration
// file and its exit status, resolved through what the document's prose (outside the scenarios) says of
// them, never through a word list. Each class is read both ways through the CLI, on a document and
// sentences written for these tests (none from a batch): where the sentence holds the step passes, where
// it does not it fails; a noun the prose pins to two things stays unread.
import t from 'tap';
import { execa } from 'execa';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { blockScenario, expectVerdicts, runSpecLines } from './cli-points.js';
import { scratchDirectory } from '../support/scratch.js';
import { interpret } from '../../src/run/scenario/interpreter/index.js';
import { documentTerms } from '../../src/run/scenario/interpreter/document-terms.js';

/** A Purpose that names spec-run exec, its exit status, its commands and its configuration in the writer's own nouns. */
const PURPOSE = [
  '## Purpose',
  '',
  'This note checks the command executor of spec-run, henceforth the program under check (PUC), which is started as `npx spec-run exec hook.yaml`; the observed status is the exit status of that invocation.',
  'Each task is one entry of `commands:`, run in order. The input sheet is a YAML configuration file in the project.',
  '',
  '## Requirements',
  '',
  '### Requirement: Gatekeeping',
  'The launcher loads the entire configuration before anything else and rejects it when one field is wrong.',
  '',
];

/** Runs SCENARIOS under PURPOSE, as one document named NAME. */
const runUnderPurpose = (name: string, scenarios: string[][]) => runSpecLines(name, ['# Own nouns', '', ...PURPOSE, ...scenarios.flatMap((lines) => [...lines, ''])]);

t.test('a noun defined for spec-run exec ("henceforth the program under check (PUC)") and its abbreviation name the runner', async (t) => {
  const ends = (code: number, then: string) => blockScenario(`ends ${code}`, 'the input sheet is', [`- run: "exit ${code}"`], then);
  const byAbbreviation = (code: number) => ends(code, 'the PUC exits with code 3');
  const byName = (code: number) => ends(code, 'The program under check ends with exit code 3');
  await expectVerdicts(t, runUnderPurpose, 'round25-runner', [byAbbreviation(3), byAbbreviation(0)], 'the PUC exits', [
    [true, 'the only task exits 3, so spec-run exec does'],
    [false, 'the task exits 0, so spec-run exec does'],
  ]);
  await expectVerdicts(t, runUnderPurpose, 'round25-runner-long', [byName(3), byName(0)], 'program under check ends', [
    [true, 'the long name is the same runner'],
    [false, 'the long name, exit 0'],
  ]);
});

t.test('a noun defined as the exit status of "that invocation" is spec-run exec\'s exit status', async (t) => {
  const ends = (code: number) => blockScenario(`status ${code}`, 'the input sheet is', [`- run: "exit ${code}"`], 'the observed status shall be 3');
  await expectVerdicts(t, runUnderPurpose, 'round25-status', [ends(3), ends(0)], 'observed status', [
    [true, 'spec-run exec exited 3'],
    [false, 'spec-run exec exited 0'],
  ]);
});

t.test('a noun said as the subject of what only the runner does (loads and rejects the configuration) names the runner', async (t) => {
  const given = (timeout: string) => blockScenario(`timeout ${timeout}`, 'the input sheet is', ['- run: "echo hi"', `  timeout: ${timeout}`], 'the launcher exits with code 2');
  await expectVerdicts(t, runUnderPurpose, 'round25-subject', [given('0s'), given('5s')], 'the launcher exits', [
    [true, 'a zero timeout is refused: exit 2'],
    [false, 'a valid configuration runs: exit 0'],
  ]);
});

t.test('a noun said to be one entry of `commands:` names a command, counted and placed as commands are', async (t) => {
  const second = (code: number) => blockScenario(`second ${code}`, 'the input sheet is', ['- run: "true"', `- run: "exit ${code}"`], 'the second task exits with code 4');
  await expectVerdicts(t, runUnderPurpose, 'round25-command', [second(4), second(5)], 'second task', [
    [true, 'the second entry exits 4'],
    [false, 'the second entry exits 5'],
  ]);
});

t.test('a noun said to be the YAML configuration file names the configuration', async (t) => {
  const sheet = (timeout: string) => blockScenario(`sheet ${timeout}`, 'the input sheet is', ['- run: "echo hi"', `  timeout: ${timeout}`], 'the input sheet is refused');
  await expectVerdicts(t, runUnderPurpose, 'round25-configuration', [sheet('0s'), sheet('5s')], 'input sheet is refused', [
    [true, 'a zero timeout: the configuration is refused'],
    [false, 'a valid configuration is not refused'],
  ]);
});

t.test('a noun the prose pins to two things, or to none, stays unread; its words are named', (t) => {
  const prose = [
    { text: 'The tool reads the whole configuration first.', line: 3 },
    { text: 'Each tool is one entry of commands:.', line: 4, code: ['commands:'] },
  ];
  t.same(documentTerms(prose), [], 'the tool is pinned to the runner and to a command: no term');
  const read = interpret('the tool exits with code 2', 'Then', [], undefined, undefined, documentTerms(prose));
  t.equal(read.ok, false);
  t.match(read.ok ? '' : read.notUnderstood.join(' '), /tool/);
  // A noun of the run itself is never redefined: "the shell runs the commands" says what the shell does.
  t.same(documentTerms([{ text: 'The shell runs all the commands.', line: 3 }]), []);
  // A noun never defined stays unknown.
  t.equal(interpret('the launcher exits with code 2', 'Then').ok, false);
  t.end();
});

t.test('--dry-run shows the noun read through the document and the line that defines it', async (t) => {
  const dir = scratchDirectory('round25-dry-');
  const file = path.join(dir, 'own.spec.md');
  writeFileSync(file, ['# Own nouns', '', ...PURPOSE, ...blockScenario('dry', 'the input sheet is', ['- run: "exit 3"'], 'the PUC exits with code 3')].join('\n'));
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const result = await execa(process.execPath, [path.join(root, 'dist/src/cli/main.js'), file, '--executor-steps', '--no-strict', '--dry-run', '--reporter', 'json'], { cwd: dir, reject: false });
  t.match(result.stdout, /spec-run exec's exit status == 3 \[read through the document: \\"PUC\\" = spec-run exec, defined at line 5\]/);
});
