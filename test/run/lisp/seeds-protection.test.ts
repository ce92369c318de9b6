// The timeout-protection seed against the real runtime: eleven FiveAM properties,
// about two minutes of provoked timeouts. On its own file so it runs beside the rest.
import t from 'tap';
import { seedPath } from '../../parse/seed-files.js';
import { REAL_RUNTIME, options, runMarkdownFile } from './helpers.js';

t.test('timeout-protection.test.md passes against the runtime', async (t) => {
  const r = await runMarkdownFile(seedPath('timeout-protection.test.md'), options({ runtimeCommand: REAL_RUNTIME }));
  t.same(
    r.failed.map((p) => ({ name: p.name, line: p.at?.line, diagnostics: p.diagnostics })),
    [],
  );
  t.equal(r.points.filter((p) => p.skip !== undefined).length, 0, 'nothing skipped');
  t.equal(r.events.filter((e) => e.type === 'unit-end').length, 11, 'all eleven properties ran');
  t.ok(r.points.length >= 250, `${r.points.length} checks`);
});
