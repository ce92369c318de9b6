// Where YAML written in a markdown document goes wrong, as a place in the document: the
// frontmatter and a scenario's YAML blocks are read by the same parser, and their first
// syntax error is shown at its line and column in the markdown file, not in the YAML text.
import { LineCounter, parseDocument, type Document, type YAMLError } from 'yaml';
import { placeInDocument, type BlockPlace } from './block-place.js';

export interface YamlSyntaxError {
  /** Line in the markdown file. */
  line: number;
  column: number;
  /** The parser's message, first line only (its later lines repeat the text around the error). */
  message: string;
}

/**
 * The first of ERRORS placed in the markdown file where the YAML text stands (AT), LINE
 * COUNTER having counted that text's lines; null when none.
 * Later errors are mostly consequences of the first one.
 */
function firstYamlError(errors: readonly YAMLError[], lineCounter: LineCounter, at: BlockPlace): YamlSyntaxError | null {
  const error = errors[0];
  if (!error) return null;
  const pos = lineCounter.linePos(error.pos[0]);
  return { ...placeInDocument(at, pos.line, pos.col), message: error.message.split('\n')[0] };
}

/**
 * TEXT parsed as YAML, with its first error placed in the markdown file (see firstYamlError).
 * UNIQUE KEYS false reads a repeated key as its last value, as the executor's loader does
 * (it reports the repetition itself, by the key's field path).
 */
export function readYaml(text: string, at: BlockPlace, { uniqueKeys = true } = {}): { doc: Document; lineCounter: LineCounter; error: YamlSyntaxError | null } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { prettyErrors: false, lineCounter, uniqueKeys });
  return { doc, lineCounter, error: firstYamlError(doc.errors, lineCounter, at) };
}
