// The checks a unit did not reach when its driver process ended without reporting them: an
// `_exit`, a kill, a crash, a stop at the time limit it could not answer. The driver counts a unit's checks where it runs
// the code (checks.lisp) and reports those it did not reach when the unit stops; a process
// that ends at once reports nothing more, so the host finds them in the unit's code as
// written (checkSites), and each that no point of the unit stands at was not reached.
import type { SourceRef } from '../../model/events.js';
import type { CodeRef, DocumentPlan, Unit } from '../../model/plan.js';
import { checkSites } from '../../translate/lisp-definitions.js';
import { type LispNode, scanForms } from '../../translate/lisp-forms.js';

/** The code of UNIT as written: a block's forms, or the definition of its test or verify- function, with the text they are read from. */
function unitCode(plan: DocumentPlan, unit: Unit): { ref: CodeRef; nodes: LispNode[] } | null {
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

/** The checks of UNIT's own code that no point of the unit (at REACHED) stands at, each with its place and text. */
export function checksNotReached(plan: DocumentPlan, unit: Unit, reached: SourceRef[]): { at: SourceRef; text: string }[] {
  const code = unitCode(plan, unit);
  if (code === null) return [];
  return code.nodes
    .flatMap(checkSites)
    .filter((site) => !reached.some((at) => at.file === code.ref.file && at.line === site.line))
    .map((site) => ({ at: { file: code.ref.file, line: site.line }, text: code.ref.text.slice(site.start, site.end) }));
}
