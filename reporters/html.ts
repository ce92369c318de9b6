// The HTML report: one self-contained page (inline style and script, no network),
// written when the run ends. See html/page.ts for what it shows.
import type { Reporter } from '../src/model/events.js';
import { renderPage, type PageOptions } from './html/page.js';
import { collectReport } from './report-model.js';

export type HtmlReporterOptions = PageOptions;

export function htmlReporter(options: HtmlReporterOptions): Reporter {
  return async function* (events) {
    yield renderPage(await collectReport(events), options);
  };
}
