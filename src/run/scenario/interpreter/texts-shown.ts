// Which of a Then's quoted texts it says are there: "shows the lines `1` to `5`, and not `6`" says `1` and `5` are
// shown and `6` is not. What a later step's "them", "that" or "it is followed by" stands after is what was said
// shown, never a text the step denied.

/** A word of denial: "not `6`", "no `x`", "never `y`", "nor `z`", "without `w`", "doesn't show `v`", "nothing from `4` on". */
const DENIAL = /\b(?:not|no|never|nor|neither|none|nothing|without|except|excluding)\b|n't\b/i;
/** A denial said after the text: "`6` is not shown", "`6` isn't", "`6` never appears". */
const DENIED_AFTER = /^\s*(?:(?:is|are|was|were|does|do|should|must|shall|will)\s+(?:not|never)\b|(?:isn't|aren't|wasn't|weren't|doesn't|don't|shouldn't|mustn't|won't)\b|never\b|(?:is|are)\s+(?:absent|missing|gone|left\s+out|omitted)\b)/i;
/** What starts a clause of its own: a denial before it is not said of what follows. */
const CLAUSE_BREAK = /(?:[,;]|\bbut\b|\band\b|\bwhile\b|\bwhereas\b|\bthen\b)(?!.*(?:[,;]|\bbut\b|\band\b|\bwhile\b|\bwhereas\b|\bthen\b))/i;
/** Words that only join two texts: the second is said as the first is ("not `6` or `7`"). */
const JOINING = /^\s*(?:,|or|and|nor|,\s*(?:or|and|nor))?\s*$/i;

/** The texts in code marks of SENTENCE that it says are there: those it denies left out, in order. */
export function textsSaidShown(sentence: string): string[] {
  const spans = [...sentence.matchAll(/`([^`]*)`/g)];
  const denied: boolean[] = [];
  spans.forEach((span, i) => {
    const from = i === 0 ? 0 : spans[i - 1].index! + spans[i - 1][0].length;
    const between = sentence.slice(from, span.index);
    const upTo = spans[i + 1]?.index ?? sentence.length;
    const after = sentence.slice(span.index! + span[0].length, upTo);
    if (i > 0 && JOINING.test(between)) denied.push(denied[i - 1] || DENIED_AFTER.test(after));
    else {
      const clause = between.slice((CLAUSE_BREAK.exec(between)?.index ?? -1) + 1);
      denied.push(DENIAL.test(clause) || DENIED_AFTER.test(after));
    }
  });
  return spans.filter((_, i) => !denied[i]).map((span) => span[1]);
}
