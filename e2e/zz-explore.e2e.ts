import { makeAdmin } from './admin-setup';
import { openBrowser } from './browser';

it('explores', async () => {
  const s = await openBrowser();
  try {
    const email = `x${Date.now()}@example.com`;
    await s.page.request.post('/api/auth/register', { data: { email, password: 'a-long-password', username: 'Explorer' } });
    await makeAdmin(email);
    const paths = ['/settings?tab=team', '/admin/users', '/admin', '/dashboard', '/billing', '/studio', '/library'];
    for (const w of [390, 1280]) {
      await s.page.setViewportSize({ width: w, height: w === 390 ? 844 : 800 });
      for (const p of paths) {
        await s.page.goto(p); await s.page.waitForLoadState('networkidle'); await s.page.waitForTimeout(500);
        await s.page.screenshot({ path: `/tmp/h27/${w}${p.replace(/[/?=]/g, '_')}.png` });
      }
    }
  } finally { await s.close(); }
}, 300000);
