// `spec-run exec CONFIG.yaml`: runs the commands of a stop-hook configuration in
// order, prints each result, and returns the exit code of the first failure.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { Interrupts, type InterruptSignal } from './interrupts.js';
import { DEFAULT_CONFIG_DIR_ENV, endInterrupted, recordRun, unreadableConfig, type RunRecord } from './record.js';
import { EXEC_DESCRIPTION } from './config-reference.js';
import { unusableLogFile, warnOnStderr } from './log.js';
import { unusableDirectory, WORKSPACE } from './workspace.js';

export interface ExecCliOptions {
  config: string;
  /** JSON-lines file receiving timeout, memory-limit, interrupted and fail-fast events. */
  log?: string;
  /** The log also gets each command that failed or could not run, and output cut at the cap (needs log). */
  logFailures?: boolean;
  /** Base of host working directories, mounted at /workspace in containers; default: the config's directory. */
  projectRoot?: string;
  imageAliases?: Record<string, string>;
  /** Environment variable that carries the configuration file's directory to every command. */
  configDirEnv?: string;
  write?: (text: string) => void;
  /**
   * Hands over a signal held while spec-run started (and stops holding): called once this
   * run listens for signals itself, so that no moment is left where one would be lost or
   * end the process without its report.
   */
  takeStartSignal?: () => InterruptSignal | undefined;
}

export { DEFAULT_CONFIG_DIR_ENV };

export const EXEC_USAGE = `usage: spec-run exec CONFIG.yaml [--log FILE [--log-failures]] [--project DIR] [--image-alias NAME=IMAGE]... [--config-dir-env NAME]

${EXEC_DESCRIPTION}`;

/** spec-run exec's options, as its parser takes them. */
export const EXEC_OPTIONS = { log: { type: 'string' }, 'log-failures': { type: 'boolean' }, project: { type: 'string' }, 'image-alias': { type: 'string', multiple: true }, 'config-dir-env': { type: 'string' } } as const;

export function parseExecArgs(argv: string[]): ExecCliOptions {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: EXEC_OPTIONS });
  if (positionals.length !== 1) throw new Error(EXEC_USAGE);
  // Alone it would log nothing, silently: a mistake to point at.
  if (values['log-failures'] && values.log === undefined) throw new Error('--log-failures needs --log FILE: it adds failed, could-not-run and output-capped lines to that log');
  const aliases: Record<string, string> = {};
  for (const pair of values['image-alias'] ?? []) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new Error(`--image-alias wants NAME=IMAGE, got ${pair}`);
    aliases[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  const configDirEnv = values['config-dir-env'];
  if (configDirEnv !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(configDirEnv)) throw new Error(`--config-dir-env wants a variable name, got ${configDirEnv}`);
  return { config: positionals[0], log: values.log, logFailures: values['log-failures'] ?? false, projectRoot: values.project, imageAliases: aliases, configDirEnv };
}

/**
 * The places the options name, checked before anything runs: the --log file, where events
 * could never be appended (a directory, a path under a file, a directory that may not be
 * written), and the --project directory, which must be one. Each is a mistake of the command
 * line, thrown as one: found at the first event, an unusable log ended the run there, its
 * report lost and the commands after it never run; a missing project failed every command
 * with 125 as if its working directory were at fault.
 */
export function checkExecPlaces(options: Pick<ExecCliOptions, 'log' | 'projectRoot'>): void {
  if (options.log !== undefined) {
    const problem = unusableLogFile(options.log);
    if (problem) throw new Error(`--log ${problem}`);
  }
  if (options.projectRoot !== undefined) {
    const given = options.projectRoot;
    const project = path.resolve(given);
    const what = `it names the project's directory, where host commands run and which containers mount at ${WORKSPACE}`;
    if (given === '') throw new Error(`--project is empty: ${what}`);
    const unusable = unusableDirectory(project, given, { enter: false });
    if (unusable) throw new Error(`--project ${given}${given === project ? '' : ` (${project})`} ${unusable.problem}: ${what}`);
  }
}

/** Set once stdout's reader went away (`| head`): report lines are dropped from then on. */
let stdoutReaderGone = false;
let watchingStdout = false;

/**
 * Writes a report line to stdout unless its reader went away: the commands still run to
 * the end, so the exit status stays the verdict. The listener stays for the process's
 * life, since the EPIPE of the last write arrives after it.
 */
function writeStdout(text: string): void {
  if (!watchingStdout) {
    watchingStdout = true;
    process.stdout.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE') throw e;
      stdoutReaderGone = true;
    });
  }
  if (!stdoutReaderGone) process.stdout.write(`${text}\n`);
}

export async function execCommand(input: string[] | ExecCliOptions, takeStartSignal?: () => InterruptSignal | undefined): Promise<number> {
  const write = (Array.isArray(input) ? undefined : input.write) ?? writeStdout;
  // Listening first, then taking over a signal held while spec-run started: one arriving
  // at any moment in between is received here, not lost and not silently fatal.
  const interrupts = new Interrupts();
  interrupts.adopt((takeStartSignal ?? (Array.isArray(input) ? undefined : input.takeStartSignal))?.());
  let options: ExecCliOptions;
  try {
    options = Array.isArray(input) ? parseExecArgs(input) : input;
    checkExecPlaces(options);
  } catch (e) {
    interrupts.dispose();
    // A mistake in the command line, not a report: on stderr, as the option parser's own ("error: unknown option").
    process.stderr.write(`error: ${(e as Error).message}\n(run spec-run exec --help for usage)\n`);
    return interrupts.exitStatus ?? 2;
  }
  let text: string;
  try {
    text = await readFile(options.config, 'utf8');
  } catch (e) {
    interrupts.dispose();
    write(unreadableConfig(options.config, e as Error));
    return interrupts.exitStatus ?? 2;
  }
  const { config, errors } = loadConfig(text);
  let record: RunRecord;
  try {
    record = await recordRun(config, errors, {
      configDir: path.dirname(options.config),
      projectRoot: options.projectRoot,
      imageAliases: options.imageAliases ?? {},
      configDirEnv: options.configDirEnv,
      signal: interrupts.signal,
      log: options.log,
      logFailures: options.logFailures,
      configName: options.config,
      write,
      warn: warnOnStderr,
    });
  } finally {
    interrupts.dispose();
  }
  if (interrupts.received) endInterrupted(record, interrupts.received, write);
  return record.exitStatus;
}
