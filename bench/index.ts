// npm run bench: every benchmark of the project, one table each, printed as they finish,
// then the side-by-side table: each figure that has an alternative (cucumber-js, plain
// sbcl, cl-mcp-server) beside the alternative's, with the ratio, all from this one run.
// Speed and memory targets live here, never in the timed-free unit tests.
//
//   npm run bench -- runtime sessions   the named benchmarks only
//   --peer "<command>"                  the MCP server measured beside spec-run serve
//                                       (default: cl-mcp-server from ../shared/peers when there)
//   --short                             the side-by-side comparisons alone, without the
//                                       runtime's timeout overshoot (the test command's last step)
//   --table <file>                      also write the tables to <file> (markdown)
//   --tap                               print TAP: the tables as comments, and a point per
//                                       side-by-side figure saying it was produced, a TODO
//                                       point (not ok) where it is past its aim
//
// Before measuring, it waits up to a minute for the machine to settle (bench/settle.ts) and
// says what it waited for: what a suite run just before left busy.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname } from 'node:path';
import { defaultPeer, runRuntimeBench } from './runtime.js';
import { runExecutorBench } from './executor.js';
import { runSeedsBench } from './seeds.js';
import { runJobsBench } from './jobs.js';
import { runSessionsBench } from './sessions.js';
import { runQuietBench } from './quiet.js';
import { runLspBench } from './lsp.js';
import { runDocumentsBench } from './documents.js';
import { runListsBench } from './lists.js';
import { settle, settledNote } from './settle.js';
import { aimsVerdict, comparisonPoints, formatComparison, type BenchReport, type ComparisonRow } from './table.js';

const args = process.argv.slice(2);
/** The value after `flag`, and the arguments without both. */
function option(flag: string): string | undefined {
  const at = args.indexOf(flag);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--')) {
    console.error(`${flag} needs a value${flag === '--peer' ? ', the command line of an MCP server, e.g. --peer "sbcl --script run-server.lisp"' : ''}`);
    process.exit(2);
  }
  args.splice(at, 2);
  return value;
}
function flag(name: string): boolean {
  const at = args.indexOf(name);
  if (at >= 0) args.splice(at, 1);
  return at >= 0;
}
const namedPeer = option('--peer');
const tableFile = option('--table');
const short = flag('--short');
const tap = flag('--tap');
const only = args;
const peer = namedPeer ? { command: namedPeer, name: namedPeer } : defaultPeer();

const benches: [string, () => Promise<string | BenchReport>][] = [
  ['runtime', () => runRuntimeBench({ peer: peer?.command, peerName: peer?.name, short })],
  ['sessions', runSessionsBench],
  ['executor', runExecutorBench],
  ['seeds', runSeedsBench],
  ['jobs', runJobsBench],
  ['quiet', runQuietBench],
  ['lsp', runLspBench],
  ['documents', runDocumentsBench],
  ['lists', runListsBench],
];
/** Short: the benchmarks with side-by-side figures. */
const SIDE_BY_SIDE = ['runtime', 'documents'];
const chosen = benches.filter(([name]) => (only.length ? only.includes(name) : !short || SIDE_BY_SIDE.includes(name)));

const say = (text: string) => console.log(tap ? text.replace(/^/gm, '# ') : text);
const settled = settledNote(await settle());
say(`Before measuring: ${settled}\n`);
const load = loadavg()[0];
const tables: string[] = [];
const sideBySide: ComparisonRow[] = [];
for (const [, run] of chosen) {
  const report = await run();
  const { text, sideBySide: rows } = typeof report === 'string' ? { text: report, sideBySide: [] } : report;
  say(`${text}\n`);
  tables.push(text);
  sideBySide.push(...rows);
}
if (sideBySide.length) {
  const title = `Side by side: spec-run / the alternative, from this one run (load average ${load.toFixed(1)} on ${cpus().length} cores at the start; ${settled})`;
  const table = `${formatComparison(title, sideBySide, true)}\n\n${aimsVerdict(sideBySide)}`;
  say(`${table}\n`);
  tables.unshift(table);
}
if (tableFile) {
  mkdirSync(dirname(tableFile), { recursive: true });
  writeFileSync(tableFile, `${tables.join('\n\n')}\n`);
}
if (tap) {
  const points = comparisonPoints(sideBySide);
  if (points.length === 0) points.push('not ok - no side-by-side figure was produced');
  points.forEach((point, i) => console.log(point.replace(/^(ok|not ok) -/, `$1 ${i + 1} -`)));
  console.log(`1..${points.length}`);
}
