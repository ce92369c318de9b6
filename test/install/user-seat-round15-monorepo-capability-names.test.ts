// A monorepo (npm workspaces, packages/*/openspec/specs/auth) from a user's seat: spec-run
// packed and installed. A capability's JUnit suite name and capabilityId were
// `packages/b/openspec/specs/auth` in the full run but `auth` in a rerun of its failures
// or a run of its package, so CI history did not line up. Every run, shard and merge now
// names it as the full run does.
import t from 'tap';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';
import { ADDING_STEPS, addingSpec } from '../support/adding-fixture.js';

const suites = (xml: string) => [...xml.matchAll(/<testsuite name="([^"]*)"/g)].map((m) => m[1]).sort();
const capabilityIds = (jsonl: string) => [...new Set([...jsonl.matchAll(/"capabilityId":"([^"]*)"/g)].map((m) => m[1]))].sort();

t.test("a monorepo capability keeps the full run's name in a rerun of failures, a package's run, and merged shards", async (t) => {
  const project = userProject({
    'spec-run.config.yaml': 'paths: [packages/]\n',
    'packages/a/openspec/specs/auth/spec.md': addingSpec(3),
    'packages/a/steps/a.steps.mjs': ADDING_STEPS,
    'packages/b/openspec/specs/auth/spec.md': addingSpec(4),
    'packages/b/steps/a.steps.mjs': ADDING_STEPS,
  });
  const full = await project.specRun(['--reporter', 'junit']);
  t.equal(full.code, 1, 'package b fails');
  t.same(suites(full.stdout), ['packages/a/openspec/specs/auth', 'packages/b/openspec/specs/auth']);
  const b = 'packages/b/openspec/specs/auth';

  const rerun = await project.specRun(['--only-failures', '--reporter', 'junit']);
  t.same(suites(rerun.stdout), [b], '--only-failures: the same suite name');
  const rerunJson = await project.specRun(['--only-failures', '--reporter', 'json']);
  t.same(capabilityIds(rerunJson.stdout), [`${b}#Value`], '--only-failures: the same capabilityId');

  const pkg = await project.specRun(['packages/b', '--reporter', 'json']);
  t.same(capabilityIds(pkg.stdout), [`${b}#Value`], "a run of the package's path: the same capabilityId");

  for (const index of [1, 2]) {
    const shard = await project.specRun(['--shard', `${index}/2`, '--reporter', 'json']);
    writeFileSync(join(project.dir, `s${index}.jsonl`), shard.stdout);
    t.notMatch(shard.stdout, /"capabilityId":"auth#/, `shard ${index}: no bare capability name`);
  }
  const merged = await project.specRun(['merge', 's1.jsonl', 's2.jsonl', '--reporter', 'junit']);
  t.equal(merged.code, 1);
  t.same(suites(merged.stdout), suites(full.stdout), 'merged shards: the suites of the full run');
});
