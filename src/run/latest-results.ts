// What --watch's report files and summary stand for: the latest result of every document
// watched, whether the last rerun ran it or an earlier run did, so that a document still
// failing on disk keeps them red after a save of another. Made into one run's events as
// `spec-run merge` makes its shards into one (merge.ts).
import { existsSync } from 'node:fs';
import type { RunEvent } from '../model/events.js';
import { documentsOf, oneRun, type DocumentEvents, type RunPart } from './merge.js';
import { isInterruptionSkip } from './interrupt.js';

interface Kept {
  /** The run (counted from 1) whose result this is. */
  run: number;
  seed: number;
  documents: DocumentEvents[];
}

export class LatestResults {
  readonly #byFile = new Map<string, Kept>();
  #runs = 0;

  /**
   * Takes the EVENTS of a run of the documents RAN: their results replace the earlier ones;
   * what the run reports of other documents (an error their code threw since) is added to theirs.
   */
  record(events: RunEvent[], ran: string[]): void {
    const run = ++this.#runs;
    const start = events.find((event) => event.type === 'run-start');
    const seed = start?.type === 'run-start' ? start.seed : 0;
    for (const file of ran) this.#byFile.delete(file);
    for (const document of documentsOf(events)) {
      const kept = this.#byFile.get(document.file);
      if (kept) kept.documents.push(document);
      else this.#byFile.set(document.file, { run, seed, documents: [document] });
    }
  }

  /** Leaves out the results of the documents FILES (deleted since they ran). */
  forget(files: string[]): void {
    for (const file of files) this.#byFile.delete(file);
  }

  /**
   * The events of one run holding every document's latest result (a document deleted since
   * left out), ending as EVENTS, the last run's, ended; and the documents whose result is
   * an earlier run's, each with whether it failed.
   */
  combined(last: RunEvent[]): { events: RunEvent[]; earlier: { file: string; failed: boolean }[] } {
    const kept = [...this.#byFile.entries()].filter(([file, result]) => result.run === this.#runs || existsSync(file));
    const earlier = kept.filter(([, result]) => result.run !== this.#runs).map(([file, result]) => ({ file, failed: result.documents.some(failed) }));
    const start = last.find((event) => event.type === 'run-start');
    const end = last.at(-1);
    if (start?.type !== 'run-start' || end?.type !== 'run-end') throw new Error('a run without its run-start and run-end cannot be combined');
    const parts: RunPart[] = kept.map(([, result]) => ({ seed: result.seed, documents: result.documents }));
    const comments = earlier.length === 0 ? [] : [earlierResults(earlier)];
    return { events: oneRun(parts, { seed: start.seed, selection: start.selection ?? [], comments, ...(start.dryRun ? { dryRun: true } : {}) }, { durationMs: end.durationMs, ...(end.stopped ? { stopped: end.stopped } : {}) }), earlier };
  }
}

const failed = (document: DocumentEvents) => document.events.some((event) => event.type === 'point' && !event.ok && event.todo === undefined);

/** What the reports and the summary of --watch say of the documents whose result an earlier run gave. */
export function earlierResults(earlier: { file: string; failed: boolean }[]): string {
  const failing = earlier.filter((document) => document.failed).map((document) => document.file);
  const named = failing.length ? `; failing there: ${failing.join(', ')}` : '';
  return `--watch: the report files and this summary hold every watched document's latest result: ${earlier.length} ${earlier.length === 1 ? 'result is' : 'results are'} from an earlier run, not run again since${named}`;
}

/** Those of FILES that the run of EVENTS, stopped, did not finish: not reached, or with a unit cut short. */
export function unfinishedDocuments(files: string[], events: RunEvent[]): string[] {
  const finished = new Set(documentsOf(events).filter((document) => !document.events.some((event) => event.type === 'point' && event.skip !== undefined && isInterruptionSkip(event.skip))).map((document) => document.file));
  return files.filter((file) => !finished.has(file));
}
