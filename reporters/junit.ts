// JUnit XML for GitLab and Jenkins: a <testsuite> per document, a <testcase> per
// test point (named "unit › check"), or per unit (junit-units), failures with their
// diagnostics as YAML text.
// Requirements travel as properties: each suite lists its document's requirements
// with their statuses, each test case the requirements its unit verifies.
import { stringify } from 'yaml';
import { runFailures, type EarlierFailure, type RunFailure, type Reporter, type RunEndEvent, type RunEvent } from '../src/model/events.js';
import type { RequirementResult } from '../src/model/requirements.js';

type PointEvent = Extract<RunEvent, { type: 'point' }>;

export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

interface Suite {
  name: string;
  file: string;
  /** The ids of the requirements its document holds: under --change, some are written in the change's delta, not in the suite's file. */
  requirementIds: string[];
  durationMs: number;
  /** The seed its document ran with, where it is not the run's (a merge of shards run with different seeds). */
  seed?: number;
  cases: { unit: string; unitId: string; requirements: string[]; point: PointEvent; flakyFailures: EarlierFailure[] }[];
}

/** Hangs each failure of an earlier attempt on the passing case of the same check, else on the unit's first case. */
function attachFlakyFailures(cases: Suite['cases'], unitId: string, failures: EarlierFailure[]): void {
  const ofUnit = cases.filter((c) => c.unitId === unitId);
  for (const failure of failures) (ofUnit.find((c) => c.point.name === failure.name) ?? ofUnit[0])?.flakyFailures.push(failure);
}

function flakyFailureXml(failure: EarlierFailure): string {
  const detail = stringify({ attempt: failure.attempt, at: failure.at ? `${failure.at.file}:${failure.at.line}` : undefined, ...failure.diagnostics }, { lineWidth: 0 });
  return `<flakyFailure message="${escapeXml(failure.name)}" type="attempt ${failure.attempt}"><stackTrace>${escapeXml(detail)}</stackTrace></flakyFailure>`;
}

function properties(indent: string, entries: [string, string][]): string[] {
  if (entries.length === 0) return [];
  return [`${indent}<properties>`, ...entries.map(([name, value]) => `${indent}  <property name="${escapeXml(name)}" value="${escapeXml(value)}"/>`), `${indent}</properties>`];
}

/**
 * A suite's properties: the run's seed, what narrowed the run (a narrowed run's report must
 * not read as every unit's), and the status of each requirement of its document.
 */
function suiteProperties(seed: number | null, selection: string[], requirements: RequirementResult[], requirementIds: string[]): string[] {
  const ofDocument = new Set(requirementIds);
  return properties('    ', [
    ...(seed !== null ? [['seed', String(seed)] as [string, string]] : []),
    ...(selection.length ? [['selection', selection.join(' ')] as [string, string]] : []),
    ...requirements.filter((r) => ofDocument.has(r.id)).map((r): [string, string] => [`requirement:${r.id}`, r.status]),
  ]);
}

/** The ids of the requirements a document holds, as its start lists them. */
const requirementIdsOf = (event: Extract<RunEvent, { type: 'document-start' }>) => (event.requirements ?? []).map((r) => r.id);

/** A failing point as the text of a <failure>: its place and diagnostics as YAML. */
function failureDetail(point: PointEvent): string {
  return stringify({ at: point.at ? `${point.at.file}:${point.at.line}` : undefined, ...point.diagnostics }, { lineWidth: 0 });
}

const isSkipped = (point: PointEvent) => point.skip !== undefined || point.todo !== undefined;
const isFailed = (point: PointEvent) => !point.ok && point.todo === undefined;

/**
 * What fails the run itself (runFailures: it checked nothing, it was stopped before it ran
 * every document, a requirement is not verified), each a failing test case of a suite
 * of its own: a dashboard that reads only the report sees the run fail.
 */
function runFailuresSuite(failures: RunFailure[]): string[] {
  if (failures.length === 0) return [];
  return [
    `  <testsuite name="spec-run" tests="${failures.length}" failures="${failures.length}" skipped="0" time="0.000">`,
    ...failures.map(({ reason, at }) => `    <testcase name="${escapeXml(reason)}" classname="spec-run"${at ? ` file="${escapeXml(at.file)}" line="${at.line}"` : ''}><failure message="${escapeXml(reason)}"/></testcase>`),
    '  </testsuite>',
  ];
}

/** A <testcase> with its properties and outcome (none: passed). */
function testcase(attributes: string, verified: string[], outcome: string): string[] {
  const caseProperties = properties('      ', verified.map((id) => ['requirement', id]));
  if (caseProperties.length) return [`    <testcase ${attributes}>`, ...caseProperties, ...(outcome ? [`      ${outcome}`] : []), '    </testcase>'];
  return [outcome ? `    <testcase ${attributes}>${outcome}</testcase>` : `    <testcase ${attributes}/>`];
}

/**
 * The same report with a <testcase> per unit (an OpenSpec scenario, a FiveAM test, a Lisp
 * block), as CI dashboards that count scenarios expect (cucumber-js's JUnit has one per
 * scenario): failed when a check of it failed (every failing check in the failure's
 * text), skipped when one of its checks did not run, passed otherwise.
 */
export const junitUnitsReporter: Reporter = async function* (events) {
  const suites: { name: string; file: string; requirementIds: string[]; durationMs: number; seed?: number; units: { name: string; at?: { file: string; line: number }; requirements: string[]; points: PointEvent[]; flakyFailures: EarlierFailure[] }[] }[] = [];
  const byId = new Map<string, (typeof suites)[number]['units'][number]>();
  let requirements: RequirementResult[] = [];
  let runEnd: RunEndEvent | undefined;
  /** The run's seed, a property of every suite (its document's own where it differs): the report replays with --seed, as every report says it. */
  let seed: number | null = null;
  let selection: string[] = [];
  for await (const event of events) {
    const current = suites.at(-1);
    if (event.type === 'run-start') ({ seed, selection = [] } = event);
    else if (event.type === 'document-start') suites.push({ name: event.name, file: event.file, requirementIds: requirementIdsOf(event), durationMs: 0, seed: event.seed, units: [] });
    else if (event.type === 'unit-start' && current) {
      const unit = { name: event.name, at: event.at, requirements: event.requirements ?? [], points: [], flakyFailures: [] };
      byId.set(event.unitId, unit);
      current.units.push(unit);
    } else if (event.type === 'point') byId.get(event.unitId)?.points.push(event);
    else if (event.type === 'unit-end' && event.flaky) byId.get(event.unitId)?.flakyFailures.push(...(event.earlierFailures ?? []));
    else if (event.type === 'document-end' && current) current.durationMs = event.durationMs;
    else if (event.type === 'run-end') {
      runEnd = event;
      requirements = event.requirements ?? [];
    }
  }
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<testsuites>'];
  for (const suite of suites) {
    const failures = suite.units.filter((u) => u.points.some(isFailed)).length;
    const skipped = suite.units.filter((u) => !u.points.some(isFailed) && (u.points.length === 0 || u.points.some(isSkipped))).length;
    lines.push(`  <testsuite name="${escapeXml(suite.name)}" file="${escapeXml(suite.file)}" tests="${suite.units.length}" failures="${failures}" skipped="${skipped}" time="${(suite.durationMs / 1000).toFixed(3)}">`);
    lines.push(...suiteProperties(suite.seed ?? seed, selection, requirements, suite.requirementIds));
    for (const unit of suite.units) {
      const attributes = `name="${escapeXml(unit.name)}" classname="${escapeXml(suite.name)}"${unit.at ? ` file="${escapeXml(unit.at.file)}" line="${unit.at.line}"` : ''}`;
      const failed = unit.points.filter(isFailed);
      let outcome = '';
      if (failed.length > 0) {
        const detail = failed.map((point) => `${point.name}\n${failureDetail(point)}`).join('\n');
        outcome = `<failure message="${escapeXml(`${failed.length} of ${unit.points.length} checks failed: ${failed[0].name}`)}">${escapeXml(detail)}</failure>`;
      } else if (unit.points.length === 0 || unit.points.some(isSkipped)) {
        // A unit passes only when all it states was checked: one cut short by an interruption did not.
        const first = unit.points.find(isSkipped);
        const reason = first ? (first.skip ?? `TODO ${first.todo}`) : 'no check ran';
        const notRun = unit.points.filter(isSkipped).length;
        outcome = `<skipped message="${escapeXml(notRun === unit.points.length ? reason : `${notRun} of ${unit.points.length} checks did not run: ${reason}`)}"/>`;
      } else if (unit.flakyFailures.length) outcome = unit.flakyFailures.map(flakyFailureXml).join('');
      lines.push(...testcase(attributes, unit.requirements, outcome));
    }
    lines.push('  </testsuite>');
  }
  lines.push(...runFailuresSuite(runEnd ? runFailures(runEnd) : []));
  lines.push('</testsuites>');
  yield lines.join('\n') + '\n';
};

export const junitReporter: Reporter = async function* (events) {
  const suites: Suite[] = [];
  const units = new Map<string, { name: string; requirements: string[] }>();
  let requirements: RequirementResult[] = [];
  let runEnd: RunEndEvent | undefined;
  /** The run's seed, a property of every suite (its document's own where it differs): the report replays with --seed, as every report says it. */
  let seed: number | null = null;
  let selection: string[] = [];
  let current: Suite | null = null;
  for await (const event of events) {
    if (event.type === 'run-start') ({ seed, selection = [] } = event);
    else if (event.type === 'document-start') suites.push((current = { name: event.name, file: event.file, requirementIds: requirementIdsOf(event), durationMs: 0, seed: event.seed, cases: [] }));
    else if (event.type === 'unit-start') units.set(event.unitId, { name: event.name, requirements: event.requirements ?? [] });
    else if (event.type === 'point' && current) {
      const unit = units.get(event.unitId);
      current.cases.push({ unit: unit?.name ?? '', unitId: event.unitId, requirements: unit?.requirements ?? [], point: event, flakyFailures: [] });
    } else if (event.type === 'unit-end' && event.flaky && current) attachFlakyFailures(current.cases, event.unitId, event.earlierFailures ?? []);
    else if (event.type === 'document-end' && current) current.durationMs = event.durationMs;
    else if (event.type === 'run-end') {
      runEnd = event;
      requirements = event.requirements ?? [];
    }
  }
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<testsuites>'];
  for (const suite of suites) {
    const failures = suite.cases.filter(({ point }) => !point.ok && point.todo === undefined).length;
    const skipped = suite.cases.filter(({ point }) => point.skip !== undefined || point.todo !== undefined).length;
    lines.push(`  <testsuite name="${escapeXml(suite.name)}" file="${escapeXml(suite.file)}" tests="${suite.cases.length}" failures="${failures}" skipped="${skipped}" time="${(suite.durationMs / 1000).toFixed(3)}">`);
    lines.push(...suiteProperties(suite.seed ?? seed, selection, requirements, suite.requirementIds));
    for (const { unit, requirements: verified, point, flakyFailures } of suite.cases) {
      const attributes = `name="${escapeXml(`${unit} › ${point.name}`)}" classname="${escapeXml(suite.name)}"${point.at ? ` file="${escapeXml(point.at.file)}" line="${point.at.line}"` : ''}`;
      let outcome = '';
      if (isSkipped(point)) outcome = `<skipped message="${escapeXml(point.skip ?? `TODO ${point.todo}`)}"/>`;
      else if (!point.ok) outcome = `<failure message="${escapeXml(point.name)}">${escapeXml(failureDetail(point))}</failure>`;
      else if (flakyFailures.length) outcome = flakyFailures.map(flakyFailureXml).join('');
      lines.push(...testcase(attributes, verified, outcome));
    }
    lines.push('  </testsuite>');
  }
  lines.push(...runFailuresSuite(runEnd ? runFailures(runEnd) : []));
  lines.push('</testsuites>');
  yield lines.join('\n') + '\n';
};
