// The step library of each document, from the step files it gets (step-files.ts), for the
// commands that look at several documents at once (check, steps, snippets, --list): each
// document is bound as a run binds it. Documents with the same files share one library.
import type { DocumentPlan } from '../model/plan.js';
import { loadStepLibrary, type CompiledStep, type LoadProblem, type StepLibrary } from '../run/scenario/library.js';
import type { StepFiles } from './step-files.js';
import { notReturning } from '../lsp/steps-probe.js';
import { eventLoopIdle, runLateErrors, SETTLE_LIMIT_MS } from '../run/late-errors.js';
import { traceStrayErrors } from '../run/scenario/stray-errors.js';

export interface DocumentLibraries {
  /** The library of a document among those given. */
  of(plan: DocumentPlan): StepLibrary;
  /** Every definition of the libraries, each once, in load order. */
  steps: CompiledStep[];
  /** Every problem of loading them, each once. */
  problems: LoadProblem[];
  /** The steps files not evaluated, their top level tried and found not to return, each with its problem. */
  refused: ReadonlyMap<string, LoadProblem>;
}

/** A definition's identity across libraries: where it is written, and what. */
export const definitionKey = (step: CompiledStep) => `${step.file}:${step.line}:${step.keyword}:${step.source}`;

let sayingStepsFileErrors = false;
/** The errors of steps files' code said so far. */
let stepsFileErrors = 0;

/**
 * From now on, what steps files' code throws outside their load (a timer their top level left
 * calling process.exit, refused) is an error of that file, said at its place, and the command
 * ends with exit status 1: with no run to report it, it ended spec-run with Node's crash trace.
 */
export function sayStepsFileErrors(): void {
  if (sayingStepsFileErrors) return;
  sayingStepsFileErrors = true;
  traceStrayErrors();
  runLateErrors.close((error) => {
    stepsFileErrors += 1;
    const message = typeof error.diagnostics.message === 'string' ? error.diagnostics.message : JSON.stringify(error.diagnostics);
    console.error(`${error.file}:${error.line}: error: ${error.origin}: an error thrown after its load: ${message}`);
    // Whatever status the command returned by then, or returns later.
    process.once('exit', () => void (process.exitCode ||= 1));
  });
}

/**
 * The number of errors of steps files' code said, once what their top level left running (a
 * timer, a socket) has ended, or SETTLE_LIMIT_MS has passed: a command's summary comes after
 * them and counts them. The command then ends (endCommand in program.ts): what is still left
 * is not run on after its summary, nor holds the process.
 */
export async function stepsFileErrorsSettled(): Promise<number> {
  if (!sayingStepsFileErrors) return 0;
  await eventLoopIdle(SETTLE_LIMIT_MS);
  return stepsFileErrors;
}

/** The libraries of PLANS, with the built-in executor steps loaded when any of them is bound to them. */
export async function documentLibraries(plans: DocumentPlan[], stepFiles: StepFiles): Promise<DocumentLibraries> {
  sayStepsFileErrors();
  const builtins = plans.some((plan) => plan.executorSteps !== undefined);
  const byPlan = new Map<DocumentPlan, StepLibrary>();
  // A top level in an endless loop would hold this thread until the watchdog ended the command, nothing said: tried first.
  const refused = await notReturning(stepFiles.all);
  for (const plan of plans) byPlan.set(plan, await loadStepLibrary(stepFiles.of(plan.file), { builtins, refused }));
  const libraries = [...new Set(byPlan.values())];
  const once = <T>(items: T[], key: (item: T) => string) => [...new Map(items.map((item) => [key(item), item])).values()];
  return {
    of: (plan) => byPlan.get(plan)!,
    steps: once(libraries.flatMap((library) => library.steps), definitionKey),
    problems: once(libraries.flatMap((library) => library.problems), (p) => `${p.file}:${p.line}:${p.message}`),
    refused,
  };
}
