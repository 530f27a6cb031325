import { excerptFromHtml, sanitizeBlogHtml } from './blog-html';

describe('sanitizeBlogHtml (the allowed tags only)', () => {
  it('keeps the allowed tags and adds rel to links', () => {
    const html = '<h1>T</h1><h2>a</h2><h3>b</h3><p><strong>s</strong> <em>e</em><br></p><ul><li>1</li></ul><ol><li>2</li></ol><a href="https://example.com/x?a=1&amp;b=2">l</a><a href="mailto:hi@example.com">m</a>';
    expect(sanitizeBlogHtml(html)).toBe(
      '<h1>T</h1><h2>a</h2><h3>b</h3><p><strong>s</strong> <em>e</em><br /></p><ul><li>1</li></ul><ol><li>2</li></ol><a href="https://example.com/x?a=1&amp;b=2" rel="noopener noreferrer nofollow">l</a><a href="mailto:hi@example.com" rel="noopener noreferrer nofollow">m</a>',
    );
  });

  it.each([
    ['a script', '<p>ok</p><script>alert(1)</script>', '<p>ok</p>'],
    ['a script in any case', '<p>ok</p><ScRiPt>alert(1)</sCrIpT>', '<p>ok</p>'],
    ['event handlers', '<p onclick="alert(1)" onmouseover=alert(1)>x</p>', '<p>x</p>'],
    ['an image with onerror', '<img src=x onerror=alert(1)><p>x</p>', '<p>x</p>'],
    ['javascript: links', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['javascript: in mixed case with whitespace', '<a href=" JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['javascript: hidden with entities', '<a href="&#106;avascript:alert(1)">x</a><a href="jav&#x09;ascript:alert(1)">y</a>', '<a>x</a><a>y</a>'],
    ['data: links', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', '<a>x</a>'],
    ['vbscript: links', '<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['protocol-relative links', '<a href="//evil.example/x">x</a><a href="https://ok.example">ok</a>', '<a>x</a><a href="https://ok.example" rel="noopener noreferrer nofollow">ok</a>'],
    ['SVG with scripts', '<svg><script>alert(1)</script><a xlink:href="javascript:alert(1)">s</a></svg><p>x</p>', '<p>x</p>'],
    ['style tags and attributes', '<style>p{color:red}</style><p style="background:url(javascript:alert(1))">x</p>', '<p>x</p>'],
    ['iframes and objects', '<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x"><p>x</p>', '<p>x</p>'],
    ['forms and inputs', '<form action="https://evil.example"><input name="a"><button>go</button></form>', 'go'],
    ['nested and malformed markup', '<p><scr<script>ipt>alert(1)</scr</script>ipt></p>', '<p>ipt&gt;alert(1)ipt&gt;</p>'],
    ['unclosed tags', '<p><strong>bold', '<p><strong>bold</strong></p>'],
    ['comments and CDATA', '<!-- <script>alert(1)</script> --><p>x</p><![CDATA[<script>alert(1)</script>]]>', '<p>x</p>'],
    ['meta refresh and base', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="https://evil.example/"><p>x</p>', '<p>x</p>'],
  ])('removes %s', (_, html, expected) => {
    const clean = sanitizeBlogHtml(html);
    expect(clean).toBe(expected);
    expect(clean.toLowerCase()).not.toMatch(/<script|javascript:|vbscript:|data:|href="\/\/|onerror|onclick|<svg|<iframe|style=/);
  });
});

describe('excerptFromHtml', () => {
  it('takes the text of the content, blocks apart, entities decoded', () => {
    expect(excerptFromHtml('<h2>Fresh &amp; new</h2><p>Brand <strong>kits</strong> &lt;3</p><ul><li>One</li><li>Two</li></ul>')).toBe('Fresh & new Brand kits <3 One Two');
  });

  it('cuts long text at a word, with an ellipsis, within 200 characters', () => {
    const excerpt = excerptFromHtml(`<p>${'word '.repeat(100)}</p>`);
    expect(excerpt.length).toBeLessThanOrEqual(200);
    expect(excerpt).toMatch(/word…$/);
  });
});
