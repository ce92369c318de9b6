// Diagnostics and attachments as HTML: each entry a labelled block, text kept
// verbatim in <pre>, long ones folded into a closed <details>, large ones cut.
import { stripVTControlCharacters } from 'node:util';
import { visibleControls } from '../control-characters.js';
import { stringify } from 'yaml';
import type { Attachment } from '../../src/model/events.js';
import { boundAttachments, isTruncatedValue } from '../../src/model/bounded.js';
/** Text longer than this, in lines or characters, is folded. */
const FOLD_LINES = 12;
const FOLD_CHARS = 1500;
/** A one-line value up to this long stands beside its label. */
const INLINE_CHARS = 120;

export function escapeHtml(text: string): string {
  // A terminal's colour codes in printed output are no text of the page: left out; other control characters are shown.
  return visibleControls(stripVTControlCharacters(text).replace(/\r\n/g, '\n')).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** A value as readable text: strings as they are, everything else as YAML. */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  return stringify(value, { lineWidth: 0 }).replace(/\n$/, '');
}

/** One labelled value; folded when long. */
export function valueBlock(label: string, value: unknown, className = 'entry'): string {
  let note = '';
  let shown = value;
  if (isTruncatedValue(value)) {
    note = ` <span class="note">(first ${value.preview.length} of ${value.totalChars} characters)</span>`;
    shown = value.preview;
  }
  const text = valueText(shown);
  const lines = text.split('\n').length;
  if (lines === 1 && text.length <= INLINE_CHARS && !note) return `<div class="${className} inline"><span class="key">${escapeHtml(label)}</span> <code>${escapeHtml(text)}</code></div>`;
  const pre = `<pre>${escapeHtml(text)}</pre>`;
  const title = `<span class="key">${escapeHtml(label)}</span>${note}`;
  if (lines > FOLD_LINES || text.length > FOLD_CHARS) {
    return `<details class="${className} folded"><summary>${title} <span class="note">${lines} lines, folded</span></summary>${pre}</details>`;
  }
  return `<div class="${className}">${title}${pre}</div>`;
}

export function diagnosticsBlock(diagnostics: Record<string, unknown> | undefined): string {
  if (!diagnostics) return '';
  const entries = Object.entries(diagnostics).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return '';
  return `<div class="diagnostics">${entries.map(([key, value]) => valueBlock(key, value)).join('')}</div>`;
}

export function attachmentsBlock(attachments: Attachment[] | undefined): string {
  if (!attachments?.length) return '';
  const blocks = boundAttachments(attachments).map((a) => valueBlock(`attachment: ${a.name}`, a.value, 'entry attachment'));
  return `<div class="attachments">${blocks.join('')}</div>`;
}
