// The colours of the plots. Real and synthetic data are told apart by colour (Okabe–Ito blue and
// vermillion, safe for colour-blind readers) and by fill: real bars are solid, synthetic bars are
// striped, so that the plots also read in grey scale.
import { h, uid } from '../ui/dom';

export const REAL_COLOUR = '#0072b2';
export const SYNTHETIC_COLOUR = '#d55e00';
const SYNTHETIC_LIGHT = '#f9dcc8';
/** Bars of error (TV distances), the app's accent colour. */
export const ERROR_COLOUR = '#0b6e6e';

const SVG = 'http://www.w3.org/2000/svg';

function svgElement(tag: string, attributes: Record<string, string | number>): SVGElement {
  const element = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

/** A stripe pattern for the synthetic bars, and the render function (a Plot mark) that defines it. */
export function syntheticStripes(): { fill: string; defs: () => SVGElement } {
  const id = uid('synthetic-stripes');
  const defs = () => {
    const pattern = svgElement('pattern', {
      id,
      width: 5,
      height: 5,
      patternUnits: 'userSpaceOnUse',
      patternTransform: 'rotate(45)',
    });
    pattern.append(
      svgElement('rect', { width: 5, height: 5, fill: SYNTHETIC_LIGHT }),
      svgElement('line', { x1: 1.25, y1: 0, x2: 1.25, y2: 5, stroke: SYNTHETIC_COLOUR, 'stroke-width': 2.5 }),
    );
    const element = svgElement('defs', {});
    element.append(pattern);
    return element;
  };
  return { fill: `url(#${id})`, defs };
}

/** The key of the real/synthetic plots: a solid and a striped swatch with their names. */
export function seriesLegend(): HTMLElement {
  return h(
    'ul',
    { class: 'plot-legend', 'aria-label': 'Legend' },
    h(
      'li',
      {},
      h('span', { class: 'plot-legend__swatch', style: `background:${REAL_COLOUR}`, 'aria-hidden': 'true' }),
      'Real data (solid, left)',
    ),
    h(
      'li',
      {},
      h('span', {
        class: 'plot-legend__swatch',
        style: `background:repeating-linear-gradient(45deg,${SYNTHETIC_COLOUR} 0 2px,${SYNTHETIC_LIGHT} 2px 4px);border-color:${SYNTHETIC_COLOUR}`,
        'aria-hidden': 'true',
      }),
      'Synthetic data (striped, right)',
    ),
  );
}
