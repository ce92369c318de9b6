// Readable unit names: from the heading, unique within a document.
import type { CodeBlock } from '../model/document.js';
import { labelText } from './rules/types.js';

/** The innermost heading; a block in a list item adds its item's lead paragraph ("Verification Approach: Sleep Accuracy"). */
export function blockName(block: CodeBlock): string {
  const heading = block.headingPath[block.headingPath.length - 1] ?? '';
  const label = labelText(block.label);
  const parts = [heading, block.inListItem ? label : null].filter((part): part is string => !!part);
  return parts.length > 0 ? parts.join(': ') : `block ${block.index + 1}`;
}

/** Gives repeated names a " (2)", " (3)" suffix in order. */
export function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name} (${count})`;
  });
}
