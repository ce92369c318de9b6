// Runs compiled node-tap test files, each as a plain `node` process, at most --jobs=N at a
// time, and writes one TAP 14 stream of them as node-tap's runner does: each file a subtest
// ("# Subtest: FILE", its TAP indented, "ok N - FILE # time=…ms").
//
// Why not `tap`'s runner: it starts every test file with ts-node's loader (for TypeScript
// files; these are compiled JavaScript), its mock loader and its coverage tracker
// (processinfo), and puts the tracker into NODE_OPTIONS, so that every Node process a test
// starts (each spec-run it runs) loads it too: about a second of CPU per test file beside
// its tests (16 parse and translate files: 56.5 s of CPU under tap's runner, 41.7 s here),
// on a CI machine of 2 cores.
//
// Most test files spend much of their time waiting (on a CLI they started, a timeout, a
// container), so N files at a time on N cores leave the machine half idle: with
// --max-jobs=M, more files start, one a second at most, while a core stayed idle over the
// last second, up to M at once. A machine busy with other work gets no more than N.
//
// usage: node scripts/test-files.mjs --jobs=N [--max-jobs=M] FILE...
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** Each file's time limit, node-tap's (package.json "tap".timeout, in seconds): the file's own tap stops it then, and says so. */
const TIMEOUT_S = Number(JSON.parse(readFileSync('package.json', 'utf8')).tap?.timeout ?? 30);
/** Past its own limit by this much, a file (its event loop held, say) is stopped from here: a suite never hangs on one. */
const STOP_AFTER_MS = (TIMEOUT_S + 30) * 1000;
const KILL_GRACE_MS = 5_000;

/** The value of --NAME=N, at least 1; FALLBACK when not given. */
function count(name, fallback) {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg === undefined ? fallback : Math.max(1, Number(arg.slice(name.length + 3)) || 1);
}
const jobs = count('jobs', 1);
const maxJobs = Math.max(jobs, count('max-jobs', jobs));
/** How often the machine's idle time is sampled, and how often at most a file starts beyond --jobs. */
const SAMPLE_MS = 1000;
const files = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));

const write = (text) => process.stdout.write(text);
const indent = (line) => `    ${line}\n`;
let number = 0;

/**
 * Runs FILE; its indented TAP is written as it comes when LIVE (one file at a time), else
 * once it has ended, so that files run side by side do not interleave.
 */
function runFile(file, live) {
  return new Promise((resolve) => {
    const started = performance.now();
    const kept = [];
    const out = (text) => (live ? write(text) : kept.push(text));
    out(`# Subtest: ${file}\n`);
    // Source maps as node-tap's runner gives them: a failure's stack names the TypeScript line.
    const child = spawn(process.execPath, ['--enable-source-maps', file], {
      // stdin a pipe left open, as under node-tap: a program a test starts with stdio inherited does not read an end of input.
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, TAP_TIMEOUT: String(TIMEOUT_S) },
    });
    let partial = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop();
      for (const line of lines) if (line !== 'TAP version 14') out(indent(line));
    });
    let stoppedAt;
    const stop = setTimeout(() => {
      stoppedAt = performance.now();
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS).unref();
    }, STOP_AFTER_MS);
    child.on('close', (code, signal) => {
      clearTimeout(stop);
      child.stdin.destroy();
      if (partial !== '') out(indent(partial));
      const ms = (performance.now() - started).toFixed(3);
      number += 1;
      const ok = code === 0 && signal === null;
      const why = stoppedAt !== undefined ? `stopped past its time limit of ${TIMEOUT_S} s` : ok ? '' : `exited with ${signal ?? `code ${code}`}`;
      out(`${ok ? 'ok' : 'not ok'} ${number} - ${file} # time=${ms}ms\n`);
      if (!ok) out(`  ---\n  message: ${JSON.stringify(why)}\n  ...\n`);
      out('\n');
      if (!live) write(kept.join(''));
      resolve(ok);
    });
  });
}

/** The machine's CPU time so far, idle and in all, in ms, summed over its cores. */
function cpuTime() {
  const times = cpus().map((cpu) => cpu.times);
  return {
    idle: times.reduce((sum, t) => sum + t.idle, 0),
    total: times.reduce((sum, t) => sum + t.user + t.nice + t.sys + t.idle + t.irq, 0),
  };
}

/** Whether a whole core's worth of CPU time went unused since the last call. */
let sampled = cpuTime();
function aCoreIdle() {
  const now = cpuTime();
  const elapsed = now.total - sampled.total;
  const idleCores = elapsed > 0 ? ((now.idle - sampled.idle) / elapsed) * cpus().length : 0;
  sampled = now;
  return idleCores >= 1;
}

write(`TAP version 14\n1..${files.length}\n`);
const queue = [...files];
// One at a time (no more allowed), a file's TAP is written as it comes.
const live = maxJobs === 1;
const oks = await new Promise((done) => {
  const results = [];
  let running = 0;
  let most = 0;
  const start = () => {
    running += 1;
    most = Math.max(most, running);
    runFile(queue.shift(), live).then((ok) => {
      results.push(ok);
      running -= 1;
      fill();
    });
  };
  const beyond = maxJobs > jobs ? setInterval(() => aCoreIdle() && queue.length > 0 && running < maxJobs && start(), SAMPLE_MS) : undefined;
  const fill = () => {
    while (queue.length > 0 && running < jobs) start();
    if (queue.length > 0 || running > 0) return;
    clearInterval(beyond);
    if (maxJobs > jobs) write(`# at most ${most} files at once (${jobs}, and up to ${maxJobs} while a core was idle)\n`);
    done(results);
  };
  fill();
});
process.exitCode = oks.every(Boolean) ? 0 : 1;
