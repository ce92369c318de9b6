// The text of each tool's answer in the shapes the runtime contract fixes. evaluate-lisp's
// is the worker's (reply.lisp): here are only what Node alone knows (a worker that died or
// stopped answering), time-execution's JSON, built from the worker's raw fields, and
// configure-limits'.
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
  /**
   * The worker writes this answer to the client itself (see RuntimeSession's replyFd): nothing
   * is left to send, `text` is empty. Settles once it is written, or the worker ended first.
   */
  replied?: Promise<unknown>;
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

/** One `=> value` line per value; the last truncated value carries the note. */
export function valueLines(answer: WorkerAnswer): string[] {
  const values = answer.values ?? [];
  const lines = values.map((value) => `=> ${value}`);
  if (answer.valuesDropped && lines.length) lines[lines.length - 1] += ` ${truncationNote(answer.valuesDropped)}`;
  return lines;
}

/**
 * Why an evaluation the worker could not answer failed: it died, or stopped answering
 * past the timeout (or a cancellation). Every other answer's text is the worker's.
 */
function lostFailure(outcome: Outcome & { kind: 'lost' }): { type: string; message: string } {
  if (outcome.reason === 'exited') return { type: 'LISP-PROCESS-ENDED', message: `The Lisp process ended during the evaluation: ${outcome.detail}. ${STATE_LOST}` };
  return {
    type: 'TIMEOUT',
    message:
      `Evaluation exceeded the timeout of ${outcome.limits.timeoutSeconds} seconds and was stopped. ` +
      'The code may loop forever or be too expensive to finish within the limit; ' +
      'to allow more time, raise the limit with configure-limits (e.g. {"timeout": 120}).' +
      `\nIt could not be stopped in place (${outcome.detail}: it blocks interrupts, or a cleanup form never ends). ${STATE_LOST}`,
  };
}

/** The paragraph an answer ends with when the worker had died since the evaluation before. */
export function restartNote(restartedBefore: string): string {
  return `; Note: the Lisp process had ended after the previous evaluation (${restartedBefore}); this one ran in a fresh process, so earlier definitions were lost.`;
}

/**
 * evaluate-lisp's answer: the text the worker made (reply.lisp, which also adds the
 * timing line the request asked for and the restart note), or, when the worker gave none
 * (it died, or stopped answering), what became of it.
 */
export function evaluationText(outcome: Outcome): ToolText {
  const answer = outcome.answer;
  if (answer?.text !== undefined) return { text: answer.text, isError: answer.isError === true, ...(answer.structured ? { structured: answer.structured } : {}) };
  if (outcome.kind !== 'lost') throw new Error(`the Lisp worker's answer has no text (status ${answer?.status})`);
  const fail = lostFailure(outcome);
  const parts = [`[ERROR] ${fail.type}\n${fail.message}`];
  if (outcome.restartedBefore) parts.push(restartNote(outcome.restartedBefore));
  return { text: parts.join('\n\n'), isError: true };
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
  if (outcome.kind === 'lost' || !answer || answer.isError) {
    const text = evaluationText(outcome);
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
  return { text: spacedJson(report) + (outcome.restartedBefore ? `\n${restartNote(outcome.restartedBefore)}` : ''), isError: false };
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
