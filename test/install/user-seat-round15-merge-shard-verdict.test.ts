// A platform team's merge job, from a user's seat: spec-run packed and installed, two shards
// run with --reporter json, then their artefacts damaged as a partial upload, a pipeline
// filter or an edit damages them (the failing point's line lost, `"ok":"false"`, a misspelt
// event type). Each merged to exit 0 from a shard that had exited 1; each is now refused
// (exit 2) naming the shard file (and the line), and the whole artefacts still merge red.
import t from 'tap';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';
import { ADDING_STEPS, addingSpec } from '../support/adding-fixture.js';

t.test('merge refuses a shard artefact that lost or garbled a line, and never reports greener than a shard', async (t) => {
  const project = userProject({ 'specs/bad.spec.md': addingSpec(4), 'specs/good.spec.md': addingSpec(3), 'steps/a.steps.mjs': ADDING_STEPS });
  const shardCodes: number[] = [];
  for (const index of [1, 2]) {
    const run = await project.specRun(['specs/', '--seed', '1', '--shard', `${index}/2`, '--reporter', 'json']);
    writeFileSync(join(project.dir, `s${index}.jsonl`), run.stdout);
    shardCodes.push(run.code);
  }
  t.same(shardCodes.sort(), [0, 1], 'one shard fails, the other passes');
  const failing = readFileSync(join(project.dir, 's1.jsonl'), 'utf8').includes('"ok":false') ? 's1.jsonl' : 's2.jsonl';
  const passing = failing === 's1.jsonl' ? 's2.jsonl' : 's1.jsonl';
  const whole = await project.specRun(['merge', 's1.jsonl', 's2.jsonl']);
  t.equal(whole.code, 1, 'the whole artefacts merge red');
  t.match(whole.stderr, /3 passed, 1 failed/);

  const text = readFileSync(join(project.dir, failing), 'utf8');
  const lines = text.split('\n');
  const damage = async (name: string, damaged: string) => {
    project.write({ [name]: damaged });
    return project.specRun(['merge', name, passing]);
  };
  const cut = await damage('cut.jsonl', lines.filter((line) => !line.includes('"ok":false')).join('\n'));
  t.equal(cut.code, 2, 'a stream that lost its failing point is refused');
  t.match(cut.stderr, /spec-run merge: cut\.jsonl: its run-end counts 1 failed, but its events hold 0 failed/);

  const pointLine = lines.findIndex((line) => line.includes('"ok":false')) + 1;
  const asString = await damage('string.jsonl', text.replace('"ok":false', '"ok":"false"'));
  t.equal(asString.code, 2, '"ok":"false" is refused');
  t.match(asString.stderr, new RegExp(`spec-run merge: string\\.jsonl:${pointLine}: a malformed "point" event: ok: `));

  const firstPoint = lines.findIndex((line) => line.includes('"type":"point"')) + 1;
  const misspelt = await damage('type.jsonl', text.replaceAll('"type":"point"', '"type":"Point"'));
  t.equal(misspelt.code, 2, 'a misspelt event type is refused');
  t.match(misspelt.stderr, new RegExp(`spec-run merge: type\\.jsonl:${firstPoint}: an event of unknown type "Point"`));
  for (const run of [cut, asString, misspelt]) t.notMatch(run.stdout, /^ok|passed/m, 'no report of the refused merge');
});
