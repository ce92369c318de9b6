// A rule looks at one code block and either decides what it is or passes (null).
// A family's rules are tried in order; the first decision wins.
import type { CodeBlock } from '../../model/document.js';

export type Verdict =
  | { action: 'not-run'; reason: string }
  /** Lisp code: its forms decide between definitions, FiveAM tests and a block unit. */
  | { action: 'lisp' }
  | { action: 'json-input' };

export type BlockRule = (block: CodeBlock) => Verdict | null;

export function firstVerdict(rules: BlockRule[], block: CodeBlock): Verdict | null {
  for (const rule of rules) {
    const verdict = rule(block);
    if (verdict) return verdict;
  }
  return null;
}

/** "Input:" → "Input"; labels are written with a trailing colon. */
export function labelText(label: string | null): string | null {
  return label === null ? null : label.replace(/\s*:\s*$/, '').trim();
}
