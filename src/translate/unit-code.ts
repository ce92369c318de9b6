// The Lisp code of a unit as written, for what is read of it without running it: the checks a
// driver that ended at once did not reach (run/lisp/unreached-checks.ts), a unit that holds no
// check at all (check/index.ts).
import type { CodeRef, DocumentPlan, Unit } from '../model/plan.js';
import { checkingFunctions, definedFunctions, holdsChecks, visitCode } from './lisp-definitions.js';
import { type LispForm, type LispNode, scanForms, unqualified } from './lisp-forms.js';
import { pushedFeatures } from './lisp-features.js';

/** The code of UNIT as written: a block's forms, or the definition of its test or verify- function, with the text they are read from. */
export function unitCode(plan: DocumentPlan, unit: Unit): { ref: CodeRef; nodes: LispNode[] } | null {
  if (unit.kind === 'lisp-block') return { ref: unit.code, nodes: scanForms(unit.code.text, unit.code.line).forms.map((form) => form.node) };
  if (unit.kind !== 'fiveam-test' && unit.kind !== 'verify-function') return null;
  for (const ref of plan.definitions.filter((definition) => definition.file === unit.file && !definition.borrowed)) {
    const defining = scanForms(ref.text, ref.line)
      .forms.map((form) => outermostListAt(form.node, unit.line))
      .find((node) => node !== null);
    if (defining) return { ref, nodes: [defining] };
  }
  return null;
}

/** The outermost list of NODE that starts at LINE. */
function outermostListAt(node: LispNode, line: number): LispNode | null {
  if (node.kind === 'list' && node.line === line) return node;
  const inner = node.kind === 'list' ? node.items : node.kind === 'prefixed' || node.kind === 'conditional' ? [node.form] : [];
  for (const item of inner) {
    const found = outermostListAt(item, line);
    if (found) return found;
  }
  return null;
}

/**
 * The blocks and tests of PLAN whose code holds no check, as written: no check of its own, and
 * no call of a function or macro of the document's code that holds one (or calls one that
 * does). A check a name defined elsewhere makes (a vocabulary file's) is not seen here: the
 * run, which expands the code, decides; this is what `check` warns of.
 */
export function unitsHoldingNoCheck(plan: DocumentPlan): Unit[] {
  const forms = documentForms(plan);
  // A check behind a feature the document pushes runs where the run reads it under that feature.
  const pushed = pushedFeatures(forms.map((form) => form.node));
  const functions = forms.flatMap(definedFunctions);
  const checking = checkingFunctions(functions);
  // A macro whose template holds a check makes one wherever it is called.
  for (const form of forms) {
    const name = form.node.kind === 'list' ? form.node.items[1] : undefined;
    if (form.head !== null && unqualified(form.head) === 'defmacro' && name?.kind === 'symbol' && holdsChecks(form.node)) checking.add(name.name);
  }
  const callsChecking = (node: LispNode) => {
    let found = false;
    visitCode(node, (visited) => (found ||= visited.kind === 'symbol' && checking.has(unqualified(visited.name))), undefined, undefined, pushed);
    return found;
  };
  return plan.units.filter((unit) => {
    if (unit.kind !== 'lisp-block' && unit.kind !== 'fiveam-test') return false;
    const written = unitCode(plan, unit);
    return written !== null && !written.nodes.some((node) => holdsChecks(node, pushed) || callsChecking(node));
  });
}

/** The top-level forms of PLAN's own code: its definitions and its blocks. */
function documentForms(plan: DocumentPlan): LispForm[] {
  // The definitions of a block that runs code are in its unit's code.
  const code = [...plan.definitions.filter((ref) => ref.loads?.at !== 'with-unit'), ...plan.units.flatMap((unit) => (unit.kind === 'lisp-block' ? [unit.code] : []))];
  return code.flatMap((ref) => scanForms(ref.text, ref.line).forms);
}
