// Last rule of the Lisp family: any other language is shown, not run.
import type { BlockRule } from './types.js';

export const otherLanguageRule: BlockRule = (block) => ({
  action: 'not-run',
  reason: `language: "${block.lang ?? ''}" blocks are not run in a Lisp verification document`,
});
