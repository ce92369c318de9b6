// Lists of every shape read in time growing with their size: `spec-run check` of one
// document holding a list of N items and of 2N items, each shape in turn, the document
// parsed afresh (SPEC_RUN_DOCUMENT_CACHE=off). Items with a sub-item, a quote in each
// item and a list in a quote took time growing with the square of the items (10 000
// items with a sub-item: 43 s, 20 000: 132 s) until src/parse/linear-edit-map.ts; a flat
// list and items apart by blank lines are measured beside them.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatTable, type BenchRow } from './table.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cli = join(root, 'dist/src/cli/main.js');
const ITEMS = 10_000;
/** Twice the items may take this many times as long: 2 is linear, 4 the square. */
const MOST_GROWTH = 2.5;
/** What 2 * ITEMS items of any shape may take to check, start-up included. */
const MOST_SECONDS = 10;

/** An OpenSpec document of one scenario, whose notes follow: the list is written after them. */
const HEAD = '### Requirement: R\nThe thing SHALL work.\n\n#### Scenario: s\n- **GIVEN** a thing\n- **THEN** it works\n\nNotes:\n\n';

/** Each shape: one item of it, written ITEMS or 2 * ITEMS times below HEAD. */
const SHAPES: [name: string, item: string][] = [
  ['items with a sub-item', '- a\n  - b\n'],
  ['items with a quote', '- a\n  > b\n'],
  ['items with a sub-item, in a quote', '> - a\n>   - b\n'],
  ['items with a sub-item, blank lines between', '- a\n\n  - b\n\n'],
  ['items without sub-items', '- a\n'],
];

function checkSeconds(file: string): Promise<{ seconds: number; problem?: string }> {
  const started = performance.now();
  return new Promise((done) =>
    execFile(process.execPath, [cli, 'check', file], { cwd: dirname(file), env: { ...process.env, SPEC_RUN_DOCUMENT_CACHE: 'off' } }, (error, stdout, stderr) => {
      const summary = `${stdout}${stderr}`.trim().split('\n').pop() ?? '';
      // A list read whole: the check finds no error in it.
      done({ seconds: (performance.now() - started) / 1000, problem: error || !/ 0 errors/.test(summary) ? summary || String(error) : undefined });
    }),
  );
}

export async function runListsBench(): Promise<string> {
  const scratch = mkdtempSync(join(tmpdir(), 'spec-run-bench-lists-'));
  try {
    writeFileSync(join(scratch, 'spec-run.config.json'), '{}');
    const rows: BenchRow[] = [];
    for (const [index, [name, item]] of SHAPES.entries()) {
      const document = (count: number) => {
        const file = join(scratch, `shape-${index}-${count}.md`);
        writeFileSync(file, `${HEAD}${item.repeat(count)}`);
        return file;
      };
      const once = await checkSeconds(document(ITEMS));
      const twice = await checkSeconds(document(2 * ITEMS));
      const problem = once.problem ?? twice.problem;
      rows.push({ metric: `check, ${2 * ITEMS} ${name}`, value: twice.seconds, unit: 's', target: MOST_SECONDS, note: problem });
      rows.push({ metric: `check, ${2 * ITEMS} ${name} / ${ITEMS}`, value: twice.seconds / once.seconds, unit: 'x', target: MOST_GROWTH, note: `${ITEMS}: ${once.seconds.toFixed(2)} s` });
    }
    return formatTable(`Lists: spec-run check of ${ITEMS} and ${2 * ITEMS} items of each shape, parsed afresh (load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores at the end)`, rows);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(await runListsBench());
}
