// The record of an executor run, built from the executor's own events: real host
// commands and a real container, each fact of the record checked against what was
// configured (signals and when, exit codes and their cause, lines per stream, the
// containers and the mount, the messages shown).
import t from 'tap';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { endInterrupted, recordText, type RunRecord } from '../../src/executor/record.js';
import { dockerEngine } from '../../src/executor/docker.js';
import { parseLog } from '../../src/executor/log.js';
import { OFFLINE_IMAGES } from '../support/images.js';
import { scratchDirectory } from '../support/scratch.js';

const configDir = scratchDirectory('spec-run-record-');
const options = { configDir, imageAliases: OFFLINE_IMAGES };

t.test('a host command past its timeout: SIGTERM at the timeout, exit 124 from the timeout, its output kept', async (t) => {
  const record = await recordText('stop:\n  commands:\n    - run: "echo started; sleep 30"\n      timeout: "1s"\n', options);
  const [command] = record.commands;
  t.equal(command.context, 'host');
  t.match(command, { outcome: 'timeout', exitCode: 124, exitCause: 'timeout', endedBy: 'SIGTERM', graceMs: 2000 });
  t.same(command.signals.map((s) => s.signal), ['SIGTERM']);
  t.ok(command.signals[0].atMs >= 950 && command.signals[0].atMs < 2500, `SIGTERM at ${Math.round(command.signals[0].atMs)} ms, for a 1 s timeout`);
  t.same(command.lines, [{ stream: 'stdout', text: 'started' }]);
  t.equal(command.workdir, configDir, 'a host command starts in the configuration\'s directory');
  t.equal(command.env.SPEC_RUN_CONFIG_DIR, configDir);
  t.equal(record.exitStatus, 124);
  t.match(record.messages.join('\n'), /Error: Command execution timed out after 1s/, 'the message the user is shown');
});

t.test('a command that ignores SIGTERM: SIGKILL once the grace period is over, exit 137', async (t) => {
  const record = await recordText("stop:\n  commands:\n    - run: \"trap '' TERM; sleep 30 & wait; sleep 30\"\n      timeout: \"1s\"\n", options);
  const [command] = record.commands;
  t.match(command, { outcome: 'timeout', exitCode: 137, exitCause: 'timeout-killed' });
  const term = command.signals.find((s) => s.signal === 'SIGTERM');
  const kill = command.signals.find((s) => s.signal === 'SIGKILL');
  t.ok(term && kill && kill.atMs - term.atMs >= 1900, `SIGKILL ${kill && term ? Math.round(kill.atMs - term.atMs) : '?'} ms after SIGTERM, for a 2 s grace`);
});

t.test('lines shown and omitted per stream, and the notices', async (t) => {
  const record = await recordText('stop:\n  commands:\n    - run: "seq 1 3; seq 1 40 >&2; exit 3"\n      maxOutputLines: 5\n', options);
  const [command] = record.commands;
  t.match(command, { outcome: 'completed', exitCode: 3, exitCause: 'command' });
  t.same(command.streams, { stdout: { printed: 3, shown: 3, omitted: 0, hidden: false }, stderr: { printed: 40, shown: 5, omitted: 35, hidden: false } });
  t.ok(command.notices.includes('stderr: ... (35 lines omitted)'));
  t.notOk(command.notices.some((n) => n.startsWith('stdout:')), 'no notice for the stream that fits');
});

t.test('an invalid configuration: its errors, no command run, exit 2', async (t) => {
  const record = await recordText('stop:\n  commands:\n    - run: "echo never"\n      timeout: "-5s"\n', options);
  t.equal(record.commands.length, 0);
  t.equal(record.exitStatus, 2);
  t.match(record.errors, [{ path: 'stop.commands[0].timeout', line: 4 }]);
  t.match(record.messages.join('\n'), /:4:\d+: stop\.commands\[0\]\.timeout: invalid duration "-5s"/);
});

t.test('a container command: created, started, removed, the project mounted at /workspace', async (t) => {
  const engine = await dockerEngine();
  // The suite runs where Docker does (scripts/setup.sh): no engine is a failure here, not a skip.
  if (!t.ok(engine.ok, 'a Docker engine answers', { engine })) return;
  const record = await recordText('stop:\n  commands:\n    - run: "pwd; exit 4"\n      image: "alpine"\n', options);
  const [command] = record.commands;
  t.match(command, { context: 'docker', outcome: 'completed', exitCode: 4, workdir: '/workspace', image: { requested: 'alpine' } });
  t.same(command.lines.map((l) => l.text), ['/workspace']);
  t.same(command.mounts, [{ source: configDir, target: '/workspace' }]);
  t.equal(command.containers.length, 1);
  t.match(command.containers[0], { created: true, started: true, removed: true });
  const listed = await execa('docker', ['ps', '-a', '--format', '{{.Names}}']);
  t.notOk(listed.stdout.split('\n').includes(command.containers[0].name), 'docker ps -a lists it no more');
});

t.test("a container command past its timeout: its times count from the engine's start of it, as its timeout does, not from `docker start`", async (t) => {
  const engine = await dockerEngine();
  if (!t.ok(engine.ok, 'a Docker engine answers', { engine })) return;
  const record = await recordText('stop:\n  commands:\n    - run: "sleep 30"\n      image: "alpine"\n      timeout: "1s"\n', options);
  const [command] = record.commands;
  t.match(command, { context: 'docker', outcome: 'timeout', exitCode: 124 });
  const running = command.events.find((e) => e.type === 'running');
  t.ok(running, 'the start by the engine is learnt', { events: command.events });
  const [term] = command.signals;
  // The engine's start of the container is what the 1 s is counted from; `docker stop` takes a little more.
  t.ok(term.atMs >= 950 && term.atMs < 1700, `SIGTERM asked at ${Math.round(term.atMs)} ms after the command started`);
  t.ok(command.elapsedMs >= 950 && command.elapsedMs < 2500, `ran ${Math.round(command.elapsedMs)} ms by the engine's clock`);
});

t.test("the configuration's directory in the variable: a host path on the host, its place under /workspace in a container, unset (with a note) outside the project", async (t) => {
  const engine = await dockerEngine();
  if (!t.ok(engine.ok, 'a Docker engine answers', { engine })) return;
  const project = t.testdir({ hooks: { 'lint.sh': 'echo linted\n' } });
  const hooks = path.join(project, 'hooks');
  const text = 'stop:\n  commands:\n    - run: "echo $SPEC_RUN_CONFIG_DIR; sh $SPEC_RUN_CONFIG_DIR/lint.sh"\n    - run: "echo $SPEC_RUN_CONFIG_DIR; sh $SPEC_RUN_CONFIG_DIR/lint.sh"\n      image: "alpine"\n';
  const inside = await recordText(text, { ...options, configDir: hooks, projectRoot: project });
  t.same(inside.commands.map((c) => c.lines.map((l) => l.text)), [[hooks, 'linted'], ['/workspace/hooks', 'linted']], 'the same script found through the variable in both contexts');
  const elsewhere = scratchDirectory('spec-run-elsewhere-');
  const outside = await recordText('stop:\n  commands:\n    - run: "echo [${SPEC_RUN_CONFIG_DIR-unset}]"\n      image: "alpine"\n', { ...options, configDir: hooks, projectRoot: elsewhere });
  t.same(outside.commands[0].lines.map((l) => l.text), ['[unset]'], 'no host path handed to a container');
  t.match(outside.messages.join('\n'), /note: SPEC_RUN_CONFIG_DIR is not set in the container: the configuration's directory .* is outside the project mounted at \/workspace/);
});

t.test('a container workdir under the project that does not exist: not run, 125, nothing created in the project', async (t) => {
  const engine = await dockerEngine();
  if (!t.ok(engine.ok, 'a Docker engine answers', { engine })) return;
  const project = t.testdir({});
  const record = await recordText('stop:\n  commands:\n    - run: "echo started"\n      image: "alpine"\n      workdir: "/workspace/src/deep"\n', { ...options, configDir: project });
  const [command] = record.commands;
  t.match(command, { outcome: 'error', exitCode: 125 });
  t.match(command.error, `working directory /workspace/src/deep does not exist: it is ${path.join(project, 'src', 'deep')} in the project mounted at /workspace`);
  t.same(command.lines, [], 'the command did not run');
  t.same(readdirSync(project), [], 'the engine created no directory in the project');
  t.equal(command.containers.length, 0, 'no container was created');
});

t.test('an empty command list is refused: a stop hook that runs nothing checks nothing', async (t) => {
  const record = await recordText('stop:\n  commands: []\n', options);
  t.equal(record.exitStatus, 2);
  t.match(record.errors, [{ path: 'stop.commands', line: 2 }]);
  t.match(record.messages.join('\n'), /:2:\d+: stop\.commands: is an empty list/);
});

t.test('the closing line of an interrupted run: the count of commands not run, left out when every command was started', (t) => {
  const recordOf = (total: number, started: number) => ({ config: { commands: Array.from({ length: total }, () => ({ run: 'true' })) }, commands: Array.from({ length: started }, () => ({})), messages: [], exitStatus: 0 }) as unknown as RunRecord;
  const some = recordOf(3, 1);
  endInterrupted(some, 'SIGTERM');
  t.equal(some.messages.at(-1), 'interrupted by SIGTERM: 2 of 3 commands not run');
  t.equal(some.exitStatus, 143);
  const all = recordOf(1, 1);
  endInterrupted(all, 'SIGINT');
  t.equal(all.messages.at(-1), 'interrupted by SIGINT', 'no "0 of 1 commands not run"');
  t.equal(all.exitStatus, 130);
  t.end();
});

t.test("a command's env: replacing the configuration's directory variable runs with its value, and the report says so", async (t) => {
  const record = await recordText('stop:\n  commands:\n    - run: "printenv SPEC_RUN_CONFIG_DIR"\n      env:\n        SPEC_RUN_CONFIG_DIR: mine\n    - run: "printenv SPEC_RUN_CONFIG_DIR"\n', options);
  const [replaced, plain] = record.commands;
  t.same(replaced.lines.map((l) => l.text), ['mine'], "the command's own value wins");
  t.ok(replaced.notices.includes(`env: replaces SPEC_RUN_CONFIG_DIR, which would name the configuration's directory ${configDir}`), 'a note says it was replaced');
  t.ok(record.messages.some((m) => m.startsWith('  note: env: replaces SPEC_RUN_CONFIG_DIR')), 'shown to the user');
  t.notOk(plain.notices.some((n) => n.includes('replaces')), 'no note where nothing replaced it');
});

t.test('a command holding a line break is shown on one line, as a JSON string, in its announcement and its report', async (t) => {
  const record = await recordText('stop:\n  commands:\n    - run: "echo one\\necho two"\n    - run: "echo plain"\n', options);
  t.equal(record.commands[0].run, 'echo one\necho two', 'the command run has its line break');
  t.same(record.commands[0].lines.map((l) => l.text), ['one', 'two']);
  const shown = record.messages.join('\n').split('\n');
  t.ok(shown.includes('Command: "echo one\\necho two"'), 'the Command: line is one line');
  t.ok(shown.some((l) => l.startsWith('[1/2] host: "echo one\\necho two" (timeout')), 'so is the announcement');
  t.ok(shown.includes('Command: echo plain'), 'a command without one is shown as written');
});

t.test('both streams past the byte cap without a line limit: each named with its count, alike in the report, the record and the log', async (t) => {
  const log = path.join(t.testdir({}), 'limits.jsonl');
  const flood = "i=0; while [ $i -lt 20000 ]; do printf '%0100d\\n' $i; printf '%0100d\\n' $i >&2; i=$((i+1)); done; sleep 30";
  const record = await recordText(`stop:\n  commands:\n    - run: "${flood}"\n      timeout: "2s"\n`, { ...options, log });
  const [command] = record.commands;
  t.equal(command.outcome, 'timeout');
  const [event] = parseLog(readFileSync(log, 'utf8'));
  for (const stream of ['stdout', 'stderr'] as const) {
    const { printed, shown, omitted } = command.streams[stream];
    t.equal(printed, 20000, `${stream}: every line counted`);
    t.ok(omitted > 0 && omitted === printed - shown, `${stream}: ${omitted} lines omitted`);
    t.ok(command.report.split('\n').includes(`${stream}: ... (${omitted} lines omitted)`), `${stream}: the report names it with its count`);
    t.match(event, { event: 'timeout', streams: { [stream]: { printed, shown, omitted } } }, `${stream}: the log's count is the record's`);
  }
});

t.test('an interruption is logged as its signal comes: the command running, the signal, the commands left; before the stop is over', async (t) => {
  const log = path.join(t.testdir({}), 'logs', 'limits.jsonl');
  const controller = new AbortController();
  // A command that ignores SIGTERM keeps its stop going through the grace period: the event is there before it ends.
  const config = "stop:\n  commands:\n    - run: \"echo first\"\n    - run: \"trap '' TERM; echo deaf; sleep 30 & wait; sleep 30\"\n    - run: \"echo never\"\n";
  const run = recordText(config, { ...options, log, signal: controller.signal, write: (text) => void (text.startsWith('[2/3]') && setTimeout(() => controller.abort('SIGTERM'), 500)) });
  await new Promise((resolve) => controller.signal.addEventListener('abort', resolve));
  const [event] = parseLog(readFileSync(log, 'utf8'));
  t.match(event, { event: 'interrupted', signal: 'SIGTERM', exitStatus: 143, command: "trap '' TERM; echo deaf; sleep 30 & wait; sleep 30", commandNumber: 2, context: 'host', commandsNotRun: 1, commandsTotal: 3 });
  t.ok(event.event === 'interrupted' && event.durationMs !== null && event.durationMs >= 400, `it had run ${event.event === 'interrupted' ? event.durationMs : '?'} ms`);
  t.ok(!Number.isNaN(Date.parse(event.timestamp)));
  const record = await run;
  t.match(record.commands[1], { outcome: 'interrupted', exitCode: 143 });
  t.equal(parseLog(readFileSync(log, 'utf8')).length, 1, 'one event: the stop adds no other');
});

t.test('a signal before the first command is logged with no command running and every command left; an abort that names no signal is not', async (t) => {
  const dir = t.testdir({});
  const early = path.join(dir, 'early.jsonl');
  const record = await recordText('stop:\n  commands:\n    - run: "echo never"\n    - run: "echo nor this"\n', { ...options, log: early, signal: AbortSignal.abort('SIGINT') });
  t.equal(record.commands.length, 0, 'nothing ran');
  t.match(parseLog(readFileSync(early, 'utf8')), [{ event: 'interrupted', signal: 'SIGINT', exitStatus: 130, command: null, commandNumber: null, duration: null, commandsNotRun: 2, commandsTotal: 2 }]);
  const cancelled = path.join(dir, 'cancelled.jsonl');
  await recordText('stop:\n  commands:\n    - run: "echo never"\n', { ...options, log: cancelled, signal: AbortSignal.abort() });
  t.notOk(existsSync(cancelled), "a caller's cancellation is no interruption of spec-run exec: nothing logged");
});

t.test("cpus above the engine's CPUs is refused before anything runs, with the file's other problems; within them it runs", async (t) => {
  const engine = await dockerEngine();
  t.ok(engine.ok, "the Docker engine answers");
  if (!engine.ok) return;
  const { stdout } = await execa('docker', ['info', '--format', '{{.NCPU}}']);
  const cpus = Number(stdout.trim());
  const dir = t.testdir({});
  const marker = path.join(dir, 'ran');
  const text = `stop:\n  commands:\n    - run: "touch ran"\n    - run: "echo hi"\n      image: spec-run/busybox:local\n      cpus: ${cpus + 62}\n    - run: "echo hi"\n      maxOutputLines: 0\n`;
  const record = await recordText(text, { configDir: dir, projectRoot: dir, imageAliases: OFFLINE_IMAGES, configName: 'stop.yaml' });
  t.equal(record.exitStatus, 2);
  t.same(record.commands, [], 'no command ran');
  t.notOk(existsSync(marker), 'not even the first, which the file has right');
  t.same(record.messages, [
    'Error: invalid configuration stop.yaml:',
    `  stop.yaml:6:13: stop.commands[1].cpus: must be at most ${cpus}, the CPUs the Docker engine offers (its range is from 0.01 to ${cpus}), not ${cpus + 62}`,
    record.messages[2],
  ]);
  t.match(record.messages[2], /^ {2}stop\.yaml:8:23: stop\.commands\[2\]\.maxOutputLines: /, "the file's other problem after it, in its order");
  const within = await recordText(`stop:\n  commands:\n    - run: "echo hi"\n      image: spec-run/busybox:local\n      cpus: ${cpus}\n`, { configDir: dir, projectRoot: dir, imageAliases: OFFLINE_IMAGES });
  t.equal(within.exitStatus, 0, 'all the CPUs the engine offers are accepted, and run');
  t.same(within.commands[0]?.lines.map((l) => l.text), ['hi']);
});
