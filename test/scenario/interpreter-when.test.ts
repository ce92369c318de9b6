// The interpreter's When rules for where a command runs, several commands in one
// setup, and facts about the run as a whole (spec-run exec's own status, times said
// with a qualifier), on paraphrases written for these tests (none from a batch), and
// sentences they must not bind or must read otherwise.
import t from 'tap';
import { tokenize } from '../../src/run/scenario/interpreter/lexicon.js';
import { configure, observe } from '../../src/run/scenario/interpreter/observation.js';
import type { Observation } from '../../src/run/scenario/interpreter/observation.js';
import { readThen } from '../../src/run/scenario/interpreter/then.js';
import type { RunRecord } from '../../src/executor/record.js';
import { readSetup as setupOf } from './when-readings.js';


/** The configuration file the interpreter writes for SENTENCE, as plain data. */
const fileOf = (sentence: string, yaml: string | null = null): { stop: { commands: Record<string, unknown>[] } } => {
  const read = setupOf(sentence);
  if (!read) throw new Error(`not read: ${sentence}`);
  const { config } = configure(yaml === null ? null : { text: yaml, line: 1 }, read.setup);
  return { stop: { commands: config.commands.map((c) => ({ run: c.run, ...(c.image ? { image: c.image } : {}), ...(c.workdir ? { workdir: c.workdir } : {}), ...(c.memory ? { memory: c.memory } : {}), ...(c.cpus !== undefined ? { cpus: c.cpus } : {}), ...(c.maxOutputLines !== undefined ? { maxOutputLines: c.maxOutputLines } : {}) })) } };
};

const thenText = (sentence: string): string | null => {
  const reading = readThen(sentence);
  return reading.ok ? reading.parts.map((p) => p.text).join(' ∧ ') : null;
};

t.test('an image named after "in"/"inside" the command or its verb is where it runs, never a command', (t) => {
  for (const sentence of ['`printf ok` runs in `alpine`', 'printf ok is executed in busybox', '`printf ok` in `node:20`', 'a command in `python:3.12-slim` runs `printf ok`', '`printf ok` is run inside `registry.example/tools/sh:1`']) {
    const read = setupOf(sentence);
    t.ok(read && read.setup.run === 'printf ok' && read.setup.context === 'docker' && read.setup.image !== undefined, sentence, { got: read?.text });
  }
  t.equal(setupOf('`printf ok` runs in `alpine`')?.setup.image, 'alpine');
  // Not an image reference: a word after "in" stays what it was, and no second command is made of it.
  for (const sentence of ['`sleep 5` runs in `build`', 'echo hi runs in parallel', '`sleep 2` runs in `/tmp/work`']) {
    const read = setupOf(sentence);
    t.ok(read === null || (read.setup.run === sentence.match(/`?((?:sleep|echo) \w+)/)?.[1] && read.setup.context !== 'docker'), `${sentence} is not read as a container or a second command`, { got: read?.text });
  }
  t.notOk(/\brun `build`/.test(setupOf('`sleep 5` runs in `build`')?.text ?? ''), 'a quoted text after "in" is not a command line');
  t.same(tokenize('the report is in alpine').filter((x) => x.kind === 'entity'), [], 'no command before "in": alpine stays a word');
  t.end();
});

t.test('a field said of a command in an image, on the host, or of a command without a key', (t) => {
  t.match(setupOf('a command in `alpine` sets `workdir: /srv` and `env: { MODE: fast }` and runs `pwd`'), { setup: { context: 'docker', image: 'alpine', run: 'pwd', fields: { workdir: '/srv', env: { MODE: 'fast' } } } });
  t.match(setupOf('a command on the host sets `cpus: 2`'), { setup: { context: 'host', fields: { cpus: 2 } } });
  for (const sentence of ['a command without `image:` sets `memory: "64m"`', 'a command with no `image` key sets `memory: "64m"`', 'the command has no `image:` and sets `memory: "64m"`']) {
    const read = setupOf(sentence);
    t.ok(read && read.setup.context === 'host' && read.setup.fields.memory === '64m' && read.setup.image === undefined, sentence, { got: read?.text });
  }
  t.equal(setupOf('no maxOutputLines is set')?.text, 'no maxOutputLines field', 'a key said to be absent, alone, is still read whole');
  t.match(setupOf('`spec-run exec --project /tmp/p` runs `ls` in `alpine`'), { setup: { run: 'ls', invocation: { project: '/tmp/p' } } }, "spec-run exec's own command line is never a command it runs: its options are the run's");
  t.end();
});

t.test('several commands: by place, "another", and a place without its noun', (t) => {
  t.same(fileOf('a command with `image: alpine` sets `workdir: /a`, another sets `maxOutputLines: 7`, and a third sets `image: busybox`').stop.commands.map(({ run: _run, ...fields }) => fields), [{ image: 'alpine', workdir: '/a' }, { maxOutputLines: 7 }, { image: 'busybox' }]);
  const two = fileOf('the second command runs `sleep 5` with a timeout of 1 second');
  t.equal(two.stop.commands.length, 2);
  t.equal(two.stop.commands[1].run, 'sleep 5', 'what the second command runs is its own');
  t.not(two.stop.commands[0].run, 'sleep 5', 'the first command does not run it');
  const read = setupOf('the second command exits with 3 and the first prints "hello"');
  t.match(read?.setup.byCommand, [{ says: [{ text: 'hello' }] }, { exitCode: 3 }]);
  t.equal(setupOf('another one sets `maxOutputLines: 4`')?.text, 'command 2: maxOutputLines: 4', '"another" with no place before it is the second');
  // "only": the entry holds that field and nothing else, not even a run (which the loader then refuses).
  const only = configure(null, setupOf('a command runs `echo a`, then a second entry that has only `timeout: "5s"`')!.setup);
  t.equal(only.errors.length > 0, true, 'an entry without run is refused by the loader');
  t.match(only.errors.map((e) => e.message).join('\n'), /run/);
  // Into a block: the place's fields go into that entry, a new one after the last.
  const block = 'stop:\n  commands:\n    - run: echo one\n';
  const placed = fileOf('the second command runs `echo two` in `alpine`', block);
  t.same(placed.stop.commands.map((c) => [c.run, c.image]), [['echo one', undefined], ['echo two', 'alpine']]);
  // Not a command's place.
  t.equal(setupOf('the first line is long'), null, '"the first line" is no command');
  t.equal(setupOf('only `sleep 1` runs'), null, '"only" without a place is not read');
  t.end();
});

t.test('the exit status of a run that ran no command is spec-run exec\'s; "the run stops with status N" is it exiting', async (t) => {
  const rejected: RunRecord = { config: { defaultTimeout: { kind: 'inherit' }, commands: [] }, errors: [{ line: 1, column: 1, message: 'x', path: 'stop' }], commands: [], messages: [], exitStatus: 2 };
  const observed = (record: RunRecord) => ({ record, scale: 1, documented: [], runs: [], synthesized: [], notes: [], files: [], other: async () => record, rerun: () => Promise.reject(new Error("not run again")) }) as Observation;
  for (const sentence of ['the exit status is 2', 'the status code is 2', 'it exits with status 2']) {
    const reading = readThen(sentence);
    t.ok(reading.ok, sentence);
    if (reading.ok) t.ok((await reading.parts[0].evaluate(observed(rejected))).ok, `${sentence}: true of a rejected run exiting 2`);
    if (reading.ok) t.notOk((await reading.parts[0].evaluate(observed({ ...rejected, exitStatus: 1 }))).ok, `${sentence}: false of one exiting 1`);
  }
  for (const sentence of ['the run stops with status 2', 'spec-run exec ends with exit code 2', 'the hook exits with status 2']) {
    const text = thenText(sentence);
    t.ok(text === null || text.startsWith("spec-run exec's exit status == 2"), sentence, { got: text });
    t.notMatch(text ?? '', /stopped/, `${sentence}: not read as a command stopped`);
  }
  t.match(thenText('the command is stopped with status 124'), /it was stopped .*exit code == 124/, 'a command stopped is still that');
  for (const sentence of ['it exits with status 2 without running anything', 'the hook returns code 2 without starting a command']) {
    t.notMatch(thenText(sentence) ?? '', /not \(exit code/, `${sentence}: "without" does not deny the status`);
  }
  t.end();
});

t.test('a little over, just under, and kin: a time bounded on both sides', (t) => {
  for (const sentence of ['the command takes a little over 3 seconds', 'it runs slightly longer than three seconds', 'its `Duration:` is just over 3 s', 'it is stopped shortly after 3 seconds']) {
    t.match(thenText(sentence), /≥ 3 s( \(−10 ms: a timer may fire early\))?, by at most 750 ms/, sentence);
  }
  for (const sentence of ['the command takes a little under 3 seconds', 'it finishes just before 3 seconds', 'it takes slightly less than three seconds']) {
    t.match(thenText(sentence), /≤ 3 s( \(\+150 ms: an end is seen after it happens\))?, by at most 750 ms/, sentence);
  }
  t.match(thenText('it takes well under a second'), /elapsed ≤ 500 ms \(clearly under 1 s: at most half of it\)$/, '"well under" stays a bound on one side: clearly under, at most half');
  t.equal(thenText('it is killed shortly after the SIGTERM'), 'SIGKILL sent after SIGTERM', '"shortly after" a signal is still after it');
  t.match(thenText('it finishes no sooner than 2 seconds'), /≥ 2 s \(−10 ms: a timer may fire early\)$/);
  t.end();
});

t.test('a pronoun is the subject last named; a status of the executor beside a command is its own fact', (t) => {
  t.match(thenText('the second command is skipped, spec-run exec prints `stopped early`, and it exits with status 130'), /spec-run exec's exit status == 130$/, '"it" after "spec-run exec prints" is the executor');
  t.match(thenText('the first command is announced with `(timeout 2s, from command)` and runs its full two seconds'), /the command 1: elapsed/, '"its" with no other subject between is the opening one');
  t.match(thenText('the executor prints `done` and exits with status 4'), /spec-run exec's exit status == 4$/, 'a later clause of a sentence about the executor is the executor\'s');
  t.notMatch(thenText('the runner fails and `leak` is never printed') ?? '', /spec-run exec shows/, 'a clause with a text of its own is not made the executor\'s');
  t.notMatch(thenText('the first command is announced with `(timeout 2s, from command)` and runs its full two seconds') ?? '', /∧ elapsed/, 'not every command');
  for (const sentence of ['the command is reported as failed and the hook exits with code 1', "the command's exit code is 3, and so is the runner's status"]) {
    t.notMatch(thenText(sentence) ?? '', /^(?!.*spec-run exec's exit status).*exit code == \d+$/, `${sentence}: the executor's status is not dropped into a command's`);
  }
  t.end();
});

t.test("spec-run exec's command line, its options alone, and the files the scenario says exist", (t) => {
  t.match(setupOf('`spec-run exec --log out/events.jsonl hook.yaml` runs `sleep 9` with a timeout of 1 second'), { setup: { run: 'sleep 9', invocation: { log: 'out/events.jsonl', config: 'hook.yaml' } } });
  t.match(setupOf('`spec-run exec absent.yaml` points to a file that is missing'), { setup: { invocation: { config: 'absent.yaml', configMissing: true } } });
  t.match(setupOf('`spec-run exec --log run.jsonl absent.yaml` is run, and `absent.yaml` does not exist'), { setup: { invocation: { config: 'absent.yaml', configMissing: true } } });
  t.match(setupOf('`--log run.jsonl` is passed'), { setup: { invocation: { log: 'run.jsonl' } } });
  t.match(setupOf('the runner is launched with `--project elsewhere`'), { setup: { invocation: { project: 'elsewhere' } } });
  t.equal(setupOf('`spec-run exec --verbose hook.yaml` runs `true`'), null, 'an option the executor does not have is not read');
  t.equal(setupOf('`spec-run exec --log` runs `true`'), null, 'an option without its value is not read');
  t.match(setupOf('`/srv/app` contains `package.json`, `src/index.js` and a folder `dist`'), { setup: { files: [{ dir: '/srv/app', name: 'package.json', directory: false }, { dir: '/srv/app', name: 'src/index.js' }, { name: 'dist', directory: true }] } });
  t.match(setupOf('the project directory holds a file named `Makefile`'), { setup: { files: [{ dir: 'project', name: 'Makefile' }] } });
  t.equal(setupOf('`/srv/app` contains `../secret`'), null, 'a name outside the directory is not made');
  t.equal(setupOf('a folder `dist`'), null, 'a directory named alone is not the working directory');
  t.end();
});

t.test('files after the run, and a line of the --log file', async (t) => {
  t.equal(thenText('`out/run.jsonl` is created'), 'a file out/run.jsonl exists after the run (in its directory)');
  t.equal(thenText('no file `report.txt` gets created'), 'not (a file report.txt exists after the run (in its directory))');
  t.equal(thenText('`echo done` is never started'), '`echo done` never ran', 'a command line is not a file');
  t.equal(thenText('the log gains a line with `"event":"timeout"`, `"exitCode":124` and `"signal":"SIGTERM"`'), 'one line of the --log file holds "event":"timeout", "exitCode":124, "signal":"SIGTERM"', 'members listed together are one line\'s');
  t.equal(thenText('the log gains a line with `timed out`'), null, 'a text that is no JSON member is not read as the log\'s');
  const reading = readThen('the log gains a line with `"event":"timeout"` and `"exitCode":124`');
  t.ok(reading.ok);
  if (!reading.ok) return;
  const record: RunRecord = { config: { defaultTimeout: { kind: 'inherit' }, commands: [] }, errors: [], commands: [], messages: [], exitStatus: 0 };
  const withLog = (lines: string[] | null) => ({ record, scale: 1, documented: [], runs: [], synthesized: [], notes: [], files: [], log: { name: 'l.jsonl', lines }, other: async () => record, rerun: () => Promise.reject(new Error("not run again")) }) as Observation;
  t.ok((await reading.parts[0].evaluate(withLog(['{"event":"timeout","exitCode":124}']))).ok, 'one line with both');
  t.notOk((await reading.parts[0].evaluate(withLog(['{"event":"timeout","exitCode":137}', '{"event":"memory-limit","exitCode":124}']))).ok, 'two lines with one each are not one line with both');
  t.notOk((await reading.parts[0].evaluate(withLog(null))).ok, 'no log file');
  t.end();
});

t.test('several commands listed in one When, one each in order; two command lines said of none are not read', (t) => {
  t.same(fileOf('the file declares the container commands `uname -a`, `id -u` and `pwd`').stop.commands.map((c) => [c.run, c.image]), [['uname -a', 'alpine'], ['id -u', 'alpine'], ['pwd', 'alpine']]);
  t.same(fileOf('the configuration holds four commands: `true`, then `false`, then `exit 3`, then `echo end`').stop.commands.map((c) => c.run), ['true', 'false', 'exit 3', 'echo end']);
  t.equal(setupOf('the configuration lists two commands: `a x`, `b y` and `c z`'), null, 'a count that is not the number listed');
  t.equal(setupOf('`sleep 1` runs and `sleep 2` runs'), null, 'two command lines, and which command runs which is not said');
  t.match(setupOf('the configuration has a command `ls -la` on the host'), { setup: { run: 'ls -la', context: 'host' } }, '"has a command `x`" names it');
  t.end();
});

t.test('"times out" beside a command line is a claim for the Thens, and "its only command" is the one command', (t) => {
  t.match(setupOf('`sleep 30` times out under `timeout: "2s"`'), { text: /run `sleep 30` \(said to time out: the Thens check it\); timeout: "2s"/, setup: { run: 'sleep 30', fields: { timeout: '2s' } } });
  t.match(setupOf('`sleep 30` runs under `timeout: "2s"`'), { setup: { run: 'sleep 30', fields: { timeout: '2s' } } }, 'a configuration line after "under" is no place');
  t.equal(setupOf('`sleep 30` runs under `/srv`'), null, 'a path after "under" is not read');
  t.match(setupOf('its only command is `printf x` with `timeout: null`'), { setup: { run: 'printf x', fields: { timeout: null } } });
  t.equal(setupOf('only `printf x` runs'), null, '"only" not before "command" is not read');
  t.end();
});

t.test('"the first line is …" naming neither the output nor the report is either one\'s first line', (t) => {
  t.equal(thenText('the first line is `Error: Command failed with exit code 3`'), 'line 1 of the output shown, or of the report, or of all spec-run exec printed, == "Error: Command failed with exit code 3"');
  t.equal(thenText('the first line of the output is `alpha`'), 'line 1 of the output shown == "alpha"', 'the output named: its line only');
  t.end();
});

t.test('spec-run exec interrupted: by which signal, when, and from which start', (t) => {
  t.match(setupOf('spec-run exec gets SIGTERM three quarters of a second after it was started')?.setup.interrupt, { signal: 'SIGTERM', atMs: 750 });
  t.match(setupOf('half a second in, the run is interrupted')?.setup.interrupt, { signal: 'SIGINT', atMs: 500 }, 'an interrupt with no signal is Ctrl-C\'s');
  t.same(setupOf('the hook receives SIGHUP 2 s after the third command starts')?.setup.interrupt, { signal: 'SIGHUP', atMs: 2000, afterCommand: 2 });
  t.equal(setupOf('the hook receives SIGHUP 2 s after the third command starts')?.setup.byCommand, undefined, 'the command it is said after is when, not which command is set up');
  t.equal(setupOf('spec-run exec is sent SIGKILL after 1 s'), null, 'a signal spec-run exec does not handle as an interrupt');
  t.equal(setupOf('the second command receives SIGINT after 1 s'), null, 'a signal to a command is not spec-run exec interrupted');
  t.equal(setupOf('the executor is killed after two seconds'), null, 'killed is not interrupted');
  t.equal(setupOf('spec-run exec is never interrupted within 3 s'), null, 'negated');
  t.end();
});

t.test('an interrupt is sent for real: the command stopped, the commands after it not run, 128 + its number', async (t) => {
  const read = setupOf('spec-run exec is sent SIGTERM 300 ms after the first command started');
  t.ok(read);
  if (!read) return;
  const yaml = { text: 'stop:\n  commands:\n    - run: "echo started; sleep 20"\n    - run: "echo never"\n', line: 1 };
  const { record } = await observe(yaml, read.setup, {});
  t.equal(record.commands.length, 1, 'the second command did not run');
  t.equal(record.commands[0].outcome, 'interrupted');
  t.equal(record.exitStatus, 143, "spec-run exec's status for SIGTERM");
  t.equal(record.messages.at(-1), 'interrupted by SIGTERM: 1 of 2 commands not run');
  t.ok(record.commands[0].elapsedMs < 5000, 'stopped long before its sleep ended');
});

t.test('parts of a configuration said in other words: the `stop:` section, a single command, a command in apposition, no run', (t) => {
  t.equal(setupOf('the `stop:` block sets `defaultTimeout: "3s"`')?.text, 'defaultTimeout: "3s"', '`stop:` is the section, never a command line');
  for (const sentence of ['neither the command nor the `stop:` section mentions a timeout', 'neither the section nor the entry says anything about timeouts']) {
    t.match(setupOf(sentence)?.setup, { omitTimeout: true, defaultTimeout: undefined }, sentence);
  }
  t.equal(setupOf('the command says nothing about its output'), null, 'saying nothing about something other than timeouts is not read as no timeout');
  t.match(setupOf('the file has just one container command, `uname -r`')?.setup, { run: 'uname -r', context: 'docker' });
  t.match(setupOf('the configuration includes a host command, `date`, and its timeout is 4 seconds')?.setup, { run: 'date', context: 'host', timeoutMs: 4000 });
  t.match(setupOf("the config's second entry has `user: nobody` but no `run:`")?.setup.byCommand?.[1], { only: true, fields: { user: 'nobody' } }, 'the entry said to have no run gets none');
  t.same(setupOf("the file's first command has `run: \"true\"` and an unknown `retrys: 1`, and its second command has `network: none` but no `run:`")?.setup.byCommand?.map((c) => [c.fields, c.only ?? false]), [[{ run: 'true', retrys: 1 }, false], [{ network: 'none' }, true]], 'each clause said of the command named nearest before it');
  t.equal(setupOf('a misnamed `sleepp: 3`')?.text, 'sleepp: 3', 'a `key: value` line is configuration, never a command line');
  t.end();
});

t.test('a file or directory said not to be there is true of the fresh directory', (t) => {
  for (const sentence of ['the directory of the configuration holds nothing named `build`', 'the project has no `dist`']) {
    t.match(setupOf(sentence)?.text, /does not exist before the run/, sentence);
  }
  t.equal(setupOf('the command has no `dist`'), null, 'said of a command, not of a directory');
  t.equal(setupOf('the project holds `dist`')?.text, 'the project directory holds dist', 'held, not absent');
  t.end();
});

t.test('"it says `…`" of no command, in a run whose configuration was refused, is looked for in what the run printed', async (t) => {
  const refused: RunRecord = { config: { defaultTimeout: { kind: 'inherit' }, commands: [] }, errors: [{ line: 4, column: 7, message: "unknown key 'retrys'", path: 'stop.commands[0].retrys' }], commands: [], messages: ['Error: invalid configuration c.yaml:', "  c.yaml:4:7: stop.commands[0].retrys: unknown key 'retrys'"], exitStatus: 2 };
  const observed = { record: refused, scale: 1, documented: [], runs: [], synthesized: [], notes: [], files: [], other: async () => refused, rerun: () => Promise.reject(new Error("not run again")) } as Observation;
  const says = readThen("the error says `unknown key 'retrys'`");
  const absent = readThen('it says `every command needs`');
  t.ok(says.ok && absent.ok);
  if (!says.ok || !absent.ok) return;
  t.ok((await says.parts[0].evaluate(observed)).ok, 'found in the error lines');
  t.notOk((await absent.parts[0].evaluate(observed)).ok, 'a text the run did not print is not found');
});

t.test('a directory named after the word "directory" holds the files said after the verb, with their text', (t) => {
  t.match(setupOf('spec-run exec runs with `--project site`, where the folder `site` holds a file `index.html` containing `<h1>hi</h1>`')?.setup, { invocation: { project: 'site' }, files: [{ dir: 'site', name: 'index.html', content: '<h1>hi</h1>' }] });
  t.match(setupOf('the directory `cache` contains a directory `tmp`')?.setup.files, [{ dir: 'cache', name: 'tmp', directory: true }]);
  t.equal(setupOf('the directory `a` and `b` hold `c.txt`'), null, 'a quoted text before the verb that names no directory');
  t.end();
});

t.test('"A is V, and so is B": B is V too, a fact of its own', (t) => {
  t.equal(thenText("the command's exit code is 2, and so is spec-run exec's exit status"), "exit code == 2 ∧ spec-run exec's exit status == 2");
  t.equal(thenText('the exit code is 3, as is the status of the executor'), "exit code == 3 ∧ spec-run exec's exit status == 3");
  t.notMatch(thenText('the exit code is 3, and so the run stopped') ?? '', /∧ .*== 3/, 'only "so is" says the value again');
  t.end();
});

t.test('an empty command list said in prose is the stop hook\'s list, never a key of a command', (t) => {
  for (const sentence of ['the configuration has `commands: []` under `stop:`', 'the file holds `stop:` with `commands: []`']) {
    const read = setupOf(sentence);
    t.ok(read?.setup.noCommands, sentence, { got: read?.text });
    if (!read) continue;
    const { config, errors } = configure(null, read.setup);
    t.same(config.commands, [], `${sentence}: no command in the file`);
    t.ok(errors.some((e) => e.path === 'stop.commands' && /empty list/.test(e.message)) && !errors.some((e) => /unknown key/.test(e.message)), `${sentence}: refused as an empty list, not for a key`, { errors });
  }
  // A list that is not empty, or one said of a command, is not read as the hook's.
  for (const sentence of ['the configuration contains `commands: [a]`', 'a host command sets `commands: []`']) t.equal(setupOf(sentence), null, sentence);
  t.end();
});
