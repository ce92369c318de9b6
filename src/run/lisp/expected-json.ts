// An "**Expected**" block shown for an "**Input**" request: the response must hold it.
// JSON: objects hold an expected object when they have each of its keys with a value
// that holds the expected one (more keys are fine: documents abbreviate); arrays and
// scalars must be equal. An expected object naming a JSON-RPC response's own keys
// (jsonrpc, id, result, error) is compared with the whole response, any other with
// its result, the part a tool's answer is in. A result shown without "isError" is an
// answer that is no error: a tool's error answer (isError true) does not hold it, since
// `{}` or a part of the content would otherwise pass for the error.
// Text: the text of the tool's answer (the text parts of its content, one after the
// other) holds the Expected lines, in a row and each whole (trailing blanks aside); a
// `=> x` line only as a value the answer's data says it returned, not as printed output.
import { RESPONSE_KEYS } from '../../translate/rules/expected-answer.js';

/** What of `expected` the response lacks, one line each ("result.isError: expected false, got true"); empty when it holds it. */
export function expectedMismatches(expected: unknown, response: Record<string, unknown>): string[] {
  const wholeResponse = isObject(expected) && Object.keys(expected).some((key) => RESPONSE_KEYS.includes(key));
  if (wholeResponse) return [...mismatches(expected, response, ''), ...unstatedError(expected.result, response.result)];
  if (!('result' in response)) return [`the response has no result: ${JSON.stringify(response.error ?? response)}`];
  return [...mismatches(expected, response.result, 'result'), ...unstatedError(expected, response.result)];
}

/** The error answer RESULT is, when the EXPECTED result (an object not stating isError) expects none. */
function unstatedError(expected: unknown, result: unknown): string[] {
  if (!isObject(expected) || 'isError' in expected || !isObject(result) || result.isError !== true) return [];
  const text = answerText(result);
  const shown = text === null ? JSON.stringify(result) : JSON.stringify(text.split('\n')[0]);
  return [`result.isError: the tool answered with an error (${shown}), and a result shown without "isError" expects an answer that is no error; write "isError": true in it to expect this error`];
}

/**
 * What of the Expected text the text of the tool's answer lacks; empty when it holds its lines.
 * Where the answer gives its parts as data (structuredContent's `values`), an Expected `=> x`
 * line holds only for a line of the values it returned: printed output can look like one.
 */
export function expectedTextMismatches(expected: string, response: Record<string, unknown>): string[] {
  if (!isObject(response.result)) return [`the response has no result: ${JSON.stringify(response.error ?? response)}`];
  const text = answerText(response.result);
  if (text === null) return [`the answer has no text content: ${JSON.stringify(response.result)}`];
  const wanted = trimmedLines(expected);
  const lines = trimmedLines(text);
  const returned = returnedValueLines(response.result, lines);
  const holds = (line: string, at: number) => lines[at] === line && (returned === null || !VALUE_LINE.test(line) || returned.has(at));
  if (lines.some((_, i) => wanted.every((line, j) => holds(line, i + j)))) return [];
  const printedOnly = returned !== null && lines.some((_, i) => wanted.every((line, j) => lines[i + j] === line));
  const values = isObject(response.result.structuredContent) ? response.result.structuredContent.values : undefined;
  return [
    printedOnly
      ? `the answer holds the Expected ${wanted.length > 1 ? 'lines' : 'line'} ${JSON.stringify(wanted.join('\n'))} only in what the evaluation printed: the values it returned are ${JSON.stringify(values)} (its structuredContent); the answer's text is ${JSON.stringify(text)}`
      : `the text of the answer does not hold the Expected ${wanted.length > 1 ? 'lines, in a row' : 'line'}: ${JSON.stringify(wanted.join('\n'))}; the answer's text is ${JSON.stringify(text)}`,
  ];
}

/** A line that shows a returned value, as the runtime contract writes one. */
const VALUE_LINE = /^=> /;

/**
 * The indexes among LINES (the answer's text) of the lines that show the values RESULT returned,
 * from its data (structuredContent's `values`): the last run of lines that spells them; an empty
 * set when none does. Null when the answer gives no such data: its text alone is read.
 */
function returnedValueLines(result: Record<string, unknown>, lines: string[]): Set<number> | null {
  const data = result.structuredContent;
  if (!isObject(data) || !Array.isArray(data.values)) return null;
  const shown = data.values.flatMap((value) => `=> ${String(value)}`.split(/\r?\n/).map((line) => line.trimEnd()));
  if (shown.length === 0) return new Set();
  for (let start = lines.length - shown.length; start >= 0; start--) {
    // The last value may carry the truncation note after it.
    if (shown.every((line, j) => lines[start + j] === line || (j === shown.length - 1 && lines[start + j]?.startsWith(`${line} `))))
      return new Set(shown.map((_, j) => start + j));
  }
  return new Set();
}

/** The text parts of a tool's answer, one after the other; null when it has none. */
function answerText(result: Record<string, unknown>): string | null {
  const parts = Array.isArray(result.content) ? result.content.filter((part) => isObject(part) && part.type === 'text' && typeof part.text === 'string') : [];
  return parts.length ? parts.map((part) => (part as { text: string }).text).join('\n') : null;
}

/** TEXT's lines without trailing blanks, and without blank lines at its start and end. */
function trimmedLines(text: string): string[] {
  const lines = text.split(/\r?\n/).map((line) => line.trimEnd());
  while (lines.length && lines[0] === '') lines.shift();
  while (lines.length && lines.at(-1) === '') lines.pop();
  return lines;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mismatches(expected: unknown, actual: unknown, path: string): string[] {
  const at = path === '' ? 'the response' : path;
  if (isObject(expected)) {
    if (!isObject(actual)) return [`${at}: expected an object, got ${JSON.stringify(actual)}`];
    return Object.entries(expected).flatMap(([key, value]) =>
      key in actual ? mismatches(value, actual[key], path === '' ? key : `${path}.${key}`) : [`${path === '' ? key : `${path}.${key}`}: missing (expected ${JSON.stringify(value)})`],
    );
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${at}: expected an array, got ${JSON.stringify(actual)}`];
    if (actual.length !== expected.length) return [`${at}: expected ${expected.length} items, got ${actual.length}: ${JSON.stringify(actual)}`];
    return expected.flatMap((item, i) => mismatches(item, actual[i], `${path}[${i}]`));
  }
  return expected === actual ? [] : [`${at}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
}
