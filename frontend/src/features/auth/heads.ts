/** What search results and link previews say about the sign-in and sign-up pages. */
export const SIGN_IN_DESCRIPTION = 'Sign in to your Brandloom account to generate on-brand marketing images for your team.';
export const SIGN_UP_DESCRIPTION = 'Create your Brandloom account and start generating on-brand marketing images in minutes.';
