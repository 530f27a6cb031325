import { renderMail } from './mail-template';

describe('renderMail', () => {
  const mail = renderMail('ann@example.com', {
    subject: 'Join <b>Evil & Co</b> on Brandloom',
    paragraphs: ['Alice invited you to join <script>alert(1)</script> "Evil & Co".'],
    action: { label: 'Accept the invitation', url: 'https://app.example.com/invitations/abc?x=1&y="2"' },
    footer: 'Questions: support@example.com',
  });

  it('writes the product name, the paragraphs and the link in both parts', () => {
    expect(mail.to).toBe('ann@example.com');
    expect(mail.text.split('\n')[0]).toBe('Brandloom');
    expect(mail.text).toContain('Accept the invitation: https://app.example.com/invitations/abc?x=1&y="2"');
    expect(mail.text).toContain('Questions: support@example.com');
    expect(mail.html).toContain('>Brandloom</p>');
    expect(mail.html).toContain('href="https://app.example.com/invitations/abc?x=1&amp;y=&quot;2&quot;"');
  });

  it('escapes everything a user can name (organization, username) in the HTML part', () => {
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;Evil &amp; Co&quot;');
    expect(mail.html).toContain('<title>Join &lt;b&gt;Evil &amp; Co&lt;/b&gt; on Brandloom</title>');
  });
});
