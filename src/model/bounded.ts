// Bounds on what reports carry: an attachment or a transcript can be megabytes,
// and a report must stay small enough to open. A bounded value says what it left out.

import type { Attachment } from './events.js';

/** An attachment in a report (the JSON stream, the HTML page) keeps at most this many characters. */
export const ATTACHMENT_MAX_CHARS = 64 * 1024;

/** A value cut to size: its JSON text up to the bound, and how long the whole was. */
export interface TruncatedValue {
  truncated: true;
  /** Length of the whole value's JSON text, in characters. */
  totalChars: number;
  /** The first characters of that JSON text (of the string itself, for a string). */
  preview: string;
}

/** `value` itself when its JSON text fits in `maxChars`, else a TruncatedValue whose preview fits. */
export function boundValue(value: unknown, maxChars: number): unknown {
  if (typeof value === 'string') return value.length <= maxChars ? value : truncated(value, maxChars);
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= maxChars ? value : truncated(text, maxChars);
}

function truncated(text: string, maxChars: number): TruncatedValue {
  // Never cut a surrogate pair in two.
  let end = Math.max(0, maxChars);
  if (end > 0 && end < text.length && /[\uD800-\uDBFF]/.test(text[end - 1])) end -= 1;
  return { truncated: true, totalChars: text.length, preview: text.slice(0, end) };
}

export function isTruncatedValue(value: unknown): value is TruncatedValue {
  return typeof value === 'object' && value !== null && (value as TruncatedValue).truncated === true && typeof (value as TruncatedValue).preview === 'string';
}

export function boundAttachments(attachments: Attachment[]): Attachment[] {
  return attachments.map((a) => ({ name: a.name, value: boundValue(a.value, ATTACHMENT_MAX_CHARS) }));
}
