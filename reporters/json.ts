// The event stream itself, one JSON object per line, for tools that build on spec-run.
import type { Reporter } from '../src/model/events.js';

export const jsonReporter: Reporter = async function* (events) {
  for await (const event of events) yield JSON.stringify(event) + '\n';
};
