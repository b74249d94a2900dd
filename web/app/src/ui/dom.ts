// A few DOM helpers, so that the panels can build their markup without a UI framework.

type Child = Node | string | number | null | undefined | false;
type Listener = (event: Event) => void;
export type Attributes = Record<string, string | number | boolean | Listener | null | undefined>;

/**
 * Creates an element. Attribute values: `true` sets an empty attribute, `false`/null/undefined
 * leave it out, functions on `onxxx` keys become event listeners, `class` may hold several names.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (typeof value === 'function') {
      element.addEventListener(key.slice(2).toLowerCase(), value);
    } else {
      element.setAttribute(key, value === true ? '' : String(value));
    }
  }
  append(element, ...children);
  return element;
}

export function append(parent: Element, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child instanceof Node ? child : String(child));
  }
}

/** Replaces all children of an element. */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, ...children);
}

export function show(element: HTMLElement, visible: boolean): void {
  element.hidden = !visible;
}

let nextId = 0;

/** A unique id for label/aria wiring. */
export function uid(prefix: string): string {
  nextId += 1;
  return `${prefix}-${nextId}`;
}

/** A titled card that holds one step of the form. */
export function panel(title: string, testId: string, ...children: Child[]): HTMLElement {
  const headingId = uid('heading');
  return h(
    'section',
    { class: 'panel', 'aria-labelledby': headingId, 'data-testid': testId },
    h('h3', { id: headingId, class: 'panel__title' }, title),
    ...children,
  );
}

/** A two-column definition list from label/value pairs (values may be nodes). */
export function definitionList(rows: Array<[string, Child]>, className = 'facts'): HTMLDListElement {
  const list = h('dl', { class: className });
  for (const [term, value] of rows) {
    list.append(h('div', { class: `${className}__row` }, h('dt', {}, term), h('dd', {}, value)));
  }
  return list;
}

/** A simple table with a caption, column headers and text cells. */
export function table(caption: string, headers: string[], rows: Child[][], className = 'data-table'): HTMLElement {
  return h(
    'div',
    { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': caption },
    h(
      'table',
      { class: className },
      h('caption', {}, caption),
      h('thead', {}, h('tr', {}, ...headers.map((header) => h('th', { scope: 'col' }, header)))),
      h('tbody', {}, ...rows.map((cells) => h('tr', {}, ...cells.map((cell) => h('td', {}, cell))))),
    ),
  );
}
