// A reading keeps the place its sentence says a text stands in. "The notice `x` is shown after the
// retained lines", "… is shown as the last line of the output", "… appears before the lines kept":
// a place in the order of the report's lines, which a fact of a notice or a text that reads only
// that the text is shown drops, binding the sentence to a weaker reading (the text anywhere). A
// sentence that says such a place, where no check of its reading holds an order or a place, is left
// unread with the place's words named as not understood.

/** The lines of a command's output a place is said against: "the retained lines", "the lines shown", "the output". */
const LINES = String.raw`(?:the\s+)?(?:(?:retained|shown|kept|printed|visible|remaining|output|other)\s+)?(?:output\s+)?lines(?:\s+(?:retained|shown|kept|printed))?`;

/** A place in the order of the report's lines said of a text: against the output's lines, or as its first or last line. */
const PLACE_SAID = new RegExp(
  [
    String.raw`\b(?:after|before|below|above|beneath|under|following|preceding|ahead\s+of|ahead\s+of|in\s+front\s+of)\s+${LINES}\b`,
    String.raw`\bas\s+(?:the\s+)?(?:last|first|final|closing|opening|top|bottom)\s+line\b`,
    String.raw`\bat\s+the\s+(?:very\s+)?(?:end|top|bottom|start|beginning)\s+of\s+(?:the\s+)?(?:output|report|block)\b`,
  ].join('|'),
  'i',
);

/** Words of a check's interpretation that say an order or a place. */
const PLACE_HELD = /\b(?:after|before|last|first|follows|precedes|order|ends?\s+with|begins?\s+with|under|stands)\b/i;

/** The words of the place SENTENCE says (outside quotes) that none of the checks' TEXTS holds, or []. */
export function placeDropped(sentence: string, texts: readonly string[]): string[] {
  const said = PLACE_SAID.exec(sentence.replace(/`[^`]*`|“[^”]*”|"[^"]*"/g, '``'));
  if (said === null) return [];
  return texts.some((text) => PLACE_HELD.test(text.replace(/"(?:[^"\\]|\\.)*"/g, '""'))) ? [] : [said[0]];
}

/**
 * A sequence said between the parts of a sentence: "…, and then `x`", "followed by", "after that", "and finally". Not before
 * a verb of ending ("prints `x` and then fails"): a command ends after all it prints, which its end's check holds already.
 */
const ENDING = String.raw`(?!\s+(?:it\s+|the\s+command\s+)?(?:fails?|exits?|ends?|finish(?:es)?|succeeds?|returns?|dies|die|times?\s+out|(?:is|are|gets?)\s+(?:killed|stopped|terminated))\b)`;
const SEQUENCE_SAID = new RegExp(String.raw`(?:\band\s+then|,\s*then|\bfollowed\s+by|\bafter\s+that|\band\s+finally)\b${ENDING}`, 'i');

/** Words of a check's interpretation that hold an order between two things (a first place alone holds none). */
const ORDER_HELD = /\b(?:order|after|before|follows|precedes|followed|then|next|consecutive|line\s+by\s+line|ends?\s+with|last)\b/i;

/**
 * "The report opens with `a`, shows `b` and then `c`": the words of a sequence SENTENCE says (outside quotes) where none
 * of the checks' TEXTS holds an order, or []. Read as its parts alone, the sentence would pass with `c` anywhere.
 */
export function orderDropped(sentence: string, texts: readonly string[]): string[] {
  const said = SEQUENCE_SAID.exec(sentence.replace(/`[^`]*`|“[^”]*”|"[^"]*"/g, '``'));
  if (said === null) return [];
  return texts.some((text) => ORDER_HELD.test(text.replace(/"(?:[^"\\]|\\.)*"/g, '""'))) ? [] : [said[0]];
}
