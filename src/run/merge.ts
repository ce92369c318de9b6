// `spec-run merge`: the JSON event streams of the shards of a run (--reporter json)
// become one event stream, as if one run had run every document: one run-start,
// every document's events in path order, counts recomputed from the points, and the
// wall time of the slowest shard. Each shard's stream says which share of how many it
// is and every document of the whole run: a set of shards that leaves one out, gives
// one twice, holds one that stopped early, or holds shards narrowed differently (one
// run with --grep, another without) is refused, never merged into a report that looks
// whole; shards all narrowed alike merge into a report that says the run was narrowed.
// Every line is read against the events' schema and each shard's points must add up to
// its own run-end: a damaged artefact is refused, never merged greener than its shard.
import { runEventSchema } from '../model/event-schema.js';
import { countEvent, RunCounts, type Counts, type RunEndEvent, type RunEvent, type ShardOf } from '../model/events.js';
import { RequirementTracker } from './requirements.js';

export class MergeError extends Error {
  override name = 'MergeError';
}

export interface ShardStream {
  /** Where the stream came from, for messages. */
  source: string;
  text: string;
}

/** Path order of a directory walk: component by component. */
function comparePaths(a: string, b: string): number {
  const pa = a.split('/');
  const pb = b.split('/');
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) if (pa[i] !== pb[i]) return pa[i] < pb[i] ? -1 : 1;
  return pa.length - pb.length;
}

/** One document's events, from its document-start to its document-end. */
export interface DocumentEvents {
  file: string;
  events: RunEvent[];
}

/** Documents' events that ran with one seed: a shard, or a run of --watch. */
export interface RunPart {
  seed: number;
  documents: DocumentEvents[];
}

interface ParsedShard extends RunPart {
  source: string;
  durationMs: number;
  /** Absent in the stream of an unsharded run. */
  shard?: ShardOf;
  stopped?: string;
  /** What narrowed the units the shard ran (run-start's `selection`); empty: none. */
  selection: string[];
}

/** The event of LINE (line I of SOURCE), as its schema has it: anything else is refused at its line. */
function decodeEvent(source: string, line: string, i: number): RunEvent {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new MergeError(`${source}:${i + 1}: not a JSON event (was the shard run with --reporter json?)`);
  }
  const decoded = runEventSchema.safeParse(value);
  if (decoded.success) return decoded.data;
  const type = typeof value === 'object' && value !== null && 'type' in value ? JSON.stringify((value as { type: unknown }).type) : undefined;
  const issue = decoded.error.issues[0];
  const what = issue.code === 'invalid_union' && issue.path.length === 1 && issue.path[0] === 'type' ? `an event of unknown type ${type ?? '(none)'}` : `a malformed ${type ?? ''} event: ${issue.path.join('.') || '(the event)'}: ${issue.message}`;
  throw new MergeError(`${source}:${i + 1}: ${what}: not a spec-run event stream as --reporter json writes it (was the artefact edited or cut?)`);
}

function parseShard({ source, text }: ShardStream): ParsedShard {
  const shard: ParsedShard = { source, seed: 0, durationMs: 0, documents: [], selection: [] };
  let started = false;
  let end: RunEndEvent | undefined;
  const events: RunEvent[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    const event = decodeEvent(source, line, i);
    if (end) throw new MergeError(`${source}:${i + 1}: an event after the run-end: one file per shard run`);
    if (event.type === 'run-start') {
      if (started) throw new MergeError(`${source}:${i + 1}: a second run-start: one file per shard run`);
      started = true;
      shard.seed = event.seed;
      if (event.shard) shard.shard = event.shard;
      if (event.selection) shard.selection = event.selection;
      if (event.dryRun) throw new MergeError(`${source}: the stream of a --dry-run, which ran nothing: run that shard without --dry-run`);
    } else if (event.type === 'run-end') {
      end = event;
      shard.durationMs = event.durationMs;
      if (event.stopped !== undefined) shard.stopped = event.stopped;
    }
    events.push(event);
  });
  if (!started) throw new MergeError(`${source}: no run-start event: not the JSON stream of a spec-run run`);
  if (!end) throw new MergeError(`${source}: no run-end event: the shard's run did not finish`);
  shard.documents = documentsOf(events);
  checkAddsUp(source, shard.documents, end);
  return shard;
}

const COUNT_KEYS = ['passed', 'failed', 'skipped', 'todo', 'unchecked', 'flaky'] as const;

/**
 * Throws unless the points of a shard's DOCUMENTS add up to the counts, and give the
 * requirement statuses, of the shard's own run-end: a stream that lost a line (a partial
 * upload, a filter in a pipeline, an edit) must not merge into a report greener than the
 * shard's own verdict.
 */
function checkAddsUp(source: string, documents: DocumentEvents[], end: RunEndEvent): void {
  const counts: Counts = { passed: 0, failed: 0, skipped: 0, todo: 0 };
  const requirements = new RequirementTracker();
  for (const event of documents.flatMap((document) => document.events)) {
    countEvent(counts, event);
    requirements.observe(event);
  }
  const differ = COUNT_KEYS.filter((key) => (counts[key] ?? 0) !== (end.counts[key] ?? 0));
  if (differ.length) {
    const said = differ.map((key) => `${end.counts[key] ?? 0} ${key}`).join(', ');
    const found = differ.map((key) => `${counts[key] ?? 0} ${key}`).join(', ');
    throw new MergeError(`${source}: its run-end counts ${said}, but its events hold ${found}: the stream is not whole (a line lost or changed): use the shard's own artefact as its run wrote it`);
  }
  const statuses = new Map(requirements.results().map((result) => [result.id, result.status]));
  for (const { id, status } of end.requirements ?? []) {
    const found = statuses.get(id);
    if (found !== status) throw new MergeError(`${source}: its run-end finds requirement ${id} ${status}, but its events make it ${found ?? 'absent'}: the stream is not whole (a line lost or changed): use the shard's own artefact as its run wrote it`);
  }
}

/** The events of a run, document by document: each from its document-start to its document-end (a file may have several: its late errors). */
export function documentsOf(events: Iterable<RunEvent>): DocumentEvents[] {
  const documents: DocumentEvents[] = [];
  let current: DocumentEvents | null = null;
  for (const event of events) {
    if (event.type === 'document-start') {
      current = { file: event.file, events: [event] };
      documents.push(current);
    } else if (current) {
      current.events.push(event);
      if (event.type === 'document-end') current = null;
    }
  }
  return documents;
}

/** Merges the streams of the shards into the events of one run. */
export function mergeShardStreams(streams: ShardStream[]): RunEvent[] {
  if (streams.length === 0) throw new MergeError('no shard streams given');
  const shards = streams.map(parseShard);
  for (const shard of shards) if (shard.stopped !== undefined) throw new MergeError(`${shard.source}: the run stopped before it ran every document (${shard.stopped}): run that shard again`);
  checkSameSelection(shards);
  checkWholeSet(shards);
  const owner = new Map<string, string>();
  shards.forEach((shard, i) =>
    shard.documents.forEach(({ file }) => {
      const first = owner.get(file);
      if (first !== undefined) throw new MergeError(`${file} is in two shards (${first} and ${streams[i].source}): were they split with the same --shard n and the same record?`);
      owner.set(file, streams[i].source);
    }),
  );
  const { selection } = shards[0];
  const seeds = [...new Set(shards.map((shard) => shard.seed))];
  const comments = [...(selection.length ? [narrowedRun(selection)] : []), ...(seeds.length > 1 ? [differentSeeds(seeds)] : [])];
  return oneRun(shards, { seed: shards[0].seed, selection, comments }, { durationMs: Math.max(...shards.map((shard) => shard.durationMs)) });
}

/**
 * The events of one run made of PARTS: every document's events in path order (each
 * saying the seed it ran with when the parts' seeds differ), counts and requirements
 * recomputed from them, as a run of all of them finds them.
 */
export function oneRun(parts: RunPart[], start: { seed: number; selection: string[]; comments: string[]; dryRun?: boolean }, end: { durationMs: number; stopped?: string }): RunEvent[] {
  const seeds = new Set(parts.map((part) => part.seed));
  // Parts run with different seeds: each document says its own, which replays it (--seed), where the run's would not.
  const documents = parts.flatMap((part) => (seeds.size > 1 ? part.documents.map((document) => withSeed(document, part.seed)) : part.documents)).sort((a, b) => comparePaths(a.file, b.file));
  // Counted from every document's events, whether it checked something judged on its selected units, as the run judges.
  const runCounts = new RunCounts();
  const { seed, selection, comments, dryRun } = start;
  const events: RunEvent[] = [{ type: 'run-start', documents: documents.length, seed, ...(dryRun ? { dryRun } : {}), ...(selection.length ? { selection } : {}) }];
  for (const text of comments) events.push({ type: 'comment', text });
  // Each requirement's status from the events of all the parts, as one run finds it.
  const requirements = new RequirementTracker();
  for (const document of documents) {
    for (const event of document.events) {
      runCounts.observe(event);
      requirements.observe(event);
      events.push(event);
    }
  }
  const traced = requirements.results();
  // A dry run runs nothing by design; a stopped run says why it stopped.
  const nothing = dryRun || end.stopped ? undefined : runCounts.checkedNothing();
  events.push({ type: 'run-end', durationMs: end.durationMs, counts: runCounts.counts, ...(traced.length ? { requirements: traced } : {}), ...(end.stopped ? { stopped: end.stopped } : {}), ...(nothing ? { checkedNothing: nothing } : {}) });
  return events;
}

/** DOCUMENT's events, its document-start saying the SEED it ran with. */
function withSeed(document: DocumentEvents, seed: number): DocumentEvents {
  return { file: document.file, events: document.events.map((event) => (event.type === 'document-start' ? { ...event, seed } : event)) };
}

/** What a merge of shards run with different SEEDS says of itself. */
export const differentSeeds = (seeds: number[]): string =>
  `the shards ran with different seeds: ${seeds.join(', ')} (each document's report gives the seed it ran with; give every shard the same --seed to replay them together)`;

const share = (shard: ShardOf) => `${shard.index}/${shard.count}`;

/** What a merge of shards all narrowed by SELECTION says of itself: its counts are not those of every unit. */
export const narrowedRun = (selection: string[]): string =>
  `a narrowed run: every shard ran only the units selected by ${selection.join(' ')}; the counts are of those units, not of every unit of the documents`;

const ranWhat = (shard: ParsedShard) =>
  `${shard.source}${shard.shard ? ` (shard ${share(shard.shard)})` : ''} ran ${shard.selection.length ? `only the units selected by ${shard.selection.join(' ')}` : 'every unit of its share'}`;

/**
 * Throws unless every shard ran with the same selection: a shard that ran only some of its
 * share (--grep, --only-failures, file:LINE...) beside shards that ran all of theirs would
 * merge into counts no run had, its units left out said nowhere.
 */
function checkSameSelection(shards: ParsedShard[]): void {
  const [first] = shards;
  const other = shards.find((shard) => JSON.stringify(shard.selection) !== JSON.stringify(first.selection));
  if (other) throw new MergeError(`${ranWhat(other)}, but ${ranWhat(first)}: give every shard of a run the same selection (--grep, --tag, --level, --only-failures, --change, file:LINE)`);
}

/**
 * Throws unless SHARDS are every share of one sharded run, each once, or all streams of
 * unsharded runs (each whole by itself).
 */
function checkWholeSet(shards: ParsedShard[]): void {
  const sharded = shards.filter((s): s is ParsedShard & { shard: ShardOf } => s.shard !== undefined);
  if (sharded.length === 0) return;
  const whole = shards.find((s) => s.shard === undefined);
  if (whole) throw new MergeError(`${whole.source} is the stream of an unsharded run and ${sharded[0].source} that of shard ${share(sharded[0].shard)}: merge the shards of one run`);
  const [first] = sharded;
  const runDocuments = [...first.shard.documents].sort(comparePaths);
  const bySource = new Map<number, string>();
  for (const { source, shard } of sharded) {
    if (shard.count !== first.shard.count || JSON.stringify([...shard.documents].sort(comparePaths)) !== JSON.stringify(runDocuments)) {
      throw new MergeError(`${source} (shard ${share(shard)} of ${shard.documents.length} documents) and ${first.source} (shard ${share(first.shard)} of ${runDocuments.length}) are not shares of the same run: give every shard the same paths and the same --shard n`);
    }
    const twin = bySource.get(shard.index);
    if (twin !== undefined) throw new MergeError(`shard ${share(shard)} is given twice: ${twin} and ${source}`);
    bySource.set(shard.index, source);
  }
  const ran = new Set(shards.flatMap((s) => s.documents.map((d) => d.file)));
  const notRun = runDocuments.filter((file) => !ran.has(file));
  const missing = Array.from({ length: first.shard.count }, (_, i) => i + 1).filter((index) => !bySource.has(index));
  if (missing.length > 0 || notRun.length > 0) {
    const shares = missing.length ? `shard${missing.length === 1 ? '' : 's'} ${missing.map((i) => `${i}/${first.shard.count}`).join(', ')} missing` : 'every shard given';
    throw new MergeError(`incomplete: ${shares}; ${notRun.length} of the run's ${runDocuments.length} documents in no stream${notRun.length ? `: ${notRun.join(', ')}` : ''}`);
  }
}
