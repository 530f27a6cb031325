import { ERROR_CODES, FIELD_ERROR_CODES, LANGUAGES } from '@brandloom/contracts';
import { loadMessages } from '../lib/i18n/messages';

// Every stable code an error answer can carry (libs/contracts' ERROR_CODES, which each domain
// error's code is checked against) and every field code of a `validation_failed` answer has its
// message in every catalogue: a screen says a server's refusal in the user's language.
describe('the server error codes in the catalogues', () => {
  it.each(LANGUAGES)('gives %s a message for every error code and every field error code', async (language) => {
    const messages: Record<string, string> = await loadMessages(language);
    const missing = [...ERROR_CODES.map((code) => `errors.${code}`), ...FIELD_ERROR_CODES.map((code) => `errors.field.${code}`)].filter((key) => !messages[key]);
    expect({ language, missing }).toEqual({ language, missing: [] });
  });

  it('has nothing in ERROR_CODES twice, so the lists stay one table', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });
});
