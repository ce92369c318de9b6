// What the WHEN steps of an executor specification set up, and how the THEN steps
// observe it: a command's configured fields, where its configuration file stands and
// where the executor is started from, what the command prints. Observations run
// `spec-run exec` for real, as a child process in the invoking directory, on a
// configuration written to a temporary root that mirrors the documented paths.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { ownProcessWork } from '../../../process/child.js';
import { stringify } from 'yaml';
import type { World } from '../../../steps/index.js';
import { parseLimitLog, type LimitEvent } from '../../../executor/log.js';
import { loadConfig } from '../../../executor/config.js';
import { executorWorld, standsInFor } from '../world.js';
import { worldInternals } from '../step-world.js';
import { blockConflicts } from '../interpreter/observation.js';
import { emptySetup } from '../interpreter/when.js';

/** The fields of a stop command (and the global default), as steps name them. */
export const FIELDS = ['defaultTimeout', 'timeout', 'maxOutputLines', 'showStdout', 'showStderr', 'image', 'workdir', 'env', 'memory', 'cpus', 'network', 'user', 'message', 'gracePeriod'];

/** The timeout a scenario's probe runs under in place of the documented one (a host one; Docker adds container start). */
export const PROBE_TIMEOUT = '1s';

/** A written value: a duration, a number, a boolean, or the text. */
export function valueOf(text: string): unknown {
  const t = text.trim().replace(/^["'`](.*)["'`]$/, '$1');
  const duration = /^(\d+) ?(second|minute|hour)s?$/.exec(t);
  if (duration) return `${duration[1]}${duration[2][0]}`;
  if (/^-?\d+$/.test(t)) return Number(t);
  if (t === 'true' || t === 'false') return t === 'true';
  if (t === 'null') return null;
  return t;
}

/** A value a "field contains ..." step stands for, and whether the executor must accept it. */
export interface Sample {
  value: unknown;
  valid: boolean;
}

export interface Subject {
  /** The command's configured fields (besides `run`). */
  fields: Record<string, unknown>;
  /** Fields the scenario says the command does not have. */
  omitted: string[];
  /** Values a "field contains" step stands for, by field. */
  samples: { field: string; values: Sample[] } | null;
  /** The command line itself, when a step quotes it. */
  run?: string;
  /** The `stop.defaultTimeout` of the configuration, when a step sets it. */
  defaultTimeout?: unknown;
  /** What the command's output does, when a step says. */
  produces: { streams: ('stdout' | 'stderr')[]; overLimit: boolean } | null;
  /** How the command ends, when a step says. */
  behaviour: 'exceeds-timeout' | 'within-timeout' | 'fails' | 'ignores-term' | 'handles-term' | null;
  /** The configuration file's path as documented (made under a temporary root). */
  configFile: string;
  /** The directory the executor is started from, as documented. */
  invokedFrom: string | null;
  /** The command names an absolute path. */
  absolute: boolean;
  /** Environment variable the command reads, as written in the scenario. */
  references: string | null;
  /** A temporary root under which documented absolute paths are made. */
  root: string;
}

const subjects = new WeakMap<World, Subject>();

/** Why a scenario that states nothing about a command cannot be checked. */
export const NOTHING_STATED =
  'the scenario states no command and no configuration (no quoted command, no YAML block, nothing the command does or is given): there is nothing to run; quote the command (`npm test`) or give its configuration';

/** True when a step of the scenario has said something of its command or its configuration. */
export function statesSomething(subject: Subject): boolean {
  return (
    Object.keys(subject.fields).length > 0 ||
    subject.omitted.length > 0 ||
    subject.samples !== null ||
    subject.run !== undefined ||
    subject.defaultTimeout !== undefined ||
    subject.produces !== null ||
    subject.behaviour !== null
  );
}

export function subjectOf(world: World): Subject {
  let subject = subjects.get(world);
  if (!subject) {
    const root = mkdtempSync(path.join(tmpdir(), 'spec-run-subject-'));
    subject = { fields: {}, omitted: [], samples: null, produces: null, behaviour: null, configFile: '/project/.spec-run.yaml', invokedFrom: null, absolute: false, references: null, root };
    subjects.set(world, subject);
  }
  return subject;
}

/** The subject the scenario's steps described, if any of them did (without making one). */
export function existingSubject(world: World): Subject | undefined {
  return subjects.get(world);
}

/** Removes what the scenario's observations made (its temporary root), once the scenario is over. */
export function disposeSubject(world: World): void {
  const subject = subjects.get(world);
  if (subject) rmSync(subject.root, { recursive: true, force: true });
  subjects.delete(world);
}

/** A documented absolute path made real under the subject's root. */
export function real(subject: Subject, documented: string): string {
  return path.join(subject.root, path.resolve('/', documented));
}

export function configDir(subject: Subject): string {
  return path.dirname(real(subject, subject.configFile));
}

/** A sleep argument unique to one run, to find any process of it that survived. */
export function nonce(): string {
  return `100.${randomInt(100_000, 999_999)}`;
}

/** The errors of the configuration the scenario describes, as the executor reports them. */
export function configuredErrors(world: World): string[] {
  const subject = subjectOf(world);
  const defaults = subject.defaultTimeout === undefined ? {} : { defaultTimeout: subject.defaultTimeout };
  return loadConfig(stringify({ stop: { ...defaults, commands: [{ run: 'true', ...subject.fields }] } })).errors.map((e) => e.message);
}

export interface ExecRun {
  command: string;
  fields: Record<string, unknown>;
  /** The exit status of `spec-run exec`. */
  status: number;
  /** What `spec-run exec` printed, stdout and stderr together: the console. */
  console: string;
  durationMs: number;
  events: LimitEvent[];
  /** The directory it was started from. */
  cwd: string;
}

const CLI = fileURLToPath(new URL('../../../cli/main.js', import.meta.url));


/**
 * Runs `spec-run exec` on a configuration of one command with `fields`, from the documented
 * invoking directory. A command other than the one the scenario quotes stands for the
 * scenario's: refused where it quotes one, unless the run observes only what the
 * configuration does (`configuration`: where the command runs, its environment, its
 * announced timeout), which holds for any command.
 */
export async function execRun(world: World, command: string, fields: Record<string, unknown>, options: { configDirEnv?: string; cwd?: string; configuration?: boolean } = {}): Promise<ExecRun> {
  const subject = subjectOf(world);
  if (subject.run !== undefined && command !== subject.run && !options.configuration) throw new Error(standsInFor(command, subject.run));
  // These steps write the configuration from what the scenario's steps say; a YAML block saying otherwise is a second configuration, never read.
  const block = worldInternals(world).unit.configs.find((c) => /^ya?ml$/i.test(c.lang ?? '') && /^stop:/m.test(c.text));
  const conflicts = block ? blockConflicts(block.text, () => ({ ...emptySetup(), run: subject.run, fields: subject.fields }), { defaultTimeout: subject.defaultTimeout }) : [];
  if (conflicts.length > 0) throw new Error(`the steps and the scenario's YAML block (line ${block!.line}) say different things of the command: ${conflicts.join('; ')}. Which one does the scenario mean? Say it once: in the block, or in the steps`);
  const file = real(subject, subject.configFile);
  mkdirSync(path.dirname(file), { recursive: true });
  const defaults = subject.defaultTimeout === undefined ? {} : { defaultTimeout: subject.defaultTimeout };
  writeFileSync(file, stringify({ stop: { ...defaults, commands: [{ run: command, ...fields }] } }));
  const cwd = options.cwd ?? (subject.invokedFrom ? real(subject, subject.invokedFrom) : path.dirname(file));
  mkdirSync(cwd, { recursive: true });
  const log = path.join(mkdtempSync(path.join(subject.root, '.logs-')), 'limits.jsonl');
  const aliases = Object.entries(executorWorld(world).imageAliases).flatMap(([name, image]) => ['--image-alias', `${name}=${image}`]);
  const args = [CLI, 'exec', path.relative(cwd, file) || file, '--log', log, ...aliases, ...(options.configDirEnv ? ['--config-dir-env', options.configDirEnv] : [])];
  const started = performance.now();
  // spec-run's own process: after an interruption it still stops its container, and the exit after the report waits for it.
  const result = await ownProcessWork(execa(process.execPath, args, { cwd, reject: false, all: true, timeout: 120_000 }));
  const durationMs = performance.now() - started;
  let events: LimitEvent[] = [];
  try {
    events = parseLimitLog(readFileSync(log, 'utf8'));
  } catch {
    // No limit event: the log was never written.
  }
  const run = { command, fields, status: result.exitCode ?? -1, console: result.all ?? '', durationMs, events, cwd };
  world.attach(`spec-run exec (${command})`, { fields, startedIn: cwd, status: run.status, durationMs: Math.round(durationMs), console: run.console.split('\n').slice(0, 40) });
  return run;
}

/** Lines of the command's own output in the console report. */
export function shownLines(run: ExecRun): string[] {
  return run.console.split('\n').map((l) => l.trim());
}

/** A command printing `count` numbered lines, tagged by stream, on each of `streams`; ends with `exit`. */
export function printer(counts: Partial<Record<'stdout' | 'stderr', number>>, exit = 0): string {
  const parts: string[] = [];
  if (counts.stdout) parts.push(`seq 1 ${counts.stdout} | sed 's/^/out-/'`);
  if (counts.stderr) parts.push(`seq 1 ${counts.stderr} | sed 's/^/err-/' >&2`);
  parts.push(`exit ${exit}`);
  return parts.join('; ');
}
