// Texts the executor prints and where they stand (interpreter/texts.ts): a Then that
// quotes the report is read as a place, a verb of presence and texts, in any wording of
// each; and each reading is checked against real runs of the executor, true where the
// report says it and false where it does not.
import t from 'tap';
import { readThen, type Check } from '../../src/run/scenario/interpreter/then.js';
import { observe, type Observation } from '../../src/run/scenario/interpreter/observation.js';
import { emptySetup } from '../../src/run/scenario/interpreter/when.js';
import { assertReadings } from './then-readings.js';

function reading(sentence: string): Check[] {
  const read = readThen(sentence);
  return read.ok ? read.parts : [];
}

/** Paraphrases written for these tests (none is a sentence of a batch), and what each is read as. */
const READINGS: [string, string][] = [
  ['the verdict line reads `OK: command succeeded`', 'the headline (first line of the report) contains "OK: command succeeded"'],
  ['the report starts off with `Error: Command execution timed out after 1s`', 'the command\'s report begins with "Error: Command execution timed out after 1s"'],
  ['`started` is followed by `(output truncated - timed out before completion)`', 'the output shown contains "started" and "(output truncated - timed out before completion)", in this order'],
  ['`(output truncated - timed out before completion)` comes after `started`', 'contains "started" and "(output truncated - timed out before completion)", in this order'],
  ['the `Partial Output:` section shows `started`, then `(output truncated - timed out before completion)`', 'the block under "Partial Output:" contains "started" and "(output truncated - timed out before completion)", in this order'],
  ['no `To fix:` section appears', 'no line "To fix:" (its block) in the report'],
  ['`Please fix the lint errors` shows up after the `Output:` block', '"Please fix the lint errors" stands after the block under "Output:" in the report'],
  ['the last item of the fixes is `Set timeout: null to disable (not recommended)`', 'the last of the items under `To fix:` is "Set timeout: null to disable (not recommended)"'],
  ['the second problem mentions `stop.commands[1].maxOutputLines`', 'part 2 of the error lines'],
  ['each of the two error lines begins with `stop.yaml:`', '(2 of them) begins with "stop.yaml:"'],
  ['neither `out` nor `secret` appears in the output', 'the lines the command printed in the output shown contains none of "out", "secret"'],
  ['neither `out` nor `secret` is printed', 'the output shown contains none of "out", "secret"'],
  ['the third command\'s announcement says `(timeout 1s, from command)`', 'the command 3: the announcement line contains "(timeout 1s, from command)"'],
  ['only `err` and `(stdout: output hidden by configuration)` appear under `Output:`', 'the block under "Output:" (the notes on its lines aside) holds "err" and "(stdout: output hidden by configuration)" and no other line'],
  ['`12` follows `11`', 'contains "11" and "12", in this order'],
  ['the output is `1`, then `2`, then `3`', 'the output shown (the notes on its lines aside) is, line by line, "1" and "2" and "3"'],
  ['the summary `(Showing 10 of 15 output lines)` comes right after `stderr: ... (1 lines omitted)`', 'on consecutive lines in this order'],
  ['`Output:` lists `1` through `5`', 'the block under "Output:" contains "1" and "2" and "3" and "4" and "5", on consecutive lines in this order'],
  ['`1` to `5` are printed', 'the stdout and stderr lines shown are exactly 1 to 5'],
  ['the `To fix:` list holds four numbered items', 'the items under `To fix:`: 4 of them'],
  ['the second command reports `Exit Code: 124`', 'the command 2: the report contains "Exit Code: 124"'],
  ['the message `Please fix the lint errors` is not printed anywhere', 'contains none of "Please fix the lint errors"'],
  ['the run succeeds and its output is `alpha` followed by `beta`', 'the output shown (the notes on its lines aside) is, line by line, "alpha" and "beta"'],
  ['the exit status line reads `Exit Status: Timeout (signal 15: SIGTERM)`, followed by `Exit Code: 124`', 'the report contains "Exit Status: Timeout (signal 15: SIGTERM)" and "Exit Code: 124", in this order'],
  ['the second line of the `Partial Output:` block is `(output truncated - timed out before completion)`', 'part 2 of the block under "Partial Output:" is "(output truncated - timed out before completion)"'],
  ['the third command is reported as `Error: Command failed with exit code 3`', 'the command 3: the report contains "Error: Command failed with exit code 3"'],
  ['`(output truncated - timed out before completion)` comes after the summary', 'stands after the summary line'],
  ['After the output block, the report says `Please fix the lint errors`, and the run fails', '"Please fix the lint errors" stands after the output block in the report ∧ the run fails'],
  ['the first is reported as `OK: command succeeded` and the third as `Error: Command failed with exit code 3`', 'the command 1: the report contains "OK: command succeeded" ∧ the command 3: the report contains "Error: Command failed with exit code 3"'],
  ['the first line of output reads `hello`', 'part 1 of the output shown contains "hello"'],
  ['no line reads `Exit Status: Timeout`', 'not (the messages name "Exit Status: Timeout")'],
  ['each announcement ends with `from defaultTimeout)`', 'every command: the announcement line ends with "from defaultTimeout)"'],
  ['spec-run prints `Error: invalid configuration stop.yaml:` as its first line', 'line 1 of all spec-run exec printed == "Error: invalid configuration stop.yaml:"'],
  ['`Duration:` and `Exit Code: 124` are shown', 'the report contains "Duration:" and "Exit Code: 124"'],
  ['the second announcement reads `[2/3] host: echo started; sleep 5 (timeout 1s, from command)`', 'the command 2: the announcement line is "[2/3] host: echo started; sleep 5 (timeout 1s, from command)"'],
  ['the report ends with the line `4. Set timeout: null to disable (not recommended)`', 'the last line of all spec-run exec printed == "4. Set timeout: null to disable (not recommended)"'],
  ['`started` is shown as partial output', 'the block under "Partial Output:" contains "started"'],
  ['`1`, `2` and `3` are all printed', 'the output shown contains "1" and "2" and "3"'],
  ['the executor announces the second command as `[2/3] host: echo started; sleep 5 (timeout 1s, from command)`', 'the command 2: the announcement line contains "[2/3] host: echo started; sleep 5 (timeout 1s, from command)"'],
  // A quoted text before a verb of writing is the command that writes (round 15), never a text to look for.
  ['`echo hi` prints `hi`', '`echo hi`: the lines the command printed in the output shown contains "hi"'],
];

/** Sentences that must stay unbound: an order with one text, "only" among notices. */
const UNBOUND = [
  // spec-run's own stderr is in no record of the run: never a line a command wrote.
  '`spec-run: SIGINT: stopping what runs` is written to its standard error',
  'stderr shows `spec-run: SIGTERM: stopping what runs`',
  '`started` is followed by something else',
  '`(output truncated - timed out before completion)` comes after the warning',
  'the only indicator is `stderr: ... (2 lines omitted)`',
  'the output is `1`, then `2`, then a blank line',
  'the report begins with `OK:` and ends with `Error:`, in that order',
  '`started` with `halfway` and `done` as partial output',
  '`Output:` is followed by `(no output)`',
];

t.test('a text of the report in any wording: a place, a verb of presence, texts and their order', (t) => {
  assertReadings(t, READINGS, UNBOUND);
  t.end();
});

const CONFIG = `stop:
  commands:
    - run: "seq 1 12; seq 1 3 >&2"
      maxOutputLines: 5
    - run: "echo started; sleep 5"
      timeout: "1s"
    - run: "echo out; echo err >&2; exit 3"
      showStdout: false
      message: "Please fix the lint errors"
`;

const CONFIG_FOLLOWS = 'stop:\n  commands:\n    - run: "seq 1 12"\n      maxOutputLines: 5\n';

async function verdict(o: Observation, sentence: string): Promise<boolean | undefined> {
  const checks = reading(sentence);
  if (checks.length === 0) return undefined;
  const verdicts = await Promise.all(checks.map((c) => c.evaluate(o)));
  return verdicts.every((v) => v.ok);
}

t.test('each reading checked against a real run: true where the report says it, false where it does not', async (t) => {
  const o = await observe({ text: CONFIG, line: 1 }, emptySetup(), {});
  const holds: string[] = [
    'the second command\'s report starts off with `Error: Command execution timed out after 1s`',
    'the third command\'s headline is `Error: Command failed with exit code 3`',
    'the second command\'s `Partial Output:` section shows `started`, then `(output truncated - timed out before completion)`',
    '`Please fix the lint errors` shows up after the `Output:` block',
    'the third command\'s `Output:` block holds only `err` and `(stdout: output hidden by configuration)`',
    // The hidden stream's placeholder is a notice, not a line the command printed: unquoted, it is aside.
    'the third command\'s `Output:` block holds only `err`',
    'neither `out` nor `secret` appears in the output',
    'the summary `(Showing 8 of 15 output lines)` comes right after `stdout: ... (7 lines omitted)`',
    'the first command\'s `Output:` lists `1` to `5`',
    'the second command\'s `To fix:` list holds four numbered items',
    'the second command\'s last fix is `Set timeout: null to disable (not recommended)`',
    'the second command reports `Exit Code: 124`',
    'no `Exit Status: Timeout` line is printed for the third command',
    'the second line of the second command\'s `Partial Output:` block is `(output truncated - timed out before completion)`',
    'the third command is reported as `Error: Command failed with exit code 3`',
    'the first command runs and its output shows `5` followed by `stdout: ... (7 lines omitted)`',
    'the second command\'s exit code line reads `Exit Code: 124`',
    '`started` is shown as partial output',
    '`stdout: ... (7 lines omitted)` comes before the summary',
    'After the output, the report shows `Please fix the lint errors`',
    'the first is reported as `OK: command succeeded` and the second as `Error: Command execution timed out after 1s`',
    'the second command\'s report ends with the line `4. Set timeout: null to disable (not recommended)`',
    'the third command\'s report ends with `Please fix the lint errors`',
    '`Exit Code: 124` and `Timeout: 1s` are printed',
    // A numbered list begins with its first item, said without its number.
    'the second command\'s `To fix:` list begins with `Increase timeout if command takes longer`',
  ];
  const fails: string[] = [
    'the second command\'s report starts off with `OK: command succeeded`',
    'the third command\'s headline is `Error: Command failed with exit code 4`',
    'the second command\'s `Partial Output:` section shows `(output truncated - timed out before completion)`, then `started`',
    '`Please fix the lint errors` shows up before the `Output:` block',
    'neither `err` nor `secret` appears in the output',
    'the summary `(Showing 8 of 15 output lines)` comes right after `stderr: ... (7 lines omitted)`',
    'the first command\'s `Output:` lists `1` to `6`',
    'the second command\'s `To fix:` list holds three numbered items',
    'the second command\'s last fix is `Optimize command execution`',
    'the first command reports `Exit Code: 124`',
    'no `Exit Status: Timeout` line is printed for the second command',
    'the first line of the second command\'s `Partial Output:` block is `(output truncated - timed out before completion)`',
    'the third command is reported as `Error: Command failed with exit code 4`',
    'the first command runs and its output shows `stdout: ... (7 lines omitted)` followed by `5`',
    'the second command\'s exit code line reads `Exit Code: 3`',
    '`Please fix the lint errors` is shown as partial output',
    '`stdout: ... (7 lines omitted)` comes after the summary',
    'Before the output, the report shows `Please fix the lint errors`',
    'the first is reported as `Error: Command execution timed out after 1s` and the second as `OK: command succeeded`',
    'the second command\'s report ends with `(output truncated - timed out before completion)`',
    '`Exit Code: 125` is printed',
    'the second command\'s `To fix:` list begins with `Optimize command execution`',
  ];
  for (const sentence of holds) t.equal(await verdict(o, sentence), true, `true: "${sentence}"`, { read: reading(sentence).map((c) => c.text) });
  for (const sentence of fails) t.equal(await verdict(o, sentence), false, `false: "${sentence}"`, { read: reading(sentence).map((c) => c.text) });
});

t.test('a refused configuration: its error lines, named as the scenario names the file, and nothing announced', async (t) => {
  const text = 'stop:\n  commands:\n    - run: "echo g"\n      maxOutputLines: 0\n    - run: "echo h"\n      maxOutputLines: 10001\n';
  const o = await observe({ text, line: 1 }, emptySetup(), { configName: 'stop.yaml' });
  for (const sentence of [
    'the output starts with `Error: invalid configuration stop.yaml:`',
    'the first problem reads `stop.yaml:4:23: stop.commands[0].maxOutputLines: must be`',
    'the second problem ends with `not 10001`',
    'each of the two error lines begins with `stop.yaml:`',
    'no `[1/…]` announcement is printed',
    'spec-run prints `Error: invalid configuration stop.yaml:` as its first line',
  ]) t.equal(await verdict(o, sentence), true, `true: "${sentence}"`, { read: reading(sentence).map((c) => c.text) });
  for (const sentence of ['spec-run prints `Error: invalid configuration other.yaml:` as its first line', 'the first problem reads `not 10001`', 'each of the three error lines begins with `stop.yaml:`', 'the output starts with `Error: invalid configuration other.yaml:`']) {
    t.equal(await verdict(o, sentence), false, `false: "${sentence}"`, { read: reading(sentence).map((c) => c.text) });
  }
});

t.test('a text that follows what the Then before quoted ("It is followed by `…`", "Then `…`")', async (t) => {
  const o = await observe({ text: CONFIG_FOLLOWS, line: 1 }, emptySetup(), {});
  for (const sentence of ['It is followed by `stdout: ... (7 lines omitted)`', 'Then `(Showing 5 of 12 output lines)`', 'after that comes `(Showing 5 of 12 output lines)`', 'The line `stdout: ... (7 lines omitted)` follows']) {
    t.equal(await verdict({ ...o, before: ['Output:', '5'] }, sentence), true, `true after "5": "${sentence}"`, { read: reading(sentence).map((c) => c.text) });
    t.equal(await verdict({ ...o, before: ['(Showing 5 of 12 output lines)'] }, sentence), false, `false after the summary: "${sentence}"`);
    t.equal(await verdict({ ...o, before: ['99'] }, sentence), false, `false after a text the report does not show: "${sentence}"`);
  }
  t.equal(await verdict({ ...o, before: [] }, 'They are followed by `stdout: ... (7 lines omitted)`'), true, 'the step before quoted nothing: after the lines the output shows');
  t.equal(await verdict({ ...o, before: [] }, 'They are followed by `1`'), false, 'not after the last line shown');
  t.notOk(readThen('`x` comes after').ok, 'after what, unsaid: not bound');
});

t.test('texts said of each command: one text in each announcement, or every text in each', async (t) => {
  const o = await observe({ text: 'stop:\n  commands:\n    - run: "echo first-only"\n    - run: "echo second-only"\n', line: 1 }, emptySetup(), {});
  t.equal(await verdict(o, 'both commands are announced, with `[1/2]` and `[2/2]`'), true);
  t.equal(await verdict(o, 'both commands are announced, with `[1/2]` and `[3/2]`'), false);
  t.equal(await verdict(o, 'each command\'s report begins with `OK: command succeeded`'), true);
  t.equal(await verdict(o, 'each command\'s report begins with `OK: command succeeded` and shows `first-only`'), false, 'only the first command\'s shows it');
});

t.test('a range of more numbers than a reader lists one by one is no list of texts, and reading it never fails', (t) => {
  for (const sentence of ['the report shows the first 193000 lines, `1` to `193000`', 'the output holds lines 1 to 250000']) {
    t.notOk(readThen(sentence).ok, `"${sentence}" is not bound`);
  }
  // The values printed, line for line, are compared, not looked for as texts one by one.
  const values = readThen('`1` through `5000` are printed');
  t.same(values.ok && values.parts.map((p) => p.text), ['the stdout and stderr lines shown are exactly 1 to 5000']);
  t.end();
});
