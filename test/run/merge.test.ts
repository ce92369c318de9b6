// `spec-run merge`'s rule: the streams merged are every share of one sharded run, each
// once, or else they are refused; never a report that looks whole and is not.
import t from 'tap';
import fc from 'fast-check';
import type { RunEvent, ShardOf } from '../../src/model/events.js';
import type { DocumentPlan } from '../../src/model/plan.js';
import { mergeShardStreams, MergeError, type ShardStream } from '../../src/run/merge.js';
import { shardPlan } from '../../src/run/shard.js';
import { junitReporter, junitUnitsReporter } from '../../reporters/junit.js';
import { tapReporter } from '../../reporters/tap.js';

const plan = (files: string[]): { documents: DocumentPlan[] } => ({
  documents: files.map((file) => ({ file, name: file, family: 'lisp', metadata: {}, definitions: [], units: [], notRun: [], problems: [] })),
});

/** The JSON stream of share INDEX of COUNT of a run of FILES, each document one passing point. */
function shardStream(files: string[], index: number, count: number, stopped?: string, selection?: string[]): ShardStream {
  const shard: ShardOf = { index, count, documents: files };
  const mine = shardPlan(plan(files), { index, count }, '.').documents.map((d) => d.file);
  const events: RunEvent[] = [{ type: 'run-start', documents: mine.length, seed: 1, shard, ...(selection ? { selection } : {}) }];
  for (const file of mine) {
    const unitId = `${file}#1`;
    events.push(
      { type: 'document-start', file, name: file },
      { type: 'unit-start', file, unitId, name: 'u', kind: 'lisp-block', at: { file, line: 1 } },
      { type: 'point', file, unitId, ok: true, name: 'check' },
      { type: 'unit-end', file, unitId, durationMs: 1 },
      { type: 'document-end', file, durationMs: 1 },
    );
  }
  events.push({ type: 'run-end', durationMs: 1, counts: { passed: mine.length, failed: 0, skipped: 0, todo: 0 }, ...(stopped ? { stopped } : {}) });
  return { source: `shard-${index}.jsonl`, text: events.map((e) => JSON.stringify(e)).join('\n') };
}

const mergeError = (streams: ShardStream[]): string | null => {
  try {
    mergeShardStreams(streams);
    return null;
  } catch (error) {
    if (error instanceof MergeError) return error.message;
    throw error;
  }
};

t.test('property: shards merge exactly when each share of the run is given once, and then count every document', async (t) => {
  const run = fc.record({
    files: fc.uniqueArray(fc.stringMatching(/^[a-e]{1,3}$/).map((s) => `specs/${s}.md`), { minLength: 1, maxLength: 8 }),
    count: fc.integer({ min: 1, max: 5 }),
  });
  const given = run.chain(({ files, count }) => fc.record({ files: fc.constant(files), count: fc.constant(count), indices: fc.array(fc.integer({ min: 1, max: count }), { minLength: 1, maxLength: count + 2 }) }));
  fc.assert(
    fc.property(given, ({ files, count, indices }) => {
      const problem = mergeError(indices.map((i) => shardStream(files, i, count)));
      const whole = new Set(indices).size === count && indices.length === count;
      if (whole) {
        const events = mergeShardStreams(indices.map((i) => shardStream(files, i, count)));
        const end = events.at(-1);
        return problem === null && end?.type === 'run-end' && end.counts.passed === files.length;
      }
      return problem !== null && (indices.length > new Set(indices).size ? /given twice/.test(problem) : /^incomplete: shards? [\d/, ]+ missing/.test(problem));
    }),
    { numRuns: 300 },
  );
  t.pass('300 generated sets of shards');
});

t.test('a missing shard is named with the documents no stream holds', async (t) => {
  const files = ['specs/a.md', 'specs/b.md', 'specs/c.md'];
  t.equal(mergeError([shardStream(files, 2, 2)]), 'incomplete: shard 1/2 missing; 2 of the run\'s 3 documents in no stream: specs/a.md, specs/c.md');
  t.equal(mergeError([shardStream(files, 1, 2), shardStream(files, 2, 2)]), null, 'both shares merge');
});

t.test('a shard that stopped early, shards of different runs, and a whole run beside a shard are refused', async (t) => {
  const files = ['specs/a.md', 'specs/b.md'];
  t.match(mergeError([shardStream(files, 1, 2, 'run interrupted by SIGINT: 1 of 1 documents not run'), shardStream(files, 2, 2)]), /shard-1\.jsonl: the run stopped before it ran every document \(run interrupted by SIGINT/);
  t.match(mergeError([shardStream(files, 1, 2), shardStream([...files, 'specs/c.md'], 2, 2)]), /are not shares of the same run/);
  t.match(mergeError([shardStream(files, 1, 2), shardStream(files, 2, 3)]), /are not shares of the same run/);
  const unsharded = { source: 'whole.jsonl', text: shardStream(files, 1, 1).text.replace(/,"shard":\{[^}]*\}/, '') };
  t.equal(mergeError([unsharded]), null, 'the stream of an unsharded run is whole by itself');
  t.match(mergeError([unsharded, shardStream(files, 2, 2)]), /whole\.jsonl is the stream of an unsharded run and shard-2\.jsonl that of shard 2\/2/);
});

t.test('shards narrowed differently are refused, naming the shard and its selection; shards narrowed alike merge into a run that says so', async (t) => {
  const files = ['specs/a.md', 'specs/b.md'];
  t.equal(
    mergeError([shardStream(files, 1, 2), shardStream(files, 2, 2, undefined, ['--grep keep'])]),
    'shard-2.jsonl (shard 2/2) ran only the units selected by --grep keep, but shard-1.jsonl (shard 1/2) ran every unit of its share: give every shard of a run the same selection (--grep, --tag, --level, --only-failures, --change, file:LINE)',
  );
  t.match(mergeError([shardStream(files, 1, 2, undefined, ['--tag smoke']), shardStream(files, 2, 2, undefined, ['--tag slow'])]), /^shard-2\.jsonl \(shard 2\/2\) ran only the units selected by --tag slow, but shard-1\.jsonl \(shard 1\/2\) ran only the units selected by --tag smoke/);
  const narrowed = mergeShardStreams([shardStream(files, 1, 2, undefined, ['--only-failures']), shardStream(files, 2, 2, undefined, ['--only-failures'])]);
  t.match(narrowed[0], { type: 'run-start', selection: ['--only-failures'] }, 'the merged run-start says what narrowed it');
  t.match(narrowed[1], { type: 'comment', text: /^a narrowed run: every shard ran only the units selected by --only-failures; the counts are of those units, not of every unit/ });
  t.notOk('selection' in mergeShardStreams([shardStream(files, 1, 2), shardStream(files, 2, 2)])[0], 'a whole run says no selection');
});

t.test('shards run with different seeds: every report gives each document the seed its shard ran with, the run notes the difference', async (t) => {
  const files = ['a.test.md', 'b.test.md', 'c.test.md'];
  const streams = [shardStream(files, 1, 2), shardStream(files, 2, 2)].map((stream, i) => ({ ...stream, text: stream.text.replace('"seed":1,', `"seed":${[11, 22][i]},`) }));
  /** The seed of the shard whose stream holds FILE, read from the streams themselves. */
  const ranWith = (file: string) => {
    const stream = streams.find((s) => s.text.includes(`"type":"document-start","file":"${file}"`))!;
    return (JSON.parse(stream.text.split('\n')[0]) as { seed: number }).seed;
  };
  t.same(new Set(files.map(ranWith)), new Set([11, 22]), 'the shards ran the documents with two seeds');
  const merged = mergeShardStreams(streams);
  t.match(merged.find((e) => e.type === 'comment')?.text, /^the shards ran with different seeds: 11, 22 /);
  const render = async (reporter: typeof tapReporter) => {
    let text = '';
    for await (const chunk of reporter((async function* () { yield* merged; })())) text += chunk;
    return text;
  };
  for (const [name, reporter] of [['junit', junitReporter], ['junit-units', junitUnitsReporter]] as const) {
    const xml = await render(reporter);
    const suiteSeeds = [...xml.matchAll(/<testsuite name="([^"]+)"[\s\S]*?<property name="seed" value="(\d+)"/g)].map(([, file, seed]) => [file, Number(seed)]);
    t.same(suiteSeeds, files.map((file) => [file, ranWith(file)]), `${name}: each suite the seed of its own shard`);
  }
  const tap = await render(tapReporter);
  for (const file of files) t.match(tap, new RegExp(`# Subtest: ${file} \\(${file}\\)\\n    # seed: ${ranWith(file)}\\n`), `TAP: ${file} says its seed`);
  const same = mergeShardStreams([shardStream(files, 1, 2), shardStream(files, 2, 2)]);
  t.notOk(same.some((e) => e.type === 'document-start' && e.seed !== undefined), 'one seed: the run says it, as before');
});

t.test('a selected Lisp unit that checked nothing in its shard fails the merge, whatever the units run only before it passed', async (t) => {
  const file = 'specs/a.md';
  const stream = (target: RunEvent): ShardStream => {
    const events: RunEvent[] = [
      { type: 'run-start', documents: 1, seed: 1, shard: { index: 1, count: 1, documents: [file] }, selection: ['--grep target'] },
      { type: 'document-start', file, name: 'a', unitsBefore: [`${file}#1`] },
      { type: 'unit-start', file, unitId: `${file}#1`, name: 'setup', kind: 'lisp-block', at: { file, line: 8 } },
      { type: 'point', file, unitId: `${file}#1`, ok: true, name: '(= *x* 1)' },
      { type: 'unit-end', file, unitId: `${file}#1`, durationMs: 1 },
      { type: 'unit-start', file, unitId: `${file}#2`, name: 'target', kind: 'fiveam-test', at: { file, line: 14 } },
      target,
      { type: 'unit-end', file, unitId: `${file}#2`, durationMs: 1 },
      { type: 'document-end', file, durationMs: 1 },
      // The shard's own counts, as its run wrote them: merge checks its points add up to them.
      { type: 'run-end', durationMs: 1, counts: target.type === 'point' && target.skip ? { passed: 1, failed: 0, skipped: 1, todo: 0 } : { passed: 2, failed: 0, skipped: 0, todo: 0 } },
    ];
    return { source: 'shard-1.jsonl', text: events.map((e) => JSON.stringify(e)).join('\n') };
  };
  const skipped = mergeShardStreams([stream({ type: 'point', file, unitId: `${file}#2`, ok: true, name: '(is (= *x* 2))', skip: 'its form stands behind #+ccl' })]);
  t.match(skipped.at(-1), { type: 'run-end', checkedNothing: 'the run checked nothing: no check passed (1 skipped) in the selected units (the 1 unit run only before them not counted)' });
  const checked = mergeShardStreams([stream({ type: 'point', file, unitId: `${file}#2`, ok: true, name: '(is (= *x* 1))' })]);
  t.notOk('checkedNothing' in checked.at(-1)!, 'a selected unit that checked something passes the merge');
});

/** A one-shard stream of a run whose document has a passing and a failing point, as --reporter json writes it. */
function failingShard(): string[] {
  const file = 'specs/bad.md';
  const unitId = `${file}#1`;
  const requirement = { id: `${file}#Value`, name: 'Value', file, line: 1, origin: 'requirement-heading' as const, statements: ['It SHALL add.'], units: [unitId] };
  const events: RunEvent[] = [
    { type: 'run-start', documents: 1, seed: 1, shard: { index: 1, count: 1, documents: [file] } },
    { type: 'document-start', file, name: file, requirements: [requirement] },
    { type: 'unit-start', file, unitId, name: 'u', kind: 'scenario', at: { file, line: 4 }, requirements: [requirement.id] },
    { type: 'point', file, unitId, ok: true, name: 'one' },
    { type: 'point', file, unitId, ok: false, name: 'two', at: { file, line: 6 } },
    { type: 'unit-end', file, unitId, durationMs: 1 },
    { type: 'document-end', file, durationMs: 1 },
    {
      type: 'run-end',
      durationMs: 1,
      counts: { passed: 1, failed: 1, skipped: 0, todo: 0 },
      requirements: [{ ...requirement, status: 'failing', counts: { passed: 1, failed: 1, skipped: 0, todo: 0 }, detail: '1 passed, 1 failed, 0 skipped, 0 todo' }],
    },
  ];
  return events.map((event) => JSON.stringify(event));
}

const mergedFailed = (lines: string[]): number | string => {
  const problem = mergeError([{ source: 's1.jsonl', text: lines.join('\n') }]);
  if (problem !== null) return problem;
  const end = mergeShardStreams([{ source: 's1.jsonl', text: lines.join('\n') }]).at(-1);
  return end?.type === 'run-end' ? end.counts.failed : 'no run-end';
};

t.test('a shard stream that lost any one line is refused or merges as failing as the shard: never greener', async (t) => {
  const lines = failingShard();
  t.equal(mergedFailed(lines), 1, 'the whole stream merges with its failure');
  lines.forEach((_, cut) => {
    const result = mergedFailed(lines.filter((__, i) => i !== cut));
    t.ok(typeof result === 'string' || result >= 1, `without line ${cut + 1}: ${result}`);
  });
  t.match(mergedFailed(lines.filter((line) => !line.includes('"ok":false'))), /^s1\.jsonl: its run-end counts 1 failed, but its events hold 0 failed/);
});

t.test('a shard whose run-end and events disagree only on a requirement status is refused naming it', async (t) => {
  const lines = failingShard().map((line) => line.replace('"status":"failing"', '"status":"verified"'));
  t.match(mergedFailed(lines), /^s1\.jsonl: its run-end finds requirement specs\/bad\.md#Value verified, but its events make it failing/);
});

t.test('an event the schema does not allow is refused at its file and line, whatever its kind of damage', async (t) => {
  const lines = failingShard();
  const damaged = (from: string, to: string) => mergedFailed(lines.map((line) => line.replace(from, to)));
  t.match(damaged('"ok":false', '"ok":"false"'), /^s1\.jsonl:5: a malformed "point" event: ok: /);
  t.match(damaged('"type":"point"', '"type":"Point"'), /^s1\.jsonl:4: an event of unknown type "Point"/);
  t.match(damaged('"counts":{"passed":1,"failed":1', '"counts":{"passed":1,"failed":-1'), /^s1\.jsonl:8: a malformed "run-end" event: counts\.failed: /);
  t.match(damaged('"kind":"scenario"', '"kind":"scenery"'), /^s1\.jsonl:3: a malformed "unit-start" event: kind: /);
  t.match(mergedFailed([...lines, lines[3]]), /^s1\.jsonl:9: an event after the run-end/);
  // A field it does not know is refused, not dropped: a misspelt "skip" would otherwise merge as a pass.
  t.match(damaged('"ok":false', '"ok":false,"skipp":"by hand"'), /^s1\.jsonl:5: a malformed "point" event: \(the event\): Unrecognized key: "skipp"/);
  t.match(damaged('"counts":{"passed":1', '"counts":{"flakey":0,"passed":1'), /^s1\.jsonl:8: a malformed "run-end" event: counts: Unrecognized key: "flakey"/);
});
