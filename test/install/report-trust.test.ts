// What the third round of user-seat sessions found in what CI and people read, from a
// user's seat: spec-run packed, installed into a fresh project outside the repository,
// run through node_modules/.bin/spec-run. A failure a report leaves out is a green report.
import t from 'tap';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { userEnvironment, userProject } from '../support/installed.js';
import { parseTap } from '../cli/spec-run.js';

const summary = (stderr: string) => stderr.trim().split('\n').at(-1);

t.test("an error a step's child process callback throws after its scenario ended is a failure in every report, and in a merge of them", async (t) => {
  const project = userProject({
    'specs/late.spec.md': '### Requirement: Late error\nThe system SHALL fail late.\n\n#### Scenario: Leaves a process\n- **WHEN** a process is left behind\n- **THEN** all is fine\n',
    'steps.mjs': "import { When, Then } from 'spec-run/steps';\nimport { exec } from 'node:child_process';\nWhen('a process is left behind', function () { exec('sleep 0.5', () => { throw new Error('late boom'); }); });\nThen('all is fine', function () { if (!this.scenario) throw new Error(); this.held = true; });\n",
  });
  const run = await project.specRun(['specs/', '--reporter', 'tap', '--reporter', 'junit:junit.xml', '--reporter', 'json:run.jsonl', '--reporter', 'html:report.html']);
  t.equal(run.code, 1);
  t.equal(summary(run.stderr), '2 passed, 1 failed, 0 skipped, 0 todo');
  t.equal((await parseTap(run.stdout)).ok, false, 'TAP fails');
  t.match(run.stdout, /not ok 1 - scenario "Leaves a process" \(specs\/late\.spec\.md:4\): an error thrown after it ended\n[^]*message: late boom/);
  t.match(readFileSync(join(project.dir, 'junit.xml'), 'utf8'), /<testsuite [^>]*tests="3" failures="1"/);
  t.match(readFileSync(join(project.dir, 'report.html'), 'utf8'), /late boom/);
  const merged = await project.specRun(['merge', 'run.jsonl']);
  t.equal(merged.code, 1, 'the merge of the stream fails too');
});

const PASSING = "import { When } from 'spec-run/steps';\nWhen('it passes', function () { if (!this.scenario) throw new Error(); this.passed = true; });\nWhen('we wait {int} ms', (ms) => new Promise((r) => setTimeout(r, ms)));\n";

t.test('a run stopped by a signal, or failed by --require-verified, is a failure in JUnit, in the HTML headline and in TAP, not a green report', async (t) => {
  const project = userProject({
    'specs/a.spec.md': '### Requirement: A\nThe thing SHALL wait.\n\n#### Scenario: waits\n- **THEN** we wait 5000 ms\n',
    'specs/b.spec.md': '### Requirement: B\nThe thing SHALL pass.\n\n#### Scenario: passes\n- **THEN** it passes\n',
    'verified/v.spec.md': '### Requirement: Tested\nThe system SHALL be tested.\n\n#### Scenario: S\n- **THEN** it passes\n\n### Requirement: Untested\nThe system SHALL be untested.\n',
    'steps.mjs': PASSING,
  });
  const bin = join(project.dir, 'node_modules', '.bin', 'spec-run');
  const interrupted = spawnSync('timeout', ['--preserve-status', '-s', 'TERM', '2', bin, 'specs/', '--reporter', 'junit:junit.xml', '--reporter', 'html:report.html'], { cwd: project.dir, env: userEnvironment(), encoding: 'utf8' });
  t.equal(interrupted.status, 143, interrupted.stderr.slice(-300));
  t.match(readFileSync(join(project.dir, 'junit.xml'), 'utf8'), /<testsuite name="spec-run" tests="1" failures="1"[^]*<failure message="run interrupted by SIGTERM: [12] of 2 documents not run"/);
  t.match(readFileSync(join(project.dir, 'report.html'), 'utf8'), /<p class="verdict failed">run interrupted by SIGTERM: [12] of 2 documents not run<\/p>/);

  const unverified = await project.specRun(['verified/', '--require-verified', '--reporter', 'tap', '--reporter', 'junit:verified.xml', '--reporter', 'html:verified.html']);
  t.equal(unverified.code, 1);
  const reason = '--require-verified: verified/v.spec.md#Untested is untested (no scenario or unit verifies it)';
  t.equal((await parseTap(unverified.stdout)).ok, false, 'TAP fails');
  t.match(unverified.stdout, `not ok 2 - ${reason.replace('#', '\\#')}`);
  t.match(readFileSync(join(project.dir, 'verified.xml'), 'utf8'), `<failure message="${reason}"/>`);
  t.match(readFileSync(join(project.dir, 'verified.html'), 'utf8'), `<p class="verdict failed">${reason}</p>`);
});

t.test('a shard whose checks were all skipped passes as the whole run does; merge judges the whole', async (t) => {
  const project = userProject({
    'specs/a.spec.md': '### Requirement: A\nThe thing SHALL pass.\n\n#### Scenario: passes\n- **THEN** it passes\n',
    'specs/b.spec.md': '### Requirement: B\nThe thing SHALL be skipped here.\n\n#### Scenario: skipped\n- **WHEN** it is skipped on this platform\n',
    'steps.mjs': `${PASSING}When('it is skipped on this platform', () => 'skipped');\n`,
  });
  t.equal((await project.specRun(['specs/'])).code, 0, 'the whole run passes');
  const shards = [];
  for (const share of ['1/2', '2/2']) {
    const run = await project.specRun(['specs/', '--shard', share, '--reporter', `json:shard-${share[0]}.jsonl`]);
    t.equal(run.code, 0, `shard ${share} passes: ${run.stderr.slice(-200)}`);
    shards.push(`shard-${share[0]}.jsonl`);
  }
  const merged = await project.specRun(['merge', ...shards]);
  t.equal(merged.code, 0);
  t.equal(summary(merged.stderr), '1 passed, 0 failed, 1 skipped, 0 todo');
  const skippedOnly = await project.specRun(['specs/b.spec.md']);
  t.equal(skippedOnly.code, 1, 'a run (not a shard) that checked nothing still fails');
});

t.test("merge takes the configuration's requireVerified and reporters, as the unsharded run does", async (t) => {
  const project = userProject({
    'spec-run.config.json': JSON.stringify({ requireVerified: true, reporter: ['junit:reports/merged.xml'] }),
    'specs/a.spec.md': '### Requirement: A\nThe thing SHALL pass.\n\n#### Scenario: passes\n- **THEN** it passes\n',
    'specs/b.spec.md': '### Requirement: B\nThe thing SHALL be verified.\n\n#### Scenario: half\n- **THEN** it passes\n- **THEN** it is skipped on this platform\n',
    'steps.mjs': `${PASSING}Then('it is skipped on this platform', () => 'skipped');\n`,
  });
  t.equal((await project.specRun(['specs/'])).code, 1, 'the unsharded run fails: B is not verified');
  for (const share of ['1/2', '2/2']) await project.specRun(['specs/', '--shard', share, '--reporter', `json:shard-${share[0]}.jsonl`]);
  const merged = await project.specRun(['merge', 'shard-1.jsonl', 'shard-2.jsonl']);
  t.equal(merged.code, 1, 'so does the merge');
  t.match(merged.stderr, /--require-verified: specs\/b\.spec\.md#B is/);
  t.match(readFileSync(join(project.dir, 'reports/merged.xml'), 'utf8'), /<testsuite name="spec-run"/, "the configuration's reporter wrote the merged report");
});

t.test('a run refused before it starts (exit 2) leaves no report of an earlier run where it would have written its own', async (t) => {
  const { existsSync, writeFileSync } = await import('node:fs');
  const project = userProject({
    'specs/a.spec.md': '### Requirement: A\nThe thing SHALL pass.\n\n#### Scenario: passes\n- **THEN** it passes\n',
    'steps.mjs': PASSING,
    'notes.xml': '<notes>mine</notes>\n',
  });
  t.equal((await project.specRun(['specs/', '--reporter', 'junit:junit.xml', '--reporter', 'html:report.html'])).code, 0);
  const refused = await project.specRun(['specs/', '--grep', 'nothing-matches', '--reporter', 'junit:junit.xml', '--reporter', 'html:report.html']);
  t.equal(refused.code, 2);
  t.notOk(existsSync(join(project.dir, 'junit.xml')), "the earlier run's JUnit is gone");
  t.notOk(existsSync(join(project.dir, 'report.html')), "and its HTML page");
  writeFileSync(join(project.dir, 'junit.xml'), '<notes>mine</notes>\n');
  await project.specRun(['specs/', '--grep', 'nothing-matches', '--reporter', 'junit:junit.xml']);
  t.equal(readFileSync(join(project.dir, 'junit.xml'), 'utf8'), '<notes>mine</notes>\n', 'a file that is no report of spec-run is left alone');
  // Refused by the command line's own checks, before the run is even set up.
  for (const refusal of [['--timeout', '0'], ['--jobs', '0'], ['--shard', '3/2'], ['--seed', 'abc'], ['--reporter', 'bogus']]) {
    t.equal((await project.specRun(['specs/', '--reporter=junit:junit.xml'])).code, 0);
    const refusedEarly = await project.specRun(['specs/', ...refusal, '--reporter=junit:junit.xml']);
    t.equal(refusedEarly.code, 2, refusal.join(' '));
    t.notOk(existsSync(join(project.dir, 'junit.xml')), `${refusal.join(' ')}: the earlier run's JUnit is gone`);
  }
});
