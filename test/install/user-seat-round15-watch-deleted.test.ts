// A stale result the editor persona met, from a user's seat: spec-run packed, installed into a
// fresh project outside the repository, left watching with report files. A deleted document
// kept its result (a failure) in the HTML and JUnit reports and the summary, and stderr said
// "nothing of what changed is selected". It now leaves them at once, and stderr says so.
import t from 'tap';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { userEnvironment, userProject } from '../support/installed.js';
import { watchProcess } from '../support/watching.js';

const spec = (name: string, total: number) => `# ${name} Specification\n\n## Requirements\n\n### Requirement: ${name}\nThe total SHALL be right.\n\n#### Scenario: ${name}\n- **GIVEN** an empty cart\n- **THEN** the total SHALL be ${total}\n`;
const STEPS = `import assert from 'node:assert/strict';
import { Given, Then } from 'spec-run/steps';
Given('an empty cart', function () { this.cart = []; });
Then('the total SHALL be {int}', function (total) { assert.equal(this.cart.length, total); });
`;

t.test('a deleted document leaves the report files and the summary at once', async (t) => {
  const user = userProject({ 'specs/keep.spec.md': spec('keep', 0), 'specs/gone.spec.md': spec('gone', 5), 'steps.mjs': STEPS });
  const bin = join(user.dir, 'node_modules', '.bin', 'spec-run');
  const watching = watchProcess([bin, 'specs', '--watch', '--reporter', 'tap', '--reporter', 'junit:junit.xml', '--reporter', 'html:report.html'], user.dir, userEnvironment());
  await watching.summaries(1);
  await new Promise((r) => setTimeout(r, 1000));
  t.match(readFileSync(join(user.dir, 'junit.xml'), 'utf8'), /specs\/gone\.spec\.md/, 'the failing document is reported first');
  rmSync(join(user.dir, 'specs/gone.spec.md'));
  await watching.summaries(2);
  await watching.stop();
  t.match(watching.stderr(), /spec-run: deleted: specs\/gone\.spec\.md; its result leaves the reports/);
  t.notMatch(watching.stderr(), /nothing of what changed is selected/);
  t.match(watching.stderr(), /deleted: specs\/gone\.spec\.md[^\n]*\n(?:.*\n)*?2 passed, 0 failed, 0 skipped, 0 todo$/m, 'the summary is of what is left');
  t.notMatch(readFileSync(join(user.dir, 'junit.xml'), 'utf8'), /gone\.spec\.md/, 'JUnit leaves it out');
  t.match(readFileSync(join(user.dir, 'report.html'), 'utf8'), /<title>spec-run: 2 passed, 0 failed/, 'so does the HTML report');
});

// Round 20: a document created while the watch ran and then deleted kept its failure, since the
// watch only knew the documents found at the start and those found at the deletion.
t.test('a document created during the watch and deleted again leaves the report files and the summary too', async (t) => {
  const user = userProject({ 'specs/keep.spec.md': spec('keep', 0), 'steps.mjs': STEPS });
  const bin = join(user.dir, 'node_modules', '.bin', 'spec-run');
  const watching = watchProcess([bin, 'specs', '--watch', '--reporter', 'tap', '--reporter', 'junit:junit.xml'], user.dir, userEnvironment());
  await watching.summaries(1);
  await new Promise((r) => setTimeout(r, 1000));
  user.write({ 'specs/new.spec.md': spec('new', 5) });
  await watching.summaries(2);
  t.match(readFileSync(join(user.dir, 'junit.xml'), 'utf8'), /specs\/new\.spec\.md/, 'the new, failing document is reported');
  t.match(watching.stderr(), /^3 passed, 1 failed, 0 skipped, 0 todo$/m, 'and fails the summary');
  rmSync(join(user.dir, 'specs/new.spec.md'));
  await watching.summaries(3);
  await watching.stop();
  t.match(watching.stderr(), /spec-run: deleted: specs\/new\.spec\.md; its result leaves the reports/);
  t.match(watching.stderr(), /deleted: specs\/new\.spec\.md[^\n]*\n(?:.*\n)*?2 passed, 0 failed, 0 skipped, 0 todo$/m, 'the summary is of what is left');
  t.notMatch(readFileSync(join(user.dir, 'junit.xml'), 'utf8'), /new\.spec\.md/, 'JUnit leaves it out');
});
