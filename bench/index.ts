// npm run bench: every benchmark of the project, one table each, printed as they finish.
// Speed and memory targets live here, never in the timed-free unit tests.
import { runRuntimeBench } from './runtime.js';
import { runExecutorBench } from './executor.js';
import { runSeedsBench } from './seeds.js';
import { runJobsBench } from './jobs.js';
import { runQuietBench } from './quiet.js';

const benches: [string, () => Promise<string>][] = [
  ['runtime', runRuntimeBench],
  ['executor', runExecutorBench],
  ['seeds', runSeedsBench],
  ['jobs', runJobsBench],
  ['quiet', runQuietBench],
];
const only = process.argv.slice(2);
for (const [name, run] of benches) {
  if (only.length && !only.includes(name)) continue;
  console.log(`${await run()}\n`);
}
