// "**Input**" JSON followed by a Lisp block under "**Expected**" (or "Expected Output",
// "Expected Response", "Verification", "Then", "Assertions"): the Lisp block checks
// the answer to that request and reads it as `input`; so does the next Lisp block whatever
// its label when its code reads `input`. The pair stands in one section,
// the Lisp block being the next code block after the JSON one.
import type { CodeBlock } from '../../model/document.js';
import { scanForms } from '../lisp-forms.js';
import { labelText } from './types.js';

const ANSWER_LABELS = /^(expected(\s+(output|result|response|behaviou?r|answer))?|responses?|outputs?|results?|answers?|reply|returns?|verification|verify|then|assertions?|checks?)\b/i;

/** True when `block`'s label announces the check of an answer. */
export function isAnswerLabel(label: string | null): boolean {
  const text = labelText(label);
  return text !== null && ANSWER_LABELS.test(text);
}

/** True when the Lisp code uses the symbol `input` (bound nowhere else: it can only mean the request). */
export function readsInput(code: string): boolean {
  return scanForms(code, 1).symbols.has('input');
}

/** True when `answer`, a JSON block, is the answer shown for the Input block `input` just before it, in its section. */
export function showsAnswerTo(input: CodeBlock, answer: CodeBlock): boolean {
  return answer.index === input.index + 1 && announcedAnswer(input, answer);
}

function sameSection(a: CodeBlock, b: CodeBlock): boolean {
  return a.headingPath.length === b.headingPath.length && a.headingPath.every((text, i) => text === b.headingPath[i]);
}

/** ANSWER is announced as the answer to INPUT: by its label in INPUT's section, or by a heading of its own (`### Expected`) just below it. */
function announcedAnswer(input: CodeBlock, answer: CodeBlock): boolean {
  if (sameSection(input, answer)) return isAnswerLabel(answer.label);
  const heading = answer.headingPath.at(-1) ?? null;
  return answer.headingPath.length === input.headingPath.length + 1 && input.headingPath.every((text, i) => text === answer.headingPath[i]) && isAnswerLabel(heading) && (answer.label === null || isAnswerLabel(answer.label));
}

/**
 * True when `answer` is the Lisp block that answers the Input block `input` (the code
 * block just before it): its label announces a check, or its code reads `input`.
 */
export function answersInput(input: CodeBlock, answer: CodeBlock): boolean {
  return answer.index === input.index + 1 && (announcedAnswer(input, answer) || (sameSection(input, answer) && readsInput(answer.text)));
}

/**
 * True when the Lisp CODE sends the request the Input JSON states, written again rather
 * than read as `input`: it names the method (or the tool of a tools/call) and every
 * value of its arguments, as a Lisp string or number. False when the JSON does not parse
 * (the Input's own unit says so).
 */
export function restatesRequest(json: string, code: string): boolean {
  let request: { method?: unknown; params?: { name?: unknown; arguments?: unknown } };
  try {
    request = JSON.parse(json);
  } catch {
    return true;
  }
  const text = code.replace(/\\(["\\])/g, '$1').toLowerCase();
  const method = typeof request.method === 'string' ? request.method.toLowerCase() : '';
  const tool = method === 'tools/call' && typeof request.params?.name === 'string' ? request.params.name.toLowerCase() : null;
  if (tool !== null ? !text.includes(tool) : !(text.includes(method) || text.includes(method.replaceAll('/', '-')))) return false;
  const values = tool !== null && typeof request.params?.arguments === 'object' && request.params.arguments !== null ? Object.values(request.params.arguments) : [];
  return values.every((value) => typeof value !== 'string' && typeof value !== 'number' ? true : text.includes(String(value).toLowerCase()));
}
