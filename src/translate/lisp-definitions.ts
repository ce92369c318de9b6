// What a top-level Lisp form is, by its head: a definition loaded before the units run,
// a FiveAM test, or something to run in document order.
import type { CheckSite } from '../model/plan.js';
import { codeOnOneLine, headOf, type LispForm, type LispNode, packageOf, unqualified } from './lisp-forms.js';
import { sbclSkips } from './lisp-features.js';

/** Common Lisp defining forms; `cl:` or no package prefix. */
const CL_DEFINITIONS = new Set([
  'defun', 'defvar', 'defparameter', 'defmacro', 'defconstant', 'defgeneric', 'defmethod',
  'defstruct', 'defclass', 'defpackage', 'in-package', 'deftype', 'define-condition', 'declaim',
  // Reader macros: set up with the definitions, so the definitions after them read with them.
  'set-dispatch-macro-character', 'set-macro-character', 'make-dispatch-macro-character',
]);
/** FiveAM's defining forms, visible unqualified in CL-USER (see the test vocabulary). */
const FIVEAM_DEFINITIONS = new Set(['def-suite', 'def-suite*', 'in-suite', 'in-suite*', 'def-fixture', 'test', 'def-test']);
/** FiveAM's two ways to define a test: `test` and `def-test` (the same test, options in a list). */
const FIVEAM_TEST_DEFINITIONS = ['test', 'def-test'];
const FIVEAM_PACKAGES = new Set(['fiveam', '5am', 'it.bese.fiveam']);
const CL_PACKAGES = new Set(['cl', 'common-lisp']);

/**
 * Test definitions of the other Lisp test frameworks, each by its defining symbol and
 * the packages it may be written with. The driver defines them (as FiveAM tests), so
 * they load with the definitions and run by name like `fiveam:test`.
 */
const TEST_DIALECTS: { symbol: string; packages: Set<string>; dialect: string }[] = [
  { symbol: 'deftest', packages: new Set(['rove', 'prove', 'cl-test-more']), dialect: 'rove/prove deftest' },
  { symbol: 'define-test', packages: new Set(['parachute', 'org.shirakumo.parachute']), dialect: 'Parachute define-test' },
];

function isFiveamSymbol(name: string, symbol: string): boolean {
  return unqualified(name) === symbol && isFiveamPackage(name);
}

/** Operators that load or make code as a document runs: files (load), systems (require, ASDF, Quicklisp, UIOP's loaders), packages. */
const CODE_LOADERS = /^(?:(?:cl:|common-lisp:)?(?:load|require|make-package|defpackage)|(?:asdf|ql|quicklisp):.*|uiop(?:\/[a-z-]+)?:(?:load.*|define-package))$/;

/** NAME, as called, loads or makes code at run time that check cannot see. */
export const loadsCode = (name: string): boolean => CODE_LOADERS.test(name.toLowerCase().replace(/::/, ':'));

/** Operators that change how the code after them reads: its package, the packages' symbols, the readtable. */
const READING_CHANGES = new Set([
  'in-package', 'use-package', 'unuse-package', 'import', 'export', 'shadow', 'shadowing-import', 'rename-package', 'delete-package',
  'set-dispatch-macro-character', 'set-macro-character', 'make-dispatch-macro-character', 'in-readtable',
]);

/**
 * The first call in FORMS (quoted data aside) that loads code, makes a package or changes how
 * the code after it reads, as written (`load`, `asdf:load-system`, `in-package`), with its line:
 * code read before it would not see what it makes. Null when there is none.
 */
export function changesReading(forms: LispForm[]): { name: string; line: number } | null {
  const find = (node: LispNode): { name: string; line: number } | null => {
    if (node.kind === 'conditional') return sbclSkips(node.prefix, node.feature) ? null : find(node.form);
    if (node.kind === 'prefixed') return node.prefix === "'" || node.prefix === '#(' ? null : find(node.form);
    if (node.kind !== 'list') return null;
    const head = node.items[0];
    if (head?.kind === 'symbol' && !head.name.startsWith(':') && (loadsCode(head.name) || READING_CHANGES.has(unqualified(head.name)))) return { name: head.raw, line: node.line };
    for (const item of node.items) {
      const found = find(item);
      if (found) return found;
    }
    return null;
  };
  for (const form of forms) {
    const found = find(form.node);
    if (found) return found;
  }
  return null;
}

/** Forms that only group others: `(eval-when (...) forms...)`, `(progn forms...)`. */
const CL_GROUPS: Record<string, number> = { 'eval-when': 2, progn: 1 };

function isClSymbol(head: string, names: ReadonlySet<string> | ReadonlyMap<string, unknown> | Record<string, unknown>): boolean {
  const pkg = packageOf(head);
  const name = unqualified(head);
  return (names instanceof Set || names instanceof Map ? names.has(name) : Object.hasOwn(names, name)) && (pkg === null || CL_PACKAGES.has(pkg));
}

/** A Common Lisp definition, or an eval-when or progn holding nothing but such definitions. */
function isClDefinition(node: LispNode): boolean {
  const items = listOf(node);
  const head = items?.[0]?.kind === 'symbol' ? items[0].name : null;
  if (head === null) return false;
  if (isClSymbol(head, CL_DEFINITIONS)) return true;
  if (!isClSymbol(head, CL_GROUPS)) return false;
  const body = items!.slice(CL_GROUPS[unqualified(head)]);
  return body.length > 0 && body.every(isClDefinition);
}

export function isDefinition(form: LispForm, testMacros: TestMacros = NO_TEST_MACROS): boolean {
  if (form.head === null) return false;
  if (isClDefinition(form.node)) return true;
  if (testDialect(form.head) !== null || testMacroArgument(form.head, testMacros) !== undefined) return true;
  return FIVEAM_DEFINITIONS.has(unqualified(form.head)) && isFiveamPackage(form.head);
}

function isFiveamPackage(head: string): boolean {
  const pkg = packageOf(head);
  return pkg === null || FIVEAM_PACKAGES.has(pkg);
}

/**
 * Calls that run a suite or all tests, as one does at a REPL (`(run! 'suite)`,
 * `(rove:run :system)`): spec-run runs every test itself, each as a unit, so such a
 * call at top level would run them a second time.
 */
const FIVEAM_RUNNERS = new Set(['run!', 'run', 'explain!', 'run-all-tests', 'debug!']);
const OTHER_RUNNERS: { symbol: string; packages: Set<string> }[] = [
  { symbol: 'run', packages: new Set(['rove', 'prove']) },
  { symbol: 'run-suite', packages: new Set(['rove']) },
  { symbol: 'run-test', packages: new Set(['rove', 'prove']) },
  { symbol: 'test', packages: new Set(['parachute', 'org.shirakumo.parachute']) },
];

export function isTestRunnerCall(form: LispForm): boolean {
  if (form.head === null) return false;
  const pkg = packageOf(form.head);
  const name = unqualified(form.head);
  if (FIVEAM_RUNNERS.has(name) && (pkg === null ? name !== 'run' : FIVEAM_PACKAGES.has(pkg))) return true;
  return pkg !== null && OTHER_RUNNERS.some((r) => r.symbol === name && r.packages.has(pkg));
}

/** The dialect a test-defining head belongs to ("rove/prove deftest"), or null. */
function testDialect(head: string): string | null {
  const pkg = packageOf(head);
  const found = TEST_DIALECTS.find((d) => d.symbol === unqualified(head) && (pkg === null || d.packages.has(pkg)));
  return found?.dialect ?? null;
}

/** The list under any `#+`/`#-` guard. */
function listOf(node: LispNode): LispNode[] | null {
  if (node.kind === 'conditional') return listOf(node.form);
  return node.kind === 'list' ? node.items : null;
}

export interface DefinedTest {
  /** The test's name as written; a Parachute name given as a string keeps its quotes. */
  name: string;
  /** Null for FiveAM's own `test`. */
  dialect: string | null;
}

/**
 * The macros of a document whose expansion defines a FiveAM test, by lower-cased name
 * without package: the position among a call's arguments (from 0) of the test's name.
 */
export type TestMacros = ReadonlyMap<string, number>;

const NO_TEST_MACROS: TestMacros = new Map();

/** Where the test's name stands among the arguments of a call of HEAD, when HEAD is one of TESTMACROS. */
function testMacroArgument(head: string, testMacros: TestMacros): number | undefined {
  // FiveAM's and Common Lisp's own names keep their meaning (a macro named `test` is no new way to define one).
  return isFiveamPackage(head) && FIVEAM_DEFINITIONS.has(unqualified(head)) ? undefined : testMacros.get(unqualified(head));
}

/**
 * The macros among FORMS (a document's top-level forms) whose expansion defines a FiveAM
 * test: a `defmacro` whose backquoted template holds `(test ,name ...)` or `(def-test
 * ,name ...)` (FiveAM's, under any of its package names), or a call of such a macro, with
 * the test's name one of its required parameters. A call of one defines a test as
 * `fiveam:test` does: without knowing so, spec-run would run its body nowhere.
 */
export function testDefiningMacros(forms: LispForm[]): TestMacros {
  const found = new Map<string, number>();
  const macros = forms.flatMap((form) => {
    const items = form.head !== null && unqualified(form.head) === 'defmacro' && isClSymbol(form.head, CL_DEFINITIONS) ? listOf(form.node) : null;
    const name = items?.[1];
    const lambdaList = items?.[2];
    if (name?.kind !== 'symbol' || lambdaList?.kind !== 'list') return [];
    return [{ name: unqualified(name.name), parameters: requiredParameters(lambdaList.items), body: items!.slice(3) }];
  });
  // A macro may define its test through another macro of the document, defined before or after it.
  for (let grew = true; grew; ) {
    grew = false;
    for (const macro of macros) {
      if (found.has(macro.name)) continue;
      const position = macro.body.map((node) => testNameParameter(node, macro.parameters, found, false)).find((p) => p !== undefined);
      if (position !== undefined) {
        found.set(macro.name, position);
        grew = true;
      }
    }
  }
  return found;
}

/** The required parameters of a macro lambda list, lower-cased, in order (a destructuring pattern is a position of its own, named by none). */
function requiredParameters(items: LispNode[]): (string | null)[] {
  const rest = items[0]?.kind === 'symbol' && items[0].name === '&whole' ? items.slice(2) : items;
  const end = rest.findIndex((item) => item.kind === 'symbol' && item.name.startsWith('&'));
  return (end < 0 ? rest : rest.slice(0, end)).map((item) => (item.kind === 'symbol' ? item.name : null));
}

/** The position among PARAMETERS of the test name a test definition in NODE's backquoted template takes from them. */
function testNameParameter(node: LispNode, parameters: (string | null)[], macros: TestMacros, quasiquoted: boolean): number | undefined {
  if (node.kind === 'conditional') return testNameParameter(node.form, parameters, macros, quasiquoted);
  if (node.kind === 'prefixed') return node.prefix === "'" ? undefined : testNameParameter(node.form, parameters, macros, quasiquoted || node.prefix === '`');
  if (node.kind !== 'list') return undefined;
  const head = node.items[0]?.kind === 'symbol' ? node.items[0].name : null;
  if (quasiquoted && head !== null) {
    const argument = FIVEAM_TEST_DEFINITIONS.some((symbol) => isFiveamSymbol(head, symbol)) ? 0 : testMacroArgument(head, macros);
    const target = argument === undefined ? undefined : node.items[1 + argument];
    // `(test ,name ...)` or `(test (,name :suite s) ...)`.
    const named = target?.kind === 'list' ? target.items[0] : target;
    if (named?.kind === 'prefixed' && named.prefix === ',' && named.form.kind === 'symbol') {
      const position = parameters.indexOf(named.form.name);
      if (position >= 0) return position;
    }
  }
  for (const item of node.items) {
    const position = testNameParameter(item, parameters, macros, quasiquoted);
    if (position !== undefined) return position;
  }
  return undefined;
}

/**
 * The test a form defines: `(test name ...)`, `(test (name :suite s) ...)`, `(def-test name (options) ...)`,
 * `(deftest name [()] ...)` of rove and prove, `(define-test name ...)` of Parachute, a
 * call of a macro of the document that defines one (TESTMACROS).
 */
export function definedTest(form: LispForm, testMacros: TestMacros = NO_TEST_MACROS): DefinedTest | null {
  if (form.head === null) return null;
  const dialect = testDialect(form.head);
  const macroArgument = testMacroArgument(form.head, testMacros);
  if (macroArgument !== undefined) {
    const target = listOf(form.node)?.[1 + macroArgument];
    const named = target?.kind === 'list' ? target.items[0] : target;
    return named?.kind === 'symbol' ? { name: named.raw, dialect: null } : null;
  }
  if (dialect === null && !FIVEAM_TEST_DEFINITIONS.some((symbol) => isFiveamSymbol(form.head!, symbol))) return null;
  const target = listOf(form.node)?.[1];
  if (target?.kind === 'symbol') return { name: target.raw, dialect };
  if (target?.kind === 'string' && dialect !== null) return { name: JSON.stringify(target.value), dialect };
  if (target?.kind === 'list' && target.items[0]?.kind === 'symbol') return { name: target.items[0].raw, dialect };
  return null;
}

/** A test defined inside a form, and the reader conditional it stands behind there ("#-sbcl"), if any. */
export interface NestedTest extends DefinedTest {
  line: number;
  feature?: string;
}

/**
 * Tests defined inside a form rather than by it: in a `let` (a closure), a `progn`, an
 * `eval-when`. Quoted data and the bodies of tests are not looked into.
 */
export function nestedTests(form: LispForm, testMacros: TestMacros = NO_TEST_MACROS): NestedTest[] {
  const found: NestedTest[] = [];
  const visit = (node: LispNode, top: boolean, feature?: string): void => {
    if (node.kind === 'conditional') {
      const text = form.text.slice(node.feature.start - form.start, node.feature.end - form.start);
      return visit(node.form, top, `${node.prefix}${text}`);
    }
    if (node.kind !== 'list') return;
    const test = definedTest({ node, head: headOf(node), start: node.start, end: node.end, line: node.line, text: '' }, testMacros);
    if (test !== null) {
      if (!top) found.push({ ...test, line: node.line, ...(feature ? { feature } : {}) });
      return;
    }
    for (const item of node.items) visit(item, false);
  };
  visit(form.node, true);
  return found;
}

export interface DefinedFunction {
  /** Lower-cased, as the reader sees it. */
  name: string;
  /** As written in the document. */
  rawName: string;
  /** True when the lambda list has no required parameter: the function can be called with none. */
  callableWithoutArguments: boolean;
  /** True when its body holds a check (`assert`, `is`, `ok`...): a point each time it runs. */
  holdsChecks: boolean;
  /** Its body's check sites (see checkSites): where its points stand when it runs. */
  checks: CheckSite[];
  /** The symbols its body names as code (see visitCode): the functions it may call among them. */
  names: Set<string>;
  line: number;
  /** A `defmethod`'s: the generic function may be called by code not the document's (PRINT calls PRINT-OBJECT). */
  method: boolean;
  /** Held by a variable (`(defvar *f* (lambda ...))`), not named as a function: called by `(funcall *f*)`, never by its name. */
  variable: boolean;
  /** A lambda kept as data (`(push (lambda ...) *checks*)`, see storedFunctions): whatever calls it, it is by no name. */
  stored: boolean;
}

/**
 * The operators known to call a function designator given them, by unqualified name, with the
 * argument that is the function they call (1 the first): `(funcall 'f)`, `(mapc 'f items)`,
 * `(sort items #'f)`, `(make-thread 'f)`. A function given in another argument is data to them
 * (`(funcall #'identity #'f)`, `(apply #'list #'f nil)` call identity and list, not f). Any
 * other operator only takes the function or its name (`symbol-function`, `compile`,
 * `fboundp`, `documentation`, `trace`, a macro, a library's function): what it does with it is
 * not known here, so it calls nothing. The driver decides by the same table
 * (*designator-callers*, run/lisp/checks.lisp).
 */
export const DESIGNATOR_CALLERS: ReadonlyMap<string, number> = new Map([
  ...['funcall', 'apply', 'multiple-value-call', 'mapcar', 'mapc', 'mapcan', 'maplist', 'mapl', 'mapcon', 'maphash', 'reduce', 'some', 'every', 'notany', 'notevery', 'make-thread'].map((name) => [name, 1] as const),
  ...['remove-if', 'remove-if-not', 'delete-if', 'delete-if-not', 'find-if', 'find-if-not', 'position-if', 'position-if-not', 'count-if', 'count-if-not'].map((name) => [name, 1] as const),
  ...['member-if', 'member-if-not', 'assoc-if', 'assoc-if-not', 'rassoc-if', 'rassoc-if-not'].map((name) => [name, 1] as const),
  ...['map', 'map-into', 'sort', 'stable-sort', 'subst-if', 'subst-if-not', 'nsubst-if', 'nsubst-if-not', 'substitute-if', 'substitute-if-not', 'nsubstitute-if', 'nsubstitute-if-not'].map((name) => [name, 2] as const),
  ['merge', 4],
]);
/**
 * Common Lisp's operators that print objects given them, each with the argument the objects
 * start at (1 the first): printing one calls `print-object`, so a call of one calls the
 * document's `print-object` methods, unless what it prints is a literal (a string, a
 * number, a character, a keyword). The driver decides by the same table (*printers*,
 * run/lisp/checks.lisp).
 */
const PRINTERS: ReadonlyMap<string, number> = new Map([
  ...['print', 'prin1', 'princ', 'pprint', 'write', 'prin1-to-string', 'princ-to-string', 'write-to-string'].map((name) => [name, 1] as const),
  ['format', 3],
]);

/** The call of `print-object` LIST makes when it prints an object (PRINTERS), named at its head; else null. */
function printObjectCalled(list: Extract<LispNode, { kind: 'list' }>): SymbolNode | null {
  const head = list.items[0];
  if (head?.kind !== 'symbol' || !isClSymbol(head.name, PRINTERS)) return null;
  const objects = list.items.slice(PRINTERS.get(unqualified(head.name)));
  const literal = (node: LispNode) => node.kind === 'string' || node.kind === 'number' || node.kind === 'char' || (node.kind === 'symbol' && node.name.startsWith(':'));
  return objects.some((node) => !literal(node)) ? { ...head, name: 'print-object', raw: 'print-object' } : null;
}
/** Operators whose form is the function a quoted name names, as `#'f` is: `(symbol-function 'f)`. */
const FUNCTION_FETCHERS = new Set(['symbol-function', 'fdefinition']);
/** Keyword arguments that take a function to call: `:key 'f`, `:test 'f`. */
const DESIGNATOR_KEYWORDS = new Set([':key', ':test', ':test-not']);
/** Forms that make code of their quoted data: a macro's expansion, what `eval` evaluates. */
const CODE_MAKERS = new Set(['defmacro', 'macrolet', 'define-compiler-macro', 'define-symbol-macro', 'symbol-macrolet', 'eval']);
/** Prefixes whose form is literal data: `'x`, `` `x `` (but for its `,` parts), `#(...)`, `#p""`, `#s()`, `#c()`, `#2a()`. */
const DATA_PREFIXES = /^(?:'|`|#\(|#\d*[aApPsScC])$/;

type SymbolNode = Extract<LispNode, { kind: 'symbol' }>;

/** The symbol NODE names a function by: `'f`, `(quote f)`, `#'f`, `(function f)`, `(symbol-function 'f)`; else null. */
function namedFunction(node: LispNode): SymbolNode | null {
  if (node.kind === 'prefixed') return (node.prefix === "'" || node.prefix === "#'") && node.form.kind === 'symbol' ? node.form : null;
  const [head, named] = node.kind === 'list' && node.items.length === 2 ? node.items : [];
  if (head?.kind !== 'symbol' || named === undefined) return null;
  if (head.name === 'quote' || head.name === 'function') return named.kind === 'symbol' ? named : null;
  return FUNCTION_FETCHERS.has(unqualified(head.name)) ? namedFunction(named) : null;
}

/**
 * Calls VISIT on each symbol and list of NODE that SBCL reads as code, so each call and
 * each function named to be called: not what a reader conditional leaves out, nor quoted
 * data (`'(f)`, `(quote (f))`, a backquoted template outside its `,` parts, `#(f)`, a
 * string), unless a macro or `eval` makes code of it. A function named by `'f`, `#'f` or
 * `(symbol-function 'f)` is called when given to an operator that calls it: a Common Lisp
 * one of DESIGNATOR_CALLERS in the argument it calls (`(funcall #'f)`, `(mapc 'f xs)`), as
 * `:key 'f` or `:test #'f`, or in any argument of one of CALLERS (the document's functions,
 * lower-cased: `(run-check 'f)`).
 * Elsewhere `'f` is data (`(list 'f)`, `(compile 'f)`), and `#'f` a function put aside
 * (`(list #'f)`, `(defvar *f* (symbol-function 'f))`, `(let ((f #'f)) ...)`): what runs it
 * later is not known here. NAMED is called on each function called (`(f)`, and as above,
 * CALLED true) or put aside (CALLED false). PUSHED, features the document pushes: what a
 * conditional on one of them holds is visited, since a run may read it (lisp-features.ts).
 */
export function visitCode(node: LispNode, visit: (node: LispNode) => void, callers: ReadonlySet<string> = new Set(), named: (symbol: SymbolNode, called: boolean) => void = () => {}, pushed?: ReadonlySet<string>): void {
  const walk = (node: LispNode, data: boolean, makesCode: boolean): void => {
    switch (node.kind) {
      case 'symbol':
        if (!data) visit(node);
        return;
      case 'conditional':
        if (!sbclSkips(node.prefix, node.feature, pushed)) walk(node.form, data, makesCode);
        return;
      case 'prefixed':
        // `,x` and `#.x` are evaluated wherever they stand; `#1=` and `#'` are what they label or name.
        if (node.prefix.startsWith(',') || node.prefix === '#.') return walk(node.form, false, makesCode);
        if (node.prefix === "#'" && node.form.kind === 'symbol') return data ? undefined : named(node.form, false);
        return walk(node.form, data || (DATA_PREFIXES.test(node.prefix) && !makesCode), makesCode);
      case 'list': {
        if (data) {
          for (const item of node.items) walk(item, true, makesCode);
          return;
        }
        visit(node);
        const head = node.items[0]?.kind === 'symbol' ? node.items[0].name : null;
        const operator = head === null ? null : unqualified(head);
        const function_ = operator === 'function' || FUNCTION_FETCHERS.has(operator!) ? namedFunction(node) : null;
        if (function_ !== null) return named(function_, false);
        if (node.items[0]?.kind === 'symbol') named(node.items[0], true);
        const printObject = printObjectCalled(node);
        if (printObject !== null) {
          visit(printObject);
          named(printObject, true);
        }
        const makes = makesCode || (operator !== null && CODE_MAKERS.has(operator));
        const calledArgument = head === null ? undefined : DESIGNATOR_CALLERS.get(operator!);
        const callsEveryArgument = head !== null && callers.has(head);
        node.items.forEach((item, i) => {
          const previous = node.items[i - 1];
          const calls = i > 0 && (callsEveryArgument || i === calledArgument || (previous?.kind === 'symbol' && DESIGNATOR_KEYWORDS.has(previous.name)));
          const called = calls ? namedFunction(item) : null;
          if (called !== null) {
            visit(called);
            named(called, true);
          } else walk(item, i > 0 && operator === 'quote' && !makes, makes);
        });
        return;
      }
    }
  };
  walk(node, false, false);
}

/** The symbols NODES name as code (see visitCode), lower-cased. */
function codeSymbols(nodes: LispNode[]): Set<string> {
  const found = new Set<string>();
  for (const node of nodes) visitCode(node, (code) => code.kind === 'symbol' && found.add(code.name));
  return found;
}

/** The functions NODES name by `#'f` without calling them (see visitCode, and CALLERS there), by lower-cased name. */
export function functionReferences(nodes: LispNode[], callers: ReadonlySet<string> = new Set()): Set<string> {
  const found = new Set<string>();
  for (const node of nodes) visitCode(node, () => {}, callers, (symbol, called) => called || found.add(symbol.name));
  return found;
}

/**
 * How often NODES call each function (see visitCode, and CALLERS there), by lower-cased name:
 * as a list's head, `(f)`, or named to an operator that calls it. A symbol anywhere else
 * is no call (`(trace f)`, `(declaim (inline f))`): what a macro or another library does
 * with it is not known here.
 */
export function callCounts(nodes: LispNode[], callers: ReadonlySet<string> = new Set()): Map<string, number> {
  const counts = new Map<string, number>();
  for (const node of nodes) visitCode(node, () => {}, callers, (symbol, called) => called && counts.set(symbol.name, (counts.get(symbol.name) ?? 0) + 1));
  return counts;
}

/** The checks of FiveAM, rove, prove and Parachute, and spec-run's `assert` (as the driver counts them, checks.lisp). */
const CHECK_NAMES = new Set(['assert', 'is', 'is-true', 'is-false', 'signals', 'finishes', 'pass', 'fail', 'skip', 'for-all', 'ok', 'ng', 'true', 'false', 'of-type', 'is-type', 'isnt', 'finish', 'is-error']);
const CHECK_PACKAGES = new Set([...FIVEAM_PACKAGES, ...CL_PACKAGES, 'rove', 'prove', 'cl-test-more', 'parachute', 'org.shirakumo.parachute', 'spec-run']);

/** The check NODE calls, when a list of code whose head is one: `(assert ...)`, `(fiveam:is ...)`; else null. */
function checkCalled(node: LispNode): string | null {
  const head = node.kind === 'list' ? node.items[0] : undefined;
  if (head?.kind !== 'symbol' || !CHECK_NAMES.has(unqualified(head.name))) return null;
  const pkg = packageOf(head.name);
  return pkg === null || CHECK_PACKAGES.has(pkg) ? unqualified(head.name) : null;
}

/** True when `node` calls a check in code (see visitCode; PUSHED, the features its document pushes, may hold). */
export function holdsChecks(node: LispNode, pushed?: ReadonlySet<string>): boolean {
  let found = false;
  visitCode(node, (code) => (found ||= checkCalled(code) !== null), undefined, undefined, pushed);
  return found;
}

/** Checks that state an outcome (`(if ok (pass) (fail "…"))`): one not taken is no check missed (*OUTCOME-OPERATORS*, checks.lisp). */
const OUTCOME_CHECKS = new Set(['pass', 'fail', 'skip']);
/** Checks whose first argument is the form they test (*TRUTH-CHECK-OPERATORS*, checks.lisp): of the constant `t` or `nil`, an outcome too. */
const TRUTH_CHECKS = new Set(['assert', 'is', 'is-true', 'is-false', 'ok', 'ng', 'true', 'false']);

/**
 * The check sites NODE holds in code, outermost first in reading order, as the driver
 * counts them where it can expand the code (check-site-p, checks.lisp): a check that is
 * no outcome statement, not counting the checks inside another (a `for-all`'s `is`).
 */
export function checkSites(node: LispNode): LispNode[] {
  const sites: LispNode[] = [];
  const inSites = (code: LispNode) => sites.some((site) => site.start <= code.start && code.end <= site.end);
  visitCode(node, (code) => {
    const check = checkCalled(code);
    if (check === null || code.kind !== 'list' || inSites(code) || OUTCOME_CHECKS.has(check)) return;
    const tested = code.items[1];
    if (TRUTH_CHECKS.has(check) && tested?.kind === 'symbol' && (tested.name === 't' || tested.name === 'nil')) return;
    sites.push(code);
  });
  return sites;
}

/** Whether LAMBDALIST (a `defun`'s, a `lambda`'s) has no required parameter: its function can be called with none. */
function takesNoArguments(lambdaList: LispNode): boolean {
  if (lambdaList.kind === 'symbol') return lambdaList.name === 'nil';
  if (lambdaList.kind !== 'list') return false;
  const first = lambdaList.items[0];
  return first === undefined || (first.kind === 'symbol' && first.name.startsWith('&'));
}

/** The function NAME (as written) of LAMBDALIST and BODY, defined by FORM: what its body names and checks. */
function functionOf(form: LispForm, name: SymbolNode, lambdaList: LispNode, body: LispNode[], kind: { method?: boolean; variable?: boolean; stored?: boolean } = {}): DefinedFunction {
  const names = codeSymbols(body);
  const checks = body.flatMap(checkSites).map((site) => ({ line: site.line, text: codeOnOneLine(form.text.slice(site.start - form.start, site.end - form.start)) }));
  return { name: name.name, rawName: name.raw, callableWithoutArguments: takesNoArguments(lambdaList), holdsChecks: body.some((node) => holdsChecks(node)), checks, names, line: form.line, method: kind.method ?? false, variable: kind.variable ?? false, stored: kind.stored ?? false };
}

/** The lambda list and body of NODE when it is a function object written in place: `(lambda ...)`, `#'(lambda ...)`, `(function (lambda ...))`. */
function lambdaOf(node: LispNode | undefined): { lambdaList: LispNode; body: LispNode[] } | null {
  if (node?.kind === 'prefixed') return node.prefix === "#'" ? lambdaOf(node.form) : null;
  if (node?.kind !== 'list') return null;
  const [head, lambdaList, ...body] = node.items;
  if (head?.kind !== 'symbol') return null;
  if (head.name === 'function' && node.items.length === 2) return lambdaOf(lambdaList);
  return unqualified(head.name) === 'lambda' && lambdaList !== undefined ? { lambdaList, body } : null;
}

/**
 * The functions FORM defines: a `defun`; a `defmethod` (a method's checks are its generic
 * function's, called by its name); a `defgeneric` with `(:method ...)` options; a function
 * object written in place and given a name, `(setf (symbol-function 'f) (lambda ...))` (or
 * `fdefinition`), or held by a variable, `(defvar *f* (lambda ...))`, `(setf *f* (lambda ...))`,
 * called by `(funcall *f*)`. Any of them may hold checks that nothing calls.
 */
export function definedFunctions(form: LispForm): DefinedFunction[] {
  const operator = form.head === null ? null : unqualified(form.head);
  const items = listOf(form.node);
  const name = items?.[1];
  if (items === null || operator === null) return [];
  if (operator === 'defun' || operator === 'defmethod') {
    // A method's qualifiers (:before, :around) stand between its name and its lambda list.
    const lambdaListAt = operator === 'defmethod' ? items.findIndex((item, i) => i > 1 && item.kind === 'list') : 2;
    const lambdaList = lambdaListAt > 1 ? items[lambdaListAt] : undefined;
    if (name?.kind !== 'symbol' || lambdaList === undefined) return [];
    return [functionOf(form, name, lambdaList, items.slice(lambdaListAt + 1), { method: operator === 'defmethod' })];
  }
  if (operator === 'defgeneric') {
    const lambdaList = items[2];
    if (name?.kind !== 'symbol' || lambdaList === undefined) return [];
    // Each `(:method [qualifiers] lambda-list body...)` is a method of the generic function, called by its name.
    const methods = items.slice(3).flatMap((option) => {
      const parts = option.kind === 'list' && option.items[0]?.kind === 'symbol' && option.items[0].name === ':method' ? option.items : null;
      const at = parts?.findIndex((item, i) => i > 0 && item.kind === 'list') ?? -1;
      return parts && at > 0 ? parts.slice(at + 1) : [];
    });
    return methods.length > 0 ? [functionOf(form, name, lambdaList, methods)] : [];
  }
  const [target, value] = operator === 'defvar' || operator === 'defparameter' ? [name, items[2]] : operator === 'setf' || operator === 'setq' ? [name, items[2]] : [];
  const held = lambdaOf(value);
  if (held === null || target === undefined) return [];
  if (target.kind === 'symbol') return [functionOf(form, target, held.lambdaList, held.body, { variable: true })];
  const named = target.kind === 'list' && target.items.length === 2 && target.items[0]?.kind === 'symbol' && FUNCTION_FETCHERS.has(unqualified(target.items[0].name)) ? namedFunction(target.items[1]) : null;
  return named === null ? [] : [functionOf(form, named, held.lambdaList, held.body)];
}

/**
 * The operators that keep the functions given them as data, calling none, with the argument
 * their values start at (1 the first): `setf` and its kin take every second argument from
 * there (a place's value), the others every one. *DATA-STORING-OPERATORS* of
 * run/lisp/checks.lisp, by which the run counts a stored lambda's checks as its own, is the same table.
 */
const DATA_STORING_OPERATORS: ReadonlyMap<string, number> = new Map([
  ...['setf', 'setq', 'psetf', 'psetq', 'acons'].map((name) => [name, 2] as const),
  ...['push', 'pushnew', 'list', 'list*', 'cons', 'vector'].map((name) => [name, 1] as const),
]);
const PLACE_SETTERS = new Set(['setf', 'setq', 'psetf', 'psetq']);

/**
 * The lambdas FORM keeps as data, at any depth: stored in a table, a list or a place
 * (`(setf (gethash :a *checks*) (lambda ...))`, `(push (lambda ...) *rules*)`), a registry
 * of checks a later unit may call. Each is named for its line; the one a top-level `setf`
 * gives a variable or a function name is definedFunctions'.
 */
export function storedFunctions(form: LispForm): DefinedFunction[] {
  const found: DefinedFunction[] = [];
  visitCode(form.node, (node) => {
    const operator = node.kind === 'list' && node.items[0]?.kind === 'symbol' ? unqualified(node.items[0].name) : null;
    const from = operator === null ? undefined : DATA_STORING_OPERATORS.get(operator);
    if (from === undefined || node.kind !== 'list') return;
    const setter = PLACE_SETTERS.has(operator!);
    for (let at = from; at < node.items.length; at += setter ? 2 : 1) {
      const held = lambdaOf(node.items[at]);
      const place = node.items[at - 1];
      if (held === null || (setter && node === form.node && (place.kind === 'symbol' || namedFunction(place) !== null))) continue;
      const lambda = node.items[at];
      const name: SymbolNode = { kind: 'symbol', name: `(lambda at line ${lambda.line})`, raw: `the lambda at line ${lambda.line}`, start: lambda.start, end: lambda.end, line: lambda.line };
      found.push(functionOf({ ...form, line: lambda.line }, name, held.lambdaList, held.body, { stored: true }));
    }
  });
  return found;
}

/**
 * How NODES use variables that may hold a function: those whose function they call, given
 * where an operator calls what it is given (`(funcall *f*)`, `(mapc *f* items)`, see
 * DESIGNATOR_CALLERS), and how often each is named as code at all (its definition once), by
 * lower-cased name. One named again but not called is given to code that may call it.
 */
export function variableUses(nodes: LispNode[]): { called: Set<string>; named: Map<string, number> } {
  const called = new Set<string>();
  const named = new Map<string, number>();
  for (const node of nodes)
    visitCode(node, (code) => {
      if (code.kind === 'symbol') named.set(code.name, (named.get(code.name) ?? 0) + 1);
      const head = code.kind === 'list' && code.items[0]?.kind === 'symbol' ? code.items[0].name : null;
      const argument = head === null ? undefined : DESIGNATOR_CALLERS.get(unqualified(head));
      const given = argument === undefined || code.kind !== 'list' ? undefined : code.items[argument];
      if (given?.kind === 'symbol') called.add(given.name);
    });
  return { called, named };
}

/** The names of FUNCTIONS that hold checks, or call one of FUNCTIONS that does (and so on). */
export function checkingFunctions(functions: DefinedFunction[]): Set<string> {
  const checking = new Set(functions.filter((fn) => fn.holdsChecks).map((fn) => fn.name));
  for (let grew = true; grew; ) {
    grew = false;
    for (const fn of functions)
      if (!checking.has(fn.name) && [...fn.names].some((name) => name !== fn.name && checking.has(name))) {
        checking.add(fn.name);
        grew = true;
      }
  }
  return checking;
}

/** A `verify-...` name, as the test vocabulary defines verification functions. */
export function isVerifyName(name: string): boolean {
  return unqualified(name).startsWith('verify-');
}
