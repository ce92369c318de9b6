// Which file names are markdown documents: .md and the other extensions markdown is saved
// with (GitHub, editors and pandoc read .markdown, .mdown, .mkd and .mkdn as markdown too),
// in any case. A document saved so in the tree runs as a .md one does, never passed over.

/** The extensions, without their dot. */
export const MARKDOWN_EXTENSIONS = ['md', 'markdown', 'mdown', 'mkd', 'mkdn'] as const;

/** A markdown extension with its dot, as a regular expression's source to build on (no capture group). */
export const MARKDOWN_EXTENSION_PATTERN = `\\.(?:${MARKDOWN_EXTENSIONS.join('|')})`;

const MARKDOWN_NAME = new RegExp(`${MARKDOWN_EXTENSION_PATTERN}$`, 'i');

export const isMarkdownName = (name: string): boolean => MARKDOWN_NAME.test(name);
