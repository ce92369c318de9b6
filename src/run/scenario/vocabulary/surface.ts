// The rest of the executor's configuration surface in WHEN/THEN words: the global
// default and the precedence of timeouts, host or Docker, image, environment, user,
// network, memory, CPUs, working directory, SIGTERM, the grace period and cleanup.
// THEN steps read what `spec-run exec` prints ("[1/1] docker alpine: ... (timeout 10m,
// from defaultTimeout)", the report, its notes) or what the command itself printed.
import assert from 'node:assert/strict';
import { readlinkSync } from 'node:fs';
import { execa } from 'execa';
import { Given, Then, type World } from '../../../steps/index.js';
import { parseDuration } from '../../../executor/duration.js';
import { GRACE_MS } from '../../../executor/result.js';
import { configuredErrors, execRun, inDocker, nonce, NOTHING_STATED, omitField, PROBE_TIMEOUT, setField, shownLines, statesSomething, subjectOf, valueOf, type ExecRun } from './subject.js';

/** Docker probes get more time: starting a container is part of it. */
const DOCKER_PROBE_TIMEOUT = '2s';
/** How late a timeout may fire on the host and in Docker (CLI and engine round trips). */
const SLACK_MS = { host: 500, docker: 1500 } as const;
const OWN_MOUNT_NAMESPACE = readlinkSync('/proc/self/ns/mnt');

/** Runs `command` under the scenario's configuration, the timeout scaled to a probe's when the scenario is about one. */
async function observe(w: World, command: string, scaled = false): Promise<ExecRun> {
  const fields = { ...subjectOf(w).fields };
  if (scaled) fields.timeout = inDocker(subjectOf(w)) ? DOCKER_PROBE_TIMEOUT : PROBE_TIMEOUT;
  return execRun(w, command, fields);
}

/** Runs PROBE, a command that shows what the configuration does (where it runs, its environment, its announced timeout): true of any command, the one the scenario quotes too. */
async function observeConfiguration(w: World, probe: string): Promise<ExecRun> {
  return execRun(w, probe, { ...subjectOf(w).fields }, { configuration: true });
}

/**
 * The command a step observes: the one the scenario quotes, as configured, when it quotes one;
 * else a probe that behaves as the scenario says, its timeout scaled to a probe's. A probe
 * stands only for a command the scenario describes and does not quote: it never replaces one
 * the scenario names, whose own behaviour is what the step states.
 */
function behaving(w: World): { command: string; scaled: boolean } {
  const stated = subjectOf(w).run;
  if (stated !== undefined) return { command: stated, scaled: false };
  const marker = nonce();
  switch (subjectOf(w).behaviour) {
    case 'ignores-term':
      return { command: `trap '' TERM; echo started; sleep ${marker} & sleep ${marker}`, scaled: true };
    case 'handles-term':
      return { command: `trap 'echo got SIGTERM; exit 0' TERM; echo started; sleep ${marker} & wait`, scaled: true };
    case 'exceeds-timeout':
      return { command: `echo started; sleep ${marker}`, scaled: true };
    default:
      // A command that simply finishes stands for one the scenario configured; with nothing configured, there is nothing to observe.
      assert.ok(statesSomething(subjectOf(w)), NOTHING_STATED);
      return { command: 'echo finished', scaled: false };
  }
}

/** The scenario's quoted command when it quotes one, else `probe`, a command of the step's own that behaves as the step needs (its timeout scaled). */
function quotedOr(w: World, probe: string): { command: string; scaled: boolean } {
  const stated = subjectOf(w).run;
  return stated !== undefined ? { command: stated, scaled: false } : { command: probe, scaled: true };
}

/** The timeout a run's command had, as spec-run exec announced it, in ms. */
function announcedTimeoutMs(run: ExecRun): number {
  const parsed = parseDuration(announced(run).timeout);
  assert.ok(parsed.ok, `spec-run exec announces a timeout (${announced(run).timeout})`);
  return parsed.ms;
}

/** "(timeout 10m, from defaultTimeout)" of the line `spec-run exec` prints before running a command. */
function announced(run: ExecRun): { timeout: string; source: string; where: string } {
  const m = /^\[1\/1\] (host|docker \S+): .* \(timeout (\S+), from ([^)]+)\)$/m.exec(run.console);
  assert.ok(m, 'spec-run exec announces the command with its timeout');
  return { where: m[1], timeout: m[2], source: m[3] };
}

/** The reported duration of a run, in ms. */
function reportedMs(run: ExecRun): number {
  const m = /^Duration: (?:(\d+)m )?(\d+\.\d+)s$/m.exec(run.console);
  assert.ok(m, 'the report gives the duration');
  return (Number(m[1] ?? 0) * 60 + Number(m[2])) * 1000;
}

// ---- WHEN ----

Given(/^(?:the )?(?:global )?(?:defaultTimeout|default timeout) (?:is set to|of) ("[^"]*"|\x60[^\x60]*\x60|\S+(?: (?:seconds?|minutes?|hours?))?)(?: globally)?$/, function (value: string) {
  setField(this, 'defaultTimeout', valueOf(value));
});
Given(/^a (?:stop )?command (?:runs|is run|executes) (on the host|in (?:a )?Docker(?: container)?)(?: (?:with|from) (?:the )?image "?([^"\s]+)"?)?$/, function (where: string, image?: string) {
  const s = subjectOf(this);
  if (where === 'on the host') omitField(s, 'image');
  else setField(this, 'image', image ?? s.fields.image ?? 'alpine');
});
Given(/^a (?:stop )?command (?:includes|has|sets|is configured with) (?:an? |the )?environment variable (\w+) (?:set to|=|of) "?([^"]*)"?$/, function (name: string, value: string) {
  setField(this, 'env', { ...(subjectOf(this).fields.env as Record<string, string> | undefined), [name]: value });
});
Given(/^a (?:stop )?command (?:that )?ignores SIGTERM$/, function () {
  const s = subjectOf(this);
  s.fields.timeout ??= '30s';
  s.behaviour = 'ignores-term';
});
Given(/^a (?:stop )?command (?:that )?(?:handles|catches|traps) SIGTERM(?: and exits(?: cleanly)?)?$/, function () {
  const s = subjectOf(this);
  s.fields.timeout ??= '30s';
  s.behaviour = 'handles-term';
});
Given(/^a (?:stop )?command runs (?:longer than|past) its timeout$/, function () {
  const s = subjectOf(this);
  s.fields.timeout ??= '30s';
  s.behaviour = 'exceeds-timeout';
});

Given(/^(?:a|the) (?:stop )?command "([^"]+)"(?: is configured| runs| executes)?$/, function (command: string) {
  subjectOf(this).run = command;
});

// ---- THEN: which timeout ----

Then(/^the (?:effective |resolved )?timeout SHALL be (\S+?)(?: minutes?| seconds?| hours?)?$|^the command SHALL (?:have|get|use) a timeout of (.+)$/, async function (this: World, a?: string, b?: string) {
  const expected = valueOf((a ?? b ?? '').trim());
  const run = await observeConfiguration(this, 'true');
  const text = this.step?.text ?? '';
  const written = typeof expected === 'number' ? `${expected}${/minute/.test(text) ? 'm' : /hour/.test(text) ? 'h' : 's'}` : String(expected);
  assert.equal(announced(run).timeout, written);
});
Then(/^the command SHALL (?:have|run with) no timeout$|^no timeout SHALL (?:apply|be enforced)$/, async function (this: World) {
  assert.equal(announced(await observeConfiguration(this, 'true')).timeout, 'none');
});
Then(/^the timeout SHALL come from (?:the )?(command|per-command timeout|global default|defaultTimeout|built-in default)$/, async function (this: World, source: string) {
  const expected = /command/.test(source) ? 'command' : /built-in/.test(source) ? 'built-in default' : 'defaultTimeout';
  assert.equal(announced(await observeConfiguration(this, 'true')).source, expected);
});
Then(/^the command SHALL be (?:stopped|terminated) (?:at|after) its timeout$/, async function (this: World) {
  const { command, scaled } = quotedOr(this, `echo started; sleep ${nonce()}`);
  const run = await observe(this, command, scaled);
  assert.equal(run.status, 124, `stopped by its timeout, spec-run exec exits 124 (it exited ${run.status})`);
  const limit = announcedTimeoutMs(run);
  const ms = reportedMs(run);
  assert.ok(ms >= limit && ms <= limit + SLACK_MS[inDocker(subjectOf(this)) ? 'docker' : 'host'], `stopped ${ms} ms after start, for a timeout of ${limit} ms`);
});

Then(/^the (?:command's |reported )?exit code SHALL (?:be|indicate) (\d+)$/, async function (this: World, code: string) {
  const { command, scaled } = behaving(this);
  const run = await observe(this, command, scaled);
  assert.match(run.console, new RegExp(`^Exit Code: ${code}(?: |$)`, 'm'), 'the report gives the exit code');
  assert.equal(run.status, Number(code), 'spec-run exec exits with it');
});

/** The quoted command of the scenario, run under its configuration. */
async function quoted(w: World): Promise<ExecRun> {
  const run = subjectOf(w).run;
  assert.ok(run, 'a step quotes the command: a command "..."');
  return observe(w, run);
}

Then(/^the command(?:'s)? output SHALL (?:contain|include) "([^"]*)"$/, async function (this: World, text: string) {
  assert.ok(shownLines(await quoted(this)).includes(text), `the output has the line ${JSON.stringify(text)}`);
});
Then(/^the command SHALL (succeed|fail)$/, async function (this: World, how: string) {
  const run = await quoted(this);
  if (how === 'succeed') assert.equal(run.status, 0);
  else assert.notEqual(run.status, 0);
});
Then(/^the command SHALL exit with (?:code |status )?(\d+)$/, async function (this: World, code: string) {
  assert.equal((await quoted(this)).status, Number(code));
});

// ---- THEN: where and how it runs ----

Then(/^the command SHALL run (on the host|in (?:a |the )?(?:Docker )?container)$/, async function (this: World, where: string) {
  const run = await observeConfiguration(this, 'readlink /proc/self/ns/mnt');
  const host = where === 'on the host';
  assert.equal(announced(run).where.split(' ')[0], host ? 'host' : 'docker', `where spec-run exec ran the command: ${announced(run).where}`);
  const namespace = shownLines(run).find((l) => l.startsWith('mnt:'));
  assert.equal(namespace === OWN_MOUNT_NAMESPACE, host, `mount namespace ${namespace} ${host ? 'is' : 'is not'} spec-run's own`);
});
Then(/^the container SHALL be (?:removed|cleaned up)(?: afterwards| once (?:it|the command) has (?:finished|ended)| after (?:it|the command) (?:finishes|ends|has ended|completes)|( after (?:it|the command) times out))?$/, async function (this: World, afterTimeout?: string | null) {
  const { command, scaled } = afterTimeout ? quotedOr(this, `echo started; sleep ${nonce()}`) : behaving(this);
  const run = await observe(this, command, scaled);
  if (afterTimeout) assert.equal(run.status, 124, `the command timed out (spec-run exec exited ${run.status})`);
  const note = /note: container (\S+) removed/.exec(run.console);
  assert.ok(note, 'spec-run exec notes the removal of the container');
  const inspect = await execa('docker', ['inspect', note[1]], { reject: false });
  assert.notEqual(inspect.exitCode, 0, `docker inspect ${note[1]} finds no container`);
});
Then(/^the environment variable (\w+) SHALL (?:be|equal|have the value) "([^"]*)"$/, async function (this: World, name: string, value: string) {
  const run = await observeConfiguration(this, `echo "${name}=\${${name}-unset}"`);
  assert.ok(shownLines(run).includes(`${name}=${value}`), `the command saw ${name}=${value}`);
});
Then(/^the command SHALL run as (?:user )?"?([^"\s]+)"?$/, async function (this: World, user: string) {
  const run = await observeConfiguration(this, 'echo "user=$(id -un) uid=$(id -u)"');
  assert.ok(shownLines(run).some((l) => l === `user=${user} uid=${/^\d+$/.test(user) ? user : l.split('uid=')[1]}` || l.endsWith(` uid=${user}`)), `the command ran as ${user}`);
});
Then(/^the command SHALL (?:have no network access|not reach the network|have no network)$/, async function (this: World) {
  const run = await observeConfiguration(this, 'ls /sys/class/net');
  const interfaces = shownLines(run).filter((l) => /^[a-z0-9]+$/.test(l));
  assert.deepEqual(interfaces, ['lo'], 'only the loopback interface');
});
Then(/^the command SHALL be limited to (\d+[bkmg]?) of memory$|^the memory limit SHALL be (?:enforced|applied)$/i, async function (this: World, size?: string) {
  const memory = String(size ?? subjectOf(this).fields.memory ?? '');
  assert.match(memory, /^\d+[bkmg]?$/i, 'a memory limit is configured');
  const units: Record<string, number> = { b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };
  const bytes = Number(memory.replace(/[bkmg]$/i, '')) * (units[memory.slice(-1).toLowerCase()] ?? 1);
  const run = await observeConfiguration(this, 'cat /sys/fs/cgroup/memory.max 2>/dev/null || cat /sys/fs/cgroup/memory/memory.limit_in_bytes');
  assert.ok(shownLines(run).includes(String(bytes)), `the container's cgroup limit is ${bytes} bytes`);
});
Then(/^the command SHALL be limited to ([\d.]+) CPUs?$/, async function (this: World, cpus: string) {
  const run = await observeConfiguration(this, 'cat /sys/fs/cgroup/cpu.max 2>/dev/null || echo "$(cat /sys/fs/cgroup/cpu/cpu.cfs_quota_us) $(cat /sys/fs/cgroup/cpu/cpu.cfs_period_us)"');
  const line = shownLines(run).find((l) => /^\d+ \d+$/.test(l));
  assert.ok(line, 'the container has a CPU quota');
  const [quota, period] = line.split(' ').map(Number);
  assert.equal(quota / period, Number(cpus));
});

// ---- THEN: SIGTERM, the grace period, SIGKILL ----

Then(/^the command SHALL receive SIGTERM(?: at (?:its|the) timeout)?$/, async function (this: World) {
  const s = subjectOf(this);
  if (s.run !== undefined) {
    // The scenario's own command: the report says which signals stopped it; SIGKILL after the grace period came after a SIGTERM.
    const run = await observe(this, s.run);
    assert.match(run.console, /Exit Status: Timeout \(signal (?:15: SIGTERM|9: SIGKILL after [\d.]+s grace period)\)/, `spec-run exec sent it SIGTERM at its timeout (it exited ${run.status})`);
    return;
  }
  const marker = nonce();
  const command = s.behaviour === 'ignores-term' ? behaving(this).command : `trap 'echo got SIGTERM; exit 0' TERM; echo started; sleep ${marker} & wait`;
  const run = await observe(this, command, true);
  if (s.behaviour === 'ignores-term') assert.match(run.console, /signal 9: SIGKILL/, 'it ignored SIGTERM, so SIGKILL followed');
  else assert.ok(shownLines(run).includes('got SIGTERM'), 'its SIGTERM handler ran');
});
Then(/^the command SHALL be killed(?: with SIGKILL)? after (?:a|the|its) grace period(?: of (.+))?$/, async function (this: World, grace?: string) {
  if (grace) assert.deepEqual(parseDuration(valueOf(grace)), { ok: true, ms: GRACE_MS, text: `${GRACE_MS / 1000}s` }, 'the grace period');
  const marker = nonce();
  const { command, scaled } = quotedOr(this, `trap '' TERM; echo started; sleep ${marker} & sleep ${marker}`);
  const run = await observe(this, command, scaled);
  assert.equal(run.status, 137, `killed, spec-run exec exits 137 (it exited ${run.status})`);
  assert.match(run.console, /Exit Status: Timeout \(signal 9: SIGKILL after 2\.000s grace period\)/);
  const limit = announcedTimeoutMs(run) + GRACE_MS;
  const ms = reportedMs(run);
  assert.ok(ms >= limit - 5 && ms <= limit + SLACK_MS[inDocker(subjectOf(this)) ? 'docker' : 'host'], `killed ${ms} ms after start: its timeout, then ${GRACE_MS} ms of grace`);
});
Then(/^the command SHALL (?:exit|end) (?:cleanly )?(?:within|before the end of) the grace period(?: without SIGKILL)?$|^no SIGKILL SHALL be sent$/, async function (this: World) {
  const { command, scaled } = quotedOr(this, `trap 'echo cleaning up; exit 0' TERM; echo started; sleep ${nonce()} & wait`);
  const run = await observe(this, command, scaled);
  assert.equal(run.status, 124, `stopped by its timeout, SIGTERM sufficed (spec-run exec exited ${run.status})`);
  assert.match(run.console, /Exit Status: Timeout \(signal 15: SIGTERM\)/);
  if (scaled) assert.ok(shownLines(run).includes('cleaning up'), 'its SIGTERM handler ran');
});

// ---- THEN: the configuration and the timeout report ----

Then(/^the configuration SHALL be rejected(?: with an error (?:naming|mentioning|about) "?([^"]+?)"?)?$/, function (this: World, named?: string) {
  const errors = configuredErrors(this);
  this.attach('errors', errors);
  assert.ok(errors.length > 0, 'the configuration has errors');
  if (named) assert.ok(errors.some((e) => e.includes(named)), `an error names ${named}`);
});
Then(/^the timeout (?:error )?message SHALL (?:include|contain|mention|say) "(.+)"$/, async function (this: World, text: string) {
  const { command, scaled } = quotedOr(this, `echo started; sleep ${nonce()}`);
  const run = await observe(this, command, scaled);
  const configured = String(subjectOf(this).fields.timeout ?? '');
  const expected = configured && scaled ? text.split(configured).join(inDocker(subjectOf(this)) ? DOCKER_PROBE_TIMEOUT : PROBE_TIMEOUT) : text;
  assert.ok(run.console.includes(expected), `the report contains ${JSON.stringify(expected)}${expected === text ? '' : ' (the timeout scaled to the probe)'}`);
});
