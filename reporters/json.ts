// The event stream itself, one JSON object per line, for tools that build on spec-run.
// Attachments are cut to a bound, so that one large value cannot swamp the stream.
import { boundAttachments } from '../src/model/bounded.js';
import type { Reporter, RunEvent } from '../src/model/events.js';

function bounded(event: RunEvent): RunEvent {
  if (event.type !== 'point' || !event.attachments?.length) return event;
  return { ...event, attachments: boundAttachments(event.attachments) };
}

export const jsonReporter: Reporter = async function* (events) {
  for await (const event of events) yield JSON.stringify(bounded(event)) + '\n';
};
