// The prose of a specification tree, for the executor interpreter. A team writes one system's
// specification in several documents and defines its own nouns once ("the harness SHALL refuse
// …" in one, "the harness exits with 124" in all), so a noun one document pins names the same
// thing in the others of its tree (the tree is specification-tree.ts's: the same documents
// whether the run names one of them or their directory). Only documents the executor vocabulary
// reads get it; it is plain data, so the interpreter stays unloaded where the vocabulary is not.
import { resolve } from 'node:path';
import type { DocumentPlan, TreeDocument } from '../model/plan.js';
import { parseFile } from '../parse/index.js';
import { translate } from '../translate/index.js';
import type { SpecificationTrees } from './specification-tree.js';

/** PLAN's prose outside scenarios and its scenarios' steps, or null for a document that is not OpenSpec. */
function treeDocument(plan: DocumentPlan): TreeDocument | null {
  if (plan.family !== 'openspec') return null;
  const scenarios = plan.units.flatMap((unit) => (unit.kind === 'scenario' ? [unit] : []));
  const steps = new Map<number, { text: string; line: number; code?: readonly string[] }>();
  // An outline's step stands in each of its rows' units: once here.
  for (const unit of scenarios) for (const step of unit.steps) steps.set(step.line, { text: step.text, line: step.line, ...(step.code ? { code: step.code } : {}) });
  return { file: plan.file, prose: scenarios.find((unit) => unit.prose)?.prose ?? [], steps: [...steps.values()] };
}

/** PLANS with each scenario of a document the executor vocabulary reads given its tree's documents. */
export async function shareTreeProse(plans: DocumentPlan[], trees: SpecificationTrees): Promise<DocumentPlan[]> {
  if (!plans.some((plan) => plan.executorSteps !== undefined)) return plans;
  const byPath = new Map(plans.map((plan) => [resolve(plan.file), plan]));
  const treesRead = new Map<string, Promise<TreeDocument[]>>();
  const treeOf = (roots: string[]): Promise<TreeDocument[]> => {
    const key = roots.map((root) => resolve(root)).join('\n');
    let tree = treesRead.get(key);
    if (!tree) {
      const files = trees.documentsOf(roots);
      tree = Promise.all(files.map(async (file) => byPath.get(resolve(file)) ?? translate(await parseFile(file)))).then((read) => read.flatMap((plan) => treeDocument(plan) ?? []));
      treesRead.set(key, tree);
    }
    return tree;
  };
  return Promise.all(
    plans.map(async (plan) => {
      if (plan.executorSteps === undefined || plan.family !== 'openspec') return plan;
      const tree = await treeOf(trees.rootsOf(plan.file));
      return { ...plan, units: plan.units.map((unit) => (unit.kind === 'scenario' ? { ...unit, tree } : unit)) };
    }),
  );
}
