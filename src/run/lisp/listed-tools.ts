// The tools a runtime server lists: every page of its tools/list answer (MCP pages it with
// nextCursor), asked on one session. Each wait stops when the caller's signal aborts, so a
// server that never answers holds nothing past the caller's time limit or interruption.
import type { ToolDescription } from '../../translate/json-input.js';
import type { RuntimeConnection } from '../types.js';

/** Pages asked at most: a server that keeps giving a nextCursor (or gives one it gave before) is not followed for ever. */
export const TOOL_LIST_PAGE_LIMIT = 100;

/** The answer to LINE, or a rejection with SIGNAL's reason (and what the server wrote instead) once it aborts. */
export function answerUnlessAborted(connection: RuntimeConnection, line: string, signal: AbortSignal): Promise<string> {
  const stopped = () => {
    const reason = signal.reason instanceof Error ? signal.reason.message : String(signal.reason);
    const wrote = connection.unexpectedOutput?.();
    return new Error(wrote ? `${reason}; ${wrote}` : reason);
  };
  if (signal.aborted) return Promise.reject(stopped());
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(stopped());
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([connection.exchange(line), aborted]).finally(() => signal.removeEventListener('abort', onAbort!));
}

/** Every tool CONNECTION lists, page after page; rejects saying why when an answer holds no tools list or the pages do not end. */
export async function listedTools(connection: RuntimeConnection, signal: AbortSignal): Promise<ToolDescription[]> {
  const tools: ToolDescription[] = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 1; page <= TOOL_LIST_PAGE_LIMIT; page++) {
    const request = { jsonrpc: '2.0', id: page, method: 'tools/list', params: cursor === undefined ? {} : { cursor } };
    const answer = JSON.parse(await answerUnlessAborted(connection, JSON.stringify(request), signal)) as { result?: { tools?: unknown; nextCursor?: unknown }; error?: unknown };
    const listed = answer.result?.tools;
    const where = page === 1 ? 'its tools/list answer' : `page ${page} of its tools/list answer (cursor ${JSON.stringify(cursor)})`;
    if (!Array.isArray(listed)) throw new Error(`${where} holds no tools: ${JSON.stringify(answer.error ?? answer).slice(0, 200)}`);
    tools.push(...listed.filter((tool): tool is ToolDescription => typeof tool === 'object' && tool !== null && typeof (tool as { name?: unknown }).name === 'string'));
    const next = answer.result?.nextCursor;
    if (next === undefined || next === null) return tools;
    if (typeof next !== 'string') throw new Error(`${where} gives a nextCursor that is not a string: ${JSON.stringify(next).slice(0, 200)}`);
    if (cursors.has(next)) throw new Error(`${where} gives the nextCursor ${JSON.stringify(next)} again: its pages never end`);
    cursors.add(next);
    cursor = next;
  }
  throw new Error(`its tools/list answer still gave a nextCursor after ${TOOL_LIST_PAGE_LIMIT} pages (${tools.length} tools): spec-run reads at most ${TOOL_LIST_PAGE_LIMIT} pages`);
}
