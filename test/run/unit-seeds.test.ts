// A unit's seed depends only on the run seed and the unit's identity (document file
// name and place), never on the other documents, --jobs, --grep or the order of paths:
// the same document is run alone and among others through the real command line, and
// every unit's reported seed is compared.
import t from 'tap';
import fc from 'fast-check';
import { join } from 'node:path';
import type { RunEvent } from '../../src/model/events.js';
import { unitSeed } from '../../src/run/seeds.js';
import { lispDocument, specRun } from '../cli/spec-run.js';

/** Unit seeds of a run, keyed by "<file name>#<place>". */
async function seedsOf(args: string[], cwd: string): Promise<Map<string, number>> {
  const run = await specRun([...args, '--reporter', 'json'], cwd);
  // A run that did not finish would leave units out: say why instead of comparing.
  if (!run.stdout.includes('"type":"run-end"')) throw new Error(`spec-run ${args.join(' ')} did not finish (exit ${run.code}): ${run.stderr}`);
  const seeds = new Map<string, number>();
  for (const line of run.stdout.trim().split('\n')) {
    const event = JSON.parse(line) as RunEvent;
    if (event.type === 'unit-end' && event.seed !== undefined) seeds.set(`${event.file.split('/').at(-1)}${event.unitId.slice(event.unitId.lastIndexOf('#'))}`, event.seed);
  }
  return seeds;
}

t.test('every unit has the same seed alone, among other documents, in parallel, filtered and with paths in another order', async (t) => {
  const dir = t.testdir({
    docs: {
      'alpha.md': lispDocument('alpha', { 'Block 1': '(assert (integerp (random 100)))', 'Block 2': '(assert (< (random 10) 10))', 'Block 3': '(assert t)' }),
      'beta.md': lispDocument('beta', { 'Block 1': '(assert (floatp (random 1.0)))', 'Block 2': '(assert t)' }),
    },
  });
  const alone = await seedsOf(['--seed', '5', 'docs/alpha.md'], dir);
  t.equal(alone.size, 3, 'the three units of alpha report a seed');
  t.equal(new Set(alone.values()).size, 3, 'each unit has its own seed');
  const variants: [string, string[]][] = [
    ['after another document', ['--seed', '5', 'docs/beta.md', 'docs/alpha.md']],
    ['with --jobs 2', ['--seed', '5', '--jobs', '2', 'docs/alpha.md', 'docs/beta.md']],
    ['from the directory, the path typed differently', ['--seed', '5', './docs']],
    ['through an absolute path', ['--seed', '5', join(dir, 'docs', 'alpha.md')]],
  ];
  for (const [label, args] of variants) {
    const seeds = await seedsOf(args, dir);
    for (const [unit, seed] of alone) t.equal(seeds.get(unit), seed, `${unit} ${label}`);
  }
  const grepped = await seedsOf(['--seed', '5', '--grep', 'Block 2', 'docs/beta.md', 'docs/alpha.md'], dir);
  t.equal(grepped.get('alpha.md#2'), alone.get('alpha.md#2'), 'alpha.md#2 selected alone by --grep');
  t.equal(grepped.get('alpha.md#1'), alone.get('alpha.md#1'), 'the unit before it in its Lisp environment ran too, with its own seed');
  t.equal(grepped.has('alpha.md#3'), false, '--grep left the unit after it out');
  const other = await seedsOf(['--seed', '6', 'docs/alpha.md'], dir);
  t.not(other.get('alpha.md#1'), alone.get('alpha.md#1'), 'another run seed gives another unit seed');
});

t.test('unitSeed reads only the file name and the place, whatever prefix the id carries', async (t) => {
  t.doesNotThrow(() =>
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.stringMatching(/^[a-z0-9/._-]{1,30}$/), fc.stringMatching(/^[a-z0-9-]{1,10}$/), fc.integer({ min: 1, max: 500 }), (seed, dir, name, n) => {
      const file = `${dir}/${name}.md`;
      const direct = unitSeed(seed, { file, id: `${file}#${n}` });
        return unitSeed(seed, { file: `./${file}`, id: `./${file}#${n}` }) === direct && unitSeed(seed, { file: `/elsewhere/${name}.md`, id: `7#${n}` }) === direct;
      }),
    ),
  );
});
