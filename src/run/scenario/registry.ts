// Step definitions: a cucumber expression or a regular expression, and the check
// it stands for. The first definition whose expression matches a step runs it.
import { CucumberExpression, CucumberExpressionGenerator, ParameterTypeRegistry } from '@cucumber/cucumber-expressions';
import type { ScenarioStep } from '../../model/plan.js';
import type { Checks } from './checks.js';
import type { ScenarioWorld } from './world.js';

export type StepRun = (world: ScenarioWorld, c: Checks, args: string[], step: ScenarioStep) => Promise<void> | void;

export interface StepDefinition {
  /** The expression as written, for listings and diagnostics. */
  source: string;
  match(text: string): string[] | null;
  run: StepRun;
}

const parameterTypes = new ParameterTypeRegistry();

export function defineStep(expression: string | RegExp, run: StepRun): StepDefinition {
  if (typeof expression === 'string') {
    const cucumber = new CucumberExpression(expression, parameterTypes);
    return {
      source: expression,
      run,
      match: (text) => cucumber.match(text)?.map((arg) => String(arg.getValue(null))) ?? null,
    };
  }
  return {
    source: String(expression),
    run,
    match: (text) => {
      const m = expression.exec(text);
      return m ? m.slice(1).map((g) => g ?? '') : null;
    },
  };
}

/** The step's text as definitions see it: trimmed, without a trailing colon. */
export function stepText(step: ScenarioStep): string {
  return step.text.trim().replace(/:$/, '').trim();
}

export function findStep(definitions: StepDefinition[], step: ScenarioStep): { definition: StepDefinition; args: string[] } | null {
  const text = stepText(step);
  for (const definition of definitions) {
    const args = definition.match(text);
    if (args) return { definition, args };
  }
  return null;
}

/** A ready-to-paste definition for an unmatched step, its parameters found by cucumber's generator. */
export function snippetFor(step: ScenarioStep): string {
  const generator = new CucumberExpressionGenerator(() => parameterTypes.parameterTypes);
  const [generated] = generator.generateExpressions(stepText(step));
  const names = generated.parameterInfos.map((p, i) => `${p.name}${i + 1}`);
  return [
    `defineStep(${JSON.stringify(generated.source)}, async (world, c, [${names.join(', ')}]) => {`,
    `  // Check the scenario's configuration (world.config, world.resolved()) or a probe run (world.probe(...)):`,
    `  c.that(false, 'step not yet defined');`,
    `}),`,
  ].join('\n');
}
