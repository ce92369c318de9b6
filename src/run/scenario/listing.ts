// What `--list` adds for an OpenSpec document with steps to bind: each step with what
// binds it (a definition, or the interpreter's reading of it), so a reader sees what will
// be checked before anything runs, and what keeps its steps files from loading.
import type { DocumentPlan } from '../../model/plan.js';
import { keyedSteps } from '../../translate/step-keyword.js';
import { libraryFor, matchStep, notInterpreted, shownPath, stepPlace, type StepLibrary } from './library.js';

/** The problems of the steps files (a syntax error, a step defined twice), which fail every scenario of a run. */
export function describeLibraryProblems(library: StepLibrary): string {
  if (library.problems.length === 0) return '';
  const lines = [`  steps files' problems (${library.problems.length}), each failing the run:`];
  for (const problem of library.problems) lines.push(`    ${shownPath(problem.file)}:${problem.line}${problem.column ? `:${problem.column}` : ''}  error: ${problem.message}`);
  return `${lines.join('\n')}\n`;
}

export function describeStepBindings(plan: DocumentPlan, library: StepLibrary): string {
  const seen = libraryFor(library, plan.executorSteps !== undefined);
  const lines = ['  steps, each with what binds it:'];
  for (const { unit, step, keyword } of keyedSteps(plan.units)) {
    const place = stepPlace(unit, step);
    const matches = matchStep(seen, step.text, keyword, place);
    const [match] = matches;
    const unread = matches.length === 0 ? notInterpreted(seen, step.text, keyword, place) : null;
    const binding =
      matches.length === 0
        ? `undefined${unread ? `: ${unread}` : ''}`
        : matches.length > 1
          ? `ambiguous: ${matches.map((m) => `${shownPath(m.step.file)}:${m.step.line}`).join(', ')}`
          : match.step.interpretation
            ? `⇒ ${match.step.interpretation}`
            : `${shownPath(match.step.file)}:${match.step.line} ${match.step.source}`;
    lines.push(`    ${plan.file}:${step.line}  ${step.keyword} ${step.text}`, `      ${binding}`);
  }
  return `${lines.join('\n')}\n`;
}
