// The progress of a running synthesis: phase, bar (indeterminate when the fraction is unknown),
// detail text, elapsed time and the list of phases.
import type { Progress } from 'privsynth';

import { h, replaceChildren, uid } from '../ui/dom';
import { formatSeconds } from '../ui/format';
import { PHASE_LABELS, PHASES } from './phases';

export interface ProgressView {
  element: HTMLElement;
  reset(): void;
  update(progress: Progress): void;
  setElapsed(milliseconds: number): void;
}

export function progressView(cancelButton: HTMLButtonElement): ProgressView {
  const phaseId = uid('phase');
  const phase = h('span', {
    id: phaseId,
    class: 'progress__phase',
    'data-testid': 'progress-phase',
    'aria-live': 'polite',
  });
  const elapsed = h('span', { class: 'progress__elapsed', 'data-testid': 'progress-elapsed' });
  const bar = h('progress', { class: 'progress__bar', max: 1, 'aria-labelledby': phaseId });
  const detail = h('p', { class: 'progress__detail', 'data-testid': 'progress-detail' });
  const steps = h('ol', { class: 'phase-steps', 'aria-label': 'Phases' });

  const renderSteps = (current: string | null) => {
    const index = current ? PHASES.indexOf(current as (typeof PHASES)[number]) : -1;
    replaceChildren(
      steps,
      ...PHASES.map((name, i) =>
        h(
          'li',
          {
            class: `phase-steps__item${i < index ? ' is-done' : ''}${i === index ? ' is-current' : ''}`,
            'aria-current': i === index ? 'step' : false,
          },
          name,
        ),
      ),
    );
  };

  const element = h(
    'div',
    { class: 'progress', 'data-testid': 'progress', hidden: true },
    h('div', { class: 'progress__head' }, phase, elapsed),
    bar,
    detail,
    steps,
    cancelButton,
  );

  return {
    element,
    reset() {
      phase.textContent = 'Starting…';
      delete phase.dataset.phase;
      bar.removeAttribute('value');
      detail.textContent = '';
      elapsed.textContent = formatSeconds(0);
      renderSteps(null);
    },
    update(progress) {
      if (phase.dataset.phase !== progress.phase) {
        phase.dataset.phase = progress.phase;
        replaceChildren(phase, PHASE_LABELS[progress.phase] ?? progress.phase, ' ', h('code', {}, progress.phase));
        renderSteps(progress.phase);
      }
      // A fraction of -1 means "unknown" (simplex iterations): an indeterminate bar.
      if (progress.fraction < 0) bar.removeAttribute('value');
      else bar.value = Math.min(1, progress.fraction);
      detail.textContent = progress.detail;
    },
    setElapsed(milliseconds) {
      elapsed.textContent = formatSeconds(milliseconds);
    },
  };
}
