import { render, screen, within } from '@testing-library/react';
import { anonymous, makeUser, mockApi } from '../../../test/utils';
import LandingPage from './LandingPage';
import { setViewport, VIEWPORTS } from '../../../test/viewport';

describe('landing page', () => {
  it('has the header anchors and links, every section and the footer links', async () => {
    mockApi({ 'GET /api/auth/user': anonymous });
    render(<LandingPage />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Features' })).toHaveAttribute('href', '#features');
    expect(within(nav).getByRole('link', { name: 'How it works' })).toHaveAttribute('href', '#how-it-works');
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '#pricing');
    expect(within(nav).getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog');
    expect(within(nav).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(within(nav).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    for (const id of ['gallery', 'features', 'how-it-works', 'testimonials', 'pricing']) expect(document.getElementById(id)).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Maya Chen')).toBeInTheDocument();
    expect(screen.getByText('Head of Growth, Lumen Skincare')).toBeInTheDocument();
    expect(screen.getByText('MC')).toBeInTheDocument();
    expect(screen.getByText('Beta ends in 7 days')).toBeInTheDocument();
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(within(footer).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(within(footer).getByRole('link', { name: 'Brandloom on LinkedIn' })).toHaveAttribute('href', expect.stringMatching(/^https:\/\//));
    const hero = screen.getByRole('img', { name: /A fan of on-brand marketing images/ });
    expect(hero).toHaveAttribute('width', '1280');
    expect(hero).toHaveAttribute('height', '800');
    expect(hero.getAttribute('srcset')).toMatch(/hero-640\.webp 640w/);
  });

  it("shows 'Dashboard' instead of sign in and sign up to a signed-in visitor", async () => {
    mockApi({ 'GET /api/auth/user': { body: makeUser() } });
    render(<LandingPage />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
  });

  it('opens and closes the mobile menu', async () => {
    setViewport(VIEWPORTS.phone);
    mockApi({ 'GET /api/auth/user': anonymous });
    render(<LandingPage />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.click();
    const menu = await screen.findByRole('navigation', { name: 'Mobile' });
    expect(within(menu).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '#pricing');
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    within(menu).getByRole('link', { name: 'Pricing' }).click();
    expect(await screen.findByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });
});
