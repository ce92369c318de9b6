// Everyday and non-native English for the facts the lexicon reads: the same fact said with
// a verb of getting for the passive ("the container gets removed"), a verb of being there
// ("the container is no longer there"), a copula of finding out ("the code turns out to be
// 124"), a reader as the subject of seeing ("you get exit code 124"), a verb of standing in a
// place ("the notice stands before those lines", "the placeholder stands in for stderr"),
// a code "returned" (said of the code, never that the command ran to its end), a measurement
// named by being measured ("the measured duration"). Each shape is rewritten into the shape the
// lexicon and the rules read already, with the same words less those that only make the shape;
// quoted text is never rewritten, and a shape whose rewriting would drop a word of count, order
// or exactness is left as written (its step stays unread).

/** A rewriting: the shape as said, and the plain shape it says. */
export interface EverydayShape {
  said: RegExp;
  plain: string | ((...groups: string[]) => string);
}

/** Past participles the -ed/-en forms do not cover, after a verb of getting ("gets cut", "got kept"). */
const IRREGULAR_PARTICIPLES = 'cut|kept|left|shown|sent|hit|shut|run|put|set|held|told|said|read|spun|torn|thrown|brought|built|caught|dropped|made|paid|quit|spread|struck|written|given|taken|begun|killed';

/** The nouns of a code a command or spec-run ends with. */
const CODE_NOUN = String.raw`(?:exit\s+code|exit\s+status|return\s+code|status\s+code|result\s+code|status|code|rc)`;

/** A number not followed by a unit of time or of lines: a code. */
const CODE_NUMBER = String.raw`-?\d+\b(?!\s*(?:ms|s|m|h|secs?|seconds?|minutes?|hours?|lines?|bytes?|%|x)\b|[./:\d])`;

/** A number in digits or in words, as a time's count opens. */
const NUMBER_WORD = String.raw`(?:\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|half\s+a)`;

export const EVERYDAY_SHAPES: EverydayShape[] = [
  // "gets removed", "got rejected", "getting truncated", "get cut": the passive said with "get", as "is removed".
  { said: new RegExp(String.raw`\b((?:will|shall|should|must|may|might|can|could|would|to)\s+)?(?:(?:is|are|was|were|be|been)\s+)?(?:gets|get|got|getting|gotten)\s+(?=(?:[a-z]{2,}(?:ed|en)|${IRREGULAR_PARTICIPLES})\b)`, 'gi'), plain: (_w, modal: string | undefined) => (modal ? `${modal}be ` : 'is ') },
  // "the container is no longer there", "is not there", "is still there": whether it exists.
  { said: /\b(?:is|are|was|were)\s+no\s+longer\s+there\b/gi, plain: 'no longer exists' },
  { said: /\b(?:is|are|was|were)\s+(?:not|never)\s+there\b/gi, plain: 'does not remain' },
  { said: /\b(?:is|are|was|were)\s+still\s+there\b/gi, plain: 'still remains' },
  { said: /\b(?:is|are|was|were)\s+there\b(?=\s*(?:$|[,;.]|after|afterwards|any\s?more))/gi, plain: 'remains' },
  // "the code turns out to be 124", "comes out as 124", "ends up being 124": a copula of what is found.
  { said: /\b(?:turns?|turned)\s+out\s+to\s+be\b/gi, plain: 'is' },
  { said: /\b(?:comes?|came)\s+out\s+(?:as|at)\b/gi, plain: 'is' },
  { said: /\b(?:ends?|ended)\s+up\s+being\b/gi, plain: 'is' },
  // "you get exit code 124", "we expect …", "you'll receive …": the reader as the subject of seeing what the run shows.
  { said: /\b(we|you|the\s+user|the\s+developer|the\s+operator)\s+(should\s+|will\s+|would\s+|can\s+|must\s+)?(?:get|receive|expect|observe|notice)\b/gi, plain: (_w, who: string, modal: string | undefined) => `${who} ${modal ?? ''}see` },
  { said: /\b(we|you)'ll\s+(?:get|receive|see|observe|notice)\b/gi, plain: '$1 will see' },
  // "an exit code of 124 is returned", "code 2 gets returned": the code shown and handed back, never that the command ran to its end.
  { said: new RegExp(String.raw`\b(${CODE_NOUN}\s+(?:of\s+)?${CODE_NUMBER})\s+(?:is|was|gets|got|will\s+be|shall\s+be|must\s+be|should\s+be)\s+returned\b`, 'gi'), plain: '$1 is reported' },
  // "the command returns 124", "spec-run returned 2": a number returned bare is the code it exits with.
  { said: new RegExp(String.raw`\b(?:returns|returned|return|returning)\s+(?=${CODE_NUMBER})`, 'gi'), plain: 'exits with ' },
  // "the notice stands before those lines", "sits after the line": a verb of standing in a place, as the order's own verb.
  { said: /\b(?:stands|sits|lies|is\s+placed|is\s+positioned|is\s+located|is\s+situated)\s+(before|ahead\s+of|in\s+front\s+of)\b/gi, plain: 'precedes' },
  { said: /\b(?:stands|sits|lies|is\s+placed|is\s+positioned|is\s+located|is\s+situated)\s+after\b/gi, plain: 'follows' },
  // "the placeholder stands in for stderr", "takes stderr's place", "takes the place of stdout", "shows up in its place": it replaces that stream.
  { said: /\b(?:stands|stand|stood)\s+(?:in\s+)?for\b/gi, plain: 'replaces' },
  { said: /\b(?:takes|take|took)\s+the\s+place\s+of\b/gi, plain: 'replaces' },
  { said: /\b(?:takes|take|took)\s+(its|their|stdout's|stderr's)\s+place\b/gi, plain: (_w, whose: string) => `replaces ${/^(?:its|their)$/i.test(whose) ? 'it' : whose.replace(/'s$/i, '')}` },
  // "the command is still running after 2 seconds", "keeps running for 3 s", "stays alive past 1s": a state that holds at a
  // time said by a number, so the command ran at least that long (an end before it denies it). Not a state without its time.
  { said: new RegExp(String.raw`\b(?:(?:is|was|are|were)\s+still\s+(?:running|alive|going|up)|(?:keeps|kept|keep)\s+(?:running|going)|(?:continues|continued|continue)\s+(?:to\s+run|running)|(?:goes|went)\s+on\s+running|(?:stays|stayed|stay)\s+(?:alive|up))\s+(?:after|past|beyond|for)\s+(?=${NUMBER_WORD})`, 'gi'), plain: 'runs for at least ' },
  // "the measured duration", "the measured time": what was measured of the run is its elapsed time.
  { said: /\bmeasured\s+(duration|time|runtime|run\s+time|elapsed\s+time|wall\s+time)\b/gi, plain: '$1' },
];

/** SPAN (a part of a sentence outside quotes) with every everyday shape in the plain shape it says. */
export function inEverydayShape(span: string): string {
  return EVERYDAY_SHAPES.reduce((text, { said, plain }) => (typeof plain === 'string' ? text.replace(said, plain) : text.replace(said, plain)), span);
}
