// The text of `spec-run --list`: what will run, what will not and why, what is loaded first.
import type { CodeRef, DocumentPlan, Unit } from '../model/plan.js';
import { LISP_DOCUMENT_TYPES } from './family.js';
import { type LispNode, scanForms } from './lisp-forms.js';
import { isVerifyName } from './lisp-definitions.js';
import { UNKNOWN_FAMILY_HINT } from './unknown-family.js';
import { describeProseFile, openspecPlace, openspecProseFile } from './openspec-layout.js';

export function describePlan(plan: DocumentPlan): string {
  const lines: string[] = [`${plan.file}: ${plan.name}`, `  family: ${familyReason(plan)}`];
  if (plan.family === 'openspec') {
    lines.push(
      plan.executorSteps
        ? `  built-in executor steps: active (${plan.executorSteps.reason})`
        : '  built-in executor steps: not active (only your step definitions bind; --executor-steps or the configuration\'s executorSteps enable them)',
    );
  }
  const at = (line: number): string => `${plan.file}:${line}`;

  lines.push(`  units (${plan.units.length}), in document order:`);
  const kindWidth = Math.max(0, ...plan.units.map((unit) => unit.kind.length));
  for (const unit of plan.units) {
    lines.push(`    ${unit.kind.padEnd(kindWidth)}  ${unit.name}  (${unit.file}:${unit.line})`);
    const detail = unitDetail(unit);
    if (detail) lines.push(`    ${' '.repeat(kindWidth)}  ${detail}`);
  }

  if (plan.calledCheckFunctions?.length) {
    lines.push(`  checking functions the code calls (${plan.calledCheckFunctions.length}), each run after the units as a unit of its own if the run never makes its checks (a call over nothing, in a branch not taken):`);
    for (const fn of plan.calledCheckFunctions) {
      const fallback = fn.stored ? '; kept as data, its checks are reported not run if no unit calls it' : fn.callableWithoutArguments ? '' : '; needing arguments, its checks are then reported not run';
      const checkLines = [...new Set(fn.checks.map((check) => check.line))];
      lines.push(`    ${fn.name}  (${at(fn.line)}; checks at line${checkLines.length === 1 ? '' : 's'} ${checkLines.join(', ')}${fallback})`);
    }
  }

  lines.push(`  not run (${plan.notRun.length}):`);
  for (const { block, reason } of plan.notRun) {
    lines.push(`    ${at(block.line)}  ${block.lang ?? '(no language)'}: ${reason}`);
  }

  const first = plan.definitions.filter((ref) => ref.loads === undefined);
  lines.push(`  definitions (${first.length}), loaded in this order before any unit runs (another document's when borrowed):`);
  for (const ref of first) lines.push(`    ${definitionLine(ref)}`);
  if (plan.refusedBorrowing) {
    lines.push(`  not borrowed (${plan.refusedBorrowing.by}), defined only in another document:`);
    for (const refused of plan.refusedBorrowing.names) lines.push(`    ${refused.file}:${refused.line}  ${refused.name}  (used at line ${refused.usedAt})`);
  }
  const placed = plan.definitions.filter((ref) => ref.loads !== undefined);
  if (placed.length > 0) {
    lines.push(`  definitions where they stand (${placed.length}), in document order:`);
    for (const ref of placed) lines.push(`    ${definitionLine(ref)}  (${ref.loads?.at === 'in-place' ? `loaded before the next unit: ${ref.loads.because}` : 'run in the unit of their block, which holds other code too'})`);
  }

  if (plan.requirements?.length) {
    lines.push(`  requirements (${plan.requirements.length}), each with the units that verify it:`);
    for (const r of plan.requirements) {
      const excluded = r.excluded === undefined ? '' : `; excluded: ${r.excluded}`;
      // A delta spec outside openspec/changes/ (a change kept as one file) is no change of OpenSpec's; under
      // --change the requirement's own file (the delta) says so, not the capability's document it stands in.
      const by = openspecPlace(r.file)?.change !== undefined ? 'by this change' : 'in a delta spec that is in no change';
      const delta = r.removed !== undefined ? `; REMOVED ${by}, never runs: ${r.removed}` : r.renamedFrom !== undefined ? `; RENAMED from '${r.renamedFrom}'` : r.delta ? `; ${r.delta.toUpperCase()} ${by}` : '';
      lines.push(`    ${r.file}:${r.line}  ${r.name}  (${r.units.length} unit${r.units.length === 1 ? '' : 's'}${excluded}${delta})`);
    }
  }

  if (plan.problems.length > 0) {
    lines.push(`  problems (${plan.problems.length}):`);
    for (const problem of plan.problems) lines.push(`    ${problem.file}:${problem.line}  ${problem.severity}: ${problem.message}`);
  }
  return lines.join('\n') + '\n';
}

/** A block of definitions as --list shows it: where it stands and what it defines. */
function definitionLine(ref: CodeRef): string {
  const defined = scanForms(ref.text, ref.line).forms.map((form) => describeDefinition(form.node) ?? form.text.slice(0, 20));
  const borrowed = ref.borrowed ? `  (borrowed from the specification tree, for ${ref.borrowed.names.join(', ')})` : '';
  return `${ref.file}:${ref.line}  ${defined.join(', ')}${borrowed}`;
}

/**
 * "defun helper", "test (name :suite s)" as "test name", and a group by what it holds:
 * "eval-when (defun shout)".
 */
function describeDefinition(node: LispNode): string | null {
  if (node.kind === 'conditional') return describeDefinition(node.form);
  if (node.kind !== 'list' || node.items[0]?.kind !== 'symbol') return null;
  const head = node.items[0].raw;
  const [, target] = node.items;
  if (/^(cl:|common-lisp:)?(eval-when|progn)$/i.test(head)) {
    const inner = node.items.slice(/progn$/i.test(head) ? 1 : 2).map(describeDefinition).filter((d) => d !== null);
    return `${head} (${inner.join(', ')})`;
  }
  if (target?.kind === 'symbol') return `${head} ${target.raw}`;
  if (target?.kind === 'list' && target.items[0]?.kind === 'symbol') return `${head} ${target.items[0].raw}`;
  return head;
}

function familyReason(plan: DocumentPlan): string {
  switch (plan.family) {
    case 'lisp':
      return `lisp verification document (frontmatter type: ${String(plan.metadata.type)}; one of ${LISP_DOCUMENT_TYPES.join(', ')})`;
    case 'openspec': {
      const change = openspecPlace(plan.file)?.change;
      if (change === undefined) return 'OpenSpec specification (### Requirement: / #### Scenario: headings); each scenario is a unit';
      return `OpenSpec delta spec of change '${change}' (## ADDED, MODIFIED, REMOVED or RENAMED Requirements); each scenario is a unit`;
    }
    case 'unknown': {
      const prose = openspecProseFile(plan.file);
      if (prose === null) return `unknown: nothing runs; ${UNKNOWN_FAMILY_HINT}`;
      return `${describeProseFile(prose)}: prose, nothing to run${prose.change !== undefined ? ' (its delta specs are under specs/)' : ''}`;
    }
  }
}

function unitDetail(unit: Unit): string | null {
  switch (unit.kind) {
    case 'scenario':
      return `requirement "${unit.requirement}"; ${unit.steps.length} step(s), ${unit.configs.length} block(s)`;
    case 'verify-function':
      return `calls (${unit.functionName}): defined, never called, and ${isVerifyName(unit.functionName) ? 'named verify-...' : 'holds checks'}`;
    case 'fiveam-test': {
      const notes = [
        ...(unit.dialect ? [`written as ${unit.dialect}; run as a FiveAM test`] : []),
        ...(unit.feature ? [`behind ${unit.feature}: skipped if that leaves it out`] : []),
      ];
      return notes.length ? notes.join('; ') : null;
    }
    case 'lisp-block':
      if (unit.inputProse !== undefined) return `binds input to ${unit.input!.text}, derived from the Input in prose at ${unit.input!.file}:${unit.input!.line} ("${unit.inputProse}")`;
      return unit.input ? `binds input to the request of the Input block at ${unit.input.file}:${unit.input.line}` : null;
    case 'json-input':
      if (unit.expected) return `sent to a fresh session: ${unit.expected.form === 'json' ? 'the response must hold the Expected JSON' : "the text of the tool's answer must hold the lines of the Expected text"} at line ${unit.expected.line}${unit.expected.checksNothing ? ` (warning: ${unit.expected.checksNothing})` : ''}`;
      return unit.pairedWith !== undefined
        ? `read as input by the block at line ${unit.pairedWith}, which checks the answer: here only well-formed JSON is checked`
        : null;
  }
}
