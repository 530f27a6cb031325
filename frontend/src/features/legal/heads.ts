/** What search results and link previews say about the legal pages. */
export const TERMS_DESCRIPTION =
  'The terms that govern the use of Brandloom: eligibility, credits and plans, refunds, acceptable use, liability and arbitration.';
export const PRIVACY_DESCRIPTION =
  'What Brandloom collects, why, which processors handle it (Stripe, OpenAI, Meta, S3), how long it is kept and how to delete it.';
export const META_DELETION_DESCRIPTION =
  'How to have the data Brandloom received from Meta (Facebook) deleted: disconnect, email support, and get confirmation within 24 hours.';
