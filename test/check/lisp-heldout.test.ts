// The held-out Lisp documents (test/fixtures/lisp-heldout/): written by people who had
// not read the client vocabulary. `spec-run check` on each batch, through the CLI: the
// writer's helpers the vocabulary defines, and for the rest whether "did you mean" names
// the vocabulary name of the same concept first, must not fall below the recorded rates.
import t from 'tap';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const fixtures = path.join(root, 'test/fixtures/lisp-heldout');
const cli = path.join(root, 'dist/src/cli/main.js');
const rates = JSON.parse(readFileSync(path.join(fixtures, 'rates.json'), 'utf8')) as Record<
  string,
  { helpers: number; definedByName: number; undefined: number; suggestedRightFirst: number; concepts: Record<string, string[]> }
>;

/** The helpers WRITING.md's table lists, a row each, first cell "`(name args...)`" or "`name`". */
function helpers(batch: string): string[] {
  const writing = readFileSync(path.join(fixtures, batch, 'WRITING.md'), 'utf8');
  return [...writing.matchAll(/^\| `\(?([^\s)`]+)[^`]*` \|/gm)].map((m) => m[1]);
}

/** Each undefined name `spec-run check` reports in BATCH, with its suggestions (the first message's). */
async function undefinedNames(batch: string): Promise<Map<string, string[]>> {
  const { stdout } = await execa(process.execPath, [cli, 'check', path.join(fixtures, batch)], { cwd: root, reject: false });
  const names = new Map<string, string[]>();
  for (const [, name, suggestions] of stdout.matchAll(/error: '([^']+)' is called but neither this document nor the test vocabulary defines it(?:; did you mean ([^?]+)\?)?/g)) {
    if (!names.has(name)) names.set(name, [...(suggestions ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1]));
  }
  return names;
}

for (const batch of readdirSync(fixtures).filter((name) => /^batch\d+$/.test(name)).sort()) {
  t.test(`${batch}: the writer's helpers the vocabulary defines, and the right concept first in "did you mean" for the others`, async (t) => {
    const recorded = rates[batch];
    t.ok(recorded, `${batch} has recorded rates in rates.json`);
    if (!recorded) return;
    const used = helpers(batch);
    t.equal(used.length, recorded.helpers, "WRITING.md's table lists the helpers");
    t.same(used.filter((name) => !(name in recorded.concepts)).sort(), [], 'each helper has the vocabulary names of its concept recorded');
    const reported = await undefinedNames(batch);
    const defined = used.filter((name) => !reported.has(name));
    t.ok(defined.length >= recorded.definedByName, `by name: ${defined.length} of ${used.length} defined, recorded ${recorded.definedByName}`);
    const undefinedHelpers = used.filter((name) => reported.has(name));
    t.same([...reported.keys()].filter((name) => !used.includes(name)), [], 'every undefined name is a helper the writer listed');
    const right = undefinedHelpers.filter((name) => recorded.concepts[name]?.includes(reported.get(name)![0]));
    t.ok(right.length >= recorded.suggestedRightFirst, `suggestions: the right concept first for ${right.length} of ${undefinedHelpers.length} undefined (${undefinedHelpers.filter((n) => !right.includes(n)).map((n) => `${n} -> ${reported.get(n)!.join(', ') || 'nothing'}`).join('; ')}), recorded ${recorded.suggestedRightFirst}`);
    t.ok([...reported.values()].every((suggestions) => suggestions.length <= 3), 'three suggestions at most');
  });
}
