// The session log of limit events: one JSON object per line, appended, so a session
// can be reviewed for timeouts with ordinary tools (grep, jq).
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { formatElapsed } from './duration.js';
import { streamRecords, type StreamName, type StreamRecord } from './output.js';
import type { ExecResult } from './result.js';
import { makeDirectory } from '../make-directory.js';

export interface LimitEvent {
  timestamp: string;
  event: 'timeout' | 'memory-limit';
  command: string;
  context: 'host' | 'docker';
  /** The image the configuration asks for. */
  image?: string;
  /** The image that ran: another than `image` when an --image-alias mapped it. */
  imageUsed?: string;
  timeout: string;
  timeoutMs: number | null;
  duration: string;
  durationMs: number;
  exitCode: number;
  signal: string | null;
  partialOutput: string[];
  totalOutputLines: number;
  /** Each stream's lines printed, shown and omitted, as the run's record has them: which stream lost lines, and how many. */
  streams: Record<StreamName, StreamRecord>;
}

export function limitEvent(result: ExecResult, now = new Date()): LimitEvent | null {
  if (result.outcome !== 'timeout' && result.outcome !== 'memory-limit') return null;
  return {
    timestamp: now.toISOString(),
    event: result.outcome,
    command: result.command,
    context: result.context,
    image: result.image?.requested,
    imageUsed: result.image?.used,
    timeout: result.timeoutText,
    timeoutMs: result.timeoutMs,
    duration: formatElapsed(result.durationMs),
    durationMs: Math.round(result.durationMs),
    exitCode: result.exitCode,
    signal: result.signal,
    partialOutput: result.output.lines.map((l) => l.text),
    totalOutputLines: result.output.totalLines,
    streams: streamRecords(result.output),
  };
}

/** Appends the result's limit event to `file`; a result without one writes nothing. */
export async function appendLimitEvent(file: string, result: ExecResult): Promise<LimitEvent | null> {
  const event = limitEvent(result);
  if (!event) return null;
  makeDirectory(path.dirname(file));
  await appendFile(file, `${JSON.stringify(event)}\n`);
  return event;
}

/** Reads a log back: the events, in order. */
export function parseLimitLog(text: string): LimitEvent[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as LimitEvent);
}
