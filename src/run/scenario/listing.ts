// What `--list` adds for an OpenSpec document with steps to bind: each step with what
// binds it (a definition, or the interpreter's reading of it), so a reader sees what will
// be checked before anything runs, and what keeps its steps files from loading.
import type { DocumentPlan, ScenarioStep, ScenarioUnit } from '../../model/plan.js';
import { keyedSteps } from '../../translate/step-keyword.js';
import { bindStep, libraryFor, notInterpreted, shownPath, stepPlace, type StepLibrary, type StepMatch, unmatchedWordsWarning, wordsLeftUnmatched } from './library.js';
import { otherWorld } from './one-world.js';

/** The problems of the steps files (a syntax error, a step defined twice), which fail every scenario of a run. */
export function describeLibraryProblems(library: StepLibrary): string {
  if (library.problems.length === 0) return '';
  const lines = [`  steps files' problems (${library.problems.length}), each failing the run:`];
  for (const problem of library.problems) lines.push(`    ${shownPath(problem.file)}:${problem.line}${problem.column ? `:${problem.column}` : ''}  error: ${problem.message}`);
  return `${lines.join('\n')}\n`;
}

/** What binds a step in a run: the definitions (none, one, several) and how --list says it. */
export interface StepBinding {
  matches: StepMatch[];
  /** Where no definition matches and the interpreter is active: why it did not read the step. */
  unread: string | null;
  /** "⇒ interpretation", "file:line expression", "undefined: why", "ambiguous: places", "refused: why" (one-world.ts). */
  shown: string;
}

/** What binds STEP of UNIT (KEYWORD the one it stands under) where the step definitions are SEEN (libraryFor), as the run binds it and --list shows it; the editor's hover shows the same. */
export function stepBinding(seen: StepLibrary, unit: ScenarioUnit, step: ScenarioStep, keyword: string): StepBinding {
  const matches = bindStep(seen, unit, step, keyword);
  const [match] = matches;
  const unread = matches.length === 0 ? notInterpreted(seen, step.text, keyword, stepPlace(unit, step)) : null;
  const refused = otherWorld(seen, unit, step, keyword);
  const shown = refused
    ? `refused: ${refused}`
    : matches.length === 0
      ? `undefined${unread ? `: ${unread}` : ''}`
      : matches.length > 1
        ? `ambiguous: ${matches.map((m) => `${shownPath(m.step.file)}:${m.step.line}`).join(', ')}`
        : match.step.interpretation
          ? `⇒ ${match.step.interpretation}`
          : `${shownPath(match.step.file)}:${match.step.line} ${match.step.source}${unmatched(match, step.text)}`;
  return { matches, unread, shown };
}

/** The warning of a binding by an unanchored regular expression that leaves words of TEXT unmatched, said after it; else nothing. */
function unmatched(match: StepMatch, text: string): string {
  const left = wordsLeftUnmatched(match, text);
  return left === null ? '' : `  (warning: ${unmatchedWordsWarning(match, left)})`;
}

export function describeStepBindings(plan: DocumentPlan, library: StepLibrary): string {
  const seen = libraryFor(library, plan.executorSteps !== undefined);
  const lines = ['  steps, each with what binds it:'];
  // Each step at its own file: under --change a delta's scenarios stand in the capability's document.
  for (const { unit, step, keyword } of keyedSteps(plan.units)) lines.push(`    ${unit.file}:${step.line}  ${step.keyword} ${step.text}`, `      ${stepBinding(seen, unit, step, keyword).shown}`);
  return `${lines.join('\n')}\n`;
}
