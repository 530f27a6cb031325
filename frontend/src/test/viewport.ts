/** The window sizes screens are checked at; every test starts at `desktop` (src/test/setup.ts). */
export const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

/** Resizes the test window: media queries, and so MUI's breakpoints, answer for the new size. */
export function setViewport(viewport: { width: number; height: number }) {
  (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM.setViewport(viewport);
}
