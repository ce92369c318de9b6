// Same results at any --jobs: the pair (configure-limits beside timing-isolation)
// run five times with --jobs 2 and five times serially, interleaved so both see the same
// machine; then the five seeds serially and with --jobs 2, compared point by point, with
// both wall times.
import { execFile } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RunEvent } from '../src/model/events.js';
import { unitPlace } from '../src/run/unit-identity.js';
import { formatTable, type BenchRow } from './table.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cli = join(root, 'dist/src/cli/main.js');
const ROUNDS = 5;

interface Outcome {
  seconds: number;
  summary: string;
  failed: number;
  /** "file#place/n" -> ok | not ok | skip | todo, for every point. */
  points: Map<string, string>;
}

function run(args: string[]): Promise<Outcome> {
  const started = performance.now();
  return new Promise((done) =>
    execFile(process.execPath, [cli, ...args, '--reporter', 'json', '--last-run', join('.spec-run', 'bench-quiet.json'), '--timings', join('.spec-run', 'bench-timings.json')], { cwd: root, maxBuffer: 256 * 1024 * 1024 }, (_error, stdout, stderr) => {
      const points = new Map<string, string>();
      const perUnit = new Map<string, number>();
      let failed = 0;
      for (const line of stdout.split('\n')) {
        if (!line.trim()) continue;
        const event = JSON.parse(line) as RunEvent;
        if (event.type !== 'point') continue;
        const unit = `${event.file}${unitPlace(event.unitId)}`;
        const n = (perUnit.get(unit) ?? 0) + 1;
        perUnit.set(unit, n);
        const status = event.skip !== undefined ? 'skip' : event.todo !== undefined ? 'todo' : event.ok ? 'ok' : 'not ok';
        if (status === 'not ok') failed += 1;
        points.set(`${unit}/${n}`, status);
      }
      done({ seconds: (performance.now() - started) / 1000, summary: stderr.trim().split('\n').at(-1) ?? '', failed, points });
    }),
  );
}

/** Points whose status differs between two runs, or that only one of them has. */
function differences(a: Outcome, b: Outcome): number {
  const keys = new Set([...a.points.keys(), ...b.points.keys()]);
  return [...keys].filter((key) => a.points.get(key) !== b.points.get(key)).length;
}

export async function runQuietBench(seedDir = process.env.SPEC_RUN_SEEDS ?? resolve(root, '..', 'shared', 'seed-specs')): Promise<string> {
  const pair = [join(seedDir, 'configure-limits-tool.test.md'), join(seedDir, 'timing-isolation.md')];
  let parallelPasses = 0;
  let serialPasses = 0;
  const parallelFailures: number[] = [];
  const serialFailures: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const parallel = await run([...pair, '--jobs', '2', '--seed', '1']);
    const serial = await run([...pair, '--jobs', '1', '--seed', '1']);
    if (parallel.failed === 0) parallelPasses += 1;
    if (serial.failed === 0) serialPasses += 1;
    parallelFailures.push(parallel.failed);
    serialFailures.push(serial.failed);
  }
  const serial = await run([seedDir, '--jobs', '1', '--seed', '1']);
  const parallel = await run([seedDir, '--jobs', '2', '--seed', '1']);
  const rows: BenchRow[] = [
    { metric: `pair, --jobs 2: runs passing of ${ROUNDS}`, value: parallelPasses, unit: 'runs', note: `failed points per run: ${parallelFailures.join(', ')}` },
    { metric: `pair, serial: runs passing of ${ROUNDS}`, value: serialPasses, unit: 'runs', note: `failed points per run: ${serialFailures.join(', ')} (the machine's own noise)` },
    { metric: 'five seeds, serial (wall)', value: serial.seconds, unit: 's', note: serial.summary },
    { metric: 'five seeds, --jobs 2 (wall)', value: parallel.seconds, unit: 's', note: parallel.summary },
    { metric: '--jobs 2 / serial', value: parallel.seconds / serial.seconds, unit: 'x', target: 1, note: `${differences(serial, parallel)} of ${serial.points.size} points differ` },
  ];
  return formatTable('Same results at any --jobs (quiet gate)', rows);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(await runQuietBench());
}
