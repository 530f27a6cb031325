import { BLOG_MESSAGES } from '@brandloom/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { switchLanguage } from '../../lib/i18n/translate';
import { makeOrganization, makeUser } from '../../test/utils';
import { type ApiCall, type ApiReply, renderConsole, stubApi } from '../testing';

const admin = makeUser({ id: 'admin-1', is_admin: true, username: 'Ada' });
const post = (fields: Record<string, unknown>) => ({
  id: 'p1',
  title: 'Spring launch',
  slug: 'spring-launch',
  content: '<p>Hello <strong>world</strong></p>',
  excerpt: 'What is new',
  author: 'Ada',
  status: 'published',
  featured_image: null,
  featured_image_url: null,
  meta_description: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-02T00:00:00.000Z',
  published_at: '2026-11-02T00:00:00.000Z',
  ...fields,
});

function stub(handlers: Record<string, (call: ApiCall) => ApiReply>) {
  return stubApi({ 'GET /api/auth/user': () => ({ body: admin }), 'GET /api/organization': () => ({ body: makeOrganization() }), ...handlers });
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'cover.png', { type: 'image/png' });

describe('/admin/blog', () => {
  it('lists posts with search, and a view link only for published ones', async () => {
    const calls = stub({
      'GET /api/admin/blog/posts': () => ({
        body: [post({}), post({ id: 'p2', title: 'Draft idea', slug: 'draft-idea', status: 'draft', published_at: null })],
        headers: { 'Content-Range': 'posts 0-1/2' },
      }),
    });
    renderConsole('/admin/blog');
    const published = (await screen.findByText('Spring launch')).closest('tr')!;
    const draft = screen.getByText('Draft idea').closest('tr')!;
    expect(within(published).getByRole('link', { name: 'View Spring launch' })).toHaveAttribute('href', '/blog/spring-launch');
    expect(within(draft).queryByRole('link', { name: /^View/ })).not.toBeInTheDocument();
    expect(within(draft).getByRole('link', { name: 'Edit Draft idea' })).toHaveAttribute('href', '/admin/blog/edit/p2');
    expect(screen.getByRole('link', { name: 'New post' })).toHaveAttribute('href', '/admin/blog/create');

    await userEvent.type(screen.getByPlaceholderText('Search by title'), 'spring');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/blog/posts' && JSON.parse(c.query.get('filter') ?? '{}').q === 'spring')).toBe(true));
  });
});

describe('/admin/blog/create', () => {
  it('derives the slug from the title until the slug is edited by hand', async () => {
    stub({});
    renderConsole('/admin/blog/create');
    const title = await screen.findByLabelText(/^Title/);
    const slug = screen.getByLabelText(/^Slug/);
    await userEvent.type(title, 'Hello, Brand World!');
    expect(slug).toHaveValue('hello-brand-world');
    await userEvent.clear(slug);
    await userEvent.type(slug, 'my-own-slug');
    await userEvent.type(title, ' Again');
    expect(slug).toHaveValue('my-own-slug');
    expect(screen.getByLabelText(/^Author/)).toHaveValue('Ada');
    expect(screen.getByRole('switch', { name: 'Published' })).not.toBeChecked();
  });

  it("uploads the featured image as field 'image' and says what went wrong with the answers it cannot use", async () => {
    let reply: ApiReply = { body: {} };
    const calls = stub({ 'POST /api/blog/upload-image': () => reply });
    renderConsole('/admin/blog/create');
    expect(await screen.findByText(BLOG_MESSAGES.uploadHint)).toBeInTheDocument();
    const file = screen.getByTestId('featured-image-file');

    fireEvent.change(file, { target: { files: [png()] } });
    expect(await screen.findByText(BLOG_MESSAGES.invalidUploadResponse)).toBeInTheDocument();
    expect((calls.find((c) => c.path === '/api/blog/upload-image')!.body as FormData).get('image')).toBeInstanceOf(File);

    reply = { status: 413, body: { statusCode: 413, message: BLOG_MESSAGES.imageTooLarge, error: 'Payload Too Large' } };
    fireEvent.change(file, { target: { files: [png()] } });
    expect(await screen.findByText(`${BLOG_MESSAGES.uploadFailed}: ${BLOG_MESSAGES.imageTooLarge}`)).toBeInTheDocument();

    reply = { status: 502, body: null };
    fireEvent.change(file, { target: { files: [png()] } });
    expect(await screen.findByText(`${BLOG_MESSAGES.uploadFailed} with status 502`)).toBeInTheDocument();

    reply = { status: 200, body: null, raw: '<!doctype html><html></html>' };
    fireEvent.change(file, { target: { files: [png()] } });
    expect(await screen.findByText(/Upload failed: routing error/)).toBeInTheDocument();

    reply = { body: { key: 'blog/0f8fad5b-d9cb-469f-a165-70867728950e.png', url: '/api/blog/images/0f8fad5b-d9cb-469f-a165-70867728950e.webp' } };
    fireEvent.change(file, { target: { files: [png()] } });
    expect(await screen.findByRole('img', { name: 'Featured image preview' })).toHaveAttribute('src', '/api/blog/images/0f8fad5b-d9cb-469f-a165-70867728950e.webp');
    expect(screen.queryByText(/Upload failed/)).not.toBeInTheDocument();
  });

  it("refuses to save without the required fields, with the product's messages", async () => {
    const calls = stub({});
    renderConsole('/admin/blog/create');
    await userEvent.type(await screen.findByLabelText(/^Excerpt/), 'Short');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(BLOG_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(screen.getByText(BLOG_MESSAGES.slugRequired)).toBeInTheDocument();
    expect(screen.getByText(BLOG_MESSAGES.contentRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("drops 'Slug is required' as soon as the title fills the slug in (checked on change, no stale error)", async () => {
    stub({});
    renderConsole('/admin/blog/create');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText(BLOG_MESSAGES.slugRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Autumn drop');
    expect(screen.getByLabelText(/^Slug/)).toHaveValue('autumn-drop');
    await waitFor(() => expect(screen.queryByText(BLOG_MESSAGES.slugRequired)).not.toBeInTheDocument());
    expect(screen.queryByText(BLOG_MESSAGES.titleRequired)).not.toBeInTheDocument();
  });

  it('adds a link through a dialog (never the browser prompt), refusing an address the server would drop', async () => {
    const prompt = vi.fn();
    vi.stubGlobal('prompt', prompt);
    stub({});
    renderConsole('/admin/blog/create');
    const content = await screen.findByRole('textbox', { name: 'Content' });
    // Focus, not a click: the editor maps a click to a text position through elementFromPoint, which a DOM without layout cannot answer.
    content.focus();
    await userEvent.click(screen.getByRole('button', { name: 'Add a link' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a link' }));
    await userEvent.type(dialog.getByLabelText('Address'), 'javascript:alert(1)');
    expect(dialog.getByText('Enter a web address (https://…) or an email address')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Add link' })).toBeDisabled();
    await userEvent.clear(dialog.getByLabelText('Address'));
    await userEvent.type(dialog.getByLabelText('Address'), 'brandloom.app/pricing');
    await userEvent.type(dialog.getByLabelText('Text to show'), 'our plans');
    await userEvent.click(dialog.getByRole('button', { name: 'Add link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const link = within(content).getByText('our plans').closest('a')!;
    expect(link).toHaveAttribute('href', 'https://brandloom.app/pricing');
    expect(prompt).not.toHaveBeenCalled();
  });
});

describe('/admin/blog/edit/{id}', () => {
  it("saves changes, reports 'Update failed' with the server's reason, and asks before deleting", async () => {
    let updateStatus = 409;
    let deleteStatus = 500;
    const calls = stub({
      'GET /api/admin/blog/posts/p1': () => ({ body: post({}) }),
      'PUT /api/admin/blog/posts/p1': (call) =>
        updateStatus === 200 ? { body: post(call.body as Record<string, unknown>) } : { status: updateStatus, body: { statusCode: 409, message: BLOG_MESSAGES.slugTaken, error: 'Conflict' } },
      'DELETE /api/admin/blog/posts/p1': () => (deleteStatus === 200 ? { body: { id: 'p1' } } : { status: deleteStatus, body: { statusCode: 500, message: 'Internal server error', error: 'Internal Server Error' } }),
      'GET /api/admin/blog/posts': () => ({ body: [], headers: { 'Content-Range': 'posts 0-0/0' } }),
    });
    const router = renderConsole('/admin/blog/edit/p1');
    const title = await screen.findByDisplayValue('Spring launch');
    await userEvent.type(title, ' 2027');
    // Still the derived slug: it follows the title.
    expect(screen.getByLabelText(/^Slug/)).toHaveValue('spring-launch-2027');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(`${BLOG_MESSAGES.updateFailed}: ${BLOG_MESSAGES.slugTaken}`)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ title: 'Spring launch 2027', slug: 'spring-launch-2027', status: 'published', content: '<p>Hello <strong>world</strong></p>' });

    updateStatus = 200;
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Blog post updated')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(BLOG_MESSAGES.deleteConfirm)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(BLOG_MESSAGES.deleteFailed)).toBeInTheDocument();
    // The toast can show before the confirmation has finished closing.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    deleteStatus = 200;
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/blog'));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(2);
  });
});

describe('the blog editor in German', () => {
  afterEach(async () => {
    await act(() => switchLanguage('en-US'));
  });

  it('names its fields, toolbar and link dialog, and refuses a post without its required fields, in German', async () => {
    await act(() => switchLanguage('de'));
    const calls = stub({ 'POST /api/blog/upload-image': () => ({ status: 502, body: null }) });
    renderConsole('/admin/blog/create');
    await userEvent.type(await screen.findByLabelText(/^Auszug/), 'Kurz');
    expect(screen.getByText('Optional: Bleibt das Feld leer, werden die ersten Worte des Beitrags verwendet')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Veröffentlicht' })).not.toBeChecked();
    expect(screen.getByText('PNG, JPG oder GIF bis 10 MB')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Hervorhebung' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fett' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nummerierte Liste' })).toBeInTheDocument();
    expect(screen.getByTitle('Überschrift 2')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Der Titel ist erforderlich')).toBeInTheDocument();
    expect(screen.getByText('Der Slug ist erforderlich')).toBeInTheDocument();
    expect(screen.getByText('Der Inhalt ist erforderlich')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/admin/blog/posts' && c.method === 'POST')).toEqual([]);

    fireEvent.change(screen.getByTestId('featured-image-file'), { target: { files: [png()] } });
    expect(await screen.findByText('Hochladen fehlgeschlagen mit Status 502')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Link einfügen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Link einfügen' }));
    await userEvent.type(dialog.getByLabelText('Adresse'), 'javascript:alert(1)');
    expect(dialog.getByText('Geben Sie eine Webadresse (https://…) oder eine E-Mail-Adresse ein')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Link hinzufügen' })).toBeDisabled();
  });

  it("reports a refused update with the server's reason in German", async () => {
    await act(() => switchLanguage('de'));
    stub({
      'GET /api/admin/blog/posts/p1': () => ({ body: post({}) }),
      'PUT /api/admin/blog/posts/p1': () => ({ status: 409, body: { statusCode: 409, message: BLOG_MESSAGES.slugTaken, error: 'Conflict', code: 'blog_slug_taken' } }),
    });
    renderConsole('/admin/blog/edit/p1');
    await userEvent.type(await screen.findByDisplayValue('Spring launch'), ' 2027');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Aktualisierung fehlgeschlagen: Ein anderer Beitrag verwendet diesen Slug bereits.')).toBeInTheDocument();
  });
});
