// A second interrupt of spec-run exec: what runs is killed, and spec-run exits only once it is
// gone (bounded), so that a shell prompt coming back finds no process of the command. Real
// processes, through the built CLI: on the host in a PID namespace, in a process group only,
// and in a container.
import t from 'tap';
import type { Test } from 'tap';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { tmpdir } from 'node:os';
import { forceKills, onForcedExit } from '../../src/executor/interrupts.js';
import { runOnHost } from '../../src/executor/host.js';
import { formatResult } from '../../src/executor/report.js';
import type { ExecEvent } from '../../src/executor/events.js';
import { survivors } from '../support/processes.js';

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/cli/main.js');
const IMAGE = 'spec-run/busybox:local';

/**
 * Runs CONFIG's one command (which ignores SIGTERM and SIGINT, so the first signal's stop waits
 * through its grace period), sends SIGINT once its sleep runs, SIGINT again half a second
 * later, and reports how spec-run exec ended and what of the command was left the moment it had.
 */
async function interruptTwice(t: Test, config: string, env: NodeJS.ProcessEnv = {}) {
  const dir = t.testdir({ 'stop.yaml': config });
  const child = spawn(process.execPath, [cli, 'exec', 'stop.yaml'], { cwd: dir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const ended = new Promise<{ code: number | null; left: string[]; afterSecondMs: number }>((resolve) =>
    child.on('exit', (code) => resolve({ code, left: survivors([], TOKEN), afterSecondMs: performance.now() - secondAt })),
  );
  let secondAt = 0;
  child.stdout.on('data', (chunk) => (stdout += chunk));
  // The report comes at the end: the command's sleep, found running, says it is past its trap.
  for (const deadline = performance.now() + 60_000; !sleeping() && performance.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 50));
  const before = survivors([], TOKEN);
  child.kill('SIGINT');
  await new Promise((resolve) => setTimeout(resolve, 500));
  secondAt = performance.now();
  child.kill('SIGINT');
  const end = await ended;
  return { ...end, before, stdout, stderr, dir };
}

// A figure no other process on the machine has in its command line.
const TOKEN = `37.${process.pid}`;
const COMMAND = `trap '' TERM INT; sleep ${TOKEN}`;
/** Whether the command's `sleep` runs, so its shell is past its trap: the shell's own command line holds `sleep …` from its start. */
const sleeping = () => survivors([], TOKEN).some((found) => found.endsWith(`: sleep ${TOKEN}`));

t.test('forceKills runs every registered kill and waits for them, bounded; a removed one is not run', async (t) => {
  const ran: string[] = [];
  const forgetQuick = onForcedExit(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    ran.push('quick');
  });
  const forgetRemoved = onForcedExit(async () => void ran.push('removed'));
  forgetRemoved();
  t.equal(await forceKills(1000), true, 'all done within the bound');
  t.same(ran, ['quick'], 'the quick kill was waited for; the removed one never ran');
  forgetQuick();
  const forgetHung = onForcedExit(() => new Promise(() => undefined));
  const started = performance.now();
  t.equal(await forceKills(200), false, 'a kill that never settles: not done');
  t.ok(performance.now() - started < 1000, 'and the wait ends at the bound');
  forgetHung();
  t.equal(await forceKills(200), true, 'nothing registered: done at once');
});

t.test('a command killed by a second interrupt in its grace period is reported killed by SIGKILL then, not stopped by SIGTERM', async (t) => {
  // The first interrupt's stop (SIGTERM, which the command ignores) waits through its grace; the second's kill ends it.
  const controller = new AbortController();
  const events: ExecEvent[] = [];
  const running = runOnHost({ run: `trap '' TERM; echo holding; sleep ${TOKEN}`, timeoutMs: null, timeoutText: 'none', projectRoot: tmpdir(), graceMs: 10_000, signal: controller.signal, onEvent: (e) => events.push(e) });
  for (const deadline = performance.now() + 30_000; !sleeping() && performance.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 50));
  controller.abort('SIGINT');
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.equal(await forceKills(), true, 'the kill was done');
  const result = await running;
  t.match(result, { outcome: 'interrupted', exitCode: 130, signal: 'SIGKILL', forcedKill: true });
  t.match(formatResult(result), /Exit Status: Interrupted by SIGINT \(the command was killed with signal 9: SIGKILL at a second interrupt, before its grace period was out\)/);
  t.notMatch(formatResult(result), /SIGTERM|grace period\)/, 'the stop it ignored is not named as what ended it');
  t.same(events.filter((e) => e.type === 'signal').map((e) => e.type === 'signal' && [e.signal, e.via]), [['SIGTERM', 'process'], ['SIGKILL', 'second interrupt']]);
  t.same(survivors([], TOKEN), [], 'nothing of it left');
});

t.test('host, in a PID namespace: the second SIGINT exits 130 once the command is gone', async (t) => {
  const run = await interruptTwice(t, `stop:\n  commands:\n    - run: "${COMMAND}"\n`);
  t.ok(run.before.length > 0, `the command ran: ${run.before.join('; ')}`);
  t.equal(run.code, 130, run.stderr);
  t.match(run.stderr, /SIGINT again: exiting without waiting for the stops/);
  t.same(run.left, [], 'no process of the command left at the exit');
  t.ok(run.afterSecondMs < 2500, `exited ${Math.round(run.afterSecondMs)} ms after the second signal`);
});

t.test('host, in a process group only: the whole group is killed, the shell and its sleep, before the exit', async (t) => {
  // Before: the kernel's parent-death signal killed the group's leader alone, or, without it, nothing.
  const run = await interruptTwice(t, `stop:\n  commands:\n    - run: "${COMMAND}"\n`, { SPEC_RUN_CONTAINMENT: 'group' });
  t.ok(run.before.length > 0, `the command ran: ${run.before.join('; ')}`);
  t.equal(run.code, 130, run.stderr);
  t.same(run.left, [], 'no process of the command left at the exit');
  t.ok(run.afterSecondMs < 2500, `exited ${Math.round(run.afterSecondMs)} ms after the second signal`);
});

t.test('in a container: the container is removed before the exit, not after it by the watcher', async (t) => {
  const run = await interruptTwice(t, `stop:\n  commands:\n    - run: "${COMMAND}"\n      image: "${IMAGE}"\n`);
  t.ok(run.before.length > 0, `the command ran in its container: ${run.before.join('; ')}`);
  t.equal(run.code, 130, run.stderr);
  t.same(run.left, [], 'no process of the command left at the exit');
  const containers = await execa('docker', ['ps', '-aq', '--filter', `name=spec-run-`, '--filter', `label=spec-run.owner`], { reject: false });
  const ours = containers.stdout.split('\n').filter(Boolean);
  for (const id of ours) {
    const label = await execa('docker', ['inspect', '--format', '{{index .Config.Labels "spec-run.owner"}} {{.Config.Cmd}}', id], { reject: false });
    t.notMatch(label.stdout, TOKEN, `container ${id} is not this command's`);
  }
  t.ok(run.afterSecondMs < 2500, `exited ${Math.round(run.afterSecondMs)} ms after the second signal`);
});
