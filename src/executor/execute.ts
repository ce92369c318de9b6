// One entry point for a configured command: resolve its timeout, pick host or
// Docker, run it, and log its events when a log file is given (its limits; its failure and
// output cut at the cap too when asked).
import { resolveTimeout, type CommandConfig, type StopConfig } from './config.js';
import { runInDocker } from './docker.js';
import { runOnHost } from './host.js';
import { appendEvents, commandEvents, limitEvents, logWriteFailed, warnOnStderr } from './log.js';
import type { ExecRequest, ExecResult } from './result.js';

export interface ExecuteOptions {
  projectRoot: string;
  imageAliases?: Record<string, string>;
  signal?: AbortSignal;
  /** JSON-lines file that receives the command's events (log.ts: timeout, memory limit; given logFailures to execute, its failure and output cut at the cap too). */
  eventLog?: string;
  maxOutputBytes?: number;
}

/** The request for a configured command, its timeout resolved by precedence. */
export function requestFor(config: StopConfig, command: CommandConfig, options: ExecuteOptions): ExecRequest {
  const timeout = resolveTimeout(config, command);
  return {
    run: command.run,
    timeoutMs: timeout.ms,
    timeoutText: timeout.text,
    maxOutputLines: command.maxOutputLines,
    keepOutput: command.keepOutput,
    maxOutputBytes: options.maxOutputBytes,
    showStdout: command.showStdout,
    showStderr: command.showStderr,
    env: command.env,
    workdir: command.workdir,
    image: command.image,
    memory: command.memory,
    cpus: command.cpus,
    network: command.network,
    user: command.user,
    message: command.message,
    projectRoot: options.projectRoot,
    imageAliases: options.imageAliases,
    signal: options.signal,
  };
}

/**
 * Runs REQUEST and appends its events to EVENTLOG. A write of the log that fails (a full disk,
 * its directory removed meanwhile) is said through WARN (default: stderr) and costs nothing
 * else: the result is returned all the same, for its report and the commands after it.
 */
export async function execute(request: ExecRequest, eventLog?: string, logFailures = false, warn: (text: string) => void = warnOnStderr): Promise<ExecResult> {
  const result = request.image !== undefined ? await runInDocker({ ...request, image: request.image }) : await runOnHost(request);
  if (eventLog) {
    const events = logFailures ? commandEvents(result) : limitEvents(result);
    try {
      await appendEvents(eventLog, events);
    } catch (error) {
      warn(logWriteFailed(eventLog, events, error));
    }
  }
  return result;
}
