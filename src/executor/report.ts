// What the user reads about one execution. Host and Docker results read alike on
// purpose: where a command ran is in the notes, never in the message.
import { formatElapsed } from './duration.js';
import { notStarted, notStartedText } from './not-started.js';
import { renderOutput } from './output.js';
import { GRACE_MS, signalOf, type ExecResult } from './result.js';
import { constants } from 'node:os';

const TIMEOUT_FIXES = [
  'Increase timeout if command takes longer',
  'Optimize command execution',
  'Run command with more resources',
  'Set timeout: null to disable (not recommended)',
];

const MEMORY_FIXES = ['Raise `memory:` for this command', 'Reduce the memory the command uses', 'Split the command into smaller steps'];

const numbered = (items: string[]) => items.map((item, i) => `${i + 1}. ${item}`);

function signalText(signal: NodeJS.Signals, graceMs: number): string {
  const text = `signal ${constants.signals[signal]}: ${signal}`;
  return signal === 'SIGKILL' ? `${text} after ${formatElapsed(graceMs)} grace period` : text;
}

/** " by SIGINT": the signal an interrupted run's exit code stands for (128 + its number). */
function interruptedBy(exitCode: number): string {
  const signal = signalOf(exitCode);
  return signal ? ` by ${signal}` : '';
}

/**
 * A command as one report line: as written, or, when it holds a line break or another
 * control character (YAML's "\n" in double quotes), as a JSON string, so the report's lines
 * stay one per field. A command that starts with a quote is quoted too, so a shown
 * command starting with one is always JSON.
 */
export function commandLine(run: string): string {
  return /[\x00-\x08\x0a-\x1f\x7f]/.test(run) || run.startsWith('"') ? JSON.stringify(run) : run;
}

/** The full report of a result, as `spec-run exec` prints it. */
export function formatResult(result: ExecResult, graceMs = GRACE_MS): string {
  const out: string[] = [];
  /** The output's block; `trailer` follows output there is, `empty` stands alone for none. */
  const outputBlock = (title: string, { trailer = [], empty = '(no output)' }: { trailer?: string[]; empty?: string } = {}) => {
    const lines = renderOutput(result.output, result.outcome === 'timeout' ? result.timeoutText : undefined);
    out.push('', `${title}:`);
    if (lines.length === 0) {
      out.push(empty);
      return;
    }
    // A loop, not a spread: the kept output may be hundreds of thousands of lines.
    for (const line of lines) out.push(line);
    out.push(...trailer);
  };
  switch (result.outcome) {
    case 'timeout': {
      out.push(`Error: Command execution timed out after ${result.timeoutText}`, '', `Command: ${commandLine(result.command)}`, `Timeout: ${result.timeoutText}`);
      out.push(`Duration: ${formatElapsed(result.durationMs)}`, '', `Exit Status: Timeout (${signalText(result.signal ?? 'SIGTERM', graceMs)})`, `Exit Code: ${result.exitCode}`);
      // Output cut short by the timeout is said to be; with none, "no output" above "truncated" would contradict itself.
      outputBlock('Partial Output', { trailer: ['(output truncated - timed out before completion)'], empty: '(nothing printed before the timeout)' });
      if (result.message) out.push('', result.message);
      out.push('', 'To fix:', ...numbered(TIMEOUT_FIXES));
      break;
    }
    case 'memory-limit': {
      // A process the command outlived was killed all the same: the first line says so, as the exit code does (exitCodeAfterMemoryKill).
      const wentOn = result.memoryKill?.commandWentOn ? result.memoryKill.commandExitCode : null;
      const survived = wentOn === null ? '' : `: a process of it was killed; the command went on and exited with ${wentOn}`;
      out.push(`Error: Command exceeded its memory limit (${result.memory})${survived}`, '', `Command: ${commandLine(result.command)}`, `Memory limit: ${result.memory}`);
      const status = wentOn === null ? 'OOM killed, signal 9: SIGKILL' : `a process of the command OOM killed, signal 9: SIGKILL; the command exited with ${wentOn}`;
      out.push(`Timeout: ${result.timeoutText} (not reached)`, `Duration: ${formatElapsed(result.durationMs)}`, '', `Exit Status: Memory limit (${status})`, `Exit Code: ${result.exitCode}`);
      outputBlock(wentOn === null ? 'Partial Output' : 'Output');
      if (result.message) out.push('', result.message);
      out.push('', 'To fix:', ...numbered(MEMORY_FIXES));
      break;
    }
    case 'interrupted':
      // Laid out as a timeout's report is. The exit code is 128 + the signal the caller got (see
      // stoppedExitCode), which is not the signal the command was stopped with: both are named.
      out.push('Error: Command interrupted before completion', '', `Command: ${commandLine(result.command)}`, `Duration: ${formatElapsed(result.durationMs)}`, '');
      out.push(`Exit Status: Interrupted${interruptedBy(result.exitCode)} (${result.forcedKill ? 'the command was killed with signal 9: SIGKILL at a second interrupt, before its grace period was out' : `the command was stopped with ${signalText(result.signal ?? 'SIGTERM', graceMs)}`})`, `Exit Code: ${result.exitCode}`);
      outputBlock('Partial Output');
      break;
    case 'error':
      out.push(`Error: ${result.error}`, '', `Command: ${commandLine(result.command)}`, `Exit Code: ${result.exitCode}`);
      // A command that could not run has failed its hook as much as one that ran and failed: the team's hint applies.
      if (result.message) out.push('', result.message);
      if (result.solutions?.length) out.push('', 'To fix:', ...numbered(result.solutions));
      break;
    case 'completed': {
      const failed = result.exitCode !== 0;
      out.push(failed ? `Error: Command failed with exit code ${result.exitCode}` : `OK: command succeeded`, '', `Command: ${commandLine(result.command)}`);
      out.push(`Duration: ${formatElapsed(result.durationMs)}`, `Exit Code: ${result.exitCode}${result.signal ? ` (signal ${constants.signals[result.signal]}: ${result.signal})` : ''}`);
      outputBlock('Output');
      const unstarted = failed ? notStarted(result.exitCode, result.output, result.context) : null;
      if (unstarted) out.push('', `${notStartedText(unstarted)}.`);
      if (failed && result.message) out.push('', result.message);
      if (unstarted) out.push('', 'To fix:', ...numbered(unstarted.fixes));
      break;
    }
  }
  return out.join('\n');
}
