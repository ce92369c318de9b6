// From a user's seat: an installed spec-run keeps what it parsed for the next run, in the
// cache directory, and never reads a document from there once its file has changed.
// A team edits a specification between runs; the run after the edit checks the edit.
import t from 'tap';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repositoryRoot, userProject } from '../support/installed.js';

const specification = (expected: number) => `# Counter Specification

## Purpose
A counter.

## Requirements

### Requirement: Adding
The counter SHALL add.

#### Scenario: Two and three
- **GIVEN** a counter at 2
- **WHEN** 3 is added
- **THEN** the counter shows ${expected}
`;

const STEPS = `import { Given, When, Then } from 'spec-run/steps';
Given('a counter at {int}', function (n) { this.count = n; });
When('{int} is added', function (n) { this.count += n; });
Then('the counter shows {int}', function (n) { if (this.count !== n) throw new Error('the counter shows ' + this.count); });
`;

t.test('an installed spec-run reads an unchanged document from its cache, and an edited one anew', async (t) => {
  const cache = mkdtempSync(join(tmpdir(), 'spec-run-user-cache-'));
  t.teardown(() => rmSync(cache, { recursive: true, force: true }));
  const env = { SPEC_RUN_CACHE: cache };
  const project = userProject({ 'specs/counter.spec.md': specification(5), 'steps.mjs': STEPS });
  const run = () => project.specRun(['specs/', '--steps', 'steps.mjs', '--reporter', 'tap'], { env });
  const documents = join(cache, 'documents');

  const first = await run();
  t.equal(first.code, 0, first.code === 0 ? 'the specification passes' : first.stdout + first.stderr);
  t.equal(readdirSync(documents).length, 1, 'the run kept the parsed document');
  const again = await run();
  t.equal(again.code, 0, 'the run from the cache passes too');
  const points = (tap: string) => tap.split('\n').filter((line) => /^\s*(not )?ok /.test(line)).map((line) => line.replace(/ # time=[\d.]+m?s$/, ''));
  t.same(points(again.stdout), points(first.stdout), 'with the same test points');

  project.write({ 'specs/counter.spec.md': specification(6) });
  const edited = await run();
  t.equal(edited.code, 1, 'the edited claim is checked, and fails');
  t.match(edited.stdout, /not ok \d+ - THEN the counter shows 6/);
  t.match(edited.stdout, /the counter shows 5/);
  // The failure's stack shows the user's frames only: not spec-run's bundle, which V8 had
  // named by the path it had on the machine that built the package (from the code cache).
  t.match(edited.stdout, /stack:\n\s+- at [^\n]*\(steps\.mjs:\d+:\d+\)/);
  t.notMatch(edited.stdout, /program\.bundle\.cjs/);
  t.notOk(edited.stdout.includes(repositoryRoot), 'no path of the machine that built the package');
  t.equal(readdirSync(documents).length, 1, 'the edit replaced the entry');

  const off = mkdtempSync(join(tmpdir(), 'spec-run-user-cache-'));
  t.teardown(() => rmSync(off, { recursive: true, force: true }));
  const uncached = await project.specRun(['specs/', '--steps', 'steps.mjs', '--reporter', 'tap'], { env: { SPEC_RUN_CACHE: off, SPEC_RUN_DOCUMENT_CACHE: 'off' } });
  t.equal(uncached.code, 1);
  t.notOk(existsSync(join(off, 'documents')), 'SPEC_RUN_DOCUMENT_CACHE=off keeps nothing');
});
