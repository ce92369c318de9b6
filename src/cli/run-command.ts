// `spec-run [paths]`: parse -> translate -> run -> report, and the closing summary line.
import { randomInt } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Counts, Reporter, RunEvent } from '../model/events.js';
import type { TestPlan } from '../model/plan.js';
import { parseFile } from '../parse/index.js';
import { describePlan } from '../translate/listing.js';
import { translate } from '../translate/index.js';
import { runPlan, type RunPlanOptions, type Runners } from '../run/index.js';
import { selectUnits } from '../run/select.js';
import { interruptedBy } from '../run/interrupt.js';
import { tapReporter } from '../../reporters/tap.js';
import { specReporter } from '../../reporters/spec.js';
import { junitReporter } from '../../reporters/junit.js';
import { jsonReporter } from '../../reporters/json.js';
import { githubAnnotations } from '../../reporters/github.js';
import { progressReporter } from '../../reporters/progress.js';
import { tee } from '../run/tee.js';
import { findDocuments, usableDiscovery } from './discover.js';
import { ConfigError, loadConfig, type ProjectConfig } from './config.js';
import { Interrupts } from '../executor/interrupts.js';

export type ReporterName = 'tap' | 'spec' | 'junit' | 'json';

export interface RunCommandOptions {
  reporter?: ReporterName;
  list?: boolean;
  grep?: string;
  tag?: string[];
  level?: string;
  bail?: boolean;
  timeout?: number;
  seed?: number;
  runs?: number;
  jobs?: number;
  strict?: boolean;
  config?: string;
  watch?: boolean;
}

/** Runtime servers --watch keeps started between runs: enough for a document's usual sessions. */
const SPARE_SERVERS = 2;

/** This spec-run's own entry point, used to start `spec-run serve` for each session. */
export const cliEntry = join(dirname(fileURLToPath(import.meta.url)), 'main.js');

/** Parses and translates `files`; a document that cannot be read is a plan with that problem. */
export async function buildPlan(files: string[]): Promise<TestPlan> {
  const documents = await Promise.all(files.map(async (file, i) => translate(await parseFile(file), { unitIdPrefix: `${i + 1}` })));
  return { documents };
}

export function summaryLine(counts: Counts, interruptedBy?: string): string {
  const line = `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped, ${counts.todo} todo`;
  return interruptedBy ? `${line} (interrupted by ${interruptedBy})` : line;
}

export async function runCommand(paths: string[], cliOptions: RunCommandOptions): Promise<number> {
  let config: ProjectConfig;
  try {
    config = loadConfig(cliOptions.config);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`spec-run: ${error.message}`);
    return 2;
  }
  // Options given on the command line win over the configuration file.
  const options: RunCommandOptions = { ...config, ...Object.fromEntries(Object.entries(cliOptions).filter(([, v]) => v !== undefined)) };
  if (paths.length === 0 && config.paths) paths = config.paths.map((p) => resolve(config.directory, p));
  let grep: RegExp | undefined;
  if (options.grep !== undefined) {
    try {
      grep = new RegExp(options.grep, 'i');
    } catch (error) {
      console.error(`spec-run: --grep: ${(error as Error).message}`);
      return 2;
    }
  }
  const roots = paths.length ? paths : ['specs/'];
  const discovery = findDocuments(roots);
  if (!usableDiscovery(discovery)) return 2;
  const plan = selectUnits(await buildPlan(discovery.files), { grep, tags: options.tag, level: options.level });

  if (options.list) {
    process.stdout.write(plan.documents.map(describePlan).join('\n'));
    const units = plan.documents.reduce((n, d) => n + d.units.length, 0);
    const problems = plan.documents.reduce((n, d) => n + d.problems.length, 0);
    console.error(`${plan.documents.length} documents, ${units} units, ${problems} problems`);
    return problems ? 1 : 0;
  }

  // Runners are loaded only when something runs: --list and check stay fast.
  const [{ runLispDocument }, { runScenarioDocument }, { DEFAULT_IMAGE_ALIASES }, { WarmServers }] = await Promise.all([
    import('../run/lisp/index.js'),
    import('../run/scenario/index.js'),
    import('../executor/local-image.js'),
    import('../run/lisp/servers.js'),
  ]);
  const runners: Runners = { lisp: runLispDocument, openspec: runScenarioDocument };
  const vocabularyFiles = (config.vocabulary ?? []).map((file) => resolve(config.directory, file));
  const runtimeCommand = Array.isArray(config.runtime) ? config.runtime : [process.execPath, cliEntry, 'serve'];
  // --watch keeps runtime servers warm between runs.
  const warmServers = options.watch ? new WarmServers(runtimeCommand, config.directory) : undefined;
  const runOptions = (): RunPlanOptions => ({
    seed: options.seed ?? randomInt(1, 2 ** 31 - 1),
    unitTimeoutMs: options.timeout ?? 5 * 60 * 1000,
    bail: options.bail ?? false,
    runs: options.runs,
    strict: options.strict ?? false,
    runtimeCommand,
    warmServers,
    imageAliases: { ...DEFAULT_IMAGE_ALIASES, ...config.images },
    projectRoot: config.directory,
    vocabularyFiles,
    jobs: options.jobs ?? 1,
  });
  const reporter: ReporterName = options.reporter ?? (process.stdout.isTTY ? 'spec' : 'tap');
  const interrupts = new Interrupts();
  const interruptible = (): RunPlanOptions => ({ ...runOptions(), interrupt: interrupts.signal });
  try {
    const counts = await executePlan(plan, interruptible(), runners, reporter);
    if (interrupts.exitStatus !== undefined) return interrupts.exitStatus;
    if (!options.watch) return counts.failed > 0 ? 1 : 0;
    warmServers?.fill(SPARE_SERVERS);
    const { watchDocuments } = await import('./watch.js');
    const selection = { grep, tags: options.tag, level: options.level };
    await watchDocuments({
      documents: plan.documents.map((d) => d.file),
      roots,
      helpers: [...vocabularyFiles, ...(config.source ? [config.source] : [])],
      rerun: async (files) => {
        await executePlan(selectUnits(await buildPlan(files), selection), interruptible(), runners, reporter);
        warmServers?.fill(SPARE_SERVERS);
      },
      signal: interrupts.signal,
    });
    return interrupts.exitStatus ?? 0;
  } finally {
    interrupts.dispose();
    await warmServers?.close();
  }
}

/** Runs a plan, writes the chosen report (and the extra views) and the summary line; returns the counts. */
async function executePlan(plan: TestPlan, options: RunPlanOptions, runners: Runners, name: ReporterName): Promise<Counts> {
  const color = name === 'spec' && process.stdout.isTTY === true && !process.env.NO_COLOR;
  const reporters: Record<ReporterName, Reporter> = { tap: tapReporter, spec: specReporter({ color }), junit: junitReporter, json: jsonReporter };
  let counts: Counts = { passed: 0, failed: 0, skipped: 0, todo: 0 };
  async function* observed(): AsyncGenerator<RunEvent> {
    for await (const event of runPlan(plan, options, runners)) {
      if (event.type === 'run-end') counts = event.counts;
      yield event;
    }
  }
  // Beside the main report: GitHub annotations in Actions, a live status line when
  // stderr is a terminal and stdout carries a machine format.
  const extra: [NodeJS.WriteStream, Reporter][] = [];
  if (process.env.GITHUB_ACTIONS) extra.push([process.stderr, githubAnnotations]);
  if (name !== 'spec' && process.stderr.isTTY) extra.push([process.stderr, progressReporter({ columns: process.stderr.columns ?? 80 })]);
  const { branches, done } = tee(observed(), 1 + extra.length);
  await Promise.all([write(process.stdout, reporters[name](branches[0])), ...extra.map(([stream, reporter], i) => write(stream, reporter(branches[i + 1]))), done]);
  console.error(summaryLine(counts, options.interrupt?.aborted ? interruptedBy(options.interrupt) : undefined));
  return counts;
}

async function write(stream: NodeJS.WriteStream, chunks: AsyncIterable<string>): Promise<void> {
  for await (const chunk of chunks) {
    if (!stream.write(chunk)) await new Promise((resolve) => stream.once('drain', resolve));
  }
}
