// The quick fix of an undefined step: its snippet (what `spec-run snippets` writes for
// it) appended to a steps file the document already loads, with the keyword imported;
// with none, a new steps file in the conventional place (steps/ of the project) holding
// a module that loads as it is.
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CodeActionKind, type CodeAction, type Diagnostic, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver';
import { matchStep } from '../run/scenario/library.js';
import { snippetOf, snippetsModule } from '../run/scenario/snippet.js';
import { keyedSteps } from '../translate/step-keyword.js';
import { pathToUri } from './positions.js';
import type { Reading } from './project.js';

export const UNDEFINED_STEP = /^undefined step '/;
/** check's warning when no steps file is loaded at all (check/index.ts). */
export const NO_STEPS_FILE = /^\d+ steps? (has|have) no definition yet: no steps file was loaded/;

/** The imports a snippet of KEYWORD needs from spec-run/steps, in the file's language. */
function namesNeeded(keyword: string, language: 'js' | 'ts', argument: string | undefined): string[] {
  return [keyword, ...(language === 'ts' ? ['type World', ...(argument === 'data-table' ? ['type DataTable'] : [])] : [])];
}

const ESM_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]spec-run\/steps['"]/;
const CJS_REQUIRE = /(?:const|let|var)\s*\{([^}]*)\}\s*=\s*require\(\s*['"]spec-run\/steps['"]\s*\)/;

/**
 * Whether FILE is a CommonJS module: .cjs, or a .js file that requires spec-run/steps, or
 * one that neither imports nor exports in a package that is not "type": "module".
 */
function isCommonJs(file: string, text: string): boolean {
  if (/\.c[jt]s$/.test(file)) return true;
  if (!/\.js$/.test(file)) return false;
  if (CJS_REQUIRE.test(text)) return true;
  if (/^\s*(?:import|export)\b/m.test(text)) return false;
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        return (JSON.parse(readFileSync(manifest, 'utf8')) as { type?: string }).type !== 'module';
      } catch {
        return true;
      }
    }
    if (dirname(dir) === dir) return true;
  }
}

/**
 * Edits adding NAMES to the file's `import { ... } from 'spec-run/steps'` (or, in a CommonJS
 * file, its `const { ... } = require('spec-run/steps')`), or such a line at its top.
 */
function importEdits(text: string, names: string[], commonJs: boolean): TextEdit[] {
  const statement = (commonJs ? CJS_REQUIRE : ESM_IMPORT).exec(text);
  const have = new Set((statement?.[1] ?? '').split(',').map((name) => name.trim()).filter(Boolean));
  const missing = names.filter((name) => !have.has(name) && !have.has(name.replace(/^type /, '')));
  if (missing.length === 0) return [];
  const top = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  if (!statement) return [{ range: top, newText: commonJs ? `const { ${missing.join(', ')} } = require('spec-run/steps');\n` : `import { ${missing.join(', ')} } from 'spec-run/steps';\n` }];
  // Inserted right after the last name the braces hold (on whatever line it stands), before any comment after it.
  const inner = statement[1].slice(0, endOfCode(statement[1]));
  const separator = inner.trim() === '' || inner.endsWith(',') ? ' ' : ', ';
  const offset = statement.index + statement[0].indexOf('{') + 1 + inner.length;
  const before = text.slice(0, offset);
  const at = { line: before.split('\n').length - 1, character: offset - (before.lastIndexOf('\n') + 1) };
  return [{ range: { start: at, end: at }, newText: `${separator}${missing.join(', ')}` }];
}

/** Where TEXT's code ends: after its last character that is neither blank nor in a comment. */
function endOfCode(text: string): number {
  let end = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.startsWith('//', i)) i = text.includes('\n', i) ? text.indexOf('\n', i) : text.length;
    else if (text.startsWith('/*', i)) i = text.includes('*/', i + 2) ? text.indexOf('*/', i + 2) + 1 : text.length;
    else if (!/\s/.test(text[i])) end = i + 1;
  }
  return end;
}

function endOf(text: string): { line: number; character: number } {
  const lines = text.split('\n');
  return { line: lines.length - 1, character: lines.at(-1)!.length };
}

interface UndefinedStep {
  line: number;
  text: string;
  keyword: string;
  argument?: 'doc-string' | 'data-table';
}

/** The document's steps no definition matches, each with the keyword its snippet is written with. */
function undefinedSteps(reading: Reading): UndefinedStep[] {
  const found: UndefinedStep[] = [];
  for (const { step, keyword } of keyedSteps(reading.plan.units)) {
    if (matchStep(reading.library, step.text).length === 0) found.push({ line: step.line, text: step.text, keyword, argument: step.argument?.kind });
  }
  return found;
}

/** A new steps file in the conventional place, steps/ of the project, named after the document, holding STEPS' snippets. */
function newStepsFile(reading: Reading, projectDirectory: string, steps: UndefinedStep[]): { edit: WorkspaceEdit; name: string } {
  const library = reading.fullLibrary;
  const name = `${basename(reading.path).replace(/\..*$/, '')}.steps.${library.language === 'ts' ? 'ts' : 'mjs'}`;
  const uri = pathToUri(join(projectDirectory, 'steps', name));
  const start = { line: 0, character: 0 };
  return {
    name: `a new steps/${name}`,
    edit: {
      documentChanges: [
        { kind: 'create', uri, options: { ignoreIfExists: true } },
        { textDocument: { uri, version: null }, edits: [{ range: { start, end: start }, newText: snippetsModule(library, steps) }] },
      ],
    },
  };
}

/** STEP's snippet appended to TARGET, a steps file the document loads, with its keyword imported. */
function appendToStepsFile(reading: Reading, target: string, step: UndefinedStep, openText: (path: string) => string | undefined): WorkspaceEdit {
  // The target file's language, whatever the project's other steps files are written in.
  const language = /\.[cm]?tsx?$/.test(target) ? 'ts' : 'js';
  const library = { ...reading.fullLibrary, language } as const;
  const text = openText(target) ?? (existsSync(target) ? readFileSync(target, 'utf8') : '');
  const end = endOf(text);
  const snippet = snippetOf(library, step.text, step.keyword, step.argument);
  const commonJs = language === 'js' && isCommonJs(target, text);
  const edits = [...importEdits(text, namesNeeded(step.keyword, language, step.argument), commonJs), { range: { start: end, end }, newText: `${text.endsWith('\n') || text === '' ? '' : '\n'}\n${snippet.text}\n` }];
  return { documentChanges: [{ textDocument: { uri: pathToUri(target), version: null }, edits }] };
}

const messageOf = (diagnostic: Diagnostic) => (typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value);

/**
 * The quick fixes of DIAGNOSTICS: an undefined step's snippet in a steps file the document
 * loads (a new one when it loads none); with no steps file at all (check's one warning for
 * every step not yet written), a new file defining them all. `openText` gives an open
 * editor's text of a file, if any.
 */
export function undefinedStepFixes(reading: Reading, diagnostics: Diagnostic[], projectDirectory: string, openText: (path: string) => string | undefined): CodeAction[] {
  const actions: CodeAction[] = [];
  const steps = undefinedSteps(reading);
  const library = reading.fullLibrary;
  for (const diagnostic of diagnostics) {
    if (NO_STEPS_FILE.test(messageOf(diagnostic)) && steps.length > 0) {
      const { edit, name } = newStepsFile(reading, projectDirectory, steps);
      actions.push({ title: `Define the ${steps.length} undefined steps in ${name}`, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred: true, edit });
      continue;
    }
    if (!UNDEFINED_STEP.test(messageOf(diagnostic))) continue;
    const step = steps.find((s) => s.line === diagnostic.range.start.line + 1);
    if (!step) continue;
    // A file beside the document first, else the project's first.
    const target = library.userFiles.find((file) => dirname(file) === dirname(reading.path)) ?? library.userFiles[0];
    const expression = snippetOf(library, step.text, step.keyword, step.argument).expression;
    const { edit, name } = target ? { edit: appendToStepsFile(reading, target, step, openText), name: basename(target) } : newStepsFile(reading, projectDirectory, [step]);
    actions.push({ title: `Define step '${expression}' in ${name}`, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred: true, edit });
  }
  return actions;
}
