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
import { vocabularyNames } from '../run/lisp/vocabulary-names.js';
import { configuredPaths, type ProjectConfig } from './config.js';
import { findDocuments } from './discover.js';

export interface SpecificationTrees {
  /** The directories (or files) whose documents make up the tree of `file`. */
  rootsOf(file: string): string[];
  /** Names every driver defines already (the test vocabulary, the configuration's vocabulary files): never borrowed. */
  shared: ReadonlySet<string>;
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
export function specificationTrees(config: ProjectConfig, given: string[]): SpecificationTrees {
  const projectRoots = (configuredPaths(config) ?? ['specs/']).filter(isDirectory);
  const givenDirectories = given.filter(isDirectory);
  const shared = vocabularyNames();
  for (const file of config.vocabulary ?? []) {
    let text: string;
    try {
      text = readFileSync(resolve(config.directory, file), 'utf8');
    } catch {
      continue; // the run reports a vocabulary file it cannot load
    }
    for (const form of scanForms(text).forms) for (const name of definedNames(form.node)) shared.add(name);
  }
  return {
    rootsOf(file) {
      if (projectRoots.some((root) => within(file, root))) return projectRoots;
      const holder = givenDirectories.find((root) => within(file, root));
      return [holder ?? dirname(file)];
    },
    shared,
  };
}

/** `plans` with the definitions each borrows from its tree inserted, and a problem for each name it cannot tell which definition to load for. */
export async function lendTreeDefinitions(plans: DocumentPlan[], trees: SpecificationTrees): Promise<DocumentPlan[]> {
  const byPath = new Map(plans.map((plan) => [resolve(plan.file), plan]));
  const definitionTrees = new Map<string, Promise<DefinitionTree>>();
  const treeOf = (roots: string[]): Promise<DefinitionTree> => {
    const key = roots.map((root) => resolve(root)).join('\n');
    let tree = definitionTrees.get(key);
    if (!tree) {
      // A document of the run stands in the tree as the run read it, so its own definitions are recognised as its own.
      const files = findDocuments(roots).files;
      tree = Promise.all(files.map(async (file) => byPath.get(resolve(file)) ?? translate(await parseFile(file)))).then(definitionTree);
      definitionTrees.set(key, tree);
    }
    return tree;
  };
  return Promise.all(
    plans.map(async (plan) => {
      if (plan.family !== 'lisp') return plan;
      const { definitions, problems } = borrowDefinitions(plan, await treeOf(trees.rootsOf(plan.file)), trees.shared);
      if (problems.length === 0 && definitions.length === plan.definitions.length) return plan;
      return { ...plan, definitions, problems: [...plan.problems, ...problems].sort((a, b) => a.line - b.line) };
    }),
  );
}
