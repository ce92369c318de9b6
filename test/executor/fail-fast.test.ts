// `failFast: true`: after the first command that fails, whatever its failure, no other is
// started; each is shown not run and why, the log says so, and the exit status stays the
// failure's. Without it (or false) every command runs, as before. Real commands, on the host
// and in a container; "not started" is checked by the files the later commands would make.
import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { dockerEngine } from '../../src/executor/docker.js';
import { parseLog } from '../../src/executor/log.js';
import { endInterrupted, recordText } from '../../src/executor/record.js';
import { OFFLINE_IMAGES } from '../support/images.js';

/** A configuration of COMMANDS (YAML items, without their dash), with FAILFAST as its line under `stop:` when given. */
const configuration = (commands: string[], failFast?: string) =>
  `stop:\n${failFast === undefined ? '' : `  failFast: ${failFast}\n`}  commands:\n${commands.map((c) => `    - ${c.split('\n').join('\n    ')}\n`).join('')}`;

/** The report's lines with the durations measured, which differ from run to run, taken out. */
const steady = (messages: string[]) => messages.join('\n').replace(/^(Duration: ).*$/gm, '$1-');

t.test('failFast: true: the commands after a failing one are not started, each shown not run with why; the exit status is the failure\'s; the log says so', async (t) => {
  const dir = t.testdir({});
  const log = path.join(dir, 'run.jsonl');
  const config = configuration(['run: "echo first; exit 3"', 'run: "touch second.ran"', 'run: "touch third.ran"\n  image: alpine'], 'true');
  const record = await recordText(config, { configDir: dir, imageAliases: OFFLINE_IMAGES, log, logFailures: true });
  t.equal(record.exitStatus, 3, "the failure's exit code");
  t.equal(record.commands.length, 1, 'one command ran');
  t.notOk(existsSync(path.join(dir, 'second.ran')) || existsSync(path.join(dir, 'third.ran')), 'neither later command was started');
  const shown = record.messages.join('\n');
  t.match(shown, '[2/3] host: touch second.ran (not run)\n  note: not run: failFast is true and [1/3] failed (exit code 3)\n', 'the second, announced as not run, and why');
  t.match(shown, '[3/3] docker alpine: touch third.ran (not run)\n  note: not run: failFast is true and [1/3] failed (exit code 3)\n', 'the third, where it would have run');
  t.same(record.failedFast, { failed: 0, notRun: [1, 2] });
  const events = parseLog(readFileSync(log, 'utf8'));
  t.same(events.map((e) => e.event), ['failed', 'fail-fast'], "the failure's line, then the stop's");
  t.match(events[1], { event: 'fail-fast', exitStatus: 3, command: 'echo first; exit 3', commandNumber: 1, context: 'host', commandsNotRun: 2, commandsTotal: 3 });
  t.ok(!Number.isNaN(Date.parse(events[1].timestamp)), 'a timestamp');

  // --log alone logs no plain failure, but the stop: a line only failFast writes.
  const alone = path.join(t.testdir({}), 'run.jsonl');
  await recordText(config, { configDir: dir, imageAliases: OFFLINE_IMAGES, log: alone });
  const stopOnly = parseLog(readFileSync(alone, 'utf8'));
  t.same(stopOnly.map((e) => e.event), ['fail-fast'], 'without logFailures: the stop alone');
  t.match(stopOnly[0], { exitStatus: 3, command: 'echo first; exit 3', commandNumber: 1, commandsNotRun: 2, commandsTotal: 3 });
});

t.test('failFast: true stops at any failure: a timeout, a command that could not run, a program not found, a status above 128', async (t) => {
  const cases: [string, string, number][] = [
    ['a timeout', 'run: "sleep 30"\n  timeout: "1s"', 124],
    ['a missing working directory', 'run: "true"\n  workdir: no-such-dir', 125],
    ['a program not found', 'run: "no-such-program-xyz"', 127],
    ['an exit status above 128', 'run: "exit 137"', 137],
  ];
  for (const [what, failing, code] of cases) {
    const dir = t.testdir({});
    const record = await recordText(configuration([failing, 'run: "touch later.ran"'], 'true'), { configDir: dir });
    t.equal(record.exitStatus, code, `${what}: exit ${code}`);
    t.notOk(existsSync(path.join(dir, 'later.ran')), `${what}: the later command was not started`);
    t.match(record.messages.join('\n'), `[2/2] host: touch later.ran (not run)\n  note: not run: failFast is true and [1/2] failed (exit code ${code})`, `${what}: said so`);
  }
});

t.test('a container command failing stops the run as a host command does; a container that could not run too', async (t) => {
  const engine = await dockerEngine();
  // The suite runs where Docker does (scripts/setup.sh): no engine is a failure here, not a skip.
  t.ok(engine.ok, 'the Docker engine answers');
  if (!engine.ok) return;
  for (const [what, failing, code] of [
    ['exits 4', 'run: "exit 4"\n  image: alpine', 4],
    ['has no such working directory in the image', 'run: "true"\n  image: alpine\n  workdir: /no/such/dir', 125],
  ] as const) {
    const dir = t.testdir({});
    const log = path.join(dir, 'run.jsonl');
    const record = await recordText(configuration([failing, 'run: "touch later.ran"'], 'true'), { configDir: dir, imageAliases: OFFLINE_IMAGES, log });
    t.equal(record.exitStatus, code, `a container command that ${what}: exit ${code}`);
    t.notOk(existsSync(path.join(dir, 'later.ran')), `${what}: the later command was not started`);
    t.match(record.messages.join('\n'), `[2/2] host: touch later.ran (not run)\n  note: not run: failFast is true and [1/2] failed (exit code ${code})`);
    const stop = parseLog(readFileSync(log, 'utf8')).at(-1);
    t.match(stop, { event: 'fail-fast', exitStatus: code, commandNumber: 1, context: 'docker', image: 'alpine', imageUsed: OFFLINE_IMAGES.alpine, commandsNotRun: 1, commandsTotal: 2 }, `${what}: the stop logged with the image`);
  }
});

t.test('without failFast, or with failFast: false, every command runs after a failure and the report is the same', async (t) => {
  const commands = ['run: "echo first; exit 3"', 'run: "touch second.ran"', 'run: "exit 5"', 'run: "touch fourth.ran"'];
  const reports: string[] = [];
  for (const failFast of [undefined, 'false']) {
    const dir = t.testdir({});
    const log = path.join(dir, 'run.jsonl');
    const record = await recordText(configuration(commands, failFast), { configDir: dir, log, logFailures: true });
    t.equal(record.exitStatus, 3, `failFast ${failFast ?? 'absent'}: the first failure's exit code`);
    t.equal(record.commands.length, 4, `failFast ${failFast ?? 'absent'}: every command ran`);
    t.ok(existsSync(path.join(dir, 'second.ran')) && existsSync(path.join(dir, 'fourth.ran')), 'the later commands made their files');
    t.notOk(record.messages.some((m) => m.includes('not run')), 'no command said not run');
    t.equal(record.failedFast, undefined);
    t.same(parseLog(readFileSync(log, 'utf8')).map((e) => e.event), ['failed', 'failed'], 'the two failures logged, no stop');
    reports.push(steady(record.messages));
  }
  t.equal(reports[1], reports[0], 'failFast: false reports what a configuration without it does');
});

t.test('failFast: true with no failure, or a failure of the last command: every command runs, nothing is said not run', async (t) => {
  for (const [what, last, status] of [
    ['no failure', 'run: "touch last.ran"', 0],
    ['the last command failing', 'run: "touch last.ran; exit 6"', 6],
  ] as const) {
    const dir = t.testdir({});
    const log = path.join(dir, 'run.jsonl');
    const commands = ['run: "echo first"', last];
    const record = await recordText(configuration(commands, 'true'), { configDir: dir, log });
    t.equal(record.exitStatus, status, `${what}: exit ${status}`);
    t.ok(existsSync(path.join(dir, 'last.ran')), `${what}: the last command ran`);
    t.notOk(record.messages.some((m) => m.includes('not run')), `${what}: no command said not run`);
    t.notOk(existsSync(log) && parseLog(readFileSync(log, 'utf8')).some((e) => e.event === 'fail-fast'), `${what}: no stop logged`);
    const without = await recordText(configuration(commands), { configDir: t.testdir({}) });
    t.equal(steady(record.messages), steady(without.messages), `${what}: the report is that of the configuration without failFast`);
  }
});

t.test('an interrupt with failFast: true ends the run as it does without it', async (t) => {
  const dir = t.testdir({});
  const log = path.join(dir, 'run.jsonl');
  const controller = new AbortController();
  const config = configuration(['run: "echo working; sleep 30"', 'run: "touch second.ran"', 'run: "touch third.ran"'], 'true');
  const record = await recordText(config, { configDir: dir, log, signal: controller.signal, write: (text) => void (text.startsWith('[1/3]') && setTimeout(() => controller.abort('SIGINT'), 500)) });
  endInterrupted(record, 'SIGINT');
  t.equal(record.exitStatus, 130);
  t.notOk(existsSync(path.join(dir, 'second.ran')), 'the second command was not started');
  t.notOk(record.messages.some((m) => m.includes('(not run)')), 'no command announced as not run: the interruption says it');
  t.equal(record.messages.at(-1), 'interrupted by SIGINT: 2 of 3 commands not run');
  t.equal(record.failedFast, undefined);
  t.same(parseLog(readFileSync(log, 'utf8')).map((e) => e.event), ['interrupted'], 'the interruption alone is logged');
});
