// Shared by the Lisp runner's tests: options, runtime commands, and running a
// markdown document (parsed and translated as spec-run does) to its events.
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunEvent } from '../../../src/model/events.js';
import type { DocumentPlan } from '../../../src/model/plan.js';
import { parseFile } from '../../../src/parse/index.js';
import { translate } from '../../../src/translate/index.js';
import { runLispDocumentWithTranscript, type LispDocumentOutcome } from '../../../src/run/lisp/index.js';
import type { RunOptions } from '../../../src/run/types.js';
import { scratchDirectory } from '../../support/scratch.js';

const here = dirname(fileURLToPath(import.meta.url));
/** The compiled repository: dist/ */
const distRoot = resolve(here, '..', '..', '..');

/** The scripted server of fake-runtime.ts: a fake, only for faults the real server cannot be made to show (it never answers, it exits). */
export const FAKE_RUNTIME = [process.execPath, join(here, 'fake-runtime.js')];
/** The project's own runtime server. */
export const REAL_RUNTIME = [process.execPath, join(distRoot, 'src', 'runtime', 'bin.js')];
export const realRuntimeBuilt = () => existsSync(REAL_RUNTIME[1]);

export function options(overrides: Partial<RunOptions> = {}): RunOptions {
  return {
    seed: 42,
    unitTimeoutMs: 60_000,
    bail: false,
    strict: false,
    runtimeCommand: REAL_RUNTIME,
    imageAliases: {},
    projectRoot: resolve(distRoot, '..'),
    vocabularyFiles: [],
    ...overrides,
  };
}

export type PointEvent = Extract<RunEvent, { type: 'point' }>;

export interface DocumentResult extends LispDocumentOutcome {
  plan: DocumentPlan;
  events: RunEvent[];
  points: PointEvent[];
  failed: PointEvent[];
}

export async function runMarkdownFile(path: string, runOptions: RunOptions): Promise<DocumentResult> {
  const plan = translate(await parseFile(path));
  const events: RunEvent[] = [];
  const outcome = await runLispDocumentWithTranscript(plan, runOptions, (event) => events.push(event));
  const points = events.filter((e): e is PointEvent => e.type === 'point');
  return { ...outcome, plan, events, points, failed: points.filter((p) => !p.ok && p.skip === undefined) };
}

/** Writes `markdown` to a fresh temporary file and runs it. */
export async function runMarkdown(markdown: string, runOptions: RunOptions = options()): Promise<DocumentResult & { path: string }> {
  const path = join(scratchDirectory('spec-run-lisp-'), 'doc.test.md');
  writeFileSync(path, markdown);
  return { ...(await runMarkdownFile(path, runOptions)), path };
}

/** 1-based line of the first line of `text` containing `needle`. */
export function lineIn(text: string, needle: string): number {
  const index = text.split('\n').findIndex((line) => line.includes(needle));
  if (index < 0) throw new Error(`"${needle}" not found`);
  return index + 1;
}

export const lisp = (code: string) => `\`\`\`lisp\n${code}\n\`\`\`\n`;
export const frontmatter = (level = 'contract') => `---\ntype: verification\nname: sample\nlevel: ${level}\n---\n\n# Sample\n\n`;
