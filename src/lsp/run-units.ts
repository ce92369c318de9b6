// "Run this unit" / "run this document": spec-run itself, as the user would start it
// from the workspace (its configuration applies, its record is written), with the JSON
// reporter, read back into the failing checks and their lines.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { emptyTally, tallyPoint, type Counts, type RunEvent, type UnitTally } from '../model/events.js';
import type { Unit } from '../model/plan.js';
import { failedCheck } from '../run/run-record.js';
import { cliEntry } from '../cli/run-command.js';
import { heldThreadMessageIn } from '../process/held-thread-message.js';
import { asSpawn, tiedToParent } from '../process/containment.js';

/** The line of FILE that TEXT names in parentheses, as the run's label of a step does ("(specs/a.md:9, defined at …)"); null when it names none. */
function lineNamed(text: string, file: string): number | null {
  const at = text.indexOf(`(${file}:`);
  const digits = at < 0 ? null : /^\d+/.exec(text.slice(at + file.length + 2));
  return digits ? Number(digits[0]) : null;
}

export interface FailingCheck {
  /** 1-based line in the document. */
  line: number;
  message: string;
  /** The first line of the unit it belongs to; null when the run did not say (it was ended before its report). */
  unitLine: number | null;
}

export interface FailingElsewhere {
  /** Absolute path of the file. */
  file: string;
  /** 1-based line in that file. */
  line: number;
  message: string;
}

/** What a run said of one unit it started. */
export interface UnitOutcome extends UnitTally {
  /** The unit's first line. */
  line: number;
  /** What it ran as (run/unit-fingerprint.ts): its result stands only for that. */
  fingerprint?: string;
}

export interface RunOutcome {
  exitCode: number;
  /** Why the run failed as spec-run says it on stderr ("the run checked nothing and fails"); null when it passed or said nothing. */
  verdict: string | null;
  /** What the run said of each unit it started. */
  units: UnitOutcome[];
  /** The run's counts; absent when it did not get to its end (a usage error). */
  counts?: Counts;
  failures: FailingCheck[];
  /** The failing checks of other files the run read (a steps file that did not load), each at its own file's line. */
  elsewhere: FailingElsewhere[];
  /** The first line of each unit the run started: their results are this run's, the others' stay as they were. */
  ran: number[];
  /** The run's stderr: its summary line, or why it could not run. */
  stderr: string;
}

/** The event a line of the JSON reporter holds; null for anything else a step printed. */
function eventOf(line: string): RunEvent | null {
  try {
    const value = JSON.parse(line) as RunEvent;
    return typeof value === 'object' && value !== null && typeof value.type === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** The runs started and not yet ended: stopped when the server ends (an editor that crashed mid-run left them running). */
const running = new Set<ChildProcess>();

/** How long a run stopped at the server's shutdown has to end before it is killed. */
const STOP_GRACE_MS = 2000;

/**
 * Stops every run still going: SIGTERM, on which spec-run stops what it runs, its drivers
 * included, and exits; a run that has not ended within STOP_GRACE_MS (its thread held by
 * user code, where no handler runs) is killed. Resolves when they have ended.
 */
export async function stopRuns(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((ended) => {
          child.once('exit', () => ended());
          const kill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
          child.once('exit', () => clearTimeout(kill));
          child.kill('SIGTERM');
        }),
    ),
  );
}

/** Runs the document FILE (as shown from ROOT), or only UNIT of it (FILE:LINE, as cucumber-js's file:line: two units of one heading are two units). */
export function runDocument(root: string, file: string, unit: Unit | null): Promise<RunOutcome> {
  const args = [cliEntry, unit ? `${file}:${unit.line}` : file, '--reporter', 'json'];
  return new Promise((done, fail) => {
    // Tied to the server: a run ends when the server does, however it ends (a crash, SIGKILL), even one whose thread user code holds.
    const child = spawn(...asSpawn(tiedToParent([process.execPath, ...args])), { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    child.once('exit', () => running.delete(child));
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) => {
      const exitCode = code ?? -1;
      const verdict = exitCode === 0 ? null : stderr.split('\n').filter((line) => line.startsWith('spec-run: ')).map((line) => line.slice('spec-run: '.length)).join('; ') || null;
      const outcome: RunOutcome = { exitCode, verdict, units: [], failures: [], elsewhere: [], ran: [], stderr };
      const units = new Map<string, UnitOutcome>();
      const inDocument = (other: string) => resolve(root, other) === resolve(root, file);
      for (const line of stdout.split('\n')) {
        const event = eventOf(line);
        if (!event) continue;
        // A unit of another file (a steps file that did not load) is no unit of this document: its line is that file's.
        if (event.type === 'unit-start' && inDocument(event.at.file)) {
          const started: UnitOutcome = { line: event.at.line, ...emptyTally(), ...(event.fingerprint ? { fingerprint: event.fingerprint } : {}) };
          units.set(event.unitId, started);
          outcome.units.push(started);
          outcome.ran.push(event.at.line);
        }
        if (event.type === 'run-end') outcome.counts = event.counts;
        if (event.type !== 'point') continue;
        const ofUnit = units.get(event.unitId);
        if (ofUnit) tallyPoint(ofUnit, event);
        if (event.ok || event.todo !== undefined || event.skip !== undefined) continue;
        const unitLine = units.get(event.unitId)?.line ?? 1;
        const { message } = failedCheck(event);
        if (!event.at || inDocument(event.at.file)) {
          outcome.failures.push({ line: event.at?.line ?? unitLine, message, unitLine });
          continue;
        }
        // A check of another file (a steps file's load error) is that file's, at its line; this document's unit (else its first line) says where it went wrong.
        outcome.elsewhere.push({ file: resolve(root, event.at.file), line: event.at.line, message });
        outcome.failures.push({ line: unitLine, message: `the run of this document failed in ${event.at.file}:${event.at.line}: ${message}`, unitLine });
      }
      // Ended by the watchdog (user code held its thread past its limit): the report never came; the code's place in
      // this document, as the watchdog names it, is marked with what happened, else the unit run.
      const held = heldThreadMessageIn(stderr);
      if (held !== null) {
        const line = lineNamed(held, file) ?? unit?.line ?? 1;
        outcome.failures.push({ line, message: `stopped past its time limit, and the run with it: ${held}`, unitLine: unit?.line ?? null });
      }
      // The unit asked for was run, whatever the events say of it: its earlier results are replaced.
      if (unit && !outcome.ran.includes(unit.line)) outcome.ran.push(unit.line);
      done(outcome);
    });
  });
}
