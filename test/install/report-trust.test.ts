// What the third round of user-seat sessions found in what CI and people read, from a
// user's seat: spec-run packed, installed into a fresh project outside the repository,
// run through node_modules/.bin/spec-run. A failure a report leaves out is a green report.
import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';
import { parseTap } from '../cli/spec-run.js';

const summary = (stderr: string) => stderr.trim().split('\n').at(-1);

t.test("an error a step's child process callback throws after its scenario ended is a failure in every report, and in a merge of them", async (t) => {
  const project = userProject({
    'specs/late.spec.md': '### Requirement: Late error\nThe system SHALL fail late.\n\n#### Scenario: Leaves a process\n- **WHEN** a process is left behind\n- **THEN** all is fine\n',
    'steps.mjs': "import { When, Then } from 'spec-run/steps';\nimport { exec } from 'node:child_process';\nWhen('a process is left behind', function () { exec('sleep 0.5', () => { throw new Error('late boom'); }); });\nThen('all is fine', function () {});\n",
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
