// Executor benchmark: how far past its timeout a host command is stopped (TERM
// respected, and TERM ignored so SIGKILL follows the grace period), and what a Docker
// run through the executor costs next to a plain `docker run --rm` of the same command.
import { pathToFileURL } from 'node:url';
import { tmpdir } from 'node:os';
import { execa } from 'execa';
import { dockerEngine, runInDocker } from '../src/executor/docker.js';
import { runOnHost } from '../src/executor/host.js';
import { ensureLocalImage, LOCAL_IMAGE } from '../src/executor/local-image.js';
import { GRACE_MS } from '../src/executor/result.js';
import { formatTable, median, percentile, type BenchRow } from './table.js';

const T = 300;
const RUNS = 20;

async function overshoots(run: string, extraMs: number, parallel: number): Promise<number[]> {
  const values: number[] = [];
  for (let i = 0; i < RUNS; i += parallel) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(parallel, RUNS - i) }, () => runOnHost({ run, timeoutMs: T, timeoutText: `${T}ms`, projectRoot: tmpdir() })),
    );
    values.push(...batch.map((r) => r.durationMs - T - extraMs));
  }
  return values;
}

export async function runExecutorBench(): Promise<string> {
  const rows: BenchRow[] = [];
  const term = await overshoots('sleep 100', 0, 1);
  rows.push({ metric: `host timeout overshoot past T=${T} ms, median of ${RUNS}`, value: median(term), unit: 'ms', target: 50 });
  rows.push({ metric: `host timeout overshoot, p99 of ${RUNS}`, value: percentile(term, 99), unit: 'ms', target: 50 });
  // Runs of 2.3 s each: five at a time keeps the benchmark short; they only sleep.
  const ignoring = await overshoots("trap '' TERM; sleep 100 & sleep 100", 0, 5);
  rows.push({ metric: `TERM ignored: stop past T, median of ${RUNS}`, value: median(ignoring), unit: 'ms', target: GRACE_MS + 50, note: 'grace period included' });
  rows.push({ metric: `TERM ignored: stop past T, p99 of ${RUNS}`, value: percentile(ignoring, 99), unit: 'ms', target: GRACE_MS + 50 });

  const engine = await dockerEngine();
  if (!engine.ok) {
    rows.push({ metric: 'docker run comparison', value: 0, unit: 'ms', note: `skipped: ${engine.error}` });
  } else {
    await ensureLocalImage();
    const executor: number[] = [];
    const plain: number[] = [];
    for (let i = 0; i < 5; i++) {
      let start = performance.now();
      await runInDocker({ run: 'echo hi', image: LOCAL_IMAGE, timeoutMs: 30_000, timeoutText: '30s', projectRoot: tmpdir() });
      executor.push(performance.now() - start);
      start = performance.now();
      await execa('docker', ['run', '--rm', '--init', LOCAL_IMAGE, 'sh', '-c', 'echo hi']);
      plain.push(performance.now() - start);
    }
    rows.push({ metric: 'docker: executor run of `echo hi` (create, start, inspect, rm), median of 5', value: median(executor), unit: 'ms' });
    rows.push({ metric: 'docker: `docker run --rm` of the same, median of 5', value: median(plain), unit: 'ms' });
    rows.push({ metric: 'docker: executor / docker run', value: median(executor) / median(plain), unit: 'x', target: 2, note: 'four CLI calls against one' });
  }
  return formatTable('Command executor', rows);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await runExecutorBench());
}
