import { Client } from 'pg';
import { BrowserSession, openBrowser } from './browser';
import { signUp } from './accounts';

const PROMPTS = Array.from({ length: 30 }, (_, i) => (i === 7 ? 'Lighthouse at dawn, teal and gold' : `Catalogue photo number ${i + 1}, soft light`));

describe('Asset Library: 30 assets, search, move into a new folder, delete', () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await openBrowser();
    const { page } = session;
    const email = `library-${Date.now()}@example.com`;
    await signUp(page.request, 'Librarian', { email });
    await grantCredits(email, 100);
    const csv = ['prompt,quality', ...PROMPTS.map((p) => `"${p}",low`)].join('\n');
    const upload = await page.request.post('/api/generate/bulk', { multipart: { file: { name: 'library.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } } });
    expect(upload.status()).toBe(201);
    const { batchId } = await upload.json();
    await waitFor(async () => (await (await page.request.get(`/api/generate/bulk/${batchId}`)).json()).done === 30, 110_000);
  }, 120_000);
  afterAll(() => session.close());

  it('searches, moves an asset into a new folder and deletes one', async () => {
    const { page } = session;
    const cards = page.getByTestId('asset-card');
    await page.goto('/library');
    await cards.nth(29).waitFor();

    await page.getByLabel('Search assets').fill('lighthouse');
    await waitFor(async () => (await cards.count()) === 1);
    await page.getByLabel('Search assets').fill('');
    await cards.nth(29).waitFor();

    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByLabel('Folder name').fill('Campaign');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Campaign' }).first().waitFor();

    await cards.first().getByRole('button', { name: 'Asset actions' }).click();
    await page.getByRole('menuitem', { name: 'Move to Folder' }).click();
    await page.getByRole('option', { name: 'Campaign' }).click();
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    await page.getByText('Asset moved', { exact: true }).waitFor();

    await page.getByRole('button', { name: /^Campaign/ }).first().click();
    await waitFor(async () => (await cards.count()) === 1);

    await cards.first().getByRole('button', { name: 'Asset actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Asset deleted', { exact: true }).waitFor();
    await waitFor(async () => (await cards.count()) === 0);
    const count = await (await page.request.get('/api/assets/count')).json();
    expect(count.count).toBe(29);
  });
});

/** Test setup only: a bonus grant written the way CreditsService writes it (ledger row + balance). */
async function grantCredits(email: string, amount: number): Promise<void> {
  const client = new Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      `WITH org AS (SELECT m.organization_id AS id FROM memberships m JOIN users u ON u.id = m.user_id WHERE lower(u.email) = lower($1)),
            ledger AS (INSERT INTO credit_ledger (organization_id, amount, type, description) SELECT id, $2, 'bonus', 'E2E credits' FROM org)
       UPDATE organizations SET credits = credits + $2 WHERE id IN (SELECT id FROM org)`,
      [email, amount],
    );
  } finally {
    await client.end();
  }
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 250));
  }
}
