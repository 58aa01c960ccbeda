// CSV export of a chart's numbers: built in the page from the data the chart was drawn from, handed
// to the browser as a Blob URL (a download, not a fetch: the Content-Security-Policy's connect-src
// stays 'self'), and revoked once the download has started. Nothing leaves the page.

import { h } from './dom.js';

/**
 * One cell (RFC 4180): numbers in full precision (the chart's, not the rounded label's), empty for
 * none, text quoted where it holds a comma, quote or line break. Text that a spreadsheet would take
 * for a formula (starting with =, +, -, @, tab or carriage return) is prefixed with an apostrophe
 * (OWASP's advice on CSV injection); action ids and reasons are an operator's text, not ours.
 */
export function cell(v) {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  let text = String(v);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The CSV text of a header row and rows, lines ended by CRLF. */
export function csvText(headers, rows) {
  return [headers, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** A file name from its parts: letters, digits, dot, dash and underscore only. */
export const fileName = (...parts) => `${parts.join('-').replace(/[^A-Za-z0-9._-]+/g, '_')}.csv`;

/**
 * A button that downloads a chart's numbers: {label, file, headers, rows}. The CSV is built when the
 * button is pressed, from the rows the chart was drawn from.
 */
export function downloadButton({ label, file, headers, rows }) {
  const button = h('button', { type: 'button', class: 'download', 'data-csv': file,
    title: `Download the numbers of this chart as ${file}` }, `Download CSV: ${label}`);
  button.addEventListener('click', () => {
    const url = URL.createObjectURL(new Blob([csvText(headers, rows)], { type: 'text/csv;charset=utf-8' }));
    const link = h('a', { href: url, download: file, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  });
  return button;
}

/** The download buttons of a panel's charts, in one row. */
export function downloads(list) {
  return h('div', { class: 'downloads' }, list.map(downloadButton));
}
