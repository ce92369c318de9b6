// The terminal view: one line per unit with a mark, failing points expanded with
// their place and diagnostics. Colour is a parameter, decided by the caller
// (a TTY without NO_COLOR), so the reporter stays a pure function of the events.
import { visibleControls } from './control-characters.js';
import { stringify } from 'yaml';
import { runFailures, type Reporter, type RunEvent, type SourceRef } from '../src/model/events.js';
import { requirementsLine, shownName, type RequirementResult, type RequirementStatus } from '../src/model/requirements.js';
import { attemptsNote } from './attempts.js';
import { unitStatus } from './report-model.js';

export interface SpecReporterOptions {
  color: boolean;
  /**
   * The requirements line and the counts at the end; left out where spec-run's closing
   * lines on stderr reach the same terminal, which would otherwise show them twice.
   */
  summary?: boolean;
}

type Paint = (text: string) => string;

function palette(color: boolean) {
  const wrap = (open: number, close: number): Paint => (color ? (t) => `\u001b[${open}m${t}\u001b[${close}m` : (t) => t);
  return { red: wrap(31, 39), green: wrap(32, 39), yellow: wrap(33, 39), cyan: wrap(36, 39), dim: wrap(2, 22), bold: wrap(1, 22) };
}

const where = (at: SourceRef | undefined) => (at ? `${at.file}:${at.line}` : '');

type PointEvent = Extract<RunEvent, { type: 'point' }>;

export function specReporter(options: SpecReporterOptions): Reporter {
  const c = palette(options.color);
  return async function* (events) {
    const units = new Map<string, { name: string; points: PointEvent[]; comments: string[] }>();
    let seed: number | null = null;
    for await (const event of events) {
      switch (event.type) {
        case 'run-start':
          seed = event.seed;
          break;
        case 'document-start':
          yield `\n${c.bold(visibleControls(event.name))} ${c.dim(`(${visibleControls(event.file)})`)}\n`;
          // Not the run's seed (a merge of shards run with different seeds): the one that replays this document.
          if (event.seed !== undefined) {
            yield `${c.dim(`  seed ${event.seed} (spec-run --seed ${event.seed} replays this document's random choices: Lisp's random, and Math.random and this.random() in step code)`)}\n`;
            seed = null;
          }
          if (event.runtime !== undefined) yield `${c.dim(`  runtime: ${visibleControls(event.runtime)}`)}\n`;
          for (const warning of event.warnings ?? []) yield `${c.yellow(`  warning: ${visibleControls(`${warning.at.file}:${warning.at.line}: ${warning.text}`)}`)}\n`;
          break;
        case 'unit-start':
          units.set(event.unitId, { name: visibleControls(event.name), points: [], comments: [] });
          break;
        case 'point':
          units.get(event.unitId)?.points.push(event);
          break;
        case 'comment':
          if (event.unitId && units.has(event.unitId)) units.get(event.unitId)!.comments.push(event.text);
          else yield `${c.dim(`# ${event.text}`)}\n`;
          break;
        case 'unit-end': {
          const unit = units.get(event.unitId);
          if (!unit) break;
          units.delete(event.unitId);
          yield renderUnit(unit.name, unit.points, event.durationMs, c, attemptsNote(event), unit.comments);
          break;
        }
        case 'run-end': {
          // As every report says it: the run replays with --seed (each document said its own when they differ).
          if (seed !== null) yield `\n${c.dim(`seed ${seed} (spec-run --seed ${seed} replays the run's random choices: Lisp's random, and Math.random and this.random() in step code)`)}\n`;
          if (event.requirements?.length) yield renderRequirements(event.requirements, c, options.summary !== false);
          if (options.summary === false) break;
          // What fails the run beyond its checks (--require-verified, --bail, nothing checked): a log read alone shows it too.
          const failures = runFailures(event);
          if (failures.length) yield `\n${failures.map(({ reason, at }) => c.red(`✖ the run fails: ${reason}`) + (at ? ` ${c.dim(`(${at.file}:${at.line})`)}` : '')).join('\n')}\n`;
          const { passed, failed, skipped, todo } = event.counts;
          const flaky = event.counts.flaky ? c.yellow(` (${event.counts.flaky} flaky)`) : '';
          const parts = [`${c.green(`${passed} passed`)}${flaky}`, failed ? c.red(`${failed} failed`) : `${failed} failed`];
          if (skipped) parts.push(c.yellow(`${skipped} skipped`));
          if (todo) parts.push(c.cyan(`${todo} todo`));
          yield `\n${parts.join(', ')} ${c.dim(`(${(event.durationMs / 1000).toFixed(1)} s)`)}\n`;
          break;
        }
        default:
          break;
      }
    }
  };
}

function renderUnit(name: string, points: PointEvent[], durationMs: number, c: ReturnType<typeof palette>, attempts: string | null, comments: string[]): string {
  const failed = points.filter((p) => !p.ok && p.todo === undefined);
  const skipped = points.filter((p) => p.skip !== undefined);
  const todo = points.filter((p) => p.todo !== undefined);
  const time = c.dim(`${durationMs.toFixed(0)} ms`);
  const checks = `${points.length} check${points.length === 1 ? '' : 's'}`;
  const lines: string[] = [];
  const status = unitStatus({ points });
  if (status === 'failed') lines.push(`  ${c.red('✖')} ${name} ${c.dim(`(${failed.length} of ${checks} failed, `)}${time}${c.dim(')')}`);
  else if (status === 'todo') {
    const what = points.every((p) => p.todo !== undefined || p.skip !== undefined) ? 'nothing checked' : 'not every check ran';
    lines.push(`  ${c.cyan('…')} ${name} ${c.cyan(`TODO: ${what} (${todo.length} of ${checks} todo)`)}`);
  } else if (status === 'skipped')
    lines.push(`  ${c.yellow('-')} ${name} ${c.yellow(`${skipped.length === points.length ? 'skipped' : `${skipped.length} of ${checks} skipped`}: ${visibleControls(skipped[0].skip ?? '')}`)}`);
  else lines.push(`  ${c.green('✔')} ${name} ${c.dim(`(${checks}, `)}${time}${c.dim(')')}`);
  if (attempts) lines[0] += ` ${c.yellow(attempts)}`;
  // What the runner says of the unit as a whole (it ran in a fresh environment, its runs' seeds).
  for (const comment of comments) lines.push(`      ${c.dim(`# ${comment}`)}`);
  for (const point of todo) lines.push(`      ${c.cyan('…')} ${visibleControls(point.name)} ${c.cyan(`# TODO ${visibleControls(point.todo ?? '')}`)} ${c.dim(where(point.at))}`);
  // A passing check's notes too: what it used of other documents may be what made it pass.
  for (const point of points.filter((p) => p.ok && p.notes?.length)) {
    lines.push(`      ${c.yellow('!')} ${visibleControls(point.name)} ${c.dim(where(point.at))}`);
    for (const note of point.notes!) lines.push(`        ${c.yellow(visibleControls(note))}`);
  }
  for (const point of failed) {
    lines.push(`      ${c.red('✖')} ${visibleControls(point.name)} ${c.dim(where(point.at))}`);
    const shown = { ...point.diagnostics, ...(point.notes?.length ? { notes: point.notes } : {}) };
    if (Object.keys(shown).length) {
      const body = stringify(shown, { lineWidth: 0 }).replace(/\n$/, '');
      for (const text of body.split('\n')) lines.push(`        ${c.dim(text)}`);
    }
  }
  return lines.join('\n') + '\n';
}

/** Each requirement with its status and why; then, with SUMMARY, the requirements line. */
function renderRequirements(results: RequirementResult[], c: ReturnType<typeof palette>, summary: boolean): string {
  const marks: Record<RequirementStatus, string> = {
    verified: c.green('✔'),
    failing: c.red('✖'),
    'partly-undefined': c.cyan('…'),
    untested: c.yellow('?'),
    excluded: c.dim('-'),
    removed: c.dim('-'),
    renamed: c.dim('→'),
  };
  const lines = ['', c.bold('Requirements')];
  for (const r of results) {
    const why = r.status === 'verified' ? '' : ` ${c.dim(`(${r.detail})`)}`;
    lines.push(`  ${marks[r.status]} ${visibleControls(shownName(r))} ${c.dim(`${r.file}:${r.line}`)} ${r.status.replace('-', ' ')}${why}`);
  }
  if (summary) lines.push(requirementsLine(results));
  return lines.join('\n') + '\n';
}
