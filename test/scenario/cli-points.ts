// Runs a specification written by a test through spec-run's CLI, as a user would, with the
// executor steps on and undefined steps as TODO, and gives its points by name.
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import type { Test } from 'tap';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { scratchDirectory } from '../support/scratch.js';
import { interpret } from '../../src/run/scenario/interpreter/index.js';

export interface CliPoint {
  type: string;
  name: string;
  ok: boolean;
  todo?: string;
  skip?: string;
  diagnostics?: { message?: string };
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Writes LINES as NAME.spec.md in a new directory, runs it there, and gives its points and what held. */
export async function runSpecLines(name: string, lines: string[]) {
  const dir = scratchDirectory(`${name}-`);
  const file = path.join(dir, `${name}.spec.md`);
  writeFileSync(file, lines.join('\n'));
  const result = await execa(process.execPath, [path.join(root, 'dist/src/cli/main.js'), file, '--executor-steps', '--no-strict', '--reporter', 'json'], { cwd: dir, reject: false });
  const points = result.stdout
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as CliPoint)
    .filter((e) => e.type === 'point');
  const byName = (part: string) => points.find((p) => p.name.includes(part));
  /** The step ran and held: not a TODO. */
  const passes = (part: string) => byName(part)?.ok === true && byName(part)?.todo === undefined;
  return { points, stderr: result.stderr, byName, passes };
}

/** A runner of scenarios (their heading and steps) as one requirement of a specification titled TITLE, written as NAME.spec.md. */
export const scenariosRunner = (title: string) => (name: string, scenarios: string[][]) =>
  runSpecLines(name, [`# ${title}`, '', '### Requirement: As said', 'The executor SHALL do what its scenarios say.', '', ...scenarios.flatMap((lines) => [...lines, ''])]);

/**
 * Runs SCENARIOS (with RUN, as one document named NAME) and checks, scenario by scenario, the
 * verdict of its step holding MARKER: EXPECTED gives each one's verdict and what it means. A
 * class read both ways is tested so: a scenario where the sentence holds, one where it does not.
 */
export async function expectVerdicts(t: Test, run: ReturnType<typeof scenariosRunner>, name: string, scenarios: string[][], marker: string, expected: [boolean, string][]): Promise<void> {
  const { points } = await run(name, scenarios);
  const chosen = points.filter((p) => p.name.includes(marker));
  t.equal(chosen.length, expected.length, `one step holding "${marker}" a scenario`, { points });
  expected.forEach(([ok, meaning], i) => t.equal(chosen[i]?.ok, ok, meaning, { points }));
}

/** As expectVerdicts, and every step of the scenarios bound (no TODO): a verdict of false is the sentence's, never a When left unread. */
export async function expectBoundVerdicts(t: Test, run: ReturnType<typeof scenariosRunner>, name: string, scenarios: string[][], marker: string, expected: [boolean, string][]): Promise<void> {
  const { points } = await run(name, scenarios);
  const chosen = points.filter((p) => p.name.includes(marker));
  t.equal(chosen.length, expected.length, `one step holding "${marker}" a scenario`, { points });
  t.same(points.filter((p) => p.todo !== undefined).map((p) => p.name), [], 'every step bound', { points });
  expected.forEach(([ok, meaning], i) => t.equal(chosen[i]?.ok, ok, meaning, { points }));
}

/** How the interpreter reads a step: its interpretation, or null where it stays undefined. Code spans are written in backticks. */
export const reading = (keyword: 'When' | 'Then', sentence: string): string | null => {
  const code = [...sentence.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
  const r = interpret(sentence.replace(/`/g, ''), keyword, code);
  return r.ok ? r.text : null;
};

/** A scenario of a YAML `stop:` section (its lines, indented under `stop:`), introduced by "When WHEN:", and its numbered THENS. */
export const sectionScenario = (title: string, when: string, section: string[], ...thens: string[]) => [
  `#### Scenario: ${title}`,
  `When ${when}:`,
  '```yaml',
  'stop:',
  ...section.map((l) => `  ${l}`),
  '```',
  '',
  'Then:',
  ...thens.map((then, i) => `${i + 1}. ${then}`),
];

/** A scenario of a YAML block of COMMANDS (their lines, indented under `commands:`), introduced by "When WHEN:", and its numbered THENS. */
export const blockScenario = (title: string, when: string, commands: string[], ...thens: string[]) => sectionScenario(title, when, ['commands:', ...commands.map((l) => `  ${l}`)], ...thens);

/** An OpenSpec document of one requirement holding SCENARIOS (each its lines), its purpose PURPOSE (lines): what these tests run. */
export function specDocument(title: string, purpose: readonly string[], scenarios: readonly string[][]): string[] {
  return [`# ${title}`, '', '## Purpose', '', ...purpose, '', '## Requirements', '', '### Requirement: As said', 'The executor SHALL do what its scenarios say.', '', ...scenarios.flatMap((lines) => [...lines, ''])];
}
