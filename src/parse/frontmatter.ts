// Reads YAML frontmatter with the `yaml` package, which reports errors with positions
// that can be mapped back to lines of the markdown file.
import { LineCounter, parseDocument } from 'yaml';
import type { Diagnostic } from '../model/document.js';

export interface Frontmatter {
  data: Record<string, unknown>;
  problems: Diagnostic[];
}

/**
 * @param yamlText the text between the `---` fences
 * @param firstLine line in the markdown file of the first line of `yamlText`
 */
export function readFrontmatter(file: string, yamlText: string, firstLine: number): Frontmatter {
  const lineCounter = new LineCounter();
  const doc = parseDocument(yamlText, { prettyErrors: false, lineCounter });
  // Later errors are mostly consequences of the first one; report that one.
  const problems: Diagnostic[] = doc.errors.slice(0, 1).map((error) => {
    const pos = lineCounter.linePos(error.pos[0]);
    return {
      file,
      line: firstLine + pos.line - 1,
      column: pos.col,
      message: `frontmatter is not valid YAML: ${error.message}`,
      severity: 'error',
    };
  });
  if (problems.length > 0) return { data: {}, problems };
  const value: unknown = doc.toJS();
  if (value === null || value === undefined) return { data: {}, problems };
  if (typeof value !== 'object' || Array.isArray(value)) {
    problems.push({
      file,
      line: firstLine,
      message: 'frontmatter must be a YAML mapping of keys to values',
      severity: 'error',
    });
    return { data: {}, problems };
  }
  return { data: value as Record<string, unknown>, problems };
}
