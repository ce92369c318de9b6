// A small Common Lisp reader, enough to split a code block into its top-level forms and
// see what each one is: the head symbol, names, lambda lists and the symbols used.
// It does not evaluate or intern anything; the real reader runs later in the driver.
import { sbclSkips } from './lisp-features.js';

/** Offsets index the scanned text; lines count from the `firstLine` given to `scanForms`. */
interface Span {
  start: number;
  end: number;
  line: number;
}

/** Dispatch characters of the standard syntax not read above: #: #x #b #o #r #* (and #n# with digits). */
const STANDARD_DISPATCH = /^[:xXbBoOrR*]$/;
/** Code that defines reader macros of its own, whose dispatch characters cannot be known here. */
export const DEFINES_READER_MACROS = /dispatch-macro-character|readtable|enable-[\w-]*syntax/i;

export type LispNode =
  | (Span & { kind: 'list'; items: LispNode[] })
  /** `name` is lower-cased except for |escaped| parts, package prefix kept ("fiveam:test"). */
  | (Span & { kind: 'symbol'; name: string; raw: string })
  | (Span & { kind: 'number'; raw: string })
  | (Span & { kind: 'string'; value: string })
  | (Span & { kind: 'char'; raw: string })
  /** `'x`, `` `x ``, `,x`, `,@x`, `#'x`, `#(...)`, `#.x`, `#p"..."` and other prefixed forms. */
  | (Span & { kind: 'prefixed'; prefix: string; form: LispNode })
  /** `#+feature form` / `#-feature form`. */
  | (Span & { kind: 'conditional'; prefix: '#+' | '#-'; feature: LispNode; form: LispNode });

export interface LispForm extends Span {
  node: LispNode;
  text: string;
  /** Lower-cased head symbol of a list form ("defun", "fiveam:test"), looking through `#+`; else null. */
  head: string | null;
}

export interface LispScanProblem {
  line: number;
  column: number;
  message: string;
}

export interface LispScan {
  forms: LispForm[];
  problems: LispScanProblem[];
  /** How often each symbol occurs outside strings and comments, by lower-cased name. */
  symbols: Map<string, number>;
}

class ReadError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/**
 * Deepest nesting of forms read. Real code stays far below; a block nested deeper (a
 * hostile or generated one) is reported as unreadable instead of exhausting the stack
 * of this reader and of everything that walks its trees.
 */
export const MAX_NESTING = 1000;

const TERMINATORS = new Set(['(', ')', '"', "'", '`', ',', ';']);
const NUMBER = /^[+-]?(?:\d+\.?\d*(?:[esfdl][+-]?\d+)?|\.\d+(?:[esfdl][+-]?\d+)?|\d+\/\d+)$/i;

/** @param firstLine line number of the text's first line (its line in the markdown file). */
/** OWNREADERMACROS: the document defines reader macros of its own (in another block), so a dispatch character unknown here may be one of them. */
export function scanForms(text: string, firstLine = 1, ownReaderMacros = false): LispScan {
  const key = `${firstLine}:${ownReaderMacros ? 1 : 0}:${text}`;
  const known = recentScans.get(key);
  if (known) return known;
  const scan = readForms(text, firstLine, ownReaderMacros);
  if (recentScans.size >= RECENT_SCANS) recentScans.delete(recentScans.keys().next().value!);
  recentScans.set(key, scan);
  return scan;
}

/**
 * The scans of the texts read last, by text and first line. A run reads each block of Lisp
 * several times (translating its document, the tree's definitions, each unit's timing
 * needs): read once, it is looked up after. Callers only read a scan, never change it.
 * Bounded, as the language server reads texts for as long as it runs.
 */
const recentScans = new Map<string, LispScan>();
const RECENT_SCANS = 1024;

function readForms(text: string, firstLine: number, ownReaderMacros: boolean): LispScan {
  const reader = new Reader(text, firstLine, ownReaderMacros);
  const forms: LispForm[] = [];
  const problems: LispScanProblem[] = [];
  for (;;) {
    try {
      reader.skipBlank();
      if (reader.atEnd()) break;
      if (reader.peek() === ')') {
        problems.push(reader.problemAt(reader.pos, 'unbalanced parentheses: this ) closes nothing'));
        reader.pos++;
        continue;
      }
      const node = reader.read();
      forms.push({ node, start: node.start, end: node.end, line: node.line, text: text.slice(node.start, node.end), head: headOf(node) });
    } catch (error) {
      if (!(error instanceof ReadError)) throw error;
      problems.push(reader.problemAt(error.offset, error.message));
      break; // everything after an unclosed form belongs to it
    }
  }
  return { forms, problems, symbols: reader.symbols };
}

/** Head symbol of a list form, seen through reader conditionals. */
/**
 * Lisp code TEXT on one line, as the driver shows a form (one-line, run/lisp/checks.lisp):
 * each run of whitespace one space, except inside a string literal, a |symbol| or after
 * `#\\`, whose characters are the value itself (`"a  b"` is not `"a b"`).
 */
export function codeOnOneLine(text: string): string {
  return text.replace(/"(?:[^"\\]|\\[\s\S])*"?|\|(?:[^|\\]|\\[\s\S])*\|?|\\[\s\S]|(\s+)/g, (literal, space?: string) => (space === undefined ? literal : ' ')).trim();
}

export function headOf(node: LispNode): string | null {
  if (node.kind === 'conditional') return headOf(node.form);
  if (node.kind !== 'list' || node.items.length === 0) return null;
  const first = node.items[0];
  return first.kind === 'symbol' ? first.name : null;
}

/** "fiveam:test" → "test"; "cl-user::x" → "x". */
export function unqualified(name: string): string {
  const colon = name.lastIndexOf(':');
  return colon > 0 ? name.slice(colon + 1) : name;
}

/** "fiveam:test" → "fiveam"; null for an unqualified symbol or a keyword. */
export function packageOf(name: string): string | null {
  const colon = name.indexOf(':');
  return colon > 0 ? name.slice(0, colon) : null;
}

class Reader {
  pos = 0;
  readonly symbols = new Map<string, number>();
  /** Forms being read, one inside the other. */
  private depth = 0;
  /** Offsets of the lists being read, outermost first. */
  private readonly openLists: number[] = [];
  private readonly lineStarts: number[] = [0];
  /** The form read next is an item of a list, where a consing dot may stand. */
  private readingListItem = false;

  constructor(
    private readonly text: string,
    private readonly firstLine: number,
    private readonly ownReaderMacros = false,
  ) {
    for (let i = 0; i < text.length; i++) if (text[i] === '\n') this.lineStarts.push(i + 1);
  }

  atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  peek(offset = 0): string {
    return this.text[this.pos + offset] ?? '';
  }

  lineOf(offset: number): number {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + this.firstLine;
  }

  problemAt(offset: number, message: string): LispScanProblem {
    const line = this.lineOf(offset);
    return { line, column: offset - this.lineStarts[line - this.firstLine] + 1, message };
  }

  /** Skips whitespace, `;` comments and (nested) `#| |#` comments. */
  skipBlank(): void {
    while (!this.atEnd()) {
      const c = this.peek();
      if (/\s/.test(c)) this.pos++;
      else if (c === ';') {
        while (!this.atEnd() && this.peek() !== '\n') this.pos++;
      } else if (c === '#' && this.peek(1) === '|') this.skipBlockComment();
      else return;
    }
  }

  private skipBlockComment(): void {
    const start = this.pos;
    let depth = 0;
    while (!this.atEnd()) {
      if (this.peek() === '#' && this.peek(1) === '|') {
        depth++;
        this.pos += 2;
      } else if (this.peek() === '|' && this.peek(1) === '#') {
        depth--;
        this.pos += 2;
        if (depth === 0) return;
      } else this.pos++;
    }
    throw new ReadError(`block comment #| opened at line ${this.lineOf(start)} is never closed`, start);
  }

  read(): LispNode {
    if (this.depth >= MAX_NESTING) {
      const outermost = this.openLists[0] ?? this.pos;
      throw new ReadError(`forms nested more than ${MAX_NESTING} deep (from the form at line ${this.lineOf(outermost)}): spec-run does not read them`, outermost);
    }
    this.depth++;
    try {
      return this.readForm();
    } finally {
      this.depth--;
    }
  }

  private readForm(): LispNode {
    const listItem = this.readingListItem;
    this.readingListItem = false;
    this.skipBlank();
    const start = this.pos;
    const line = this.lineOf(start);
    if (this.atEnd()) {
      // Only a prefix (quote, #+) can end the text here; inside a list, the list is what is open.
      const open = this.openLists[0];
      if (open !== undefined) throw new ReadError(`unbalanced parentheses: ( opened at line ${this.lineOf(open)} is never closed`, open);
      throw new ReadError('a form was expected before the end of the block', start);
    }
    const c = this.peek();
    switch (c) {
      case '(':
        return this.readList(start, line);
      case ')':
        throw new ReadError('unbalanced parentheses: this ) closes nothing', start);
      case '"':
        return this.readString(start, line);
      case "'":
      case '`':
        this.pos++;
        return this.prefixed(c, start, line);
      case ',':
        this.pos++;
        if (this.peek() === '@' || this.peek() === '.') return this.prefixed(`,${this.text[this.pos++]}`, start, line);
        return this.prefixed(',', start, line);
      case '#':
        return this.readDispatch(start, line);
      default:
        return this.readToken(start, line, listItem);
    }
  }

  private prefixed(prefix: string, start: number, line: number): LispNode {
    const form = this.read();
    return { kind: 'prefixed', prefix, form, start, end: form.end, line };
  }

  private readList(start: number, line: number): LispNode {
    this.pos++;
    this.openLists.push(start);
    const items: LispNode[] = [];
    for (;;) {
      this.skipBlank();
      if (this.atEnd()) throw new ReadError(`unbalanced parentheses: ( opened at line ${line} is never closed`, start);
      if (this.peek() === ')') {
        this.pos++;
        this.openLists.pop();
        return { kind: 'list', items, start, end: this.pos, line };
      }
      this.readingListItem = true;
      const item = this.read();
      items.push(item);
      if (item.kind === 'symbol' && item.raw === '.') this.readDottedTail(items, item.start);
    }
  }

  /** After the consing dot of a list (kept as an item `.`): one form, then the list's end, as SBCL requires. */
  private readDottedTail(items: LispNode[], dot: number): void {
    if (items.length === 1) throw new ReadError('nothing appears before . in the list: SBCL cannot read this code', dot);
    this.skipBlank();
    if (this.peek() === ')') throw new ReadError('nothing appears after . in the list: SBCL cannot read this code', dot);
    items.push(this.read());
    this.skipBlank();
    if (!this.atEnd() && this.peek() !== ')') throw new ReadError('more than one form follows . in the list (dot context error): SBCL cannot read this code', this.pos);
  }

  private readString(start: number, line: number): LispNode {
    this.pos++;
    let value = '';
    while (!this.atEnd()) {
      const c = this.text[this.pos++];
      if (c === '"') return { kind: 'string', value, start, end: this.pos, line };
      if (c === '\\') {
        if (this.atEnd()) break;
        value += this.text[this.pos++];
      } else value += c;
    }
    throw new ReadError(`string opened at line ${line} is never closed`, start);
  }

  /** `#` reader macros: the standard dispatch characters that matter for splitting forms. */
  private readDispatch(start: number, line: number): LispNode {
    this.pos++;
    let digits = '';
    while (/\d/.test(this.peek())) digits += this.text[this.pos++];
    const c = this.peek();
    if (c === '') throw new ReadError('a dispatch character was expected after #', start);
    this.pos++;
    switch (c) {
      case '\\': {
        // `#\(` or `#\Space`: one character, then the rest of a name if it continues as a token.
        this.pos++;
        while (!this.atEnd() && this.isConstituent(this.peek())) this.pos++;
        return { kind: 'char', raw: this.text.slice(start, this.pos), start, end: this.pos, line };
      }
      case '(':
        this.pos--;
        return this.prefixed('#(', start, line);
      case '+':
      case '-': {
        const counted = new Map(this.symbols);
        const feature = this.read();
        const form = this.read();
        const prefix = c === '+' ? '#+' : '#-';
        // What SBCL does not read uses no symbol: a function called only there is called by nothing.
        if (sbclSkips(prefix, feature)) {
          this.symbols.clear();
          for (const [name, count] of counted) this.symbols.set(name, count);
        }
        return { kind: 'conditional', prefix, feature, form, start, end: form.end, line };
      }
      case "'":
      case '.':
      case 'a':
      case 'A':
      case 'p':
      case 'P':
      case 's':
      case 'S':
      case 'c':
      case 'C':
      case '=':
        return this.prefixed(`#${digits}${c}`, start, line);
      default:
        // `#:sym`, `#x1F`, `#b101`, `#*101`, `#1#`: one token. Any other dispatch character
        // has no reader macro in standard Common Lisp or SBCL (`#@`, `#!`): SBCL refuses the
        // code, unless the code defines one, which it then mentions.
        if (!STANDARD_DISPATCH.test(c) && !(c === '#' && digits) && !this.ownReaderMacros && !DEFINES_READER_MACROS.test(this.text)) {
          throw new ReadError(`no reader macro is defined for #${c}: SBCL cannot read this code (write '#${c}' as it was meant, or define the macro with set-dispatch-macro-character)`, start);
        }
        while (!this.atEnd() && this.isConstituent(this.peek())) this.pos++;
        return { kind: 'symbol', name: this.text.slice(start, this.pos).toLowerCase(), raw: this.text.slice(start, this.pos), start, end: this.pos, line };
    }
  }

  /** The errors SBCL's reader signals for a token's dots and package markers (SYNTAX: see readToken). */
  private checkTokenSyntax(syntax: string, start: number, listItem: boolean): void {
    if (/^\.+$/.test(syntax)) {
      if (syntax.length > 1) throw new ReadError(`too many dots: '${syntax}' is no symbol, and SBCL cannot read this code (write |${syntax}| for a symbol)`, start);
      if (!listItem) throw new ReadError("a dot stands outside a list's tail (dot context error): SBCL cannot read this code", start);
      return;
    }
    if (NUMBER.test(syntax)) return;
    const markers = syntax.match(/:+/g) ?? [];
    const leading = syntax.startsWith(':');
    if (markers.length > 1 || markers.some((marker) => marker.length > 2)) {
      throw new ReadError(`too many colons in '${syntax}': a symbol has one package prefix (package:name or package::name), and SBCL cannot read this code`, start);
    }
    if (!leading && syntax.endsWith(':')) throw new ReadError(`'${syntax}' ends with a package marker and names no symbol: SBCL cannot read this code`, start);
  }

  private isConstituent(c: string): boolean {
    return !/\s/.test(c) && !TERMINATORS.has(c);
  }

  /** A symbol or number, with `\x` escapes and `|...|` parts kept as written. */
  private readToken(start: number, line: number, listItem = false): LispNode {
    let name = '';
    /** The token as the reader's syntax sees it: each escaped character an `x`, so only its own colons and dots count. */
    let syntax = '';
    while (!this.atEnd()) {
      const c = this.peek();
      if (c === '\\') {
        name += this.peek(1);
        syntax += 'x';
        this.pos += 2;
      } else if (c === '|') {
        const bar = this.pos;
        this.pos++;
        while (!this.atEnd() && this.peek() !== '|') name += this.text[this.pos++];
        if (this.atEnd()) throw new ReadError(`|escaped symbol| opened at line ${this.lineOf(bar)} is never closed`, bar);
        this.pos++;
        syntax += 'x';
      } else if (this.isConstituent(c)) {
        name += c.toLowerCase();
        syntax += c;
        this.pos++;
      } else break;
    }
    this.checkTokenSyntax(syntax, start, listItem);
    const raw = this.text.slice(start, this.pos);
    // Markdown reads a NUL byte as U+FFFD, as the decoder reads invalid UTF-8: in a symbol,
    // SBCL would call it an unbound variable with no word of the byte.
    const replaced = raw.indexOf('\uFFFD');
    if (replaced >= 0) throw new ReadError('a replacement character (U+FFFD) stands in the code, where the file holds a NUL byte or a byte that is no UTF-8: remove it', start + replaced);
    if (NUMBER.test(raw)) return { kind: 'number', raw, start, end: this.pos, line };
    this.symbols.set(name, (this.symbols.get(name) ?? 0) + 1);
    return { kind: 'symbol', name, raw, start, end: this.pos, line };
  }
}
