// Lisp blocks go on to the form analysis (definitions, FiveAM tests, block units).
import type { BlockRule } from './types.js';

export const LISP_LANGUAGES = new Set(['lisp', 'common-lisp', 'commonlisp', 'cl', 'sbcl']);

export const lispCodeRule: BlockRule = (block) => (block.lang !== null && LISP_LANGUAGES.has(block.lang) ? { action: 'lisp' } : null);
