// `--log` with `--log-failures` records every failed command, not only its limits: a non-zero
// exit of its own (`failed`), a command that could not run (`could-not-run`: 125, and 127 or
// 126 where the shell said it could not start the program), and stored output that reached the
// 1 MiB cap (`output-capped`, even for a command that succeeded). Each line has the fields of a
// timeout's; a run without any of them writes nothing. `--log` alone writes none of these lines,
// as before the opt-in came. Real commands, host and container.
import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { dockerEngine } from '../../src/executor/docker.js';
import { parseLog, type CommandEvent, type LoggedEvent } from '../../src/executor/log.js';
import { recordText, type RunRecord } from '../../src/executor/record.js';
import { OFFLINE_IMAGES } from '../support/images.js';

type TapTest = Parameters<Parameters<typeof t.test>[0]>[0];

/**
 * Runs one command, given as the lines of its YAML item without the dash, with `--log` and
 * (unless LOGFAILURES is false) `--log-failures`: the run's record and the lines logged (none: no file).
 */
async function logged(t: TapTest, command: string, logFailures = true): Promise<{ record: RunRecord; events: LoggedEvent[]; created: boolean }> {
  const dir = t.testdir({ 'plain.sh': 'echo hi\n' });
  const log = path.join(dir, 'logs', 'run.jsonl');
  const record = await recordText(`stop:\n  commands:\n    - ${command.split('\n').join('\n    ')}\n`, { configDir: dir, imageAliases: OFFLINE_IMAGES, log, logFailures });
  const created = existsSync(log);
  return { record, events: created ? parseLog(readFileSync(log, 'utf8')) : [], created };
}

/** A command printing 12000 lines of 101 bytes: over the 1 MiB cap of stored output. */
const FLOOD = "i=0; while [ $i -lt 12000 ]; do printf '%0100d\\n' $i; i=$((i+1)); done";

/** The fields every command's line has, as a timeout's line has them (log.ts CommandEvent). */
const COMMAND_FIELDS = ['timestamp', 'event', 'command', 'context', 'timeout', 'timeoutMs', 'duration', 'durationMs', 'exitCode', 'signal', 'partialOutput', 'totalOutputLines', 'streams'];

/** Checks that EVENT has the fields of a command's line, each of the record's value. */
function sameFieldsAsTimeouts(t: TapTest, event: LoggedEvent | undefined, record: RunRecord): void {
  const command = record.commands[0];
  t.same(COMMAND_FIELDS.filter((key) => !(event && key in event)), [], `${event?.event}: every field a timeout's line has`);
  const line = event as CommandEvent;
  t.match(line, { command: command.run, context: command.context, exitCode: command.exitCode, streams: command.streams, totalOutputLines: command.streams.stdout.printed + command.streams.stderr.printed });
  t.same(line.partialOutput, command.lines.map((l) => l.text), 'partialOutput: the lines the report showed');
  t.ok(!Number.isNaN(Date.parse(line.timestamp)), 'an ISO timestamp');
}

t.test('a command that exits non-zero by itself: one failed line, with the fields of a timeout\'s', async (t) => {
  const { record, events } = await logged(t, 'run: "echo checking; echo bad >&2; exit 3"');
  t.same(events.map((e) => e.event), ['failed']);
  sameFieldsAsTimeouts(t, events[0], record);
  t.match(events[0], { exitCode: 3, signal: null, partialOutput: ['checking', 'bad'] });
  t.notOk(events[0] && 'error' in events[0], 'no error: it ran');
});

t.test('a program that exits 127 by itself failed; it is no command that could not run', async (t) => {
  const { events } = await logged(t, 'run: "exit 127"');
  t.match(events, [{ event: 'failed', exitCode: 127 }]);
  t.equal(events.length, 1);
});

t.test('a command that could not run: a missing working directory (125), a program not found (127), a file not executable (126)', async (t) => {
  for (const [what, command, exitCode, error] of [
    ['a missing working directory', 'run: "true"\n  workdir: no-such-dir', 125, /^working directory .*no-such-dir does not exist$/],
    ['a program not found', 'run: "no-such-program-xyz --version"', 127, /^The shell could not start no-such-program-xyz: it is not installed on this machine/],
    ['a script not executable', 'run: "./plain.sh"', 126, /^The shell could not start \.\/plain\.sh: it was found but could not be executed/],
  ] as const) {
    const { record, events } = await logged(t, command);
    t.equal(record.commands[0].exitCode, exitCode, `${what}: exit ${exitCode}`);
    t.same(events.map((e) => e.event), ['could-not-run'], `${what}: one could-not-run line`);
    sameFieldsAsTimeouts(t, events[0], record);
    t.match(events[0], { exitCode, error }, `${what}: why, in the report's words`);
  }
});

t.test('stored output that reached the 1 MiB cap is an event of its own, even for a command that succeeded; after the failure of one that failed', async (t) => {
  for (const [what, exit, names] of [
    ['succeeded', '', ['output-capped']],
    ['failed', '; exit 2', ['failed', 'output-capped']],
  ] as const) {
    const { record, events } = await logged(t, `run: "${FLOOD}${exit}"`);
    const [command] = record.commands;
    t.ok(command.notices.some((n) => n.includes('stored output is capped')), `${what}: the report says the output was cut`);
    t.same(events.map((e) => e.event), names, `${what}: ${names.join(', ')}`);
    const capped = events.at(-1);
    sameFieldsAsTimeouts(t, capped, record);
    t.ok(capped?.event === 'output-capped' && capped.streams.stdout.omitted > 0 && capped.streams.stdout.printed === 12000, `${what}: the lines omitted counted`);
  }
});

t.test('output under the cap, a command that succeeded: a clean run writes no line and makes no file', async (t) => {
  const { record, created } = await logged(t, 'run: "seq 1 2000"\n  maxOutputLines: 10');
  t.equal(record.exitStatus, 0);
  t.ok(record.commands[0].streams.stdout.omitted > 0, 'lines left out at the line limit are no event');
  t.notOk(created, 'no log file');
});

t.test('a timeout is logged once, with --log-failures or without: no failed line beside it', async (t) => {
  for (const logFailures of [true, false]) {
    const { events } = await logged(t, 'run: "echo partial; sleep 30"\n  timeout: "1s"', logFailures);
    t.same(events.map((e) => e.event), ['timeout'], `logFailures ${logFailures}`);
  }
});

t.test('--log alone: no line for a command that failed, one that could not run, or output cut at the cap, and no file', async (t) => {
  for (const [what, command] of [
    ['a command that failed', 'run: "echo checking; exit 3"'],
    ['a program not found', 'run: "no-such-program-xyz --version"'],
    ['a missing working directory', 'run: "true"\n  workdir: no-such-dir'],
    ['output cut at the cap', `run: "${FLOOD}; exit 2"`],
  ] as const) {
    const { record, created } = await logged(t, command, false);
    t.not(record.exitStatus, 0, `${what}: it failed`);
    t.notOk(created, `${what}: no log file`);
  }
});

t.test('in a container alike: a command that failed and one that could not run, logged with their image', async (t) => {
  const engine = await dockerEngine();
  // The suite runs where Docker does (scripts/setup.sh): no engine is a failure here, not a skip.
  t.ok(engine.ok, 'the Docker engine answers');
  if (!engine.ok) return;
  const failed = await logged(t, 'run: "echo in the box; exit 4"\n  image: alpine');
  t.same(failed.events.map((e) => e.event), ['failed']);
  sameFieldsAsTimeouts(t, failed.events[0], failed.record);
  t.match(failed.events[0], { context: 'docker', image: 'alpine', imageUsed: OFFLINE_IMAGES.alpine, exitCode: 4, partialOutput: ['in the box'] });
  const unrun = await logged(t, 'run: "true"\n  image: alpine\n  workdir: /no/such/dir');
  t.match(unrun.events, [{ event: 'could-not-run', context: 'docker', image: 'alpine', exitCode: 125, error: /working directory \/no\/such\/dir/ }]);
  t.equal(unrun.events.length, 1);
});

t.test("a line cut at 64 KiB: the log's streams add up (printed = shown + omitted), the cut part said in its own fields, as the report says it", async (t) => {
  const { record, events } = await logged(t, `run: "head -c 100000 /dev/zero | tr '\\\\0' 'x'; echo; echo short; exit 1"`);
  t.equal(record.exitStatus, 1);
  t.equal(events.length, 1);
  const line = events[0] as CommandEvent;
  t.equal(line.event, 'failed');
  t.same(line.streams.stdout, { printed: 2, shown: 2, omitted: 0, hidden: false, cut: 1, cutBytes: 100000 - 65536 }, 'the cut line is shown, not omitted; its rest is counted in bytes');
  t.same(line.streams.stderr, { printed: 0, shown: 0, omitted: 0, hidden: false }, 'a stream without a cut line has no cut fields');
  t.equal(line.partialOutput.length, 2);
  const report = record.commands[0].report.split('\n');
  t.ok(report.includes('stdout: ... (1 line cut at 65536 bytes: 34464 bytes of it not kept)'), 'the report says the same of its stream');
  t.ok(report.includes('(1 line longer than 65536 bytes was cut at that length and shown in part: the rest, 34464 bytes, was not kept)'));
  t.notOk(report.some((l) => /omitted/.test(l)), 'nothing is said omitted');
  // A scenario's check of what the output lacks still counts the cut line as not kept whole.
  t.equal(record.commands[0].streams.stdout.omitted, 1, "the record's checks count the cut line as not kept whole");
  t.equal(record.commands[0].streams.stdout.cut, 1);
});
