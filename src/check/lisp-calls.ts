// Which functions and macros a piece of spec code calls, and which it defines, read
// from the scanned forms. A small code walker: it knows the binding forms whose
// lists are not calls (let bindings, lambda lists, case keys, handler clauses), so
// `(let ((text (f))) ...)` reports f, never text. Where it cannot tell, it stays
// silent: `spec-run check` must not cry wolf.
import type { LispNode } from '../translate/lisp-forms.js';
import { unqualified } from '../translate/lisp-forms.js';

export interface CallSite {
  /** Lower-cased, package prefix kept ("fiveam:is"). */
  name: string;
  line: number;
  /** Offset in the scanned text, for the column. */
  offset: number;
  /** How many arguments the call passes; none for a reference (#'name). */
  argumentCount?: number;
}

export interface CodeFacts {
  calls: CallSite[];
  /** Names the code defines as functions or macros, globally or locally, unqualified. */
  defines: Set<string>;
}

const listItems = (node: LispNode | undefined): LispNode[] => (node?.kind === 'list' ? node.items : []);
const symbolName = (node: LispNode | undefined) => (node?.kind === 'symbol' ? node.name : null);

/**
 * For each macro the code defines, the positions of its arguments that its lambda list
 * destructures: `(defmacro with-account ((var balance) &body body) ...)` makes the first
 * argument of `(with-account (a 100) ...)` a pattern, whose `a` is no call.
 */
export type MacroPatterns = Map<string, Set<number>>;

export function macroPatterns(forms: LispNode[]): MacroPatterns {
  const patterns: MacroPatterns = new Map();
  const visit = (node: LispNode): void => {
    if (node.kind === 'prefixed' || node.kind === 'conditional') return visit(node.form);
    if (node.kind !== 'list') return;
    const [head, name, lambdaList] = node.items;
    const macroName = symbolName(name);
    if (symbolName(head) !== null && unqualified(symbolName(head)!) === 'defmacro' && macroName) {
      const positions = new Set<number>();
      let position = 0;
      const items = listItems(lambdaList);
      for (let i = 0; i < items.length; i++) {
        const param = symbolName(items[i]);
        if (param === '&whole' || param === '&environment') {
          i++; // its variable is no argument
          continue;
        }
        if (param?.startsWith('&')) break; // optional, rest, body and key arguments are values or code
        if (items[i].kind === 'list') positions.add(position);
        position++;
      }
      if (positions.size > 0) patterns.set(unqualified(macroName), positions);
    }
    node.items.forEach(visit);
  };
  forms.forEach(visit);
  return patterns;
}

export function codeFacts(forms: LispNode[], macros: MacroPatterns = macroPatterns(forms)): CodeFacts {
  const facts: Walk = { calls: [], defines: new Set(), macros };
  for (const form of forms) walk(form, facts);
  return { calls: facts.calls, defines: facts.defines };
}

interface Walk extends CodeFacts {
  macros: MacroPatterns;
}

function walkAll(nodes: LispNode[], facts: Walk): void {
  for (const node of nodes) walk(node, facts);
}

function define(name: string | null, facts: Walk): void {
  if (name) facts.defines.add(unqualified(name));
}

/** defclass's and define-condition's slot readers, writers and accessors; their initforms are code. */
function defineClassSlots(slots: LispNode[], facts: Walk): void {
  for (const slot of slots) {
    const options = listItems(slot).slice(1);
    for (let i = 0; i + 1 < options.length; i += 2) {
      const option = symbolName(options[i]);
      if (option === ':reader' || option === ':writer' || option === ':accessor') define(symbolName(options[i + 1]), facts);
      else if (option === ':initform') walk(options[i + 1], facts);
    }
  }
}

/** defstruct's constructor, copier, predicate and slot accessors. */
function defineStruct(spec: LispNode | undefined, slots: LispNode[], facts: Walk): void {
  const name = symbolName(spec) ?? symbolName(listItems(spec)[0]);
  if (!name) return;
  const base = unqualified(name);
  for (const derived of [`make-${base}`, `copy-${base}`, `${base}-p`]) facts.defines.add(derived);
  for (const slot of slots) {
    const slotName = symbolName(slot) ?? symbolName(listItems(slot)[0]);
    if (slotName) facts.defines.add(`${base}-${unqualified(slotName)}`);
  }
}

function walkBackquote(node: LispNode, facts: Walk): void {
  if (node.kind === 'prefixed' && (node.prefix === ',' || node.prefix === ',@')) walk(node.form, facts);
  else if (node.kind === 'prefixed') walkBackquote(node.form, facts);
  else if (node.kind === 'list') for (const item of node.items) walkBackquote(item, facts);
}

function walk(node: LispNode, facts: Walk): void {
  switch (node.kind) {
    case 'conditional':
      return walk(node.form, facts);
    case 'prefixed':
      if (node.prefix === '`') return walkBackquote(node.form, facts);
      if (node.prefix === "#'" && node.form.kind === 'symbol') {
        facts.calls.push({ name: node.form.name, line: node.form.line, offset: node.form.start });
        return;
      }
      if (node.prefix === "#'") return walk(node.form, facts);
      return; // quoted data, vectors, #. and the like
    case 'list':
      return walkList(node, facts);
    default:
      return;
  }
}

/**
 * By convention a with-/do- macro's first argument is (variable values...): with-open-file,
 * with-output-to-string, with-slots, bt:with-lock-held, do-symbols; print-unreadable-object's too.
 */
const bindsFirst = (name: string) => name.startsWith('with-') || name.startsWith('do-') || name === 'print-unreadable-object';

function called(operator: Extract<LispNode, { kind: 'symbol' }>, args: LispNode[], facts: Walk): void {
  facts.calls.push({ name: operator.name, line: operator.line, offset: operator.start, argumentCount: args.length });
}

function walkList(node: Extract<LispNode, { kind: 'list' }>, facts: Walk): void {
  const [first, ...rest] = node.items;
  if (!first) return;
  if (first.kind === 'list') return walkAll(node.items, facts); // ((lambda ...) args)
  // A keyword, or a lambda-list keyword such as def-fixture's `(&body)` placeholder, is never a function.
  if (first.kind !== 'symbol' || first.name.startsWith(':') || first.name.startsWith('&')) return;
  const name = unqualified(first.name);
  switch (name) {
    case 'quote':
    case 'declare':
    case 'declaim':
    case 'go':
      return;
    case 'function':
      return walkAll(rest, facts);
    case 'defun':
    case 'defmacro':
    case 'defgeneric':
    case 'define-compiler-macro':
      define(symbolName(rest[0]), facts);
      return walkAll(rest.slice(2), facts);
    case 'defmethod': {
      define(symbolName(rest[0]), facts);
      const lambdaList = rest.findIndex((item, i) => i > 0 && item.kind === 'list');
      return walkAll(rest.slice(lambdaList + 1), facts);
    }
    case 'lambda':
    case 'destructuring-bind':
    case 'multiple-value-bind':
    case 'multiple-value-setq':
      return walkAll(rest.slice(1), facts);
    case 'defvar':
    case 'defparameter':
    case 'defconstant':
    case 'block':
    case 'return-from':
    case 'the':
      return walkAll(rest.slice(1), facts);
    case 'deftype': // (deftype name lambda-list body)
    case 'define-setf-expander':
      return walkAll(rest.slice(2), facts);
    case 'defsetf': // the short form names two functions; the long one has a lambda list and store variables
      return rest[1]?.kind === 'list' ? walkAll(rest.slice(3), facts) : undefined;
    case 'define-modify-macro': // (define-modify-macro name lambda-list function): a lambda list, no calls
      define(symbolName(rest[0]), facts);
      return;
    case 'check-type': // (check-type place type [string]): the type is a type specifier such as (real 0)
      called(first, rest, facts);
      return walk(rest[0], facts);
    case 'assert': // (assert test (place...) datum argument...): the places are forms, their list no call
      called(first, rest, facts);
      walk(rest[0], facts);
      walkAll(listItems(rest[1]), facts);
      return walkAll(rest.slice(2), facts);
    case 'with-accessors': // ((variable accessor)...) and with-slots' (slot or (variable slot))...: names, no calls
    case 'with-slots':
      called(first, rest, facts);
      return walkAll(rest.slice(1), facts);
    case 'with-hash-table-iterator': // ((name hash-table) body), ((name package-list type...) body): name is a local macro
    case 'with-package-iterator':
      called(first, rest, facts);
      define(symbolName(listItems(rest[0])[0]), facts);
      walkAll(listItems(rest[0]).slice(1, 2), facts);
      return walkAll(rest.slice(1), facts);
    case 'defstruct':
      return defineStruct(rest[0], rest.slice(1), facts);
    case 'defclass':
      return defineClassSlots(listItems(rest[2]), facts);
    case 'define-condition':
      defineClassSlots(listItems(rest[2]), facts);
      // (:report (lambda (condition stream) ...)) or (:report function-name): code
      for (const option of rest.slice(3)) if (symbolName(listItems(option)[0]) === ':report') walkAll(listItems(option).slice(1), facts);
      return;
    case 'defpackage':
    case 'in-package':
    case 'def-suite':
    case 'def-suite*':
    case 'in-suite':
    case 'in-suite*':
      return;
    case 'test': {
      // fiveam:test: a name (or name with options), maybe a docstring, then the body
      return walkAll(rest.slice(1), facts);
    }
    case 'def-test':
    case 'def-fixture':
      // (def-test name (options) body), (def-fixture name (lambda list) body)
      return walkAll(rest.slice(2), facts);
    case 'with-fixture': // (with-fixture name (arguments) body): the arguments are values, not a call
      walkAll(listItems(rest[1]), facts);
      return walkAll(rest.slice(2), facts);
    case 'for-all': // FiveAM: ((var generator [guard]) ...) bindings, like let's
    case 'prog':
    case 'prog*':
    case 'let':
    case 'let*':
    case 'symbol-macrolet':
    case 'handler-bind': // (type handler) pairs read like bindings
      for (const binding of listItems(rest[0])) walkAll(listItems(binding).slice(1), facts);
      return walkAll(rest.slice(1), facts);
    case 'flet':
    case 'labels':
    case 'macrolet':
      for (const definition of listItems(rest[0])) {
        define(symbolName(listItems(definition)[0]), facts);
        walkAll(listItems(definition).slice(2), facts);
      }
      return walkAll(rest.slice(1), facts);
    case 'setf': {
      // `(setf (symbol-function 'f) (lambda ...))` (or `fdefinition`) defines f as a function.
      for (const place of rest.filter((_, i) => i % 2 === 0)) {
        const [accessor, named] = listItems(place);
        const fetched = ['symbol-function', 'fdefinition'].includes(unqualified(symbolName(accessor) ?? ''));
        if (fetched && named?.kind === 'prefixed' && named.prefix === "'") define(symbolName(named.form), facts);
      }
      return walkAll(rest, facts);
    }
    case 'dolist':
    case 'dotimes':
      walkAll(listItems(rest[0]).slice(1), facts);
      return walkAll(rest.slice(1), facts);
    case 'do':
    case 'do*':
      for (const spec of listItems(rest[0])) walkAll(listItems(spec).slice(1), facts);
      walkAll(listItems(rest[1]), facts);
      return walkAll(rest.slice(2), facts);
    case 'handler-case':
    case 'restart-case':
      walk(rest[0], facts);
      for (const clause of rest.slice(1)) walkAll(listItems(clause).slice(2), facts);
      return;
    case 'case':
    case 'ecase':
    case 'ccase':
    case 'typecase':
    case 'etypecase':
    case 'ctypecase':
      walk(rest[0], facts);
      for (const clause of rest.slice(1)) walkAll(listItems(clause).slice(1), facts);
      return;
    case 'cond':
      for (const clause of rest) walkAll(listItems(clause), facts);
      return;
    case 'loop': {
      // Lists right after for/as/with are destructuring patterns, not calls.
      rest.forEach((item, i) => {
        const before = symbolName(rest[i - 1]);
        if (item.kind === 'list' && before && ['for', 'as', 'with'].includes(unqualified(before))) return;
        walk(item, facts);
      });
      return;
    }
    default: {
      called(first, rest, facts);
      const patterns = facts.macros.get(name);
      if (patterns) return rest.forEach((argument, i) => patterns.has(i) || walk(argument, facts));
      if (bindsFirst(name) && rest[0]?.kind === 'list') {
        walkAll(rest[0].items.slice(1), facts);
        return walkAll(rest.slice(1), facts);
      }
      return walkAll(rest, facts);
    }
  }
}
