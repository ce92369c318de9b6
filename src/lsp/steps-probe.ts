// A steps file's top level, tried off the server's thread before the server evaluates it.
// A top level in an endless synchronous loop holds the thread that runs it: in the
// server's own thread, the watchdog ended the server (SIGKILL), every diagnostic gone, and
// a restart died again on the same file. Tried in a worker thread first, a file whose top
// level does not give its thread back within the limit is stopped there (the worker
// terminated) and becomes a problem of the steps file, as one that throws is; the server
// evaluates only the files that returned. `check`, `steps`, `snippets` and `--list` try them
// the same way (they waited for the watchdog, a minute, to kill them with nothing said). (A
// run keeps its own behaviour: it ends, exit status 137, saying which code held it.)
import { Worker } from 'node:worker_threads';
import { shownPath, type LoadProblem } from '../run/scenario/library.js';
import { probeLimitMs } from './probe-limit.js';

/** How often the worker's beats are looked for. */
const LOOK_MS = 100;

/** Null when FILE's top level gave its thread back within LIMIT MS (whatever it then did), else the problem saying it did not. */
export function probeTopLevel(file: string, limitMs: number): Promise<LoadProblem | null> {
  return new Promise((done) => {
    const worker = new Worker(new URL('./steps-probe-worker.js', import.meta.url), { workerData: { file, limitMs }, stdout: true, stderr: true });
    // What the file prints is the server's log, never its stdout (the protocol's channel).
    worker.stdout.pipe(process.stderr, { end: false });
    worker.stderr.pipe(process.stderr, { end: false });
    // No beat yet: the thread is starting, and its start does not count against the file's limit.
    let beat: number | undefined;
    let settled = false;
    const finish = (problem: LoadProblem | null) => {
      if (settled) return;
      settled = true;
      clearInterval(looking);
      void worker.terminate();
      done(problem);
    };
    worker.on('message', (message) => (message === 'beat' ? (beat = Date.now()) : finish(null)));
    // A file that throws, or a worker that could not start: the server's own load says what went wrong.
    worker.on('error', () => finish(null));
    worker.on('exit', () => finish(null));
    const looking = setInterval(() => {
      if (beat === undefined || Date.now() - beat < limitMs) return;
      finish({ file, line: 1, message: `the top level of steps file ${shownPath(file)} did not return within ${limitMs / 1000} s (an endless synchronous loop?): spec-run stopped it and loads none of its steps; a run is ended by it (exit status 137)` });
    }, LOOK_MS);
  });
}

/** Of FILES, those whose top level did not give its thread back when tried (PROBE, by default probeTopLevel), each with its problem. */
export async function notReturning(files: string[], probe = (file: string) => probeTopLevel(file, probeLimitMs())): Promise<Map<string, LoadProblem>> {
  const verdicts = await Promise.all(files.map(async (file) => [file, await probe(file)] as const));
  return new Map(verdicts.flatMap(([file, problem]) => (problem ? [[file, problem] as const] : [])));
}
