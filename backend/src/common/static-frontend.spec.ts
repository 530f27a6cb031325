import { GOOGLE_SIGN_IN_OFF_ATTRIBUTE } from '@brandloom/contracts';
import { fillPlaceholders } from './static-frontend';

const page = '<!doctype html>\n<html lang="en"><head></head><body><a href="/api/auth/google">Sign in with Google</a></body></html>';
const settings = { appUrl: 'https://brandloom.example', supportEmail: 'help@example.com' };

describe('fillPlaceholders', () => {
  it('marks <html> when Google sign-in is not configured, so the pages hide their Google button before any script', () => {
    expect(fillPlaceholders(page, { ...settings, googleSignIn: false })).toContain(`<html ${GOOGLE_SIGN_IN_OFF_ATTRIBUTE} lang="en">`);
  });

  it('leaves <html> alone when Google sign-in is configured', () => {
    expect(fillPlaceholders(page, { ...settings, googleSignIn: true })).not.toContain(GOOGLE_SIGN_IN_OFF_ATTRIBUTE);
  });
});
