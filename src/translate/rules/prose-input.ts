// An Input written in prose ("**Input**: Call tools/list before initialize") and
// answered by a Lisp block that reads `input`, or by a block labelled as its answer
// ("**Expected**:", compared as an Input block's answer): the request is derived when the prose
// names exactly one MCP method, or holds the request itself as inline JSON; otherwise
// the Input's line gets an error saying how to write the request as JSON.
import type { CodeBlock, Paragraph, SpecDocument } from '../../model/document.js';
import { isAnswerLabel } from './input-pairs.js';

/** The methods of the Model Context Protocol (2025-06-18), requests and notifications. */
export const MCP_METHODS = [
  'initialize', 'ping',
  'tools/list', 'tools/call',
  'resources/list', 'resources/templates/list', 'resources/read', 'resources/subscribe', 'resources/unsubscribe',
  'prompts/list', 'prompts/get',
  'completion/complete', 'logging/setLevel',
  'sampling/createMessage', 'elicitation/create', 'roots/list',
  'notifications/initialized', 'notifications/cancelled', 'notifications/progress', 'notifications/message',
  'notifications/roots/list_changed', 'notifications/tools/list_changed', 'notifications/resources/list_changed',
  'notifications/resources/updated', 'notifications/prompts/list_changed',
];

const INPUT_PROSE = /^(?:input|request)\s*:\s*(\S[\s\S]*)$/i;

export type ProseInput =
  /** The request, as JSON text, and the prose it comes from. */
  | { kind: 'request'; line: number; prose: string; json: string }
  /** Prose no request can be derived from: why, said at the Input's line. */
  | { kind: 'unclear'; line: number; message: string };

/** Methods the prose names: whole tokens; a one-word method (initialize, ping: English words too) only when no method with a slash is named. */
export function namedMethods(prose: string): string[] {
  const named = (methods: string[]) => methods.filter((method) => new RegExp(`(?<![\\w/])${method.replace(/\//g, '\\/')}(?![\\w/])`).test(prose));
  const slashed = named(MCP_METHODS.filter((m) => m.includes('/')));
  return slashed.length > 0 ? slashed : named(MCP_METHODS.filter((m) => !m.includes('/')));
}

/** The request a prose Input stands for, or why none can be derived from it. */
export function deriveRequest(prose: string, line: number, answerLine: number): ProseInput {
  try {
    const value: unknown = JSON.parse(prose);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { kind: 'request', line, prose, json: prose };
  } catch {
    // prose, not inline JSON
  }
  const methods = namedMethods(prose);
  if (methods.length === 1) {
    const [method] = methods;
    const request = method.startsWith('notifications/') ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', id: 1, method, params: {} };
    return { kind: 'request', line, prose, json: JSON.stringify(request) };
  }
  const named = methods.length === 0 ? 'it names no MCP method' : `it names several MCP methods (${methods.join(', ')})`;
  return {
    kind: 'unclear',
    line,
    message: `the Input is prose ("${prose}") and ${named}, so the request whose answer the block at line ${answerLine} checks cannot be derived; write it as JSON: **Input**: then a \`\`\`json block such as {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}`,
  };
}

function inputParagraph(paragraph: Paragraph | undefined): string | null {
  return paragraph ? (INPUT_PROSE.exec(paragraph.text.trim())?.[1].trim() ?? null) : null;
}

/**
 * The prose Input that `block` answers: the paragraph just before it, or the one
 * before its answer label ("**Expected**:"), in the same section.
 */
export function proseInputBefore(doc: SpecDocument, block: CodeBlock): ProseInput | null {
  for (const section of doc.sections) {
    const at = section.content.findIndex((item) => item.type === 'code' && item.block.index === block.index);
    if (at < 0) continue;
    const paragraphAt = (i: number): Paragraph | undefined => {
      const item = section.content[i];
      return item?.type === 'paragraph' ? item.paragraph : undefined;
    };
    const label = paragraphAt(at - 1);
    const candidates = isAnswerLabel(label?.text ?? null) ? [paragraphAt(at - 2)] : [label];
    for (const paragraph of candidates) {
      const prose = inputParagraph(paragraph);
      if (prose !== null && paragraph) return deriveRequest(prose, paragraph.line, block.textLine);
    }
    return null;
  }
  return null;
}
