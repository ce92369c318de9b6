// Round 28's part D: the When that sets up the run. Three classes, each read both ways on sentences written for these
// tests (none from a batch): a When that describes its YAML block in the writer's words ("a misspelt field", "an
// invalid line limit on the second step", "a check that writes to stdout and stderr", "an empty command list") is read
// only where the executor's own loader and the block's command lines bear each phrase out; options written bare in
// prose ("is run with --log x.jsonl", "--log is given", "given --log only") are read as
// spec-run exec's arguments; and a description left beside an invocation is checked against the block as well.
import t from 'tap';
import { conditionUse } from '../../src/run/scenario/interpreter/condition.js';
import { withOptionsMarked } from '../../src/run/scenario/interpreter/invocation.js';
import { expectBoundVerdicts, scenariosRunner, sectionScenario } from './cli-points.js';

const runScenarios = scenariosRunner('Round 28 part D');

/** How a condition (code spans in backticks) is used with the `stop:` section SECTION. */
const use = (text: string, section: string[]) => {
  const code = [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
  return conditionUse({ text: `When ${text.replace(/`/g, '')}:`, code, yaml: ['stop:', ...section.map((l) => `  ${l}`)].join('\n') });
};
const reads = (u: ReturnType<typeof conditionUse>) => (u.kind === 'read' ? u.parts.map((p) => p.text).join(' | ') : null);
const unsaid = (u: ReturnType<typeof conditionUse>) => (u.kind === 'unsaid' ? u.says.join(' | ') : '');

const MISTAKES = ['commands:', '  - run: "echo one"', '    colour: red', '  - run: "echo two"', '    maxOutputLines: -3'];

t.test('mistakes said of the block are the executor\'s own refusals, as many as said, on the command said', async (t) => {
  for (const said of ['the gate file has a misspelt field and an invalid line limit on the second step', 'the config holds an unrecognised key, and a malformed line limit on another job']) {
    t.match(reads(use(said, MISTAKES)), /unknown key 'colour'.*command 2 \(stop\.commands\[1\]\.maxOutputLines/, `read: ${said}`);
  }
  // The line limit is valid: the description does not fit, and the TODO names the phrase.
  const valid = MISTAKES.map((l) => l.replace('-3', '3'));
  t.equal(reads(use('the gate file has a misspelt field and an invalid line limit on the second step', valid)), null);
  t.match(unsaid(use('the gate file has a misspelt field and an invalid line limit on the second step', valid)), /does not bear out: "an invalid line limit on the second (?:step|command)"/);
  // Two unknown keys where one is said; a bad timeout where only a line limit is bad.
  t.match(unsaid(use('the configuration has a typo\'d key', [...MISTAKES, '    shade: dark'])), /"a typo'd key", where the executor refuses 2 such/);
  t.match(unsaid(use('the configuration has a broken timeout on the second step', MISTAKES)), /"a broken timeout on the second (?:step|command)"/);
  // An unknown noun is no setting: the description is left to the other rules, never read as one.
  t.equal(reads(use('the configuration has a typo\'d banana', MISTAKES)), null);
});

t.test('a setting said of a command is read where that command holds it', async (t) => {
  const host = ['commands:', '  - run: "echo hi"', '    cpus: 1'];
  t.match(reads(use('the hook file asks for a CPU limit on a step without an image', host)), /command 1 \(cpus: 1\)/);
  t.equal(reads(use('the hook file asks for a CPU limit on a step with an image', host)), null, 'the step has no image');
  t.equal(reads(use('the hook file asks for a memory limit on a step without an image', host)), null, 'it sets no memory');
});

t.test('what a command prints and how it ends, said of the block, is read from its command line', async (t) => {
  const both = ['commands:', '  - run: "echo to-out; echo to-err >&2"', '  - run: "echo bye; exit 4"', '    message: "call the owner"'];
  const said = 'the configuration has a check that writes to stdout and stderr and a check that exits with 4 with a message';
  t.match(reads(use(said, both)), /command 1 \(run: echo to-out; echo to-err >&2\).*command 2 \(run: echo bye; exit 4; message: "call the owner"\)/);
  t.equal(reads(use(said, both.map((l) => l.replace(' >&2', '')))), null, 'both lines on standard output');
  t.equal(reads(use(said, both.map((l) => l.replace(' >&2', ' > log.txt')))), null, 'one line to a file');
  t.equal(reads(use(said, both.map((l) => l.replace('exit 4', 'exit 5')))), null, 'another code');
  t.equal(reads(use(said, both.filter((l) => !l.includes('message')))), null, 'no message');
  t.match(reads(use('the run has three failing jobs', ['commands:', '  - run: "exit 1"', '  - run: "false"', '  - run: "echo x; exit 9"'])), /three failing (?:jobs|commands) = 3 such/);
  t.match(unsaid(use('the run has three failing jobs', ['commands:', '  - run: "exit 1"', '  - run: "true"', '  - run: "exit 9"'])), /"three failing (?:jobs|commands)", where the block holds 2/);
});

t.test('an empty list said of the block is read where commands: is one', async (t) => {
  for (const said of ['the hook file has an empty command list', 'the config has a `commands:` list with no entries', 'the configuration has a step list that is empty']) {
    t.match(reads(use(said, ['commands: []'])), /= commands: \[\]/, said);
    t.equal(reads(use(said, ['commands:', '  - run: "true"'])), null, `${said}: not over a list with a command`);
  }
});

t.test('options written bare in prose are marked as the options they are, with the values they take', async (t) => {
  t.equal(withOptionsMarked('run with --log out/e.jsonl and --log-failures'), 'run with `--log out/e.jsonl` and `--log-failures`');
  t.equal(withOptionsMarked('is given --log only'), 'is given `--log` only');
  t.equal(withOptionsMarked('with --image-alias a:1=b/c:2, then'), 'with `--image-alias a:1=b/c:2`, then');
  t.equal(withOptionsMarked('started with --project . from here'), 'started with `--project .` from here');
  t.equal(withOptionsMarked('with --project from here'), 'with `--project` from here', 'a word is no directory given to it');
  t.equal(withOptionsMarked('with `--log a.jsonl` and --verbose'), 'with `--log a.jsonl` and --verbose', 'a code span is left, an option spec-run exec lacks too');
});

t.test('bare options, an option as the subject, "only", and options before the configuration are read as the run\'s arguments', async (t) => {
  const one = ['commands:', '  - run: "exit 3"'];
  t.match(reads(use('we run with --log out.jsonl the configuration below', one)), /^spec-run exec --log out\.jsonl/);
  t.match(reads(use('the step fails and --log x.jsonl and --log-failures are passed', one)), /--log x\.jsonl, --log-failures/);
  t.match(reads(use('the run has a failing step and is given --log only', one)), /--log unnamed-log\.jsonl.*a failing (?:step|command) = command 1/);
  t.equal(reads(use('the run has a failing step and is given --log only, and --log-failures is passed', one)), null, '"only" with another option given');
  t.equal(reads(use('the run has a passing step and is given --log only', one)), null, 'the description beside the options is checked');
});

t.test('through real runs: a described block and bare options bind, and their Thens hold where the executor does what they say', async (t) => {
  const faulty = ['commands:', '  - run: "echo one"', '    colour: red', '  - run: "echo two"', '    maxOutputLines: -3'];
  await expectBoundVerdicts(
    t,
    runScenarios,
    'round28d-described',
    [
      sectionScenario('mistakes', 'the gate file has a misspelt field and an invalid line limit on the second step', faulty, 'spec-run exec exits with code 2'),
      sectionScenario('mistakes, other code', 'the gate file has a misspelt field and an invalid line limit on the second step', faulty, 'spec-run exec exits with code 0'),
      sectionScenario('both streams', 'the configuration has a check that writes to stdout and stderr and a check that exits with 4', ['commands:', '  - run: "echo to-out; echo to-err >&2"', '  - run: "exit 4"'], 'spec-run exec exits with code 4'),
      sectionScenario('empty', 'the hook file has an empty command list', ['commands: []'], 'spec-run exec exits with code 2'),
    ],
    'exits with code',
    [
      [true, 'the refused configuration exits 2'],
      [false, 'and not 0'],
      [true, 'the failing check\'s code'],
      [true, 'an empty list is refused'],
    ],
  );
  const { points } = await runScenarios('round28d-unfit', [
    sectionScenario('mistakes not there', 'the gate file has a misspelt field and an invalid line limit on the second step', ['commands:', '  - run: "echo one"', '  - run: "echo two"', '    maxOutputLines: 3'], 'spec-run exec exits with code 0'),
  ]);
  t.ok(points.length === 1 && points[0].todo !== undefined, 'a description the block does not fit leaves its Then unbound', { points });
  t.match(JSON.stringify(points[0]?.diagnostics), /does not bear out: \\"a misspelt field\\"/, 'its TODO names the phrase');
});
