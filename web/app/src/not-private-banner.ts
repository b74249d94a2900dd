// A red banner that stays visible while a schema read from the data is in use.
import { NOT_PRIVATE_WARNING } from 'privsynth';

import { h, show } from './dom';
import type { Store } from './store';

export function notPrivateBanner(store: Store): HTMLElement {
  const banner = h(
    'div',
    { class: 'banner banner--danger', 'data-testid': 'not-private-banner', role: 'status', hidden: true },
    h('strong', { class: 'banner__title' }, 'Not private. '),
    NOT_PRIVATE_WARNING,
    ' The synthetic data and its receipt will be labelled not private. For a private release, use a schema whose domains come from documentation, not from the records.',
  );
  store.watch((state) => [state.schema], ({ schema }) => show(banner, schema?.kind === 'inferred'));
  return banner;
}
