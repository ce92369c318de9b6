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

/** Inline markup whose marks a writer's text keeps as written: `*x*`, `__x__`, `~~x~~`, `[x](url)`. */
const MARKUP = new Set(['emphasis', 'strong', 'delete', 'link', 'linkReference']);

/**
 * The text of a node as its writer wrote it, taken from SOURCE by position: emphasis, strong,
 * strike-through, links and images keep their marks (`2*3*4` is no emphasis to a step's
 * definition, which matches the sentence as written). A backslash escape is the character it
 * escapes (`\*` is `*`) and a character reference the character (`&amp;` is `&`): markdown's
 * ways of writing a character as itself. A code span is its text, as plainText gives it (its
 * spans are listed apart); a hard break a line break; HTML as written.
 */
export function writtenText(node: Nodes, source: string): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
    case 'html':
      return node.value;
    case 'break':
      return '\n';
    default:
      break;
  }
  const children = 'children' in node ? (node.children as Nodes[]) : [];
  const [start, end] = [node.position?.start.offset, node.position?.end.offset];
  const inner = children.map((child) => writtenText(child, source)).join('');
  if (!MARKUP.has(node.type) && !(children.length === 0 && /^(image|imageReference|footnoteReference)$/.test(node.type))) return inner;
  if (start === undefined || end === undefined) return plainText(node);
  if (children.length === 0) return source.slice(start, end);
  // The marks before the first child and after the last: `*`, `**`, `[`, `](url "title")`.
  const [first, last] = [children[0].position?.start.offset, children.at(-1)!.position?.end.offset];
  return first === undefined || last === undefined ? plainText(node) : `${source.slice(start, first)}${inner}${source.slice(last, end)}`;
}

/** The inline code spans of a node, in order: the commands and values a sentence marks as written. */
export function inlineCode(node: Nodes): string[] {
  if (node.type === 'inlineCode') return [node.value];
  return 'children' in node ? node.children.flatMap((child) => inlineCode(child as Nodes)) : [];
}
