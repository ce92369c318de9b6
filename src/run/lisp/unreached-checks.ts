// The checks a unit did not reach when its driver process ended without reporting them: an
// `_exit`, a kill, a crash, a stop at the time limit it could not answer. The driver counts a unit's checks where it runs
// the code (checks.lisp) and reports those it did not reach when the unit stops; a process
// that ends at once reports nothing more, so the host finds them in the unit's code as
// written (checkSites), and each that no point of the unit stands at was not reached.
import type { SourceRef } from '../../model/events.js';
import type { DocumentPlan, Unit } from '../../model/plan.js';
import { checkSites } from '../../translate/lisp-definitions.js';
import { unitCode } from '../../translate/unit-code.js';

/** The checks of UNIT's own code that no point of the unit (at REACHED) stands at, each with its place and text. */
export function checksNotReached(plan: DocumentPlan, unit: Unit, reached: SourceRef[]): { at: SourceRef; text: string }[] {
  const code = unitCode(plan, unit);
  if (code === null) return [];
  return code.nodes
    .flatMap(checkSites)
    .filter((site) => !reached.some((at) => at.file === code.ref.file && at.line === site.line))
    .map((site) => ({ at: { file: code.ref.file, line: site.line }, text: code.ref.text.slice(site.start, site.end) }));
}
