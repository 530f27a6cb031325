import { Suspense, type ComponentType } from 'react';

/** A lazy screen that shows nothing while it loads, instead of suspending the page around it. */
export function quietly<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  return function Quiet(props: P) {
    return (
      <Suspense fallback={null}>
        <Screen {...props} />
      </Suspense>
    );
  };
}
