// Round 27, part B: a condition that describes its YAML block is read where the block bears out each thing it names
// (and not read, saying so, where it does not); the run's own conditions said in other words (an event log given,
// failures logged too, a signal at a time) are set up as their options and the interrupt are. Sentences written for
// these tests (none from a batch), both ways, the readings checked through real runs where a run decides them.
import t from 'tap';
import { conditionUse, type ConditionUse } from '../../src/run/scenario/interpreter/condition.js';
import { conditionBeyondBlock } from '../../src/run/scenario/interpreter/condition-setup.js';
import { expectVerdicts, reading, scenariosRunner, sectionScenario } from './cli-points.js';

const run = scenariosRunner('Round 27 conditions');
const use = (text: string, yaml: string): ConditionUse => conditionUse({ text: text.replace(/`/g, ''), code: [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]), yaml });
const parts = (got: ConditionUse) => (got.kind === 'read' ? got.parts.map((p) => p.text).join('; ') : '');
const says = (got: ConditionUse) => (got.kind === 'unsaid' ? got.says.join('; ') : '');

const mixed = [
  'stop:',
  '  defaultTimeout: 3s',
  '  commands:',
  '    - run: "echo one"',
  '    - run: "trap \'\' TERM; sleep 1"',
  '      timeout: 5s',
  '    - run: "echo three"',
  '      timeout: null',
  '    - run: "pwd"',
  '      image: alpine',
  '      workdir: /srv/cache',
].join('\n');
const empty = 'stop:\n  commands: []\n';

t.test('a condition that describes the block is read where the block bears out each phrase, naming what it was found as', (t) => {
  const read: [string, RegExp][] = [
    ['When the configuration has a 3s default, a check that ignores SIGTERM with its own 5s, and one with no timeout:', /3s default = defaultTimeout: 3s.*command 2.*timeout: 5s.*command 3 \(timeout: null\)/],
    ['When the config holds a default timeout of 3 seconds and four commands:', /defaultTimeout: 3s.*four commands = 4/],
    ['When our stop hook lists three host jobs and one docker task:', /three host commands = 3.*one docker task = 1/],
    ['When the hook file lives in the project directory and has one container step:', /project's directory.*one container command = 1/],
    ['When a containerized step uses a directory that the image does not contain:', /workdir: \/srv\/cache in image alpine/],
    ['When the YAML has a step that traps SIGTERM:', /command 2 \(run: trap/],
  ];
  for (const [text, reads] of read) {
    const got = use(text, mixed);
    t.equal(got.kind, 'read', text, { got });
    t.match(parts(got), reads, text);
  }
  t.match(parts(use('When the configuration names no checks at all:', empty)), /no checks at all = 0/, 'an empty list of commands');
  t.end();
});

t.test('a description the block does not bear out is not read, and says which phrase', (t) => {
  const wrong: [string, string, RegExp][] = [
    ['When the configuration has a 2s default and four commands:', mixed, /"a 2s default", where the block's defaultTimeout is 3s/],
    ['When the config holds three checks:', mixed, /"three checks", where the block holds 4/],
    ['When the hook file has a check that ignores SIGTERM with its own 4s:', mixed, /ignores SIGTERM with its own 4s/],
    ['When the configuration has two steps with no timeout:', mixed, /two commands with no timeout/],
    ['When the configuration names no checks at all:', mixed, /"no checks at all", where the block holds 4/],
    ['When the hook file sits at the project root and has one container step:', empty, /one container command/],
    ['When a containerised check names a directory which the image does not contain:', 'stop:\n  commands:\n    - run: "pwd"\n      image: alpine\n      workdir: /workspace/sub\n', /no other command/],
  ];
  for (const [text, yaml, named] of wrong) {
    const got = use(text, yaml);
    t.equal(got.kind, 'unsaid', text, { got });
    t.match(says(got), named, text);
  }
  // A phrase of another shape leaves the description to the other rules: never read on the phrases that matched.
  for (const text of ['When the configuration has a 3s default and a check with a generous timeout:', 'When the hook file has four commands, one of them slow:']) {
    t.not(use(text, mixed).kind, 'read', text, { got: use(text, mixed) });
  }
  t.end();
});

t.test('the run\'s own conditions in other words are read as their options and interrupt', (t) => {
  const read: [string, RegExp][] = [
    ['the executor is given an event log', /--log unnamed-log\.jsonl$/],
    ['spec-run exec runs with its event log at `out/trail.jsonl`', /--log out\/trail\.jsonl$/],
    ['the runner runs with logging to `audit.jsonl`', /--log audit\.jsonl$/],
    ['the run is given an event log with the logging of failures as well', /--log unnamed-log\.jsonl, --log-failures/],
    ['the executor runs with `--log a.jsonl`, failures logged too', /--log a\.jsonl, --log-failures/],
    ['the executor gets SIGINT ~2 secs into the second command', /sent SIGINT 2 s after command 2 started/],
    ['spec-run exec receives SIGTERM some 1.5 seconds after the start of the first step', /sent SIGTERM 1\.5 s after command 1 started/],
    ['gets SIGINT approximately 3 sec in', /sent SIGINT 3 s after it started/],
    // "a few seconds into" a command: sent while it runs, the run checked to be so (round 33, S).
    ['the executor gets SIGINT a few seconds into the first step', /sent SIGINT while command 1 runs/],
  ];
  for (const [sentence, reads] of read) t.match(reading('When', sentence) ?? '', reads, sentence);
  // Failures logged with no log at all, a signal a command gets, a time not said: not read.
  for (const sentence of ['the executor runs, failures logged too', 'the command gets SIGINT ~2 secs into the first step']) {
    t.equal(reading('When', sentence), null, sentence);
  }
  t.end();
});

t.test('"the first of N checks" is the first command where the block holds N, and not read where it holds another number', (t) => {
  const four = 'stop:\n  commands:\n    - run: "sleep 5"\n    - run: "echo b"\n    - run: "echo c"\n    - run: "echo d"\n';
  t.match(parts(use('When the runner gets SIGINT ~2 secs into the first of four checks:', four)), /"first of four checks" = command first of the block's 4.*sent SIGINT 2 s after command 1 started/);
  t.not(use('When the runner gets SIGINT ~2 secs into the first of three checks:', four).kind, 'read');
  t.end();
});

t.test('failFast said in words is read where the block sets it so, beside the run said in words; not read where it does not', (t) => {
  const failFast = 'stop:\n  failFast: true\n  commands:\n    - run: "exit 2"\n    - run: "echo next"\n';
  const plain = 'stop:\n  commands:\n    - run: "exit 2"\n    - run: "echo next"\n';
  for (const [text, yaml, reads] of [
    ['When the executor stops at the first failing check:', failFast, /failFast: true/],
    ['When the hook fails fast and is given an event log:', failFast, /failFast: true.*--log unnamed-log\.jsonl/],
    ['When the run keeps going after a failure:', plain, /failFast: not set/],
    ['When the run is given an event log, failFast is not set:', plain, /failFast: not set.*--log unnamed-log\.jsonl/],
  ] as const) {
    t.match(parts(use(text, yaml)), reads, text);
  }
  for (const [text, yaml] of [['When the executor stops at the first failing check:', plain], ['When the run keeps going after a failure:', failFast], ['When the run is given an event log and fails fast:', plain]] as const) {
    t.match(says(use(text, yaml)), /failFast is/, `${text} over a block that says otherwise`);
    t.match(conditionBeyondBlock({ text, yaml }, { text: yaml, line: 1 } as never) ?? '', /failFast is/, `${text}: the built-in expressions fail naming it too`);
  }
  t.equal(conditionBeyondBlock({ text: 'When the run keeps going after a failure:', yaml: plain }, { text: plain, line: 1 } as never), null, 'a description the block bears out sets nothing up');
  t.end();
});

t.test('through real runs: a described block runs as written; the event log and the signal said in words are set up', async (t) => {
  const described = (title: string, firstRun: string) =>
    sectionScenario(title, 'the hook file has a 1s default, and one step with no timeout', ['defaultTimeout: 1s', 'commands:', `  - run: "${firstRun}"`, '  - run: "sleep 2; echo late"', '    timeout: null'], 'spec-run exec exits with code 124', 'the output contains `late`');
  await expectVerdicts(t, run, 'round27b-described', [described('a slow first step', 'sleep 4'), described('a quick first step', 'echo quick')], 'exits with code 124', [
    [true, 'the first step outlives the 1s default'],
    [false, 'a quick first step is not stopped'],
  ]);
  const logged = (title: string, command: string) =>
    sectionScenario(title, 'the run is given an event log with the logging of failures as well', ['commands:', `  - run: "${command}"`, '    timeout: 1s'], 'the log file holds exactly one line with `"event":"timeout"`');
  await expectVerdicts(t, run, 'round27b-log', [logged('timed out', 'sleep 5'), logged('failed', 'exit 3')], 'the log file holds', [
    [true, 'the event log said in words is given: its timeout line is there'],
    [false, 'a command that fails of its own has no timeout line'],
  ]);
  const interrupted = (title: string, command: string) =>
    sectionScenario(title, 'the runner gets SIGINT ~1 secs into the first of two steps', ['commands:', `  - run: "${command}"`, '  - run: "echo second"'], 'spec-run exec exits with code 130');
  await expectVerdicts(t, run, 'round27b-signal', [interrupted('long first step', 'sleep 6'), interrupted('quick first step', 'echo first')], 'exits with code 130', [
    [true, 'SIGINT one second into a six-second step interrupts the run'],
    [false, 'a run over before the second passes is not interrupted'],
  ]);
});
