// The MCP exchanges of a failing unit, as an attachment of its failing point: what
// was sent to the runtime servers and what came back, bounded so that a unit that
// talks a lot still gives a report of reasonable size.
import { boundValue } from '../../model/bounded.js';
import type { Attachment } from '../../model/events.js';
import type { Exchange } from './servers.js';

/** The last exchanges kept, and the characters kept of each request and response. */
export const TRANSCRIPT_EXCHANGES = 20;
export const TRANSCRIPT_MESSAGE_MAX_CHARS = 4096;

export function transcriptAttachment(exchanges: Exchange[]): Attachment | null {
  if (exchanges.length === 0) return null;
  const kept = exchanges.slice(-TRANSCRIPT_EXCHANGES);
  const value = {
    ...(kept.length < exchanges.length ? { omitted: `${exchanges.length - kept.length} earlier exchanges` } : {}),
    exchanges: kept.map((e) => ({
      server: e.server,
      atMs: Math.round(e.sentAt),
      durationMs: Math.round(e.durationMs),
      request: boundValue(e.request, TRANSCRIPT_MESSAGE_MAX_CHARS),
      response: boundValue(e.response, TRANSCRIPT_MESSAGE_MAX_CHARS),
    })),
  };
  return { name: 'MCP transcript', value };
}
