// Plain text of mdast inline content.
import type { Nodes } from 'mdast';

/**
 * Concatenated text of a node with inline markup removed. With `keepStrong`, `**bold**`
 * stays marked, because OpenSpec steps (`- **WHEN** ...`) carry their keyword in bold.
 * Inline HTML stays as written, comments too: in a step, `"</div>"` or `"<!-- build:42 -->"`
 * is the value it checks (markdown reads it as a tag, and dropping it made the step check
 * ""), and `<count>` a scenario outline's placeholder.
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
      return node.value;
    case 'strong': {
      const inner = node.children.map((child) => plainText(child, keepStrong)).join('');
      return keepStrong ? `**${inner}**` : inner;
    }
    default:
      return 'children' in node ? node.children.map((child) => plainText(child as Nodes, keepStrong)).join('') : '';
  }
}

/** The inline code spans of a node, in order: the commands and values a sentence marks as written. */
export function inlineCode(node: Nodes): string[] {
  if (node.type === 'inlineCode') return [node.value];
  return 'children' in node ? node.children.flatMap((child) => inlineCode(child as Nodes)) : [];
}
