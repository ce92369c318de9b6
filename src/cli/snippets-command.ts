// `spec-run snippets [paths]`: the definitions still to write, as one steps file that
// loads: a snippet per distinct expression among the documents' undefined steps, so
// `spec-run snippets specs/ > steps/todo.steps.mjs` gives a file that binds every one
// of them (each returning 'pending' until written).
import { libraryFor, loadStepLibrary, matchStep, stepPlace } from '../run/scenario/library.js';
import { snippetsModule } from '../run/scenario/snippet.js';
import { keyedSteps } from '../translate/step-keyword.js';
import { findDocuments, usableDiscovery } from './discover.js';
import { ConfigError, loadConfig } from './config.js';
import { buildPlan, executorStepsSetting } from './run-command.js';
import { stepFilesOf, type StepFiles } from './step-files.js';
import { documentLibraries } from './document-libraries.js';

export async function snippetsCommand(paths: string[], options: { steps?: string[]; config?: string; executorSteps?: boolean }): Promise<number> {
  const discovery = findDocuments(paths.length ? paths : ['specs/']);
  if (!usableDiscovery(discovery)) return 2;
  let stepFiles: StepFiles;
  let documents;
  try {
    const config = loadConfig(options.config);
    stepFiles = await stepFilesOf(options.steps, config, discovery.files);
    ({ documents } = await buildPlan(discovery.files, await executorStepsSetting(options.executorSteps, config)));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`spec-run: ${error.message}`);
    return 2;
  }
  const builtins = documents.some((plan) => plan.executorSteps);
  const libraries = await documentLibraries(documents, stepFiles);
  const undefinedSteps: { text: string; keyword: string; argument?: 'doc-string' | 'data-table' }[] = [];
  for (const plan of documents) {
    // Undefined as the run finds it: among the steps this document gets.
    const seen = libraryFor(libraries.of(plan), plan.executorSteps !== undefined);
    for (const { unit, step, keyword } of keyedSteps(plan.units)) {
      if (matchStep(seen, step.text, keyword, stepPlace(unit, step)).length === 0) undefinedSteps.push({ text: step.text, keyword, argument: step.argument?.kind });
    }
  }
  // Every file's parameter types and language shape the snippets.
  const module = snippetsModule(await loadStepLibrary(stepFiles.all, { builtins }), undefinedSteps);
  process.stdout.write(module);
  const count = module.split('\n').filter((line) => /^(Given|When|Then)\(/.test(line)).length;
  console.error(`${undefinedSteps.length} undefined steps in ${documents.length} documents: ${count} snippets, one per distinct expression`);
  return 0;
}
