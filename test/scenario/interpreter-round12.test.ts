// Round 12: classes of language from the analysis of batch15–22's unbound steps (the
// held-out README, "Round 12"). Each class is tested on sentences written for these tests
// (none from a batch), read both ways, and against real runs where a reading could be
// checked wrongly.
import t from 'tap';
import { readThen } from '../../src/run/scenario/interpreter/then.js';
import { partsOf } from './then-readings.js';
import { blockScenario, scenariosRunner } from './cli-points.js';
import { readSetup } from './when-readings.js';

const read = (s: string) => readThen(s);

const runScenarios = scenariosRunner('Round 12');

t.test('a text at an edge of a part of the report, quoted right after the verb or said as its subject', (t) => {
  t.match(read('the second announcement ends `(timeout 9s, from command)`'), { ok: true, parts: [{ text: /command 2: the announcement line ends with "\(timeout 9s, from command\)"/ }] });
  t.match(read('the report opens `Error: Command failed with exit code 7`'), { ok: true, parts: [{ text: /report begins with "Error: Command failed with exit code 7"/ }] });
  t.match(read('the header starts `[1/2] host:`'), { ok: true, parts: [{ text: /announcement line begins with "\[1\/2\] host:"/ }] });
  t.match(read('the note `(Showing 2 of 9 output lines)` closes the output'), { ok: true, parts: [{ text: /output shown ends with "\(Showing 2 of 9 output lines\)"/ }] });
  t.match(read('`(Showing 2 of 9 output lines)` ends the output block'), { ok: true, parts: [{ text: /output block .* ends with "\(Showing 2 of 9 output lines\)"/ }] });
  // Not read: the end of a message (of one error line, which no place's last text says), of a thing that is no part of the report.
  t.match(read('the message ends `must be a positive number`'), { ok: false });
  t.match(read('the sentence ends `finally`'), { ok: false });
  t.match(read('the line `bye` closes the file'), { ok: false });
  t.end();
});

t.test('"that command" after a command named by the place of its announcement or report is that command', (t) => {
  const parts = partsOf('The second announcement ends `(timeout 6s, from command)` and that command reports `Exit Code: 3`');
  t.ok(parts && parts.length === 2 && parts.every((p) => p.startsWith('the command 2: ')), 'both clauses are of command 2', { parts });
  const first = partsOf('the first report opens `OK: command succeeded` and that command prints `alpha`');
  t.ok(first && first.every((p) => p.startsWith('the command 1: ')), 'both clauses are of command 1', { first });
  // Not rewritten where the sentence opens with no command by its place.
  const unplaced = partsOf('the announcement ends `(timeout 6s, from command)` and that command reports `Exit Code: 3`');
  t.ok(unplaced === null || unplaced.every((p) => !/command [0-9]/.test(p)), 'no command by place is made up', { unplaced });
  t.end();
});

t.test('through the CLI: "that command" is checked of the command named by its place, and of no other', async (t) => {
  const commands = ['- run: "echo first-out"', '  timeout: 5s', '- run: "echo second-out; exit 3"', '  timeout: 6s'];
  const { points, byName } = await runScenarios('round12-that-command', [
    blockScenario('of the second', 'the commands are', commands, 'The second announcement ends `(timeout 6s, from command)` and that command reports `Exit Code: 3`'),
    blockScenario('of the first', 'the commands are', commands, 'The first announcement ends `(timeout 5s, from command)` and that command reports `Exit Code: 3`'),
  ]);
  t.equal(byName('The second announcement')?.ok, true, 'the second command exits 3', { points });
  t.equal(byName('The first announcement')?.ok, false, 'the first does not, though another command does');
});

t.test('texts said to be "in its output" after a verdict are in its output, not the whole of it nor words of the report', (t) => {
  t.match(read('the command succeeds with `ready` in its output'), { ok: true, parts: [{ text: /succeeds/ }, { text: /output shown contains "ready"/ }] });
  t.match(read('the command reports `OK: command succeeded` with `ready` in its output'), { ok: true, parts: [{ text: /report contains "OK: command succeeded"/ }, { text: /output shown contains "ready"/ }] });
  t.match(read('the second command fails with `a` and `b` in its partial output'), { ok: true, parts: [{ text: /command 2: the command fails/ }, { text: /"Partial Output:" contains "a" and "b"/ }] });
  // The whole output said with "with": still the whole output.
  t.notMatch(read('the command succeeds with the output `ready`'), { ok: true, parts: [{}, { text: /contains/ }] });
  t.end();
});

t.test('through the CLI: "succeeds with `x` in its output" holds of an output with more lines, and not of one without `x`', async (t) => {
  const { points, byName } = await runScenarios('round12-in-its-output', [
    blockScenario('two lines', 'the only command is', ['- run: "echo ready; echo more"'], 'the command succeeds with `ready` in its output'),
    blockScenario('other lines', 'the only command is', ['- run: "echo other; echo more"'], 'the command reports `OK: command succeeded` with `ready` in its output'),
  ]);
  t.equal(byName('succeeds with')?.ok, true, 'a line among others', { points });
  t.equal(byName('reports')?.ok, false, 'and not a line that is not there');
});

t.test("the engine's listing said of the run's container in the passive", (t) => {
  const gone = /every container created was removed/;
  t.match(read('the container named in the `removed` note is no longer listed by `docker ps -a`'), { ok: true, parts: [{ text: gone }] });
  t.match(read('the container named in the removed note is not shown in `docker container ls --all`'), { ok: true, parts: [{ text: gone }] });
  t.match(read('the container is gone from `docker ps -a`'), { ok: true, parts: [{ text: gone }] });
  t.match(read('the containers, labelled `spec-run=executor`, are no longer listed by `docker ps -a`'), { ok: true, parts: [{ text: gone }] });
  // Not read: a container of a name of its own (another run's, maybe), one named in another place, a listing said to show it.
  t.match(read('the container `web-1` is no longer listed by `docker ps -a`'), { ok: false });
  t.match(read('the container named in the log is no longer listed by `docker ps -a`'), { ok: false });
  t.match(read('the container is still listed by `docker ps -a`'), { ok: false });
  t.end();
});

t.test('a signal sent a time "into" a command, or a time "in", is sent that long after it started', (t) => {
  t.match(readSetup('the developer sends SIGINT to spec-run exec about two seconds into the first command'), { setup: { interrupt: { signal: 'SIGINT', atMs: 2000, afterCommand: 0 } } });
  t.match(readSetup('spec-run exec receives SIGTERM 3 seconds into its second command'), { setup: { interrupt: { signal: 'SIGTERM', atMs: 3000, afterCommand: 1 } } });
  t.match(readSetup('spec-run exec receives SIGINT 1.5 s into its only command'), { setup: { interrupt: { signal: 'SIGINT', atMs: 1500, afterCommand: 0 } } });
  t.match(readSetup('spec-run exec is sent SIGINT about two seconds in'), { setup: { interrupt: { signal: 'SIGINT', atMs: 2000 } } });
  t.notMatch(readSetup('spec-run exec is sent SIGINT about two seconds in'), { setup: { interrupt: { afterCommand: Number } } });
  // Not read: "into" something that is no command by its place; a time "in" of no signal.
  t.equal(readSetup('spec-run exec is sent SIGINT two seconds into the build'), null);
  t.equal(readSetup('the command prints `a` two seconds in'), null);
  t.end();
});

t.test('through the CLI: SIGINT a second into the only command interrupts it there', async (t) => {
  const { points, byName } = await runScenarios('round12-into', [
    blockScenario('interrupted', 'the developer sends SIGINT to `spec-run exec` about one second into its only command', ['- run: "echo working; sleep 20"'], 'spec-run exec exits with status 130, and the line `working` is kept as partial output'),
  ]);
  t.equal(byName('exits with status 130')?.ok, true, 'interrupted, with what it printed kept', { points });
});

t.test("spec-run's own diagnostics (`spec-run: …`) are never read as a command's stream or the run's messages", (t) => {
  // They go to spec-run exec's own stderr, which no record of a run holds (batch21 `hook-interrupts-and-reporting.spec.md:27` had been read as the command's stderr).
  t.match(read('stderr carries the line `spec-run: SIGTERM: stopping what runs`'), { ok: false });
  t.match(read('the screen shows `spec-run: SIGINT again: exiting`'), { ok: false });
  // A text of the command's stderr that is no diagnostic of spec-run's is read as before.
  t.match(read('stderr carries the line `oops`'), { ok: true });
  t.end();
});

t.test('a `To fix:` list of N hints, "the last being `x`": the list ends the report, its last item is x, and it has N items', (t) => {
  const said = [
    'the report ends with a `To fix:` list of three hints, the last being `Raise the limit`',
    'it closes with a `To fix:` list of three numbered suggestions, the last of which is `Raise the limit`',
    'the report ends with `To fix:` and three numbered items, the last being `3. Raise the limit`',
  ];
  for (const s of said) t.match(read(s), { ok: true, parts: [{ text: /ends with the items under `To fix:`.*the last of which is "(3\. )?Raise the limit"/ }, { text: /items under `To fix:`: 3 of them/ }] }, s);
  // Not read: "the last being" of no counted list, nor of a list that is not `To fix:`.
  t.match(read('the report ends with a list of three hints, the last being `Raise the limit`'), { ok: false });
  t.notMatch(read('the output keeps three lines, the last being `c`'), { ok: true, parts: [{ text: /To fix/ }] });
  t.end();
});

t.test('through the CLI: a timed-out command ends with four hints, the last being to disable the timeout', async (t) => {
  const { points, byName } = await runScenarios('round12-fixes', [
    blockScenario('four', 'the only command is', ['- run: "sleep 5"', '  timeout: 1s'], 'the report ends with a `To fix:` list of four hints, the last being `Set timeout: null to disable (not recommended)`'),
    blockScenario('three', 'the only command is', ['- run: "sleep 5"', '  timeout: 1s'], 'the report ends with a `To fix:` list of three hints, the last being `Set timeout: null to disable (not recommended)`'),
  ]);
  t.equal(byName('list of four')?.ok, true, 'four hints, the last as said', { points });
  t.equal(byName('list of three')?.ok, false, 'and not three');
});

t.test('spec-run exec ending a time "of (after) the signal": from the interrupt a When sent it to its end', (t) => {
  t.match(read('spec-run exec exits with status 130 within half a second of the signal'), { ok: true, parts: [{ text: /exit status == 130, the time from the interrupt to its end ≤ 500 ms/ }] });
  t.match(read('the hook exits with 130 well under two seconds after the signal'), { ok: true, parts: [{ text: /exit status == 130, the time from the interrupt to its end/ }] });
  // Not read: of a command (no command's end is timed from the interrupt), with no time, or of a signal named by its place.
  t.match(read('the command exits with 124 within a second of the signal'), { ok: false });
  t.match(read('spec-run exec exits with status 130 after the signal'), { ok: false });
  t.match(read('spec-run exec exits with status 130 at once after the second signal'), { ok: false });
  t.end();
});

t.test('through the CLI: the time of the signal is where the interrupt was sent, not the start of the run', async (t) => {
  const commands = ['- run: "echo working; sleep 20"'];
  const { points, byName } = await runScenarios('round12-since-signal', [
    blockScenario('soon after', 'spec-run exec is sent SIGINT about two seconds into its only command', commands, 'spec-run exec exits with status 130 within a second of the signal'),
    blockScenario('not from the start', 'spec-run exec is sent SIGINT about two seconds into its only command', commands, 'spec-run exec exits with status 130 within one second'),
  ]);
  t.equal(byName('of the signal')?.ok, true, 'it ends soon after the interrupt', { points });
  t.equal(byName('within one second')?.ok, false, 'though not within a second of its start');
});
