// Where a text of the report stands (round 6): a text a command printed is looked for where
// the report shows it, never in the report's quotation of the command line; a noun naming
// one text says what it is, the rest of the sentence where; the report named of no command
// is all the run printed. Each class on paraphrases written for this test (none is a
// sentence of a batch), true and false against a real run.
import t from 'tap';
import { observe } from '../../src/run/scenario/interpreter/observation.js';
import { emptySetup } from '../../src/run/scenario/interpreter/when.js';
import { readThen } from '../../src/run/scenario/interpreter/then.js';
import { assertReadings, assertVerdicts, verdict } from './then-readings.js';
import { OFFLINE_IMAGES } from '../support/images.js';

const HIDDEN = 'stop:\n  commands:\n    - run: "echo out; echo err >&2; exit 1"\n      showStderr: false\n';
const SUMMARY = 'stop:\n  commands:\n    - run: "seq 1 14"\n      maxOutputLines: 6\n';

t.test('readings: one text named by a noun stands where the rest of the sentence puts it; the report of no command ends with the run', (t) => {
  assertReadings(
    t,
    [
      ['the output closes with the note `(Showing 6 of 14 output lines)`', 'the output shown ends with "(Showing 6 of 14 output lines)"'],
      ['the output block closes with the summary `(Showing 6 of 14 output lines)`', 'ends with "(Showing 6 of 14 output lines)"'],
      ['the note `(stdout: output hidden by configuration)` is shown', 'a notice reads "(stdout: output hidden by configuration)"'],
      ['the last line of the report is `interrupted by SIGINT: 1 of 2 commands not run`', 'the last line of all spec-run exec printed == "interrupted by SIGINT: 1 of 2 commands not run"'],
      ['the second command\'s report ends with `Exit Code: 0`', 'the command 2: '],
      ['no line of its output says `secret`: what it printed on stdout appears nowhere', 'not (the report (all the run printed, its quotations of command lines left out) names "secret")'],
      ['all three commands report `OK: command succeeded`', 'every command (3 of them): the messages name "OK: command succeeded"'],
      ['both commands say `OK: command succeeded`', 'every command (2 of them): '],
      ['the partial output is the single line `before`', 'the block under "Partial Output:" (the notes on its lines aside) is "before"'],
      ['its report closes with a numbered `To fix:` list whose last item is `Set timeout: null to disable (not recommended)`', 'the command\'s report ends with the items under `To fix:` (each numbered), the last of which is "Set timeout: null to disable (not recommended)"'],
      ['it is reported with `Exit Code: 124` and `Timeout: 1s`, with `hello` as partial output', 'the report contains "Exit Code: 124" and "Timeout: 1s" ∧ the block under "Partial Output:" contains "hello"'],
      ['its report says `OK: command succeeded` with `next` as its output', 'the report contains "OK: command succeeded" ∧ the output block (under `Output:` or `Partial Output:`) contains "next"'],
      ['its output is the three lines `a`, `b` and `c`', 'the output shown is, line by line, "a" and "b" and "c"'],
      ['the output shows the two lines `a` and `b`', 'the output shown contains "a" and "b"'],
      ['the output closes with `interrupted by SIGTERM: 1 of 2 commands not run`', 'the last line of all spec-run exec printed ends with "interrupted by SIGTERM: 1 of 2 commands not run"'],
      // The list said to end the report, of no command, ends the last command's report (round 33: a list's items by position).
      ['the report ends with a `To fix:` list whose first item is `Increase timeout if command takes longer`', 'the last command\'s report ends with a "To fix:" list: item 1 is "Increase timeout if command takes longer"'],
    ],
    [
      // A text in the report's own words is never a command that ran.
      '`Exit Code: 143` is run',
      // A line said to join the two limits that quotes only one of them; three limits joined.
      'the note joins the two limits: `(Showing 1 of 2 output lines)`',
      'the note combines three limits: `(Command timed out after 1s. Showing 1 of 2 output lines)`',
      // Of each report, or with words this does not read.
      'each report is preceded by the note `x`',
      'the report is preceded by a blank line and `x`',
      // Two negations are not one: a run denied without a limit is no "no timeout".
      'the command is not run on the host without its limit',
      'it is not run without its deadline',
      // A count of lines that is not the number of texts listed.
      'the output is the three lines `a` and `b`',
      // How far a command got is no timeout; a part a place begins with, said of another item than its first, is not read.
      'the command never reached its `echo after`',
      'the report begins with a `To fix:` list whose last item is `Set timeout: null to disable (not recommended)`',
    ],
  );
  t.end();
});

t.test('a text the command printed is not found in the quotation of its command line', async (t) => {
  const o = await observe({ text: HIDDEN, line: 1 }, emptySetup(), {});
  const holds = [
    'the report shows `out` followed by `(stderr: output hidden by configuration)`',
    'the report reads `Error: Command failed with exit code 1` and shows `out`',
    'it shows `out`',
    'its report names the command `echo out; echo err >&2; exit 1`',
    'the report shows `Command: echo out; echo err >&2; exit 1`',
    'no line of the output reads `err`: what it printed to standard error is shown nowhere',
  ];
  const fails = [
    // `err` is hidden: only the quoted command line holds it.
    'the report shows `err`',
    'it shows `err`',
    'the report shows `echo err` followed by `(stderr: output hidden by configuration)`',
    'no line of the output reads `out`: what it printed to standard output is shown nowhere',
  ];
  await assertVerdicts(t, o, holds, fails);
});

t.test('the output block closes with its summary note; the report of no command ends where the run does', async (t) => {
  const o = await observe({ text: SUMMARY, line: 1 }, emptySetup(), {});
  await assertVerdicts(
    t,
    o,
    ['the output closes with the note `(Showing 6 of 14 output lines)`', 'the last line of the report is `(Showing 6 of 14 output lines)`'],
    ['the output closes with the note `stdout: ... (8 lines omitted)`', 'the last line of the report is `6`', 'the output block closes with the summary `(Showing 5 of 14 output lines)`'],
  );
});

const TIMED_OUT = 'stop:\n  commands:\n    - run: "echo hello; sleep 5"\n      timeout: "1s"\n    - run: "echo next"\n';

t.test('every command\'s report, as many as said; a report that ends with its numbered fixes', async (t) => {
  const o = await observe({ text: TIMED_OUT, line: 1 }, emptySetup(), {});
  const holds = [
    'the first command\'s report ends with a numbered `To fix:` list whose last item is `Set timeout: null to disable (not recommended)`',
    'both commands are announced with `(timeout`',
    'the first command is reported with `Exit Code: 124` and `Timeout: 1s`, with `hello` as partial output',
    'the second command\'s report says `OK: command succeeded` with `next` as its output',
    // "the first report": that command's report, in every clause the sentence leaves its subject out of.
    'the second report begins with `OK: command succeeded` and shows `next`',
    'the first report reads `Exit Code: 124`, shows `hello` under `Partial Output:`, and ends with `4. Set timeout: null to disable (not recommended)`',
  ];
  const fails = [
    'the second command\'s report ends with a numbered `To fix:` list whose last item is `Set timeout: null to disable (not recommended)`',
    'the first command\'s report ends with a numbered `To fix:` list whose last item is `Increase timeout if command takes longer`',
    // One of the two succeeded; and there are two, not three.
    'both commands report `OK: command succeeded`',
    'all three commands report `[`',
    // `hello` is in the first command's quoted line, not under its heading; `next` is the second's output, not the first's.
    'the first command is reported with `Exit Code: 124` and `Timeout: 1s`, with `echo` as partial output',
    'the first command is reported with `Exit Code: 124` and `Timeout: 1s`, with `next` as partial output',
    'the first command\'s report says `Exit Code: 124` with `next` as its output',
    'the second command is reported with `Exit Code: 124` and `Timeout: 1s`, with `hello` as partial output',
    'the first report begins with `OK: command succeeded`',
    'the second report begins with `OK: command succeeded` and shows `hello`',
    'the second report reads `OK: command succeeded`, and ends with `4. Set timeout: null to disable (not recommended)`',
  ];
  await assertVerdicts(t, o, holds, fails);
  const two = await observe({ text: 'stop:\n  commands:\n    - run: "echo a"\n    - run: "echo b"\n', line: 1 }, emptySetup(), {});
  t.equal(await verdict(two, 'both commands report `OK: command succeeded`'), true);
  t.equal(await verdict(two, 'all three commands report `OK: command succeeded`'), false, 'two commands ran, not three');
});

t.test('what a refused field is reported as: the error about that field, never its value', async (t) => {
  const o = await observe({ text: 'stop:\n  commands:\n    - run: "echo hi"\n      memory: "512m"\n', line: 1 }, emptySetup(), {});
  t.equal(await verdict(o, 'the memory setting is reported as `applies in a container only`'), true);
  t.equal(await verdict(o, 'the `memory:` field is flagged as `applies in a container only`'), true);
  t.equal(await verdict(o, 'the memory setting is reported as `unknown key`'), false, 'another message');
  t.equal(await verdict(o, 'the workdir setting is reported as `applies in a container only`'), false, 'another field');
  const accepted = await observe({ text: 'stop:\n  commands:\n    - run: "echo hi"\n      image: alpine\n      memory: "512m"\n', line: 1 }, emptySetup(), { imageAliases: OFFLINE_IMAGES });
  t.equal(await verdict(accepted, 'the memory setting is reported as `applies in a container only`'), false, 'a configuration accepted reports no field');
});

t.test('a note naming the container the command ran in holds that container\'s name', async (t) => {
  const o = await observe({ text: 'stop:\n  commands:\n    - run: "echo hi"\n      image: alpine\n', line: 1 }, emptySetup(), { imageAliases: OFFLINE_IMAGES });
  const sentence = 'its report carries a note `container spec-run-… removed`, naming the container it ran in';
  t.equal(await verdict(o, sentence), true, 'its own container');
  const [command] = o.record.commands;
  const renamed = { ...command, containers: command.containers.map((k) => ({ ...k, name: `${k.name}-other` })) };
  t.equal(await verdict({ ...o, record: { ...o.record, commands: [renamed] } }, sentence), false, 'a note naming another container');
  t.equal(await verdict(o, 'its report carries a note `container spec-run-… removed`'), true, 'the note alone');
  for (const said of ['a note says that the container was removed', 'the container is noted as removed', 'each report carries a note that its container was removed']) {
    t.equal(await verdict(o, said), true, `true: "${said}"`);
    t.equal(await verdict({ ...o, record: { ...o.record, commands: [renamed] } }, said), false, `false of a note naming another container: "${said}"`);
  }
  // The notes stand between the announcement and the report.
  t.equal(await verdict(o, 'the report is preceded by the notes `image alpine mapped to local` and `container spec-run-<pid>-<suffix> removed`'), true);
  t.equal(await verdict(o, '`container spec-run-… removed` comes before the report'), true);
  t.equal(await verdict(o, 'the report is preceded by the note `OK: command succeeded`'), false, 'the report\'s own first line');
  t.equal(await verdict(o, 'the report is preceded by the note `hi`'), false, 'a line of the output, after the report\'s first line');
  const mixed = await observe({ text: 'stop:\n  commands:\n    - run: "echo hi"\n      image: alpine\n    - run: "echo host"\n', line: 1 }, emptySetup(), { imageAliases: OFFLINE_IMAGES });
  t.equal(await verdict(mixed, 'a note says that the container was removed'), true, 'of the container command, beside a host command');
  t.equal(await verdict(mixed, 'each report carries a note that its container was removed'), false, 'the host command\'s report has none');
  const host = await observe({ text: 'stop:\n  commands:\n    - run: "echo host"\n', line: 1 }, emptySetup(), {});
  t.equal(await verdict(host, 'a note says that the container was removed'), false, 'no container ran');
});

t.test('the output is the N lines listed: those lines in that order, and no other', async (t) => {
  const o = await observe({ text: 'stop:\n  commands:\n    - run: "echo a; echo b; echo c"\n', line: 1 }, emptySetup(), {});
  t.equal(await verdict(o, 'its output is the three lines `a`, `b` and `c`'), true);
  t.equal(await verdict(o, 'the output shows the two lines `a` and `c`'), true, 'with a verb, the count restates the list');
  t.equal(await verdict(o, 'its output is the two lines `a` and `b`'), false, 'a third line is shown');
  t.equal(await verdict(o, 'its output is the three lines `c`, `b` and `a`'), false, 'another order');
});

t.test('one line joining the timeout and the lines shown', async (t) => {
  const o = await observe({ text: 'stop:\n  commands:\n    - run: "seq 1 200; sleep 5"\n      timeout: "1s"\n      maxOutputLines: 3\n', line: 1 }, emptySetup(), {});
  await assertVerdicts(
    t,
    o,
    ['the summary line joins both limits: `(Command timed out after 1s. Showing 3 of 200 output lines)`', 'the timeout and the truncation are reported together in the note `(Command timed out after 1s. Showing 3 of 200 output lines)`', 'the note combines the timeout with the line count: `(Command timed out after 1s. Showing 3 of 200 output lines)`'],
    // Another count, another timeout.
    ['the note joins the two limits: `(Command timed out after 1s. Showing 4 of 200 output lines)`', 'the note joins the two limits: `(Command timed out after 2s. Showing 3 of 200 output lines)`'],
  );
});

t.test("the output is what the command printed and the notices about it, not the executor's notes of the run", async (t) => {
  const o = await observe({ text: 'stop:\n  commands:\n    - run: "echo hi"\n      image: alpine\n', line: 1 }, emptySetup(), { imageAliases: OFFLINE_IMAGES });
  t.ok(o.record.commands[0].notices.some((n) => /removed/.test(n)), `the run has a note of the container removed: ${o.record.commands[0].notices.join(' | ')}`);
  t.equal(await verdict(o, 'the output shows "hi"'), true);
  t.equal(await verdict(o, 'the output shows "removed"'), false, 'a word of the notes is not in the output');
  t.equal(await verdict(o, 'the output shows "mapped to local"'), false, 'nor of the note of the image');
  t.equal(await verdict(o, 'the report shows "removed"'), true, 'it is in the report');
});

t.test('a comparison with the other context says why that context could not run the command', async (t) => {
  // No alias for the image the container run takes: it cannot be pulled here, and the comparison fails saying so.
  const o = await observe({ text: 'stop:\n  commands:\n    - run: "exit 3"\n', line: 1 }, emptySetup(), {});
  const read = readThen('the exit code is the same on the host and in Docker alike');
  t.ok(read.ok);
  if (!read.ok) return;
  const verdicts = await Promise.all(read.parts.map((p) => p.evaluate(o)));
  const compared = verdicts.find((v) => /docker:/.test(v.actual ?? ''));
  t.match(compared, { ok: false, actual: /docker: error, exit 125 \(.*could not be pulled/ }, `the reason is named: ${compared?.actual}`);
});
