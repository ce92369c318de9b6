// Runtime benchmark: `spec-run serve` over stdio, and with --peer another MCP
// evaluation server measured the same way in the same run, side by side with the
// ratio. Per server and round: spawn to the initialize answer, then 500
// evaluate-lisp (+ 1 2) round trips (after 10 not counted), then the resident
// memory of the server and every process below it. Each figure is the median of
// 3 rounds. A raw line client is used, so the client's own cost stays small and
// equal for both.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Child, describeChildExit } from '../src/process/child.js';
import { LineConnection, MCP_PROTOCOL_VERSION } from '../src/run/lisp/servers.js';
import { sampleTree } from './process-tree.js';
import { formatComparison, median, percentile, type ComparisonRow } from './table.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SPEC_RUN_SERVE = [process.execPath, join(root, 'dist', 'src', 'cli', 'main.js'), 'serve'];
const ROUNDS = 3;
const CALLS = 500;
const WARM_UP_CALLS = 10;

interface ServerFigures {
  startMs: number;
  medianMs: number;
  p99Ms: number;
  residentMb: number;
  proportionalMb: number;
}

const request = (id: number, method: string, params: unknown) => JSON.stringify({ jsonrpc: '2.0', id, method, params });
const evaluation = (id: number, code: string) => request(id, 'tools/call', { name: 'evaluate-lisp', arguments: { code } });

/** A server started from `command` on a raw line connection; the caller stops it. */
function startServer(command: string[]): { child: Child; connection: LineConnection } {
  const child = new Child({ command: command[0], args: command.slice(1), cwd: root, group: true, stdin: 'pipe', stdout: 'pipe' });
  const connection = new LineConnection(child.input(0), child.output(1), async () => {
    await child.stop(1000);
  });
  child.exited.then((exit) => connection.end(`${command.join(' ')} ended (${describeChildExit(exit)}): ${child.outputTail.slice(-500)}`));
  return { child, connection };
}

async function initialize(connection: LineConnection): Promise<void> {
  await connection.exchange(request(0, 'initialize', { protocolVersion: MCP_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'bench', version: '1' } }));
  connection.notify(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
}

/** The text of a tools/call answer; throws when the server did not evaluate. */
async function evaluate(connection: LineConnection, id: number, code: string): Promise<string> {
  const answer = JSON.parse(await connection.exchange(evaluation(id, code))) as { result?: { content?: { text?: string }[] } };
  const text = answer.result?.content?.map((item) => item.text ?? '').join('\n');
  if (text === undefined) throw new Error(`no tool result: ${JSON.stringify(answer).slice(0, 300)}`);
  return text;
}

async function measureRound(command: string[]): Promise<ServerFigures> {
  const started = performance.now();
  const { child, connection } = startServer(command);
  try {
    await initialize(connection);
    const startMs = performance.now() - started;
    let id = 1;
    for (let i = 0; i < WARM_UP_CALLS; i++) await evaluate(connection, id++, '(+ 1 2)');
    const roundTrips: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const sent = performance.now();
      const text = await evaluate(connection, id++, '(+ 1 2)');
      roundTrips.push(performance.now() - sent);
      if (!text.includes('3')) throw new Error(`(+ 1 2) answered ${text}`);
    }
    const { residentMb, proportionalMb } = sampleTree(child.pid!);
    return { startMs, medianMs: median(roundTrips), p99Ms: percentile(roundTrips, 99), residentMb, proportionalMb };
  } finally {
    await connection.stop();
  }
}

async function measureServer(command: string[]): Promise<ServerFigures> {
  await measureRound(command).catch((error: Error) => {
    throw new Error(`${command.join(' ')} does not run: ${error.message}`);
  }); // not counted: fills caches (compiled files, core images, the page cache)
  const rounds: ServerFigures[] = [];
  for (let i = 0; i < ROUNDS; i++) rounds.push(await measureRound(command));
  const of = (pick: (f: ServerFigures) => number) => median(rounds.map(pick));
  return { startMs: of((f) => f.startMs), medianMs: of((f) => f.medianMs), p99Ms: of((f) => f.p99Ms), residentMb: of((f) => f.residentMb), proportionalMb: of((f) => f.proportionalMb) };
}

/** How far past a 1-second timeout `(loop)` is answered, over 10 evaluations. */
async function timeoutOvershoots(command: string[]): Promise<number[]> {
  const { connection } = startServer(command);
  try {
    await initialize(connection);
    await connection.exchange(request(1, 'tools/call', { name: 'configure-limits', arguments: { timeout: 1 } }));
    const overshoots: number[] = [];
    for (let id = 2; id < 12; id++) {
      const sent = performance.now();
      const text = await evaluate(connection, id, '(loop)');
      if (!text.includes('TIMEOUT')) throw new Error(`expected a timeout, got ${text}`);
      overshoots.push(performance.now() - sent - 1000);
    }
    return overshoots;
  } finally {
    await connection.stop();
  }
}

/** The peer's command line, as a shell would split it. */
const peerCommand = (line: string) => ['/bin/sh', '-c', `exec ${line}`];

export async function runRuntimeBench(options: { peer?: string } = {}): Promise<string> {
  const ours = await measureServer(SPEC_RUN_SERVE);
  const peer = options.peer ? await measureServer(peerCommand(options.peer)) : undefined;
  const rows: ComparisonRow[] = [
    { metric: 'spawn to initialize answer', unit: 'ms', ours: ours.startMs, peer: peer?.startMs, target: 150, peerRatio: 0.6 },
    { metric: 'evaluate-lisp (+ 1 2) round trip, median', unit: 'ms', ours: ours.medianMs, peer: peer?.medianMs, target: 0.15, peerRatio: 1.2 },
    { metric: 'evaluate-lisp (+ 1 2) round trip, p99', unit: 'ms', ours: ours.p99Ms, peer: peer?.p99Ms, target: 0.5, peerRatio: 2 },
    { metric: `RSS after ${CALLS} calls (server and children)`, unit: 'MB', ours: ours.residentMb, peer: peer?.residentMb, target: 90, peerRatio: 1 },
    { metric: `PSS after ${CALLS} calls (shared pages in shares)`, unit: 'MB', ours: ours.proportionalMb, peer: peer?.proportionalMb },
  ];
  const overshoots = await timeoutOvershoots(SPEC_RUN_SERVE);
  rows.push({ metric: 'timeout overshoot past 1 s, median of 10 (loop)', unit: 'ms', ours: median(overshoots) });
  rows.push({ metric: 'timeout overshoot past 1 s, worst of 10', unit: 'ms', ours: Math.max(...overshoots), target: 50 });
  const title = `runtime: spec-run serve${options.peer ? ` beside ${options.peer}` : ''} (median of ${ROUNDS} rounds of ${CALLS} calls)`;
  return formatComparison(title, rows, options.peer !== undefined);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const peerAt = process.argv.indexOf('--peer');
  console.log(await runRuntimeBench({ peer: peerAt > 0 ? process.argv[peerAt + 1] : undefined }));
}
