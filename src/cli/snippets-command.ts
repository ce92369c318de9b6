// `spec-run snippets [paths]`: the definitions still to write, as one steps file that
// loads: a snippet per distinct expression among the documents' undefined steps, so
// `spec-run snippets specs/ > steps/todo.steps.mjs` gives a file that binds every one
// of them (each returning 'pending' until written).
import { fstatSync, readlinkSync } from 'node:fs';
import { libraryFor, loadStepLibrary, matchStep, stepPlace } from '../run/scenario/library.js';
import { snippetsModule } from '../run/scenario/snippet.js';
import { keyedSteps } from '../translate/step-keyword.js';
import { configuredDocuments } from './discover.js';
import { ConfigError } from './config.js';
import { buildPlan, executorStepsSetting } from './run-command.js';
import { stepFilesOf, type StepFiles } from './step-files.js';
import { documentLibraries, stepsFileErrorsSettled } from './document-libraries.js';

export type SnippetLanguage = 'js' | 'ts';

/**
 * The language the file stdout is redirected to asks for, by its extension (`> todo.steps.mjs`:
 * JavaScript, `> todo.steps.ts`: TypeScript); undefined for a terminal, a pipe or another name.
 */
function languageOfOutput(): SnippetLanguage | undefined {
  try {
    if (!fstatSync(1).isFile()) return undefined;
    const target = readlinkSync('/proc/self/fd/1');
    return /\.[mc]?ts$/.test(target) ? 'ts' : /\.[mc]?js$/.test(target) ? 'js' : undefined;
  } catch {
    return undefined;
  }
}

export async function snippetsCommand(paths: string[], options: { steps?: string[]; config?: string; executorSteps?: boolean; language?: SnippetLanguage }): Promise<number> {
  // As a run: the configuration's paths when none is given.
  const found = configuredDocuments(paths, options.config);
  if (!found) return 2;
  const { config, discovery } = found;
  let stepFiles: StepFiles;
  let documents;
  try {
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
  // Every file's parameter types shape the snippets; their language is the one asked for, else
  // the file written's, else the project's steps' (TypeScript where the user writes .ts steps).
  const library = await loadStepLibrary(stepFiles.all, { builtins, refused: libraries.refused });
  const output = languageOfOutput();
  const language = options.language ?? output ?? library.language;
  const module = snippetsModule({ ...library, language }, undefinedSteps);
  process.stdout.write(module);
  // What a steps file's timer throws comes before the summary, and fails the command.
  const stepsFileErrors = await stepsFileErrorsSettled();
  const count = module.split('\n').filter((line) => /^(Given|When|Then)\(/.test(line)).length;
  const why = options.language ? '--language' : output ? 'the name of the file written' : library.language === 'ts' ? 'the project writes TypeScript steps; --language js for JavaScript' : 'the default; --language ts for TypeScript';
  console.error(`${undefinedSteps.length} undefined steps in ${documents.length} documents: ${count} snippets, one per distinct expression, in ${language === 'ts' ? 'TypeScript' : 'JavaScript'} (${why})${stepsFileErrors ? `; ${stepsFileErrors} errors of steps files` : ''}`);
  return stepsFileErrors ? 1 : 0;
}
