/**
 * The one Content-Security-Policy of the app: the API sends it on every answer (the SPA, the
 * OpenAPI page, the files), and deploy/nginx.conf repeats it for the static files it serves
 * (a test keeps the two equal). Images come from our own origin only: stored files, S3 included,
 * are served through /api/assets/file, never straight from the bucket.
 */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // MUI (emotion) and the OpenAPI page insert <style> elements at run time; scripts stay strict.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The header's value as helmet writes it (and nginx repeats it). */
export const contentSecurityPolicyHeader = (): string =>
  Object.entries(CONTENT_SECURITY_POLICY)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join(';');
