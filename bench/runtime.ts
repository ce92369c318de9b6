// Runtime benchmark: evaluate-lisp round trips over stdio, how far a timeout
// overshoots, how fast a session starts, and the worker's memory.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { defaultLisp } from '../src/lisp-image/core-image.js';
import { LispWorker } from '../src/runtime/worker.js';
import { formatTable, median, percentile, type BenchRow } from './table.js';

const SERVER_BIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'runtime', 'bin.js');

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 60_000 });
  return (result.content as { text: string }[])[0].text;
}

function residentKb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return line ? Number(line.split(/\s+/)[1]) : NaN;
}

export async function runRuntimeBench(): Promise<string> {
  const rows: BenchRow[] = [];

  // Worker start: spawn to "ready", the image already cached.
  await (await LispWorker.start({ lisp: defaultLisp() })).stop();
  const starts: number[] = [];
  for (let i = 0; i < 10; i++) {
    const started = performance.now();
    const worker = await LispWorker.start({ lisp: defaultLisp() });
    starts.push(performance.now() - started);
    await worker.stop();
  }
  rows.push({ metric: 'session start (worker ready), median of 10', value: median(starts), unit: 'ms', target: 150 });

  const serverStarted = performance.now();
  const transport = new StdioClientTransport({ command: process.execPath, args: [SERVER_BIN] });
  const client = new Client({ name: 'runtime-bench', version: '1' });
  await client.connect(transport);
  await call(client, 'evaluate-lisp', { code: ':ready' });
  rows.push({ metric: 'server start to first answer', value: performance.now() - serverStarted, unit: 'ms', note: 'node + MCP initialize + worker' });

  const roundTrips: number[] = [];
  for (let i = 0; i < 50; i++) await call(client, 'evaluate-lisp', { code: '(+ 1 2)' });
  const loopStarted = performance.now();
  for (let i = 0; i < 1000; i++) {
    const started = performance.now();
    await call(client, 'evaluate-lisp', { code: '(+ 1 2)' });
    roundTrips.push(performance.now() - started);
  }
  const loopSeconds = (performance.now() - loopStarted) / 1000;
  rows.push({ metric: 'evaluate-lisp (+ 1 2) round trip, median', value: median(roundTrips), unit: 'ms', target: 1 });
  rows.push({ metric: 'evaluate-lisp (+ 1 2) round trip, p99', value: percentile(roundTrips, 99), unit: 'ms' });
  rows.push({ metric: 'evaluate-lisp calls per second (1000 sequential)', value: Math.round(1000 / loopSeconds), unit: 'calls/s' });

  await call(client, 'configure-limits', { timeout: 1 });
  const overshoots: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    const text = await call(client, 'evaluate-lisp', { code: '(loop)' });
    if (!text.includes('TIMEOUT')) throw new Error(`expected a timeout, got ${text}`);
    overshoots.push(performance.now() - started - 1000);
  }
  rows.push({ metric: 'timeout overshoot past 1 s, median of 20 (loop)', value: median(overshoots), unit: 'ms' });
  rows.push({ metric: 'timeout overshoot past 1 s, p99', value: percentile(overshoots, 99), unit: 'ms', target: 50 });

  const pid = Number((await call(client, 'evaluate-lisp', { code: '(sb-unix:unix-getpid)' })).slice(3));
  rows.push({ metric: 'worker RSS after the runs above', value: Math.round(residentKb(pid) / 1024), unit: 'MB' });
  await client.close();

  return formatTable('runtime (evaluation server over stdio)', rows);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(await runRuntimeBench());
}
