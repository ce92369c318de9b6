// `spec-run steps [paths]`: every step definition (the user's, and the built-in ones
// where some document is bound to them), the
// steps of the documents that use it, and the unused ones; load problems and
// ambiguous steps too. Exit 1 when a definition file has a problem or a step is ambiguous;
// exit 2, as the run does, when a directory given holds no document, or a path does not exist.
import { keyedSteps } from '../translate/step-keyword.js';
import { bindStep, libraryFor, shownPath, type CompiledStep } from '../run/scenario/library.js';
import { otherWorld } from '../run/scenario/one-world.js';
import type { ExecutorStepsSetting } from '../run/scenario/executor-steps.js';
import { configuredDocuments } from './discover.js';
import { ConfigError } from './config.js';
import { buildPlan, executorStepsSetting } from './run-command.js';
import { stepFilesOf, type StepFiles } from './step-files.js';
import { definitionKey, documentLibraries, stepsFileErrorsSettled } from './document-libraries.js';

export async function stepsCommand(paths: string[], options: { steps?: string[]; config?: string; executorSteps?: boolean }): Promise<number> {
  // As a run: the configuration's paths when none is given.
  const found = configuredDocuments(paths, options.config);
  if (!found) return 2;
  const { config, discovery } = found;
  let stepFiles: StepFiles;
  let executorSteps: ExecutorStepsSetting;
  try {
    stepFiles = await stepFilesOf(options.steps, config, discovery.files);
    executorSteps = await executorStepsSetting(options.executorSteps, config);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`spec-run: ${error.message}`);
    return 2;
  }
  const { documents } = await buildPlan(discovery.files, executorSteps);
  // Each document bound as a run binds it; the built-in executor steps are listed only when some document is bound to them.
  const libraries = await documentLibraries(documents, stepFiles);
  const uses = new Map<string, string[]>(libraries.steps.map((s) => [definitionKey(s), []]));
  const undefinedSteps: string[] = [];
  const ambiguous: string[] = [];
  const interpreted: string[] = [];
  const refused: string[] = [];
  for (const plan of documents) {
    const file = plan.file;
    const seen = libraryFor(libraries.of(plan), plan.executorSteps !== undefined);
    for (const { unit, step, keyword } of keyedSteps(plan.units)) {
      const at = `${file}:${step.line}`;
      const matches = bindStep(seen, unit, step, keyword);
      // Matched only by a definition of a world its scenario does not run in (one-world.ts): refused, not undefined.
      const refusal = otherWorld(seen, unit, step, keyword);
      if (refusal) refused.push(`${at}  ${step.keyword} ${step.text}\n      ${refusal}`);
      else if (matches.length === 0) undefinedSteps.push(`${at}  ${step.keyword} ${step.text}`);
      if (matches.length > 1) ambiguous.push(`${at}  ${step.keyword} ${step.text}\n      matches ${matches.map((m) => `${place(m.step)} ${m.step.source}`).join('\n      and     ')}`);
      for (const m of matches) (m.step.interpretation ? interpreted : uses.get(definitionKey(m.step)))?.push(`${at}  ${m.step.interpretation ?? ''}`.trimEnd());
    }
  }
  const out: string[] = [];
  if (interpreted.length > 0) out.push(`Read by the executor interpreter (${interpreted.length} steps):`, ...interpreted.map((a) => `    ${a}`));
  for (const step of libraries.steps) {
    const at = uses.get(definitionKey(step))!;
    out.push(`${step.keyword}(${step.source})  ${place(step)}${step.builtin ? '  [built-in]' : ''}`);
    out.push(at.length ? at.map((a) => `    used at ${a}`).join('\n') : '    UNUSED');
  }
  if (undefinedSteps.length) out.push('', 'Undefined steps:', ...undefinedSteps.map((u) => `  ${u}`));
  if (ambiguous.length) out.push('', 'Ambiguous steps:', ...ambiguous.map((a) => `  ${a}`));
  if (refused.length) out.push('', 'Steps refused (they would check a world their scenario does not run in):', ...refused.map((r) => `  ${r}`));
  if (libraries.problems.length) out.push('', 'Problems of the step definitions:', ...libraries.problems.map((p) => `  ${p.file}:${p.line}: ${p.message}`));
  console.log(out.join('\n'));
  const unused = [...uses.values()].filter((u) => u.length === 0).length;
  // What a steps file's timer throws comes before the summary, a problem counted with the others.
  const problems = libraries.problems.length + (await stepsFileErrorsSettled());
  console.error(`${libraries.steps.length} definitions (${unused} unused), ${undefinedSteps.length} undefined steps, ${ambiguous.length} ambiguous, ${refused.length > 0 ? `${refused.length} refused, ` : ''}${problems} problems`);
  return problems > 0 || ambiguous.length > 0 || refused.length > 0 ? 1 : 0;
}

function place(step: CompiledStep): string {
  return `${shownPath(step.file)}:${step.line}`;
}
