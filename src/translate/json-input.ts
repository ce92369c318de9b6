// JSON request examples ("**Input**:" blocks): each must be a well-formed
// JSON-RPC 2.0 tools/call of a tool the runtime lists (or the params of one:
// {"name", "arguments"}), with arguments that fit its inputSchema: names,
// required ones, types. An Input block that an Expected block answers is only
// checked for well-formed JSON: the Expected block checks what the server makes
// of it, and such inputs are often wrong on purpose (a missing "jsonrpc"). Range keywords (minimum,
// maxLength, pattern...) are left out: documents show out-of-range calls on
// purpose ("timeout": -5) and assert the tool's own isError answer, which is
// the check of the values. The tools come from one tools/list per document.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { CodeRef } from '../model/plan.js';
import { jsonError } from '../parse/json-error.js';

/** A JSON block and where it stands. */
export type JsonBlock = Pick<CodeRef, 'file' | 'text' | 'line' | 'columns'>;

export interface ToolDescription {
  name: string;
  inputSchema?: Record<string, unknown>;
}

export class ToolCallChecker {
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly tools: ToolDescription[]) {
    const ajv = new Ajv({ allErrors: true, strict: false });
    for (const tool of tools) {
      if (tool.inputSchema) this.validators.set(tool.name, ajv.compile(structuralSchema(tool.inputSchema) as object));
    }
  }

  /** What is wrong with the block CODE as a tools/call request or its params; empty when it is right. */
  problems(code: JsonBlock): string[] {
    const parsed = jsonProblems(code);
    if (Array.isArray(parsed)) return parsed;
    const request = parsed.value as Record<string, unknown>;
    if (!('jsonrpc' in request) && !('method' in request) && 'name' in request) return this.paramsProblems(request);
    const problems: string[] = [];
    if (request.jsonrpc !== '2.0') problems.push(`"jsonrpc" must be "2.0", not ${JSON.stringify(request.jsonrpc)}`);
    if (!('id' in request)) problems.push('no "id": a tools/call is a request and needs one');
    else if (typeof request.id !== 'string' && !(typeof request.id === 'number' && Number.isInteger(request.id)))
      problems.push(`"id" must be a string or an integer, not ${JSON.stringify(request.id)}`);
    if (request.method !== 'tools/call') problems.push(`"method" must be "tools/call", not ${JSON.stringify(request.method)}`);
    const params = request.params;
    if (typeof params !== 'object' || params === null || Array.isArray(params)) {
      problems.push('"params" must be an object');
      return problems;
    }
    return [...problems, ...this.paramsProblems(params as Record<string, unknown>)];
  }

  /** What is wrong with the params of a tools/call: the tool's name and its arguments. */
  private paramsProblems(params: Record<string, unknown>): string[] {
    const problems: string[] = [];
    const { name, arguments: args } = params;
    if (typeof name !== 'string') {
      problems.push('"params.name" must be the name of a tool');
      return problems;
    }
    const tool = this.tools.find((t) => t.name === name);
    if (!tool) {
      problems.push(`the runtime lists no tool "${name}" (it lists: ${this.tools.map((t) => t.name).join(', ')})`);
      return problems;
    }
    if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) {
      problems.push('"params.arguments" must be an object');
      return problems;
    }
    const validate = this.validators.get(name);
    if (validate && !validate(args ?? {})) problems.push(...(validate.errors ?? []).map((e) => describe(name, e)));
    return problems;
  }
}

/** The parsed JSON object of the block CODE, or what keeps it from being one (where in the document, when it does not parse). */
export function jsonProblems(code: JsonBlock): string[] | { value: object } {
  const broken = jsonError(code.text, code);
  if (broken) return [`not JSON: ${broken.message} (${code.file}:${broken.line}:${broken.column})`];
  const value: unknown = JSON.parse(code.text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return ['not a JSON object'];
  return { value };
}

/** The id a request written as its params alone is sent with. */
export const PARAMS_REQUEST_ID = 1;

/** The request an Input block's JSON stands for: as written, or its params ({"name", "arguments"}) as a tools/call. */
export function requestOf(input: unknown, id = PARAMS_REQUEST_ID): Record<string, unknown> {
  const request = input as Record<string, unknown>;
  if (!('jsonrpc' in request) && !('method' in request) && 'name' in request) return { jsonrpc: '2.0', id, method: 'tools/call', params: request };
  return request;
}

const RANGE_KEYWORDS = new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'pattern', 'format']);

/** `schema` without the keywords that constrain values rather than shapes. */
export function structuralSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(structuralSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => !RANGE_KEYWORDS.has(key))
      .map(([key, value]) => [key, key === 'properties' ? Object.fromEntries(Object.entries(value as object).map(([name, sub]) => [name, structuralSchema(sub)])) : structuralSchema(value)]),
  );
}

function describe(tool: string, error: ErrorObject): string {
  const where = error.instancePath ? `argument ${error.instancePath.slice(1)}` : 'arguments';
  return `${tool} ${where} ${error.message ?? 'is invalid'}${error.params && Object.keys(error.params).length ? ` (${JSON.stringify(error.params)})` : ''}`;
}
