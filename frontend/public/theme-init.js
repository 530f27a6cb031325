/* global window, document */
// Applies the stored colour mode before the first paint (index.html loads this file, blocking,
// in <head>; the CSP forbids inline scripts). Keep the names equal to src/lib/colorMode.ts.
(function () {
  try {
    var mode = window.localStorage.getItem('brandloom-mode');
    if (mode === 'dark' || mode === 'light') {
      document.documentElement.setAttribute('data-color-scheme', mode);
    }
  } catch {
    // Storage can be blocked; the app then starts light and follows the server's preference.
  }
})();
