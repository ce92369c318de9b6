// GitHub Actions annotations: one ::error workflow command per failing point, so the
// failure shows on the line of the markdown file in the pull request, and one per
// failure of the run itself.
import { runFailures, type Reporter, type SourceRef } from '../src/model/events.js';

const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
const place = (at: SourceRef | undefined) => (at ? `file=${escapeProperty(at.file)},line=${at.line},` : '');

export const githubAnnotations: Reporter = async function* (events) {
  const units = new Map<string, string>();
  for await (const event of events) {
    if (event.type === 'unit-start') units.set(event.unitId, event.name);
    // What the run says of a document without failing it (a change already synced, two changes meeting): a warning at its line.
    if (event.type === 'document-start') for (const { text, at } of event.warnings ?? []) yield `::warning ${place(at)}title=spec-run::${escapeData(text)}\n`;
    // What fails the run itself: one error of the run each, at the line of the requirement it is about (none for a run that checked nothing).
    if (event.type === 'run-end') for (const { reason, at } of runFailures(event)) yield `::error ${place(at)}title=spec-run::${escapeData(reason)}\n`;
    if (event.type !== 'point' || event.todo !== undefined || event.skip !== undefined) continue;
    const title = escapeProperty(units.get(event.unitId) ?? 'spec-run');
    // A pass that used another document's definitions is a warning at its line: it may be theirs.
    if (event.ok) {
      if (event.notes?.length) yield `::warning ${place(event.at)}title=${title}::${escapeData(`${event.name}\n${event.notes.join('\n')}`)}\n`;
      continue;
    }
    const shown = { ...event.diagnostics, ...(event.notes?.length ? { notes: event.notes } : {}) };
    const detail = Object.keys(shown).length ? `\n${JSON.stringify(shown, null, 1)}` : '';
    yield `::error ${place(event.at)}title=${title}::${escapeData(`${event.name}${detail}`)}\n`;
  }
};
