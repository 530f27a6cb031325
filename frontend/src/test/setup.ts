import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// Route pages are lazy chunks; the first import of one in a test run can take a while.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no pointer capture; Radix toasts call it while handling swipes and clicks.
// (Absent in the node environment of the pre-render tests.)
if (typeof Element !== 'undefined') {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.setPointerCapture ??= () => {};
  Element.prototype.releasePointerCapture ??= () => {};
}
