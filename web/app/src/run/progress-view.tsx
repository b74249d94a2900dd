// The progress of a running synthesis: phase, bar (indeterminate when the fraction is unknown),
// detail text, elapsed time, the list of phases, and the controls given as children (Cancel).
import type { ReadonlySignal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import type { Progress } from 'privsynth';

import { formatSeconds } from '../ui/format';
import { PHASE_LABELS, PHASES } from './phases';

export interface ProgressProps {
  /** The last progress event of the run; null before the first. */
  progress: ReadonlySignal<Progress | null>;
  /** Milliseconds since the run started. */
  elapsed: ReadonlySignal<number>;
  hidden: boolean;
  children: ComponentChildren;
}

function PhaseSteps({ current }: { current: string | null }) {
  const index = current ? PHASES.indexOf(current as (typeof PHASES)[number]) : -1;
  return (
    <ol class="phase-steps" aria-label="Phases">
      {PHASES.map((name, i) => (
        <li
          key={name}
          class={`phase-steps__item${i < index ? ' is-done' : ''}${i === index ? ' is-current' : ''}`}
          aria-current={i === index ? 'step' : undefined}
        >
          {name}
        </li>
      ))}
    </ol>
  );
}

export function ProgressView({ progress, elapsed, hidden, children }: ProgressProps) {
  const phaseId = useId();
  const current = progress.value;
  // A fraction of -1 means "unknown" (simplex iterations): an indeterminate bar (no value).
  const fraction = current && current.fraction >= 0 ? Math.min(1, current.fraction) : undefined;
  return (
    <div class="progress" data-testid="progress" hidden={hidden}>
      <div class="progress__head">
        <span
          id={phaseId}
          class="progress__phase"
          data-testid="progress-phase"
          data-phase={current?.phase}
          aria-live="polite"
        >
          {current ? (
            <>
              {PHASE_LABELS[current.phase] ?? current.phase} <code>{current.phase}</code>
            </>
          ) : (
            'Starting…'
          )}
        </span>
        <span class="progress__elapsed" data-testid="progress-elapsed">
          {formatSeconds(elapsed.value)}
        </span>
      </div>
      <progress class="progress__bar" max={1} value={fraction} aria-labelledby={phaseId} />
      <p class="progress__detail" data-testid="progress-detail">
        {current?.detail ?? ''}
      </p>
      <PhaseSteps current={current?.phase ?? null} />
      {children}
    </div>
  );
}
