// The frame around every plot: a figure whose caption is its title (and accessible name), optional
// controls, a host that scrolls sideways when the plot is wider than the card, and a sentence on
// what to look for. The plot is drawn for the host's width, so it waits until the host is laid
// out (the report is built before it is shown); until then the host keeps the plot's height free.
import { h, replaceChildren, uid } from '../ui/dom';
import { FONT_SIZE } from './labels';

export interface PlotFrameOptions {
  testId: string;
  title: string;
  note: string;
  /** Builds the plot for a host `width` px wide. */
  render: (width: number) => Node;
  /** The expected height of the plot (px), kept free until it is drawn. */
  height: number;
  /** Selectors and legends shown between the title and the plot. */
  controls?: Node[];
}

export interface PlotFrame {
  element: HTMLElement;
  /** Draws the plot again (after a selector changed). */
  redraw(): void;
}

export function plotFrame(options: PlotFrameOptions): PlotFrame {
  const titleId = uid('plot-title');
  const host = h('div', {
    class: 'plot__host',
    tabindex: 0,
    role: 'group',
    'aria-labelledby': titleId,
    style: `min-height:${options.height}px`,
  });
  const draw = () => {
    const width = host.clientWidth;
    if (width === 0) {
      observer.observe(host);
      return;
    }
    observer.disconnect();
    replaceChildren(host, titlesBesideText(withoutGroupLabels(options.render(width))));
    host.style.minHeight = '';
  };
  const observer = new ResizeObserver(() => {
    if (host.clientWidth > 0) draw();
  });
  const element = h(
    'figure',
    { class: 'plot', 'data-testid': options.testId },
    h('figcaption', { class: 'plot__title', id: titleId }, options.title),
    ...(options.controls ?? []),
    host,
    h('p', { class: 'plot__note' }, options.note),
  );
  draw();
  return { element, redraw: draw };
}

/**
 * Observable Plot names its mark groups with aria-label ("bar", "rule"), which ARIA does not allow
 * on an element without a role (axe: aria-prohibited-attr). The figure's caption and the SVG's own
 * label name the plot; a group's name moves to data-mark (tests and styles find marks by it).
 */
function withoutGroupLabels(plot: Node): Node {
  if (plot instanceof Element) {
    for (const group of plot.querySelectorAll('g[aria-label], g[aria-description]')) {
      const name = group.getAttribute('aria-label');
      if (name !== null) group.setAttribute('data-mark', name);
      group.removeAttribute('aria-label');
      group.removeAttribute('aria-description');
    }
  }
  return plot;
}

/**
 * A tick label's tooltip (its full name) is a <title> inside its <text>, where it would join the
 * label's own text (textContent, what assistive technology reads). Each such label moves into a
 * group of its own that holds the title: the same tooltip, and the text is the label alone.
 */
function titlesBesideText(plot: Node): Node {
  if (plot instanceof Element) {
    for (const title of plot.querySelectorAll('text > title')) {
      const text = title.parentElement!;
      const group = document.createElementNS('http://www.w3.org/2000/svg', 'g');
      text.replaceWith(group);
      group.append(title, text);
    }
  }
  return plot;
}

/**
 * The inline style of a plot `width` px wide in a host `available` px wide: drawn for the host, it
 * scales down if the host narrows; wider than the host, it keeps its size and the host scrolls.
 */
export function plotStyle(width: number, available: number): Partial<CSSStyleDeclaration> {
  return { fontSize: `${FONT_SIZE}px`, ...(width > available ? { maxWidth: 'none' } : {}) };
}
