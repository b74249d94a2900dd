// The utility report as one standalone HTML file: a header that says it is for the owner's eyes
// only, the privacy receipt, and the report as the page shows it, its plots as the SVG the page
// drew. Minimal inline CSS, no script, nothing to fetch (its Content-Security-Policy forbids it),
// so it opens offline in any browser. It holds no synthetic or real rows: only the aggregates the
// report already shows. Every text and attribute value is escaped here (column names and category
// labels come from the user's schema).
import type { SynthesisResult } from 'privsynth';

import { findMechanismUi } from '../mechanisms/registry';
import { definitionList, h } from '../ui/dom';
import { formatDecimal, formatInteger } from '../ui/format';
import { receiptView } from './receipt-view';
import { distinct } from './report-view';

const EYES_ONLY = 'Computed on your real data: for your eyes only. Do not publish this report.';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe in HTML element content and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]);
}

/** Nothing may load or run anything; the styles are inline (<style> and the plots' style attributes). */
const CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

/** The colours of style.css, and only the rules the receipt and the report use (a mechanism's own: ReportUi.exportCss). */
const CSS = `
:root{--ink:#1c2430;--ink-soft:#4a5565;--line:#d9dee5;--accent-dark:#084f4f;--danger:#b3261e;--warning:#8a5a00;--warning-soft:#fff4d6;--ok:#1e6b35;--ok-soft:#e6f4ea;--private:#d5a531;
font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;color:var(--ink);background:#f6f7f9}
body{max-width:72rem;margin:0 auto;padding:1rem 1.25rem 2rem}
h1,h2,h3,h4,h5{line-height:1.25;margin:1rem 0 .5rem}
h1,h3{color:var(--accent-dark)}
pre,code{font-family:ui-monospace,'SFMono-Regular',Menlo,Consolas,'Liberation Mono',monospace;font-size:.8rem}
.banner{border-radius:10px;padding:.9rem 1.1rem;margin:0 0 1rem;background:var(--danger);color:#fff;font-size:1.05rem}
.banner ul{margin:.25rem 0 0}
.result-card{background:#fff;border:1px solid var(--line);border-radius:10px;padding:1rem;margin:0 0 1rem}
.result-card--private{border:2px solid var(--private);background:#fffdf6}
.hint,.plot__note,caption,.facts dt,.metric__label,.metric__note{color:var(--ink-soft)}
.hint,.plot__note{font-size:.875rem;margin:.25rem 0 0}
.eyes-only,.notice--warning{background:var(--warning-soft);color:var(--warning);border-radius:6px;padding:.5rem .75rem}
.field-error{color:var(--danger);font-weight:600}
.verdict{border-radius:6px;padding:.6rem .9rem;margin-bottom:.75rem}
.verdict p,.verdict ul{margin:.15rem 0}
.verdict__title{font-weight:700;font-size:1.1rem}
.verdict--ok{background:var(--ok-soft);color:var(--ok)}
.verdict--danger{background:var(--danger);color:#fff}
.facts{margin:0}
.facts__row{display:grid;grid-template-columns:minmax(8rem,13rem) 1fr;gap:.75rem;padding:.3rem 0;border-bottom:1px solid #eef1f4}
.facts dt{font-weight:600}
.facts dd{margin:0;overflow-wrap:anywhere}
.metrics{display:grid;grid-template-columns:repeat(auto-fit,minmax(8rem,1fr));gap:.5rem;margin:.75rem 0}
.metric{background:#fff;border:1px solid var(--line);border-radius:6px;padding:.5rem .75rem}
.metric p{margin:0}
.metric__value{font-size:1.4rem;font-weight:700}
.metric__label{font-size:.85rem}
.metric__note{font-size:.75rem}
.table-scroll,.plot__host{overflow-x:auto;max-width:100%;margin:.75rem 0}
table{border-collapse:collapse;width:100%;font-size:.875rem;font-variant-numeric:tabular-nums}
caption{text-align:left;padding-bottom:.4rem}
th,td{text-align:left;padding:.3rem .6rem;border-bottom:1px solid #eef1f4}
thead th{background:#eef2f5}
.numeric{text-align:right}
.tv-bar{display:inline-block;width:calc(var(--share)*5rem);height:.6rem;margin-right:.5rem;border-radius:2px;background:var(--private)}
.plot{margin:1rem 0;padding:.75rem;background:#fff;border:1px solid var(--line);border-radius:6px}
.plot__title{font-weight:700;margin-bottom:.5rem}
.plot .field label{font-weight:600;margin-right:.5rem}
.plot-legend{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;list-style:none;padding:0;margin:.5rem 0;font-size:.875rem}
.plot-legend li{display:flex;align-items:center;gap:.4rem}
.plot-legend__swatch{width:1.5rem;height:.9rem;border:1.5px solid transparent;border-radius:2px}
.heatmaps{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start}
.heatmap{margin:0}
.heatmap__title{font-weight:600;font-size:.9rem}
.tag{display:inline-block;padding:0 .5rem;border-radius:999px;font-size:.8rem;font-weight:600;background:#eef2f5}
.tag--ok{background:var(--ok-soft);color:var(--ok)}
details summary{cursor:pointer;color:var(--accent-dark);font-weight:600;margin-top:.75rem}
details pre{background:#f3f5f8;border-radius:6px;padding:.75rem;overflow:auto}
`;

/** HTML elements written without an end tag. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/** HTML elements left out: nothing that runs, loads or takes input (a <select> becomes its choice). */
const LEFT_OUT = new Set([
  'script',
  'noscript',
  'template',
  'style',
  'link',
  'meta',
  'iframe',
  'frame',
  'object',
  'embed',
  'img',
  'picture',
  'audio',
  'video',
  'source',
  'input',
  'textarea',
  'canvas',
]);

/** Attributes that would point outside the file, run code, or point at a control that is gone. */
function kept(attribute: Attr): boolean {
  const { name, value } = attribute;
  if (name === 'xmlns' || name.startsWith('xmlns:') || name.startsWith('on') || name === 'for') return false;
  if (name === 'src' || name === 'srcset' || name === 'href' || name.endsWith(':href')) return value.startsWith('#');
  return true;
}

/**
 * `node` as HTML text, every text and attribute value escaped by escapeHtml (outerHTML would leave
 * quotes in text as they are). SVG elements keep their names' case (viewBox, clipPath); the HTML
 * parser puts inline SVG in its namespace without xmlns. A select becomes the text of its choice,
 * a button (the table's sort buttons) its label.
 */
function serialize(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return escapeHtml(node.textContent ?? '');
  if (!(node instanceof Element)) return '';
  const svg = node instanceof SVGElement;
  const name = node.localName;
  if (!svg && LEFT_OUT.has(name)) return '';
  if (node instanceof HTMLSelectElement)
    return `<span class="selected">${escapeHtml(node.selectedOptions[0]?.textContent ?? '')}</span>`;
  if (node instanceof HTMLButtonElement) return [...node.childNodes].map(serialize).join('');
  const attributes = [...node.attributes]
    .filter(kept)
    .map((attribute) => ` ${attribute.name}="${escapeHtml(attribute.value)}"`)
    .join('');
  const children = [...node.childNodes].map(serialize).join('');
  if (!svg && VOID.has(name)) return `<${name}${attributes}>`;
  if (svg && children === '') return `<${name}${attributes}/>`;
  return `<${name}${attributes}>${children}</${name}>`;
}

export interface ReportExportOptions {
  result: SynthesisResult;
  /** The report as drawn on the page (reportView of result.report), plots included. */
  reportElement: Element;
  /** The input's name, e.g. "adult.csv (bundled Adult sample)". */
  inputName: string;
  /** When the run finished. */
  finishedAt: Date;
}

function header({ result, inputName, finishedAt }: ReportExportOptions): HTMLElement {
  const { receipt } = result;
  const { privacy } = receipt;
  const delta = (value: number) => (value ? `, δ = ${value}` : '');
  // The headline is the whole release's; with a privately discovered schema, say how it splits.
  const { thisRun, domainDiscovery } = privacy;
  const split =
    thisRun && domainDiscovery
      ? `; this run ε = ${formatDecimal(thisRun.epsilonSpent, 6)}${delta(thisRun.delta)}, the schema’s private discovery ε = ${formatDecimal(domainDiscovery.epsilon, 6)}${delta(domainDiscovery.delta)}`
      : '';
  return h(
    'header',
    {},
    h(
      'p',
      { class: 'banner', 'data-testid': 'export-eyes-only' },
      h('strong', {}, EYES_ONLY),
      ' The privacy receipt below may be published with the synthetic data; this report may not: its figures and plots describe your real rows.',
    ),
    receipt.private
      ? null
      : h(
          'div',
          { class: 'banner', 'data-testid': 'export-not-private' },
          h('strong', {}, 'NOT PRIVATE: this release is not private.'),
          h('ul', {}, ...receipt.notPrivateReasons.map((reason) => h('li', {}, reason))),
        ),
    h('h1', {}, `Utility report: ${inputName}`),
    definitionList([
      ['Input', inputName],
      [
        'Run finished',
        h(
          'time',
          { datetime: finishedAt.toISOString() },
          finishedAt.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'long' }),
        ),
      ],
      ['Mechanism', receipt.mechanism.title],
      [
        'Privacy',
        `ε = ${formatDecimal(privacy.epsilonSpent, 6)}${delta(privacy.delta)} (${privacy.definition}${split})${receipt.private ? '' : ': NOT PRIVATE'}`,
      ],
      ['Schema', `${receipt.schema.name} (${receipt.schema.provenance})`],
      [
        'Rows',
        `${formatInteger(result.report.rows.synthetic)} synthetic${distinct(result.report.rows.distinctSynthetic)}, from ${formatInteger(result.report.rows.real)} real`,
      ],
      ['Software', `${receipt.software.name} ${receipt.software.version}`],
    ]),
    h(
      'p',
      { class: 'hint' },
      'The plots with a selector show the column or the pair of columns chosen on the page when this file was saved.',
    ),
  );
}

/** The standalone HTML document. */
export function reportHtml(options: ReportExportOptions): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(CSP)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(`Utility report: ${options.inputName} (for your eyes only)`)}</title>`,
    `<style>${CSS}${findMechanismUi(options.result.receipt.mechanism.name)?.report?.exportCss ?? ''}</style>`,
    '</head>',
    '<body>',
    serialize(header(options)),
    '<main>',
    serialize(receiptView(options.result.receipt)),
    // The element on the page itself (not a copy, which would lose the selectors' current choice).
    serialize(options.reportElement),
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
