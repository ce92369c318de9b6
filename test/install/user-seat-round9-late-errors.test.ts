// What the ninth round of user-seat sessions found of late step errors, from a user's seat:
// spec-run packed, installed into a fresh project outside the repository, run through its bin.
import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';
import type { RunEvent } from '../../src/model/events.js';

const STEPS = `import assert from 'node:assert/strict';
import { When } from 'spec-run/steps';
import { setInterval as every } from 'node:timers/promises';
When('an interval of {int} ms fails on tick {int}', function (ms, n) {
  (async () => { let i = 0; for await (const _ of every(ms)) { if (++i === n) assert.equal(1, 2); } })();
});
`;

const requirement = (name: string, ms: number, tick: number) => `### Requirement: ${name}\nThe app SHALL do things.\n\n#### Scenario: ${name}\n- **THEN** an interval of ${ms} ms fails on tick ${tick}\n\n`;

t.test('a late step error is in every report or in none: the exit status, TAP, JUnit, JSON, HTML and the summary agree, and a timer counts once', async (t) => {
  // The document waits for an interval's next firing (once), then stops what is still pending:
  // "in the wait" fails at that first firing, after its scenario ended; "long after" and the
  // user's own (tick 10 at 500 ms) would fail seconds later, so they are stopped unrun.
  const project = userProject({
    'steps3.mjs': STEPS,
    'specs2/iv.spec.md': `# Interval\n\n${requirement('interval late', 500, 10)}${requirement('in the wait', 100, 1)}${requirement('long after', 100, 200)}`,
  });
  const run = await project.specRun(['run', 'specs2/iv.spec.md', '--steps', 'steps3.mjs', '--reporter', 'tap:o.tap', '--reporter', 'junit:j.xml', '--reporter', 'json:r.json', '--reporter', 'html:r.html']);
  const read = (file: string) => readFileSync(join(project.dir, file), 'utf8');
  const events = read('r.json').trim().split('\n').map((line) => JSON.parse(line) as RunEvent);
  const points = events.filter((e): e is Extract<RunEvent, { type: 'point' }> => e.type === 'point');
  const end = events.find((e): e is Extract<RunEvent, { type: 'run-end' }> => e.type === 'run-end')!;
  const failed = (scenario: string) => points.filter((p) => !p.ok && p.name.startsWith(`scenario "${scenario}"`)).length;
  const skipped = (scenario: string) => points.filter((p) => p.skip !== undefined && p.name.startsWith(`scenario "${scenario}"`)).length;

  t.equal(run.code, 1, run.stderr);
  t.equal(failed('in the wait'), 1, 'an error while the run waits: a failing point');
  t.equal(skipped('in the wait'), 0, 'not also skipped');
  t.equal(failed('long after'), 0, 'a timer still firing when the run stopped waiting never fails it');
  t.equal(skipped('long after'), 1, 'it is skipped, stopped unrun');
  t.equal(failed('interval late') + skipped('interval late'), 1, "the user's timer counts once: failed or skipped, never both");
  t.same(end.counts, { passed: 3, failed: 1 + failed('interval late'), skipped: 1 + skipped('interval late'), todo: 0 });

  const failures = end.counts.failed;
  t.equal(read('o.tap').match(/^\s*not ok \d+ - scenario "/gm)?.length, failures, 'the TAP file has each failing point');
  t.equal(run.stdout.match(/^\s*not ok \d+ - scenario "/gm)?.length, failures, 'so has the TAP on stdout');
  t.equal(read('j.xml').match(/<failure /g)?.length, failures, 'the JUnit file has each failure');
  t.match(read('r.html'), /in the wait[^<]*: an error thrown after it ended/, 'the HTML report has it');
  t.notMatch(run.stderr, /after the run's report/, 'nothing failed the run after its report');
  const summaries = run.stderr.match(/^\d+ passed.*$/gm) ?? [];
  t.same(summaries, [`3 passed, ${failures} failed, ${end.counts.skipped} skipped, 0 todo`], 'the summary is said once, with the final counts');
  t.equal(run.stderr.trim().split('\n').at(-1), summaries[0], 'and last');
});
