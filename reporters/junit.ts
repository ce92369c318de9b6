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

/** TEXT as an attribute's value: a tab or line break written raw would be read as a space (a check's string literal spanning lines). */
function escapeAttribute(text: string): string {
  return escapeXml(text).replace(/[\t\n\r]/g, (char) => `&#${char.charCodeAt(0)};`);
}

interface Unit {
  name: string;
  at?: { file: string; line: number };
  requirements: string[];
  points: PointEvent[];
  /** Failures of earlier attempts of a unit that passed on a retry. */
  flakyFailures: EarlierFailure[];
}

interface Suite {
  name: string;
  file: string;
  /** The ids of the requirements its document holds: under --change, some are written in the change's delta, not in the suite's file. */
  requirementIds: string[];
  durationMs: number;
  /** The seed its document ran with, where it is not the run's (a merge of shards run with different seeds). */
  seed?: number;
  /** The runtime its Lisp document ran against. */
  runtime?: string;
  /** What the run said of its document without failing it, each as `file:line: text`. */
  warnings: string[];
  units: Unit[];
  /** Its points in the order they came, each with its unit. */
  points: { unit: Unit; point: PointEvent }[];
}

/** What both JUnit reports are written from: the documents' suites and what the run as a whole says. */
interface JunitRun {
  suites: Suite[];
  /** The run's seed, a property of every suite (its document's own where it differs): the report replays with --seed, as every report says it. */
  seed: number | null;
  selection: string[];
  requirements: RequirementResult[];
  runEnd?: RunEndEvent;
}

async function readRun(events: AsyncIterable<RunEvent>): Promise<JunitRun> {
  const run: JunitRun = { suites: [], seed: null, selection: [], requirements: [] };
  const units = new Map<string, Unit>();
  for await (const event of events) {
    const current = run.suites.at(-1);
    if (event.type === 'run-start') ({ seed: run.seed, selection: run.selection = [] } = event);
    else if (event.type === 'document-start') run.suites.push({ name: event.name, file: event.file, requirementIds: requirementIdsOf(event), durationMs: 0, seed: event.seed, runtime: event.runtime, warnings: (event.warnings ?? []).map(({ text, at }) => `${at.file}:${at.line}: ${text}`), units: [], points: [] });
    else if (event.type === 'unit-start' && current) {
      const unit: Unit = { name: event.name, at: event.at, requirements: event.requirements ?? [], points: [], flakyFailures: [] };
      units.set(event.unitId, unit);
      current.units.push(unit);
    } else if (event.type === 'point' && current) {
      const unit = units.get(event.unitId) ?? { name: '', requirements: [], points: [], flakyFailures: [] };
      unit.points.push(event);
      current.points.push({ unit, point: event });
    } else if (event.type === 'unit-end' && event.flaky) units.get(event.unitId)?.flakyFailures.push(...(event.earlierFailures ?? []));
    else if (event.type === 'document-end' && current) current.durationMs = event.durationMs;
    else if (event.type === 'run-end') {
      run.runEnd = event;
      run.requirements = event.requirements ?? [];
    }
  }
  return run;
}

/** The whole report: a <testsuite> per document holding the test cases `cases` writes of it, then the run's own failures. */
function renderRun(run: JunitRun, cases: (suite: Suite) => { tests: number; failures: number; skipped: number; lines: string[] }): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<testsuites>'];
  for (const suite of run.suites) {
    const { tests, failures, skipped, lines: caseLines } = cases(suite);
    lines.push(`  <testsuite name="${escapeAttribute(suite.name)}" file="${escapeAttribute(suite.file)}" tests="${tests}" failures="${failures}" skipped="${skipped}" time="${(suite.durationMs / 1000).toFixed(3)}">`);
    lines.push(...suiteProperties(suite.seed ?? run.seed, run.selection, run.requirements, suite));
    lines.push(...caseLines, '  </testsuite>');
  }
  lines.push(...runFailuresSuite(run.runEnd ? runFailures(run.runEnd) : []));
  lines.push('</testsuites>');
  return lines.join('\n') + '\n';
}

/** Hangs each failure of an earlier attempt on the passing point of the same check, else on the unit's first point. */
function flakyFailuresByPoint(suite: Suite): Map<PointEvent, EarlierFailure[]> {
  const byPoint = new Map<PointEvent, EarlierFailure[]>();
  for (const unit of suite.units) {
    for (const failure of unit.flakyFailures) {
      const point = unit.points.find((p) => p.name === failure.name) ?? unit.points[0];
      if (point) byPoint.set(point, [...(byPoint.get(point) ?? []), failure]);
    }
  }
  return byPoint;
}

function flakyFailureXml(failure: EarlierFailure): string {
  const detail = stringify({ attempt: failure.attempt, at: failure.at ? `${failure.at.file}:${failure.at.line}` : undefined, ...failure.diagnostics }, { lineWidth: 0 });
  return `<flakyFailure message="${escapeAttribute(failure.name)}" type="attempt ${failure.attempt}"><stackTrace>${escapeXml(detail)}</stackTrace></flakyFailure>`;
}

function properties(indent: string, entries: [string, string][]): string[] {
  if (entries.length === 0) return [];
  return [`${indent}<properties>`, ...entries.map(([name, value]) => `${indent}  <property name="${escapeAttribute(name)}" value="${escapeAttribute(value)}"/>`), `${indent}</properties>`];
}

/**
 * A suite's properties: the run's seed, what narrowed the run (a narrowed run's report must
 * not read as every unit's), and the status of each requirement of its document.
 */
function suiteProperties(seed: number | null, selection: string[], requirements: RequirementResult[], suite: Pick<Suite, 'requirementIds' | 'runtime' | 'warnings'>): string[] {
  const ofDocument = new Set(suite.requirementIds);
  return properties('    ', [
    ...(seed !== null ? [['seed', String(seed)] as [string, string]] : []),
    ...(suite.runtime !== undefined ? [['runtime', suite.runtime] as [string, string]] : []),
    ...(selection.length ? [['selection', selection.join(' ')] as [string, string]] : []),
    // A requirement a change renamed also names its name before: a reviewer does not read it as new.
    ...requirements.filter((r) => ofDocument.has(r.id)).flatMap((r): [string, string][] => [[`requirement:${r.id}`, r.status], ...(r.renamedFrom !== undefined && r.status !== 'renamed' ? [[`renamed-from:${r.id}`, r.renamedFrom] as [string, string]] : [])]),
    ...suite.warnings.map((warning): [string, string] => ['warning', warning]),
  ]);
}

/** The ids of the requirements a document holds, as its start lists them. */
const requirementIdsOf = (event: Extract<RunEvent, { type: 'document-start' }>) => (event.requirements ?? []).map((r) => r.id);

/** A failing point as the text of a <failure>: its place and diagnostics as YAML. */
function failureDetail(point: PointEvent): string {
  return stringify({ at: point.at ? `${point.at.file}:${point.at.line}` : undefined, ...point.diagnostics, ...(point.notes?.length ? { notes: point.notes } : {}) }, { lineWidth: 0 });
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
    ...failures.map(({ reason, at }) => `    <testcase name="${escapeAttribute(reason)}" classname="spec-run"${at ? ` file="${escapeAttribute(at.file)}" line="${at.line}"` : ''}><failure message="${escapeAttribute(reason)}"/></testcase>`),
    '  </testsuite>',
  ];
}

/** A <testcase> with its properties (the requirements it verifies, its points' notes) and outcome (none: passed). */
function testcase(attributes: string, verified: string[], outcome: string, notes: string[] = []): string[] {
  const caseProperties = properties('      ', [...verified.map((id): [string, string] => ['requirement', id]), ...[...new Set(notes)].map((note): [string, string] => ['note', note])]);
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
  const run = await readRun(events);
  yield renderRun(run, (suite) => {
    const lines: string[] = [];
    for (const unit of suite.units) {
      const attributes = `name="${escapeAttribute(unit.name)}" classname="${escapeAttribute(suite.name)}"${unit.at ? ` file="${escapeAttribute(unit.at.file)}" line="${unit.at.line}"` : ''}`;
      const failed = unit.points.filter(isFailed);
      let outcome = '';
      if (failed.length > 0) {
        const detail = failed.map((point) => `${point.name}\n${failureDetail(point)}`).join('\n');
        outcome = `<failure message="${escapeAttribute(`${failed.length} of ${unit.points.length} checks failed: ${failed[0].name}`)}">${escapeXml(detail)}</failure>`;
      } else if (unit.points.length === 0 || unit.points.some(isSkipped)) {
        // A unit passes only when all it states was checked: one cut short by an interruption did not.
        const first = unit.points.find(isSkipped);
        const reason = first ? (first.skip ?? `TODO ${first.todo}`) : 'no check ran';
        const notRun = unit.points.filter(isSkipped).length;
        outcome = `<skipped message="${escapeAttribute(notRun === unit.points.length ? reason : `${notRun} of ${unit.points.length} checks did not run: ${reason}`)}"/>`;
      } else if (unit.flakyFailures.length) outcome = unit.flakyFailures.map(flakyFailureXml).join('');
      lines.push(...testcase(attributes, unit.requirements, outcome, unit.points.flatMap((point) => point.notes ?? [])));
    }
    const failures = suite.units.filter((u) => u.points.some(isFailed)).length;
    const skipped = suite.units.filter((u) => !u.points.some(isFailed) && (u.points.length === 0 || u.points.some(isSkipped))).length;
    return { tests: suite.units.length, failures, skipped, lines };
  });
};

export const junitReporter: Reporter = async function* (events) {
  const run = await readRun(events);
  yield renderRun(run, (suite) => {
    const flaky = flakyFailuresByPoint(suite);
    const lines: string[] = [];
    for (const { unit, point } of suite.points) {
      const attributes = `name="${escapeAttribute(`${unit.name} › ${point.name}`)}" classname="${escapeAttribute(suite.name)}"${point.at ? ` file="${escapeAttribute(point.at.file)}" line="${point.at.line}"` : ''}`;
      const flakyFailures = flaky.get(point) ?? [];
      let outcome = '';
      if (isSkipped(point)) outcome = `<skipped message="${escapeAttribute(point.skip ?? `TODO ${point.todo}`)}"/>`;
      else if (!point.ok) outcome = `<failure message="${escapeAttribute(point.name)}">${escapeXml(failureDetail(point))}</failure>`;
      else if (flakyFailures.length) outcome = flakyFailures.map(flakyFailureXml).join('');
      lines.push(...testcase(attributes, unit.requirements, outcome, point.notes));
    }
    return { tests: suite.points.length, failures: suite.points.filter(({ point }) => isFailed(point)).length, skipped: suite.points.filter(({ point }) => isSkipped(point)).length, lines };
  });
};
