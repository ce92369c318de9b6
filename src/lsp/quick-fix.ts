// The quick fix of an undefined step: its snippet (what `spec-run snippets` writes for
// it) appended to a steps file the document already loads, with the keyword imported;
// with none, a new steps file in the conventional place (steps/ of the project) holding
// a module that loads as it is.
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CodeActionKind, type CodeAction, type Diagnostic, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver';
import { snippetOf, snippetsModule } from '../run/scenario/snippet.js';
import { stepKeyword } from '../translate/step-keyword.js';
import { pathToUri } from './positions.js';
import type { Reading } from './project.js';

export const UNDEFINED_STEP = /^undefined step '/;

/** The imports a snippet of KEYWORD needs from spec-run/steps, in the file's language. */
function namesNeeded(keyword: string, language: 'js' | 'ts', argument: string | undefined): string[] {
  return [keyword, ...(language === 'ts' ? ['type World', ...(argument === 'data-table' ? ['type DataTable'] : [])] : [])];
}

/** Edits adding NAMES to the file's `import { ... } from 'spec-run/steps'`, or such an import at its top. */
function importEdits(text: string, names: string[]): TextEdit[] {
  const statement = /import\s*\{([^}]*)\}\s*from\s*['"]spec-run\/steps['"]/.exec(text);
  const have = new Set((statement?.[1] ?? '').split(',').map((name) => name.trim()).filter(Boolean));
  const missing = names.filter((name) => !have.has(name) && !have.has(name.replace(/^type /, '')));
  if (missing.length === 0) return [];
  if (!statement) return [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: `import { ${missing.join(', ')} } from 'spec-run/steps';\n` }];
  const close = statement.index + statement[0].indexOf('}');
  const before = text.slice(0, close);
  const line = before.split('\n').length - 1;
  const character = close - (before.lastIndexOf('\n') + 1);
  const inner = statement[1].trimEnd();
  const separator = inner.trim() === '' || inner.endsWith(',') ? ' ' : ', ';
  // Inserted right before the closing brace, after what the braces hold.
  const at = { line, character: character - (statement[1].length - inner.length) };
  return [{ range: { start: at, end: at }, newText: `${separator}${missing.join(', ')}` }];
}

function endOf(text: string): { line: number; character: number } {
  const lines = text.split('\n');
  return { line: lines.length - 1, character: lines.at(-1)!.length };
}

/** The quick fix for each undefined-step diagnostic among DIAGNOSTICS. `openText` gives an open editor's text of a file, if any. */
export function undefinedStepFixes(reading: Reading, diagnostics: Diagnostic[], projectDirectory: string, openText: (path: string) => string | undefined): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const diagnostic of diagnostics) {
    if (!UNDEFINED_STEP.test(typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value)) continue;
    const line = diagnostic.range.start.line + 1;
    for (const unit of reading.plan.units) {
      if (unit.kind !== 'scenario') continue;
      let keyword: string | null = null;
      for (const step of unit.steps) {
        keyword = stepKeyword(step.keyword, keyword);
        if (step.line !== line) continue;
        const library = reading.fullLibrary;
        // A file beside the document first, else the project's first.
        const target = library.userFiles.find((file) => dirname(file) === dirname(reading.path)) ?? library.userFiles[0];
        const snippet = snippetOf(library, step.text, keyword, step.argument?.kind);
        let edit: WorkspaceEdit;
        let where: string;
        if (target) {
          const text = openText(target) ?? (existsSync(target) ? readFileSync(target, 'utf8') : '');
          const uri = pathToUri(target);
          const end = endOf(text);
          const edits = [...importEdits(text, namesNeeded(keyword, library.language, step.argument?.kind)), { range: { start: end, end }, newText: `${text.endsWith('\n') || text === '' ? '' : '\n'}\n${snippet.text}\n` }];
          edit = { documentChanges: [{ textDocument: { uri, version: null }, edits }] };
          where = basename(target);
        } else {
          const file = join(projectDirectory, 'steps', `${basename(reading.path).replace(/\..*$/, '')}.steps.${library.language === 'ts' ? 'ts' : 'mjs'}`);
          const uri = pathToUri(file);
          edit = {
            documentChanges: [
              { kind: 'create', uri, options: { ignoreIfExists: true } },
              { textDocument: { uri, version: null }, edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: snippetsModule(library, [{ text: step.text, keyword, argument: step.argument?.kind }]) }] },
            ],
          };
          where = `a new steps/${basename(file)}`;
        }
        actions.push({ title: `Define step '${snippet.expression}' in ${where}`, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred: true, edit });
      }
    }
  }
  return actions;
}
