// The state one scenario's steps share: its configuration, loaded and resolved by
// the executor's own config module, and probe executions. A step about `npm test`
// with "5m" cannot wait five minutes: it asserts the resolved 5m and then runs a
// short probe command under the same policy with the timeout scaled down to about a
// second, through the same code path, and says so in its diagnostics.
import { readdirSync, readFileSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import type { CodeRef, ScenarioUnit } from '../../model/plan.js';
import {
  checkTimeoutLines,
  loadConfig,
  resolveTimeout,
  type CommandConfig,
  type ConfigError,
  type FieldLine,
  type ResolvedTimeout,
  type StopConfig,
} from '../../executor/config.js';
import { dockerEngine } from '../../executor/docker.js';
import { formatDuration } from '../../executor/duration.js';
import { execute, requestFor } from '../../executor/execute.js';
import { formatResult } from '../../executor/report.js';
import type { ExecRequest, ExecResult } from '../../executor/result.js';
import type { RunOptions } from '../types.js';
import { StepSkip } from './checks.js';
import { worldInternals, type CommandRun } from './step-world.js';
import { processWide } from '../../process/process-wide.js';
import { setTimeout, clearTimeout } from '../../process/native-timers.js';

/** The timeout a probe runs under in place of a configured one; Docker's includes starting the container. */
export const PROBE_TIMEOUT_MS = { host: 1000, docker: 2000 } as const;
/** Image for a Docker probe when the scenario's command has none. */
export const PROBE_IMAGE = 'alpine';

export interface ProbeSpec {
  /** The probe command, run instead of the configured one. */
  run: string;
  context: 'host' | 'docker';
  /** Configured command whose policy applies (default: the first). */
  command?: number;
  /** The configuration to resolve against (default: the scenario's); for variants. */
  config?: StopConfig;
  /** Overrides the scaled timeout (null: none). */
  timeoutMs?: number | null;
  memory?: string;
  /** Overrides the configured line limit (null: none). */
  maxOutputLines?: number | null;
  /** Aborts the run after this many ms, as the stop hook handler would. */
  abortAfterMs?: number;
  eventLog?: string;
}

export interface ProbeRun {
  request: ExecRequest;
  result: ExecResult;
  /** The report the user would read. */
  message: string;
  /** What ran and what it stands for. */
  description: string;
}

/** Why a step may not observe COMMAND, a command of its own, where the scenario quotes QUOTED. */
export function standsInFor(command: string, quoted: string): string {
  return `this step observes a command of its own (\`${command}\`), standing for one a scenario describes, and the scenario quotes its command (\`${quoted}\`): it would check something else than that command. Say what the command does with a step that runs it (its exit code, stopped at its timeout, succeeds…), or write a step of your own`;
}

/**
 * Why a built-in step may not run WHAT (a probe of its own, or the scenario's configuration) where the
 * scenario's own code ran its command (RAN, the first it ran): the built-ins see neither what that
 * command did nor how it was configured, and what they would run is another command.
 */
export function ranByScenarioCode(what: string, ran: CommandRun): string {
  const by = ran.step ? `your step "${ran.step.keyword} ${ran.step.text}" (line ${ran.step.line})` : 'a hook of yours';
  return `the scenario's command was run by ${by} (\`${ran.command}\`), and the built-in steps see neither what it did nor how it was configured: this step would check ${what} in its place. Check the result of this.run() in a step of your own, or state the command with the built-in WHEN steps and let them run it`;
}

export class ScenarioWorld {
  /** The first YAML block (the scenario's configuration), if any. */
  readonly yaml: CodeRef | null;
  /** Loaded from a block with `stop:`. */
  readonly config: StopConfig;
  readonly errors: ConfigError[];
  /** For a block of bare `timeout:` lines (not one valid mapping): each line checked alone. */
  readonly fieldLines: FieldLine[] | null;
  private readonly probes = new Map<string, Promise<ProbeRun>>();
  readonly probeNotes: string[] = [];
  /**
   * The command the scenario quotes (`the command "exit 3" is configured`), when it does: a
   * probe of a step's own stands for a command described, never for one named.
   */
  quotedCommand: string | undefined;

  constructor(
    readonly unit: ScenarioUnit,
    readonly options: RunOptions,
    /** The commands the scenario's own code ran (world.run): a probe stands for none of them. */
    private readonly ran: readonly CommandRun[] = [],
  ) {
    this.yaml = unit.configs.find((c) => c.lang === 'yaml' || c.lang === 'yml') ?? null;
    const text = this.yaml?.text ?? '';
    if (this.yaml && /^stop:/m.test(text)) {
      const loaded = loadConfig(text, { at: this.yaml });
      this.config = loaded.config;
      this.errors = loaded.errors;
      this.fieldLines = null;
    } else if (this.yaml) {
      const lines = checkTimeoutLines(text, { at: this.yaml });
      this.config = { defaultTimeout: { kind: 'inherit' }, commands: [] };
      this.errors = lines.errors;
      this.fieldLines = lines.entries;
    } else {
      this.config = { defaultTimeout: { kind: 'inherit' }, commands: [] };
      this.errors = [];
      this.fieldLines = null;
    }
  }

  get imageAliases(): Record<string, string> {
    return { ...this.options.imageAliases };
  }

  /** The command at position `index` of `stop.commands`, or a bare one when the scenario configures none there. */
  command(index = 0, config = this.config): CommandConfig {
    return (
      config.commands.find((c) => c.index === index) ?? { index, run: 'true', timeout: { kind: 'inherit' }, env: {}, showStdout: true, showStderr: true, keepOutput: 'head', line: this.unit.line, column: 1 }
    );
  }

  resolved(index = 0, config = this.config): ResolvedTimeout {
    return resolveTimeout(config, this.command(index, config));
  }

  /** Lines of the YAML block with their markdown line numbers. */
  yamlLines(): { line: number; text: string }[] {
    if (!this.yaml) return [];
    const first = this.yaml.line;
    return this.yaml.text.split('\n').map((text, i) => ({ line: first + i, text }));
  }

  async requireDocker(): Promise<void> {
    const engine = await dockerEngine();
    if (!engine.ok) throw new StepSkip(`${engine.error}. To fix: ${engine.solutions.join('; ')}`);
  }

  /** Runs a probe once per key; steps checking facets of the same run share it. */
  probe(key: string, spec: ProbeSpec): Promise<ProbeRun> {
    if (this.quotedCommand !== undefined) {
      return Promise.reject(new Error(standsInFor(spec.run, this.quotedCommand)));
    }
    if (this.ran.length > 0) return Promise.reject(new Error(ranByScenarioCode(`a probe of its own (\`${spec.run}\`)`, this.ran[0])));
    let run = this.probes.get(key);
    if (!run) {
      run = this.runProbe(spec);
      this.probes.set(key, run);
    }
    return run;
  }

  private async runProbe(spec: ProbeSpec): Promise<ProbeRun> {
    if (spec.context === 'docker') await this.requireDocker();
    const config = spec.config ?? this.config;
    const command = this.command(spec.command ?? 0, config);
    const resolved = resolveTimeout(config, command);
    const base = requestFor(config, command, { projectRoot: this.options.projectRoot, imageAliases: this.imageAliases });
    const timeoutMs = spec.timeoutMs !== undefined ? spec.timeoutMs : resolved.ms === null ? null : PROBE_TIMEOUT_MS[spec.context];
    const controller = spec.abortAfterMs === undefined ? null : new AbortController();
    const request: ExecRequest = {
      ...base,
      run: spec.run,
      timeoutMs,
      timeoutText: timeoutMs === null ? 'none' : formatDuration(timeoutMs),
      image: spec.context === 'docker' ? (command.image ?? PROBE_IMAGE) : undefined,
      memory: spec.memory ?? base.memory,
      maxOutputLines: spec.maxOutputLines === undefined ? base.maxOutputLines : (spec.maxOutputLines ?? undefined),
      // Stopped by the step (as the stop hook handler would) or by an interruption of spec-run.
      signal: anySignal([controller?.signal, this.options.interrupt]),
    };
    const where = request.image ? `docker (image ${request.image})` : 'host';
    const stands = resolved.ms === null ? 'no timeout, as configured' : `standing for the configured ${resolved.text} (${resolved.source})`;
    const description = `probe \`${spec.run}\` on ${where}, timeout ${request.timeoutText} ${spec.timeoutMs === undefined ? stands : `(set by the step; configured: ${resolved.text})`}${request.memory ? `, memory ${request.memory}` : ''}`;
    const executeProbe = async () => {
      const timer = controller ? setTimeout(() => controller.abort(), spec.abortAfterMs) : null;
      try {
        return await execute(request, spec.eventLog);
      } finally {
        if (timer) clearTimeout(timer);
      }
    };
    // Probes start processes and containers: a shared turn of the run's quiet gate, so no measurement runs beside them.
    const result = await (this.options.quietGate?.run('shared', executeProbe) ?? executeProbe());
    this.probeNotes.push(description);
    return { request, result, message: formatResult(result), description };
  }

  /** A sleep argument unique to this probe, to find any process of it that survived. */
  nonce(): string {
    return `100.${randomInt(100_000, 999_999)}`;
  }
}

function anySignal(signals: (AbortSignal | undefined)[]): AbortSignal | undefined {
  const present = signals.filter((s): s is AbortSignal => s !== undefined);
  return present.length > 1 ? AbortSignal.any(present) : present[0];
}

/** Processes on this host whose command line holds `marker`. */
export function processesWith(marker: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      const state = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.[0];
      if (cmdline.includes(marker) && state !== 'Z') found.push(`${entry}: ${cmdline}`);
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

const executorWorlds = processWide('scenario.executor-worlds', () => new WeakMap<object, ScenarioWorld>());

/** The executor's scenario state behind a step's world: one per scenario. */
export function executorWorld(world: object): ScenarioWorld {
  let found = executorWorlds.get(world);
  if (!found) {
    const { unit, options, commandsRun } = worldInternals(world);
    found = new ScenarioWorld(unit, options, commandsRun);
    executorWorlds.set(world, found);
  }
  return found;
}
