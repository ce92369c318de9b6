// Output capture with bounded memory: a command may print millions of lines before
// its timeout. Every line is counted; what is stored is bounded by the line limit of
// each stream and by a cap in bytes, and the cut is marked. The first lines are kept
// (head), or the last ones (tail), where a test runner prints its verdict.

export type StreamName = 'stdout' | 'stderr';

export interface OutputLine {
  stream: StreamName;
  text: string;
}

/** Which lines a limit keeps: the first ones, or the last ones. */
export type KeptEnd = 'head' | 'tail';

export interface CapturedOutput {
  /** The lines kept, in arrival order (stdout and stderr interleaved by chunk). */
  lines: OutputLine[];
  /** Every line the command printed on the shown streams: a hidden stream's lines count in `streams` alone, never toward the line totals. */
  totalLines: number;
  /** The line limit applied to each stream, if any. */
  maxLines?: number;
  /**
   * Lines printed and lines kept, per stream (a hidden one's printed lines too); `cut`: of those kept, lines longer
   * than MAX_LINE_BYTES kept only in part (shown, not omitted); `cutBytes`: the bytes of those lines past the cut, not kept.
   */
  streams: Record<StreamName, StreamCounts>;
  /** Streams whose lines are counted, never kept, because the configuration hides them (showStdout/showStderr false). */
  hidden: StreamName[];
  /** True when lines were dropped because the byte cap was reached. */
  byteCapReached: boolean;
  /** The end of the output the limits kept. */
  keep: KeptEnd;
}

/** A stream's counts: lines printed (`total`), kept, kept only in part (`cut`), and the bytes of those past their cut. */
export interface StreamCounts {
  total: number;
  kept: number;
  cut: number;
  cutBytes: number;
}

export const DEFAULT_MAX_BYTES = 1024 * 1024;
/** A single line longer than this is cut (and says so), so one endless line cannot fill memory. */
export const MAX_LINE_BYTES = 64 * 1024;

/** A line kept so far, with its place in the arrival order of both streams. */
interface KeptLine extends OutputLine {
  seq: number;
  bytes: number;
  /** The bytes of the line past its cut, not kept: 0 for a line kept whole. */
  cutBytes: number;
}

export class OutputCollector {
  /** The kept lines of each stream, oldest first; a tail drops from the front (`first` is the front). */
  private readonly kept: Record<StreamName, { lines: KeptLine[]; first: number }> = { stdout: { lines: [], first: 0 }, stderr: { lines: [], first: 0 } };
  private readonly partial: Record<StreamName, Buffer[]> = { stdout: [], stderr: [] };
  private readonly partialBytes: Record<StreamName, number> = { stdout: 0, stderr: 0 };
  /** The bytes of the line being read past MAX_LINE_BYTES, counted, not kept. */
  private readonly partialCutBytes: Record<StreamName, number> = { stdout: 0, stderr: 0 };
  /** Bytes came after the stream's last newline: a line, counted at the end, kept or not. */
  private readonly unterminated: Record<StreamName, boolean> = { stdout: false, stderr: false };
  private totalLines = 0;
  private readonly streams: Record<StreamName, StreamCounts> = { stdout: { total: 0, kept: 0, cut: 0, cutBytes: 0 }, stderr: { total: 0, kept: 0, cut: 0, cutBytes: 0 } };
  private storedBytes = 0;
  private byteCapReached = false;

  constructor(private readonly limits: { maxLines?: number; maxBytes?: number; hidden?: StreamName[]; keep?: KeptEnd } = {}) {}

  private get maxBytes(): number {
    return this.limits.maxBytes ?? DEFAULT_MAX_BYTES;
  }

  private get tail(): boolean {
    return this.limits.keep === 'tail';
  }

  private hides(stream: StreamName): boolean {
    return this.limits.hidden?.includes(stream) ?? false;
  }

  /** Keeping the head, a stream is full at its line limit or at the byte cap; a tail is never full, it drops its oldest lines. */
  private full(stream: StreamName): boolean {
    if (this.tail) return false;
    return (this.limits.maxLines !== undefined && this.streams[stream].kept >= this.limits.maxLines) || this.byteCapReached;
  }

  /**
   * Collects a process's fds 1 and 2 as they arrive. A hidden stream is still read, so the
   * process never blocks on a full pipe, and its lines counted as its own (the record says
   * how many it printed), never toward the line totals the report shows.
   */
  capture(process: { onChunks(fd: number, onChunk: (chunk: Buffer) => void): void }): void {
    for (const [fd, stream] of [[1, 'stdout'], [2, 'stderr']] as const) process.onChunks(fd, (chunk) => this.write(stream, chunk));
  }

  write(stream: StreamName, chunk: Buffer): void {
    if (this.hides(stream)) {
      this.countHidden(stream, chunk);
      return;
    }
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(10, start);
      if (nl === -1) break;
      this.count(stream);
      if (!this.full(stream)) this.keep(stream, chunk.subarray(start, nl));
      else this.dropPartial(stream);
      start = nl + 1;
      this.unterminated[stream] = false;
    }
    if (start < chunk.length) {
      this.unterminated[stream] = true;
      if (!this.full(stream)) this.addPartial(stream, chunk.subarray(start));
    }
  }

  /** A hidden stream's lines are only counted, as its own: no line is looked at, so draining a flood costs no more than before. */
  private countHidden(stream: StreamName, chunk: Buffer): void {
    let lines = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, nl + 1)) lines++;
    this.streams[stream].total += lines;
    if (chunk.length > 0) this.unterminated[stream] = chunk[chunk.length - 1] !== 10;
  }

  /** Takes the unterminated last line of each stream as a line. */
  end(): CapturedOutput {
    for (const stream of ['stdout', 'stderr'] as const) {
      if (this.unterminated[stream]) {
        this.unterminated[stream] = false;
        if (this.hides(stream)) {
          this.streams[stream].total++;
          continue;
        }
        this.count(stream);
        if (!this.full(stream)) this.keep(stream, Buffer.alloc(0));
        else this.dropPartial(stream);
      }
    }
    const lines = [...this.live('stdout'), ...this.live('stderr')]
      .sort((a, b) => a.seq - b.seq)
      .map(({ stream, text }): OutputLine => ({ stream, text }));
    return { lines, totalLines: this.totalLines, maxLines: this.limits.maxLines, byteCapReached: this.byteCapReached, streams: this.streams, hidden: this.limits.hidden ?? [], keep: this.limits.keep ?? 'head' };
  }

  private live(stream: StreamName): KeptLine[] {
    const { lines, first } = this.kept[stream];
    return lines.slice(first);
  }

  private count(stream: StreamName): void {
    this.totalLines++;
    this.streams[stream].total++;
  }

  private addPartial(stream: StreamName, piece: Buffer): void {
    const room = MAX_LINE_BYTES - this.partialBytes[stream];
    if (room <= 0) {
      this.partialCutBytes[stream] += piece.length;
      return;
    }
    // Copy: the chunk's memory must not be held for the sake of a small piece.
    const kept = Buffer.from(piece.subarray(0, room));
    this.partial[stream].push(kept);
    this.partialBytes[stream] += kept.length;
    if (piece.length > room) this.partialCutBytes[stream] += piece.length - room;
  }

  private dropPartial(stream: StreamName): void {
    this.partial[stream] = [];
    this.partialBytes[stream] = 0;
    this.partialCutBytes[stream] = 0;
  }

  private keep(stream: StreamName, tail: Buffer): void {
    this.addPartial(stream, tail);
    let text = Buffer.concat(this.partial[stream]).toString('utf8');
    const cut = this.partialCutBytes[stream];
    if (cut > 0) text += ` [line cut at ${MAX_LINE_BYTES} bytes]`;
    this.dropPartial(stream);
    const bytes = Buffer.byteLength(text);
    if (this.tail) {
      this.keepLast(stream, text, bytes, cut);
      return;
    }
    if (this.storedBytes + bytes > this.maxBytes) {
      this.byteCapReached = true;
      return;
    }
    this.store(stream, text, bytes, cut);
  }

  private store(stream: StreamName, text: string, bytes: number, cutBytes: number): void {
    this.storedBytes += bytes;
    this.streams[stream].kept++;
    if (cutBytes > 0) {
      this.streams[stream].cut++;
      this.streams[stream].cutBytes += cutBytes;
    }
    this.kept[stream].lines.push({ stream, text, bytes, seq: this.totalLines, cutBytes });
  }

  /** Keeping the tail: the new line goes in, and the oldest lines out, of its stream past the line limit, of either past the byte cap. */
  private keepLast(stream: StreamName, text: string, bytes: number, cut: number): void {
    if (bytes > this.maxBytes) {
      this.byteCapReached = true;
      return;
    }
    this.store(stream, text, bytes, cut);
    if (this.limits.maxLines !== undefined && this.streams[stream].kept > this.limits.maxLines) this.dropOldest(stream);
    while (this.storedBytes > this.maxBytes) {
      this.byteCapReached = true;
      this.dropOldest(this.oldestStream());
    }
  }

  /** The stream whose oldest kept line came first. */
  private oldestStream(): StreamName {
    const head = (stream: StreamName) => this.kept[stream].lines[this.kept[stream].first]?.seq ?? Infinity;
    return head('stdout') <= head('stderr') ? 'stdout' : 'stderr';
  }

  private dropOldest(stream: StreamName): void {
    const queue = this.kept[stream];
    const dropped = queue.lines[queue.first++];
    this.storedBytes -= dropped.bytes;
    this.streams[stream].kept--;
    if (dropped.cutBytes > 0) {
      this.streams[stream].cut--;
      this.streams[stream].cutBytes -= dropped.cutBytes;
    }
    // Dropped lines are released in batches, so a long tail costs no more memory than its limit.
    if (queue.first >= 1024 && queue.first * 2 >= queue.lines.length) {
      queue.lines.splice(0, queue.first);
      queue.first = 0;
    }
  }
}

/**
 * The lines of STREAM the command printed and OUTPUT does not hold whole: those left out at a
 * limit, and those cut at MAX_LINE_BYTES, whose rest may hold what a check looks for.
 */
export function linesNotKept(output: CapturedOutput, stream: StreamName): number {
  const { total, kept, cut } = output.streams[stream];
  return total - kept + cut;
}

/**
 * What the report and the --log file say of each stream: of the lines printed, those shown and those omitted (printed =
 * shown + omitted, on a stream shown), and whether it is hidden; and, where a line was cut at MAX_LINE_BYTES, how many of
 * the lines shown were cut (`cut`) and how many bytes past their cut were not kept (`cutBytes`). A cut line is shown,
 * so it is no omitted line: its rest is said in bytes, beside the lines.
 */
export interface StreamRecord {
  /** Lines the command printed on the stream. */
  printed: number;
  /** Lines shown to the user, a cut line among them. */
  shown: number;
  /** Lines counted and left out whole (at the line limit, or at the byte cap). */
  omitted: number;
  /** Not shown at all because the configuration hides it. */
  hidden: boolean;
  /** Only where a line was cut: of the lines shown, those cut at MAX_LINE_BYTES. */
  cut?: number;
  /** Only where a line was cut: the bytes of the cut lines past their cut, not kept. */
  cutBytes?: number;
}

/** Each stream's counts, as the report and the --log file give them (`cut` and `cutBytes` where a line was cut). */
export function streamRecords(output: CapturedOutput): Record<StreamName, StreamRecord> {
  const of = (stream: StreamName): StreamRecord => {
    const { total, kept, cut, cutBytes } = output.streams[stream];
    const hidden = output.hidden.includes(stream);
    const record: StreamRecord = { printed: total, shown: hidden ? 0 : kept, omitted: hidden ? 0 : total - kept, hidden };
    return cut > 0 ? { ...record, cut, cutBytes } : record;
  };
  return { stdout: of('stdout'), stderr: of('stderr') };
}

/**
 * What the report shows beside the kept lines: each stream that lost lines gets its
 * indicator ("stdout: ... (57 lines omitted)"), all of them before the kept lines of a tail
 * and after those of a head (the two streams' lines are shown interleaved as they came, so
 * an indicator stands at the end where its stream's lines were left out, not between them);
 * then a hidden stream's placeholder, then the notes.
 */
export function outputNotices(output: CapturedOutput, timedOutAfter?: string): { before: string[]; after: string[] } {
  const omissions: string[] = [];
  for (const stream of shownStreams(output)) {
    const { total, kept, cut, cutBytes } = output.streams[stream];
    // The line limit, the byte cap, or both: whatever left them out, with both streams flooding
    // the cap's note alone would not say which of them lost lines, nor how many each.
    if (total > kept) omissions.push(`${stream}: ... (${linesText(total - kept)} omitted)`);
    // A cut line is shown, so it is no omitted line; its stream says what it lost of it, in bytes, as the note does.
    if (cut > 0) omissions.push(`${stream}: ... (${cutText(cut, cutBytes)})`);
  }
  const after = [...output.hidden.map((stream) => `(${stream}: output hidden by configuration)`), ...truncationNotes(output, timedOutAfter).map((n) => `(${n})`)];
  return output.keep === 'tail' ? { before: omissions, after } : { before: [], after: [...omissions, ...after] };
}

/** The lines as shown to a user; `timedOutAfter` joins the timeout to the line-limit note. */
export function renderOutput(output: CapturedOutput, timedOutAfter?: string): string[] {
  const { before, after } = outputNotices(output, timedOutAfter);
  return [...before, ...output.lines.map((l) => l.text), ...after];
}

const linesText = (n: number) => `${n} ${n === 1 ? 'line' : 'lines'}`;
const bytesText = (n: number) => `${n} ${n === 1 ? 'byte' : 'bytes'}`;
/** "1 line cut at 65536 bytes: 34464 bytes of it not kept": a stream's cut lines, as its indicator says them. */
const cutText = (cut: number, cutBytes: number) => `${linesText(cut)} cut at ${MAX_LINE_BYTES} bytes: ${bytesText(cutBytes)} of ${cut === 1 ? 'it' : 'them'} not kept`;

function shownStreams(output: CapturedOutput): StreamName[] {
  return (['stdout', 'stderr'] as const).filter((stream) => !output.hidden.includes(stream));
}

export function truncationNotes(output: CapturedOutput, timedOutAfter?: string): string[] {
  const notes: string[] = [];
  const which = output.keep === 'tail' ? 'the last ' : '';
  if (output.maxLines !== undefined && output.totalLines > output.lines.length && !output.byteCapReached) {
    const showing = `Showing ${which}${output.lines.length} of ${output.totalLines} output lines`;
    notes.push(timedOutAfter ? `Command timed out after ${timedOutAfter}. ${showing}` : showing);
  }
  const cut = output.streams.stdout.cut + output.streams.stderr.cut;
  const cutBytes = output.streams.stdout.cutBytes + output.streams.stderr.cutBytes;
  // Shown, and so no omitted line: what was lost is the rest of the line, in bytes.
  if (cut > 0) notes.push(`${linesText(cut)} longer than ${MAX_LINE_BYTES} bytes ${cut === 1 ? 'was' : 'were'} cut at that length and shown in part: the rest, ${bytesText(cutBytes)}, was not kept`);
  if (output.byteCapReached) {
    const dropped = output.totalLines - output.lines.length;
    const counted = output.keep === 'tail' ? `the first ${dropped} of ${output.totalLines} lines were` : `${dropped} more of ${output.totalLines} lines were`;
    notes.push(`output cut at ${output.lines.length} lines: stored output is capped; ${counted} counted, not kept`);
  }
  return notes;
}
