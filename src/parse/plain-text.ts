// Plain text of mdast inline content.
import type { Nodes } from 'mdast';

/** `<name>` as markdown reads it, as inline HTML: in a step, a scenario outline's placeholder. */
const PLACEHOLDER = /^<[A-Za-z_][\w -]*>$/;

/**
 * Concatenated text of a node with inline markup removed. With `keepStrong`, `**bold**`
 * stays marked, because OpenSpec steps (`- **WHEN** ...`) carry their keyword in bold;
 * with `keepPlaceholders` (the default with `keepStrong`), a scenario outline's
 * `<placeholder>` stays, in a step or in the cells of its table.
 */
export function plainText(node: Nodes, keepStrong = false, keepPlaceholders = keepStrong): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
      return node.value;
    case 'break':
      return '\n';
    case 'image':
    case 'imageReference':
      return node.alt ?? '';
    case 'html':
      return keepPlaceholders && PLACEHOLDER.test(node.value) ? node.value : '';
    case 'strong': {
      const inner = node.children.map((child) => plainText(child, keepStrong, keepPlaceholders)).join('');
      return keepStrong ? `**${inner}**` : inner;
    }
    default:
      return 'children' in node ? node.children.map((child) => plainText(child as Nodes, keepStrong, keepPlaceholders)).join('') : '';
  }
}

/** The inline code spans of a node, in order: the commands and values a sentence marks as written. */
export function inlineCode(node: Nodes): string[] {
  if (node.type === 'inlineCode') return [node.value];
  return 'children' in node ? node.children.flatMap((child) => inlineCode(child as Nodes)) : [];
}
