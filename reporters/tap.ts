// TAP version 14: a subtest per document and per unit, one test point per assertion,
// YAML diagnostics under failing points, SKIP and TODO directives with their reasons.
// A pure function of the run events; plans come last since counts are known only then.
// A run that stopped early (--bail, an interruption) ends with `Bail out!` instead of
// its plan, so that a parser never reads it as complete. Attachments are cut to the
// JSON stream's bound, each saying how long the whole was (runners bound messages).
import { visibleControls } from './control-characters.js';
import { boundAttachments } from '../src/model/bounded.js';
import type { Reporter, ShardOf, SourceRef } from '../src/model/events.js';
import { yamlBlock } from './yaml-block.js';
import { attemptsNote } from './attempts.js';

const INDENT = '    ';

/**
 * Escapes what TAP gives meaning to inside a description: backslash and '#'; a newline,
 * which would end the line, is written `\n` (a check's string literal spanning lines is not
 * the same check with a space there).
 */
export function escapeDescription(text: string): string {
  return visibleControls(text.replace(/\\/g, '\\\\').replace(/#/g, '\\#').replace(/\r?\n/g, '\\n'));
}

function escapeDirective(text: string): string {
  return visibleControls(text.replace(/\s*\n\s*/g, ' '));
}

const where = (at: SourceRef | undefined) => (at ? `${at.file}:${at.line}` : undefined);

interface Level {
  count: number;
  failed: boolean;
}

export const tapReporter: Reporter = async function* (events) {
  yield 'TAP version 14\n';
  const top: Level = { count: 0, failed: false };
  let document: (Level & { name: string; file: string; units: Map<string, Level & { name: string }> }) | null = null;
  let shard: ShardOf | undefined;

  const line = (depth: number, text: string) => `${INDENT.repeat(depth)}${text}\n`;

  for await (const event of events) {
    switch (event.type) {
      case 'run-start':
        yield `# seed: ${event.seed}\n`;
        shard = event.shard;
        break;
      case 'document-start':
        document = { count: 0, failed: false, name: event.name, file: event.file, units: new Map() };
        yield line(0, `# Subtest: ${escapeDescription(`${event.name} (${event.file})`)}`);
        // Not the run's seed (a merge of shards run with different seeds): the one that replays this document.
        if (event.seed !== undefined) yield line(1, `# seed: ${event.seed}`);
        if (event.runtime !== undefined) yield line(1, `# runtime: ${event.runtime}`);
        for (const warning of event.warnings ?? []) yield line(1, `# warning: ${warning.at.file}:${warning.at.line}: ${warning.text.replace(/\n/g, ' ')}`);
        break;
      case 'unit-start':
        if (!document) break;
        document.units.set(event.unitId, { count: 0, failed: false, name: event.name });
        yield line(1, `# Subtest: ${escapeDescription(event.name)}`);
        break;
      case 'point': {
        const unit = document?.units.get(event.unitId);
        if (!unit) break;
        unit.count += 1;
        if (!event.ok && !event.todo) unit.failed = true;
        const description = event.name ? ` - ${escapeDescription(event.name)}` : '';
        let text = `${event.ok ? 'ok' : 'not ok'} ${unit.count}${description}`;
        if (event.skip !== undefined) text += ` # SKIP ${escapeDirective(event.skip)}`;
        else if (event.todo !== undefined) text += ` # TODO ${escapeDirective(event.todo)}`;
        yield line(2, text);
        if (!event.ok || event.skip !== undefined || event.todo !== undefined || event.attachments?.length || event.notes?.length) {
          const diagnostics: Record<string, unknown> = { at: where(event.at), ...event.diagnostics, ...(event.notes?.length ? { notes: event.notes } : {}) };
          if (event.attachments?.length) diagnostics.attachments = boundAttachments(event.attachments);
          if (diagnostics.at === undefined) delete diagnostics.at;
          if (Object.keys(diagnostics).length > 0) yield yamlBlock(diagnostics, `${INDENT.repeat(2)}  `).join('\n') + '\n';
        }
        break;
      }
      case 'comment': {
        const depth = event.unitId && document?.units.has(event.unitId) ? 2 : event.file && document ? 1 : 0;
        for (const text of event.text.split('\n')) yield line(depth, `# ${text}`);
        break;
      }
      case 'unit-end': {
        const unit = document?.units.get(event.unitId);
        if (!document || !unit) break;
        if (event.seed !== undefined) yield line(2, `# seed: ${event.seed}`);
        const note = attemptsNote(event);
        if (note) yield line(2, `# ${note}`);
        yield line(2, `1..${unit.count}`);
        document.count += 1;
        if (unit.failed) document.failed = true;
        yield line(1, `${unit.failed ? 'not ok' : 'ok'} ${document.count} - ${escapeDescription(unit.name)} # time=${event.durationMs.toFixed(0)}ms`);
        break;
      }
      case 'document-end':
        if (!document) break;
        yield line(1, `1..${document.count}`);
        top.count += 1;
        if (document.failed) top.failed = true;
        yield line(0, `${document.failed ? 'not ok' : 'ok'} ${top.count} - ${escapeDescription(`${document.name} (${document.file})`)} # time=${event.durationMs.toFixed(0)}ms`);
        document = null;
        break;
      case 'run-end':
        // Every check skipped or TODO: the exit status fails the run, and so does the report, for consumers that read only it.
        if (event.checkedNothing !== undefined) {
          top.count += 1;
          yield line(0, `not ok ${top.count} - ${escapeDescription(event.checkedNothing)}`);
        }
        // So do requirements --require-verified finds not verified.
        for (const { text, at } of event.unverified ?? []) {
          top.count += 1;
          yield line(0, `not ok ${top.count} - ${escapeDescription(`--require-verified: ${text}`)}`);
          yield yamlBlock({ at: where(at) }, '  ').join('\n') + '\n';
        }
        if (event.stopped !== undefined) yield `Bail out! ${escapeDirective(event.stopped)}\n`;
        else if (top.count === 0 && shard) yield `1..0 # SKIP shard ${shard.index}/${shard.count} holds none of the ${shard.documents.length} documents of the run\n`;
        else yield `1..${top.count}\n`;
        break;
    }
  }
};

