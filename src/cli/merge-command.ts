// `spec-run merge shard-1.jsonl shard-2.jsonl ...`: the shards of a CI matrix as one
// report in any reporter, its summary line, and the merged run record.
import { readFileSync } from 'node:fs';
import type { RunEvent } from '../model/events.js';
import { isSettled } from '../model/requirements.js';
import { resolve } from 'node:path';
import { differentSeeds, mergeShardStreams, MergeError, narrowedRun, type ShardStream } from '../run/merge.js';
import { DEFAULT_RECORD_PATH, DEFAULT_TIMINGS_PATH, keepRecords, RunRecorder } from '../run/run-record.js';
import { removeEarlierReports, replayed, reportEvents, reportersProblem, withStdoutReporter } from './run-command.js';
import type { ReporterChoice } from './reporter-choice.js';
import { ConfigError, loadConfig, type ProjectConfig } from './config.js';

export interface MergeOptions {
  reporter?: ReporterChoice[];
  requireVerified?: boolean;
  lastRun?: string;
  timings?: string;
  config?: string;
}

export async function mergeCommand(files: string[], cliOptions: MergeOptions): Promise<number> {
  const status = await mergeShards(files, cliOptions);
  // Refused (exit 2), as a run refused before it starts: the earlier merge's report files are
  // not left to be uploaded as this one's.
  if (status === 2) removeEarlierReports(cliOptions);
  return status;
}

async function mergeShards(files: string[], cliOptions: MergeOptions): Promise<number> {
  // The configuration's reporters, --require-verified, record and timings, as a run takes them:
  // a merge must judge and report as the unsharded run would.
  let config: ProjectConfig;
  try {
    config = loadConfig(cliOptions.config);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`spec-run merge: ${error.message}`);
    return 2;
  }
  const configured = { reporter: config.reporter, requireVerified: config.requireVerified, lastRun: config.lastRun, timings: config.timings };
  const options: MergeOptions = { ...configured, ...Object.fromEntries(Object.entries(cliOptions).filter(([, v]) => v !== undefined)) };
  let events: RunEvent[];
  try {
    const streams: ShardStream[] = files.map((source) => {
      try {
        return { source, text: readFileSync(source, 'utf8') };
      } catch (error) {
        throw new MergeError(`${source}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
      }
    });
    events = mergeShardStreams(streams);
  } catch (error) {
    if (!(error instanceof MergeError)) throw error;
    console.error(`spec-run merge: ${error.message}`);
    return 2;
  }
  const narrowed = events[0].type === 'run-start' ? events[0].selection : undefined;
  if (narrowed) console.error(`spec-run merge: ${narrowedRun(narrowed)}`);
  // Said where a CI log shows it, as the TAP header says it: the run's seed does not replay every document.
  const seeds = [...new Set(events.flatMap((event) => (event.type === 'document-start' && event.seed !== undefined ? [event.seed] : [])))];
  if (seeds.length > 1) console.error(`spec-run merge: warning: ${differentSeeds(seeds)}`);
  const root = config.directory;
  const recorder = new RunRecorder(root);
  const reporters = withStdoutReporter(options.reporter ?? []);
  const problem = reportersProblem(reporters, files);
  if (problem) {
    console.error(`spec-run merge: --reporter: ${problem}`);
    return 2;
  }
  // The shards together saw every document: their durations balance the next split.
  const { counts, requirements, checkedNothing } = await reportEvents(replayed(events), reporters, {
    requireVerified: options.requireVerified,
    observe: (event) => recorder.observe(event),
    beforeSummary: () => keepRecords(recorder, resolve(root, options.lastRun ?? DEFAULT_RECORD_PATH), resolve(root, options.timings ?? DEFAULT_TIMINGS_PATH)),
  });
  return counts.failed > 0 || checkedNothing || (options.requireVerified && !requirements.every(isSettled)) ? 1 : 0;
}
