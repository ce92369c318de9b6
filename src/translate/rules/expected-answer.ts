// The answer a document shows for an "**Input**" request, in the block just after it
// ("**Expected**:", "Expected Output", "Response", a "### Expected" heading...): what the
// author labelled so is a check of that request, and is compared, never shown and dropped.
// JSON is compared as JSON; a fence of plain text (no language, `text`, `output`...) with
// the text of the tool's answer, unless it holds a JSON object; any other language has no
// meaning spec-run could compare, which is an error at the block. (A Lisp answer is paired
// with the Input elsewhere: it reads the request as `input`.)
import type { CodeBlock } from '../../model/document.js';
import type { ExpectedAnswer } from '../../model/plan.js';
import { JSON_LANGUAGES } from './json.js';

export type AnswerForm = ExpectedAnswer['form'];

/** Fences that hold sample text: a tool's answer shown as it prints. */
const TEXT_LANGUAGES = new Set(['text', 'txt', 'plain', 'plaintext', 'output', 'console']);

/** The keys of a JSON-RPC response itself: an Expected object with one of them shows the whole response, any other its result. */
export const RESPONSE_KEYS = ['jsonrpc', 'id', 'result', 'error'];

/** How the answer block BLOCK, shown for the Input at line INPUT_LINE, is compared; or why it cannot be, said at the block. */
export function answerForm(block: CodeBlock, inputLine: number): { form: AnswerForm } | { problem: string } {
  const never = 'checks nothing, and the request is never sent';
  if (block.lang !== null && JSON_LANGUAGES.has(block.lang)) return { form: 'json' };
  if (block.lang !== null && !TEXT_LANGUAGES.has(block.lang)) {
    return { problem: `this ${block.lang} block is labelled as the answer to the Input at line ${inputLine}, but spec-run compares only a json block (the response must hold it), a block of plain text (the text of the tool's answer must hold its lines) or a lisp block that checks the answer: this one ${never}; write it as one of these` };
  }
  if (block.text.trim() === '') return { problem: `this block is labelled as the answer to the Input at line ${inputLine}, but it is empty: it ${never}; write the answer's text or JSON in it` };
  return { form: isJsonObject(block.text) ? 'json' : 'text' };
}

function isJsonObject(text: string): boolean {
  try {
    return isObject(JSON.parse(text));
  } catch {
    return false;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The response an Expected JSON object shows: itself when it names a response's keys, else the response whose result it is. */
export function shownResponse(expected: Record<string, unknown>): Record<string, unknown> {
  return Object.keys(expected).some((key) => RESPONSE_KEYS.includes(key)) ? expected : { result: expected };
}

/** MCP methods whose answer is an empty result: `"result": {}` is the whole of it. */
const EMPTY_RESULT_METHODS = new Set(['ping', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe']);

/**
 * Why the Expected JSON EXPECTED, shown for REQUEST, holds for any answer to it, or null when
 * it states something: a warning, since a check of nothing passes. Stating nothing:
 * `jsonrpc` "2.0", the request's own `id`, and a `result` of `{}` (which still asks for an
 * answer that is no error), unless `{}` is the whole answer to the request's method (ping).
 */
export function constrainsNothing(expected: unknown, request: Record<string, unknown>): string | null {
  if (!isObject(expected)) return null;
  const shown = shownResponse(expected);
  const emptyResultAnswers = typeof request.method === 'string' && EMPTY_RESULT_METHODS.has(request.method);
  const idle = ([key, value]: [string, unknown]) =>
    (key === 'jsonrpc' && value === '2.0') || (key === 'id' && 'id' in request && value === request.id) || (key === 'result' && !emptyResultAnswers && isObject(value) && Object.keys(value).length === 0);
  if (!Object.entries(shown).every(idle)) return null;
  const hint = 'show what the answer holds, such as {"content": [{"type": "text", "text": "=> 42"}]}';
  if ('result' in shown) return `this Expected JSON states nothing of the answer but that it is a result that is no error: any such answer holds it, whatever its content; ${hint}`;
  return `this Expected JSON states only what every answer to the request has (jsonrpc, id): any answer holds it, an error too; ${hint}`;
}
