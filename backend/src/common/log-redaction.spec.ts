import { redactHeaders, redactUrl, REDACTED } from './log-redaction';

const TOKEN = 'q3Vw8x_Zk2-LmN0pQrStUvWxYz0123456789AbCdEf'; // 43 base64url characters, like every mailed token

describe('the log redaction rule', () => {
  it('removes tokens from page and API paths, whatever the route', () => {
    expect(redactUrl(`/invitations/${TOKEN}`)).toBe(`/invitations/${REDACTED}`);
    expect(redactUrl(`/api/invitations/${TOKEN}/accept`)).toBe(`/api/invitations/${REDACTED}/accept`);
    expect(redactUrl('/api/meta/data-deletion/9F3A0C77D1E24B58')).toBe(`/api/meta/data-deletion/${REDACTED}`);
    expect(redactUrl(`/some/future/route/${'a1b2c3d4'.repeat(8)}`)).toBe(`/some/future/route/${REDACTED}`);
    expect(redactUrl(`/x/${encodeURIComponent(TOKEN)}`)).toBe(`/x/${REDACTED}`);
  });

  it('removes secret query values by name, and any query value shaped like a secret', () => {
    expect(redactUrl(`/reset-password?token=${TOKEN}`)).toBe(`/reset-password?token=${REDACTED}`);
    expect(redactUrl('/api/auth/google/callback?code=4%2F0Ab&state=xyz&scope=email')).toBe(`/api/auth/google/callback?code=${REDACTED}&state=${REDACTED}&scope=email`);
    expect(redactUrl(`/x?access_token=short&X-Amz-Signature=abc&next=${TOKEN}`)).toBe(`/x?access_token=${REDACTED}&X-Amz-Signature=${REDACTED}&next=${REDACTED}`);
    expect(redactUrl(`https://app.example.com/reset-password?token=${TOKEN}#frag`)).toBe(`https://app.example.com/reset-password?token=${REDACTED}#${REDACTED}`);
  });

  it('keeps what identifies a request without being a secret: ids, slugs, file names, searches', () => {
    const kept = [
      '/api/generate/progress/3f2b8c1e-9a4d-4e6f-8b1a-2c3d4e5f6a7b',
      '/blog/ten-ways-to-brief-an-image-model-in-2026',
      '/api/assets/file/organizations/3f2b8c1e-9a4d-4e6f-8b1a-2c3d4e5f6a7b/generated/0.png',
      '/api/assets?search=summer%20campaign&page=2&folder=inbox',
      '/signin',
    ];
    for (const url of kept) expect(redactUrl(url)).toBe(url);
  });

  it('removes secret headers and the secrets of URL-valued ones', () => {
    expect(
      redactHeaders({
        cookie: 'brandloom.sid=s%3Aabc',
        authorization: 'Bearer abc',
        'stripe-signature': 't=1,v1=abc',
        'x-hub-signature-256': 'sha256=abc',
        'set-cookie': ['a=b'],
        referer: `http://localhost:3000/reset-password?token=${TOKEN}`,
        location: `/invitations/${TOKEN}`,
        'content-type': 'application/json',
        'accept-encoding': 'gzip',
      }),
    ).toEqual({
      cookie: REDACTED,
      authorization: REDACTED,
      'stripe-signature': REDACTED,
      'x-hub-signature-256': REDACTED,
      'set-cookie': REDACTED,
      referer: `http://localhost:3000/reset-password?token=${REDACTED}`,
      location: `/invitations/${REDACTED}`,
      'content-type': 'application/json',
      'accept-encoding': 'gzip',
    });
  });
});
