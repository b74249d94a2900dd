// Places an element built without Preact (a panel of the older, imperative views) in a component:
// the element is made once and moved in; it keeps itself up to date from the store.
import { useEffect, useRef } from 'preact/hooks';

export function Mount({ element }: { element: HTMLElement }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    host.current?.append(element);
    return () => element.remove();
  }, [element]);
  return <div class="mount" ref={host} />;
}
