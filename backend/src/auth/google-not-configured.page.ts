import { AUTH_MESSAGES } from '@brandloom/contracts';

export const googleNotConfiguredPage = (): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${AUTH_MESSAGES.googleNotConfigured}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem">
<h1>${AUTH_MESSAGES.googleNotConfigured}</h1>
<p>This Brandloom installation has no Google OAuth client. An administrator can enable it by setting
<code>GOOGLE_CLIENT_ID</code> and <code>GOOGLE_CLIENT_SECRET</code>.</p>
<p><a href="/signup">Sign up with email and password</a> or <a href="/signin">sign in</a> instead.</p>
</body></html>`;
