// What a specification tree does not share: the packages its documents define. A tree
// lends the definitions its documents make in CL-USER (tree-definitions.ts); a package
// a document defines for its helpers stays in that document's driver, so another
// document that names it would fail as it is read ("Package X does not exist"). That is
// an error at the name, in check and in the run, saying where to put the package instead.
import type { Diagnostic } from '../model/document.js';
import type { CodeRef, DocumentPlan } from '../model/plan.js';
import { type LispNode, packageOf, scanForms, unqualified } from './lisp-forms.js';

/** Each package a top-level `defpackage` of TEXT, Lisp code starting at FIRST-LINE, defines (lower case), with its line. */
export function packageDefinitions(text: string, firstLine = 1): [string, number][] {
  return scanForms(text, firstLine).forms.flatMap((form): [string, number][] => {
    const [head, name] = form.node.kind === 'list' ? form.node.items : [];
    if (head?.kind !== 'symbol' || unqualified(head.name) !== 'defpackage') return [];
    const written = name?.kind === 'symbol' ? name.name.replace(/^#?:/, '') : name?.kind === 'string' ? name.value.toLowerCase() : null;
    return written === null ? [] : [[written, form.line]];
  });
}

/** Each package a top-level `defpackage` of CODE defines, with its first line. */
function definedPackages(code: CodeRef[]): Map<string, number> {
  return new Map(code.flatMap((ref) => packageDefinitions(ref.text, ref.line)).reverse());
}

/** A plan's own Lisp code: its definitions (not borrowed) and its blocks' units. */
function ownCode(plan: DocumentPlan): CodeRef[] {
  return [...plan.definitions.filter((ref) => !ref.borrowed), ...plan.units.flatMap((unit) => (unit.kind === 'lisp-block' ? [unit.code] : []))];
}

/** The packages the documents of a tree define, by package: the first document (in path order) and line. */
export function treePackages(plans: DocumentPlan[]): Map<string, { file: string; line: number }> {
  const packages = new Map<string, { file: string; line: number }>();
  for (const plan of [...plans].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))) {
    if (plan.family !== 'lisp') continue;
    for (const [name, line] of definedPackages(ownCode(plan))) if (!packages.has(name)) packages.set(name, { file: plan.file, line });
  }
  return packages;
}

/**
 * An error at the first place PLAN names each package that another document of its tree
 * defines (TREE), and neither PLAN nor a vocabulary file (SHARED) does.
 */
export function unsharedPackageUses(plan: DocumentPlan, tree: Map<string, { file: string; line: number }>, shared: ReadonlySet<string>): Diagnostic[] {
  const code = ownCode(plan);
  const own = definedPackages(code);
  const reported = new Set<string>();
  const problems: Diagnostic[] = [];
  const visit = (node: LispNode): void => {
    if (node.kind === 'list') return node.items.forEach(visit);
    if (node.kind === 'prefixed' || node.kind === 'conditional') return visit(node.form);
    if (node.kind !== 'symbol') return;
    const pkg = packageOf(node.name);
    const definer = pkg === null ? undefined : tree.get(pkg);
    if (pkg === null || definer === undefined || definer.file === plan.file || own.has(pkg) || shared.has(pkg) || reported.has(pkg)) return;
    reported.add(pkg);
    problems.push({
      file: plan.file,
      line: node.line,
      severity: 'error',
      message: `${node.raw} names the package ${pkg.toUpperCase()}, which ${definer.file}:${definer.line} defines; a specification tree shares the definitions its documents make in CL-USER, not the packages they define (nor what is defined in them), so this document's driver has no package ${pkg.toUpperCase()}: define the helpers in CL-USER there, or put the package and its definitions in a vocabulary file (the configuration's "vocabulary"), which every document's driver loads`,
    });
  };
  for (const ref of code) for (const form of scanForms(ref.text, ref.line).forms) visit(form.node);
  return problems;
}
