// Frontmatter values of the wrong shape: `tags: smoke` where a list is meant, `level: 3`
// where a name is. The run reads these fields (selection, requirements, names, the gate of
// timing-sensitive units), so a value it cannot read is an error of the document, at its
// line, in the run as in `check`: a CI gate gets one verdict from both.
import type { Diagnostic, SpecDocument } from '../model/document.js';
import { editDistance, keyWords } from '../model/edit-distance.js';

const LISTS = ['tags', 'covers'];
const NAMES = ['name', 'level', 'source', 'feature'];

const isStringList = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The fields whose value changes what a run does or counts: a key mistyped for one of them is a setting lost. */
const SETTINGS = ['type', 'name', 'tags', 'level', 'covers', 'source', 'exclude', 'timeout', 'retries', 'timing-sensitive'];

/**
 * The setting KEY is mistyped for: one or two letters off or its letters in another
 * order (`timout`, `retires`), another case or separator (`timingSensitive`), the other
 * number (`tag`, `retry`, cucumber-js's spelling).
 */
export function mistypedSetting(key: string): string | undefined {
  const written = key.toLowerCase();
  if (SETTINGS.includes(key)) return undefined;
  return SETTINGS.find(
    (field) =>
      written === field ||
      keyWords(key) === keyWords(field) ||
      editDistance(written, field) <= (field.length > 7 ? 2 : 1) ||
      [...written].sort().join('') === [...field].sort().join(''),
  );
}

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
  for (const key of Object.keys(meta)) {
    const meant = mistypedSetting(key);
    if (meant && meta[meant] === undefined) problems.push(at(key, `frontmatter '${key}' is no field spec-run reads, so it is ignored: did you mean '${meant}'?`));
  }
  const timing = meta['timing-sensitive'];
  if (timing !== undefined && typeof timing !== 'boolean' && !isStringList(timing)) {
    problems.push(at('timing-sensitive', "frontmatter 'timing-sensitive' must be true, false, or a list of unit names or headings"));
  }
  return problems;
}
