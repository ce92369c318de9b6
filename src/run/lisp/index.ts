// Runs a Lisp verification document: its definitions load into one driver (an
// SBCL process with the test vocabulary), then its units run in document order
// in that same Lisp environment. Requests of spec code go through here to
// runtime servers started per session. A unit past its time limit, or whose
// driver crashes, fails; the driver and its servers are stopped, and a fresh
// driver with the definitions reloaded runs the next units, each saying so (a
// comment, and a note on each failing point), the units before that load code or
// define run there again first: what the other earlier units did is lost.
import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { RunEvent, SourceRef } from '../../model/events.js';
import { isPropertyDocument, type CheckSite, type CodeRef, type DocumentPlan, type ExpectedAnswer, type Unit } from '../../model/plan.js';
import type { DocumentRunner, Emit, RunOptions, RuntimeConnection } from '../types.js';
import { Driver, DriverExited, type CommandHandlers, type PointMessage, type RequestMessage, type SentCommand } from './driver.js';
import { definedElsewhereNote, definitionLine, unloadedDefinitionNote, unreadableDefinitionNote } from '../../translate/definition-index.js';
import { jsonProblems, requestOf, ToolCallChecker } from '../../translate/json-input.js';
import { expectedMismatches, expectedTextMismatches } from './expected-json.js';
import { runSeed, unitSeed } from '../seeds.js';
import { ServerSet, Transcript, runtimeOf, stdoutTransportWarning } from './servers.js';
import { listedTools } from './listed-tools.js';
import type { Release } from '../quiet-gate.js';
import { runWithRetries } from '../retries.js';
import { measuresTime, unitTimingNeeds, type TimingNeed } from '../timing-sensitive.js';
import { jsonToLisp, lispString } from './sexp.js';
import { asLispText, type BlockInput, type DriverCommand, type LispText, type UnitTests } from './protocol.js';
import { transcriptAttachment } from './transcript-attachment.js';
import { checksNotReached } from './unreached-checks.js';
import { vocabularyDirectoryProblem } from '../../lisp-image/vocabulary-files.js';
import { interruptedReason, whenInterrupted } from '../interrupt.js';
import { setTimeout, clearTimeout } from '../../process/native-timers.js';
import { scanForms, unqualified } from '../../translate/lisp-forms.js';
import { definedNames } from '../../translate/tree-definitions.js';

/** Calls that load code into the driver: a unit making one sets up what the units after it use. */
const LOADING_HEADS = new Set(['load', 'require', 'load-system', 'quickload', 'compile-file']);


/** Problems of the Lisp environment already reported in full by this process, with the unit where. */
const environmentProblems = new Map<string, string>();
export { Transcript } from './servers.js';

export interface LispDocumentOutcome {
  transcript: Transcript;
  /** Seconds spec code slept in the driver (its own `sleep` calls). */
  sleptSeconds: number;
}

type PointEvent = Extract<RunEvent, { type: 'point' }>;

/**
 * A point as the driver sent it, with the length the transcript had then: its
 * diagnostics show the exchanges made before the check, not those of the rest of
 * its unit (a failing trial of a loop, reported once the unit has ended, would
 * otherwise show the last trial's request and response as its own).
 */
interface ReceivedPoint {
  message: PointMessage;
  exchanges: number;
}

/** Admits a request of spec code through the run's quiet gate; the release ends its turn. */
type Admission = (message: RequestMessage) => Promise<Release>;

/** A driver with the document's definitions loaded, and the servers it started. */
class Environment {
  private closed = false;

  private constructor(
    readonly driver: Driver,
    readonly servers: ServerSet,
    private readonly admit: Admission,
  ) {}

  static async open(options: RunOptions, transcript: Transcript, admit: Admission, onStop: (server: RuntimeConnection) => void): Promise<Environment> {
    const gate = options.quietGate;
    const driver = await Driver.start(options.projectRoot, (work) => (gate ? gate.run('shared', work) : work()));
    return new Environment(driver, new ServerSet(runtimeOf(options), transcript, onStop), admit);
  }

  handlers(point: (message: PointMessage) => void): CommandHandlers {
    return {
      point,
      request: async (message) => {
        const release = await this.admit(message);
        try {
          // A request that waited for its turn while its unit was stopped must not start anything.
          if (this.closed) throw new Error('the unit was stopped');
          return await this.serve(message);
        } finally {
          release();
        }
      },
    };
  }

  private async serve(message: RequestMessage): Promise<LispText> {
    switch (message.op) {
      case 'start-server':
        return asLispText(String(await this.servers.start(message.initialize, message.release ?? [])));
      case 'stop-server':
        await this.servers.stop(message.server);
        return NIL;
      case 'send': {
        const line = message.raw ?? JSON.stringify(message.message ?? null);
        const answer = await this.servers.send(message.server, line);
        return answer === null ? NIL : asLispText(jsonToLisp(answer));
      }
      case 'parse-json':
        return asLispText(jsonToLisp(message.text, message.objects));
    }
  }

  /** Stops the driver and the servers; `awaitDriver` false (the document is done) leaves the driver ending while the next document sets up. */
  async close(awaitDriver = true): Promise<void> {
    this.closed = true;
    if (!awaitDriver) this.driver.release();
    await Promise.all([awaitDriver ? this.driver.stop() : undefined, this.servers.stopAll()]);
  }
}

const NIL = asLispText('NIL');

function loadCommand(code: CodeRef, seed: number, unitTests: UnitTests | undefined): DriverCommand {
  return { kind: 'load', file: code.file, line: code.line, text: code.text, seed, ...(unitTests ? { unitTests } : {}) };
}

function unitCommand(unit: Unit, seed: number): DriverCommand {
  const common = { seed, name: unit.name };
  switch (unit.kind) {
    case 'lisp-block':
      return { kind: 'block', file: unit.code.file, line: unit.code.line, text: unit.code.text, ...common, ...(unit.input ? { input: blockInput(unit.input) } : {}) };
    case 'fiveam-test':
      return { kind: 'test', testName: unit.testName, ...common, file: unit.file, line: unit.line, ...(unit.feature ? { feature: unit.feature } : {}) };
    case 'verify-function':
      return { kind: 'verify', functionName: unit.functionName, ...common, file: unit.file, line: unit.line };
    default:
      throw new Error(`not a Lisp unit: ${unit.kind}`);
  }
}

/**
 * The request of an Input block as the driver binds it to `input`: the Lisp shape
 * `send-request` takes, and the JSON spelling of its keys so it is sent back as written.
 * A block that is not JSON binds the text itself.
 */
function blockInput(input: CodeRef): BlockInput {
  const parsed = jsonProblems(input);
  if (Array.isArray(parsed)) return { value: asLispText(lispString(input.text)), keySpellings: [] };
  const spellings = new Set<string>();
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (typeof value === 'object' && value !== null)
      for (const [key, item] of Object.entries(value)) {
        if (key !== key.toLowerCase()) spellings.add(key);
        collect(item);
      }
  };
  collect(parsed.value);
  return { value: asLispText(jsonToLisp(input.text)), keySpellings: [...spellings] };
}

/** What ended a command, when it did not end normally. */
/** A timeout says what the unit printed before its driver was stopped. */
/** A timeout says too where the unit was when its driver was stopped (`stoppedAt`), when the driver could say. */
type Interruption = { kind: 'timeout'; printed?: string; stoppedAt?: { file: string | null; line: number | null }; waitedFor?: string } | { kind: 'failure'; error: Error } | { kind: 'interrupted' };

/**
 * The points of a unit whose driver ended before it did, in the order a unit that finishes
 * reports them: the checks it made, in the order made; LOST, those of the form it was running
 * (which the driver could not report), and ENDING, its failure at that form; then the checks
 * the driver reported skipped past the place it stopped, which trail the points it made.
 */
export function endedUnitPoints(made: PointEvent[], lost: PointEvent[], ending: PointEvent): PointEvent[] {
  let reached = made.length;
  while (reached > 0 && made[reached - 1].skip !== undefined) reached--;
  return [...made.slice(0, reached), ...lost, ending, ...made.slice(reached)];
}

/**
 * A failure loading vocabulary file FILE (as the project names it): the driver places a failing
 * form at its line; a failure of no place (the file could not be read) is the file's.
 */
function vocabularyFailureAt(failure: ReceivedPoint, file: string): ReceivedPoint {
  const message = failure.message;
  if (message.file != null) return failure;
  return { ...failure, message: { ...message, file, line: message.line ?? 1 } };
}

/** Where OUTCOME ended the driver running the code at AT: a call of EXIT that spec code made, or the form running at the time limit; else AT. */
function interruptionPlace(outcome: Exclude<Interruption, { kind: 'interrupted' }>, at: SourceRef): SourceRef {
  const exitAt = outcome.kind === 'failure' && outcome.error instanceof DriverExited ? outcome.error.exitAt : outcome.kind === 'timeout' ? outcome.stoppedAt : undefined;
  return { file: exitAt?.file ?? at.file, line: exitAt?.line ?? at.line };
}

/** Why the driver was stopped in `unit`: the first half of what the units after it say. */
function restartReason(unit: Unit, outcome: Exclude<Interruption, { kind: 'interrupted' }>): string {
  // Said with every later unit: the first line of why, not a driver's whole crash output (which its own unit shows).
  const why = outcome.kind === 'timeout' ? '' : outcome.error.message.split('\n')[0];
  const what = outcome.kind === 'timeout' ? 'exceeded the unit time limit' : `failed (${why.length > 160 ? `${why.slice(0, 157)}...` : why}${why === outcome.error.message ? '' : '; its own failure says the rest'})`;
  return `the unit "${unit.name}" (line ${unit.line}) ${what}`;
}

class DocumentRun {
  readonly transcript = new Transcript();
  sleptSeconds = 0;
  private environment: Environment | null = null;
  /** Definition blocks that hung while loading: not loaded again into a fresh driver. */
  private readonly hungDefinitions = new Set<number>();
  /** Definition blocks that did not load, by index: what happened, for the failures of the units that follow. */
  private readonly unloadedDefinitions = new Map<number, string>();
  /** Vocabulary files whose load ended their driver (a time limit, an exit), as the project names them: the path, and why, where it stopped. */
  private readonly unloadedVocabulary = new Map<string, { path: string; why: string }>();
  private definitionsReported = false;
  /** The blocks of definitions that load where they stand (by index) loaded into the current driver, and those whose failures were reported. */
  private readonly loadedInPlace = new Set<number>();
  private readonly reportedInPlace = new Set<number>();
  private checker: Promise<ToolCallChecker> | null = null;
  /** Where warnings go once per run: the run's record of them, or this document's own without one. */
  private readonly warnedOnce: Set<string>;
  private failed = false;
  /**
   * Set once a unit's driver was stopped (time limit, crash): why. The units after it
   * run in a fresh driver holding the definitions but nothing the units before did,
   * which each of them says.
   */
  private restartedBecause: string | null = null;
  /**
   * The units run in the current driver, in order: the state a unit found there is what
   * they left. A retry runs them again in its fresh driver first (replayUnitsBefore).
   */
  private unitsInEnvironment: Unit[] = [];
  /**
   * The units that load code or define something (setsUp) and ran to their end in a driver of
   * this document: a fresh driver after one a unit ended runs them again before the next unit,
   * so what they loaded is there (reloaded).
   */
  private readonly setupsRun = new Set<string>();
  /** The setup units run again in the current driver, a fresh one after a unit ended its predecessor. */
  private reloaded: Unit[] = [];
  /** While a retry runs: the units run again before it in its fresh driver (replayUnitsBefore). */
  private replayed: Unit[] | null = null;
  private exchangesBeforeUnit = 0;
  private readonly timingNeeds: Map<string, TimingNeed>;
  /** What the running unit needs of the gate, if anything beyond ordinary turns. */
  private unitNeed: TimingNeed | undefined;
  /** The document's events, as reported; failures seen here count for --bail. */
  private readonly report: Emit;
  /** Where a unit's events go: the report, or the buffer of an attempt that may be retried. */
  private emit: Emit;
  /** Set while a timing-sensitive unit holds the quiet gate: its own requests pass. */
  private unitHoldsGate = false;
  /** Where the checks the driver made so far stand ("file:line"): a function whose check lines none is at has not run its checks. */
  private readonly reachedPlaces = new Set<string>();
  /** A unit's command sent to a driver before the command ahead of it was done (sendAhead), and not yet finished. */
  private sentAhead: { unit: Unit; environment: Environment; sent: SentCommand } | null = null;

  constructor(
    private readonly plan: DocumentPlan,
    private readonly options: RunOptions,
    emit: Emit,
  ) {
    this.timingNeeds = unitTimingNeeds(plan);
    this.report = (event) => {
      if (event.type === 'point' && !event.ok && !event.skip) this.failed = true;
      emit(event);
    };
    this.emit = this.report;
    this.warnedOnce = options.warnedOnce ?? new Set();
  }

  /** Warns, once per run and server command, of lines a stopped session's server wrote on stdout that are no JSON-RPC message. */
  private readonly warnOfStdout = (server: RuntimeConnection): void => {
    const wrote = server.notJsonOnStdout?.();
    const key = `stdout ${JSON.stringify(this.options.runtimeCommand)}`;
    if (!wrote || this.warnedOnce.has(key)) return;
    this.warnedOnce.add(key);
    const text = `warning: ${stdoutTransportWarning(this.options.runtimeCommand, wrote)}`;
    console.error(`spec-run: ${this.plan.file}: ${text}`);
    this.report({ type: 'comment', file: this.plan.file, text });
  };

  /** The unit time limit and where it was set, as messages name it. */
  private get unitLimitText(): string {
    return `the unit time limit of ${this.options.unitTimeoutMs} ms (${this.options.unitTimeoutSource ?? '--timeout'})`;
  }

  /**
   * WORK's value, or how the unit's time limit (DEADLINE) or an interruption of spec-run
   * cut it short first: then the signal WORK is given aborts, and what it started stops.
   */
  private async withinUnitLimit<T>(deadline: number, work: (signal: AbortSignal) => Promise<T>): Promise<{ value: T } | { cut: 'timeout' | 'interrupted' }> {
    const stop = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<{ cut: 'timeout' }>((resolve) => {
      timer = setTimeout(() => resolve({ cut: 'timeout' }), Math.max(0, deadline - performance.now()));
    });
    const { interrupted, stopListening } = whenInterrupted(this.options.interrupt);
    const done = work(stop.signal).then((value) => ({ value }));
    const outcome = await Promise.race([done, timeout, interrupted.then(() => ({ cut: 'interrupted' as const }))]);
    clearTimeout(timer);
    stopListening();
    if ('cut' in outcome) {
      done.catch(() => undefined);
      stop.abort(new Error(outcome.cut === 'timeout' ? `no answer within ${this.unitLimitText}; its runtime server was stopped` : interruptedReason(this.options.interrupt!)));
    }
    return outcome;
  }

  /** Ordinary requests take the gate shared, measuring ones exclusive; parse-json and stops need no turn. */
  private readonly admit: Admission = (message) => {
    const gate = this.options.quietGate;
    if (!gate || this.unitHoldsGate || (message.op !== 'send' && message.op !== 'start-server')) return Promise.resolve(() => undefined);
    if (message.op === 'send' && measuresTime(message.message)) return gate.acquire('exclusive');
    return gate.acquire('shared', { prompt: this.unitNeed === 'prompt' });
  };

  /** Starting a process loads the machine: it takes a shared turn, unless this document's unit holds the gate. */
  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const gate = this.options.quietGate;
    return gate && !this.unitHoldsGate ? gate.run('shared', work) : work();
  }

  private emitPoint(event: PointEvent): void {
    this.emit(event);
  }

  private get stopping(): boolean {
    return (this.options.signal?.aborted ?? false) || (this.options.bail && this.failed);
  }

  async run(): Promise<void> {
    try {
      for (const unit of this.plan.units) {
        if (this.stopping) break;
        if (unit.kind === 'scenario') continue;
        if (this.options.dryRun) this.reportNotRun(unit, 'dry run: not run');
        else if (unit.kind === 'json-input') await this.runJsonInput(unit);
        else await this.runLispUnit(unit);
      }
      if (!this.options.dryRun) await this.runUnrunCheckFunctions();
    } finally {
      await this.environment?.close(false);
    }
  }

  /**
   * Each function holding checks that the code calls but whose checks made no point while the
   * units ran (`(mapc #'verify-x '())`, a call in a branch not taken): its checks would pass
   * unrun. One of no arguments runs now as a unit of its own; one needing them reports each
   * check not run, as skipped points.
   */
  private async runUnrunCheckFunctions(): Promise<void> {
    for (const fn of this.plan.calledCheckFunctions ?? []) {
      if (this.stopping) return;
      if (fn.checks.some((check) => this.reachedPlaces.has(`${this.plan.file}:${check.line}`))) continue;
      const unit: Unit = { kind: 'verify-function', id: `${this.plan.file}#unrun-${fn.line}`, name: fn.name, functionName: fn.name, file: this.plan.file, line: fn.line, headingPath: fn.headingPath };
      if (fn.stored) {
        this.reportNotRun(unit, `not run: ${fn.name} is kept as data (in a table, a list or a place), and no unit called it`, fn.checks);
        continue;
      }
      const why = `the code calls ${fn.name}, but none of its checks ran (a call over nothing or in a branch not taken, a check in it not reached)`;
      if (!fn.callableWithoutArguments || fn.variable) {
        this.reportNotRun(unit, `not run: ${why}, and ${fn.variable ? 'a variable holds it, which names no function to run it by' : 'it needs arguments'}`, fn.checks);
        continue;
      }
      this.emit({ type: 'comment', file: this.plan.file, text: `${fn.name} (line ${fn.line}): ${why}: it runs as a unit of its own` });
      await this.runLispUnit(unit);
    }
  }

  /** A unit reported as skipped for `reason`, without running anything. */
  private reportNotRun(unit: Unit, reason: string, checks: CheckSite[] = [{ line: unit.line, text: unit.name }]): void {
    const at = { file: unit.file, line: unit.line };
    this.emit({ type: 'unit-start', file: this.plan.file, unitId: unit.id, name: unit.name, kind: unit.kind, at });
    for (const check of checks) this.emitPoint({ type: 'point', file: this.plan.file, unitId: unit.id, ok: true, name: check.text, at: { file: unit.file, line: check.line }, skip: reason });
    this.emit({ type: 'unit-end', file: this.plan.file, unitId: unit.id, durationMs: 0 });
  }

  /**
   * Runs one driver command under `deadline`; on timeout or crash the environment
   * is closed and forgotten, so the next command gets a fresh one.
   */
  private async command(text: DriverCommand | SentCommand, onPoint: (point: ReceivedPoint) => void, deadline: number, ahead?: Unit): Promise<Interruption | null> {
    const environment = this.environment!;
    const sent = 'kind' in text ? environment.driver.send(text) : text;
    if (ahead) this.sendAhead(ahead, environment);
    const outputMark = sent.outputMark;
    let timer: NodeJS.Timeout | undefined;
    const handlers = environment.handlers((message) => {
      // Any check made counts, a definition's as a unit's, reported or not (a passing load says nothing).
      if (message.skip === undefined && message.file != null && message.line != null) this.reachedPlaces.add(`${message.file}:${message.line}`);
      onPoint({ message, exchanges: this.transcript.exchanges.length });
    });
    const work = environment.driver.finish(sent, handlers).then(
      (done) => {
        this.sleptSeconds += done.slept;
        // A check reached without a point of its own (inside a for-all's trials) ran all the same.
        for (const place of done.reached) this.reachedPlaces.add(place);
        return null;
      },
      (error: Error): Interruption => ({ kind: 'failure', error }),
    );
    const timeout = new Promise<Interruption>((resolve) => {
      timer = setTimeout(() => resolve({ kind: 'timeout' }), Math.max(0, deadline - performance.now()));
    });
    const { interrupted, stopListening } = whenInterrupted(this.options.interrupt);
    const outcome = await Promise.race([work, timeout, interrupted.then((): Interruption => ({ kind: 'interrupted' }))]);
    clearTimeout(timer);
    stopListening();
    // Asked before its servers are stopped: the request a unit stopped at its limit was waiting on, if any.
    const waitedFor = outcome?.kind === 'timeout' ? (environment.servers.handshaking ? 'initialize' : this.unansweredRequest()) : null;
    if (outcome) {
      this.environment = null;
      await environment.close();
    }
    if (outcome?.kind === 'timeout') {
      outcome.printed = environment.driver.printedSince(outputMark);
      outcome.stoppedAt = environment.driver.exitPlace;
      if (waitedFor) outcome.waitedFor = waitedFor;
    }
    return outcome;
  }

  /**
   * Sends UNIT's command to ENVIRONMENT's driver now, while the command before it runs, where
   * that changes nothing but the time it starts: the driver runs it once that one is done,
   * sparing the round trip between them. Not where its start must wait for a verdict before
   * it (--bail, a retry's fresh driver), for a turn of the quiet gate (a unit measuring time)
   * or for more than one run (--runs); nor once the run is stopping. A unit whose command
   * ahead of it ended its driver runs in a fresh one, as always (runLispUnitInTurn).
   */
  private sendAhead(unit: Unit, environment: Environment): void {
    if (unit.kind !== 'lisp-block' && unit.kind !== 'fiveam-test' && unit.kind !== 'verify-function') return;
    if (this.options.bail || (this.options.retries ?? 0) > 0 || this.timingNeeds.has(unit.id) || this.stopping || this.options.interrupt?.aborted) return;
    if (this.runsOf(unit) > 1) return;
    // Blocks of definitions that load where they stand above it load first (loadDefinitionsAbove), then it runs.
    if (this.inPlaceDefinitionsDue(unit.line)) return;
    this.sentAhead = { unit, environment, sent: environment.driver.send(unitCommand(unit, runSeed(unitSeed(this.options.seed, unit), 0))) };
  }

  /** How many times UNIT runs: a property document's FiveAM test, --runs times. */
  private runsOf(unit: Unit): number {
    return unit.kind === 'fiveam-test' && isPropertyDocument(this.plan) && this.options.runs ? this.options.runs : 1;
  }

  /** The unit of the plan that runs right after UNIT (sendAhead sends it only when it is a Lisp unit). */
  private nextUnit(unit: Unit): Unit | undefined {
    const index = this.plan.units.indexOf(unit);
    return index < 0 ? undefined : this.plan.units.slice(index + 1).find((other) => other.kind !== 'scenario');
  }

  /** A fresh environment, unless spec-run is being interrupted: then nothing new starts. */
  private openUnlessInterrupted(): Promise<Environment> {
    if (this.options.interrupt?.aborted) return Promise.reject(new Error(interruptedReason(this.options.interrupt)));
    return this.inTurn(() => Environment.open(this.options, this.transcript, this.admit, this.warnOfStdout));
  }

  /** Stops the driver for WHY: the next unit runs in a fresh one with the definitions loaded again, saying so. */
  private async dropEnvironment(why: string): Promise<void> {
    const environment = this.environment;
    this.environment = null;
    this.restartedBecause = why;
    await environment?.close();
  }

  /** A driver with the definitions loaded; load failures are reported once, as problem units. */
  private async ensureEnvironment(unit?: Unit): Promise<void> {
    if (this.environment) return;
    this.unitsInEnvironment = [];
    this.reloaded = [];
    this.environment = await this.openUnlessInterrupted();
    this.exchangesBeforeUnit = this.transcript.exchanges.length;
    const report = !this.definitionsReported;
    this.definitionsReported = true;
    for (const file of this.options.vocabularyFiles) {
      const directory = vocabularyDirectoryProblem(resolve(this.options.projectRoot, file));
      if (directory !== null) {
        const shown = relative(this.options.projectRoot, resolve(this.options.projectRoot, file)) || file;
        if (report) this.reportLoadFailure(`vocabulary file ${shown}`, { file: shown, line: 1 }, [`${shown} ${directory}`], null, 0);
        continue;
      }
      const failures: ReceivedPoint[] = [];
      const started = performance.now();
      // Named as the project names it: the driver places each failing form of it at its own line.
      const shown = relative(this.options.projectRoot, resolve(this.options.projectRoot, file)) || file;
      const path = resolve(this.options.projectRoot, file);
      const outcome = await this.command({ kind: 'load-file', path, file: shown }, (p) => failures.push(p), started + this.options.unitTimeoutMs);
      // A driver that ended in the file knows nothing of it: its next one is told here why the file's definitions are missing.
      if (outcome && outcome.kind !== 'interrupted') {
        const stopped = interruptionPlace(outcome, { file: shown, line: 1 });
        this.unloadedVocabulary.set(shown, { path, why: `${outcome.kind === 'timeout' ? `did not finish within ${this.unitLimitText}` : 'ended its driver'} at line ${stopped.line}` });
      } else this.unloadedVocabulary.delete(shown);
      if (report && (failures.length || outcome)) {
        const at = { file: shown, line: 1 };
        this.reportLoadFailure(`vocabulary file ${shown}`, at, failures.map((failure) => vocabularyFailureAt(failure, shown)), outcome, performance.now() - started);
      }
      if (!this.environment) this.environment = await this.openUnlessInterrupted();
    }
    // The driver learns the document's tests before the definitions load: with the first block loaded, or alone when none is.
    let unitTestsDue = this.unitTests();
    this.loadedInPlace.clear();
    // Blocks that load where they stand (`loads`) wait for the unit below them (loadDefinitionsAbove).
    const loaded = [...this.plan.definitions.entries()].filter(([index, code]) => code.loads === undefined && !this.hungDefinitions.has(index)).map(([index]) => index);
    const lastLoaded = loaded.at(-1);
    for (const [index, code] of this.plan.definitions.entries()) {
      if (code.loads !== undefined || this.hungDefinitions.has(index)) continue;
      // The unit that opened the environment runs right after the last block loads.
      const outcome = await this.loadDefinitions(index, report, unitTestsDue, index === lastLoaded ? unit : undefined);
      unitTestsDue = undefined;
      if (!outcome) continue;
      this.environment = await this.openUnlessInterrupted();
      // The fresh driver knows the document's tests too: the definitions after the block define them as units.
      unitTestsDue = this.unitTests();
    }
    if (unitTestsDue) await this.command({ kind: 'unit-tests', ...unitTestsDue }, () => undefined, performance.now() + this.options.unitTimeoutMs);
  }

  /**
   * Loads the document's blocks of definitions that load where they stand (`in-place`) and start
   * at or above LINE (a unit's: a test at LINE may be one they define), not yet in this driver,
   * in order. One that hangs or ends its driver is left out of every later load, and the units
   * after it run in a fresh driver, saying so.
   */
  private async loadDefinitionsAbove(line: number): Promise<void> {
    for (const [index, code] of this.plan.definitions.entries()) {
      if (code.loads?.at !== 'in-place' || code.file !== this.plan.file || code.line > line || this.loadedInPlace.has(index)) continue;
      this.loadedInPlace.add(index);
      const outcome = await this.loadDefinitions(index, !this.reportedInPlace.has(index));
      this.reportedInPlace.add(index);
      if (outcome && outcome.kind !== 'interrupted') {
        this.restartedBecause = `the definitions at line ${code.line} ${this.unloadedDefinitions.get(index) ?? 'ended their driver'}`;
        await this.ensureEnvironment();
        return this.loadDefinitionsAbove(line);
      }
      if (outcome) return;
    }
  }

  /** Whether blocks of definitions that load where they stand, at or above LINE, are not yet in this driver. */
  private inPlaceDefinitionsDue(line: number): boolean {
    return this.plan.definitions.some((code, index) => code.loads?.at === 'in-place' && code.file === this.plan.file && code.line <= line && !this.loadedInPlace.has(index) && !this.hungDefinitions.has(index));
  }

  /** Loads the definitions at INDEX of the plan into the driver, reporting a failure when REPORT: what stopped them, if anything (the driver is then gone). */
  private async loadDefinitions(index: number, report: boolean, unitTests?: UnitTests, ahead?: Unit): Promise<Interruption | null> {
    const code = this.plan.definitions[index];
    if (this.hungDefinitions.has(index)) return null;
    const failures: ReceivedPoint[] = [];
    // Definitions may draw random numbers too (a defvar of a generated value).
    const seed = unitSeed(this.options.seed, { id: `${code.file}#definitions-${index + 1}`, file: code.file });
    const started = performance.now();
    const outcome = await this.command(loadCommand(code, seed, unitTests), (p) => failures.push(p), started + this.options.unitTimeoutMs, ahead);
    if (report && (failures.length || outcome)) this.reportLoadFailure(code.borrowed ? `definitions borrowed from ${code.file}:${code.line}` : `definitions at line ${code.line}`, { file: code.file, line: code.line }, failures, outcome, performance.now() - started);
    const failure = failures.find((p) => !p.message.ok);
    if (outcome && outcome.kind !== 'interrupted')
      this.unloadedDefinitions.set(index, `${outcome.kind === 'timeout' ? `did not finish within the unit time limit of ${this.options.unitTimeoutMs} ms` : `ended their driver (${outcome.error.message})`}, and are left out of every later load: nothing they define is there`);
    else if (failure) this.unloadedDefinitions.set(index, `failed at ${String(failure.message.diagnostics?.form ?? failure.message.name)}: what they define after it is not there`);
    else this.unloadedDefinitions.delete(index);
    // The block hung or killed the driver: leave it out of every later load.
    if (outcome) this.hungDefinitions.add(index);
    return outcome;
  }

  /** Which FiveAM tests are units of their own, told the driver before definitions define them (a test defined otherwise fails where it is); none when the plan defines none. */
  private unitTests(): UnitTests | undefined {
    const testNames = this.plan.units.flatMap((unit) => (unit.kind === 'fiveam-test' ? [unit.testName] : []));
    const plannedTestNames = this.plan.plannedTests ?? testNames;
    return plannedTestNames.length > 0 ? { testNames, plannedTestNames } : undefined;
  }

  /** FAILURES: the driver's points, or the reasons spec-run found itself, before asking the driver. */
  private reportLoadFailure(name: string, at: SourceRef, failures: (ReceivedPoint | string)[], outcome: Interruption | null, durationMs: number): void {
    // A definition borrowed from another document is named by its place there, apart from this document's lines.
    const unitId = at.file === this.plan.file ? `${this.plan.file}#load-${at.line}` : `${this.plan.file}#load-${at.file}:${at.line}`;
    this.emit({ type: 'unit-start', file: this.plan.file, unitId, name, kind: 'problem', at });
    for (const failure of failures) {
      this.emitPoint(typeof failure === 'string' ? { type: 'point', file: this.plan.file, unitId, ok: false, name: `${name} loads`, at, diagnostics: { reason: failure } } : this.pointEvent(unitId, failure, at));
    }
    if (outcome) this.emitPoint(this.interruptionPoint(unitId, name, at, outcome));
    this.emit({ type: 'unit-end', file: this.plan.file, unitId, durationMs: Math.round(durationMs) });
  }

  private pointEvent(unitId: string, { message, exchanges }: ReceivedPoint, fallback: SourceRef, extra?: Record<string, unknown>): PointEvent {
    const at = { file: message.file ?? fallback.file, line: message.line ?? fallback.line };
    const event: PointEvent = { type: 'point', file: this.plan.file, unitId, ok: message.ok, name: message.name, at };
    if (message.skip !== undefined) event.skip = message.skip;
    if (message.unchecked) event.unchecked = true;
    const borrowed = this.borrowedAt(at);
    if (borrowed.length && message.skip === undefined) event.notes = borrowed;
    if (!message.ok) {
      event.diagnostics = { ...this.withDefinedElsewhere(message.diagnostics ?? {}), ...this.lastExchange(exchanges), ...this.environmentNote(), ...extra };
      this.attachTranscript(event, exchanges);
    }
    return event;
  }

  /** What the check at AT uses of other documents of the specification tree: a pass may be theirs, not this document's. */
  private borrowedAt(at: SourceRef): string[] {
    if (at.file !== this.plan.file) return [];
    const use = this.plan.borrowedUses?.find(({ from, to }) => from <= at.line && at.line <= to);
    return (use?.names ?? []).map(({ name, file, line }) => `uses ${name} defined in ${file}:${line}, another document of the specification tree (frontmatter borrow: false or --no-borrow refuses it)`);
  }

  /** A failing point carries the MCP exchanges of its unit so far, or up to the `upTo`th of the transcript (its check). */
  private attachTranscript(event: PointEvent, upTo = this.transcript.exchanges.length): PointEvent {
    const attachment = transcriptAttachment(this.transcript.exchanges.slice(this.exchangesBeforeUnit, upTo));
    if (attachment) event.attachments = [...(event.attachments ?? []), attachment];
    return event;
  }

  /** A call of an undefined function gets, in its reason, the block of its document that cannot be read or another document that defines the name. */
  private withDefinedElsewhere(diagnostics: Record<string, unknown>): Record<string, unknown> {
    const name = diagnostics.undefined;
    const unloaded = [...this.unloadedDefinitions].map(([index, why]) => ({ ...this.plan.definitions[index], why }));
    if (typeof name !== 'string') return diagnostics;
    const refused = this.plan.refusedBorrowing?.names.filter((borrowed) => borrowed.name === name.toLowerCase()) ?? [];
    if (refused.length)
      return { ...diagnostics, reason: `${name} is defined only in another document (${refused.map((r) => `${r.file}:${r.line}`).join(', ')}), and this document takes no definition from the others (${this.plan.refusedBorrowing!.by})` };
    const vocabulary = [...this.unloadedVocabulary].map(([file, { path, why }]) => ({ file, why, definedAt: existsSync(path) ? definitionLine(readFileSync(path, 'utf8'), name) : null }));
    const defining = vocabulary.find((file) => file.definedAt !== null);
    // The driver, fresh after the file ended its predecessor, says that the vocabulary does not define it: it does, but did not load.
    if (defining) return { ...diagnostics, reason: `${name} is called here, but is not defined: the vocabulary file ${defining.file} defines it at line ${defining.definedAt}, but ${defining.why}` };
    const note = [
      unreadableDefinitionNote(this.plan, name) ?? unloadedDefinitionNote(unloaded, name) ?? definedElsewhereNote(this.options.definitions, name, this.plan.file),
      ...vocabulary.map((file) => `the vocabulary file ${file.file} did not load whole, it ${file.why} (its definition may be what failed)`),
    ].filter((part) => part !== null);
    return note.length ? { ...diagnostics, reason: `${String(diagnostics.reason)}; ${note.join('; ')}` } : diagnostics;
  }

  /**
   * The last request and response of the running unit so far, or among the first `upTo` of the transcript, if it made any,
   * with how long the answer took: a check about a timeout is read against it.
   */
  private lastExchange(upTo = this.transcript.exchanges.length): Record<string, unknown> {
    const last = upTo > this.exchangesBeforeUnit ? this.transcript.exchanges[upTo - 1] : undefined;
    if (!last) return {};
    return last.response === null
      ? { request: last.request, response: null, ...(last.serverWrote ? { serverWrote: last.serverWrote } : {}) }
      : { request: last.request, response: last.response, answeredAfterMs: Math.round(last.durationMs) };
  }

  /** The method of the running unit's last exchange when it is a request the runtime server never answered, else null. */
  private unansweredRequest(): string | null {
    const last = this.transcript.exchanges.length > this.exchangesBeforeUnit ? this.transcript.exchanges[this.transcript.exchanges.length - 1] : undefined;
    const request = last?.request as { id?: unknown; method?: unknown } | undefined;
    return last && last.response === null && request && typeof request === 'object' && request.id !== undefined && typeof request.method === 'string' ? request.method : null;
  }

  /** What a failing point says of its environment when it ran in a fresh one. */
  private environmentNote(): Record<string, unknown> {
    return {
      ...(this.restartedBecause ? { environment: this.freshEnvironmentText() } : {}),
      ...(this.unloadedDefinitions.size ? { definitions: this.unloadedDefinitionsText() } : {}),
    };
  }

  /** The definition blocks that did not load, and why: what they define is missing from every unit's environment. */
  private unloadedDefinitionsText(): string {
    const blocks = [...this.unloadedDefinitions].map(([index, why]) => {
      const code = this.plan.definitions[index];
      return `the definitions ${code.borrowed ? `borrowed from ${code.file}:${code.line}` : `at line ${code.line}`} ${why}`;
    });
    return blocks.join('; ');
  }

  private freshEnvironmentText(): string {
    const reloaded = this.reloaded.length ? `, and the units before it that load code or define (${this.reloaded.map((before) => `line ${before.line}`).join(', ')}) ran there again first, their points not reported` : '';
    const unitsBefore =
      this.replayed === null
        ? `${reloaded}, but nothing ${reloaded ? 'else ' : ''}the units before did is there (values they set, what they evaluated in sessions)`
        : this.replayed.length
          ? `, and the units its failed attempt's driver had run before it (${this.replayed.map((before) => `line ${before.line}`).join(', ')}) ran there again first, their points not reported`
          : ", and its failed attempt's driver had run no unit before it";
    return `ran in a fresh Lisp environment: ${this.restartedBecause}, so its driver was stopped; the document's definitions were loaded again${this.hungDefinitions.size ? ' (but those that hung or ended their driver)' : ''}${unitsBefore}`;
  }

  private interruptionPoint(unitId: string, name: string, at: SourceRef, outcome: Interruption): PointEvent {
    if (outcome.kind === 'interrupted') {
      return { type: 'point', file: this.plan.file, unitId, ok: true, name: `${name} completes`, at, skip: interruptedReason(this.options.interrupt!) };
    }
    const reason =
      outcome.kind === 'timeout'
        ? `${name} exceeded ${this.unitLimitText}${outcome.waitedFor ? ` waiting for the runtime server's answer to its "${outcome.waitedFor}" request, which never came` : ''}; its driver and runtime servers were stopped`
        : outcome.error.message;
    const printed = outcome.kind === 'timeout' && outcome.printed ? { printed: outcome.printed } : {};
    // A driver that spec code's EXIT ended fails at that call; one stopped at the time limit, at the form it was running.
    return this.attachTranscript({ type: 'point', file: this.plan.file, unitId, ok: false, name: `${name} completes`, at: interruptionPlace(outcome, at), diagnostics: { reason, ...this.lastExchange(), ...printed } });
  }

  /**
   * The checks UNIT did not reach when OUTCOME ended its driver before the unit did, as
   * skipped points: a driver that stopped the unit itself (a call of EXIT it caught, which
   * says where) has reported them; one that ended at once (`_exit`, a kill, a crash, the
   * time limit) could not.
   */
  private checksLostWithDriver(unit: Unit, points: ReceivedPoint[], outcome: Interruption): { at: SourceRef; text: string; skip: string }[] {
    if (outcome.kind === 'interrupted' || (outcome.kind === 'failure' && outcome.error instanceof DriverExited && outcome.error.exitAt)) return [];
    // A driver stopped at the time limit reports the checks after the form it was running: those left are in that form.
    const stoppedLine = outcome.kind === 'timeout' ? outcome.stoppedAt?.line : undefined;
    const skip =
      outcome.kind !== 'timeout'
        ? 'not run: the driver process ended before it'
        : stoppedLine != null
          ? `not run to its end: the unit exceeded its time limit in the form at line ${stoppedLine}, which was running, and its driver was stopped`
          : 'not run: the unit exceeded its time limit before it, and its driver was stopped';
    const reached = points.map(({ message }) => ({ file: message.file ?? unit.file, line: message.line ?? unit.line }));
    return checksNotReached(this.plan, unit, reached).map((check) => ({ ...check, skip }));
  }

  /**
   * Runs UNITS again, in order and with their seeds, their points not reported: in the fresh
   * driver of a retry, the state its first attempt found (FOR 'retry'); in the fresh driver
   * after one a unit ended, what the units that set up loaded and defined (FOR 'setup'). Null
   * when they ran to their ends, else why the unit cannot run in the state it needs.
   */
  private async replayUnitsBefore(units: Unit[], purpose: 'retry' | 'setup'): Promise<string | null> {
    for (const before of units) {
      await this.loadDefinitionsAbove(before.line);
      const outcome = await this.command(unitCommand(before, unitSeed(this.options.seed, before)), () => undefined, performance.now() + this.options.unitTimeoutMs);
      if (outcome) {
        const ended = outcome.kind === 'timeout' ? `exceeded ${this.unitLimitText}` : outcome.kind === 'interrupted' ? 'was interrupted' : `ended its driver (${outcome.error.message})`;
        return purpose === 'retry'
          ? `the unit "${before.name}" (line ${before.line}), run again first to give the retry the state its first attempt had, ${ended}: a pass in other conditions would not be this unit's`
          : `${this.restartedBecause}, so its driver was stopped; in the fresh driver, the unit "${before.name}" (line ${before.line}), run again first to load what it loads, ${ended}: without it, this unit would not run as written`;
      }
      this.unitsInEnvironment.push(before);
    }
    if (purpose === 'retry') this.replayed = units;
    else this.reloaded = units;
    return null;
  }

  /** Whether UNIT loads code or defines something (a `load`, a `require`, a `defun` in a block that holds other code too): a fresh driver runs it again. */
  private static setsUp(unit: Unit): boolean {
    if (unit.kind !== 'lisp-block') return false;
    return scanForms(unit.code.text, unit.code.line).forms.some((form) => (form.head !== null && LOADING_HEADS.has(unqualified(form.head))) || definedNames(form.node).length > 0);
  }

  /** The setup units before UNIT that ran to their end in an earlier driver of this document, in document order. */
  private setupsBefore(unit: Unit): Unit[] {
    const index = this.plan.units.indexOf(unit);
    return this.plan.units.filter((before, i) => (index < 0 || i < index) && before.id !== unit.id && this.setupsRun.has(before.id));
  }

  private async runLispUnit(unit: Unit): Promise<void> {
    const gate = this.options.quietGate;
    this.unitNeed = this.timingNeeds.get(unit.id);
    const release = gate && this.unitNeed === 'exclusive' ? await gate.acquire('exclusive') : null;
    this.unitHoldsGate = release !== null;
    let attempt = 0;
    // Why the first attempt's driver was a fresh one, if it was: so is the driver of a retry whose units before ran again.
    const restartedBefore = this.restartedBecause;
    try {
      await runWithRetries(
        this.options.retries ?? 0,
        unit.id,
        async (emit) => {
          this.emit = emit;
          try {
            // A retry starts afresh: in the driver the failed attempt left, what it set (a cache it
            // filled, a counter) would make the retry pass where the unit, run anew, still fails.
            // The units the first attempt's driver had run are run there again first: without
            // what they set, a failure that depends on it would pass as flaky.
            const unitsBefore = attempt === 0 ? [] : this.unitsInEnvironment.filter((before) => before.id !== unit.id);
            if (++attempt > 1) await this.dropEnvironment(`the unit "${unit.name}" (line ${unit.line}) failed and is retried`);
            await this.runLispUnitInTurn(unit, attempt > 1 ? unitsBefore : undefined);
            // Its driver, lived through, holds what the first attempt's held: the units after it find the state they would have.
            if (this.replayed !== null && this.environment) this.restartedBecause = restartedBefore;
          } finally {
            this.replayed = null;
            this.emit = this.report;
          }
        },
        this.report,
        this.options.interrupt,
      );
    } finally {
      this.unitHoldsGate = false;
      this.unitNeed = undefined;
      release?.();
    }
  }

  private async runLispUnitInTurn(unit: Unit, unitsBefore?: Unit[]): Promise<void> {
    const at = { file: unit.file, line: unit.line };
    const seed = unitSeed(this.options.seed, unit);
    let environmentError: Error | null = null;
    let notReplayed: string | null = null;
    // A fresh driver after one a unit ended: the units that loaded code or defined something run there again first.
    const setups = !unitsBefore && this.environment === null && this.restartedBecause !== null ? this.setupsBefore(unit) : [];
    try {
      await this.ensureEnvironment(unitsBefore || setups.length ? undefined : unit);
      if (unitsBefore) notReplayed = await this.replayUnitsBefore(unitsBefore, 'retry');
      else if (setups.length) notReplayed = await this.replayUnitsBefore(setups, 'setup');
      if (notReplayed === null) await this.loadDefinitionsAbove(unit.line);
    } catch (error) {
      environmentError = error as Error;
    }
    // The unit's time limit is its own: the definitions' load has a limit of its own, and is reported apart.
    const started = performance.now();
    const deadline = started + this.options.unitTimeoutMs;
    this.exchangesBeforeUnit = this.transcript.exchanges.length;
    this.emit({ type: 'unit-start', file: this.plan.file, unitId: unit.id, name: unit.name, kind: unit.kind, at });
    if (this.restartedBecause && notReplayed === null) this.emit({ type: 'comment', file: this.plan.file, unitId: unit.id, text: `${unit.name} ${this.freshEnvironmentText()}` });
    let reportedSeed = seed;
    if (notReplayed !== null) {
      // A pass in other conditions than the failed attempt's is no pass.
      const name = unitsBefore ? `${unit.name} is retried in the conditions of its first attempt` : `${unit.name} runs with what the units before it loaded`;
      this.emitPoint({ type: 'point', file: this.plan.file, unitId: unit.id, ok: false, name, at, diagnostics: { reason: notReplayed } });
    } else if (environmentError && this.options.interrupt?.aborted) {
      this.emitPoint({ type: 'point', file: this.plan.file, unitId: unit.id, ok: true, name: unit.name, at, skip: interruptedReason(this.options.interrupt) });
    } else if (environmentError) {
      // A missing library or cache fails every unit the same way: said in full once, then pointed to.
      const first = environmentProblems.get(environmentError.message);
      if (first === undefined) environmentProblems.set(environmentError.message, `${at.file}:${at.line}`);
      const reason = first === undefined ? `the driver could not start: ${environmentError.message}` : `the driver could not start: the problem reported at ${first}`;
      this.emitPoint({ type: 'point', file: this.plan.file, unitId: unit.id, ok: false, name: unit.name, at, diagnostics: { reason } });
    } else {
      const runs = this.runsOf(unit);
      // Its command, when the one before it sent it ahead to the driver it runs in.
      const ahead = this.sentAhead?.unit === unit && this.sentAhead.environment === this.environment ? this.sentAhead.sent : undefined;
      this.sentAhead = null;
      for (let run = 0; run < runs; run++) {
        const seedOfRun = runSeed(seed, run);
        reportedSeed = seedOfRun;
        const points: ReceivedPoint[] = [];
        const next = run === runs - 1 && !unitsBefore ? this.nextUnit(unit) : undefined;
        const outcome = await this.command((run === 0 && ahead) || unitCommand(unit, seedOfRun), (p) => points.push(p), deadline, next);
        if (!outcome && run === 0) this.unitsInEnvironment.push(unit);
        if (!outcome && DocumentRun.setsUp(unit)) this.setupsRun.add(unit.id);
        const failedRun = outcome !== null || points.some((p) => !p.message.ok);
        const runNote = runs > 1 ? { seed: seedOfRun, run: run + 1, runs } : { seed: seedOfRun };
        if (failedRun || run === runs - 1) {
          const made = points.map((point) => this.pointEvent(unit.id, point, at, runNote));
          if (outcome) {
            const lost = this.checksLostWithDriver(unit, points, outcome).map((check): PointEvent => ({ type: 'point', file: this.plan.file, unitId: unit.id, ok: true, name: check.text, at: check.at, skip: check.skip }));
            const interruption = this.interruptionPoint(unit.id, unit.name, at, outcome);
            const later = outcome.kind === 'interrupted' ? {} : { later: 'the units after it run in a fresh Lisp environment, each saying so' };
            const ending = { ...interruption, diagnostics: { ...interruption.diagnostics, ...later, ...runNote } };
            for (const point of endedUnitPoints(made, lost, ending)) this.emitPoint(point);
            if (outcome.kind !== 'interrupted') this.restartedBecause = restartReason(unit, outcome);
          } else for (const point of made) this.emitPoint(point);
          if (runs > 1)
            this.emit({
              type: 'comment',
              file: this.plan.file,
              unitId: unit.id,
              text: failedRun
                ? `${unit.name}: run ${run + 1} of ${runs} failed with seed ${seedOfRun}; reproduce with --seed ${this.options.seed} --runs ${run + 1}`
                : `${unit.name}: ${runs} runs passed`,
            });
          break;
        }
      }
    }
    this.emit({ type: 'unit-end', file: this.plan.file, unitId: unit.id, durationMs: performance.now() - started, seed: reportedSeed });
  }

  /**
   * The tools the runtime lists, asked once per document; SIGNAL (the asking unit's limit)
   * stops the asking, and every lone Input after it fails with the same reason.
   */
  private toolChecker(signal: AbortSignal): Promise<ToolCallChecker> {
    this.checker ??= (async () => {
      const server = await this.inTurn(() => runtimeOf(this.options).connect(true, signal));
      try {
        return new ToolCallChecker(await listedTools(server, signal));
      } finally {
        this.warnOfStdout(server);
        await server.stop();
      }
    })();
    return this.checker;
  }

  private async runJsonInput(unit: Extract<Unit, { kind: 'json-input' }>): Promise<void> {
    const at = { file: unit.code.file, line: unit.code.line };
    const started = performance.now();
    this.emit({ type: 'unit-start', file: this.plan.file, unitId: unit.id, name: unit.name, kind: unit.kind, at });
    if (unit.expected) return this.runInputWithExpected(unit, unit.expected, at, started);
    const paired = unit.pairedWith !== undefined;
    const name = paired ? 'the JSON is a well-formed JSON object' : 'the JSON is a valid tools/call request for a tool the runtime lists';
    let problems: string[];
    if (paired) {
      const parsed = jsonProblems(unit.code);
      problems = Array.isArray(parsed) ? parsed : [];
    } else {
      const checked = await this.withinUnitLimit(started + this.options.unitTimeoutMs, async (signal) => (await this.toolChecker(signal)).problems(unit.code)).catch((error: Error) => ({ error }));
      if ('cut' in checked && checked.cut === 'interrupted') return this.endInterrupted(unit, name, at, started);
      problems =
        'value' in checked
          ? checked.value
          : [`cannot ask the runtime for its tools: ${'error' in checked ? checked.error.message : `it did not answer tools/list within ${this.unitLimitText}; its server was stopped`}`];
    }
    this.emitPoint({
      type: 'point',
      file: this.plan.file,
      unitId: unit.id,
      ok: problems.length === 0,
      name,
      at,
      ...(problems.length ? { diagnostics: { problems, json: unit.code.text } } : {}),
      // The document's own text parsing says nothing of the answer: its Expected block checks that, or nothing does.
      ...(paired && problems.length === 0 ? { unchecked: true as const } : {}),
    });
    this.emit({ type: 'unit-end', file: this.plan.file, unitId: unit.id, durationMs: performance.now() - started });
  }

  /** A JSON unit an interruption of spec-run cut short: its point is skipped, saying so. */
  private endInterrupted(unit: Unit, name: string, at: SourceRef, started: number): void {
    this.emitPoint({ type: 'point', file: this.plan.file, unitId: unit.id, ok: true, name, at, skip: interruptedReason(this.options.interrupt!) });
    this.emit({ type: 'unit-end', file: this.plan.file, unitId: unit.id, durationMs: performance.now() - started });
  }

  /** The Input's request, sent to a fresh initialized session: one point, ok when the response holds the Expected JSON or its answer's text the Expected text. */
  private async runInputWithExpected(unit: Extract<Unit, { kind: 'json-input' }>, expected: ExpectedAnswer, at: SourceRef, started: number): Promise<void> {
    this.exchangesBeforeUnit = this.transcript.exchanges.length;
    const name = expected.form === 'json' ? `the response holds the Expected JSON of line ${expected.line}` : `the text of the answer holds the Expected text of line ${expected.line}`;
    if (expected.checksNothing) {
      // A check that holds for any answer passes: said where the run is read, at the block.
      const text = `warning: ${expected.file}:${expected.line}: ${expected.checksNothing}`;
      console.error(`spec-run: ${text}`);
      this.emit({ type: 'comment', file: this.plan.file, unitId: unit.id, text });
    }
    let problems: string[];
    const parsedInput = jsonProblems(unit.code);
    const parsedExpected = expected.form === 'json' ? jsonProblems(expected) : { value: expected.text };
    if (Array.isArray(parsedInput)) problems = parsedInput.map((p) => `the Input: ${p}`);
    else if (Array.isArray(parsedExpected)) problems = parsedExpected.map((p) => `the Expected block at line ${expected.line}: ${p}`);
    else {
      const servers = new ServerSet(runtimeOf(this.options), this.transcript, this.warnOfStdout);
      try {
        const answered = await this.withinUnitLimit(started + this.options.unitTimeoutMs, async (signal) => {
          // Past the limit, the session is stopped: a start or an answer still awaited fails at once.
          signal.addEventListener('abort', () => void servers.stopAll(), { once: true });
          const id = await this.inTurn(() => servers.start(true));
          return servers.send(id, JSON.stringify(requestOf(parsedInput.value)));
        });
        if ('cut' in answered && answered.cut === 'interrupted') return this.endInterrupted(unit, name, at, started);
        problems =
          'cut' in answered
            ? [`the request was not answered within ${this.unitLimitText}; its runtime server was stopped`]
            : answered.value === null
              ? ['the Input is a notification: nothing answers it']
              : expected.form === 'json'
                ? expectedMismatches(parsedExpected.value, JSON.parse(answered.value))
                : expectedTextMismatches(expected.text, JSON.parse(answered.value));
      } catch (error) {
        problems = [`the request could not be answered: ${(error as Error).message}`];
      } finally {
        await servers.stopAll();
      }
    }
    // An Expected block that does not parse is a problem of its own place, not the Input's.
    const where = !Array.isArray(parsedInput) && Array.isArray(parsedExpected) ? { file: expected.file, line: expected.line } : at;
    const point: PointEvent = { type: 'point', file: this.plan.file, unitId: unit.id, ok: problems.length === 0, name, at: where };
    this.emitPoint(problems.length ? this.attachTranscript({ ...point, diagnostics: { problems, ...this.lastExchange() } }) : point);
    this.emit({ type: 'unit-end', file: this.plan.file, unitId: unit.id, durationMs: performance.now() - started });
  }
}

/** Runs `plan` and returns its transcript with the runtime servers, for diagnostics and benchmarks. */
export async function runLispDocumentWithTranscript(plan: DocumentPlan, options: RunOptions, emit: Emit): Promise<LispDocumentOutcome> {
  const run = new DocumentRun(plan, options, emit);
  await run.run();
  return { transcript: run.transcript, sleptSeconds: run.sleptSeconds };
}

export const runLispDocument: DocumentRunner = async (plan, options, emit) => {
  await runLispDocumentWithTranscript(plan, options, emit);
};
