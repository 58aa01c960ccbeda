// Building HTML from data without innerHTML: every value becomes text, never markup.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') el.className = v;
    else if (k in el && typeof v !== 'string') el[k] = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) {
    if (c !== undefined && c !== null && c !== false) el.append(c);
  }
  return el;
}

/** A table with a header row and one row per item; cells are text or nodes. */
export function table(caption, headers, rows) {
  return h('table', {},
    h('caption', {}, caption),
    h('thead', {}, h('tr', {}, headers.map((x) => h('th', { scope: 'col' }, x)))),
    h('tbody', {}, rows.map((r) => h('tr', {}, r.map((c, i) => (i === 0 ? h('th', { scope: 'row' }, c) : h('td', {}, c)))))));
}

/** The numbers behind a chart, folded away under the chart. */
export function dataTable(caption, headers, rows) {
  return h('details', { class: 'data' }, h('summary', {}, 'Show the numbers'), table(caption, headers, rows));
}

/** A colour key: [{label, colour}] or [{label, kind}] (a CSS class). */
export function legend(items) {
  return h('ul', { class: 'legend' }, items.map((i) => {
    const swatch = h('span', { class: `swatch ${i.kind ?? ''}`, 'aria-hidden': 'true' });
    if (i.colour) swatch.style.background = i.colour;
    return h('li', {}, swatch, i.label);
  }));
}
