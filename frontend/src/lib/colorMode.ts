// The colour mode lives in three places: the user's preferences on the server (it follows them to
// another browser), localStorage (so /theme-init.js can apply it before the first paint), and MUI's
// ThemeProvider (which sets the attribute on <html> as the mode changes). public/theme-init.js
// repeats these two names: it runs before any bundle, so it cannot import them.

/** localStorage key of the mode ('light' or 'dark'), read by MUI's ThemeProvider and by /theme-init.js. */
export const COLOR_MODE_STORAGE_KEY = 'brandloom-mode';
/** The attribute on <html> that selects the palette's CSS variables: data-color-scheme="dark". */
export const COLOR_SCHEME_ATTRIBUTE = 'data-color-scheme';

export type ColorMode = 'light' | 'dark';

export const colorModeOf = (darkMode: boolean): ColorMode => (darkMode ? 'dark' : 'light');
