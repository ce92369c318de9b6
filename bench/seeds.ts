// Benchmark: wall time of the four Lisp seed documents against the waits the
// documents impose on purpose. A spec that provokes a 1-second timeout, or
// evaluates (sleep 2), cannot finish faster than that; everything above the
// sum of those waits is spec-run's and the runtime's overhead. Target: wall
// time <= 1.10 x imposed waits, per document and in total.
//
// Imposed waits are counted from each document's transcript of runtime
// exchanges, plus the driver's own sleeps:
//   - every evaluate-lisp or time-execution answered with isError and TIMEOUT
//     adds the timeout in force on that server: the last "timeout: N seconds"
//     reported by a configure-limits answer there (30 before any);
//   - every evaluation answered without error adds the (sleep N) forms with a
//     literal N in its code (the sleep ran to its end);
//   - every (sleep N) of spec code in the driver adds N (reported by the driver).
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFile } from '../src/parse/index.js';
import { translate } from '../src/translate/index.js';
import { runLispDocumentWithTranscript, type Transcript } from '../src/run/lisp/index.js';
import type { RunOptions } from '../src/run/types.js';
import { BuiltinRuntime } from '../src/run/lisp/servers.js';
import { formatTable, type BenchRow } from './table.js';

const SEEDS = ['configure-limits-tool.test.md', 'timeout-handling.test.md', 'timeout-protection.test.md', 'timing-isolation.md'];
const TARGET_RATIO = 1.1;

function repositoryRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return dir;
}

interface ToolCall {
  params?: { name?: string; arguments?: { code?: unknown; timeout?: unknown } };
}
interface ToolAnswer {
  result?: { isError?: boolean; content?: { type: string; text?: string }[] };
}

/** Seconds of waiting the exchanges of `transcript` imposed (see the header). */
export function imposedWaitSeconds(transcript: Transcript): number {
  const timeoutInForce = new Map<number, number>();
  let total = 0;
  for (const exchange of transcript.exchanges) {
    const call = exchange.request as ToolCall | string;
    const answer = exchange.response as ToolAnswer | null;
    if (typeof call !== 'object' || !answer?.result) continue;
    const text = (answer.result.content ?? []).map((item) => item.text ?? '').join('\n');
    const tool = call.params?.name;
    if (tool === 'configure-limits') {
      const limit = /timeout: (\d+) seconds|timeout: (disabled)/.exec(text);
      if (limit) timeoutInForce.set(exchange.server, limit[2] ? 0 : Number(limit[1]));
    } else if (tool === 'evaluate-lisp' || tool === 'time-execution') {
      if (answer.result.isError && text.includes('TIMEOUT')) total += timeoutInForce.get(exchange.server) ?? 30;
      else if (!answer.result.isError) {
        const code = String(call.params?.arguments?.code ?? '');
        for (const sleep of code.matchAll(/\(sleep\s+([0-9]*\.?[0-9]+)\s*\)/g)) total += Number(sleep[1]);
      }
    }
  }
  return total;
}

export async function runSeedsBench(seedDir = process.env.SPEC_RUN_SEEDS ?? resolve(repositoryRoot(), '..', 'shared', 'seed-specs')): Promise<string> {
  const root = repositoryRoot();
  // Sessions as spec-run serves them by default: in this process, workers from a pool.
  const runtime = new BuiltinRuntime();
  const options: RunOptions = {
    seed: 1,
    unitTimeoutMs: 300_000,
    bail: false,
    strict: false,
    runtimeCommand: [process.execPath, join(root, 'dist', 'src', 'runtime', 'bin.js')],
    runtime,
    imageAliases: {},
    projectRoot: root,
    vocabularyFiles: [],
  };
  const rows: BenchRow[] = [];
  let wallTotal = 0;
  let waitTotal = 0;
  for (const seed of SEEDS) {
    const plan = translate(await parseFile(join(seedDir, seed)));
    let passed = 0;
    let failed = 0;
    // A TODO point is not ok by TAP's letter but is no failure: the seed's check the machine could not meet, with its numbers.
    let todo = 0;
    const started = performance.now();
    const outcome = await runLispDocumentWithTranscript(plan, options, (event) => {
      if (event.type !== 'point' || event.skip !== undefined) return;
      if (event.todo !== undefined) todo++;
      else if (event.ok) passed++;
      else failed++;
    });
    const wall = (performance.now() - started) / 1000;
    const waits = imposedWaitSeconds(outcome.transcript) + outcome.sleptSeconds;
    wallTotal += wall;
    waitTotal += waits;
    // Per document the fixed costs (driver and server start) weigh on short
    // documents; the target applies to the four together, as the last row.
    rows.push({
      metric: `${seed} wall time`,
      value: wall,
      unit: 's',
      note: `imposed waits ${waits.toFixed(2)} s (x${(wall / Math.max(waits, 1e-9)).toFixed(2)}); ${passed} passed, ${failed} failed, ${todo} todo; ${outcome.transcript.exchanges.length} exchanges`,
    });
  }
  await runtime.close();
  rows.push({ metric: 'four seeds wall time', value: wallTotal, unit: 's', target: waitTotal * TARGET_RATIO, note: `imposed waits ${waitTotal.toFixed(2)} s; ratio ${(wallTotal / waitTotal).toFixed(3)}` });
  return formatTable('Lisp seeds: wall time vs imposed waits (target <= 1.10 x waits)', rows);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(await runSeedsBench());
}
