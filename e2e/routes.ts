/** The routes of frontend/src/app/routes.tsx (ids filled in) that the screen-wide flows visit. */
export const PUBLIC_SCREENS = ['/', '/signin', '/signup', '/forgot-password', '/reset-password?token=not-a-real-token', '/invitations/not-a-real-token', '/terms', '/privacy', '/meta-deletion', '/meta-deletion?code=UNKNOWN0000', '/blog', '/blog/some-post', '/no-such-page'];


/** The signed-in app's screens inside its shell that the screen-wide flows walk (`{profile}`: a brand profile's id). */
export const APP_SCREENS = [
  '/dashboard',
  '/studio',
  '/studio/bulk',
  '/library',
  '/brand-brain',
  '/brand-brain/new',
  '/brand-brain/{profile}',
  '/performance',
  '/billing',
  '/credits/buy',
  '/settings',
  '/settings?tab=organization',
  '/settings?tab=team',
  '/settings?tab=billing',
  '/settings?tab=preferences',
  '/settings?tab=webhooks',
  '/settings/integrations',
];

/** Every signed-in screen a flow can open without first making data: the app's screens, the blog editor and the console. */
export const SIGNED_IN_SCREENS = [...APP_SCREENS.filter((route) => !route.includes('{')), '/blog/create', '/admin'];

/** The admin console's screens. */
export const ADMIN_SCREENS = ['/admin', '/admin/users', '/admin/organizations', '/admin/credits', '/admin/audit', '/admin/jobs', '/admin/blog', '/admin/blog/create'];

/** The widths every screen is checked at. */
export const WIDTHS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
