// The run stage: executes every document of a test plan through its family's runner
// and yields run events. Documents may run in parallel (`jobs`), but their events come
// out in plan order, so the report of a parallel run reads like that of a serial one.
import { RunCounts, type RunEvent, type ShardOf } from '../model/events.js';
import { reportedName, type DocumentFamily, type DocumentPlan, type TestPlan } from '../model/plan.js';
import { readFileSync } from 'node:fs';
import { indexDefinitions } from '../translate/definition-index.js';
import { EventBuffer } from './event-buffer.js';
import { lispFingerprint } from './unit-fingerprint.js';
import { RequirementTracker } from './requirements.js';
import { documentRetries } from './retries.js';
import { frontmatterTimeout } from '../model/plan.js';
import { QuietGate } from './quiet-gate.js';
import type { DocumentRunner, Emit, RunOptions } from './types.js';
import { interruptedBy, notRunReason } from './interrupt.js';
import { emitLateErrors, eventLoopIdle, LINGER_LIMIT_MS, pendingWorkEvents, runLateErrors, type LateError } from './late-errors.js';

export type Runners = Partial<Record<DocumentFamily, DocumentRunner>>;

export interface RunPlanOptions extends RunOptions {
  /** Documents run at the same time. */
  jobs: number;
  /** The share of a sharded run this plan is, said in run-start. */
  shard?: ShardOf;
  /** What narrowed the units of the plan (run-start's `selection`). */
  selection?: string[];
  /** The user's step files of each document (they depend on where it stands); without it, `stepFiles` for all. */
  stepFilesOf?: (document: string) => string[];
  /**
   * Given, the run is the process's last (no --watch): once its timers are settled, this
   * closes spec-run's own work that would keep the process (Lisp drivers, runtime servers),
   * and what step code still does is waited for before the report ends (see
   * late-errors.ts), which is all the time it gets.
   */
  closeOwnWork?: () => Promise<void>;
}

export async function* runPlan(plan: TestPlan, options: RunPlanOptions, runners: Runners): AsyncGenerator<RunEvent> {
  const started = Date.now();
  // Whether the run checked something is the selection's to say: a unit run only before a selected one (its Lisp environment) does not say it.
  const runCounts = new RunCounts();
  const count = (event: RunEvent) => runCounts.observe(event);
  const controller = new AbortController();
  const buffers = plan.documents.map(() => new EventBuffer<RunEvent>());
  // One gate for all documents of the run: measurements get a quiet machine whatever --jobs says.
  const runOptions: RunOptions = { quietGate: new QuietGate(), ...options, signal: controller.signal, definitions: indexDefinitions(plan.documents) };
  const requirements = new RequirementTracker();
  // An interruption also stops documents from starting.
  const stopOnInterrupt = () => controller.abort();
  // One received while spec-run started (before this run listened) counts the same.
  if (options.interrupt?.aborted) controller.abort();
  else options.interrupt?.addEventListener('abort', stopOnInterrupt, { once: true });

  // What user code of an earlier run (--watch) throws from now on is this run's to report.
  runLateErrors.reopen();
  yield { type: 'run-start', documents: plan.documents.length, seed: options.seed, ...(options.shard ? { shard: options.shard } : {}), ...(options.dryRun ? { dryRun: true as const } : {}), ...(options.selection?.length ? { selection: options.selection } : {}) };

  let next = 0;
  let notRun = 0;
  /** Where --bail stopped the run: the first failing check, as its runner emitted it (not as the report reached it). */
  let bailedAt: Extract<RunEvent, { type: 'point' }> | undefined;
  const emitTo = (index: number) => (event: RunEvent) => {
    if (options.bail && !bailedAt && event.type === 'point' && !event.ok && event.todo === undefined) {
      bailedAt = event;
      controller.abort();
    }
    buffers[index].push(event);
  };
  const worker = async () => {
    while (next < plan.documents.length) {
      const index = next++;
      const document = plan.documents[index];
      const documentOptions = options.stepFilesOf ? { ...runOptions, stepFiles: options.stepFilesOf(document.file) } : runOptions;
      if (!controller.signal.aborted) await runDocument(document, documentOptions, runners, emitTo(index));
      else notRun += 1;
      buffers[index].end();
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(options.jobs, plan.documents.length)) }, worker);
  const allDone = Promise.all(workers);

  for (const buffer of buffers) {
    for await (const event of buffer) {
      requirements.observe(event);
      count(event);
      yield event;
    }
  }
  await allDone;
  options.interrupt?.removeEventListener('abort', stopOnInterrupt);
  const notRunOf = notRun === 0 ? 'every document had started; what was left of them was not run' : `${notRun} of ${plan.documents.length} documents not run`;
  let stopped: string | undefined;
  if (options.interrupt?.aborted) {
    stopped = `run interrupted by ${interruptedBy(options.interrupt)}: ${notRunOf}`;
    yield { type: 'comment', text: stopped };
  } else if (bailedAt) {
    const at = bailedAt.at ? ` at ${bailedAt.at.file}:${bailedAt.at.line}` : '';
    // A check's name can be a whole Lisp form: its start is enough to recognise it.
    const name = bailedAt.name.length > 120 ? `${bailedAt.name.slice(0, 120)}...` : bailedAt.name;
    stopped = `--bail: stopped at the first failing check${at} (${name}): ${notRunOf}`;
  }
  // What user code did after its document ended counts in the requirements its unit verifies.
  // A stopped run cut its units short, timers of their steps with them: said, not counted again.
  const errors = await runLateErrors.settle();
  // Stopped before the wait for the rest of user code: said not to run, they must not run
  // through it (an interval's output going on), nor hold the process it waits to see idle.
  const pending = runLateErrors.leftPending();
  runLateErrors.stopPending();
  if (options.closeOwnWork && !stopped && plan.documents.some((document) => document.family === 'openspec')) {
    await options.closeOwnWork();
    await eventLoopIdle(LINGER_LIMIT_MS, options.interrupt);
    errors.push(...runLateErrors.take());
  }
  const late = lateDocuments(errors);
  // A unit whose late code failed in that wait counts failed, not skipped too.
  const left = pending.filter(({ origin }) => !errors.some((error) => error.origin === origin));
  for (const event of [...late, ...(stopped ? left.map(({ text }): RunEvent => ({ type: 'comment', text })) : pendingWorkEvents(left))]) {
    requirements.observe(event);
    count(event);
    yield event;
  }
  const traced = requirements.results();
  // A dry run runs nothing by design; a stopped run says why it stopped; a shard that
  // checked nothing (its documents all skipped) is judged with the others, by merge.
  const nothing = options.dryRun || stopped || options.shard ? undefined : runCounts.checkedNothing();
  yield { type: 'run-end', durationMs: Date.now() - started, counts: runCounts.counts, ...(traced.length ? { requirements: traced } : {}), ...(stopped ? { stopped } : {}), ...(nothing ? { checkedNothing: nothing } : {}) };
}

/**
 * Errors user code threw after its document had ended, each file's as a document of its
 * own (its own was reported already), so that the run's counts and exit status have them.
 */
function lateDocuments(errors: LateError[]): RunEvent[] {
  const events: RunEvent[] = [];
  for (const file of new Set(errors.map((error) => error.file))) {
    events.push({ type: 'document-start', file, name: 'errors thrown after their document ended' });
    emitLateErrors(file, `${file}#late-after-document`, errors.filter((error) => error.file === file), (event) => events.push(event));
    events.push({ type: 'document-end', file, durationMs: 0 });
  }
  return events;
}

/**
 * Runs one document and guarantees a well-formed event sequence whatever its runner
 * does: every started unit gets at least one point and an end, and a runner that
 * throws becomes a failing point instead of a crash of the whole run.
 */
export async function runDocument(plan: DocumentPlan, options: RunOptions, runners: Runners, emitRaw: Emit): Promise<void> {
  const started = Date.now();
  const emit = withLispFingerprints(plan, withRequirements(plan, emitRaw));
  emit({ type: 'document-start', file: plan.file, name: plan.name, ...(plan.requirements?.length ? { requirements: plan.requirements } : {}), ...(plan.unitsBefore ? { unitsBefore: plan.unitsBefore } : {}), ...(plan.family === 'lisp' && options.runtimeName ? { runtime: options.runtimeName } : {}), ...(plan.warnings?.length ? { warnings: plan.warnings.map((warning) => ({ text: warning.message, at: { file: warning.file, line: warning.line } })) } : {}) });
  if (plan.unitsBefore) {
    const count = plan.unitsBefore.length;
    emit({ type: 'comment', text: `${plan.file}: ${count} unit${count === 1 ? '' : 's'} before the selected ones run${count === 1 ? 's' : ''} too: the document's units share one Lisp environment, and a unit run without those before it could pass or fail where the whole document would not` });
  }
  plan.problems.forEach((problem, i) => {
    const unitId = `${plan.file}#problem-${i + 1}`;
    const at = { file: problem.file, line: problem.line };
    const requirements = problem.severity === 'error' ? requirementsOfProblem(plan, problem.file, problem.line) : [];
    emit({ type: 'unit-start', file: plan.file, unitId, name: `${problem.severity}: ${problem.message}`, kind: 'problem', at, ...(requirements.length ? { requirements } : {}) });
    emit({ type: 'point', file: plan.file, unitId, ok: false, name: problem.message, at, diagnostics: { severity: problem.severity, ...(problem.column ? { column: problem.column } : {}) } });
    emit({ type: 'unit-end', file: plan.file, unitId, durationMs: 0 });
  });

  const retries = documentRetries(plan, options.retries ?? 0);
  // A frontmatter `timeout` is the time limit of each of this document's units.
  const timeout = frontmatterTimeout(plan.metadata.timeout);
  for (const [key, problem] of [['retries', retries.problem], ['timeout', timeout.problem]] as const) {
    if (!problem) continue;
    const unitId = `${plan.file}#problem-${key}`;
    const at = { file: plan.file, line: frontmatterLine(plan.file, key) };
    emit({ type: 'unit-start', file: plan.file, unitId, name: `error: ${problem}`, kind: 'problem', at });
    emit({ type: 'point', file: plan.file, unitId, ok: false, name: problem, at });
    emit({ type: 'unit-end', file: plan.file, unitId, durationMs: 0 });
  }

  const runner = runners[plan.family];
  if (plan.units.length > 0) {
    if (!runner) {
      reportNotRunnable(plan, emit, `no runner for documents of the ${plan.family} family`);
    } else {
      await guardedRun(runner, plan, { ...options, retries: retries.retries, ...(timeout.ms !== undefined ? { unitTimeoutMs: timeout.ms, unitTimeoutSource: "the frontmatter's timeout" } : {}) }, emit);
    }
  } else if (plan.problems.length === 0) {
    const unitId = `${plan.file}#none`;
    const at = { file: plan.file, line: 1 };
    emit({ type: 'unit-start', file: plan.file, unitId, name: 'the document', kind: 'problem', at });
    emit({ type: 'point', file: plan.file, unitId, ok: true, name: 'document holds no runnable check', at, skip: 'no scenario, property, contract or Lisp check found (see spec-run --list)' });
    emit({ type: 'unit-end', file: plan.file, unitId, durationMs: 0 });
  }
  emit({ type: 'document-end', file: plan.file, durationMs: Date.now() - started });
}

/**
 * The requirements an error of PLAN at FILE:LINE fails (or a unit placed there verifies): the requirement whose section holds the
 * line, or, before the first requirement (frontmatter, a byte that is not UTF-8 near the
 * top), all of them; and those of the frontmatter, which the whole document verifies.
 * What was checked under them was read from a document read wrong.
 */
function requirementsOfProblem(plan: DocumentPlan, file: string, line: number): string[] {
  const requirements = (plan.requirements ?? []).filter((r) => r.file === file);
  const headed = requirements.filter((r) => r.origin === 'requirement-heading').sort((a, b) => a.line - b.line);
  const whole = requirements.filter((r) => r.origin !== 'requirement-heading');
  const within = headed.filter((r) => r.line <= line).at(-1);
  return [...whole, ...(within ? [within] : headed)].map((r) => r.id);
}

/**
 * Stamps each unit-start with the requirements its unit verifies, whichever runner emits it;
 * a checking function run after the units (no unit of the plan) verifies those of its place.
 */
function withRequirements(plan: DocumentPlan, emit: Emit): Emit {
  const byUnit = new Map(plan.units.flatMap((unit) => (unit.requirements?.length ? [[unit.id, unit.requirements] as const] : [])));
  if (byUnit.size === 0 && !plan.requirements?.length) return emit;
  const planned = new Set(plan.units.map((unit) => unit.id));
  const requirementsOf = (event: Extract<RunEvent, { type: 'unit-start' }>) =>
    event.kind === 'verify-function' && !planned.has(event.unitId) ? requirementsOfProblem(plan, event.at.file, event.at.line) : byUnit.get(event.unitId);
  return (event) => {
    if (event.type !== 'unit-start') return emit(event);
    const requirements = requirementsOf(event);
    emit(requirements?.length ? { ...event, requirements } : event);
  };
}

/** Stamps each unit-start of a Lisp unit of the plan with its fingerprint (a scenario's runner stamps its own, with the steps it binds). */
function withLispFingerprints(plan: DocumentPlan, emit: Emit): Emit {
  const lispUnits = new Map(plan.units.flatMap((unit) => (unit.kind === 'scenario' ? [] : [[unit.id, unit] as const])));
  if (lispUnits.size === 0) return emit;
  return (event) => {
    const unit = event.type === 'unit-start' && event.fingerprint === undefined ? lispUnits.get(event.unitId) : undefined;
    emit(unit && event.type === 'unit-start' ? { ...event, fingerprint: lispFingerprint(plan, unit) } : event);
  };
}

/** The line of a frontmatter key in the document, for messages about its value; 1 when it cannot be read. */
function frontmatterLine(file: string, key: string): number {
  try {
    const index = readFileSync(file, 'utf8').split('\n').findIndex((line) => line.startsWith(`${key}:`));
    return index < 0 ? 1 : index + 1;
  } catch {
    return 1;
  }
}

/** The SKIP reason of a unit --bail kept from running. */
const BAIL_NOT_RUN = '--bail: the run stopped at its first failing check before this ran';

function reportNotRunnable(plan: DocumentPlan, emit: Emit, reason: string): void {
  for (const unit of plan.units) {
    const at = { file: unit.file, line: unit.line };
    emit({ type: 'unit-start', file: plan.file, unitId: unit.id, name: reportedName(unit), kind: unit.kind, at });
    emit({ type: 'point', file: plan.file, unitId: unit.id, ok: true, name: unit.name, at, skip: reason });
    emit({ type: 'unit-end', file: plan.file, unitId: unit.id, durationMs: 0 });
  }
}

async function guardedRun(runner: DocumentRunner, plan: DocumentPlan, options: RunOptions, emit: Emit): Promise<void> {
  const open = new Map<string, { points: number; started: number; at: { file: string; line: number } }>();
  /** Events naming a unit that is not open: a runner defect, reported once the runner is done. */
  const strays: StrayEvent[] = [];
  const checkedEmit: Emit = (event) => {
    if (event.type === 'unit-start') open.set(event.unitId, { points: 0, started: Date.now(), at: event.at });
    if (event.type === 'point') {
      const unit = open.get(event.unitId);
      if (!unit) return void strays.push(event);
      unit.points += 1;
    }
    if (event.type === 'unit-end') {
      const unit = open.get(event.unitId);
      if (!unit) return void strays.push(event);
      if (unit.points === 0) {
        emit({ type: 'point', file: plan.file, unitId: event.unitId, ok: false, name: 'unit ended without reporting any result', at: unit.at });
      }
      open.delete(event.unitId);
    }
    emit(event);
  };
  const started = new Set<string>();
  const startingEmit: Emit = (event) => {
    if (event.type === 'unit-start') started.add(event.unitId);
    checkedEmit(event);
  };
  try {
    await runner(plan, options, startingEmit);
  } catch (error) {
    const diagnostics = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    const running = [...open.entries()][0];
    if (running) {
      const [unitId, unit] = running;
      unit.points += 1;
      emit({ type: 'point', file: plan.file, unitId, ok: false, name: 'the document runner failed', at: unit.at, diagnostics });
    } else {
      const unitId = `${plan.file}#runner-error`;
      const at = { file: plan.file, line: 1 };
      emit({ type: 'unit-start', file: plan.file, unitId, name: 'runner error', kind: 'problem', at });
      emit({ type: 'point', file: plan.file, unitId, ok: false, name: 'the document runner failed', at, diagnostics });
      emit({ type: 'unit-end', file: plan.file, unitId, durationMs: 0 });
    }
  }
  for (const [unitId, unit] of open) {
    if (unit.points === 0) emit({ type: 'point', file: plan.file, unitId, ok: false, name: 'unit ended without reporting any result', at: unit.at });
    emit({ type: 'unit-end', file: plan.file, unitId, durationMs: Date.now() - unit.started });
  }
  // Interrupted or stopped by --bail, the units the runner never started are reported as not run: the document does not look whole when it is not.
  if (options.signal?.aborted) {
    const reason = options.interrupt?.aborted ? notRunReason(options.interrupt) : BAIL_NOT_RUN;
    reportNotRunnable({ ...plan, units: plan.units.filter((unit) => !started.has(unit.id)) }, emit, reason);
  }
  reportStrays(plan, strays, emit);
}

type StrayEvent = Extract<RunEvent, { type: 'point' | 'unit-end' }>;

/**
 * A point or unit end naming a unit that is not open cannot be shown in place, and
 * dropping it could hide a failure: each becomes a failing point of a problem unit
 * of its own, carrying the event as it was emitted.
 */
function reportStrays(plan: DocumentPlan, strays: StrayEvent[], emit: Emit): void {
  strays.forEach((event, i) => {
    const unitId = `${plan.file}#stray-${i + 1}`;
    const at = (event.type === 'point' && event.at) || { file: plan.file, line: 1 };
    const name = `the runner reported ${event.type === 'point' ? `a point ('${event.name}')` : 'a unit end'} outside its unit ${event.unitId}`;
    emit({ type: 'unit-start', file: plan.file, unitId, name: `runner defect: ${name}`, kind: 'problem', at });
    emit({ type: 'point', file: plan.file, unitId, ok: false, name, at, diagnostics: { event } });
    emit({ type: 'unit-end', file: plan.file, unitId, durationMs: 0 });
  });
}

