// A run whose stdout is held open by a reader that reads nothing (a CI step's parent killed
// while a sibling keeps the pipe) waited for that reader for good: SIGTERM stopped the run's
// work, but the TAP report still waited for the pipe to drain, so spec-run outlived the job
// (35 minutes in one case, until SIGKILL). Interrupted, it now gives such a reader 5 s, says on
// stderr that the rest of the report was not written, and exits 143; `spec-run exec` the same
// with its printed reports. From a user's seat: the
// packed package in a fresh project, its bin spawned with a stdout pipe nobody reads.
import t from 'tap';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { userEnvironment, userProject } from '../support/installed.js';

const STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('item {int} of the long list with a name long enough to fill a pipe in a few hundred points is added', function (n) { this.n = n; });
Then('item {int} of the long list with a name long enough to fill a pipe in a few hundred points is there', function (n) { assert.equal(this.n, n); });
`;
const scenarios = Array.from({ length: 1200 }, (_, i) => `#### Scenario: adding item ${i} to a list whose report lines are long on purpose\n- **WHEN** item ${i} of the long list with a name long enough to fill a pipe in a few hundred points is added\n- **THEN** item ${i} of the long list with a name long enough to fill a pipe in a few hundred points is there\n`).join('\n');

interface UnreadRun {
  /** Whether it had ended by itself before the signal. */
  endedEarly: boolean;
  code: number | null;
  /** From SIGTERM to its end. */
  tookMs: number;
  stderr: string;
}

/** Runs the installed spec-run with ARGS in PROJECT_DIR, its stdout a pipe nobody reads; SIGTERM after WAIT_MS, SIGKILL a minute later if it has not ended. */
async function termWithUnreadStdout(projectDir: string, args: string[], waitMs: number): Promise<UnreadRun> {
  const child = spawn('env', ['-u', 'NODE_OPTIONS', join(projectDir, 'node_modules', '.bin', 'spec-run'), ...args], { cwd: projectDir, env: userEnvironment(), stdio: ['ignore', 'pipe', 'pipe'] });
  // stdout is never read: its pipe fills, and what spec-run writes waits on it.
  child.stdout.pause();
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const ended = new Promise<{ code: number | null; at: number }>((resolve) => child.on('exit', (code) => resolve({ code, at: Date.now() })));
  const early = await Promise.race([ended, new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs))]);
  const sent = Date.now();
  child.kill('SIGTERM');
  const bound = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const { code, at } = await ended;
  clearTimeout(bound);
  return { endedEarly: early !== null, code, tookMs: at - sent, stderr };
}

t.test('SIGTERM ends a run whose stdout nobody reads, within a bound, saying what was not written', async (t) => {
  const project = userProject({ 'specs/list.spec.md': `### Requirement: Lists\nThe list SHALL keep items.\n\n${scenarios}`, 'steps.mjs': STEPS });
  const { endedEarly, code, tookMs, stderr } = await termWithUnreadStdout(project.dir, ['specs/', '--reporter', 'tap'], 15_000);
  t.notOk(endedEarly, 'the run waits on its unread stdout (it cannot have written 1200 scenarios\' report into a pipe)', { stderr });
  t.equal(code, 143, 'ended by its SIGTERM, not killed', { stderr });
  t.ok(tookMs < 30_000, `ended ${(tookMs / 1000).toFixed(1)} s after SIGTERM`);
  t.match(stderr, /spec-run: --reporter: cannot write the report to stdout: nothing read it for 5 s after the interruption; the rest is not written/);
  t.match(stderr, /\(interrupted by SIGTERM\)\n$/, 'the summary line is the last');
});

t.test('SIGTERM ends spec-run exec whose stdout nobody reads, within a bound', async (t) => {
  const project = userProject({ 'stop.yaml': 'stop:\n  commands:\n    - run: "seq 1 200000"\n    - run: "sleep 100"\n' });
  // The second command sleeps: by then the first's report waits in a pipe nobody reads.
  const { endedEarly, code, tookMs, stderr } = await termWithUnreadStdout(project.dir, ['exec', 'stop.yaml'], 5000);
  t.notOk(endedEarly, 'exec waits on its second command', { stderr });
  t.equal(code, 143, 'ended by its SIGTERM, not killed', { stderr });
  t.ok(tookMs < 30_000, `ended ${(tookMs / 1000).toFixed(1)} s after SIGTERM`);
  t.match(stderr, /spec-run: nothing read stdout for 5 s after the interruption; \d+ bytes of its output are not written/);
});
