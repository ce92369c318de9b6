// The HTML report page: a summary (counts, duration, seed, command line), the
// failures first with their diagnostics, the requirements and their statuses, then
// every document -> requirement -> unit -> point. Readable without JavaScript
// (details/summary); the inline script only adds the filters.
import { relative, resolve, sep } from 'node:path';
import { checksPassed, type SourceRef } from '../../src/model/events.js';
import type { Requirement, RequirementResult, RequirementStatus } from '../../src/model/requirements.js';
import { countStatuses, shownName } from '../../src/model/requirements.js';
import { holdsNoCheck, isFailure, isFlaky, unitStatus, type DocumentReport, type PointEvent, type RunReport, type UnitReport } from '../report-model.js';
import { SCRIPT, STYLE } from './assets.js';
import { attachmentsBlock, diagnosticsBlock, escapeHtml, valueBlock } from './values.js';

export interface PageOptions {
  /** The command line of the run, shown in the summary. */
  commandLine: string;
  /** Directory of the report file: links to markdown files are relative to it. */
  reportDirectory: string;
  /** Directory the documents' paths are relative to (default: the working directory). */
  cwd?: string;
}

/** A requirement verified by more units than this lists them folded. */
const UNIT_LIST_FOLD = 6;
const MARKS = { failed: '✖', passed: '✔', skipped: '−', todo: '…' } as const;
const STATUS_LABELS: Record<RequirementStatus, string> = {
  verified: 'verified',
  failing: 'failing',
  'partly-undefined': 'partly undefined',
  untested: 'untested',
  excluded: 'excluded',
  removed: 'removed by a change',
  renamed: 'renamed by a change',
};

/** Anchors of units and requirements in the page. */
class Anchors {
  private readonly units = new Map<string, string>();
  private readonly requirements = new Map<string, string>();
  unit(id: string): string {
    if (!this.units.has(id)) this.units.set(id, `unit-${this.units.size + 1}`);
    return this.units.get(id)!;
  }
  requirement(id: string): string {
    if (!this.requirements.has(id)) this.requirements.set(id, `requirement-${this.requirements.size + 1}`);
    return this.requirements.get(id)!;
  }
}

/**
 * The headline: green only when something passed and nothing failed, was left undefined
 * or pending, or was skipped; otherwise it says what happened (a run that checked nothing,
 * or was interrupted, is not a success).
 */
function verdict(report: RunReport): string {
  const { passed, failed, todo } = report.counts;
  // A document that holds nothing to check (a change's proposal, a README) is no check left undone.
  const skipped = report.documents.flatMap((d) => d.units).filter((u) => !holdsNoCheck(u)).reduce((n, u) => n + u.points.filter((p) => p.skip !== undefined).length, 0);
  // What fails the run itself (stopped early, requirements not verified) is said with the count.
  const besides = report.failures.filter((failure) => failure !== report.checkedNothing);
  const [kind, text] =
    failed > 0
      ? ['failed', [`${failed} failed`, ...besides].join('; ')]
      : besides.length > 0
        ? ['failed', besides.join('; ')]
        : checksPassed(report.counts) === 0
        ? ['incomplete', todo > 0 ? `nothing was checked: ${todo} todo (undefined or pending steps)` : passed > 0 ? `nothing was checked: ${passed} ran without error holding no check` : 'nothing was checked']
        : todo > 0
          ? ['incomplete', `${passed} passed, but ${todo} todo: not every check ran`]
          : skipped > 0
            ? ['incomplete', `${passed} passed, but ${skipped} skipped: not every check ran`]
            : ['passed', 'every check passed'];
  return `<p class="verdict ${kind}">${escapeHtml(text)}</p>`;
}

export function renderPage(report: RunReport, options: PageOptions): string {
  const anchors = new Anchors();
  const link = (at: SourceRef | undefined) => sourceLink(at, options);
  const { passed, failed, skipped, todo } = report.counts;
  const title = `spec-run: ${passed} passed, ${failed} failed, ${skipped} skipped, ${todo} todo${report.failures.length && failed === 0 ? ' (the run fails)' : ''}`;
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>`,
    '<body>',
    '<header><h1>spec-run report</h1>',
    verdict(report),
    summary(report, options),
    '<nav class="filters" hidden aria-label="filter units">',
    ...['all', 'failed', 'flaky', 'skipped'].map((filter) => `<button type="button" data-filter="${filter}" aria-pressed="${filter === 'all'}">${filter === 'all' ? 'all units' : filter}</button>`),
    '</nav></header>',
    failures(report, anchors, link),
    requirementsView(report, anchors, link),
    `<section id="documents"><h2>Documents (${report.documents.length})</h2>`,
    ...report.documents.map((document) => documentView(document, report.requirements, anchors, link)),
    '</section>',
    report.comments.length ? `<section id="comments"><h2>Notes</h2>${valueBlock('comments', report.comments.join('\n'))}</section>` : '',
    `<script>${SCRIPT}</script>`,
    '</body></html>',
    '',
  ].join('\n');
}

function summary(report: RunReport, options: PageOptions): string {
  const { passed, failed, skipped, todo } = report.counts;
  const rows: [string, string][] = [
    ['checks', `${passed} passed, ${failed} failed, ${skipped} skipped, ${todo} todo`],
    ['documents', String(report.documents.length)],
    ['duration', report.durationMs === null ? 'unfinished' : `${(report.durationMs / 1000).toFixed(1)} s`],
    ['seed', report.seed === null ? '-' : String(report.seed)],
  ];
  if (report.requirements.length) {
    const counts = countStatuses(report.requirements);
    rows.push(['requirements', Object.entries(counts).filter(([, n]) => n > 0).map(([status, n]) => `${n} ${STATUS_LABELS[status as RequirementStatus]}`).join(', ')]);
  }
  const cells = rows.map(([key, value]) => `<dt>${key}</dt><dd>${escapeHtml(value)}</dd>`).join('');
  return `<dl class="summary">${cells}<dt>command</dt><dd><code>${escapeHtml(options.commandLine)}</code></dd></dl>`;
}

type Link = (at: SourceRef | undefined) => string;

/** `file:line` as a link to the file, relative to the report so that the pair can move together. */
function sourceLink(at: SourceRef | undefined, options: PageOptions): string {
  if (!at) return '';
  const target = relative(options.reportDirectory, resolve(options.cwd ?? process.cwd(), at.file)).split(sep).map(encodeURIComponent).join('/');
  return `<a class="where" href="${escapeHtml(target)}" title="line ${at.line}">${escapeHtml(`${at.file}:${at.line}`)}</a>`;
}

function failures(report: RunReport, anchors: Anchors, link: Link): string {
  const items = report.documents.flatMap((document) =>
    document.units.flatMap((unit) =>
      unit.points.filter(isFailure).map(
        (point) =>
          `<article class="failure"><div><span class="mark">${MARKS.failed}</span> <a href="#${anchors.unit(unit.id)}">${escapeHtml(`${document.name} › ${unit.name}`)}</a></div>` +
          `<div><strong>${escapeHtml(point.name)}</strong> ${link(point.at)}</div>${diagnosticsBlock(point.diagnostics)}${attachmentsBlock(point.attachments)}</article>`,
      ),
    ),
  );
  if (items.length === 0) return '';
  return `<section id="failures"><h2>Failures (${items.length})</h2>\n${items.join('\n')}</section>`;
}

function requirementsView(report: RunReport, anchors: Anchors, link: Link): string {
  const results = report.requirements;
  if (results.length === 0) return '';
  const unitNames = new Map(report.documents.flatMap((d) => d.units.map((u) => [u.id, u.name] as const)));
  const rows = results.map((r) => {
    const units = r.units
      .map((id) => (unitNames.has(id) ? `<li><a href="#${anchors.unit(id)}">${escapeHtml(unitNames.get(id)!)}</a></li>` : `<li class="note">${escapeHtml(id)} (not run)</li>`))
      .join('');
    const statements = r.statements.length ? `<div class="note">${r.statements.map(escapeHtml).join(' ')}</div>` : '';
    return (
      `<tr id="${anchors.requirement(r.id)}" class="requirement"><td><span class="badge status-${r.status}">${STATUS_LABELS[r.status]}</span></td>` +
      `<td><strong>${escapeHtml(shownName(r))}</strong> ${link({ file: r.file, line: r.line })}${statements}<div class="mono note">${escapeHtml(r.id)}</div></td>` +
      `<td>${escapeHtml(r.detail)}</td><td>${unitList(units, r.units.length)}</td></tr>`
    );
  });
  return `<section id="requirements"><h2>Requirements (${results.length})</h2><table><thead><tr><th>status</th><th>requirement</th><th>why</th><th>units</th></tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table></section>`;
}

/** The units of a requirement; a long list folded under its count. */
function unitList(items: string, count: number): string {
  if (count === 0) return '<span class="note">none</span>';
  const list = `<ul class="unit-list">${items}</ul>`;
  return count > UNIT_LIST_FOLD ? `<details><summary>${count} units</summary>${list}</details>` : list;
}

function documentView(document: DocumentReport, results: RequirementResult[], anchors: Anchors, link: Link): string {
  const statuses = document.units.map(unitStatus);
  const classes = ['document'];
  if (statuses.includes('failed')) classes.push('has-failed');
  if (document.units.some(isFlaky)) classes.push('has-flaky');
  if (document.units.some(hasSkipped)) classes.push('has-skipped');
  const open = statuses.includes('failed') ? ' open' : '';
  const time = document.durationMs === null ? '' : ` <span class="time">${formatMs(document.durationMs)}</span>`;
  const counts = `<span class="note">${document.units.length} units${statuses.includes('failed') ? `, ${statuses.filter((s) => s === 'failed').length} failed` : ''}</span>`;
  // The document's mark is its worst unit's: a document whose units were skipped or left TODO is not ticked.
  const worst = (['failed', 'todo', 'skipped'] as const).find((status) => statuses.includes(status) && (status === 'failed' || document.units.some((u) => unitStatus(u) === status && !holdsNoCheck(u)))) ?? 'passed';
  const runtime = document.runtime === undefined ? '' : ` <span class="note">runtime: ${escapeHtml(document.runtime)}</span>`;
  const head = `<summary><span class="mark">${MARKS[worst]}</span> ${escapeHtml(document.name)} <span class="where">${escapeHtml(document.file)}</span> ${counts}${time}${runtime}</summary>`;
  const comments = document.comments.length ? valueBlock('notes', document.comments.join('\n')) : '';
  return `<details class="${classes.join(' ')}"${open}>${head}${comments}${groups(document, results, anchors, link)}</details>`;
}

/** Units under the requirement heading they verify, failing ones first; the other units after. */
function groups(document: DocumentReport, results: RequirementResult[], anchors: Anchors, link: Link): string {
  const headed = document.requirements.filter((r) => r.origin === 'requirement-heading');
  const grouped = new Set<string>();
  const parts: string[] = [];
  for (const requirement of headed) {
    const units = document.units.filter((unit) => unit.requirements.includes(requirement.id));
    units.forEach((unit) => grouped.add(unit.id));
    parts.push(requirementGroup(requirement, results.find((r) => r.id === requirement.id), units, anchors, link));
  }
  const rest = document.units.filter((unit) => !grouped.has(unit.id));
  parts.push(...failingFirst(rest).map((unit) => unitView(unit, anchors, link)));
  return parts.join('\n');
}

function requirementGroup(requirement: Requirement, result: RequirementResult | undefined, units: UnitReport[], anchors: Anchors, link: Link): string {
  const status = result ? `<a class="badge status-${result.status}" href="#${anchors.requirement(requirement.id)}">${STATUS_LABELS[result.status]}</a>` : '';
  const none = result?.status === 'removed' ? `removed by the change: ${result.detail}` : 'no scenario verifies it';
  const body = units.length ? failingFirst(units).map((unit) => unitView(unit, anchors, link)).join('\n') : `<p class="note">${escapeHtml(none)}</p>`;
  return `<section class="requirement-group"><h4>Requirement: ${escapeHtml(shownName(result ?? requirement))} ${status}</h4>${body}</section>`;
}

function failingFirst(units: UnitReport[]): UnitReport[] {
  return [...units.filter((u) => unitStatus(u) === 'failed'), ...units.filter((u) => unitStatus(u) !== 'failed')];
}

const hasSkipped = (unit: UnitReport) => unit.points.some((p) => p.skip !== undefined || p.todo !== undefined);

function unitView(unit: UnitReport, anchors: Anchors, link: Link): string {
  const status = unitStatus(unit);
  const classes = ['unit', status];
  if (isFlaky(unit)) classes.push('flaky');
  if (hasSkipped(unit)) classes.push('has-skipped');
  const failedCount = unit.points.filter(isFailure).length;
  const counts = `${unit.points.length} check${unit.points.length === 1 ? '' : 's'}${failedCount ? `, ${failedCount} failed` : ''}`;
  const time = unit.durationMs === null ? '' : ` <span class="time">${formatMs(unit.durationMs)}</span>`;
  const seed = unit.seed === undefined ? '' : ` <span class="note">seed ${unit.seed}</span>`;
  const retried = unit.flaky ? ` <span class="note flaky-mark">flaky: passed on attempt ${unit.attempts ?? 2} of ${unit.attempts ?? 2}</span>` : '';
  const head = `<summary><span class="mark">${MARKS[status]}</span> ${escapeHtml(unit.name)} <span class="note">${escapeHtml(unit.kind)}, ${counts}</span>${time}${seed}${retried} ${link(unit.at)}</summary>`;
  const comments = unit.comments.length ? valueBlock('notes', unit.comments.join('\n')) : '';
  const points = unit.points.map((point) => pointView(point, link)).join('\n');
  return `<details class="${classes.join(' ')}" id="${anchors.unit(unit.id)}"${status === 'failed' ? ' open' : ''}>${head}<ol class="points">\n${points}\n</ol>${comments}</details>`;
}

function pointView(point: PointEvent, link: Link): string {
  const status = isFailure(point) ? 'failed' : point.skip !== undefined ? 'skipped' : point.todo !== undefined ? 'todo' : 'passed';
  const directive = point.skip !== undefined ? ` <span class="note">skipped: ${escapeHtml(point.skip)}</span>` : point.todo !== undefined ? ` <span class="note">todo: ${escapeHtml(point.todo)}</span>` : '';
  // What the executor interpreter read a step as, beside the step, so a reader sees what was checked.
  const interpretation = typeof point.diagnostics?.interpretation === 'string' ? ` <span class="interpretation">⇒ ${escapeHtml(point.diagnostics.interpretation)}</span>` : '';
  const line = `<span class="mark">${MARKS[status]}</span> ${escapeHtml(point.name)}${interpretation}${directive} ${link(point.at)}`;
  // Diagnostics of passing points are long and rarely read: folded; of the others, shown.
  const detail = diagnosticsBlock(point.diagnostics) + attachmentsBlock(point.attachments);
  const body = detail && status === 'passed' ? `<details class="passed-detail"><summary class="note">details</summary>${detail}</details>` : detail;
  // Never folded: what a passing check used of other documents may be what made it pass.
  const notes = point.notes?.length ? `<ul class="point-notes">${point.notes.map((note) => `<li>${escapeHtml(note)}</li>`).join('')}</ul>` : '';
  return `<li class="point ${status}">${line}${notes}${body}</li>`;
}

function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`;
}
