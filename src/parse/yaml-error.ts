// Where YAML written in a markdown document goes wrong, as a place in the document: the
// frontmatter and a scenario's YAML blocks are read by the same parser, and their first
// syntax error is shown at its line and column in the markdown file, not in the YAML text.
import { LineCounter, parseDocument, visit, type Document, type YAMLError } from 'yaml';
import { QUIET_YAML } from './yaml-options.js';
import { placeInDocument, type BlockPlace } from './block-place.js';

export interface YamlSyntaxError {
  /** Line in the markdown file. */
  line: number;
  column: number;
  /** The parser's message, first line only (its later lines repeat the text around the error). */
  message: string;
  /** The text may be valid: its values nest deeper than the parser's recursion reaches. */
  tooDeep?: true;
}

/**
 * Where the quoted scalar of DOC opens that runs up to OFFSET: the parser reports a quote never
 * closed where the text ends (past a block's last line, or a file's), and the quote is where
 * to look. Undefined for an error of another kind.
 */
export function unclosedQuoteAt(doc: Document, error: YAMLError): number | undefined {
  if (error.code !== 'MISSING_CHAR') return undefined;
  const offset = error.pos[0];
  let start: number | undefined;
  visit(doc, {
    Scalar(_key, node) {
      if ((node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') && node.range && node.range[0] < offset && node.range[1] >= offset) start = node.range[0];
    },
  });
  return start;
}

/** The engine's message where the parser's recursion ran out: a value nested hundreds of levels deep. */
const TOO_DEEP = /^Maximum call stack size exceeded/;
const TOO_DEEP_MESSAGE = 'the YAML reader gave up here, hundreds of levels in (nest a few levels, as configuration needs)';

/**
 * The parser's message of ERROR, first line only (its later lines repeat the text around the
 * error); a value nested deeper than the parser's recursion reaches is said as such, not as
 * the JavaScript engine's "Maximum call stack size exceeded".
 */
export function yamlMessage(error: YAMLError): string {
  const message = error.message.split('\n')[0];
  return TOO_DEEP.test(message) ? `collections nested too deeply to read: ${TOO_DEEP_MESSAGE}` : message;
}

/** What is wrong with a text read as YAML, after its subject ("frontmatter …"): not valid, or valid but nested past what can be read. */
export function yamlFault(error: YamlSyntaxError): string {
  return error.tooDeep ? `nests its collections too deeply to read: ${TOO_DEEP_MESSAGE}` : `is not valid YAML: ${error.message}`;
}

/** What is said of a quote never closed, at the place where it opens. */
export const UNCLOSED_QUOTE = 'a quoted value opened here is never closed (it runs to the end of the text)';

/**
 * The first error of DOC placed in the markdown file where the YAML text stands (AT), LINE
 * COUNTER having counted that text's lines; null when none.
 * Later errors are mostly consequences of the first one.
 */
function firstYamlError(doc: Document, lineCounter: LineCounter, at: BlockPlace): YamlSyntaxError | null {
  const error = doc.errors[0];
  if (!error) return null;
  const quote = unclosedQuoteAt(doc, error);
  const pos = lineCounter.linePos(quote ?? error.pos[0]);
  const tooDeep = TOO_DEEP.test(error.message);
  return { ...placeInDocument(at, pos.line, pos.col), message: quote !== undefined ? UNCLOSED_QUOTE : yamlMessage(error), ...(tooDeep ? { tooDeep } : {}) };
}

/**
 * TEXT parsed as YAML, with its first error placed in the markdown file (see firstYamlError).
 * UNIQUE KEYS false reads a repeated key as its last value, as the executor's loader does
 * (it reports the repetition itself, by the key's field path).
 */
export function readYaml(text: string, at: BlockPlace, { uniqueKeys = true } = {}): { doc: Document; lineCounter: LineCounter; error: YamlSyntaxError | null } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { ...QUIET_YAML, prettyErrors: false, lineCounter, uniqueKeys });
  return { doc, lineCounter, error: firstYamlError(doc, lineCounter, at) };
}
