// `spec-run merge` of shards a CI matrix ran with different seeds wrote shard 1's seed into
// every JUnit suite, so following the README (replay with the seed of the JUnit properties)
// replayed a document with the wrong random choices, and stderr was silent (round 12's user
// seat). From a user's seat: spec-run packed, installed into a fresh project outside the repository.
import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';

const spec = (name: string) => `### Requirement: ${name}\nThe system SHALL ${name}.\n\n#### Scenario: ${name}\n- **WHEN** it works\n- **THEN** it is done\n`;

t.test('merge of shards run with different seeds: each JUnit suite carries the seed its document ran with, TAP notes it, stderr warns', async (t) => {
  const user = userProject({
    'specs/a.spec.md': spec('Alpha'),
    'specs/b.spec.md': spec('Beta'),
    'steps/s.steps.mjs': "import { When, Then } from 'spec-run/steps';\nWhen('it works', function () {});\nThen('it is done', function () { if (!this.scenario) throw new Error(); this.held = true; });\n",
  });
  for (const [index, seed] of [[1, 101], [2, 202]]) {
    const shard = await user.specRun(['specs/', '--shard', `${index}/2`, '--seed', String(seed), '--reporter', `json:shard-${index}.jsonl`]);
    t.equal(shard.code, 0, shard.stderr);
  }
  /** The seed of the shard whose stream ran FILE, read from the shards' own streams. */
  const ranWith = (file: string) => {
    const stream = [1, 2].map((index) => readFileSync(join(user.dir, `shard-${index}.jsonl`), 'utf8')).find((text) => text.includes(`"file":"${file}"`))!;
    return (JSON.parse(stream.split('\n')[0]) as { seed: number }).seed;
  };
  t.same(new Set([ranWith('specs/a.spec.md'), ranWith('specs/b.spec.md')]), new Set([101, 202]));
  const merge = await user.specRun(['merge', 'shard-1.jsonl', 'shard-2.jsonl', '--reporter', 'junit:merged.xml', '--reporter', 'tap:merged.tap']);
  t.equal(merge.code, 0, merge.stderr);
  t.match(merge.stderr, /spec-run merge: warning: the shards ran with different seeds: 101, 202|spec-run merge: warning: the shards ran with different seeds: 202, 101/);
  const xml = readFileSync(join(user.dir, 'merged.xml'), 'utf8');
  const suites = [...xml.matchAll(/<testsuite name="[^"]*" file="([^"]+)"[\s\S]*?<property name="seed" value="(\d+)"/g)].map(([, file, seed]) => [file, Number(seed)]);
  t.same(suites, [['specs/a.spec.md', ranWith('specs/a.spec.md')], ['specs/b.spec.md', ranWith('specs/b.spec.md')]]);
  t.match(readFileSync(join(user.dir, 'merged.tap'), 'utf8'), /# the shards ran with different seeds/);
});
