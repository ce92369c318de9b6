// GitHub Actions annotations: one ::error workflow command per failing point, so the
// failure shows on the line of the markdown file in the pull request, and one per
// failure of the run itself.
import { runFailures, type Reporter } from '../src/model/events.js';

const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

export const githubAnnotations: Reporter = async function* (events) {
  const units = new Map<string, string>();
  for await (const event of events) {
    if (event.type === 'unit-start') units.set(event.unitId, event.name);
    // What fails the run itself (it checked nothing, a requirement is not verified) has no line: one error of the run each.
    if (event.type === 'run-end') for (const failure of runFailures(event)) yield `::error title=spec-run::${escapeData(failure)}\n`;
    if (event.type !== 'point' || event.ok || event.todo !== undefined) continue;
    const place = event.at ? `file=${escapeProperty(event.at.file)},line=${event.at.line},` : '';
    const title = escapeProperty(units.get(event.unitId) ?? 'spec-run');
    const detail = event.diagnostics ? `\n${JSON.stringify(event.diagnostics, null, 1)}` : '';
    yield `::error ${place}title=${title}::${escapeData(`${event.name}${detail}`)}\n`;
  }
};
