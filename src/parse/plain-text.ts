// Plain text of mdast inline content.
import type { Nodes } from 'mdast';

/**
 * Concatenated text of a node with inline markup removed. With `keepStrong`, `**bold**`
 * stays marked, because OpenSpec steps (`- **WHEN** ...`) carry their keyword in bold.
 */
export function plainText(node: Nodes, keepStrong = false): string {
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
      return '';
    case 'strong': {
      const inner = node.children.map((child) => plainText(child, keepStrong)).join('');
      return keepStrong ? `**${inner}**` : inner;
    }
    default:
      return 'children' in node ? node.children.map((child) => plainText(child as Nodes, keepStrong)).join('') : '';
  }
}
