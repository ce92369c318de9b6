// A specification tree is one system, as a Lisp test system is: the top-level
// definitions of every document of the tree are available to every other, the way
// ASDF loads all files of a test system into one image. Each document still runs in
// its own driver: what it uses and does not define itself is borrowed, that is, the
// defining forms are loaded into its own environment before the definitions that need
// them, never shared live. The rule is deterministic, so a document's points never
// depend on which documents a run selects:
// - a document's own definition of a name wins;
// - identical definitions (same forms, comments and spacing aside) in several
//   documents are one;
// - definitions that differ are an error naming every place, and only in a document
//   that uses the name;
// - names every driver already has (the test vocabulary, vocabulary files) are never
//   borrowed; nor is what a document defines in a package of its own (after its
//   in-package): another document's `is` is FiveAM's, not that package's;
// - a borrowed definition brings what it uses in turn, from its own document first.
import type { Diagnostic } from '../model/document.js';
import type { BorrowedName, CodeRef, DocumentPlan } from '../model/plan.js';
import { callCounts } from './lisp-definitions.js';
import { type LispForm, type LispNode, packageOf, scanForms, unqualified } from './lisp-forms.js';

/** The defining forms a tree shares, by head. */
const SHARED_HEADS = new Set(['defun', 'defmacro', 'defvar', 'defparameter', 'defconstant', 'defstruct', 'defclass', 'defgeneric', 'defmethod', 'define-condition']);
/** Forms that only group others, and how many items precede what they group. */
const GROUPS: Record<string, number> = { progn: 1, 'eval-when': 2 };
const CL_PACKAGES = new Set(['cl', 'common-lisp']);
const CL_USER = new Set(['cl-user', 'common-lisp-user']);
/** One name for CL-USER, whichever of its names the code wrote. */
export const packageName = (name: string) => (CL_USER.has(name) ? 'cl-user' : name);

/** One top-level defining form of a document of the tree. */
interface TreeForm {
  ref: CodeRef;
  form: LispForm;
  /** Lower-cased names it defines. */
  names: string[];
  /** Lower-cased symbols it mentions, for what it needs in turn. */
  symbols: Set<string>;
  /** The package it is read in (`cl-user` unless an in-package before it says otherwise). */
  package: string;
}

/** One document's definition of a name: every shared form of that document defining it, in document order. */
export interface TreeDefinition {
  name: string;
  file: string;
  line: number;
  forms: TreeForm[];
  /** The forms as the reader sees them: comments, spacing and case left out. */
  canonical: string;
  /** The package its forms are read in: a name is lent only to code read in the same package. */
  package: string;
}

/** Each name defined in the tree, with each document's definition of it in tree order. */
export type DefinitionTree = Map<string, TreeDefinition[]>;

const symbolName = (node: LispNode | undefined): string | null => (node?.kind === 'symbol' ? node.name : null);
const listItems = (node: LispNode | undefined): LispNode[] => (node?.kind === 'list' ? node.items : []);

/**
 * The name a symbol stands for in code read in package IN, or null for a keyword or a
 * symbol of another package (`cl-user::x` read elsewhere included: a form lent would be
 * loaded in the borrower's package, not CL-USER).
 */
function localName(name: string, within = 'cl-user'): string | null {
  const pkg = packageOf(name);
  if (name.startsWith(':') || name.startsWith('#:')) return null;
  if (pkg !== null && !(CL_USER.has(pkg) && CL_USER.has(within)) && pkg !== within) return null;
  return unqualified(name);
}

function isClHead(head: string, names: Set<string> | Record<string, unknown>): boolean {
  const pkg = packageOf(head);
  const name = unqualified(head);
  return (names instanceof Set ? names.has(name) : Object.hasOwn(names, name)) && (pkg === null || CL_PACKAGES.has(pkg));
}

/** Slot readers, writers and accessors of defclass and define-condition. */
function slotFunctions(slots: LispNode[]): string[] {
  const names: string[] = [];
  for (const slot of slots) {
    const options = listItems(slot).slice(1);
    for (let i = 0; i + 1 < options.length; i += 2) {
      if ([':reader', ':writer', ':accessor'].includes(symbolName(options[i]) ?? '')) names.push(symbolName(options[i + 1]) ?? '');
    }
  }
  return names;
}

/** defstruct's type, constructors, copier, predicate and accessors, its :conc-name, :constructor, :copier and :predicate options read. */
function structNames(spec: LispNode | undefined, slots: LispNode[]): string[] {
  const name = symbolName(spec) ?? symbolName(listItems(spec)[0]);
  if (!name) return [];
  const base = unqualified(name);
  let concName = `${base}-`;
  const constructors: string[] = [];
  let copier: string | null = `copy-${base}`;
  let predicate: string | null = `${base}-p`;
  let defaultConstructor = true;
  for (const option of listItems(spec).slice(1)) {
    const [key, value] = option.kind === 'list' ? option.items : [option, undefined];
    const given = option.kind === 'list' && option.items.length > 1;
    const valueName = symbolName(value);
    switch (symbolName(key)) {
      case ':conc-name':
        concName = valueName === null || valueName === 'nil' ? '' : unqualified(valueName);
        break;
      case ':constructor':
        if (given && valueName === 'nil') defaultConstructor = false;
        else if (valueName) {
          constructors.push(valueName);
          defaultConstructor = false;
        }
        break;
      case ':copier':
        if (given) copier = valueName === 'nil' ? null : valueName;
        break;
      case ':predicate':
        if (given) predicate = valueName === 'nil' ? null : valueName;
        break;
    }
  }
  if (defaultConstructor) constructors.push(`make-${base}`);
  // A docstring before the slots is no slot.
  const slotNames = slots.map((slot) => symbolName(slot) ?? symbolName(listItems(slot)[0])).filter((s): s is string => s !== null);
  return [base, ...constructors, ...(copier ? [copier] : []), ...(predicate ? [predicate] : []), ...slotNames.map((slot) => `${concName}${unqualified(slot)}`)];
}

/** The names a top-level form defines, lower-cased; a progn or eval-when is read through. */
export function definedNames(node: LispNode): string[] {
  const items = listItems(node);
  const head = symbolName(items[0]);
  if (head === null) return [];
  if (isClHead(head, GROUPS)) return items.slice(GROUPS[unqualified(head)]).flatMap(definedNames);
  if (!isClHead(head, SHARED_HEADS)) return [];
  let names: string[];
  switch (unqualified(head)) {
    case 'defstruct':
      names = structNames(items[1], items.slice(2));
      break;
    case 'defclass':
    case 'define-condition':
      names = [symbolName(items[1]) ?? '', ...slotFunctions(listItems(items[3]))];
      break;
    default:
      names = [symbolName(items[1]) ?? ''];
  }
  return names.map((name) => (name ? localName(name) : null)).filter((name): name is string => name !== null);
}

/** Every symbol a node mentions, with the line of its first mention. */
function mentions(node: LispNode, into: Map<string, number>, within = 'cl-user'): Map<string, number> {
  switch (node.kind) {
    case 'symbol': {
      const name = localName(node.name, within);
      if (name !== null && !into.has(name)) into.set(name, node.line);
      break;
    }
    case 'list':
      for (const item of node.items) mentions(item, into, within);
      break;
    case 'prefixed':
      mentions(node.form, into, within);
      break;
    case 'conditional':
      mentions(node.form, into, within);
      break;
  }
  return into;
}

/** The node as the reader sees it: identical definitions compare equal whatever their comments and spacing. */
function canonical(node: LispNode): string {
  switch (node.kind) {
    case 'list':
      return `(${node.items.map(canonical).join(' ')})`;
    case 'symbol':
      return node.name;
    case 'string':
      return JSON.stringify(node.value);
    case 'number':
    case 'char':
      return node.raw;
    case 'prefixed':
      return `${node.prefix}${canonical(node.form)}`;
    case 'conditional':
      return `${node.prefix}${canonical(node.feature)} ${canonical(node.form)}`;
  }
}


/** The package `(in-package :x)` enters, lower-cased; null for any other form. */
/** The package an `in-package` form NODE enters (lower case, as written), else null. */
export function enteredPackage(node: LispNode): string | null {
  const [head, name] = listItems(node);
  if (head === undefined || !['in-package', 'cl:in-package', 'common-lisp:in-package'].includes(symbolName(head) ?? '')) return null;
  if (name?.kind === 'string') return name.value.toLowerCase();
  const symbol = symbolName(name);
  return symbol === null ? null : symbol.replace(/^#?:/, '').toLowerCase();
}

function formsOf(ref: CodeRef): LispForm[] {
  return scanForms(ref.text, ref.line).forms;
}

/** The definitions of the tree's documents, `plans` in any order: the tree's order is that of their paths. */
export function definitionTree(plans: DocumentPlan[]): DefinitionTree {
  const tree: DefinitionTree = new Map();
  const ordered = plans.filter((plan) => plan.family === 'lisp').sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  for (const plan of ordered) {
    /** By package and name: a document may define a name in two packages. */
    const byName = new Map<string, TreeForm[]>();
    /** The package the document's definitions are read in so far. */
    let inPackage = 'cl-user';
    for (const ref of plan.definitions) {
      if (ref.borrowed) continue;
      for (const form of formsOf(ref)) {
        inPackage = packageName(enteredPackage(form.node) ?? inPackage);
        const names = definedNames(form.node);
        if (names.length === 0) continue;
        const treeForm: TreeForm = { ref, form, names, symbols: new Set(mentions(form.node, new Map(), inPackage).keys()), package: inPackage };
        for (const name of names) byName.set(`${inPackage}\t${name}`, [...(byName.get(`${inPackage}\t${name}`) ?? []), treeForm]);
      }
    }
    for (const [key, forms] of byName) {
      const name = key.slice(key.indexOf('\t') + 1);
      const definition = { name, file: plan.file, line: forms[0].form.line, forms, canonical: forms.map((f) => canonical(f.form.node)).join('\n'), package: forms[0].package };
      tree.set(name, [...(tree.get(name) ?? []), definition]);
    }
  }
  return tree;
}

const GENERIC_HEADS = new Set(['defgeneric', 'defmethod']);
const headName = (form: TreeForm) => unqualified(symbolName(listItems(form.form.node)[0]) ?? '');

/** What identifies a method among its generic function's: its qualifiers and specializers (`defgeneric` for the generic itself). */
function methodKey(form: TreeForm): string {
  const items = listItems(form.form.node);
  if (headName(form) === 'defgeneric') return 'defgeneric';
  const lambdaList = items.slice(2).findIndex((item) => item.kind === 'list');
  const qualifiers = items.slice(2, 2 + lambdaList).map(canonical);
  const specializers = listItems(items[2 + lambdaList])
    .filter((item) => !(item.kind === 'symbol' && item.name.startsWith('&')))
    .map((item) => (item.kind === 'list' ? canonical(item.items[1] ?? item) : 't'));
  return [...qualifiers, ...specializers].join(' ');
}

/**
 * NAME's definitions when every one is a generic function's (defgeneric, defmethod): one
 * definition of all their forms, each method once, as they add up in one image; with a
 * conflict when one method (same qualifiers and specializers) or the generic itself is
 * written differently in two documents. Null for any other definitions.
 */
function genericMethods(name: string, candidates: TreeDefinition[]): { definition: TreeDefinition; conflict?: string } | null {
  if (candidates.length < 2 || !candidates.every((d) => d.forms.every((form) => GENERIC_HEADS.has(headName(form))))) return null;
  const byKey = new Map<string, TreeForm[]>();
  for (const form of candidates.flatMap((d) => d.forms)) byKey.set(methodKey(form), [...(byKey.get(methodKey(form)) ?? []), form]);
  const clashing = [...byKey.entries()].find(([, forms]) => new Set(forms.map((form) => canonical(form.form.node))).size > 1);
  const forms = [...byKey.values()].map((same) => same[0]).sort((a, b) => (headName(a) === 'defgeneric' ? -1 : headName(b) === 'defgeneric' ? 1 : 0));
  const first = candidates[0];
  const definition: TreeDefinition = { name, file: first.file, line: first.line, forms, canonical: forms.map((form) => canonical(form.form.node)).join('\n'), package: first.package };
  if (!clashing) return { definition };
  const [key, same] = clashing;
  const what = key === 'defgeneric' ? `the generic function ${name}` : `the method of ${name} on (${key})`;
  return { definition, conflict: `${what} is defined differently in ${same.map((form) => `${form.ref.file}:${form.form.line}`).join(', ')}: spec-run cannot tell which to load; make them identical, or define it in one document` };
}

/** The documents whose definition of FORM's first name is FORM's, comments and spacing aside: those it was lent as one from. */
function twinFiles(tree: DefinitionTree, form: TreeForm): string[] {
  const definitions = tree.get(form.names[0]) ?? [];
  const own = definitions.find((d) => d.forms.includes(form));
  return own ? definitions.filter((d) => d.package === own.package && d.canonical === own.canonical).map((d) => d.file) : [form.ref.file];
}

/** `a.md:12, b.md:40`: where each of `definitions` stands. */
function places(definitions: TreeDefinition[]): string {
  return definitions.map((d) => `${d.file}:${d.line}`).join(', ');
}

export interface Borrowing {
  /** The document's definitions with the borrowed ones inserted, each before the first of its definitions that needs it. */
  definitions: CodeRef[];
  problems: Diagnostic[];
  /**
   * The names its code and the code it borrows call (see visitCode), outside their own
   * definitions: a borrowed name only mentioned (`'(check-x)`, quoted data) is loaded but not called.
   */
  calls: Set<string>;
  /** The document's own top-level forms that call borrowed definitions, directly or through its own definitions (DocumentPlan.borrowedUses). */
  uses: NonNullable<DocumentPlan['borrowedUses']>;
}

/**
 * What `plan` borrows from `tree`: the definitions of the names it mentions and does
 * not define, except `shared` names (defined in every driver already).
 */
export function borrowDefinitions(plan: DocumentPlan, tree: DefinitionTree, shared: ReadonlySet<string>): Borrowing {
  const own = plan.definitions.filter((ref) => !ref.borrowed);
  const ownForms = own.map(formsOf);
  const ownNames = new Set(ownForms.flat().flatMap((form) => definedNames(form.node)));
  // A name this document defines only by methods (of a generic another document defines) still borrows the generic and its other methods.
  const ownMethodsOnly = new Set([...ownNames].filter((name) => ownForms.flat().every((form) => !definedNames(form.node).includes(name) || unqualified(symbolName(listItems(form.node)[0]) ?? '') === 'defmethod')));
  /** The package each definitions block ends in (its in-package forms and those before it); units are read in the last. */
  let reading = 'cl-user';
  const packages = ownForms.map((forms) => {
    for (const form of forms) reading = packageName(enteredPackage(form.node) ?? reading);
    return reading;
  });
  /** Where each block of own code stands in the load order: a definitions block's index, units after them all. */
  const code: { at: number; ref: CodeRef; forms: LispForm[]; package: string }[] = [
    ...own.map((ref, i) => ({ at: i, ref, forms: ownForms[i], package: i === 0 ? 'cl-user' : packages[i - 1] })),
    ...plan.units.flatMap((unit) => (unit.kind === 'lisp-block' ? [{ at: own.length, ref: unit.code, forms: formsOf(unit.code), package: reading }] : [])),
  ];

  const problems: Diagnostic[] = [];
  /** Each name resolved so far: the definition loaded for it, or null when none can be. */
  const resolved = new Map<string, TreeDefinition | null>();
  /** Borrowed forms, by place, with the earliest load position that needs them. */
  const needed = new Map<TreeForm, number>();
  const namesNeeded = new Map<TreeForm, Set<string>>();
  /** The first line of this document that needs each borrowed form. */
  const firstUse = new Map<TreeForm, number>();
  /** Definitions of `name` other documents make in package `within`: lent only to code read there. */
  const lenders = (name: string, within: string) => (tree.get(name) ?? []).filter((d) => d.file !== plan.file && d.package === within);
  const lendable = (name: string, within: string): boolean => (!ownNames.has(name) || ownMethodsOnly.has(name)) && !shared.has(name) && lenders(name, within).length > 0;

  /** The definition to borrow for `name` in package `within`, needed by code at `line` of this document (or by a borrowed form). */
  const resolve = (name: string, within: string, line: number, by: TreeForm | null): TreeDefinition | null => {
    if (resolved.has(name)) return resolved.get(name)!;
    const candidates = lenders(name, within);
    // Methods of one generic function in several documents add up, as in one image.
    const methods = genericMethods(name, candidates);
    if (methods) {
      resolved.set(name, methods.definition);
      if (methods.conflict) problems.push({ file: plan.file, line, severity: 'error', message: methods.conflict });
      return methods.definition;
    }
    const distinct = candidates.filter((d, i) => candidates.findIndex((e) => e.canonical === d.canonical) === i);
    // A borrowed helper gets what its own document defines, as its author ran it; a helper
    // written the same in several documents (lent as one) gets it only when those agree:
    // taking the first document's would make the verdict hang on file names.
    const twins = by === null ? [] : twinFiles(tree, by);
    const fromTwins = candidates.filter((d) => twins.includes(d.file));
    const agreed = fromTwins.every((d) => d.canonical === fromTwins[0]?.canonical) ? fromTwins[0] : undefined;
    const chosen = distinct.length === 1 ? distinct[0] : (agreed ?? null);
    if (chosen === null) {
      const also = twins.length > 1 ? ` (written the same in ${twins.filter((file) => file !== by!.ref.file).join(', ')})` : '';
      const user = by === null ? `this document uses it (line ${line})` : `${by.names[0]}, borrowed from ${by.ref.file}:${by.form.line}${also} for line ${line}, uses it`;
      problems.push({
        file: plan.file,
        line,
        severity: 'error',
        message: `${name} is defined differently in ${places(candidates)}, and ${user} without defining it: spec-run cannot tell which to load; define it in this document, or make those definitions identical`,
      });
    }
    resolved.set(name, chosen);
    return chosen;
  };

  const borrow = (name: string, within: string, at: number, line: number, by: TreeForm | null): void => {
    const definition = resolve(name, within, line, by);
    if (definition === null) return;
    for (const form of definition.forms) {
      namesNeeded.set(form, new Set([...(namesNeeded.get(form) ?? []), name]));
      firstUse.set(form, Math.min(line, firstUse.get(form) ?? line));
      const before = needed.get(form);
      if (before !== undefined && before <= at) continue;
      needed.set(form, at);
      for (const symbol of form.symbols) if (!form.names.includes(symbol) && lendable(symbol, form.package)) borrow(symbol, form.package, at, line, form);
    }
  };

  for (const { at, forms, package: within } of code) {
    const used = new Map<string, number>();
    for (const form of forms) mentions(form.node, used, within);
    for (const [name, line] of used) if (lendable(name, within)) borrow(name, within, at, line, null);
  }

  // Load order: each borrowed form before the own definitions that need it, and after what it needs in turn.
  const forms = [...needed.keys()].sort((a, b) => (a.ref.file < b.ref.file ? -1 : a.ref.file > b.ref.file ? 1 : a.form.line - b.form.line || a.form.start - b.form.start));
  const ordered: TreeForm[] = [];
  const visiting = new Set<TreeForm>();
  const visit = (form: TreeForm): void => {
    if (ordered.includes(form) || visiting.has(form)) return; // a cycle: functions may call each other in any order
    visiting.add(form);
    for (const other of forms) if (other !== form && other.names.some((name) => form.symbols.has(name) && resolved.get(name)?.forms.includes(other))) visit(other);
    ordered.push(form);
  };
  forms.forEach(visit);

  const calls = new Set<string>();
  const callers = new Set([...ownNames, ...[...needed.keys()].flatMap((form) => form.names)]);
  const noteCalls = (form: LispForm, within: string, defines: string[]): void => {
    for (const name of callCounts([form.node], callers).keys()) {
      const local = localName(name, within);
      if (local !== null && !defines.includes(local)) calls.add(local);
    }
  };
  for (const { forms, package: within } of code) for (const form of forms) noteCalls(form, within, definedNames(form.node));
  for (const form of needed.keys()) noteCalls(form.form, form.package, form.names);

  // Borrowed, a definition loads before the borrower's units, wherever its own document runs it.
  const borrowed = (form: TreeForm): CodeRef => {
    const { loads: _placed, ...ref } = form.ref;
    return { ...ref, line: form.form.line, text: form.form.text, borrowed: { names: [...namesNeeded.get(form)!], usedAt: firstUse.get(form)! } };
  };
  const definitions: CodeRef[] = [];
  for (let at = 0; at <= own.length; at++) {
    for (const form of ordered) if (needed.get(form) === at) definitions.push(borrowed(form));
    if (at < own.length) definitions.push(own[at]);
  }
  return { definitions, problems, calls, uses: borrowedUses(code, resolved, lendable) };
}

/**
 * Each of CODE's forms whose names, or those of the document's own definitions it mentions (and
 * theirs in turn), RESOLVED borrows: what it uses of other documents, by its lines.
 */
function borrowedUses(
  code: { forms: LispForm[]; package: string }[],
  resolved: ReadonlyMap<string, TreeDefinition | null>,
  lendable: (name: string, within: string) => boolean,
): NonNullable<DocumentPlan['borrowedUses']> {
  const ownDefining = new Map<string, { form: LispForm; package: string }[]>();
  for (const { forms, package: within } of code) for (const form of forms) for (const name of definedNames(form.node)) ownDefining.set(name, [...(ownDefining.get(name) ?? []), { form, package: within }]);
  const uses: NonNullable<DocumentPlan['borrowedUses']> = [];
  for (const { forms, package: within } of code) {
    for (const form of forms) {
      const found = new Map<string, BorrowedName>();
      const seen = new Set<string>(definedNames(form.node));
      const visit = (node: LispNode, reading: string): void => {
        for (const name of mentions(node, new Map(), reading).keys()) {
          if (seen.has(name)) continue;
          seen.add(name);
          const lent = resolved.get(name);
          if (lent && lendable(name, reading)) found.set(name, { name, file: lent.file, line: lent.line });
          else for (const own of ownDefining.get(name) ?? []) visit(own.form.node, own.package);
        }
      };
      visit(form.node, within);
      if (found.size === 0) continue;
      const to = form.line + (form.text.match(/\n/g)?.length ?? 0);
      if (!uses.some((use) => use.from === form.line && use.to === to)) uses.push({ from: form.line, to, names: [...found.values()] });
    }
  }
  return uses;
}
