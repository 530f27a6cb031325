/** /meta-deletion: the e-mail a user sends to have their ad-platform data deleted. */
export const META_DELETION_SUBJECT = 'Meta Data Deletion Request';
/** Deletion-request processing time. */
export const META_DELETION_PROCESSING_TIME = '24 hours';

export const META_DELETION_BODY = [
  'Hello Brandloom Support,',
  '',
  'Please delete all Meta (Facebook) ad platform data associated with my Brandloom account.',
  '',
  'Account email: [your account email]',
  'Meta user ID (if known): [your Meta user ID]',
  'Date I connected Meta: [connection date]',
  '',
  'I confirm that I want all Meta ad platform data related to my account deleted.',
  '',
  'Thank you',
].join('\n');

export const metaDeletionMailto = (email: string): string =>
  `mailto:${email}?subject=${encodeURIComponent(META_DELETION_SUBJECT)}&body=${encodeURIComponent(META_DELETION_BODY)}`;
