// The definitions a piece of Lisp makes at its top level, with what an editor shows of
// them: name, kind, lambda list, docstring and place. Read with translate's reader,
// from a document's blocks or from a vocabulary file alike.
import { scanForms, unqualified, type LispNode } from '../translate/lisp-forms.js';

export interface LispDefinition {
  /** Lower-cased, unqualified, as the reader interns it. */
  name: string;
  kind: 'function' | 'macro' | 'generic' | 'variable';
  /** As written: "(server code &optional package)"; null for a variable. */
  lambdaList: string | null;
  documentation: string | null;
  file: string;
  /** 1-based line and column of the name. */
  line: number;
  column: number;
}

const KINDS: Record<string, LispDefinition['kind']> = {
  defun: 'function',
  defmacro: 'macro',
  defgeneric: 'generic',
  defvar: 'variable',
  defparameter: 'variable',
  defconstant: 'variable',
};

function columnOf(text: string, offset: number): number {
  return offset - (text.lastIndexOf('\n', offset - 1) + 1) + 1;
}

/** The top-level definitions of TEXT, whose first line is FIRSTLINE of FILE. */
export function lispDefinitions(text: string, file: string, firstLine = 1): LispDefinition[] {
  const found: LispDefinition[] = [];
  const visit = (node: LispNode): void => {
    if (node.kind === 'conditional') return visit(node.form);
    if (node.kind !== 'list' || node.items[0]?.kind !== 'symbol') return;
    const head = unqualified(node.items[0].name);
    // Definitions inside (progn ...) and (eval-when (...) ...) are top-level too.
    if (head === 'progn' || head === 'eval-when') return node.items.slice(head === 'progn' ? 1 : 2).forEach(visit);
    const kind = KINDS[head];
    const name = node.items[1];
    if (!kind || name?.kind !== 'symbol') return;
    const isVariable = kind === 'variable';
    const lambdaList = isVariable ? null : node.items[2];
    // A docstring: the string after the lambda list (after the value, for a variable) that is not the whole body.
    const doc = node.items[3];
    const isDoc = doc?.kind === 'string' && (isVariable || kind === 'generic' || node.items.length > 4);
    found.push({
      name: unqualified(name.name),
      kind,
      lambdaList: lambdaList ? (lambdaList.kind === 'symbol' && lambdaList.name === 'nil' ? '()' : text.slice(lambdaList.start, lambdaList.end)) : null,
      documentation: isDoc && doc.kind === 'string' ? doc.value : null,
      file,
      line: name.line,
      column: columnOf(text, name.start),
    });
  };
  for (const form of scanForms(text, firstLine).forms) visit(form.node);
  return found;
}
