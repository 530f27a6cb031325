import { BLOG_MESSAGES, type BlogPostDto } from '@brandloom/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { AppProviders } from '../../../app/AppProviders';
import { createQueryClient } from '../../../lib/queryClient';
import { makeUser, mockApi } from '../../../test/utils';
import BlogCreatePage from './BlogCreatePage';
import BlogListPage from './BlogListPage';
import BlogPostPage from './BlogPostPage';

function Where() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/blog', element: <BlogListPage /> },
      { path: '/blog/create', element: <BlogCreatePage /> },
      { path: '/blog/:slug', element: <BlogPostPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const post = (n: number, overrides: Partial<BlogPostDto> = {}): BlogPostDto => ({
  id: `p${n}`,
  title: `Post number ${n}`,
  slug: `post-number-${n}`,
  content: '<h2>Heading</h2><p>Body with <a href="https://example.com" rel="noopener noreferrer nofollow">a link</a></p>',
  excerpt: `Excerpt ${n}`,
  author: 'Ana',
  status: 'published',
  featured_image: n === 1 ? 'blog/x.png' : null,
  featured_image_url: n === 1 ? '/api/blog/images/x.webp' : null,
  meta_description: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  published_at: '2026-11-02T10:00:00.000Z',
  ...overrides,
});

describe('/blog', () => {
  it('shows published posts as cards with image, title, excerpt, author and date, and pages through them', async () => {
    const fetch = mockApi({
      'GET /api/blog/posts?page=1&pageSize=9': { body: { posts: [post(1), post(2)], total: 11, page: 1, pageSize: 9 } },
      'GET /api/blog/posts?page=2&pageSize=9': { body: { posts: [post(10), post(11)], total: 11, page: 2, pageSize: 9 } },
    });
    const router = renderAt('/blog');
    // Loading: a named status region (a name on a plain div is not allowed).
    expect(await screen.findByRole('status', { name: 'Loading posts' })).toHaveAttribute('aria-busy', 'true');
    const first = await screen.findByRole('link', { name: /Post number 1/ });
    expect(first).toHaveAttribute('href', '/blog/post-number-1');
    expect(within(first).getByText('Excerpt 1')).toBeInTheDocument();
    expect(within(first).getByText('Ana · November 2, 2026')).toBeInTheDocument();
    expect(first.querySelector('img')).toHaveAttribute('src', '/api/blog/images/x.webp');

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: /Post number 11/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(fetch).toHaveBeenCalledWith('/api/blog/posts?page=2&pageSize=9', expect.anything());
  });

  it("says 'Unable to load blog posts at this time.' when the list fails", async () => {
    mockApi({ 'GET /api/blog/posts?page=1&pageSize=9': { status: 503, body: { message: 'down' } } });
    renderAt('/blog');
    expect(await screen.findByText(BLOG_MESSAGES.unavailable)).toBeInTheDocument();
  });
});

describe('/blog/{slug}', () => {
  it('shows the post with its image, byline and sanitized body, and titles the tab', async () => {
    mockApi({ 'GET /api/blog/posts/post-number-1': { body: post(1) } });
    renderAt('/blog/post-number-1');
    expect(await screen.findByRole('status', { name: 'Loading post' })).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByRole('heading', { level: 1, name: 'Post number 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Heading' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'a link' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(document.title).toBe('Post number 1 | Brandloom Blog');
  });

  it("says 'Post Not Found' for a draft or unknown slug", async () => {
    mockApi({ 'GET /api/blog/posts/gone': { status: 404, body: { statusCode: 404, message: 'Post Not Found', error: 'Not Found' } } });
    renderAt('/blog/gone');
    expect(await screen.findByRole('heading', { level: 1, name: BLOG_MESSAGES.postNotFound })).toBeInTheDocument();
    expect(document.title).toBe(BLOG_MESSAGES.blogPostNotFound);
    expect(screen.getByRole('link', { name: 'Back to the blog' })).toHaveAttribute('href', '/blog');
  });
});

describe('/blog/create', () => {
  it('sends administrators to the console editor and members to the blog', async () => {
    mockApi({ 'GET /api/auth/user': { body: makeUser({ is_admin: true }) } });
    renderAt('/blog/create');
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/blog/create');
  });

  it('members land on /blog', async () => {
    mockApi({ 'GET /api/auth/user': { body: makeUser({ is_admin: false }) }, 'GET /api/blog/posts?page=1&pageSize=9': { body: { posts: [], total: 0, page: 1, pageSize: 9 } } });
    renderAt('/blog/create');
    expect(await screen.findByText('No posts yet. Check back soon.')).toBeInTheDocument();
  });
});
