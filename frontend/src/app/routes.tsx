import { localizedPagePath, PUBLIC_PAGE_LANGUAGES } from '@brandloom/contracts';
import { Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { loadLegalTexts } from '../features/legal/texts';
import { lazyScreen } from '../lib/chunks';
import { activeLocale } from '../lib/i18n/format';
import { PageHostProvider } from '../lib/pageHost';
import { NotFoundPage } from './NotFoundPage';
import { ProtectedRoute } from './ProtectedRoute';
import { spaPageHost } from './spaPageHost';

// Every screen is its own chunk so the landing page loads only what it shows.
const AppShell = lazyScreen(() => import('./shell/AppShell'));
const PublicLayout = lazyScreen(() => import('../public/PublicLayout'));
const AdminConsole = lazyScreen(() => import('../admin/AdminConsole'));
const SignInPage = lazyScreen(() => import('../features/auth/components/SignInPage'));
const SignUpPage = lazyScreen(() => import('../features/auth/components/SignUpPage'));
const ForgotPasswordPage = lazyScreen(() => import('../features/auth/components/ForgotPasswordPage'));
const ResetPasswordPage = lazyScreen(() => import('../features/auth/components/ResetPasswordPage'));
const InvitationPage = lazyScreen(() => import('../features/auth/components/InvitationPage'));
const BillingPage = lazyScreen(() => import('../features/billing/components/BillingPage'));
const BuyCreditsPage = lazyScreen(() => import('../features/billing/components/BuyCreditsPage'));
const CreditsRedirectPage = lazyScreen(() => import('../features/billing/components/CreditsRedirectPage'));
const BlogCreatePage = lazyScreen(() => import('../features/blog/components/BlogCreatePage'));
const BlogListPage = lazyScreen(() => import('../features/blog/components/BlogListPage'));
const BlogPostPage = lazyScreen(() => import('../features/blog/components/BlogPostPage'));
const BrandBrainPage = lazyScreen(() => import('../features/brand-brain/components/BrandBrainPage'));
const BrandProfileDetailsPage = lazyScreen(() => import('../features/brand-brain/components/BrandProfileDetailsPage'));
const NewBrandProfilePage = lazyScreen(() => import('../features/brand-brain/components/NewBrandProfilePage'));
const DashboardPage = lazyScreen(() => import('../features/dashboard/components/DashboardPage'));
const LandingPage = lazyScreen(() => import('../features/landing/components/LandingPage'));
// The legal pages come with their text in the active language (one module per language).
const withLegalTexts = <T,>(load: () => Promise<T>) => () => Promise.all([load(), loadLegalTexts(activeLocale())]).then(([page]) => page);
const MetaDeletionPage = lazyScreen(withLegalTexts(() => import('../features/legal/components/MetaDeletionPage')));
const PrivacyPage = lazyScreen(withLegalTexts(() => import('../features/legal/components/PrivacyPage')));
const TermsPage = lazyScreen(withLegalTexts(() => import('../features/legal/components/TermsPage')));
const LibraryPage = lazyScreen(() => import('../features/library/components/LibraryPage'));
const PerformancePage = lazyScreen(() => import('../features/ad-network/components/PerformancePage'));
const IntegrationsPage = lazyScreen(() => import('../features/settings/components/IntegrationsPage'));
const SettingsPage = lazyScreen(() => import('../features/settings/components/SettingsPage'));
const BulkGenerationPage = lazyScreen(() => import('../features/studio/components/BulkGenerationPage'));
const StudioPage = lazyScreen(() => import('../features/studio/components/StudioPage'));

function RootLayout() {
  return (
    <PageHostProvider value={spaPageHost}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </PageHostProvider>
  );
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/signin', element: <SignInPage /> },
      { path: '/signup', element: <SignUpPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/invitations/:token', element: <InvitationPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/meta-deletion', element: <MetaDeletionPage /> },
      {
        element: <PublicLayout />,
        children: [
          { path: '/blog', element: <BlogListPage /> },
          { path: '/blog/:slug', element: <BlogPostPage /> },
          // The blog's address in each language (the server renders those pages; the app follows its links to them).
          ...PUBLIC_PAGE_LANGUAGES.flatMap((language) => [
            { path: localizedPagePath('/blog', language), element: <BlogListPage /> },
            { path: `${localizedPagePath('/blog', language)}/:slug`, element: <BlogPostPage /> },
          ]),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { path: '/credits', element: <CreditsRedirectPage /> },
      {
        element: (
          <ProtectedRoute>
            <AppShell />
          </ProtectedRoute>
        ),
        children: [
          { path: '/dashboard', element: <DashboardPage /> },
          { path: '/studio', element: <StudioPage /> },
          { path: '/studio/bulk', element: <BulkGenerationPage /> },
          { path: '/brand-brain', element: <BrandBrainPage /> },
          { path: '/brand-brain/new', element: <NewBrandProfilePage /> },
          // The dashboard links to /brand-brain/{id}, the list to /brand-profile-details/{id}: same screen.
          { path: '/brand-brain/:id', element: <BrandProfileDetailsPage /> },
          { path: '/brand-profile-details/:id', element: <BrandProfileDetailsPage /> },
          { path: '/library', element: <LibraryPage /> },
          { path: '/performance', element: <PerformancePage /> },
          { path: '/billing', element: <BillingPage /> },
          { path: '/credits/buy', element: <BuyCreditsPage /> },
          { path: '/settings', element: <SettingsPage /> },
          { path: '/settings/integrations', element: <IntegrationsPage /> },
          { path: '/blog/create', element: <BlogCreatePage /> },
          // react-admin routes everything below /admin (/admin/blog, /admin/blog/create, /admin/blog/edit/:id).
          { path: '/admin/*', element: <AdminConsole /> },
        ],
      },
    ],
  },
];
