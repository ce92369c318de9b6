// An "**Expected**" JSON block shown for an "**Input**" request: the response must hold
// it. Objects hold an expected object when they have each of its keys with a value
// that holds the expected one (more keys are fine: documents abbreviate); arrays and
// scalars must be equal. An expected object naming a JSON-RPC response's own keys
// (jsonrpc, id, result, error) is compared with the whole response, any other with
// its result, the part a tool's answer is in.

const RESPONSE_KEYS = ['jsonrpc', 'id', 'result', 'error'];

/** The request an Input block's JSON stands for: as written, or its params ({"name", "arguments"}) as a tools/call. */
export function requestOf(input: unknown, id: number): Record<string, unknown> {
  const request = input as Record<string, unknown>;
  if (!('jsonrpc' in request) && !('method' in request) && 'name' in request) return { jsonrpc: '2.0', id, method: 'tools/call', params: request };
  return request;
}

/** What of `expected` the response lacks, one line each ("result.isError: expected false, got true"); empty when it holds it. */
export function expectedMismatches(expected: unknown, response: Record<string, unknown>): string[] {
  const wholeResponse = isObject(expected) && Object.keys(expected).some((key) => RESPONSE_KEYS.includes(key));
  if (wholeResponse) return mismatches(expected, response, '');
  if (!('result' in response)) return [`the response has no result: ${JSON.stringify(response.error ?? response)}`];
  return mismatches(expected, response.result, 'result');
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
