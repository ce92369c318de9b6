// Output capture with bounded memory: a command may print millions of lines before
// its timeout. Lines past the line limit are counted, never stored; without a line
// limit, stored text is capped in bytes and the cut is marked.

export type StreamName = 'stdout' | 'stderr';

export interface OutputLine {
  stream: StreamName;
  text: string;
}

export interface CapturedOutput {
  /** The lines kept, in arrival order (stdout and stderr interleaved by chunk). */
  lines: OutputLine[];
  /** Every line the command printed on the captured streams. */
  totalLines: number;
  /** The line limit applied to each stream, if any. */
  maxLines?: number;
  /** Lines printed and lines kept, per stream. */
  streams: Record<StreamName, { total: number; kept: number }>;
  /** Streams not captured because the configuration hides them (showStdout/showStderr false). */
  hidden: StreamName[];
  /** True when lines were dropped because the byte cap was reached. */
  byteCapReached: boolean;
}

export const DEFAULT_MAX_BYTES = 1024 * 1024;
/** A single line longer than this is cut (and says so), so one endless line cannot fill memory. */
const MAX_LINE_BYTES = 64 * 1024;

export class OutputCollector {
  private readonly lines: OutputLine[] = [];
  private readonly partial: Record<StreamName, Buffer[]> = { stdout: [], stderr: [] };
  private readonly partialBytes: Record<StreamName, number> = { stdout: 0, stderr: 0 };
  private readonly partialCut: Record<StreamName, boolean> = { stdout: false, stderr: false };
  private totalLines = 0;
  private readonly streams: Record<StreamName, { total: number; kept: number }> = { stdout: { total: 0, kept: 0 }, stderr: { total: 0, kept: 0 } };
  private storedBytes = 0;
  private byteCapReached = false;

  constructor(private readonly limits: { maxLines?: number; maxBytes?: number; hidden?: StreamName[] } = {}) {}

  private get maxBytes(): number {
    return this.limits.maxBytes ?? DEFAULT_MAX_BYTES;
  }

  /** The line limit holds for each stream on its own. */
  private full(stream: StreamName): boolean {
    return (this.limits.maxLines !== undefined && this.streams[stream].kept >= this.limits.maxLines) || this.byteCapReached;
  }

  /**
   * Collects a process's fds 1 and 2 as they arrive. A hidden stream is still read, and
   * dropped, so the process never blocks on a full pipe.
   */
  capture(process: { onChunks(fd: number, onChunk: (chunk: Buffer) => void): void }): void {
    for (const [fd, stream] of [[1, 'stdout'], [2, 'stderr']] as const) {
      process.onChunks(fd, this.limits.hidden?.includes(stream) ? () => {} : (chunk) => this.write(stream, chunk));
    }
  }

  write(stream: StreamName, chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(10, start);
      if (nl === -1) break;
      this.count(stream);
      if (!this.full(stream)) this.keep(stream, chunk.subarray(start, nl));
      else this.dropPartial(stream);
      start = nl + 1;
    }
    if (start < chunk.length && !this.full(stream)) this.addPartial(stream, chunk.subarray(start));
  }

  /** Takes the unterminated last line of each stream as a line. */
  end(): CapturedOutput {
    for (const stream of ['stdout', 'stderr'] as const) {
      if (this.partialBytes[stream] > 0 || this.partialCut[stream]) {
        this.count(stream);
        if (!this.full(stream)) this.keep(stream, Buffer.alloc(0));
        else this.dropPartial(stream);
      }
    }
    return { lines: this.lines, totalLines: this.totalLines, maxLines: this.limits.maxLines, byteCapReached: this.byteCapReached, streams: this.streams, hidden: this.limits.hidden ?? [] };
  }

  private count(stream: StreamName): void {
    this.totalLines++;
    this.streams[stream].total++;
  }

  private addPartial(stream: StreamName, piece: Buffer): void {
    const room = MAX_LINE_BYTES - this.partialBytes[stream];
    if (room <= 0) {
      this.partialCut[stream] = true;
      return;
    }
    // Copy: the chunk's memory must not be held for the sake of a small piece.
    const kept = Buffer.from(piece.subarray(0, room));
    this.partial[stream].push(kept);
    this.partialBytes[stream] += kept.length;
    if (piece.length > room) this.partialCut[stream] = true;
  }

  private dropPartial(stream: StreamName): void {
    this.partial[stream] = [];
    this.partialBytes[stream] = 0;
    this.partialCut[stream] = false;
  }

  private keep(stream: StreamName, tail: Buffer): void {
    this.addPartial(stream, tail);
    let text = Buffer.concat(this.partial[stream]).toString('utf8');
    if (this.partialCut[stream]) text += ` [line cut at ${MAX_LINE_BYTES} bytes]`;
    this.dropPartial(stream);
    const size = Buffer.byteLength(text);
    if (this.storedBytes + size > this.maxBytes) {
      this.byteCapReached = true;
      return;
    }
    this.storedBytes += size;
    this.streams[stream].kept++;
    this.lines.push({ stream, text });
  }
}

/**
 * The lines as shown to a user: each stream past its line limit gets its indicator
 * ("stdout: ... (57 lines omitted)"), a hidden stream its placeholder, then the notes;
 * `timedOutAfter` joins the timeout to the line-limit note.
 */
export function renderOutput(output: CapturedOutput, timedOutAfter?: string): string[] {
  const lines = output.lines.map((l) => l.text);
  for (const stream of ['stdout', 'stderr'] as const) {
    const { total, kept } = output.streams[stream];
    if (output.maxLines !== undefined && total > kept && !output.byteCapReached) lines.push(`${stream}: ... (${total - kept} ${total - kept === 1 ? 'line' : 'lines'} omitted)`);
  }
  for (const stream of output.hidden) lines.push(`(${stream}: output hidden by configuration)`);
  return lines.concat(truncationNotes(output, timedOutAfter).map((n) => `(${n})`));
}

export function truncationNotes(output: CapturedOutput, timedOutAfter?: string): string[] {
  const notes: string[] = [];
  if (output.maxLines !== undefined && output.totalLines > output.lines.length && !output.byteCapReached) {
    const showing = `Showing ${output.lines.length} of ${output.totalLines} output lines`;
    notes.push(timedOutAfter ? `Command timed out after ${timedOutAfter}. ${showing}` : showing);
  }
  if (output.byteCapReached) {
    notes.push(`output cut at ${output.lines.length} lines: stored output is capped; ${output.totalLines - output.lines.length} more of ${output.totalLines} lines were counted, not kept`);
  }
  return notes;
}
