// Frontmatter values of the wrong shape: `tags: smoke` where a list is meant, `level: 3`
// where a name is. The run reads these fields (selection, requirements, names, the gate of
// timing-sensitive units), so a value it cannot read is an error of the document, at its
// line, in the run as in `check`: a CI gate gets one verdict from both.
import type { Diagnostic, SpecDocument } from '../model/document.js';

const LISTS = ['tags', 'covers'];
const NAMES = ['name', 'level', 'source', 'feature'];

const isStringList = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string');

export function frontmatterValueProblems(doc: SpecDocument): Diagnostic[] {
  if (doc.metadataSource !== 'frontmatter') return [];
  const meta = doc.metadata;
  const at = (key: string, message: string): Diagnostic => ({ file: doc.path, line: doc.metadataLines?.[key] ?? 1, message, severity: 'error' });
  const problems: Diagnostic[] = [];
  for (const key of LISTS) {
    if (meta[key] !== undefined && !isStringList(meta[key])) problems.push(at(key, `frontmatter '${key}' must be a list of strings${typeof meta[key] === 'string' ? ` (written as a list: ${key}: [${meta[key]}])` : ''}`));
  }
  for (const key of NAMES) {
    if (meta[key] !== undefined && typeof meta[key] !== 'string') problems.push(at(key, `frontmatter '${key}' must be a string`));
  }
  const timing = meta['timing-sensitive'];
  if (timing !== undefined && typeof timing !== 'boolean' && !isStringList(timing)) {
    problems.push(at('timing-sensitive', "frontmatter 'timing-sensitive' must be true, false, or a list of unit names or headings"));
  }
  return problems;
}
