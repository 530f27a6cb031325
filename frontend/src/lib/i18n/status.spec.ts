import { STATUSES, statusLabel } from './status';
import { switchLanguage, translate } from './translate';

describe('status words', () => {
  afterEach(() => switchLanguage('en-US'));

  it('names each state in the active language, one word for jobs, pushes and transactions alike', async () => {
    expect(STATUSES.map((status) => statusLabel(status, translate))).toEqual(['queued', 'processing', 'running', 'completed', 'failed', 'pending', 'published', 'parked']);
    await switchLanguage('fr');
    // A pending credit transaction waits: the word is not an outbox event's 'à envoyer'.
    expect(statusLabel('pending', translate)).toBe('en attente');
    expect(statusLabel('completed', translate)).toBe('terminé');
    await switchLanguage('de');
    expect(statusLabel('failed', translate)).toBe('fehlgeschlagen');
  });

  it('shows a state the catalogues do not name as the server sent it', () => {
    expect(statusLabel('archived', translate)).toBe('archived');
  });
});
