// Round 31's part A: the names a document gives the things of a run, and the register it writes them in
// (document-terms.ts). Writers define their nouns in capitals ("THE RUNNER (`spec-run exec`)"), with each word
// capitalised ("the Release Runner is the command executor invoked as `spec-run exec`"), in either order ("the exit
// status of the Release Runner is the Release Verdict"), through a noun defined before ("a Check is one entry of the
// Test Sheet"), and name commands by a mark ("referred to as K1, K2, … in the order listed"). Documents and sentences
// written for these tests (none from a batch), read both ways through real runs; a noun pinned to two things, one
// not defined, or a description inside a longer noun phrase, stays unread.
import t from 'tap';
import { documentTerms, inDocumentTerms } from '../../src/run/scenario/interpreter/document-terms.js';
import { blockScenario, expectBoundVerdicts, runSpecLines } from './cli-points.js';

/** A runner of SCENARIOS under a Purpose of PURPOSE's lines, as one document named NAME. */
const underPurpose = (purpose: string[]) => (name: string, scenarios: string[][]) =>
  runSpecLines(name, ['# Own names', '', '## Purpose', '', ...purpose, '', '## Requirements', '', '### Requirement: As said', 'The executor SHALL do what its scenarios say.', '', ...scenarios.flatMap((lines) => [...lines, ''])]);

/** Prose lines as the translator gives them: each line's code spans in CODE. */
const prose = (...lines: string[]) => lines.map((text, i) => ({ text: text.replace(/`|\*\*/g, ''), line: i + 3, code: [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]) }));
const pinned = (...lines: string[]) => Object.fromEntries(documentTerms(prose(...lines)).map((term) => [term.noun, term.thing]));

const CAPITALS = [
  'This note covers THE RUNNER (`spec-run exec`) and how it treats each JOB LINE (an item of `stop.commands`) of the SETTINGS SHEET (the YAML configuration file named on its command line).',
];

const GLOSSARY = [
  'Terms used below: the **Release Runner** is the command executor invoked as `spec-run exec`; the **Test Sheet** is the stop-hook YAML file given to it; each entry of its `commands:` list is a **Check**, referred to as K1, K2, … in the order listed; the exit status of the Release Runner is the **Release Verdict**; everything the Release Runner prints is the **Release Transcript**.',
];

t.test('definitions in capitals, in Title Case and in either order pin their nouns', (t) => {
  t.same(pinned(...CAPITALS), { RUNNER: 'spec-run exec', 'job line': 'command', 'settings sheet': 'configuration' });
  t.same(pinned(...GLOSSARY), { 'release runner': 'spec-run exec', 'test sheet': 'configuration', check: 'command', K: 'numbered command', 'release verdict': "spec-run exec's exit status", 'release transcript': 'report' });
  // Through a noun defined on another line, and the noun after its description.
  t.same(pinned('The **Audit Tool** (the command executor invoked as `spec-run exec`) runs every entry.', 'A **Probe** is one entry of the Job File (the YAML configuration file); its printed output is the **Audit Trail**.'), {
    'audit tool': 'spec-run exec',
    'job file': 'configuration',
    probe: 'command',
    // "its printed output": spec-run exec's, the only thing that line's sentence names before it that prints
  }, 'its printed output, said of a probe, is not the report');
  t.same(pinned('Every command executed by `spec-run exec` (hereinafter "the Operation") is bounded in time.'), { operation: 'command' }, 'the noun after a command named by the executor is the command');
  t.end();
});

t.test('what stays unread: a noun pinned to two things, a description inside a longer noun phrase, a noun of the run', (t) => {
  t.same(pinned('The **Gate Status** is the exit status of `spec-run exec`.', 'The **Gate Status** is what `spec-run exec` prints.'), {}, 'the exit status and the report: two things');
  t.same(pinned('The directory containing the configuration file (hereinafter "the Config Folder") is the project.'), {}, 'a directory, not the configuration');
  t.same(pinned('The output of `spec-run exec` (hereinafter "the Log") is kept.'), {}, 'the output of spec-run exec, not spec-run exec');
  t.same(pinned('The **Report** is what `spec-run exec` prints.'), {}, 'the report is a noun of the run itself');
  t.same(pinned('Each entry is referred to as C1, C2, … in the order of the file.'), {}, 'a numbering of no commands');
  t.same(pinned('The **Final Code** is `spec-run exec`\'s exit status.'), { 'final code': "spec-run exec's exit status" }, 'spec-run exec\'s exit status, not spec-run exec');
  t.same(pinned('The stimulus is the configuration plus, where stated, a signal.'), { stimulus: 'configuration' }, 'no noun made of the words put in for another');
  // A single capitalised word is the writer's noun only with its capital.
  const terms = documentTerms(prose(...GLOSSARY));
  t.equal(inDocumentTerms('the Check fails and K2 is announced', terms).sentence, 'the command fails and the second command is announced');
  t.equal(inDocumentTerms('the check of the configuration fails', terms).sentence, 'the check of the configuration fails', 'check in lower case is the ordinary word');
  t.equal(inDocumentTerms('K12 and `K1` stay', terms).sentence, 'K12 and `K1` stay', 'past the places, and quoted, as written');
  t.end();
});

t.test('through real runs: nouns in capitals, both ways', async (t) => {
  const run = underPurpose(CAPITALS);
  const scenario = (title: string, code: number, then: string) => blockScenario(title, 'the SETTINGS SHEET is', ['- run: "true"', `- run: "exit ${code}"`], then);
  await expectBoundVerdicts(
    t,
    run,
    'round31a-capitals',
    [
      scenario('held', 4, 'THE RUNNER terminates with exit status 4'),
      scenario('probe', 5, 'THE RUNNER terminates with exit status 4'),
      scenario('line held', 4, 'the second job line ends with exit code 4 and the RUNNER exits with 4'),
      scenario('line probe', 5, 'the second job line ends with exit code 4 and the RUNNER exits with 4'),
    ],
    'exit',
    [
      [true, 'the second command exits 4, so spec-run exec does'],
      [false, 'a probe: it exits 5'],
      [true, 'the second job line is the second command'],
      [false, 'a probe: the second command exits 5'],
    ],
  );
});

t.test('through real runs: a glossary in Title Case, its exit status, report and numbered commands, both ways', async (t) => {
  const run = underPurpose(GLOSSARY);
  const scenario = (title: string, code: number, then: string) => blockScenario(title, 'the Test Sheet is', ['- run: "echo alpha"', `- run: "echo beta; exit ${code}"`], then);
  await expectBoundVerdicts(
    t,
    run,
    'round31a-glossary',
    [
      scenario('verdict held', 3, 'The Release Verdict shall be 3.'),
      scenario('verdict probe', 0, 'The Release Verdict shall be 3.'),
      scenario('numbered held', 3, 'K2 shall exit with code 3, and the output of K1 shall be `alpha`.'),
      scenario('numbered probe', 3, 'K1 shall exit with code 3, and the output of K1 shall be `alpha`.'),
      scenario('transcript held', 3, 'The Release Transcript shall state Error: Command failed with exit code 3.'),
      scenario('transcript probe', 0, 'The Release Transcript shall state Error: Command failed with exit code 3.'),
    ],
    'shall',
    [
      [true, 'the second check exits 3, so spec-run exec does'],
      [false, 'a probe: the run succeeded'],
      [true, 'K2 is the second check, K1 the first'],
      [false, 'a probe: K1, the first check, exits 0'],
      [true, 'the report says the failure'],
      [false, 'a probe: nothing failed'],
    ],
  );
});

t.test('through real runs: a noun pinned to two things stays unbound', async (t) => {
  const run = underPurpose(['The **Gate Status** is the exit status of `spec-run exec`; elsewhere the **Gate Status** is what `spec-run exec` prints.']);
  const { points } = await run('round31a-two', [blockScenario('two', 'the configuration is', ['- run: "exit 3"'], 'The Gate Status shall be 3.')]);
  const step = points.find((p) => p.name.includes('Gate Status'));
  t.ok(step?.todo !== undefined, 'undefined, never a guess', { points });
});

t.test('through real runs: a field refused of a command named by its mark is that command\'s field, both ways', async (t) => {
  const run = underPurpose(GLOSSARY);
  const scenario = (title: string, first: string, second: string) => blockScenario(title, 'the Test Sheet is', ['- run: "true"', `  timeout: ${first}`, '- run: "true"', `  timeout: ${second}`], 'The timeout of K2 shall be refused because no spaces are allowed between the number and its unit.');
  await expectBoundVerdicts(t, run, 'round31a-field', [scenario('held', '5s', '5 s'), scenario('probe', '5 s', '5s')], 'timeout of K2', [
    [true, 'the second check\'s timeout has the space'],
    [false, 'a probe: the first check\'s has it, the second\'s is valid'],
  ]);
  // Said without its fault, the rejection reading checks no command's place: unread, never any command's error.
  const { points } = await run('round31a-field-plain', [scenario('plain', '5 s', '5s').map((l) => l.replace(' because no spaces are allowed between the number and its unit', ''))]);
  t.ok(points.find((p) => p.name.includes('timeout of K2'))?.todo !== undefined, 'the timeout of K2 is refused: unread', { points });
});
