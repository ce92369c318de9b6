// The parts of a command's report in the writer's words. spec-run exec prints, per command, a block that opens
// with the line `[i/n] host: … (timeout …)` and goes on with the verdict (`OK: …` or `Error: …`), the command's
// facts and its output. Writers name that block "the second command's block", "the section for each command",
// "the command's entry in the report", and its opening line "the heading of the first command", "the last
// command's banner", "the title line for the command". Each is said here in the interpreter's own words (the
// command's report, its header), so every rule keyed on those reads the writer's sentence the same way; a part
// said of anything but a command ("the `To fix:` block", "the heading of the report") is left as written.

/** A command, as the executor's words name it after own-terms.ts has placed it ("the second command", "each command"). */
const COMMAND = String.raw`(?:the\s+(?:(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|next|previous|failing|failed|passing|timed-out|same)\s+)?command|(?:each|every|a|one)\s+command)`;
/** A command's opening line: heading, banner, title (line), announcement; a start or progress only as a line ("the start of the first command" is a time). */
const HEADING = String.raw`(?:(?:heading|banner|title|header|announcement)(?:\s+line)?|(?:progress|start)\s+line)`;
/** The whole block of a command in the report. */
const BLOCK = String.raw`(?:report\s+)?(?:block|section|entry|paragraph)`;
/** A command's verdict line, by the words for its result. */
const VERDICT = String.raw`(?:result|outcome)\s+line`;
/** Says the report the part is in, which the part already is: "in the report", "of the output". */
const IN_REPORT = String.raw`(?:\s+(?:in|of|within)\s+(?:the\s+)?(?:report|output|console\s+output))?`;
/** The part's place is what the part is of: "of", "for", "about". */
const OF = String.raw`\s+(?:of|for|about)\s+`;

/** Each way a part of a command is said, and the part it is in the executor's words. */
const PARTS: [RegExp, string][] = [
  [new RegExp(String.raw`\b(${COMMAND})['’]s\s+(?:${HEADING})\b`, 'gi'), 'header'],
  [new RegExp(String.raw`\bthe\s+(?:${HEADING})${OF}(${COMMAND})(?:['’]s\s+(?:report|${BLOCK}))?\b${IN_REPORT}`, 'gi'), 'header'],
  [new RegExp(String.raw`\b(${COMMAND})['’]s\s+${BLOCK}\b${IN_REPORT}`, 'gi'), 'report'],
  [new RegExp(String.raw`\bthe\s+${BLOCK}${OF}(${COMMAND})\b${IN_REPORT}`, 'gi'), 'report'],
  [new RegExp(String.raw`\b(${COMMAND})['’]s\s+${VERDICT}\b`, 'gi'), 'verdict line'],
  [new RegExp(String.raw`\bthe\s+${VERDICT}${OF}(${COMMAND})\b`, 'gi'), 'verdict line'],
];

/** "The heading of the first command" opens a sentence as "The first command's header" does. */
const sameOpening = (written: string, command: string) => (/^The\b/.test(written) ? command.replace(/^the\b/, 'The') : command.replace(/^The\b/, 'the'));

/** TEXT (outside quotes) with each part of a command's report said as the executor's words say it. */
export function inReportParts(text: string): string {
  return PARTS.reduce((said, [pattern, part]) => said.replace(pattern, (written: string, command: string) => `${sameOpening(written, command)}'s ${part}`), text);
}
