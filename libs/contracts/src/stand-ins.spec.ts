import { standInLine, standInsFor } from './stand-ins';

describe('standInsFor', () => {
  it('lists every service as a stand-in in an empty environment, each with the variable that switches it', () => {
    const lines = standInsFor({}).map(standInLine);
    expect(lines).toContain('Image generation: the local renderer draws test images (set OPENAI_API_KEY)');
    expect(lines).toContain('Meta ads: pushing to Meta is not offered (set META_APP_ID, META_APP_SECRET, META_TOKEN_KEY)');
    expect(lines).toHaveLength(8);
  });

  it('drops a service once its variables are set, and counts the embedded database as a stand-in', () => {
    const services = standInsFor({ OPENAI_API_KEY: 'sk-test', META_APP_ID: '1', DATABASE_URL: 'postgres://x', EMBEDDED_DATABASE: 'true' }).map((s) => s.service);
    expect(services).not.toContain('Image generation');
    expect(services).toContain('Meta ads'); // META_APP_SECRET is missing
    expect(services).toContain('Database');
    expect(standInsFor({ DATABASE_URL: 'postgres://x' }).map((s) => s.service)).not.toContain('Database');
  });
});
