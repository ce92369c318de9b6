// A false green a user met in round 12's release candidate, from a user's seat: spec-run packed,
// installed into a fresh project outside the repository, run through its bin. A step that loops
// forever is ended by spec-run's watchdog (exit 137), which removes the report files; but
// .spec-run/last-run.json still held the earlier green run, so `--only-failures` said "nothing
// to run" and exited 0, and a CI "rerun what failed" step passed on code that had just hung.
import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';

t.test("a run its watchdog ended leaves no green record: --only-failures refuses and says why; a finished run settles it", async (t) => {
  const project = userProject({
    'specs/a.md': '### Requirement: Loop\nThe thing SHALL work.\n\n#### Scenario: loops\n- **GIVEN** a thing\n- **THEN** it SHALL pass\n',
    'steps.mjs': `import assert from 'node:assert/strict';
import { Given, Then } from 'spec-run/steps';
Given('a thing', function () { if (process.env.LOOP) { while (true) {} } this.thing = 'works'; });
Then('it SHALL pass', function () { assert.equal(this.thing, 'works'); });
`,
  });
  t.equal((await project.specRun(['specs/'])).code, 0, 'the first run is green');

  const hung = await project.specRun(['specs/', '--timeout', '2s'], { env: { LOOP: '1' } });
  t.equal(hung.signal, 'SIGKILL', 'the watchdog ends the looping run (exit status 137)', { stderr: hung.stderr });
  t.match(hung.stderr, /step 'GIVEN a thing' \(specs\/a\.md:5[^)]*\) has held the main thread/);
  const record = JSON.parse(readFileSync(join(project.dir, '.spec-run', 'last-run.json'), 'utf8'));
  t.match(record.unfinished, { startedAt: String }, 'the record says its run never finished');

  const rerun = await project.specRun(['--only-failures']);
  t.equal(rerun.code, 2, 'no "nothing to run", no exit 0');
  t.match(rerun.stderr, /--only-failures: the last run \(started [^)]+\) did not finish: .*its watchdog ended it.*; run without --only-failures/);

  t.equal((await project.specRun(['specs/'])).code, 0, 'a run that finishes');
  const rerunAfter = await project.specRun(['--only-failures']);
  t.equal(rerunAfter.code, 2, 'no failure recorded: nothing runs, and a run of nothing never passes', { stderr: rerunAfter.stderr });
  t.match(rerunAfter.stderr, /the last run recorded no failures; nothing to run/);
});
