// Sessions at scale: spec-run runs generated documents that make a session per
// trial and never clean up, as property documents do; the process tree of that
// spec-run is sampled every 50 ms for its resident memory and its live runtime
// workers. Targets: the 300-session loop in <= 20 s, <= 2 GB, <= 40 workers;
// the 1,000-trial property no higher in memory or workers.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sampleTree } from './process-tree.js';
import { formatTable, type BenchRow } from './table.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = join(root, 'dist', 'src', 'cli', 'main.js');
/** What a runtime worker's command line contains (its core image's name). */
const WORKER_MARKER = 'runtime-worker-';

const LOOP_DOCUMENT = `---
type: verification
name: session-loop
level: contract
---
# 300 sessions in a loop

\`\`\`lisp
(let ((answered 0))
  (dotimes (i 300)
    (let ((session (make-test-session)))
      (when (search "=> 3" (result-content-text (evaluate-in-session session "(+ 1 2)")))
        (incf answered))))
  (assert (= answered 300)))
\`\`\`
`;

const PROPERTY_DOCUMENT = `---
type: property
name: session-per-trial
level: property
---
# A fresh session per trial

\`\`\`lisp
(fiveam:test fresh-session-per-trial
  (let* ((n (random 1000))
         (session (make-test-session))
         (text (result-content-text (evaluate-in-session session (format nil "(* ~D 2)" n)))))
    (fiveam:is (search (format nil "=> ~D" (* n 2)) text))))
\`\`\`
`;

interface TreeRun {
  seconds: number;
  /** CPU seconds of the tree, as last sampled (a figure that the machine's load does not inflate). */
  cpuSeconds: number;
  peakMb: number;
  peakProportionalMb: number;
  peakWorkers: number;
  summary: string;
  passed: boolean;
}

function runSampled(document: string, extraArgs: string[]): Promise<TreeRun> {
  const path = join(mkdtempSync(join(tmpdir(), 'spec-run-sessions-')), 'doc.md');
  writeFileSync(path, document);
  const started = performance.now();
  let peakMb = 0;
  let peakProportionalMb = 0;
  let peakWorkers = 0;
  let cpuSeconds = 0;
  return new Promise((done) => {
    const child = execFile(process.execPath, [cli, path, '--reporter', 'tap', ...extraArgs], { cwd: root, maxBuffer: 256 * 1024 * 1024 }, (error, _stdout, stderr) => {
      clearInterval(sampler);
      const summary = stderr.trim().split('\n').at(-1) ?? '';
      done({ seconds: (performance.now() - started) / 1000, cpuSeconds, peakMb, peakProportionalMb, peakWorkers, summary, passed: !error });
    });
    const sampler = setInterval(() => {
      const sample = sampleTree(child.pid!, WORKER_MARKER);
      peakMb = Math.max(peakMb, sample.residentMb);
      peakProportionalMb = Math.max(peakProportionalMb, sample.proportionalMb);
      peakWorkers = Math.max(peakWorkers, sample.marked);
      cpuSeconds = Math.max(cpuSeconds, sample.cpuSeconds);
    }, 50);
  });
}

function rowsOf(name: string, run: TreeRun, wallTarget?: number): BenchRow[] {
  const note = run.passed ? run.summary : `FAILED: ${run.summary}`;
  return [
    { metric: `${name}: wall time`, value: run.seconds, unit: 's', target: wallTarget, note },
    { metric: `${name}: CPU time of the process tree`, value: run.cpuSeconds, unit: 's', note: 'all processes, not inflated by waiting for a core' },
    { metric: `${name}: peak memory of the process tree (RSS)`, value: run.peakMb, unit: 'MB', target: 2048, note: 'pages shared by workers counted in each' },
    { metric: `${name}: peak memory of the process tree (PSS)`, value: run.peakProportionalMb, unit: 'MB', target: 2048, note: 'shared pages counted once' },
    { metric: `${name}: peak live runtime workers`, value: run.peakWorkers, unit: '', target: 40 },
  ];
}

export async function runSessionsBench(): Promise<string> {
  const load = loadavg()[0];
  const loop = await runSampled(LOOP_DOCUMENT, []);
  const property = await runSampled(PROPERTY_DOCUMENT, ['--runs', '1000']);
  const title = `sessions: made in a loop, never cleaned up (spec-run and all it started; load average ${load.toFixed(1)} on ${cpus().length} cores at the start)`;
  return formatTable(title, [
    ...rowsOf('300 sessions, one evaluation each', loop, 20),
    ...rowsOf('1,000-trial property, a session per trial', property),
  ]);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(await runSessionsBench());
}
