// Which specification tree a document belongs to, and the definitions it borrows from
// it (translate/tree-definitions.ts). The tree is the project's: the configuration's
// `paths` (without them, `specs/`, what a run with no path runs) when the document lies
// under them; else the directory given on the command line that holds it; else, for a
// document given alone, its own directory. So a document given by path finds the same
// definitions as the run of its whole tree.
import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import type { DocumentPlan } from '../model/plan.js';
import { parseFile } from '../parse/index.js';
import { translate } from '../translate/index.js';
import { scanForms } from '../translate/lisp-forms.js';
import { borrowDefinitions, definedNames, definitionTree, type DefinitionTree } from '../translate/tree-definitions.js';
import { packageDefinitions, treePackages, unsharedPackageUses } from '../translate/tree-packages.js';
import { vocabularyNames } from '../run/lisp/vocabulary-names.js';
import { projectPaths, type ProjectConfig } from './config.js';
import { findDocuments, realOrSelf } from './discover.js';

export interface SpecificationTrees {
  /** The directories (or files) whose documents make up the tree of `file`. */
  rootsOf(file: string): string[];
  /** Names every driver defines already (the test vocabulary, the configuration's vocabulary files): never borrowed. */
  shared: ReadonlySet<string>;
  /** Packages the configuration's vocabulary files define (lower case): every driver has them. */
  sharedPackages: ReadonlySet<string>;
  /** The documents under ROOTS (a tree's), as a run finds them. */
  documentsOf(roots: string[]): string[];
  /** Set when no document borrows from its tree (--no-borrow): the option, as messages name it. */
  borrowingRefused?: string;
}

/** What keeps PLAN from borrowing its tree's definitions, as messages name it: its frontmatter's `borrow: false`, the run's option; else null. */
export function borrowingRefusal(plan: DocumentPlan, trees: Pick<SpecificationTrees, 'borrowingRefused'>): string | null {
  if (plan.metadata.borrow === false) return "its frontmatter's borrow: false";
  return trees.borrowingRefused ?? null;
}

function within(path: string, root: string): boolean {
  const inner = resolve(path);
  const outer = resolve(root);
  return inner === outer || inner.startsWith(outer.endsWith(sep) ? outer : outer + sep);
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The trees of the documents found under `given` (the paths of the command line, or none). */
export function specificationTrees(config: ProjectConfig, given: string[], borrowingRefused?: string): SpecificationTrees {
  const projectRoots = projectPaths(config).filter(isDirectory);
  const givenDirectories = given.filter(isDirectory);
  const shared = vocabularyNames();
  const sharedPackages = new Set<string>();
  for (const file of config.vocabulary ?? []) {
    let text: string;
    try {
      text = readFileSync(resolve(config.directory, file), 'utf8');
    } catch {
      continue; // the run reports a vocabulary file it cannot load
    }
    for (const form of scanForms(text).forms) for (const name of definedNames(form.node)) shared.add(name);
    for (const [name] of packageDefinitions(text)) sharedPackages.add(name);
  }
  return {
    rootsOf(file) {
      // By where the document really stands, links resolved (a file link's too): a document
      // reached through specs/a/x.md -> ../b/x.md borrows what specs/b's documents lend it.
      const real = realOrSelf(resolve(file));
      const holds = (root: string) => within(real, realOrSelf(resolve(root)));
      if (projectRoots.some(holds)) return projectRoots;
      return [givenDirectories.find(holds) ?? dirname(real)];
    },
    shared,
    sharedPackages,
    documentsOf: (roots) => findDocuments(roots).files,
    ...(borrowingRefused ? { borrowingRefused } : {}),
  };
}

/** The documents of a tree as translated, and the definitions they share. */
interface TranslatedTree {
  plans: DocumentPlan[];
  definitions: DefinitionTree;
  /** The packages its documents define, which it does not share. */
  packages: ReturnType<typeof treePackages>;
  /** Each document's names that other documents of the tree borrow (by absolute path), computed when first asked. */
  lent?: Map<string, Set<string>>;
}

/**
 * `plans` with the definitions each borrows from its tree inserted, and a problem for each name
 * it cannot tell which definition to load for. KNOWN gives the plan of a tree's document
 * already translated (the editor's, of the documents on disk), so it is not read again.
 */
export async function lendTreeDefinitions(plans: DocumentPlan[], trees: SpecificationTrees, known: (file: string) => DocumentPlan | undefined = () => undefined): Promise<DocumentPlan[]> {
  const byPath = new Map(plans.map((plan) => [resolve(plan.file), plan]));
  const translatedTrees = new Map<string, Promise<TranslatedTree>>();
  const treeOf = (roots: string[]): Promise<TranslatedTree> => {
    const key = roots.map((root) => resolve(root)).join('\n');
    let tree = translatedTrees.get(key);
    if (!tree) {
      // A document of the run stands in the tree as the run read it, so its own definitions are recognised as its own.
      const files = trees.documentsOf(roots);
      tree = Promise.all(files.map(async (file) => byPath.get(resolve(file)) ?? known(resolve(file)) ?? translate(await parseFile(file)))).then((treePlans) => ({ plans: treePlans, definitions: definitionTree(treePlans), packages: treePackages(treePlans) }));
      translatedTrees.set(key, tree);
    }
    return tree;
  };
  return Promise.all(
    plans.map(async (plan) => {
      if (plan.family !== 'lisp') return plan;
      const tree = await treeOf(trees.rootsOf(plan.file));
      const borrowing = borrowDefinitions(plan, tree.definitions, trees.shared);
      const refusal = borrowingRefusal(plan, trees);
      // Refused, nothing is borrowed: a name defined only elsewhere is undefined here, which its failure says.
      const definitions = refusal === null ? borrowing.definitions : plan.definitions;
      const borrowed = borrowing.definitions.filter((ref) => ref.borrowed);
      const told =
        refusal !== null
          ? borrowed.length ? { refusedBorrowing: { by: refusal, names: borrowed.flatMap((ref) => ref.borrowed!.names.map((name) => ({ name, file: ref.file, line: ref.line, usedAt: ref.borrowed!.usedAt }))) } } : {}
          : borrowing.uses.length ? { borrowedUses: borrowing.uses } : {};
      const problems = [...(refusal === null ? borrowing.problems : []), ...unsharedPackageUses(plan, tree.packages, trees.sharedPackages)];
      const lent = plan.uncalledCheckFunctions ? (lentNames(tree, trees.shared).get(resolve(plan.file)) ?? new Set<string>()) : new Set<string>();
      const calledElsewhere = (plan.uncalledCheckFunctions ?? []).filter((fn) => lent.has(fn.name));
      if (problems.length === 0 && definitions.length === plan.definitions.length && calledElsewhere.length === 0 && Object.keys(told).length === 0) return plan;
      const own = withoutUncalled(plan, calledElsewhere);
      return { ...own, ...told, definitions, problems: [...own.problems, ...problems].sort((a, b) => a.line - b.line) };
    }),
  );
}

/** The names each document of `tree` lends to the others and they call (quoted data is no call). */
function lentNames(tree: TranslatedTree, shared: ReadonlySet<string>): Map<string, Set<string>> {
  if (tree.lent) return tree.lent;
  const lent = new Map<string, Set<string>>();
  for (const plan of tree.plans) {
    if (plan.family !== 'lisp') continue;
    const { definitions, calls } = borrowDefinitions(plan, tree.definitions, shared);
    for (const ref of definitions) {
      if (!ref.borrowed) continue;
      const names = lent.get(resolve(ref.file)) ?? lent.set(resolve(ref.file), new Set()).get(resolve(ref.file))!;
      for (const name of ref.borrowed.names) if (calls.has(name)) names.add(name);
    }
  }
  tree.lent = lent;
  return lent;
}

/** `plan` without the unit or error translate made of each of `functions`: another document calls them, so their checks run there. */
function withoutUncalled(plan: DocumentPlan, functions: { name: string; line: number }[]): DocumentPlan {
  if (functions.length === 0) return plan;
  const names = new Set(functions.map((fn) => fn.name));
  const lines = new Set(functions.map((fn) => fn.line));
  return {
    ...plan,
    units: plan.units.filter((unit) => !(unit.kind === 'verify-function' && names.has(unit.functionName.toLowerCase()) && lines.has(unit.line))),
    problems: plan.problems.filter((problem) => !(lines.has(problem.line) && functions.some((fn) => problem.message.toLowerCase().startsWith(`${fn.name} holds checks`)))),
  };
}
