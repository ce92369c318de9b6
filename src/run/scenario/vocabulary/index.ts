// The vocabulary of WHEN/THEN specifications of the command executor: WHEN steps
// describe a command (its fields, its configuration file, where the executor starts,
// what the command prints or how it ends); THEN steps observe `spec-run exec` running
// it. Parameter types carry the domain: {field} a configuration field, {stream}
// stdout or stderr, {duration} "30 seconds" or "30s", {path} a file or directory.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { After, defineParameterType, Given, Then, type World } from '../../../steps/index.js';
import { loadConfig, MAX_OUTPUT_LINES } from '../../../executor/config.js';
import { DEFAULT_CONFIG_DIR_ENV } from '../../../executor/cli.js';
import { stringify } from 'yaml';
import { processesWith } from '../world.js';
import { asCommandSees, configDir, configuredErrors, disposeSubject, execRun, FIELDS, inDocker, inScenarioTerms, nonce, omitField, outputLines, printer, PROBE_TIMEOUT, setField, shownLines, stopOf, subjectOf, valueOf, type ExecRun, type Sample } from './subject.js';

defineParameterType({ name: 'field', regexp: new RegExp(FIELDS.join('|')) });
defineParameterType({ name: 'stream', regexp: /stdout|stderr|standard output|standard error/, transformer: (s: string) => (s === 'stdout' || s === 'standard output' ? 'stdout' : 'stderr') });
defineParameterType({
  name: 'duration',
  regexp: /\d+ (?:seconds?|minutes?|hours?)|\d+[smh]/,
  transformer: (s: string) => {
    const m = /^(\d+) ?([smh])/.exec(s);
    return m ? `${m[1]}${m[2]}` : s;
  },
});
/** A path as documents write it: absolute, relative to the current directory, or through a variable. */
defineParameterType({ name: 'path', regexp: /[./$~][^\s()]*/ });

/** The line limit of a scenario that configures one without saying its value. */
const SAMPLE_LIMIT = 10;
/** How late a host timeout may fire. */
const TIMEOUT_SLACK_MS = 500;

const subject = (w: World) => subjectOf(w);
const limitOf = (w: World) => Number(subject(w).fields.maxOutputLines ?? SAMPLE_LIMIT);


/** The values a described value stands for: "a positive integer value in seconds", "a non-numeric value, zero, or negative number", "a value between 1 and 10000". */
function samplesOf(field: string, description: string): Sample[] {
  const d = description.toLowerCase();
  const isTimeout = /timeout/i.test(field);
  const samples: Sample[] = [];
  const range = /between (\d+) and (\d+)/.exec(d);
  if (range) return [Number(range[1]), Number(range[2])].map((n) => ({ value: n, valid: true }));
  const invalid = /non-numeric|negative|zero|invalid/.test(d);
  if (/non-numeric/.test(d)) samples.push({ value: isTimeout ? 'abc' : 'ten', valid: false });
  if (/zero/.test(d)) samples.push({ value: isTimeout ? '0s' : 0, valid: false });
  if (/negative/.test(d)) samples.push({ value: isTimeout ? '-5s' : -5, valid: false });
  if (!invalid && /positive integer/.test(d)) samples.push({ value: isTimeout ? '30s' : 100, valid: true });
  return samples;
}

function configErrors(field: string, value: unknown): string[] {
  return loadConfig(stringify({ stop: stopOf('true', { [field]: value }) })).errors.map((e) => e.message);
}

After(function () {
  disposeSubject(this);
});

// ---- WHEN: the command and its configuration ----

Given(new RegExp(`^a (?:stop )?command (?:includes|has|sets|is configured with) (?:an? |the )?(${FIELDS.join('|')})(?: field)?(?: set to| of|:) (.+)$`), function (field: string, value: string) {
  setField(this, field, valueOf(value));
});
Given('a( stop) command does not include a(n) {field} field', function (field: string) {
  omitField(subject(this), field);
});
Given(/^a command(?:'s)? execution time exceeds the configured timeout(?: duration)?$/, function () {
  const s = subject(this);
  s.fields.timeout ??= '30s';
  s.behaviour = 'exceeds-timeout';
});
Given(/^a command completes(?: execution)? within the configured timeout(?: duration)?$/, function () {
  const s = subject(this);
  s.fields.timeout ??= '30s';
  s.behaviour = 'within-timeout';
});
Given(new RegExp(`^(?:an? |the )?(${FIELDS.join('|')}) field contains (.+)$`), function (field: string, description: string) {
  const values = samplesOf(field, description);
  assert.ok(values.length > 0, `no sample value for "${description}": say positive integer, non-numeric, zero, negative, or between A and B`);
  subject(this).samples = { field, values };
  this.attach('values standing for the description', values);
});
Given('a command produces {stream} exceeding the {field} limit', function (stream: 'stdout' | 'stderr') {
  const s = subject(this);
  s.fields.maxOutputLines ??= SAMPLE_LIMIT;
  s.produces = { streams: [stream], overLimit: true };
});
Given('a command produces output within the {field} limit', function () {
  const s = subject(this);
  s.fields.maxOutputLines ??= SAMPLE_LIMIT;
  s.produces = { streams: ['stdout', 'stderr'], overLimit: false };
});
Given('both stdout and stderr are produced by a command with {field} configured', function () {
  const s = subject(this);
  s.fields.maxOutputLines ??= SAMPLE_LIMIT;
  s.produces = { streams: ['stdout', 'stderr'], overLimit: true };
});
Given(new RegExp(`^(${FIELDS.join('|')}) is configured(?: but| with) (.+)$`), function (field: string, rest: string) {
  const s = subject(this);
  if (field === 'maxOutputLines') s.fields.maxOutputLines ??= SAMPLE_LIMIT;
  const flags = [...rest.matchAll(/(show\w+)(?: is)? (true|false)/g)];
  assert.ok(flags.length > 0, `no "showStdout true/false" in "${rest}"`);
  for (const [, flag, value] of flags) setField(this, flag, value === 'true');
});
// "… and writes diagnostic information": what the executor's report of a failed command is; no other words are taken after "and".
Given(/^a (?:stop )?command fails(?: and writes diagnostic information(?: via eprintln)?)?$/, function () {
  subject(this).behaviour = 'fails';
});
Given('a( stop) command is configured in {path} located at {path}', function (_name: string, file: string) {
  subject(this).configFile = file;
});
/** What starts spec-run exec, as a scenario names it: a session, process or invocation, of a tool named by its capitalized name ("Claude Code session"). */
const STARTER = String.raw`(?:(?:the|a) )?(?:[A-Z][\w-]*(?: [A-Z][\w-]*)* )?(?:session|process|invocation)`;

Given(new RegExp(`^${STARTER} (?:runs|is started|starts) from ([./~]\\S*)$`), function (dir: string) {
  subject(this).invokedFrom = dir;
});
Given(new RegExp(`^the configuration file is in the same directory as ${STARTER}$`), function () {
  const s = subject(this);
  s.invokedFrom = path.dirname(s.configFile);
});
// The example, where there is one, is an absolute path: any other word is no example of one.
Given(/^a command uses an absolute path(?: \(e\.g\., \/\S*\))?$/, function () {
  subject(this).absolute = true;
});
Given('a( stop) command executes', function () {
  subject(this);
});
Given(/^a command(?: script)? references \$(\w+)$/, function (name: string) {
  subject(this).references = name;
});

// ---- THEN: timeouts ----

/**
 * The scenario's command under its timeout, scaled down to a probe's: one that outlives it,
 * unless a step said the command completes within it, in which case it does; a step
 * that claims a timeout then fails on what the scenario said, as it should.
 */
async function timedOutRun(w: World): Promise<ExecRun & { marker: string }> {
  const marker = nonce();
  const command = subject(w).behaviour === 'within-timeout' ? 'echo done' : `echo started; sleep ${marker}`;
  const run = await execRun(w, command, { ...subject(w).fields, timeout: PROBE_TIMEOUT });
  return { ...run, marker };
}

/**
 * The scenario's command as it ends, for a step claiming it completes: one that finishes
 * printing `output` (and then ends with `exit`), unless a step said it outlives its
 * timeout, in which case it does, under the probe's timeout.
 */
function completingRun(w: World, output: string, exit = ''): Promise<ExecRun> {
  const s = subject(w);
  // The command the scenario quotes, as configured: it is the one claimed to complete.
  if (s.run !== undefined) return execRun(w, s.run, s.fields);
  if (s.behaviour === 'exceeds-timeout' || s.behaviour === 'ignores-term') return execRun(w, `echo started; sleep ${nonce()}`, { ...s.fields, timeout: PROBE_TIMEOUT });
  return execRun(w, `${output}${exit}`, s.fields);
}

Then(/^the command(?: execution)? SHALL (?:terminate|time out|be terminated|be stopped) after (\d+ ?(?:seconds?|minutes?|hours?|[smh]))(?: if not completed)?$/, async function (this: World, duration: string) {
  assert.equal(subject(this).fields.timeout, valueOf(duration), 'the configured timeout');
  const run = await timedOutRun(this);
  this.attach('scaled', `the configured ${duration} is probed as ${PROBE_TIMEOUT}`);
  assert.equal(run.status, 124, 'exit status of a command stopped at its timeout');
  assert.match(run.console, /Error: Command execution timed out after 1s/);
  const reported = /^Duration: (\d+\.\d+)s$/m.exec(run.console);
  assert.ok(reported, 'the report gives the duration');
  const ms = Number(reported[1]) * 1000;
  assert.ok(ms >= 1000 && ms < 1000 + TIMEOUT_SLACK_MS, `stopped ${ms} ms after it started`);
});
Then(/^the hook SHALL (?:be blocked|return a blocked result) with an? (?:appropriate )?timeout error message$/, async function (this: World) {
  const run = await timedOutRun(this);
  assert.notEqual(run.status, 0, 'a timed-out command makes spec-run exec fail (blocks)');
  assert.match(run.console, /^Error: Command execution timed out/m);
});
Then('the process SHALL be terminated', async function (this: World) {
  const run = await timedOutRun(this);
  assert.equal(run.status, 124);
  assert.deepEqual(processesWith(run.marker), [], 'no process of the command is left');
});
Then(/^the error message SHALL include the timeout duration and (?:the )?command(?: that timed out)?$/, async function (this: World) {
  const run = await timedOutRun(this);
  assert.match(run.console, new RegExp(`^Timeout: ${PROBE_TIMEOUT}$`, 'm'));
  assert.ok(run.console.includes(`Command: ${run.command}`), 'the report names the command');
});
Then('the command( execution) SHALL continue without timeout restrictions', async function (this: World) {
  const run = await execRun(this, 'sleep 1.5; echo finished', subject(this).fields);
  this.attach('note', 'without a timeout field a command has no timeout of its own; the executor still applies the built-in 5m default of command-timeouts');
  assert.equal(run.status, 0);
  assert.match(run.console, /\(timeout 5m, from built-in default\)/);
  assert.match(run.console, /^finished$/m);
});
Then(/^existing behaviou?r SHALL be preserved(?: for backward compatibility)?$/, async function (this: World) {
  const s = subject(this);
  // What existed before is a configuration without the field a step said the command does not include.
  assert.ok(s.omitted.length > 0, 'a step says which field the command does not include ("a stop command does not include a timeout field"): behaviour is preserved against that field');
  assert.deepEqual(configuredErrors(this), [], `a configuration without ${s.omitted.join(', ')} loads`);
  const run = await execRun(this, 'echo as before', s.fields);
  assert.equal(run.status, 0);
  assert.match(run.console, /^as before$/m);
});
Then('the command SHALL proceed normally', async function (this: World) {
  const run = await completingRun(this, 'echo done');
  assert.equal(run.status, 0);
  assert.match(run.console, /OK: command succeeded/);
});
Then("success or failure SHALL be determined by the command's exit code", async function (this: World) {
  const ok = await completingRun(this, 'true', '; exit 0');
  const failed = await completingRun(this, 'true', '; exit 3');
  assert.deepEqual([ok.status, failed.status], [0, 3]);
});
Then('timeout logic SHALL not interfere with normal command completion', async function (this: World) {
  const run = await completingRun(this, 'sleep 0.2; echo completed');
  assert.equal(run.status, 0);
  assert.doesNotMatch(run.console, /timed out/);
  // The probe's own line; a quoted command prints what it prints.
  if (subject(this).run === undefined) assert.match(run.console, /^completed$/m);
});

// ---- THEN: configuration validation ----

function samples(w: World) {
  const s = subject(w).samples;
  assert.ok(s, 'a "field contains" step says which values');
  return s;
}

Then('the configuration SHALL be accepted', function (this: World) {
  if (!subject(this).samples) {
    assert.deepEqual(configuredErrors(this), [], 'the configuration loads without errors');
    return;
  }
  const { field, values } = samples(this);
  for (const v of values.filter((x) => x.valid)) assert.deepEqual(configErrors(field, v.value), [], `${field}: ${JSON.stringify(v.value)} is accepted`);
});
Then(/^the (timeout|limit|defaultTimeout|maxOutputLines) SHALL be applied during command execution$/, async function (this: World, named: string) {
  const { field, values } = samples(this);
  // What is named must be the field the scenario's values are of: "the limit" is maxOutputLines's, "the timeout" a timeout's.
  assert.ok(named === field || (named === 'timeout' && /timeout/i.test(field)) || (named === 'limit' && field === 'maxOutputLines'), `"the ${named}" is not the field the scenario's values are of (${field})`);
  const valid = values.filter((v) => v.valid);
  assert.ok(valid.length > 0);
  if (/timeout/i.test(field)) {
    const run = await timedOutRun(this);
    assert.equal(run.status, 124, `a command past its timeout (configured ${String(valid[0].value)}, probed as ${PROBE_TIMEOUT}) is stopped`);
    return;
  }
  for (const v of valid) {
    const n = Number(v.value);
    const run = await execRun(this, printer({ stdout: n + 3 }), { [field]: n });
    assert.ok(shownLines(run).includes(`out-${n}`) && !shownLines(run).includes(`out-${n + 1}`), `${field} ${n}: line ${n} shown, line ${n + 1} not`);
  }
});
Then(/^the configuration(?: loading)? SHALL fail(?: with a validation error)?$|^(?:configuration )?validation SHALL fail$/, async function (this: World) {
  if (!subject(this).samples) {
    const errors = configuredErrors(this);
    this.attach('errors', errors);
    assert.ok(errors.length > 0, 'the configuration has errors');
    assert.equal((await execRun(this, 'true', subject(this).fields, { configuration: true, expectRejection: true })).status, 2, 'spec-run exec refuses the configuration');
    return;
  }
  const { field, values } = samples(this);
  for (const v of values.filter((x) => !x.valid)) {
    assert.notDeepEqual(configErrors(field, v.value), [], `${field}: ${JSON.stringify(v.value)} is rejected`);
    const run = await execRun(this, 'true', { [field]: v.value }, { configuration: true, expectRejection: true });
    assert.equal(run.status, 2, 'spec-run exec refuses the configuration');
  }
});
Then(/^the error message SHALL indicate the (\w+) value format issue$/, function (this: World, named: string) {
  const { field, values } = samples(this);
  assert.equal(named, field);
  for (const v of values.filter((x) => !x.valid)) {
    const [message] = configErrors(field, v.value);
    this.attach(`error for ${JSON.stringify(v.value)}`, message);
    assert.ok(message.includes(field), 'names the field');
    assert.ok(message.includes(String(v.value)), 'names the value');
    assert.match(message, /must be|Valid:|positive/, 'says the valid form');
  }
});
Then('values outside this range SHALL be rejected with a helpful error message', function (this: World) {
  const { field, values } = samples(this);
  const [low, high] = values.map((v) => Number(v.value));
  for (const outside of [low - 1, high + 1]) {
    const [message] = configErrors(field, outside);
    assert.ok(message, `${field}: ${outside} is rejected`);
    this.attach(`error for ${outside}`, message);
    assert.ok(message.includes(`${low} to ${high}`), 'the message gives the range');
  }
  assert.equal(high, MAX_OUTPUT_LINES);
});

// ---- THEN: output limits ----

/** Each stream the scenario produces prints three times the limit (or one line less than it), and the command fails. */
function overflowRun(w: World, exit = 1): Promise<ExecRun> {
  const s = subject(w);
  const limit = limitOf(w);
  const streams = s.produces?.streams ?? ['stdout', 'stderr'];
  const count = s.produces?.overLimit === false ? limit - 1 : limit * 3;
  // stderr prints a few more lines than stdout, so that counts mixed up between streams show.
  const extra = s.produces?.overLimit === false ? 0 : 7;
  const counts = { stdout: streams.includes('stdout') ? count : 0, stderr: streams.includes('stderr') ? count + extra : 0 };
  return execRun(w, printer(counts, exit), s.fields);
}

function streamLines(run: ExecRun, stream: 'stdout' | 'stderr'): string[] {
  const tag = stream === 'stdout' ? 'out-' : 'err-';
  return shownLines(run).filter((l) => l.startsWith(tag));
}

function indicator(run: ExecRun, stream: 'stdout' | 'stderr'): number | null {
  const m = new RegExp(`^${stream}: \\.\\.\\. \\((\\d+) lines? omitted\\)$`, 'm').exec(run.console);
  return m ? Number(m[1]) : null;
}

Then(/^(stdout and stderr|stdout|stderr|the output) SHALL (?:each )?be (?:limited|truncated) to (\d+) lines(?: maximum| each)?$/, async function (this: World, which: string, n: string) {
  assert.equal(limitOf(this), Number(n), 'the configured maxOutputLines');
  const run = await overflowRun(this);
  for (const stream of ['stdout', 'stderr'] as const) if (which.includes(stream) || which === 'the output') assert.equal(streamLines(run, stream).length, Number(n), `${stream} lines shown`);
});
Then('output exceeding the limit SHALL be truncated with a clear indicator', async function (this: World) {
  const run = await overflowRun(this);
  assert.ok(indicator(run, 'stdout') !== null || indicator(run, 'stderr') !== null, 'a "... (N lines omitted)" indicator');
});
Then(/^(?:the command output|all output lines) SHALL be displayed(?: in full without truncation)?$/, async function (this: World) {
  const s = subject(this);
  const count = s.fields.maxOutputLines === undefined ? 5000 : limitOf(this) - 1;
  const run = await execRun(this, printer({ stdout: count, stderr: count }), s.fields);
  assert.equal(streamLines(run, 'stdout').length, count, 'stdout lines shown');
  assert.equal(streamLines(run, 'stderr').length, count, 'stderr lines shown');
});
Then('no truncation indicator SHALL be shown', async function (this: World) {
  const run = await overflowRun(this, 0);
  assert.doesNotMatch(run.console, /lines? omitted|Showing \d+ of/);
});
Then(/^only the first (?:N|\d+) lines SHALL be displayed$/, async function (this: World) {
  const run = await overflowRun(this);
  const limit = limitOf(this);
  for (const stream of subject(this).produces?.streams ?? ['stdout']) {
    const tag = stream === 'stdout' ? 'out-' : 'err-';
    assert.deepEqual(streamLines(run, stream), Array.from({ length: limit }, (_, i) => `${tag}${i + 1}`), `the first ${limit} ${stream} lines`);
  }
});
Then(/^a truncation indicator SHALL be appended(?: \(e\.g\., "(.+)"\))?$/, async function (this: World, example: string | undefined) {
  const run = await overflowRun(this);
  for (const stream of subject(this).produces?.streams ?? ['stdout']) {
    const lines = shownLines(run);
    const at = lines.findIndex((l) => l.startsWith(`${stream}: ... (`));
    assert.ok(at > lines.lastIndexOf(streamLines(run, stream).at(-1) ?? ''), `the ${stream} indicator comes after its lines`);
    if (example) assert.match(lines[at], new RegExp(`${example.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\d+/, '\\d+')}$`), 'the documented form');
  }
});
Then('the omitted line count SHALL be accurate', async function (this: World) {
  const run = await overflowRun(this);
  const limit = limitOf(this);
  for (const stream of subject(this).produces?.streams ?? ['stdout']) {
    const printed = stream === 'stdout' ? limit * 3 : limit * 3 + 7;
    assert.equal(indicator(run, stream), printed - limit, `${stream}: ${printed} printed, ${limit} shown`);
  }
});
Then('{stream} SHALL be limited to {field} independently', async function (this: World, stream: 'stdout' | 'stderr') {
  const run = await overflowRun(this);
  assert.equal(streamLines(run, stream).length, limitOf(this), `${stream} keeps its own ${limitOf(this)} lines, whatever the other stream printed`);
});
Then(/^truncation (?:SHALL be applied separately to each stream|indicators SHALL be shown for each stream if exceeded)$/, async function (this: World) {
  const run = await overflowRun(this);
  const limit = limitOf(this);
  assert.deepEqual([indicator(run, 'stdout'), indicator(run, 'stderr')], [limit * 2, limit * 2 + 7], 'each stream its own count');
});

// ---- THEN: show flags and diagnostic output ----

const flagOf = (stream: 'stdout' | 'stderr') => (stream === 'stdout' ? 'showStdout' : 'showStderr');

// "to the user or Claude": whoever reads the error message reads the same console output; no other words are taken.
Then(/^(stdout|stderr) SHALL NOT be (?:shown to the user(?: or Claude)? in the error message|printed to the console in diagnostic logging)$/, async function (this: World, stream: 'stdout' | 'stderr') {
  assert.equal(subject(this).fields[flagOf(stream)], false, `${flagOf(stream)} is false`);
  const run = await overflowRun(this);
  assert.deepEqual(streamLines(run, stream), [], `no ${stream} line in the console output of spec-run exec`);
  const timedOut = await execRun(this, `${printer({ [stream]: 3 })}; sleep 5`.replace(/; exit 0/, ''), { ...subject(this).fields, timeout: PROBE_TIMEOUT });
  assert.deepEqual(streamLines(timedOut, stream), [], `no ${stream} line in the timeout report`);
  assert.deepEqual(timedOut.events.flatMap((e) => ('partialOutput' in e ? e.partialOutput : [])).filter((l) => l.startsWith(stream === 'stdout' ? 'out-' : 'err-')), [], `no ${stream} line in the --log file`);
});
Then('{field} SHALL have no effect on {stream}', async function (this: World, _field: string, stream: 'stdout' | 'stderr') {
  const run = await overflowRun(this);
  assert.equal(indicator(run, stream), null, `no truncation indicator for the hidden ${stream}`);
  const other = stream === 'stdout' ? 'stderr' : 'stdout';
  assert.equal(streamLines(run, other).length, limitOf(this), `${other} is limited`);
});
Then(/^both stdout and stderr (?:SHALL be limited to maxOutputLines in the error message|MAY be included in diagnostic logging to the console)$/, async function (this: World) {
  const run = await overflowRun(this);
  for (const stream of ['stdout', 'stderr'] as const) assert.equal(streamLines(run, stream).length, limitOf(this), `${stream} lines shown`);
});
Then(/^(stdout|stderr) SHALL only be included in the diagnostic output if (show\w+) is true$/, async function (this: World, stream: 'stdout' | 'stderr', flag: string) {
  const command = printer({ [stream]: 3 }, 1);
  const shown = await execRun(this, command, { [flag]: true });
  const hidden = await execRun(this, command, { [flag]: false });
  assert.equal(streamLines(shown, stream).length, 3, `with ${flag} true`);
  assert.equal(streamLines(hidden, stream).length, 0, `with ${flag} false`);
});
Then('command name and exit code SHALL always be included regardless of flags', async function (this: World) {
  for (const showStdout of [true, false]) {
    for (const showStderr of [true, false]) {
      const run = await execRun(this, printer({ stdout: 2, stderr: 2 }, 3), { showStdout, showStderr });
      assert.ok(run.console.includes(`Command: ${run.command}`) && /^Exit Code: 3$/m.test(run.console), `showStdout ${showStdout}, showStderr ${showStderr}`);
    }
  }
});
Then(/^placeholder text like "(.+)" MAY be shown when flags are false$/, async function (this: World, placeholder: string) {
  const run = await execRun(this, printer({ stdout: 2, stderr: 2 }, 1), { showStdout: false, showStderr: false });
  for (const stream of ['stdout', 'stderr']) assert.ok(run.console.includes(`(${stream}: ${placeholder.replace(/^\(|\)$/g, '')})`), `the ${stream} placeholder`);
});

// ---- THEN: working directory and the configuration's directory ----

/** A command named by an absolute path, as a scenario says it has one (`/usr/bin/custom-linter`): at this path on hosts and in images alike, and printing where it started. */
const ABSOLUTE_PWD = '/bin/pwd';

Then(/^the (?:stop )?command SHALL execute with cwd set to (\S+)$|^the (?:working directory|cwd) SHALL be (\S+)$/, async function (this: World, set?: string, be?: string) {
  const s = subject(this);
  const documented = path.posix.resolve('/', set ?? be ?? '');
  const run = await execRun(this, 'pwd', s.fields, { configuration: true });
  const [printed = '(nothing)'] = outputLines(run);
  assert.equal(inScenarioTerms(s, printed), documented, `the command started in ${printed}${inDocker(s) ? ' in its container' : ''} (spec-run exec started from ${run.cwd})`);
});
/** "./data.txt", "scripts/lint.sh": an example that is itself a relative path, which the probe then reads. */
const RELATIVE_PATH = /^(?:\.{1,2}\/)?[\w.-]+(?:\/[\w.-]+)*$/;

Then(/^relative paths in commands like (.+) SHALL resolve from (\S+)$|^the command SHALL have access to project files relative to the config(?:uration)? (?:location|directory|file)$/, async function (this: World, example: string | null = null, dir: string | null = null) {
  const s = subject(this);
  // A relative path as the example is the file the probe reads; a command ("`npm test`") has the probe's relative path stand for its own.
  // (A group of the alternative not taken is null, as cucumber passes it.)
  const probe = example !== null && RELATIVE_PATH.test(example) && !path.isAbsolute(example) ? example : './relative-probe.txt';
  if (example !== null && probe !== example) this.attach('probe', `\`cat ${probe}\` stands for commands like ${example}`);
  // The configuration's directory holds the file before the run writes the configuration there.
  mkdirSync(path.dirname(path.join(configDir(s), probe)), { recursive: true });
  writeFileSync(path.join(configDir(s), probe), 'found beside the configuration\n');
  const run = await execRun(this, `cat ${probe} && pwd`, s.fields, { configuration: true });
  assert.equal(run.status, 0);
  assert.match(run.console, /^found beside the configuration$/m);
  // The directory named is where they resolve from: the directory the command started in, in the scenario's terms.
  if (dir !== null) {
    const started = outputLines(run).at(-1) ?? '(nothing)';
    assert.equal(inScenarioTerms(s, started), path.posix.resolve('/', dir), `relative paths resolved from ${started}${inDocker(s) ? ' in its container' : ''}`);
  }
});
Then(/^commands SHALL execute from that directory$|^the working directory SHALL still be set to the config directory$/, async function (this: World) {
  const s = subject(this);
  const run = await execRun(this, s.absolute ? ABSOLUTE_PWD : 'pwd', s.fields, { configuration: true });
  const expected = asCommandSees(s, configDir(s));
  assert.ok(expected !== null && outputLines(run).includes(expected), `printed the configuration's directory ${expected}${inDocker(s) ? ', as the container sees it' : ''}`);
});
Then('behavior SHALL be identical to previous implementation for this case', async function (this: World) {
  // "This case" is where the executor was started: commands ran there before they ran in the configuration's directory.
  const s = subject(this);
  assert.ok(s.invokedFrom !== null, 'a step says where the executor is started ("the configuration file is in the same directory as the session"): that is the case meant');
  const run = await execRun(this, 'pwd', s.fields, { configuration: true });
  const expected = asCommandSees(s, run.cwd);
  assert.ok(expected !== null && outputLines(run).includes(expected), `the command ran in the directory spec-run exec was started from (${run.cwd}${expected === null ? ', which its container does not see' : ''}), as before`);
});
Then('the command SHALL execute successfully regardless of working directory', async function (this: World) {
  const s = subject(this);
  // Success is claimed of the command: the one the scenario configures, as configured. Only a
  // command described and not configured has a probe stand for it, one that succeeds wherever it starts.
  const command = s.run ?? (s.absolute ? ABSOLUTE_PWD : 'pwd');
  for (const cwd of [configDir(s), s.root]) {
    const run = await execRun(this, command, s.fields, { cwd });
    assert.equal(run.status, 0, `\`${command}\` with spec-run exec started from ${cwd}`);
  }
});
/**
 * True when the variable NAME stands for the executor's variable of the configuration's
 * directory (SPEC_RUN_CONFIG_DIR, or another tool's name for it, ending in _CONFIG_DIR, as
 * `--config-dir-env` lets one name it). Any other name is a variable the command gets only
 * from its `env:`, and is looked for there.
 */
const namesConfigDirectory = (name: string) => name === DEFAULT_CONFIG_DIR_ENV || /_CONFIG_DIR$/.test(name);

Then(/^the environment variable ([A-Za-z_]\w*) SHALL be set$/, async function (this: World, name: string) {
  subject(this).references ??= name;
  const run = await execRun(this, `echo "${name}=\${${name}-unset}"`, subject(this).fields, { configuration: true, ...(namesConfigDirectory(name) ? { configDirEnv: name } : {}) });
  assert.doesNotMatch(run.console, new RegExp(`^${name}=unset$`, 'm'));
  assert.match(run.console, new RegExp(`^${name}=/`, 'm'));
});
Then(/^its value SHALL be the absolute path to the directory containing (\S+)$|^it SHALL resolve to the config file's parent directory$/, async function (this: World, file?: string | null) {
  const s = subject(this);
  // The directory meant is the configuration file's: the file named must be a YAML
  // configuration, which the scenario's configuration is then written as.
  if (file != null) {
    const named = file.replace(/^[`"']|[`"']$/g, '');
    assert.match(named, /^[^/]+\.ya?ml$/, `${named} is no configuration file (a YAML file's name): the variable holds the configuration file's directory`);
    s.configFile = path.join(path.dirname(s.configFile), named);
  }
  const name = s.references ?? DEFAULT_CONFIG_DIR_ENV;
  assert.ok(namesConfigDirectory(name), `$${name} is not the variable of the configuration's directory (${DEFAULT_CONFIG_DIR_ENV}, or a name ending in _CONFIG_DIR given to --config-dir-env)`);
  const run = await execRun(this, `echo "$${name}"`, s.fields, { configDirEnv: name, cwd: s.root, configuration: true });
  const [printed = '(nothing)'] = outputLines(run);
  assert.equal(printed, asCommandSees(s, configDir(s)), `$${name} is the configuration's directory${inDocker(s) ? ', as the container sees it' : ''}`);
});
Then(/^the script MAY use it for explicit path construction(?: \(e\.g\., \$(\w+)\/([^\s)]+)\))?$/, async function (this: World, name = DEFAULT_CONFIG_DIR_ENV, script = 'scripts/lint.sh') {
  const s = subject(this);
  mkdirSync(path.dirname(path.join(configDir(s), script)), { recursive: true });
  writeFileSync(path.join(configDir(s), script), 'echo lint ran\n');
  const run = await execRun(this, `sh "$${name}/${script}"`, s.fields, { configDirEnv: name, cwd: s.root, configuration: true });
  assert.match(run.console, /^lint ran$/m);
});
