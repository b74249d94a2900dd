// A red banner that stays visible while the next run would be labelled not private: a schema read
// from the data is in use, or one from a discovery that is not private (its discovery's
// notPrivateReasons, e.g. a fixed test seed), or an option of the run was chosen by looking at the
// data (the run's choicesFromData, e.g. an option picked from a comparison on the real data).
import { NOT_PRIVATE_WARNING } from 'privsynth';

import { h, replaceChildren, show } from '../ui/dom';
import { formatList } from '../ui/format';
import type { Store } from '../store';

export function notPrivateBanner(store: Store): HTMLElement {
  const inferred = h(
    'span',
    { 'data-testid': 'not-private-schema' },
    NOT_PRIVATE_WARNING,
    ' The synthetic data and its receipt will be labelled not private. For a private release, use a schema whose domains come from documentation, not from the records.',
  );
  const discovered = h('span', { 'data-testid': 'not-private-discovery' });
  const chosen = h('span', { 'data-testid': 'not-private-choices' });
  const banner = h(
    'div',
    { class: 'banner banner--danger', 'data-testid': 'not-private-banner', role: 'status', hidden: true },
    h('strong', { class: 'banner__title' }, 'Not private. '),
    inferred,
    discovered,
    chosen,
  );
  store.watch(
    (state) => [state.schema, state.parameters],
    ({ schema, parameters }) => {
      const choices = parameters?.choicesFromData ?? [];
      show(inferred, schema?.kind === 'inferred');
      const reasons =
        schema?.schema.provenance === 'dp-discovered' ? (schema.schema.discovery?.notPrivateReasons ?? []) : [];
      replaceChildren(
        discovered,
        reasons.length
          ? ` The schema comes from a discovery that is not private: ${formatList(reasons)}. The synthetic data and its receipt will be labelled not private.`
          : '',
      );
      show(discovered, reasons.length > 0);
      replaceChildren(
        chosen,
        choices.length
          ? ` Chosen by looking at your real data without privacy: ${formatList(choices)}. The output of the run will be labelled not private; its receipt says why.`
          : '',
      );
      show(chosen, choices.length > 0);
      show(banner, schema?.kind === 'inferred' || reasons.length > 0 || choices.length > 0);
    },
  );
  return banner;
}
