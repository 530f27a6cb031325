import { localizedPagePath, PUBLIC_PAGE_LANGUAGES } from '@brandloom/contracts';
import { lazy, Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { loadLegalTexts } from '../features/legal/texts';
import { activeLocale } from '../lib/i18n/format';
import { PageHostProvider } from '../lib/pageHost';
import { NotFoundPage } from './NotFoundPage';
import { ProtectedRoute } from './ProtectedRoute';
import { spaPageHost } from './spaPageHost';

// Every screen is its own chunk so the landing page loads only what it shows.
const AppShell = lazy(() => import('./shell/AppShell'));
const PublicLayout = lazy(() => import('../public/PublicLayout'));
const AdminConsole = lazy(() => import('../admin/AdminConsole'));
const SignInPage = lazy(() => import('../features/auth/components/SignInPage'));
const SignUpPage = lazy(() => import('../features/auth/components/SignUpPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/components/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/components/ResetPasswordPage'));
const InvitationPage = lazy(() => import('../features/auth/components/InvitationPage'));
const BillingPage = lazy(() => import('../features/billing/components/BillingPage'));
const BuyCreditsPage = lazy(() => import('../features/billing/components/BuyCreditsPage'));
const CreditsRedirectPage = lazy(() => import('../features/billing/components/CreditsRedirectPage'));
const BlogCreatePage = lazy(() => import('../features/blog/components/BlogCreatePage'));
const BlogListPage = lazy(() => import('../features/blog/components/BlogListPage'));
const BlogPostPage = lazy(() => import('../features/blog/components/BlogPostPage'));
const BrandBrainPage = lazy(() => import('../features/brand-brain/components/BrandBrainPage'));
const BrandProfileDetailsPage = lazy(() => import('../features/brand-brain/components/BrandProfileDetailsPage'));
const NewBrandProfilePage = lazy(() => import('../features/brand-brain/components/NewBrandProfilePage'));
const DashboardPage = lazy(() => import('../features/dashboard/components/DashboardPage'));
const LandingPage = lazy(() => import('../features/landing/components/LandingPage'));
// The legal pages come with their text in the active language (one module per language).
const withLegalTexts = <T,>(load: () => Promise<T>) => () => Promise.all([load(), loadLegalTexts(activeLocale())]).then(([page]) => page);
const MetaDeletionPage = lazy(withLegalTexts(() => import('../features/legal/components/MetaDeletionPage')));
const PrivacyPage = lazy(withLegalTexts(() => import('../features/legal/components/PrivacyPage')));
const TermsPage = lazy(withLegalTexts(() => import('../features/legal/components/TermsPage')));
const LibraryPage = lazy(() => import('../features/library/components/LibraryPage'));
const PerformancePage = lazy(() => import('../features/ad-network/components/PerformancePage'));
const IntegrationsPage = lazy(() => import('../features/settings/components/IntegrationsPage'));
const SettingsPage = lazy(() => import('../features/settings/components/SettingsPage'));
const BulkGenerationPage = lazy(() => import('../features/studio/components/BulkGenerationPage'));
const StudioPage = lazy(() => import('../features/studio/components/StudioPage'));

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
