// The text of each tool's answer, built from the worker's structured answer in
// the shapes the runtime contract fixes ([stdout], => lines, [ERROR] TYPE, ...).
import type { Limits, Outcome } from './session.js';
import type { WorkerAnswer, WorkerTiming } from './worker.js';

export interface ToolText {
  text: string;
  isError: boolean;
  /**
   * The answer's parts as data (MCP's structuredContent): the text cannot always tell what
   * was printed from its own structure (printed output with a blank line and a line that
   * starts with "=> "), the data can.
   */
  structured?: Record<string, unknown>;
}

const STATE_LOST =
  'The Lisp process was ended and a fresh one started: the session state (definitions, variables, current package) was lost.';

export function truncationNote(dropped: number, what = 'characters'): string {
  return `[output truncated: ${dropped} ${what} dropped]`;
}

/** Captured text, followed by the truncation note when some was dropped. */
function withNote(text: string, dropped: number): string {
  if (!dropped) return text;
  return `${text}${text && !text.endsWith('\n') ? '\n' : ''}${truncationNote(dropped)}`;
}

function block(title: string, text: string, dropped: number): string | undefined {
  const body = withNote(text, dropped);
  if (!body) return undefined;
  return `${title}\n${body.endsWith('\n') ? body.slice(0, -1) : body}`;
}

/** The [stdout], [stderr] and [warnings] sections that have content. */
export function capturedSections(answer: WorkerAnswer): string[] {
  const warningLines = [...answer.warnings];
  if (answer.warningsDropped) warningLines.push(truncationNote(answer.warningsDropped, 'warnings'));
  return [
    block('[stdout]', answer.stdout, answer.stdoutDropped),
    block('[stderr]', answer.stderr, answer.stderrDropped),
    warningLines.length ? ['[warnings]', ...warningLines].join('\n') : undefined,
  ].filter((section): section is string => section !== undefined);
}

/** One `=> value` line per value; the last truncated value carries the note. */
export function valueLines(answer: WorkerAnswer): string[] {
  const values = answer.values ?? [];
  const lines = values.map((value) => `=> ${value}`);
  if (answer.valuesDropped && lines.length) lines[lines.length - 1] += ` ${truncationNote(answer.valuesDropped)}`;
  return lines;
}

const milliseconds = (us: number) => `${(us / 1000).toFixed(3)}ms`;

export function timingLine(timing: WorkerTiming): string {
  return `; Timing: ${milliseconds(timing.realUs)} real, ${milliseconds(timing.runUs)} run, ${milliseconds(timing.gcUs)} GC, ${timing.bytes} bytes consed`;
}

function timeoutMessage(limits: Limits): string {
  return (
    `Evaluation exceeded the timeout of ${limits.timeoutSeconds} seconds and was stopped. ` +
    'The code may loop forever or be too expensive to finish within the limit; ' +
    'to allow more time, raise the limit with configure-limits (e.g. {"timeout": 120}).'
  );
}

function threadsMessage(answer: WorkerAnswer): string | undefined {
  const stopped = answer.threadsStopped ?? [];
  if (!stopped.length) return undefined;
  return (
    `The evaluation returned but left ${stopped.length} thread(s) running (${stopped.join(', ')}); ` +
    'they were stopped, since threads may not outlive the evaluation that started them. ' +
    'Join them before returning (sb-thread:join-thread).'
  );
}

/** First line and message of an error answer, or undefined for a plain success. */
function failure(outcome: Outcome): { type: string; message: string; backtrace?: string } | undefined {
  if (outcome.kind === 'lost') {
    switch (outcome.reason) {
      case 'stuck':
      case 'unresponsive':
        return {
          type: 'TIMEOUT',
          message: `${timeoutMessage(outcome.limits)}\nIt could not be stopped in place (${outcome.detail}: it blocks interrupts, or a cleanup form never ends). ${STATE_LOST}`,
        };
      case 'threads':
        return {
          type: 'THREADS-LEFT-RUNNING',
          message: `The evaluation left threads running that could not be stopped (${outcome.detail}). ${STATE_LOST}`,
        };
      case 'exited':
        return { type: 'LISP-PROCESS-ENDED', message: `The Lisp process ended during the evaluation: ${outcome.detail}. ${STATE_LOST}` };
    }
  }
  const answer = outcome.answer;
  if (answer.status === 'timeout') return { type: 'TIMEOUT', message: `${timeoutMessage(outcome.limits)} The session state is kept.` };
  if (answer.status === 'cancelled') return { type: 'CANCELLED', message: 'The client cancelled the evaluation; it was interrupted. The session state is kept.' };
  if (answer.status === 'error' && answer.error) return answer.error;
  const threads = threadsMessage(answer);
  if (threads) return { type: 'THREADS-LEFT-RUNNING', message: threads };
  return undefined;
}

function restartNote(outcome: Outcome): string[] {
  return outcome.restartedBefore
    ? [`; Note: the Lisp process had ended after the previous evaluation (${outcome.restartedBefore}); this one ran in a fresh process, so earlier definitions were lost.`]
    : [];
}

/** evaluate-lisp's answer. */
export function evaluationText(outcome: Outcome, captureTime: boolean): ToolText {
  const answer = outcome.answer;
  const fail = failure(outcome);
  const parts: string[] = [];
  if (fail) parts.push(`[ERROR] ${fail.type}\n${fail.message}`);
  if (fail?.backtrace) parts.push(`[Backtrace]\n${fail.backtrace}`);
  if (answer) parts.push(...capturedSections(answer));
  const tail = answer ? valueLines(answer) : [];
  if (captureTime && answer?.timing) tail.push(timingLine(answer.timing));
  if (tail.length) parts.push(tail.join('\n'));
  parts.push(...restartNote(outcome));
  return { text: parts.join('\n\n'), isError: fail !== undefined, ...(answer ? { structured: evaluationData(answer, fail) } : {}) };
}

/** What an evaluation printed and returned, as data: the values, each stream, the warnings, with what each had dropped. */
function evaluationData(answer: WorkerAnswer, fail: { type: string; message: string; backtrace?: string } | undefined): Record<string, unknown> {
  return {
    values: answer.values ?? [],
    ...(answer.valuesDropped ? { valuesDropped: answer.valuesDropped } : {}),
    stdout: answer.stdout,
    ...(answer.stdoutDropped ? { stdoutDropped: answer.stdoutDropped } : {}),
    stderr: answer.stderr,
    ...(answer.stderrDropped ? { stderrDropped: answer.stderrDropped } : {}),
    warnings: answer.warnings,
    ...(fail ? { error: { type: fail.type, message: fail.message, ...(fail.backtrace ? { backtrace: fail.backtrace } : {}) } } : {}),
  };
}

export interface TimingReport {
  'real-time-ms': number;
  'run-time-ms': number;
  'gc-time-ms': number;
  'bytes-allocated': number;
  'allocation-rate-mb-per-sec': number;
}

export function timingReport(timing: WorkerTiming): TimingReport {
  const seconds = timing.realUs / 1e6;
  const rate = seconds > 0 ? timing.bytes / (1024 * 1024) / seconds : 0;
  return {
    'real-time-ms': timing.realUs / 1000,
    'run-time-ms': timing.runUs / 1000,
    'gc-time-ms': timing.gcUs / 1000,
    'bytes-allocated': timing.bytes,
    'allocation-rate-mb-per-sec': Math.round(rate * 1000) / 1000,
  };
}

/**
 * JSON written as the runtime contract shows it, `{"result": "6", "timing": {...}}`:
 * a space after each colon and comma, which documents search for literally.
 */
export function spacedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(spacedJson).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .map(([key, item]) => `${JSON.stringify(key)}: ${spacedJson(item)}`)
      .join(', ')}}`;
  }
  return JSON.stringify(value);
}

/**
 * time-execution's answer: one JSON object; or, for an error, evaluate-lisp's error
 * text with the timing so far, whose last line is the JSON object {"timing": {...}},
 * so a client reads the timing of a failed evaluation as it reads a successful one's.
 */
export function timeExecutionText(outcome: Outcome): ToolText {
  const answer = outcome.answer;
  if (outcome.kind === 'lost' || !answer || failure(outcome)) {
    const text = evaluationText(outcome, true);
    const timing = answer?.timing ? `\n${spacedJson({ timing: timingReport(answer.timing) })}` : '';
    return { text: text.text + timing, isError: true };
  }
  const report: Record<string, unknown> = {
    result: valueLines(answer)
      .map((line) => line.slice('=> '.length))
      .join('\n'),
    output: withNote(answer.stdout, answer.stdoutDropped),
  };
  const stderr = withNote(answer.stderr, answer.stderrDropped);
  if (stderr) report.stderr = stderr;
  if (answer.warnings.length) report.warnings = answer.warnings;
  report.timing = answer.timing ? timingReport(answer.timing) : null;
  const notes = restartNote(outcome);
  return { text: spacedJson(report) + (notes.length ? `\n${notes.join('\n')}` : ''), isError: false };
}

/** configure-limits' answer. */
export function limitsText(limits: Limits): string {
  const lines = [
    'Current limits:',
    `  timeout: ${limits.timeoutSeconds === 0 ? 'disabled' : `${limits.timeoutSeconds} seconds`}`,
    `  max-output: ${limits.maxOutput} characters`,
  ];
  if (limits.timeoutSeconds === 0) {
    lines.push('', 'WARNING: the timeout is disabled: code that never ends will hold this session until the client closes it.');
  }
  return lines.join('\n');
}
