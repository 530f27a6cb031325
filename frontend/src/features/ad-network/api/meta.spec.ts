import { switchLanguage } from '../../../lib/i18n/translate';
import { pushFailureText } from './meta';

describe('pushFailureText', () => {
  it("gives the server's words in en-US, and 'Push failed' when a push has none", () => {
    expect(pushFailureText({ error: 'Meta answered: Invalid image', errorCode: 'meta_api_error' })).toBe('Meta answered: Invalid image');
    expect(pushFailureText({ error: null, errorCode: null })).toBe('Push failed');
  });

  it("words a failure by its code in another language, and keeps the server's words for a code the catalogue lacks", async () => {
    await switchLanguage('de');
    expect(pushFailureText({ error: 'Your Meta connection has expired.', errorCode: 'meta_token_expired' })).toBe('Ihre Meta-Verbindung ist abgelaufen. Verbinden Sie sich erneut.');
    expect(pushFailureText({ error: 'Meta answered: Invalid image', errorCode: 'not_a_code' })).toBe('Meta answered: Invalid image');
    expect(pushFailureText({ error: null, errorCode: null })).toBe('Übertragung fehlgeschlagen');
  });
});
