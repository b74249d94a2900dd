// One step of the guided flow: a numbered card with its title, marked done once its part is ready.
import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';

export interface StepProps {
  number: number;
  title: string;
  testId: string;
  /** The step's part is ready: a tick beside its number. */
  done?: boolean;
  /** A sentence under the title: what this step is for. */
  lead?: string;
  children: ComponentChildren;
}

export function Step({ number, title, testId, done = false, lead, children }: StepProps) {
  const headingId = useId();
  return (
    <section class={`panel step${done ? ' step--done' : ''}`} aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId} class="panel__title step__title">
        <span class="step__number" aria-hidden="true">
          {done ? '✓' : number}
        </span>
        <span class="visually-hidden">Step {number}: </span>
        {title}
      </h2>
      {lead ? <p class="step__lead">{lead}</p> : null}
      {children}
    </section>
  );
}
