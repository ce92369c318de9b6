// Runtime benchmark: `spec-run serve` over stdio, and beside it another MCP
// evaluation server (--peer, by default cl-mcp-server from ../shared/peers when it is
// there) measured the same way in the same run, side by side with the ratio. Per server and round: spawn to the initialize answer, then 500
// evaluate-lisp (+ 1 2) round trips (after 10 not counted), then the resident
// memory of the server and every process below it. Each figure is the median of
// 5 rounds, the servers measured in turn, round by round. A raw line client is used, so the client's own cost stays small and
// equal for both. Below the table, each goal is said met or not, and when not,
// why, from a breakdown measured in the same run: Node's own start, the worker's
// round trip without MCP, the same server in-process, and each process's memory.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PerformanceObserver, constants as perfConstants } from 'node:perf_hooks';
import { Child, describeChildExit } from '../src/process/child.js';
import { LineConnection, MCP_PROTOCOL_VERSION } from '../src/run/lisp/servers.js';
import { defaultLisp } from '../src/lisp-image/core-image.js';
import { LispWorker } from '../src/runtime/worker.js';
import { RuntimeSession } from '../src/runtime/session.js';
import { serveSession } from '../src/runtime/server.js';
import { processTree, residentPartsKb, sampleTree, schedulerCounts, type SchedulerCounts } from './process-tree.js';
import { formatComparison, median, missedAims, percentile, type BenchReport, type ComparisonRow } from './table.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** `spec-run serve` as installed: the package's executable. */
const SPEC_RUN_BIN = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { bin: Record<string, string> }).bin['spec-run'];
const SPEC_RUN_SERVE = [process.execPath, join(root, SPEC_RUN_BIN), 'serve'];
/** Node with nothing loaded, answering its first input line: the floor of any Node server's start. */
const NODE_ALONE = [process.execPath, '-e', `process.stdin.once('data', () => process.stdout.write('{"jsonrpc":"2.0","id":0,"result":{}}\\n'))`];
/** The relay runs in V8's mode spec-run serve runs in (see bundles.ts), so the hop is compared like for like. */
const NODE_RELAY = [process.execPath, '--no-opt', join(dirname(fileURLToPath(import.meta.url)), 'node-relay.js')];
const ROUNDS = 5;
const CALLS = 500;
const WARM_UP_CALLS = 10;

/** Resident memory of one process, split into file-backed pages (its executable, a core image) and the rest. */
interface ResidentParts {
  fileMb: number;
  anonymousMb: number;
}

interface ServerFigures {
  startMs: number;
  medianMs: number;
  p99Ms: number;
  residentMb: number;
  proportionalMb: number;
  /** The server process itself, and every process below it together. */
  server: ResidentParts;
  children: ResidentParts;
  /** CPU time per timed call: the server process (all its threads), and every process below it. */
  serverCpuMs: number;
  childrenCpuMs: number;
  /**
   * Per timed call, the times the server process (its threads together), and every process
   * below it, were put on a CPU (each wake, each return after a preemption), and how long they
   * were ready to run but waited for a CPU: what each extra process in a round trip costs on a
   * busy machine.
   */
  serverRuns: number;
  childrenRuns: number;
  serverWaitMs: number;
  childrenWaitMs: number;
}

const partsOf = (pids: number[]): ResidentParts => {
  const parts = pids.map(residentPartsKb);
  return { fileMb: parts.reduce((sum, p) => sum + p.file, 0) / 1024, anonymousMb: parts.reduce((sum, p) => sum + p.anonymous, 0) / 1024 };
};

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
    const [serverPid, ...childPids] = processTree(child.pid!);
    const countsOf = (pids: number[]): SchedulerCounts =>
      pids.map(schedulerCounts).reduce((sum, c) => ({ cpuMs: sum.cpuMs + c.cpuMs, waitMs: sum.waitMs + c.waitMs, runs: sum.runs + c.runs }), { cpuMs: 0, waitMs: 0, runs: 0 });
    const before = [countsOf([serverPid]), countsOf(childPids)];
    const roundTrips: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const sent = performance.now();
      const text = await evaluate(connection, id++, '(+ 1 2)');
      roundTrips.push(performance.now() - sent);
      if (!text.includes('3')) throw new Error(`(+ 1 2) answered ${text}`);
    }
    const [server, children] = [countsOf([serverPid]), countsOf(childPids)].map((after, i): SchedulerCounts => ({
      cpuMs: (after.cpuMs - before[i].cpuMs) / CALLS,
      waitMs: (after.waitMs - before[i].waitMs) / CALLS,
      runs: (after.runs - before[i].runs) / CALLS,
    }));
    const { residentMb, proportionalMb } = sampleTree(child.pid!);
    const [serverAfter, ...childrenAfter] = processTree(child.pid!);
    return {
      startMs,
      medianMs: median(roundTrips),
      p99Ms: percentile(roundTrips, 99),
      residentMb,
      proportionalMb,
      server: partsOf([serverAfter]),
      children: partsOf(childrenAfter),
      serverCpuMs: server.cpuMs,
      childrenCpuMs: children.cpuMs,
      serverRuns: server.runs,
      childrenRuns: children.runs,
      serverWaitMs: server.waitMs,
      childrenWaitMs: children.waitMs,
    };
  } finally {
    await connection.stop();
  }
}

/** Spawn to the first answer line of `command`. */
async function startOf(command: string[]): Promise<number> {
  const started = performance.now();
  const { connection } = startServer(command);
  try {
    await connection.exchange(request(0, 'ping', {}));
    return performance.now() - started;
  } finally {
    await connection.stop();
  }
}

type MeasuredServer = ServerFigures & { referenceStartMs?: number };

/**
 * The figures of each of COMMANDS, medians of ROUNDS rounds after one not counted, the rounds
 * taken in turn (one of each command, then again): a machine still settling or loaded by
 * others during the measurement weighs on every command alike, not on the one measured
 * first. With `reference`, each turn first measures that command's start too, so both starts
 * are taken on the same machine moment; its median is `referenceStartMs`. A command that
 * does not run, in its first round or a later one, is an Error in its place.
 */
async function measureServers(commands: string[][], reference?: string[]): Promise<(MeasuredServer | Error)[]> {
  const rounds: (ServerFigures[] | Error)[] = [];
  const failed = (command: string[]) => (error: Error) => new Error(`${command.join(' ')} does not run: ${error.message}`);
  // Not counted: fills caches (compiled files, core images, the page cache).
  for (const command of commands) rounds.push(await measureRound(command).then(() => [], failed(command)));
  const referenceStarts: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    if (reference) referenceStarts.push(await startOf(reference));
    for (const [k, command] of commands.entries()) {
      const taken = rounds[k];
      if (taken instanceof Error) continue;
      const round = await measureRound(command).catch(failed(command));
      if (round instanceof Error) rounds[k] = round;
      else taken.push(round);
    }
  }
  return rounds.map((taken) => (taken instanceof Error ? taken : { ...medians(taken), referenceStartMs: reference ? median(referenceStarts) : undefined }));
}

/** Each figure's median over ROUNDS. */
function medians(rounds: ServerFigures[]): ServerFigures {
  const of = (pick: (f: ServerFigures) => number) => median(rounds.map(pick));
  return {
    startMs: of((f) => f.startMs),
    medianMs: of((f) => f.medianMs),
    p99Ms: of((f) => f.p99Ms),
    residentMb: of((f) => f.residentMb),
    proportionalMb: of((f) => f.proportionalMb),
    server: { fileMb: of((f) => f.server.fileMb), anonymousMb: of((f) => f.server.anonymousMb) },
    children: { fileMb: of((f) => f.children.fileMb), anonymousMb: of((f) => f.children.anonymousMb) },
    serverCpuMs: of((f) => f.serverCpuMs),
    childrenCpuMs: of((f) => f.childrenCpuMs),
    serverRuns: of((f) => f.serverRuns),
    childrenRuns: of((f) => f.childrenRuns),
    serverWaitMs: of((f) => f.serverWaitMs),
    childrenWaitMs: of((f) => f.childrenWaitMs),
  };
}

interface RoundTrips {
  medianMs: number;
  p99Ms: number;
}

/** `ask` timed CALLS times after WARM_UP_CALLS not counted. */
async function timeRoundTrips(ask: (id: number) => Promise<void>): Promise<RoundTrips> {
  for (let id = 1; id <= WARM_UP_CALLS; id++) await ask(id);
  const roundTrips: number[] = [];
  for (let id = WARM_UP_CALLS + 1; id <= WARM_UP_CALLS + CALLS; id++) {
    const sent = performance.now();
    await ask(id);
    roundTrips.push(performance.now() - sent);
  }
  return { medianMs: median(roundTrips), p99Ms: percentile(roundTrips, 99) };
}

/** The worker alone, asked from Node as the session asks it, with no MCP in between. */
async function rawWorkerRoundTrips(): Promise<RoundTrips> {
  const worker = await LispWorker.start({ lisp: defaultLisp() });
  try {
    return await timeRoundTrips(async (id) => {
      const answer = await worker.evaluate({ id, code: '(+ 1 2)', timeoutMs: 30000, graceMs: 300, maxOutput: 100000 });
      if (answer.values?.[0] !== '3') throw new Error(`(+ 1 2) answered ${JSON.stringify(answer)}`);
    });
  } finally {
    await worker.stop();
  }
}

interface InProcessFigures extends RoundTrips {
  /** Young-generation collections in Node during the timed calls, and the longest. */
  youngGcs: number;
  longestYoungGcMs: number;
}

/** The same server (SDK Server, line transport, session, worker) in this process, on in-process streams: no client pipe. */
async function inProcessRoundTrips(): Promise<InProcessFigures> {
  const input = new PassThrough();
  const output = new PassThrough();
  const served = serveSession(new RuntimeSession(), input, output);
  const connection = new LineConnection(input, output, async () => {
    input.end();
    await served;
  });
  const pauses: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if ((entry as { detail?: { kind?: number } }).detail?.kind === perfConstants.NODE_PERFORMANCE_GC_MINOR) pauses.push(entry.duration);
    }
  });
  try {
    await initialize(connection);
    for (let id = 1; id <= WARM_UP_CALLS; id++) await evaluate(connection, id, '(+ 1 2)');
    observer.observe({ entryTypes: ['gc'] });
    const figures = await timeRoundTrips(async (id) => void (await evaluate(connection, WARM_UP_CALLS + id, '(+ 1 2)')));
    // GC entries are delivered asynchronously.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { ...figures, youngGcs: pauses.length, longestYoungGcMs: Math.max(0, ...pauses) };
  } finally {
    observer.disconnect();
    await connection.stop();
  }
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

/** cl-mcp-server, the Lisp-native MCP evaluation server, where the project's shared checkouts keep it (servers start in the repository). */
const DEFAULT_PEER_SCRIPT = '../shared/peers/cl-mcp-server/run-server.lisp';

/** The peer measured when none is named: cl-mcp-server when it is there (its Debian packages: `scripts/setup.sh --bench`). */
export function defaultPeer(): { command: string; name: string } | undefined {
  return existsSync(join(root, DEFAULT_PEER_SCRIPT)) ? { command: `sbcl --script ${DEFAULT_PEER_SCRIPT}`, name: 'cl-mcp-server' } : undefined;
}

interface Breakdown {
  nodeAloneStartMs: number;
  /** The peer behind a bare Node relay: one Node hop and nothing else. */
  relayedPeer?: ServerFigures;
  rawWorker: RoundTrips;
  inProcess: InProcessFigures;
}

/** A figure with a goal: said met, or not met with why. */
interface Goal {
  row: ComparisonRow;
  why: string;
}

const figure = (value: number, unit: string) => `${value < 1 ? value.toFixed(3) : value.toFixed(1)} ${unit}`;
const ms = (value: number) => figure(value, 'ms');
const mb = (value: number) => figure(value, 'MB');

/** One line per goal: met, or not met with the figures that say why. */
function goalLines(goals: Goal[]): string[] {
  return goals.map(({ row, why }) => {
    const misses = missedAims(row);
    return misses.length ? `- ${row.metric}: NOT MET (${misses.join('; ')}): ${why}` : `- ${row.metric}: met`;
  });
}

export interface RuntimeBenchOptions {
  /** Another MCP server's command line, measured beside spec-run serve. */
  peer?: string;
  /** What the side-by-side table calls the peer (default: its command line). */
  peerName?: string;
  /** Leave out the timeout overshoot (ten 1-second timeouts): no peer figure stands beside it. */
  short?: boolean;
}

export async function runRuntimeBench(options: RuntimeBenchOptions = {}): Promise<BenchReport> {
  const peerCommands = options.peer ? [peerCommand(options.peer), [...NODE_RELAY, ...peerCommand(options.peer)]] : [];
  const [ours, peerMeasured, relayedMeasured] = await measureServers([SPEC_RUN_SERVE, ...peerCommands], NODE_ALONE);
  if (ours instanceof Error) throw ours;
  let peerMissing = options.peer ? undefined : 'no peer named (--peer) and none in ../shared/peers';
  if (peerMeasured instanceof Error) peerMissing = peerMeasured.message.split('\n')[0].slice(0, 300);
  const peer = peerMeasured instanceof Error ? undefined : peerMeasured;
  const relayedPeer = peer && !(relayedMeasured instanceof Error) ? relayedMeasured : undefined;
  const breakdown: Breakdown = { nodeAloneStartMs: ours.referenceStartMs!, relayedPeer, rawWorker: await rawWorkerRoundTrips(), inProcess: await inProcessRoundTrips() };
  const overshoots = options.short ? [] : await timeoutOvershoots(SPEC_RUN_SERVE);
  const { nodeAloneStartMs, rawWorker, inProcess } = breakdown;
  const hop =
    relayedPeer && peer
      ? `; the peer behind a bare Node relay (one Node hop, nothing parsed) answers in ${ms(relayedPeer.medianMs)}, ${(relayedPeer.medianMs / peer.medianMs).toFixed(2)}x the peer: that much is the hop's, the other ${ms(Math.max(0, ours.medianMs - relayedPeer.medianMs))} of spec-run serve's median are Node's work per call and the worker's`
      : '';
  const goals: Goal[] = [
    {
      row: { metric: 'spawn to initialize answer', unit: 'ms', ours: ours.startMs, peer: peer?.startMs, target: 150, peerRatio: 0.6 },
      why: `Node alone, loading nothing, takes ${ms(nodeAloneStartMs)} from spawn to a first answer here (measured in the same rounds); loading the server bundle (MCP SDK, zod, ajv) and answering make the difference, ${ms(ours.startMs - nodeAloneStartMs)}`,
    },
    {
      row: { metric: 'evaluate-lisp (+ 1 2) round trip, median', unit: 'ms', ours: ours.medianMs, peer: peer?.medianMs, target: 0.15, peerRatio: 2, peerMissing },
      why: `the worker alone answers in ${ms(rawWorker.medianMs)} (asked from Node, no MCP), the same server in-process (no client pipe) in ${ms(inProcess.medianMs)}; the other ${ms(ours.medianMs - rawWorker.medianMs)} are Node's part of each call (reading the client's line, checking and dispatching it, formatting and writing the answer) and a second process hop each way. Per call, Node's process uses ${ms(ours.serverCpuMs)} of CPU and the worker ${ms(ours.childrenCpuMs)}${peer ? `, where the peer's one process uses ${ms(peer.serverCpuMs + peer.childrenCpuMs)}` : ''}: Node reads and writes two pipes where the peer reads and writes one, and each write wakes another process${hop}`,
    },
    {
      row: { metric: 'evaluate-lisp (+ 1 2) round trip, p99', unit: 'ms', ours: ours.p99Ms, peer: peer?.p99Ms, target: 0.5, peerRatio: 3, peerMissing },
      why: `the worker alone has a p99 of ${ms(rawWorker.p99Ms)}, the server in-process ${ms(inProcess.p99Ms)}, with ${inProcess.youngGcs} young-generation GCs in Node of up to ${ms(inProcess.longestYoungGcMs)} during its ${CALLS} calls; each call wakes three processes (client, Node, SBCL) where the peer wakes two: per call Node was put on a CPU ${ours.serverRuns.toFixed(1)} times and the worker ${ours.childrenRuns.toFixed(1)} times${peer ? ` (the peer ${(peer.serverRuns + peer.childrenRuns).toFixed(1)} times)` : ''}, and they waited ${ms(ours.serverWaitMs + ours.childrenWaitMs)} for a free CPU${peer ? ` (the peer ${ms(peer.serverWaitMs + peer.childrenWaitMs)})` : ''}${relayedPeer && peer ? `; the peer behind a bare Node relay has a p99 of ${ms(relayedPeer.p99Ms)}, ${(relayedPeer.p99Ms / peer.p99Ms).toFixed(2)}x its own: on this machine one more process woken per call costs that much of the tail by itself` : ''}`,
    },
    {
      row: { metric: `RSS after ${CALLS} calls (server and children)`, unit: 'MB', ours: ours.residentMb, peer: peer?.residentMb, target: 90, peerRatio: 1 },
      why: `two processes: Node ${mb(ours.server.fileMb + ours.server.anonymousMb)} (${mb(ours.server.fileMb)} of it file pages: the node executable), the SBCL worker ${mb(ours.children.fileMb + ours.children.anonymousMb)} (${mb(ours.children.fileMb)} of it its core image, shared with every other worker); counted in shares (PSS) the tree holds ${mb(ours.proportionalMb)}${peer ? `, the peer ${mb(peer.proportionalMb)}` : ''}`,
    },
  ];
  const worstOvershoot: Goal | undefined = overshoots.length
    ? {
        row: { metric: 'timeout overshoot past 1 s, worst of 10', unit: 'ms', ours: Math.max(...overshoots), target: 50 },
        why: `the median overshoot is ${ms(median(overshoots))}: ${overshoots.filter((o) => o > 50).length} of 10 answers came later than 50 ms`,
      }
    : undefined;
  const rows: ComparisonRow[] = [
    ...goals.slice(0, 4).map((goal) => goal.row),
    { metric: `PSS after ${CALLS} calls (shared pages in shares)`, unit: 'MB', ours: ours.proportionalMb, peer: peer?.proportionalMb },
    { metric: 'breakdown: Node alone, spawn to a first answer (same rounds)', unit: 'ms', ours: nodeAloneStartMs },
    { metric: 'breakdown: CPU per call, all processes (Node and worker)', unit: 'ms', ours: ours.serverCpuMs + ours.childrenCpuMs, peer: peer ? peer.serverCpuMs + peer.childrenCpuMs : undefined },
    { metric: 'breakdown: CPU per call, Node server (all its threads)', unit: 'ms', ours: ours.serverCpuMs },
    { metric: 'breakdown: CPU per call, SBCL worker', unit: 'ms', ours: ours.childrenCpuMs },
    { metric: 'breakdown: times on a CPU per call (wakes, preemptions), all processes', unit: '', ours: ours.serverRuns + ours.childrenRuns, peer: peer ? peer.serverRuns + peer.childrenRuns : undefined },
    { metric: 'breakdown: times on a CPU per call, Node server', unit: '', ours: ours.serverRuns },
    { metric: 'breakdown: times on a CPU per call, SBCL worker', unit: '', ours: ours.childrenRuns },
    { metric: 'breakdown: run-queue wait per call (ready, no CPU free), all processes', unit: 'ms', ours: ours.serverWaitMs + ours.childrenWaitMs, peer: peer ? peer.serverWaitMs + peer.childrenWaitMs : undefined },
    { metric: 'breakdown: run-queue wait per call, Node server', unit: 'ms', ours: ours.serverWaitMs },
    { metric: 'breakdown: run-queue wait per call, SBCL worker', unit: 'ms', ours: ours.childrenWaitMs },
    ...(relayedPeer
      ? [
          { metric: 'breakdown: the peer behind a bare Node relay, median', unit: 'ms', ours: relayedPeer.medianMs, peer: peer?.medianMs },
          { metric: 'breakdown: the peer behind a bare Node relay, p99', unit: 'ms', ours: relayedPeer.p99Ms, peer: peer?.p99Ms },
        ]
      : []),
    { metric: 'breakdown: worker alone (from Node, no MCP), median', unit: 'ms', ours: rawWorker.medianMs },
    { metric: 'breakdown: worker alone, p99', unit: 'ms', ours: rawWorker.p99Ms },
    { metric: 'breakdown: server in-process (no client pipe), median', unit: 'ms', ours: inProcess.medianMs },
    { metric: 'breakdown: server in-process, p99', unit: 'ms', ours: inProcess.p99Ms },
    { metric: `breakdown: Node young-generation GCs in ${CALLS} calls`, unit: '', ours: inProcess.youngGcs },
    { metric: 'breakdown: Node server RSS (file-backed + anonymous)', unit: 'MB', ours: ours.server.fileMb + ours.server.anonymousMb },
    { metric: 'breakdown: SBCL worker RSS (file-backed + anonymous)', unit: 'MB', ours: ours.children.fileMb + ours.children.anonymousMb },
    ...(worstOvershoot ? [{ metric: 'timeout overshoot past 1 s, median of 10 (loop)', unit: 'ms', ours: median(overshoots) }, worstOvershoot.row] : []),
  ];
  const withPeer = peer !== undefined;
  const title = `runtime: spec-run serve${withPeer ? ` beside ${options.peer}` : ''} (median of ${ROUNDS} rounds of ${CALLS} calls)`;
  const text = [formatComparison(title, rows, withPeer), '', 'Goals:', ...goalLines([...goals, ...(worstOvershoot ? [worstOvershoot] : [])])].join('\n');
  const roundTrip = (row: ComparisonRow, what: string): ComparisonRow => ({ ...row, metric: `spec-run serve / ${options.peerName ?? options.peer ?? 'a peer server'}: evaluate-lisp (+ 1 2) round trip, ${what}`, target: undefined });
  return { text, sideBySide: [roundTrip(goals[1].row, 'median'), roundTrip(goals[2].row, 'p99')] };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const peerAt = process.argv.indexOf('--peer');
  console.log((await runRuntimeBench({ peer: peerAt > 0 ? process.argv[peerAt + 1] : defaultPeer()?.command })).text);
}
