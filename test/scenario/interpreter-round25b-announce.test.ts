// Round 25b's classes (announce): readings that failed where the sentence is true, each read both ways on sentences and
// commands written for these tests (none from a batch). A command's heading, header or title line is its announcement
// (`[1/2] host: …`), never its report's first line; a command failFast did not start is shown only by its announcement
// `(not run)` and the note under it, never by lines of a command that ran; "never ran" holds of a command that could not
// run (its working directory missing) as of one never reached.
import t from 'tap';
import { blockScenario, expectVerdicts, reading, scenariosRunner, sectionScenario } from './cli-points.js';

const runScenarios = scenariosRunner('Round 25b announce');

t.test("a command's heading or title line is its announcement, never the first line of its report", async (t) => {
  t.match(reading('Then', 'the heading line of the command reads `[1/1] host: echo a ...`') ?? '', /the announcement line contains/);
  t.match(reading('Then', 'the title line reads `[1/1] host: echo a ...`') ?? '', /the announcement line contains/);
  // "headline" quoting an announcement is that line; quoting the report's own first line, it stays that line.
  t.match(reading('Then', 'the headline of the first command is `[1/2] host: echo a`') ?? '', /the announcement line is/);
  t.match(reading('Then', 'the headline is `Error: Command failed with exit code 4`') ?? '', /the headline \(first line of the report\) is/);
  // "with the command text": the announcement holds the command's own line.
  t.match(reading('Then', 'the heading line of the command reads `[1/1] host: ...` with the command text') ?? '', /∧ the command 1: its announcement line holds its command line/);
  t.equal(reading('Then', 'the report is headed by `OK` with the command text'), null);
  const headed = (run: string) => blockScenario(run, 'the configuration is', [`- run: "${run}"`], 'the heading line of the command reads `[1/1] host: echo fresh ...` with the command text');
  await expectVerdicts(t, runScenarios, 'round25b-heading', [headed('echo fresh'), headed('echo stale')], 'heading line', [
    [true, 'its announcement is `[1/1] host: echo fresh (timeout …)` (its report opens with `OK: …`)'],
    [false, 'another command is announced'],
  ]);
});

t.test('a command not run is shown by its announcement `(not run)` and the note under it, never by lines of commands that ran', async (t) => {
  // Which commands "both" are, the sentence does not say: not read, rather than looked for in every command's lines.
  t.equal(reading('Then', 'the note `not run: failFast is true` is shown'), null);
  t.equal(reading('Then', 'the last command is shown `(not run)`'), null);
  // Said of every command ("both", "all"), the mark is of each command failFast did not start; "both" says two.
  t.match(reading('Then', 'both commands are shown `(not run)`') ?? '', /each command not run \(failFast\), 2 of them, shows "\(not run\)"/);
  const skipped = (failFast: boolean, commands: number) =>
    sectionScenario(`failFast ${failFast}, ${commands} commands`, 'the configuration is', [`failFast: ${failFast}`, 'commands:', '  - run: "exit 4"', ...['b', 'c'].slice(0, commands - 1).map((x) => `  - run: "echo ${x}"`)], '`b` and `c` are not printed, and both commands are shown `(not run)`');
  await expectVerdicts(t, runScenarios, 'round25b-both-not-run', [skipped(true, 3), skipped(false, 3), skipped(true, 2)], 'both commands', [
    [true, 'failFast: the two later commands are announced `(not run)`'],
    [false, 'without failFast both ran'],
    [false, 'one command was not run, not both'],
  ]);
  const stopped = (failFast: boolean) =>
    sectionScenario(`failFast ${failFast}`, 'the configuration is', [`failFast: ${failFast}`, 'commands:', '  - run: "exit 4"', '  - run: "echo later"'], 'the second is announced `[2/2] host: echo later (not run)` with the note `not run: failFast is true and [1/2] failed (exit code 4)`');
  await expectVerdicts(t, runScenarios, 'round25b-not-run', [stopped(true), stopped(false)], 'is announced', [
    [true, 'failFast stopped the run: the second is announced `(not run)`, the note under it'],
    [false, 'without failFast the second ran, announced with its timeout'],
  ]);
});

t.test('"never ran" holds of a command that could not run (no process of it started) as of one never reached', async (t) => {
  t.match(reading('Then', 'the second command never ran') ?? '', /command 2 never ran/);
  const second = (...lines: string[]) => blockScenario(lines.join(' '), 'the configuration is', ['- run: "echo a"', ...lines], 'the second command never ran');
  await expectVerdicts(t, runScenarios, 'round25b-never-ran', [second('- run: "pwd"', '  workdir: missing/dir'), second('- run: "exit 3"')], 'never ran', [
    [true, 'refused for its missing working directory (exit 125), it never started'],
    [false, 'it ran, and failed: it ran all the same'],
  ]);
});
