// Diagnostics of a failing point as a YAML block, indented for its place in the TAP stream.
import { stringify } from 'yaml';

export function yamlBlock(diagnostics: Record<string, unknown>, indent: string): string[] {
  const body = stringify(diagnostics, { lineWidth: 0 }).replace(/\n$/, '');
  return [`${indent}---`, ...body.split('\n').map((line) => `${indent}${line}`), `${indent}...`];
}
