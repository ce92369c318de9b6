// Runs OpenSpec scenarios through step definitions, with cucumber's semantics: each
// step is one test point, bound to the one definition whose expression matches it
// (none: undefined, a TODO with a snippet; two or more: ambiguous, a failure naming
// them). `this` is a world fresh per scenario; Before and After hooks run around it,
// BeforeAll and AfterAll once around the document's scenarios;
// once a step fails or is undefined, the steps after it are skipped with the reason.
// Scenarios run one after another in document order; only those that run no user code
// (the built-in executor vocabulary's steps, no user hooks) may overlap, and their events
// are still emitted in document order.
import { fileURLToPath } from 'node:url';
import { inspect, isDeepStrictEqual, stripVTControlCharacters } from 'node:util';
import type { RunEvent } from '../../model/events.js';
import type { ItemArgument } from '../../model/document.js';
import { reportedName, type CodeRef, type DocumentPlan, type ScenarioStep, type ScenarioUnit } from '../../model/plan.js';
import { DataTable } from '../../steps/index.js';
import type { DocumentRunner, Emit, RunOptions } from '../types.js';
import { scenarioFingerprint } from './fingerprint.js';
import { aKind, bindStep, droppedArgument, loadStepLibrary, notInterpreted, shownPath, stepArguments, stepPlace, unmatchedWordsWarning, wordsLeftUnmatched, type CompiledStep, type Hook, type StepLibrary, type StepMatch } from './library.js';
import { executorStepsWouldBind } from '../../model/plan.js';
import type { HookScenario, HookTime, StepFunction } from '../../steps/index.js';
import { otherWorld } from './one-world.js';
import { snippetFor } from './snippet.js';
import { checksNothing, thenCheckingNothing, RETURNED_FALSE, type Unchecked } from './stated-outcome.js';
import { dataBlocksLeftToCode, unreadBlockReason } from './unread-blocks.js';
import { sameNameWarning } from '../../translate/openspec-family.js';
import { stepKeyword } from '../../translate/step-keyword.js';
import { blockWasRead, StepSkipped, StepWorld, worldInternals } from './step-world.js';
import { LISP_LANGUAGES } from '../../translate/rules/lisp-code.js';
import { asUnitCode, StrayErrors, traceStrayErrors } from './stray-errors.js';
import { runWithRetries } from '../retries.js';
import { interruptedReason, notRunReason } from '../interrupt.js';
import { emitLateErrors, LateErrors, runLateErrors } from '../late-errors.js';
import { setTimeout, clearTimeout } from '../../process/native-timers.js';
import { whenAborted } from '../../process/abort-listeners.js';
import { watchTheRun, watchUserCode } from '../../process/watchdog.js';
import { unitSeed } from '../seeds.js';
import { seededRandom, whileScenariosRun, withRandomSource } from './seeded-random.js';

/** spec-run's own code, compiled and (through source maps) as written, and its dependencies (cucumber-expressions runs transformers). */
const OWN_CODE = ['../../../', '../../../../src/', '../../../../node_modules/'].map((dir) => fileURLToPath(new URL(dir, import.meta.url)));

/** Said at an undefined step when no steps file was loaded at all. */
const NO_STEPS_FILE =
  'no steps file was loaded: spec-run looks for steps.mjs, *.steps.mjs (or .js, .ts) and steps/**/* in the project directory, and in the document\'s directory and those above it up to the project directory (where the configuration is, else the working directory); --steps or the configuration\'s "steps" name others (cucumber-js\'s features/step_definitions/ among them)';

/** Scenarios running at once when no user code of theirs can see the others (their probes mostly sleep). */
const CONCURRENCY = 4;

type PointEvent = Extract<RunEvent, { type: 'point' }>;

export const runScenarioDocument: DocumentRunner = (plan, options, emit) => whileScenariosRun(() => runScenarios(plan, options, emit));

/** Runs the document PLAN's scenarios, its hooks around them. */
async function runScenarios(plan: DocumentPlan, options: RunOptions, emit: Emit): Promise<void> {
  // Code a step leaves behind (a timer) that never gives the thread back ends the run past the unit time limit.
  watchTheRun(options.unitTimeoutMs);
  traceStrayErrors();
  // A dry run only loads steps: within the load limit of the commands that do (check's), not a unit's.
  const loadLimitMs = options.dryRun ? undefined : options.unitTimeoutMs;
  const library = await loadStepLibrary(options.stepFiles ?? [], { builtins: plan.executorSteps !== undefined, loadLimitMs, interrupt: options.interrupt, refused: options.refusedStepFiles });
  if (library.problems.length > 0) {
    const unitId = `${plan.file}#steps`;
    const first = library.problems[0];
    // Every scenario of the document ran with these steps: a problem of theirs (a hook left out, a step defined twice) fails each requirement.
    const requirements = (plan.requirements ?? []).map((requirement) => requirement.id);
    // Places as the rest of the report gives them: relative to where spec-run runs.
    emit({ type: 'unit-start', file: plan.file, unitId, name: 'step definitions', kind: 'problem', at: { file: shownPath(first.file), line: first.line }, ...(requirements.length ? { requirements } : {}) });
    for (const p of library.problems) emit({ type: 'point', file: plan.file, unitId, ok: false, name: p.message, at: { file: shownPath(p.file), line: p.line }, ...(p.column !== undefined ? { diagnostics: { column: p.column } } : {}) });
    emit({ type: 'unit-end', file: plan.file, unitId, durationMs: 0 });
  }
  const units = plan.units.filter((u): u is ScenarioUnit => u.kind === 'scenario');
  const late = new LateErrors(runLateErrors);
  const hooksOf = (when: 'before-all' | 'after-all') => runDocumentHooks(plan, when, library, options, emit, late);
  const blocked = units.length > 0 ? await hooksOf('before-all') : null;
  const buffers = units.map(() => [] as RunEvent[]);
  const done = units.map(() => false);
  let flushed = 0;
  const flush = () => {
    while (flushed < units.length && done[flushed]) {
      for (const event of buffers[flushed]) emit(event);
      buffers[flushed] = [];
      flushed++;
    }
    // The unit at the head streams its events as they come.
    if (flushed < units.length) {
      for (const event of buffers[flushed]) emit(event);
      buffers[flushed] = [];
    }
  };
  const run = async (index: number) => {
    await runWithRetries(
      options.retries ?? 0,
      units[index].id,
      (emit) => runScenario(units[index], options, emit, library, blocked, late),
      (event) => {
        buffers[index].push(event);
        if (index === flushed) flush();
      },
      options.interrupt,
    );
    done[index] = true;
    flush();
  };
  // In document order: a scenario that runs user code runs alone, as in cucumber-js; one
  // that only the built-in vocabulary runs may overlap with the others of its kind.
  const running = new Set<Promise<void>>();
  for (const [index, unit] of units.entries()) {
    if (options.signal?.aborted) break;
    const alone = runsUserCode(unit, library, options);
    while (running.size >= (alone ? 1 : CONCURRENCY)) await Promise.race(running);
    if (options.signal?.aborted) break;
    if (alone) {
      await run(index);
      continue;
    }
    const started: Promise<void> = run(index).finally(() => running.delete(started));
    running.add(started);
  }
  await Promise.all(running);
  if (units.length > 0) await hooksOf('after-all');
  // Errors its scenarios threw after they ended, and those of the timers they left that are due soon.
  emitLateErrors(plan.file, `${plan.file}#late`, await late.settle(), emit);
  late.close((error) => runLateErrors.add(error));
}

/**
 * Whether running UNIT calls code of the user's (a step definition of theirs, a Before or
 * After hook), which may share state with other scenarios' code: such a unit runs alone.
 */
function runsUserCode(unit: ScenarioUnit, library: StepLibrary, options: RunOptions): boolean {
  if (options.dryRun) return false;
  // The built-in vocabulary's own After hook (it stops what its steps started) shares nothing with other scenarios.
  if (library.hooks.some((hook) => !hook.builtin && (hook.when === 'before' || hook.when === 'after'))) return true;
  let keyword: string | null = null;
  return unit.steps.some((step) => {
    keyword = stepKeyword(step.keyword, keyword);
    return bindStep(library, unit, step, keyword).some((match) => !match.step.builtin);
  });
}

const HOOK_LABEL: Record<HookTime, string> = { before: 'Before', after: 'After', 'before-all': 'BeforeAll', 'after-all': 'AfterAll' };

/** How a hook is named in reports: its kind, its name if it has one, and where it is written. */
function hookLabel(hook: Hook): string {
  return `${HOOK_LABEL[hook.when]} hook${hook.name ? ` "${hook.name}"` : ''} (${shownPath(hook.file)}:${hook.line})`;
}

/** Where a hook is written, as every point's place is given: from where spec-run runs. */
const hookAt = (hook: Hook) => ({ file: shownPath(hook.file), line: hook.line });

/**
 * BeforeAll or AfterAll hooks of a document, once around its scenarios. A failing one is
 * a failing point of a unit of its own; the reason the scenarios are then skipped (it
 * failed, or it skipped them), or null.
 */
async function runDocumentHooks(plan: DocumentPlan, when: 'before-all' | 'after-all', library: StepLibrary, options: RunOptions, emit: Emit, late: LateErrors): Promise<string | null> {
  if (options.dryRun) return null;
  const file = plan.file;
  // Such a hook serves every scenario of the document: what its code checks after it ended (a timer) is every requirement's.
  const requirements = (plan.requirements ?? []).map((requirement) => requirement.id);
  const failing: { hook: Hook; diagnostics: Record<string, unknown> }[] = [];
  // As in cucumber-js, AfterAll hooks run in the reverse of their definition order.
  const hooks = library.hooks.filter((h) => h.when === when);
  // Seeded as a scenario's code is, from the document and the kind of hook: the same whatever else runs.
  const random = seededRandom(unitSeed(options.seed, { id: `${file}#${when}`, file }));
  for (const hook of when === 'after-all' ? hooks.reverse() : hooks) {
    const strays = new StrayErrors(hookLabel(hook), { ...hookAt(hook), requirements }, late, failureDiagnostics);
    let outcome = null as HookOutcome;
    // Without a world, such a hook starts no command spec-run could stop at its time limit.
    const unclaimed = await withRandomSource(random, () =>
      strays.around(async () => void (outcome = await runHook(hook, undefined, hookLimit(hook, library, Date.now() + options.unitTimeoutMs, options), () => {}, strays, undefined, options.interrupt, options.strict))),
    );
    strays.end();
    if (unclaimed.length > 0) outcome ??= { failure: failureDiagnostics(unclaimed[0]) };
    if (outcome && 'failure' in outcome) failing.push({ hook, diagnostics: outcome.failure });
    if (outcome && 'skipped' in outcome && when === 'after-all') {
      // What the rest of the hook checks did not run: said as a skipped point, not dropped.
      const unitId = `${file}#${when}-skipped-${hook.line}`;
      const at = hookAt(hook);
      emit({ type: 'unit-start', file, unitId, name: `${HOOK_LABEL[when]} hooks`, kind: 'problem', at });
      emit({ type: 'point', file, unitId, name: hookLabel(hook), at, ok: true, skip: outcome.skipped });
      emit({ type: 'unit-end', file, unitId, durationMs: 0 });
    } else if (outcome && 'skipped' in outcome && failing.length === 0) return outcome.skipped;
  }
  if (failing.length === 0) return null;
  const unitId = `${file}#${when}`;
  const at = hookAt(failing[0].hook);
  emit({ type: 'unit-start', file, unitId, name: `${HOOK_LABEL[when]} hooks`, kind: 'problem', at });
  for (const { hook, diagnostics } of failing) {
    const point = { type: 'point' as const, file, unitId, name: hookLabel(hook), at: hookAt(hook) };
    // Ended by an interruption of spec-run: it did not fail.
    emit(options.interrupt?.aborted ? { ...point, ok: true, skip: interruptedReason(options.interrupt) } : { ...point, ok: false, diagnostics });
  }
  emit({ type: 'unit-end', file, unitId, durationMs: 0 });
  return `the ${hookLabel(failing[0].hook)} failed`;
}

export async function runScenario(unit: ScenarioUnit, options: RunOptions, emit: Emit, steps: StepLibrary, blockedBy: string | null = null, late = runLateErrors): Promise<void> {
  const started = Date.now();
  const deadline = started + options.unitTimeoutMs;
  const world = new StepWorld(unit, options);
  worldInternals(world).nextStepSetsUp = (line) => {
    let keyword: string | null = null;
    for (const [index, step] of unit.steps.entries()) {
      keyword = stepKeyword(step.keyword, keyword);
      if (unit.steps[index - 1]?.line !== line) continue;
      const matches = bindStep(steps, unit, step, keyword);
      return matches.length === 1 && matches[0].step.interpretation?.startsWith('setup:') === true;
    }
    return false;
  };
  emit({ type: 'unit-start', file: unit.file, unitId: unit.id, name: reportedName(unit), kind: 'scenario', at: { file: unit.file, line: unit.line }, fingerprint: scenarioFingerprint(unit, steps) });
  const sameName = sameNameWarning(unit);
  if (sameName) {
    // Said where the run is read, as check says it.
    const text = `warning: ${unit.file}:${unit.line}: ${sameName}`;
    console.error(`spec-run: ${text}`);
    emit({ type: 'comment', file: unit.file, unitId: unit.id, text });
  }
  const base = (name: string, line: number) => ({ type: 'point' as const, file: unit.file, unitId: unit.id, name, at: { file: unit.file, line } });
  // A scenario the document refuses as written runs nothing, hooks included: it fails at the refused line.
  const refused = unit.refused ? `the scenario is refused as written: ${unit.refused.reason}` : null;
  const notRun = blockedBy ?? (refused && `the scenario is refused as written (line ${unit.refused!.line})`);
  let blocked = notRun;
  const pickle = { name: unit.name, uri: unit.file, line: unit.line, requirement: unit.requirement };
  /** The scenario's points so far, for the result After hooks receive. */
  const points: PointEvent[] = [];
  const strays = new StrayErrors(`scenario "${unit.name}" (${unit.file}:${unit.line})`, { file: unit.file, line: unit.line, requirements: unit.requirements }, late, failureDiagnostics);
  // The scenario's points wait for its end: its After hooks' attachments (a screenshot of a
  // failure) are shown with the last, as what Before hooks attach is with the first step that
  // runs, and a step whose code (a timer it started) throws after it passed fails at its line.
  const held: PointEvent[] = [];
  const hold = (point: PointEvent): void => void held.push(point);
  strays.failEndedStepBy((error, line) => {
    const index = held.findIndex((point) => point.at?.line === line && point.diagnostics?.definition !== undefined);
    if (index < 0) return false;
    // A step that failed keeps its first failure, the one that ended it.
    if (!held[index].ok) return true;
    const { skip: _skip, todo: _todo, unchecked: _unchecked, ...ended } = held[index];
    const failed: PointEvent = { ...ended, ok: false, diagnostics: { ...failureDiagnostics(error), reason: 'the step passed, then code it started (a timer, a callback, a promise nobody awaited) threw before the scenario ended', definition: held[index].diagnostics!.definition } };
    points[points.indexOf(held[index])] = failed;
    held[index] = failed;
    return true;
  });
  if (refused && !blockedBy) hold({ ...base(`${unit.name} (refused as written)`, unit.refused!.line), ok: false, diagnostics: { reason: refused } });
  // The scenario's code (steps, hooks, the timers they start) draws Math.random from its seeded source.
  const unclaimed = await withRandomSource(worldInternals(world).random, () =>
    strays.around(async () => {
      try {
        if (!options.dryRun && !blocked) {
          for (const hook of steps.hooks.filter((h) => h.when === 'before')) {
            const outcome = await runHook(hook, world, hookLimit(hook, steps, deadline, options), () => world.stopCommands(), strays, { pickle }, options.interrupt, options.strict);
            if (outcome && 'skipped' in outcome) {
              blocked = outcome.skipped;
              break;
            }
            if (outcome && options.interrupt?.aborted) {
              hold({ ...base(hookLabel(hook), unit.line), ok: true, skip: interruptedReason(options.interrupt) });
              blocked = interruptedReason(options.interrupt);
              break;
            }
            if (outcome) {
              const point: PointEvent = { ...base(hookLabel(hook), unit.line), ok: false, diagnostics: outcome.failure };
              hold(point);
              points.push(point);
              blocked = `the ${hookLabel(hook)} failed`;
            }
          }
        }
      if (unit.steps.length === 0) hold(stepless(base(`${unit.name} (a scenario without steps)`, unit.line), blocked, options));
      const unchecked = checksNothing(unit, steps);
      let keyword: string | null = null;
      for (const step of unit.steps) {
        // Interrupted, the steps left are reported as not run (a scenario never looks whole when it is not).
        if (options.interrupt?.aborted) blocked ??= notRunReason(options.interrupt);
        else if (options.signal?.aborted) break;
        keyword = stepKeyword(step.keyword, keyword);
        const wasBlocked = blocked !== null;
        // A step of a scenario that checks nothing (a Given or When) verifies nothing, whatever it asserts: its pass is
        // unchecked (runStep), so a run whose scenarios all check nothing checked nothing and fails, as a run of Lisp blocks that hold no check does.
        const point = await runStep({ unit, library: steps, world, strays, options, deadline }, step, keyword, blocked);
        // A step whose probe an interruption of spec-run stopped did not check anything.
        if (options.interrupt?.aborted && !wasBlocked) {
          const stopped: PointEvent = { ...point, ok: true, skip: interruptedReason(options.interrupt), diagnostics: undefined };
          hold(stopped);
          points.push(stopped);
          blocked = notRunReason(options.interrupt);
          continue;
        }
        hold(point);
        points.push(point);
        if (!blocked && (point.todo !== undefined || (!point.ok && point.skip === undefined))) blocked = `an earlier step ${stepStatus(point) === 'PENDING' ? 'is pending' : stepStatus(point) === 'UNDEFINED' ? 'is undefined' : 'failed'} (line ${step.line})`;
        // As in cucumber-js, a step that skips itself skips the rest: a later step would check a state never reached.
        else if (!blocked && point.skip !== undefined && !options.dryRun) blocked = `an earlier step was skipped (line ${step.line}): ${point.skip}`;
      }
        if (unchecked) {
          const point = uncheckedScenario(base(`${unit.name} (a scenario that checks nothing)`, unit.line), blocked, options, unchecked);
          if (point) {
            hold(point);
            points.push(point);
          }
        }
      } finally {
        if (!options.dryRun && !notRun) {
          // As in cucumber-js, After hooks run in the reverse of their definition order: teardown undoes setup.
          // What the After hooks say: a failure, or a skip of the rest of the scenario.
          const afterPoints: PointEvent[] = [];
          for (const hook of steps.hooks.filter((h) => h.when === 'after').reverse()) {
            // After hooks clean up: each gets the unit time limit of its own, even after a step ran out of time.
            const attachedBefore = world.attachments.length;
            const outcome = await runHook(hook, world, hookLimit(hook, steps, Date.now() + options.unitTimeoutMs, options), () => world.stopCommands(), strays, { pickle, result: scenarioResult(points) }, undefined, options.strict);
            // A failing hook's own attachments are shown with its failure; the others' with the scenario's last point.
            const own = outcome && 'failure' in outcome ? world.attachments.splice(attachedBefore) : [];
            if (outcome && 'failure' in outcome) afterPoints.push({ ...base(hookLabel(hook), unit.line), ok: false, diagnostics: outcome.failure, ...(own.length ? { attachments: own } : {}) });
            // As in cucumber-js, an After hook that skips itself makes the scenario skipped: what the rest of it checks did not run.
            else if (outcome && 'skipped' in outcome) afterPoints.push({ ...base(hookLabel(hook), unit.line), ok: true, skip: outcome.skipped });
          }
          const last = held.at(-1);
          if (last) {
            const attachments = [...(last.attachments ?? []), ...world.attachments.splice(0)];
            if (attachments.length) held[held.length - 1] = { ...last, attachments };
          }
          for (const point of afterPoints) hold(point);
        }
        // spec-run evaluates no Lisp in an OpenSpec scenario: a Lisp block there runs only if the steps read it.
        // A JSON or YAML block no step read states what was never compared (unread-blocks.ts).
        // Each block on its own: a step that read the first read none of the others.
        const unread = (block: CodeRef): boolean => !blockWasRead(world, unit.configs.indexOf(block));
        if (!options.dryRun && !blocked) {
          for (const block of unit.configs.filter((c) => c.lang !== null && LISP_LANGUAGES.has(c.lang) && unread(c))) {
            hold({ ...base(`the ${block.lang} block at line ${block.line}`, block.line), ok: true, skip: `not run: spec-run evaluates no Lisp in an OpenSpec scenario, and no step or hook read this block (this.blocks); checks in Lisp belong in a Lisp verification document` });
          }
          for (const block of dataBlocksLeftToCode(unit, steps).filter(unread)) {
            const point = base(`the ${block.lang} block at line ${block.line}`, block.line);
            const reason = unreadBlockReason(block, unit);
            hold(options.strict ? { ...point, ok: false, diagnostics: { reason: `${reason} (strict: it fails the run; --no-strict makes it TODO)` } } : { ...point, ok: false, todo: 'block no step read', diagnostics: { reason } });
          }
        }
      }
    }).finally(() => world.dispose()),
  );
  strays.end();
  for (const point of held.splice(0)) emit(point);
  for (const error of unclaimed) emit({ ...base('an error thrown outside any step or hook', unit.line), ok: false, diagnostics: failureDiagnostics(error) });
  emit({ type: 'unit-end', file: unit.file, unitId: unit.id, durationMs: Date.now() - started });
}

/**
 * The point of a scenario that checks nothing (UNCHECKED): one of setups alone fails, as a
 * scenario without steps does; one of the user's Givens and Whens, which may assert, is
 * skipped, its verdict unstated, so that its requirement is not verified.
 */
function uncheckedScenario(point: Omit<PointEvent, 'ok'>, blocked: string | null, options: RunOptions, { reason, setupsOnly }: Unchecked): PointEvent | null {
  // A step of the user's that failed or was skipped said the scenario's verdict already.
  if (!setupsOnly) return blocked ? null : { ...point, ok: true, skip: reason };
  if (blocked) return { ...point, ok: true, skip: blocked };
  return options.strict ? { ...point, ok: false, diagnostics: { reason: `${reason} (strict: it fails the run; --no-strict makes it TODO)` } } : { ...point, ok: false, todo: 'scenario that checks nothing', diagnostics: { reason } };
}

/** The point of a scenario without steps: it checks nothing, so it fails (TODO with --no-strict), as an undefined step does. */
function stepless(point: Omit<PointEvent, 'ok'>, blocked: string | null, options: RunOptions): PointEvent {
  if (blocked) return { ...point, ok: true, skip: blocked };
  const reason = 'the scenario has no steps: no "Then:" list and no WHEN/THEN bullets were read under its heading';
  return options.strict ? { ...point, ok: false, diagnostics: { reason: `${reason} (strict: it fails the run; --no-strict makes it TODO)` } } : { ...point, ok: false, todo: 'scenario without steps', diagnostics: { reason } };
}

/** A doc string is passed as its text, a data table as a DataTable, as cucumber-js passes them. */
function stepArgument(argument: ItemArgument): string | DataTable {
  return argument.kind === 'doc-string' ? argument.text : new DataTable(argument.rows);
}

/** When a step or hook must have finished, and what to say if it has not. */
interface TimeLimit {
  at: number;
  reason: string;
}

/** The unit's deadline, or the step's or hook's own time limit (its `timeout` option, else `setDefaultTimeout`) when that ends first. */
function timeLimit(own: number | undefined, library: StepLibrary, unitDeadline: number, options: RunOptions): TimeLimit {
  const ms = own ?? library.defaultTimeoutMs;
  if (ms !== undefined && Date.now() + ms < unitDeadline) return { at: Date.now() + ms, reason: `did not finish within its time limit of ${ms} ms (${own !== undefined ? 'its timeout option' : 'setDefaultTimeout'})` };
  return { at: unitDeadline, reason: `did not finish within the unit time limit of ${options.unitTimeoutMs} ms (${options.unitTimeoutSource ?? '--timeout'})` };
}

function hookLimit(hook: Hook, library: StepLibrary, unitDeadline: number, options: RunOptions): TimeLimit {
  return timeLimit(hook.timeoutMs, library, unitDeadline, options);
}

/** A step or hook still running at its time limit. */
class TimeLimitExceeded extends Error {}

/**
 * The outcome of `work`, or TimeLimitExceeded at the limit, or at once when spec-run is
 * interrupted (INTERRUPT): a step that never settles cannot hold the run. `onExpired`
 * stops the commands it started; JavaScript of the step still holding the main thread
 * past the limit (an endless synchronous loop) is stopped by the watchdog, so that the
 * limit's timer can run. An error its code throws outside the promise (a timer, an
 * event handler) fails it too.
 */
async function beforeLimit<T>(work: () => T | Promise<T>, limit: TimeLimit, onExpired: () => void, strays: StrayErrors, interrupt?: AbortSignal, what = 'user code'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let onInterrupt = () => {};
  let stopWaiting = () => {};
  const expired = new Promise<never>((_, reject) => {
    const expire = (reason: string) => {
      onExpired();
      reject(new TimeLimitExceeded(`${reason}; the commands it started were stopped`));
    };
    timer = setTimeout(() => expire(limit.reason), Math.max(0, limit.at - Date.now()));
    onInterrupt = () => expire('spec-run was interrupted');
    stopWaiting = whenAborted(interrupt, onInterrupt);
  });
  const unwatch = watchUserCode(limit.at, what);
  try {
    if (interrupt?.aborted) onInterrupt();
    return await Promise.race([strays.during(Promise.resolve().then(work)), expired]);
  } finally {
    unwatch();
    clearTimeout(timer);
    stopWaiting();
  }
}

/** How a hook ended: passed (null), failed with diagnostics, or skipped the scenario (`this.skip(reason)` or returning 'skipped', as in cucumber-js). */
type HookOutcome = { failure: Record<string, unknown> } | { skipped: string } | null;

/** Runs a hook with `this` the scenario's world (BeforeAll and AfterAll have none); Before and BeforeAll hooks end when spec-run is interrupted, After and AfterAll ones still clean up. */
async function runHook(hook: Hook, world: StepWorld | undefined, limit: TimeLimit, onExpired: () => void, strays: StrayErrors, scenario?: HookScenario, interrupt?: AbortSignal, strict = true): Promise<HookOutcome> {
  if (world) world.step = undefined;
  try {
    // As in cucumber-js: a hook taking one parameter more than it is given (the scenario; none for BeforeAll and AfterAll) gets a callback.
    const given = scenario ? [scenario] : [];
    const fn = hook.fn as StepFunction;
    const call = () => asUnitCode(strays, () => (fn.length > given.length ? withCallback(fn, world as StepWorld, given, given.length) : fn.apply(world as StepWorld, given)));
    const returned = await beforeLimit(call, limit, onExpired, strays, hook.when === 'before' || hook.when === 'before-all' ? interrupt : undefined, `the ${hookLabel(hook)}`);
    if (returned === 'skipped') return { skipped: `the ${hookLabel(hook)} returned "skipped"` };
    // As a pending step: the scenario is not run; strict, that fails the run.
    if (returned === 'pending') {
      const reason = `the ${hookLabel(hook)} is pending`;
      return strict ? { failure: { reason: `${reason} (strict: a pending step or hook fails the run; --no-strict makes it TODO)`, pending: true } } : { skipped: reason };
    }
    return null;
  } catch (error) {
    if (isStepSkipped(error)) return { skipped: `skipped by the ${hookLabel(hook)}: ${error.message}` };
    return { failure: failureDiagnostics(error) };
  }
}

/** What a step runs in: its scenario, the definitions, the world, and the scenario's time. */
interface StepContext {
  unit: ScenarioUnit;
  library: StepLibrary;
  world: StepWorld;
  strays: StrayErrors;
  options: RunOptions;
  deadline: number;
}

/** The built-in executor steps alone, loaded at the first undefined step of a document where they are not active. */
let executorVocabulary: Promise<StepLibrary> | undefined;

/** Whether the built-in executor steps would bind STEP (as check tells it), were they active. */
async function executorStepsBind(unit: ScenarioUnit, step: ScenarioStep, keyword: string): Promise<boolean> {
  executorVocabulary ??= loadStepLibrary([], { builtins: true });
  return bindStep(await executorVocabulary, unit, step, keyword).length > 0;
}

async function runStep({ unit, library, world, strays, options, deadline }: StepContext, step: ScenarioStep, keyword: string, blocked: string | null): Promise<PointEvent> {
  const base = { type: 'point' as const, file: unit.file, unitId: unit.id, name: `${step.keyword} ${step.text}`, at: { file: unit.file, line: step.line } };
  const place = stepPlace(unit, step);
  const matches = bindStep(library, unit, step, keyword);
  if (matches.length === 0 && library.unloaded.length > 0) {
    // A steps file that did not load may well define it: no snippet, which would define it twice once that file loads.
    const unloaded = `a steps file could not be loaded, and may define this step: ${library.unloaded.map((p) => `${shownPath(p.file)}:${p.line}: ${p.message}`).join('; ')}`;
    return { ...base, ok: false, diagnostics: { reason: `no definition of this step is loaded: ${unloaded}` } };
  }
  // A step in the words of a world this scenario does not run in (one-world.ts): a mistake of the document, never a snippet to write.
  const otherWorldReason = otherWorld(library, unit, step, keyword);
  if (matches.length === 0 && otherWorldReason) return { ...base, ok: false, diagnostics: { reason: otherWorldReason } };
  if (matches.length === 0) {
    const unread = notInterpreted(library, step.text, keyword, place);
    const executor = !library.interpreter && (await executorStepsBind(unit, step, keyword)) ? executorStepsWouldBind('it') : undefined;
    const diagnostics = {
      reason: 'no step definition matches this step',
      ...(unread ? { interpreter: unread } : {}),
      ...(executor ? { executorSteps: executor } : {}),
      snippet: snippetFor(library, step.text, keyword, step.argument?.kind),
      ...(library.userFiles.length === 0 ? { hint: NO_STEPS_FILE } : {}),
    };
    return options.strict ? { ...base, ok: false, diagnostics: { ...diagnostics, reason: `${diagnostics.reason} (strict: an undefined step fails the run; --no-strict makes it TODO)` } } : { ...base, ok: false, todo: 'undefined step', diagnostics };
  }
  const where = (m: (typeof matches)[number]) => (m.step.interpretation ? `executor interpreter: ${m.step.interpretation}` : `${shownPath(m.step.file)}:${m.step.line} ${m.step.source}`);
  if (matches.length > 1) return { ...base, ok: false, diagnostics: { reason: 'ambiguous step: several definitions match it', definitions: matches.map(where) } };
  const [match] = matches;
  const definition = where(match);
  const interpretation = match.step.interpretation;
  if (blocked) return { ...base, ok: true, skip: blocked, diagnostics: { definition, ...(interpretation ? { interpretation } : {}) } };
  // Bound, but not runnable as written (an argument it would drop, a world it cannot see): a dry run says so too.
  const unrunnable = droppedArgument(match, step) ?? otherWorldReason;
  if (unrunnable) return { ...base, ok: false, diagnostics: { reason: unrunnable, definition } };
  // Words of the step its definition leaves unmatched are undefined words: known from the binding, a dry run says so too.
  const left = wordsLeftUnmatched(match, step.text);
  const partly = left === null ? null : partlyMatched(base, match, left, definition, options.strict);
  if (options.dryRun) return partly ?? { ...base, ok: true, skip: 'dry run: bound, not run', diagnostics: { definition, ...(interpretation ? { interpretation } : {}) } };
  world.step = { keyword: step.keyword, text: step.text, line: step.line };
  // What Before hooks (or steps not run) attached is shown with this step's point.
  const carried = world.attachments.splice(0);
  let point: PointEvent;
  try {
    const given = match.matched.length + (step.argument ? 1 : 0);
    const callback = match.step.fn.length === given + 1;
    const limit = timeLimit(match.step.timeoutMs, library, deadline, options);
    if (callback) limit.reason += `; the definition takes one parameter more than the step gives (${given}), so that parameter got a callback, as in cucumber-js, and it was not called`;
    const returned = await beforeLimit(
      async () => {
        if (match.step.fn.length > given + 1) throw new Error(`the definition takes ${match.step.fn.length} parameters; this step gives ${given}${step.argument ? ` (its ${step.argument.kind} included)` : ''}, ${given + 1} with a callback`);
        // Parameter types' transformers run here, awaited as cucumber-js awaits them: their errors fail the step.
        // A built-in step is spec-run's own code; the user's definition and transformers are the step's (stray-errors.ts).
        const owner = strays.stepOwner(`${step.keyword} ${step.text}`, step.line);
        const args = await Promise.all([...asUnitCode(owner, () => stepArguments(match, world)), ...(step.argument ? [stepArgument(step.argument)] : [])]);
        if (match.step.builtin) return match.step.fn.apply(world, args);
        return asUnitCode(owner, () => (callback ? withCallback(match.step.fn, world, args, given) : match.step.fn.apply(world, args)));
      },
      limit,
      () => world.stopCommands(),
      strays,
      options.interrupt,
      `step '${step.keyword} ${step.text}' (${unit.file}:${step.line}, defined at ${shownPath(match.step.file)}:${match.step.line})`,
    );
    const unchecking = keyword === 'Then' ? thenCheckingNothing(match.step) : null;
    if (returned === 'pending') point = options.strict ? { ...base, ok: false, diagnostics: { reason: 'the step is pending (strict: a pending step fails the run; --no-strict makes it TODO)', pending: true, definition } } : { ...base, ok: false, todo: 'pending step', diagnostics: { definition } };
    else if (returned === 'skipped') point = { ...base, ok: true, skip: 'the step returned "skipped"', diagnostics: { definition } };
    // A verdict returned is ignored by cucumber-js: `return this.n < 0` would pass whatever it found.
    else if (returned === false && !match.step.builtin) point = { ...base, ok: false, diagnostics: { reason: RETURNED_FALSE, definition } };
    // The step ran, but did or checked only the words its definition matched: never a pass.
    else if (partly) point = partly;
    // A Then whose body cannot fail compared nothing: as a scenario that checks nothing, its verdict is unstated.
    else if (unchecking) point = { ...base, ok: true, skip: unchecking.reason, diagnostics: { definition } };
    // Only a Then states what must hold (and the interpreter's reading of a claim a When states): a Given or When
    // sets up and acts, and its pass checked nothing, so a run in which no Then held (each skipped, pending or
    // undefined) checked nothing and fails.
    else point = { ...base, ok: true, diagnostics: { definition }, ...(checksSomething(keyword, match.step) ? {} : { unchecked: true as const }) };
  } catch (error) {
    if (isStepSkipped(error)) point = { ...base, ok: true, skip: error.message, diagnostics: { definition } };
    else point = { ...base, ok: false, diagnostics: { ...failureDiagnostics(error), definition, ...(left === null ? {} : { unmatched: unmatchedWordsWarning(match, left) }) } };
  }
  const attached = [...carried, ...world.attachments.splice(0)];
  if (attached.length > 0) point.attachments = attached;
  if (interpretation) point.diagnostics = { ...point.diagnostics, interpretation };
  return point;
}

/**
 * The point of a step whose definition, an unanchored regular expression, leaves words LEFT of
 * it unmatched (wordsLeftUnmatched): no argument takes them and nothing does or checks what they
 * state, so they are undefined words, and the step is treated as an undefined one is: it fails
 * the run (strict), or is TODO (--no-strict). Either way its requirement is not verified.
 */
function partlyMatched(base: Omit<PointEvent, 'ok'>, match: StepMatch, left: string, definition: string, strict: boolean): PointEvent {
  const reason = `words of the step no definition matches: ${unmatchedWordsWarning(match, left)}`;
  return strict ? { ...base, ok: false, diagnostics: { reason: `${reason} (strict: a step only partly matched fails the run, as an undefined one does; --no-strict makes it TODO)`, definition } } : { ...base, ok: false, todo: 'step only partly matched', diagnostics: { reason, definition } };
}

/** Whether a pass of a step under KEYWORD bound to DEFINITION checked something: a Then's, or a built-in reading of a claim (not a setup). */
function checksSomething(keyword: string, definition: CompiledStep): boolean {
  if (definition.interpretation?.startsWith('setup:')) return false;
  return keyword === 'Then' || definition.builtin;
}

/** How the scenario went, in cucumber-js's terms: the first point that did not pass decides. */
function scenarioResult(points: PointEvent[]): NonNullable<HookScenario['result']> {
  const decisive = points.find((p) => !p.ok || p.todo !== undefined);
  if (!decisive) {
    // As in cucumber-js, a skipped step makes the scenario skipped: it did not check all it states.
    const skipped = points.find((p) => p.skip !== undefined);
    return skipped ? { status: 'SKIPPED', message: skipped.skip } : { status: 'PASSED' };
  }
  const status = stepStatus(decisive);
  // As in cucumber-js, a pending step's result carries no message.
  const message = status === 'PENDING' ? undefined : typeof decisive.diagnostics?.message === 'string' ? decisive.diagnostics.message : typeof decisive.diagnostics?.reason === 'string' ? decisive.diagnostics.reason : undefined;
  return { status, ...(message ? { message } : {}) };
}

/** A step point that did not pass, in cucumber-js's terms (strict or not). */
function stepStatus(point: PointEvent): 'PENDING' | 'UNDEFINED' | 'AMBIGUOUS' | 'FAILED' {
  if (point.todo === 'pending step' || point.diagnostics?.pending === true) return 'PENDING';
  if (point.todo !== undefined || point.diagnostics?.snippet !== undefined) return 'UNDEFINED';
  return Array.isArray(point.diagnostics?.definitions) ? 'AMBIGUOUS' : 'FAILED';
}

/** cucumber-js's callback interface: the step ends when it calls its last parameter, `done(error?, result?)`. */
function withCallback(fn: StepFunction, world: StepWorld, args: unknown[], given: number): Promise<unknown> {
  const twoInterfaces = new Error(`the definition uses two asynchronous interfaces: it takes one parameter more than the step gives (${given}), which gets a callback, and it returns a promise; remove that parameter, or return nothing and call it`);
  // Checked before the call: a callback called at once would hide the promise.
  if (fn.constructor.name === 'AsyncFunction') return Promise.reject(twoInterfaces);
  let settle: (error?: unknown, result?: unknown) => void = () => {};
  const called = new Promise((resolve, reject) => (settle = (error, result) => (error ? reject(error) : resolve(result))));
  let calls = 0;
  // A callback is called once: a second call is an error of the step's code (an error after success would
  // otherwise vanish). Thrown where it is called, it fails the step or hook (a call during it) or, as any
  // error its code throws later, its scenario.
  const callback = (error?: unknown, result?: unknown): void => {
    calls += 1;
    if (calls > 1) throw new Error(`the callback was called ${calls} times; it must be called once${error ? `, and this call reported an error: ${String(failureDiagnostics(error).message ?? failureDiagnostics(error).reason)}` : ''}`, { cause: error });
    settle(error, result);
  };
  let returned: unknown;
  try {
    returned = fn.apply(world, [...args, callback]);
  } catch (error) {
    // As in cucumber-js, a synchronous throw fails the step even after the callback was called: that call must not hide it.
    called.catch(() => {});
    return Promise.reject(error);
  }
  if (returned && typeof (returned as Promise<unknown>).then === 'function') {
    called.catch(() => {});
    return Promise.reject(twoInterfaces);
  }
  return called;
}

/** The longest failure message a report carries (a step may throw one of 50 MB). */
const MAX_MESSAGE_CHARS = 64 * 1024;

/** `error instanceof StepSkipped`, false for a thrown value whose prototype cannot be read (a hostile Proxy). */
function isStepSkipped(error: unknown): error is StepSkipped {
  try {
    return error instanceof StepSkipped;
  } catch {
    return false;
  }
}

/**
 * What a thrown value tells, as plain data the reporters can print whatever was thrown:
 * a value that throws when read (a Proxy whose traps throw, a getter) is described by
 * its type instead, and fails its own step like any error.
 */
function failureDiagnostics(error: unknown): Record<string, unknown> {
  try {
    const read = readFailure(error);
    // node:assert colours its diff when stderr is a terminal: the same failure reads the same in every report.
    if (typeof read.message === 'string') read.message = stripVTControlCharacters(read.message);
    if (typeof read.message === 'string' && read.message.length > MAX_MESSAGE_CHARS) {
      read.message = `${read.message.slice(0, MAX_MESSAGE_CHARS)}… (${read.message.length - MAX_MESSAGE_CHARS} more characters)`;
    }
    try {
      return structuredClone(read);
    } catch {
      // actual/expected that cannot be copied (functions inside, a Proxy): the message alone
      return { message: String(read.message) };
    }
  } catch {
    let kind: string = typeof error;
    try {
      kind = error === null ? 'null' : Array.isArray(error) ? 'array' : kind;
    } catch {
      // a Proxy of an array throws here too: its typeof stands
    }
    return { message: `the step threw ${aKind(kind)} that cannot be read (reading it threw in turn)` };
  }
}

/** A thrown error's message, and actual/expected when it has them (node:assert, chai, ...). */
function readFailure(error: unknown): Record<string, unknown> {
  if (error instanceof TimeLimitExceeded) return { reason: error.message };
  // A thrown object that is no Error (`throw { code: 42 }`) is shown by its contents, not as "[object Object]".
  if (!(error instanceof Error)) return { message: typeof error === 'object' && error !== null && String(error) === '[object Object]' ? `a thrown ${Array.isArray(error) ? 'array' : 'object'}: ${inspect(error, { depth: 4, breakLength: Infinity })}` : String(error) };
  const e = error as Error & { actual?: unknown; expected?: unknown; operator?: string };
  const diagnostics: Record<string, unknown> = { message: e.message };
  if ('expected' in e || 'actual' in e) {
    diagnostics.expected = shown(e.expected);
    diagnostics.actual = shown(e.actual);
    if (e.operator && !isDeepStrictEqual(e.operator, 'fail')) diagnostics.operator = e.operator;
  }
  // The user's frames only: not Node's, not spec-run's own.
  // spec-run's bundle names its frames by its place in the package (cli/bundles.ts), not by a path.
  const frames = (e.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l) && !/[(\s]node:[\w/]+:\d+:\d+\)?$/.test(l) && !OWN_CODE.some((dir) => l.includes(dir)) && !/[(\s]spec-run\/dist\/src\//.test(l) && !/at (async Promise\.all|Array\.map \(<anonymous>\))/.test(l));
  if (frames.length > 0) diagnostics.stack = frames.slice(0, 5).map((l) => l.trim().replace(/file:\/\/[^\s)]+?(?=:\d+:\d+)/g, framePath).replace(/(?<=\(|^at )\/[^()]+?(?=:\d+:\d+\)?$)/, (path) => shownPath(path)));
  return diagnostics;
}

/** A stack frame's file URL (an ES module's) as its path, relative as reports show paths: one an editor or a terminal opens. */
function framePath(url: string): string {
  try {
    return shownPath(fileURLToPath(url.replace(/\?[^?]*$/, '')));
  } catch {
    return url;
  }
}

/** A value as YAML can show it: a pattern as its source, an error as its message. */
function shown(value: unknown): unknown {
  if (value instanceof RegExp) return String(value);
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
  return value;
}
