// What a top-level Lisp form is, by its head: a definition loaded before the units run,
// a FiveAM test, or something to run in document order.
import { type LispForm, type LispNode, packageOf, unqualified } from './lisp-forms.js';

/** Common Lisp defining forms; `cl:` or no package prefix. */
const CL_DEFINITIONS = new Set([
  'defun', 'defvar', 'defparameter', 'defmacro', 'defconstant', 'defgeneric', 'defmethod',
  'defstruct', 'defclass', 'defpackage', 'in-package', 'deftype', 'define-condition', 'declaim',
]);
/** FiveAM's defining forms, visible unqualified in CL-USER (see the test vocabulary). */
const FIVEAM_DEFINITIONS = new Set(['def-suite', 'in-suite', 'test']);
const FIVEAM_PACKAGES = new Set(['fiveam', '5am', 'it.bese.fiveam']);
const CL_PACKAGES = new Set(['cl', 'common-lisp']);

function isFiveamSymbol(name: string, symbol: string): boolean {
  const pkg = packageOf(name);
  return unqualified(name) === symbol && (pkg === null || FIVEAM_PACKAGES.has(pkg));
}

export function isDefinition(form: LispForm): boolean {
  if (form.head === null) return false;
  const pkg = packageOf(form.head);
  const name = unqualified(form.head);
  if (CL_DEFINITIONS.has(name) && (pkg === null || CL_PACKAGES.has(pkg))) return true;
  return FIVEAM_DEFINITIONS.has(name) && (pkg === null || FIVEAM_PACKAGES.has(pkg));
}

/** The list under any `#+`/`#-` guard. */
function listOf(node: LispNode): LispNode[] | null {
  if (node.kind === 'conditional') return listOf(node.form);
  return node.kind === 'list' ? node.items : null;
}

/** Name of a `(test name ...)` or `(test (name :suite s) ...)` form, as written. */
export function fiveamTestName(form: LispForm): string | null {
  if (form.head === null || !isFiveamSymbol(form.head, 'test')) return null;
  const target = listOf(form.node)?.[1];
  if (target?.kind === 'symbol') return target.raw;
  if (target?.kind === 'list' && target.items[0]?.kind === 'symbol') return target.items[0].raw;
  return null;
}

export interface DefinedFunction {
  /** Lower-cased, as the reader sees it. */
  name: string;
  /** As written in the document. */
  rawName: string;
  /** True when the lambda list has no required parameter: the function can be called with none. */
  callableWithoutArguments: boolean;
  line: number;
}

export function definedFunction(form: LispForm): DefinedFunction | null {
  if (form.head === null || unqualified(form.head) !== 'defun') return null;
  const items = listOf(form.node);
  const name = items?.[1];
  const lambdaList = items?.[2];
  if (name?.kind !== 'symbol' || lambdaList === undefined) return null;
  let callableWithoutArguments: boolean;
  if (lambdaList.kind === 'symbol') callableWithoutArguments = lambdaList.name === 'nil';
  else if (lambdaList.kind === 'list') {
    const first = lambdaList.items[0];
    callableWithoutArguments = first === undefined || (first.kind === 'symbol' && first.name.startsWith('&'));
  } else callableWithoutArguments = false;
  return { name: name.name, rawName: name.raw, callableWithoutArguments, line: form.line };
}

/** A `verify-...` name, as the test vocabulary defines verification functions. */
export function isVerifyName(name: string): boolean {
  return unqualified(name).startsWith('verify-');
}
