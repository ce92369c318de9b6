// --watch rewrote each report file with only the documents a rerun ran: after breaking a
// and then saving b (a still broken on disk), junit.xml held b alone, green, and so did the
// summary (round 13's user seat). From a user's seat: spec-run packed, installed into a
// fresh project outside the repository, and left watching while the documents are edited.
import t from 'tap';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { userEnvironment, userProject } from '../support/installed.js';
import { watchProcess } from '../support/watching.js';

const spec = (name: string, sum: number) => `# Sum ${name}\n\n### Requirement: Sum ${name}\nThe sum SHALL hold.\n\n#### Scenario: sum ${name}\n- **WHEN** I add 1 and 1\n- **THEN** the sum SHALL be ${sum}\n`;
const STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('I add {int} and {int}', function (a, b) { this.sum = a + b; });
Then('the sum SHALL be {int}', function (n) { assert.equal(this.sum, n); });
`;

t.test('a document still failing keeps the report files and the summary red after a save of another', async (t) => {
  const user = userProject({ 'specs/a.spec.md': spec('a', 2), 'specs/b.spec.md': spec('b', 2), 'steps.mjs': STEPS });
  const bin = join(user.dir, 'node_modules', '.bin', 'spec-run');
  const watching = watchProcess([bin, 'specs', '--watch', '--reporter', 'tap', '--reporter', 'junit:junit.xml', '--reporter', 'json:run.jsonl'], user.dir, userEnvironment());
  const junit = () => readFileSync(join(user.dir, 'junit.xml'), 'utf8');
  const settle = () => new Promise((r) => setTimeout(r, 400));
  await watching.summaries(1);
  await settle();
  t.equal(junit().match(/<testsuite /g)?.length, 2);
  writeFileSync(join(user.dir, 'specs', 'a.spec.md'), spec('a', 40));
  await watching.summaries(2);
  await settle();
  appendFileSync(join(user.dir, 'specs', 'b.spec.md'), '\n');
  await watching.summaries(3);
  await settle();
  await watching.stop();
  const xml = junit();
  t.equal(xml.match(/<testsuite /g)?.length, 2, 'both documents in junit.xml');
  t.match(xml, /<testsuite name="Sum a"[^>]*failures="1"/, 'a, failing on disk, fails there');
  const stream = readFileSync(join(user.dir, 'run.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
  t.match(stream.at(-1), { type: 'run-end', counts: { failed: 1 } }, 'the JSON report counts a');
  const stderr = watching.stderr();
  const last = stderr.slice(stderr.lastIndexOf('changed: specs/b.spec.md'));
  t.match(last, /1 result is from an earlier run, not run again since; failing there: specs\/a\.spec\.md/, 'the terminal says which result is an earlier run');
  t.match(last, /requirements: 1 verified, 1 failing/);
  t.match(last, /^\d+ passed, 1 failed, 0 skipped, 0 todo$/m, 'the last summary is red');
  // The rerun's own TAP on stdout holds b alone: the terminal follows what ran.
  const runs = watching.stdout().split(/^TAP version 14$/m).slice(1);
  t.equal(runs.length, 3);
  t.notMatch(runs[2], /Sum a/);
});
