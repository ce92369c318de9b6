// The thread of steps-probe.ts: evaluates one steps file's top level, as the run's loader
// does, beating while its event loop turns; says when the load has returned.
import { parentPort, workerData } from 'node:worker_threads';
import { loadStepLibrary } from '../run/scenario/library.js';

const { file, limitMs } = workerData as { file: string; limitMs: number };
// A top level awaiting something (a server starting) lets the beats through; one in an endless loop stops them.
setInterval(() => parentPort!.postMessage('beat'), 100).unref();
// The limit counts from here, the file's top level: not the thread's start and spec-run's own modules, slow on a loaded machine.
parentPort!.postMessage('beat');
await loadStepLibrary([file], { loadLimitMs: limitMs });
parentPort!.postMessage('returned');
