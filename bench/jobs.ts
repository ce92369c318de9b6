// Parallel documents: spec-run on the seed documents with --jobs 1 and --jobs 2, side
// by side in one run; the two must report the same counts, the second in less time.
import { execFile } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatTable, type BenchRow } from './table.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cli = join(root, 'dist/src/cli/main.js');

function timedRun(args: string[]): Promise<{ seconds: number; summary: string }> {
  const started = performance.now();
  return new Promise((done) =>
    execFile(process.execPath, [cli, ...args, '--reporter', 'tap'], { cwd: root, maxBuffer: 256 * 1024 * 1024 }, (_error, _stdout, stderr) => {
      const summary = stderr.trim().split('\n').at(-1) ?? '';
      done({ seconds: (performance.now() - started) / 1000, summary });
    }),
  );
}

export async function runJobsBench(seedDir = process.env.SPEC_RUN_SEEDS ?? resolve(root, '..', 'shared', 'seed-specs')): Promise<string> {
  const serial = await timedRun([seedDir, '--jobs', '1']);
  const parallel = await timedRun([seedDir, '--jobs', '2']);
  const rows: BenchRow[] = [
    { metric: 'seeds, --jobs 1 (wall)', value: serial.seconds, unit: 's', note: serial.summary },
    { metric: 'seeds, --jobs 2 (wall)', value: parallel.seconds, unit: 's', note: parallel.summary },
    { metric: '--jobs 2 / --jobs 1', value: parallel.seconds / serial.seconds, unit: 'x', target: 1, note: serial.summary === parallel.summary ? 'same results' : 'RESULTS DIFFER' },
  ];
  return formatTable('Parallel documents (spec-run on the seeds)', rows);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(await runJobsBench());
}
