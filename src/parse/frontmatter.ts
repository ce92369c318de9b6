// Reads YAML frontmatter with the `yaml` package, which reports errors with positions
// that can be mapped back to lines of the markdown file.
import { isMap, isScalar, visit, type Document, type LineCounter } from 'yaml';
import { readYaml, yamlFault } from './yaml-error.js';
import { unreadableMessage } from './unreadable.js';
import type { Diagnostic } from '../model/document.js';

export interface Frontmatter {
  data: Record<string, unknown>;
  /** The line in the markdown file of each top-level key, for messages about it. */
  keyLines: Record<string, number>;
  problems: Diagnostic[];
  /** False when a problem says why the frontmatter cannot be read (data is then empty). */
  readable: boolean;
}

/** The longest frontmatter spec-run reads (64 KiB of text). */
export const MAX_FRONTMATTER_CHARS = 64 * 1024;

/** `key = value`: TOML's way, a common slip in YAML frontmatter. */
const TOML_ASSIGNMENT = /^\s*[A-Za-z_][\w.-]*\s*=/;

/** Names the first TOML-like line: YAML reports the slip where it becomes ambiguous, often later, or reads it as one string. */
function tomlHint(yamlText: string, firstLine: number): string {
  const tomlLine = yamlText.split('\n').findIndex((text) => TOML_ASSIGNMENT.test(text));
  return tomlLine >= 0 ? `; line ${firstLine + tomlLine} reads like TOML's \`key = value\`: YAML writes \`key: value\`` : '';
}

/**
 * @param yamlText the text between the `---` fences
 * @param firstLine line in the markdown file of the first line of `yamlText`
 */
export function readFrontmatter(file: string, yamlText: string, firstLine: number): Frontmatter {
  // The YAML parser takes time worse than linear in the number of keys (100,000 keys: over a minute).
  if (yamlText.length > MAX_FRONTMATTER_CHARS) {
    return { data: {}, keyLines: {}, problems: [{ file, line: firstLine, message: `frontmatter of ${yamlText.length} characters is past spec-run's limit of ${MAX_FRONTMATTER_CHARS}: frontmatter holds a document's few settings; keep data in the document's blocks`, severity: 'error' }], readable: false };
  }
  const { doc, lineCounter, error } = readYaml(yamlText, { line: firstLine });
  const problems: Diagnostic[] = error ? [{ file, line: error.line, column: error.column, message: `frontmatter ${yamlFault(error)}${tomlHint(yamlText, firstLine)}`, severity: 'error' }] : [];
  if (problems.length > 0) return { data: {}, keyLines: {}, problems, readable: false };
  let value: unknown;
  try {
    value = doc.toJS();
  } catch (error) {
    // The yaml package refuses documents whose aliases expand past its limit (an alias
    // bomb): the problem points at the first alias.
    const line = firstLine + (firstAliasLine(doc, lineCounter) ?? 1) - 1;
    return { data: {}, keyLines: {}, problems: [{ file, line, message: unreadableMessage('reading the frontmatter', error), severity: 'error' }], readable: false };
  }
  if (value === null || value === undefined) return { data: {}, keyLines: {}, problems, readable: true };
  if (typeof value !== 'object' || Array.isArray(value)) {
    problems.push({
      file,
      line: firstLine,
      message: `frontmatter must be a YAML mapping of keys to values${tomlHint(yamlText, firstLine)}`,
      severity: 'error',
    });
    return { data: {}, keyLines: {}, problems, readable: false };
  }
  const keyLines: Record<string, number> = {};
  if (isMap(doc.contents)) {
    for (const item of doc.contents.items) {
      if (isScalar(item.key) && item.key.range) keyLines[String(item.key.value)] = firstLine + lineCounter.linePos(item.key.range[0]).line - 1;
    }
  }
  return { data: value as Record<string, unknown>, keyLines, problems, readable: true };
}

/** Line (within the YAML text) of the first alias (`*name`) in `doc`, if any. */
function firstAliasLine(doc: Document, lineCounter: LineCounter): number | undefined {
  let line: number | undefined;
  visit(doc, {
    Alias(_key, node) {
      if (node.range) line = lineCounter.linePos(node.range[0]).line;
      return visit.BREAK;
    },
  });
  return line;
}
