// Where the built-in executor vocabulary applies. It is a step library like a user's,
// and like a user's it binds only the documents it was asked for: a team's OpenSpec
// document that says "WHEN a command executes" must not pass on spec-run's own
// definition of that sentence. It is active for a document when
//  - the command line says so (--executor-steps), or the configuration's `executorSteps`
//    is true or has a glob matching the document (relative to the configuration); or
//  - the document is itself an executor specification: one of its scenarios carries a
//    YAML block whose top level is a stop-hook configuration (a `stop:` mapping), which
//    only the executor can run.
// The decision is made once per document, kept on its plan (`executorSteps`), and shown
// by --list; the runner, check and `spec-run steps` read it from there.
import path from 'node:path';
import { parseDocument } from 'yaml';
import { QUIET_YAML } from '../../parse/yaml-options.js';
import type { DocumentPlan } from '../../model/plan.js';

/** How the run enables the vocabulary: everywhere (true), for documents matching globs, or nowhere but where a document asks. */
export interface ExecutorStepsSetting {
  /** --executor-steps, or the configuration's `executorSteps: true`. */
  everywhere: boolean;
  /** Documents the configuration's globs matched (absolute paths). */
  documents: ReadonlySet<string>;
  /** What enabled it, for the reason shown: "--executor-steps", "spec-run.config.json". */
  source: string;
}

export const NO_EXECUTOR_STEPS: ExecutorStepsSetting = { everywhere: false, documents: new Set(), source: '' };

/** Why the built-in executor steps apply to PLAN's scenarios, or null when they do not. */
export function executorStepsReason(plan: DocumentPlan, setting: ExecutorStepsSetting): string | null {
  if (plan.family !== 'openspec') return null;
  if (setting.everywhere) return `enabled by ${setting.source}`;
  if (setting.documents.has(path.resolve(plan.file))) return `enabled for this document by ${setting.source}`;
  for (const unit of plan.units) {
    if (unit.kind !== 'scenario') continue;
    const block = unit.configs.find((config) => /^ya?ml$/i.test(config.lang ?? '') && isStopHookConfiguration(config.text));
    if (block) return `the YAML block at line ${block.line} is a stop-hook configuration (stop:), which the executor runs`;
  }
  return null;
}

/** PLANS with `executorSteps` set where the vocabulary applies. */
export function markExecutorSteps<T extends DocumentPlan>(plans: T[], setting: ExecutorStepsSetting): T[] {
  return plans.map((plan) => {
    const reason = executorStepsReason(plan, setting);
    return reason === null ? plan : { ...plan, executorSteps: { reason } };
  });
}

function isStopHookConfiguration(text: string): boolean {
  // Only the top level is looked at: an invalid configuration (a scenario about validation errors) is still one.
  const document = parseDocument(text, { ...QUIET_YAML, uniqueKeys: false });
  const stop = document.contents !== null && 'get' in document.contents ? (document.contents as { get(key: string): unknown }).get('stop') : undefined;
  return stop !== undefined && stop !== null && typeof stop === 'object';
}
