// Places an element built without Preact (a panel of the older, imperative views) in a component:
// the element is made elsewhere and moved in; it keeps itself up to date, or is made anew (then
// the new one replaces it). It is moved in before the browser paints, in the same task as the
// render, so that it shows together with the component around it.
import { useLayoutEffect, useRef } from 'preact/hooks';

export function Mount({ element }: { element: HTMLElement }) {
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    host.current?.append(element);
    return () => element.remove();
  }, [element]);
  return <div class="mount" ref={host} />;
}
