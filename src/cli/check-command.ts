// `spec-run check [paths]`: validates documents without running them and prints
// file:line:col messages an editor can jump to. Exit 1 when any error is found.
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { parseFile } from '../parse/index.js';
import { translate } from '../translate/index.js';
import { checkOpenspecChanges, isOfActiveChange } from '../check/openspec-changes.js';
import { checkDocument, checkStepFiles, formatMessage, type CheckContext, type CheckMessage } from '../check/index.js';
import { projectVocabulary, unknownOperators } from '../check/known-functions.js';
import { driverImage } from '../run/lisp/driver.js';
import { runtimeTools } from './runtime-tools.js';
import { bindStep, droppedArgument, libraryFor, loadStepLibrary, notInterpreted, runsConfiguration, shownPath, stepPlace, type StepLibrary, unmatchedWordsWarning, wordsLeftUnmatched } from '../run/scenario/library.js';
import { markExecutorSteps, type ExecutorStepsSetting } from '../run/scenario/executor-steps.js';
import { otherWorld } from '../run/scenario/one-world.js';
import { snippetFor } from '../run/scenario/snippet.js';
import { checksNothing, thenCheckingNothing } from '../run/scenario/stated-outcome.js';
import { dataBlocksLeftToCode, unreadBlockReason } from '../run/scenario/unread-blocks.js';
import { findDocuments, usableDiscovery } from './discover.js';
import { unreadableMessage } from '../parse/unreadable.js';
import { indexDefinitions } from '../translate/definition-index.js';
import { ConfigError, loadConfig, projectPaths, sayConfigurationAbove } from './config.js';
import { executorStepsSetting, hasChecks } from './run-command.js';
import { stepFilesOf, type StepFiles } from './step-files.js';
import { documentLibraries, stepsFileErrorsSettled } from './document-libraries.js';
import { lendTreeDefinitions, specificationTrees } from './specification-tree.js';
import { shareTreeProse } from './tree-prose.js';

/** What a document's steps are checked against: LIBRARY as the document sees it, with the built-in steps where they apply (executor-steps.ts). */
export function stepCheckContext(library: StepLibrary, builtins: boolean, executorVocabulary?: StepLibrary): Pick<CheckContext, 'undefinedStep' | 'ambiguousStep' | 'unrunnableStep' | 'unmatchedWords' | 'thenCheckingNothing' | 'stepsLoaded' | 'checksNothing' | 'runsConfiguration' | 'unreadBlocks'> {
  const seen = libraryFor(library, builtins);
  // EXECUTOR VOCABULARY, the built-in steps alone: what they would bind where they are not active.
  const inactiveVocabulary = builtins ? undefined : executorVocabulary;
  // Code that names this.blocks may read a block below the steps: only the run can tell whether it did.
  const mayReadBlocks = library.userFiles.some((file) => sourceNamesBlocks(file));
  return {
    // A steps file found but whose definitions were all refused (each reported) is no file not yet written.
    stepsLoaded: seen.steps.length > 0 || library.userFiles.length > 0,
    undefinedStep: (step, keyword, unit) => {
      const place = stepPlace(unit, step);
      // A step a built-in expression matches where the interpreter reads the scenario is refused (unrunnableStep), not one to define.
      if (bindStep(seen, unit, step, keyword).length > 0 || otherWorld(seen, unit, step, keyword)) return null;
      // As the run's TODO says it: where the executor interpreter is active, why it did not read the step.
      // As the run says it: a steps file that did not load may be where it is defined.
      const unloaded = library.unloaded[0];
      return {
        snippet: snippetFor(seen, step.text, keyword, step.argument?.kind),
        unread: notInterpreted(seen, step.text, keyword, place),
        ...(inactiveVocabulary && bindStep(inactiveVocabulary, unit, step, keyword).length > 0 ? { executorStepsWouldBind: true as const } : {}),
        ...(unloaded ? { unloaded: `a steps file could not be loaded, and may define this step: ${shownPath(unloaded.file)}:${unloaded.line}: ${unloaded.message}` } : {}),
      };
    },
    unrunnableStep: (step, keyword, unit) => {
      const matches = bindStep(seen, unit, step, keyword);
      return (matches.length === 1 ? droppedArgument(matches[0], step) : null) ?? otherWorld(seen, unit, step, keyword);
    },
    unmatchedWords: (step, keyword, unit) => {
      const matches = bindStep(seen, unit, step, keyword);
      const left = matches.length === 1 ? wordsLeftUnmatched(matches[0], step.text) : null;
      return left === null ? null : unmatchedWordsWarning(matches[0], left);
    },
    thenCheckingNothing: (step, keyword, unit) => {
      const matches = keyword === 'Then' ? bindStep(seen, unit, step, keyword) : [];
      const unchecking = matches.length === 1 ? thenCheckingNothing(matches[0].step) : null;
      return unchecking ? { ...unchecking, definition: { file: shownPath(matches[0].step.file), line: matches[0].step.line } } : null;
    },
    ambiguousStep: (step, keyword, unit) => {
      const matches = bindStep(seen, unit, step, keyword);
      return matches.length > 1 ? matches.map((m) => `${shownPath(m.step.file)}:${m.step.line} ${m.step.source}`) : null;
    },
    checksNothing: (unit) => checksNothing(unit, seen),
    unreadBlocks: (unit) => (mayReadBlocks || seen.steps.length === 0 ? [] : dataBlocksLeftToCode(unit, seen).map((block) => ({ line: block.line, reason: unreadBlockReason(block, unit) }))),
    runsConfiguration: (unit) => runsConfiguration(seen, unit),
  };
}

/** Whether the source of the steps file FILE names `blocks` (this.blocks, world.blocks); one that cannot be read is taken to. */
function sourceNamesBlocks(file: string): boolean {
  try {
    return /\bblocks\b/.test(readFileSync(file, 'utf8'));
  } catch {
    return true;
  }
}

export async function checkCommand(paths: string[], options: { steps?: string[]; executorSteps?: boolean; config?: string; strict?: boolean; borrow?: boolean } = {}): Promise<number> {
  const config = loadConfig(options.config);
  sayConfigurationAbove(config, options.config);
  // As a run: the configuration's paths when none is given.
  const roots = paths.length ? paths : projectPaths(config);
  const discovery = findDocuments(roots);
  if (!usableDiscovery(discovery)) return 2;
  const files = discovery.files;
  let stepFiles: StepFiles;
  let executorSteps: ExecutorStepsSetting;
  try {
    stepFiles = await stepFilesOf(options.steps, config, files);
    executorSteps = await executorStepsSetting(options.executorSteps, config);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`spec-run: ${error.message}`);
    return 2;
  }
  const docs = await Promise.all(files.map((file) => parseFile(file)));
  const trees = specificationTrees(config, roots, options.borrow === false ? '--no-borrow' : undefined);
  const plans = await shareTreeProse(markExecutorSteps(await lendTreeDefinitions(docs.map((doc) => translate(doc)), trees), executorSteps), trees);
  // As a run refuses it (exit 2): markdown holding no check at all is nothing to pass. An
  // active change is checked even with no scenario: its deltas against its capabilities' specs.
  if (!plans.some(isOfActiveChange) && !hasChecks({ documents: plans }, roots)) return 2;
  // Each document checked against the steps a run gives it.
  const libraries = await documentLibraries(plans, stepFiles);
  // The configuration's vocabulary files, loaded into every driver of a run, define names too.
  const ownVocabulary = projectVocabulary((config.vocabulary ?? []).map((file) => resolve(config.directory, file)));
  // The tools of the runtime a run uses: the configured server's, asked, or the built-in one's.
  const tools = await runtimeTools(Array.isArray(config.runtime) ? config.runtime : undefined, config.directory);
  if (tools.problem) console.error(`spec-run: warning: the configured runtime (${(config.runtime as string[]).join(' ')}) could not be asked for its tools (${tools.problem}): the tool names documents use are not checked`);
  if (tools.warning) console.error(`spec-run: warning: ${tools.warning}`);
  // The built-in steps alone, for the documents they are not active for: check says what they would bind.
  const executorVocabulary = plans.some((plan) => plan.family === 'openspec' && plan.executorSteps === undefined) ? await loadStepLibrary([], { builtins: true }) : undefined;
  const context: Omit<CheckContext, 'undefinedStep' | 'ambiguousStep' | 'stepsLoaded'> = {
    // As a run: the command line's --strict or --no-strict, else the configuration's strict, else strict.
    strict: options.strict ?? config.strict ?? true,
    tools: tools.names,
    toolCalls: tools.toolCalls,
    unknownOperators: (uses, characters) => unknownOperators(uses, driverImage, ownVocabulary, characters),
    definitions: indexDefinitions(plans),
  };
  let errors = 0;
  // The configured runtime that could not be asked, or that broke the stdio transport: warnings, counted as the others are.
  let warnings = (tools.problem ? 1 : 0) + (tools.warning ? 1 : 0);
  // A steps file's problem several documents find (a Then definition each uses) is said once.
  const said = new Set<string>();
  const report = (message: CheckMessage) => {
    const text = formatMessage(message);
    if (said.has(text)) return;
    said.add(text);
    if (message.severity === 'error') errors += 1;
    else if (message.severity === 'warning') warnings += 1;
    console.log(text);
  };
  const vocabularyProblems = ownVocabulary.problems.map((problem): CheckMessage => ({ ...problem, file: relative(process.cwd(), problem.file) || problem.file, severity: 'error' }));
  for (const message of [...vocabularyProblems, ...checkStepFiles(libraries.problems), ...(await checkOpenspecChanges(plans))]) report(message);
  for (const [i, doc] of docs.entries()) {
    let messages: CheckMessage[];
    try {
      messages = await checkDocument(doc, plans[i], { ...context, ...stepCheckContext(libraries.of(plans[i]), plans[i].executorSteps !== undefined, executorVocabulary) });
    } catch (error) {
      // A check that cannot handle a document is that document's error; the others are still checked.
      messages = [{ file: files[i], line: 1, column: 1, severity: 'error', message: unreadableMessage('checking this document', error) }];
    }
    for (const message of messages) report(message);
  }
  // What a steps file's timer throws (said by document-libraries.ts) comes before the summary, counted.
  errors += await stepsFileErrorsSettled();
  console.error(`${files.length} documents checked: ${errors} errors, ${warnings} warnings`);
  return errors > 0 ? 1 : 0;
}
