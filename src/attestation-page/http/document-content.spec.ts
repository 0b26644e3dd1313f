import { renderDocumentContent } from './document-content';
import { html } from './html';

const markdown = (content: string) =>
  renderDocumentContent({ content, contentType: 'text/markdown', contentSha256: 'x' }).value;

describe('renderDocumentContent', () => {
  it('renders Markdown, moving headings under the page’s own h1 and h2', () => {
    expect(markdown('# One\n\n## Two\n\n###### Six\n\n*a* **b** `c`\n\n- x\n\n1. y')).toBe(
      '<h3>One</h3>\n<h4>Two</h4>\n<h6>Six</h6>\n<p><em>a</em> <strong>b</strong> <code>c</code></p>\n' +
        '<ul>\n<li>x</li>\n</ul>\n<ol>\n<li>y</li>\n</ol>\n',
    );
  });

  it('shows raw HTML as text and drops scripts, handlers, images and dangerous links', () => {
    const out = markdown(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n![pic](https://example.com/x.png)\n\n' +
        '[js](javascript:alert(1)) [data](data:text/html,x) [ok](https://example.com) <https://example.org>',
    );
    expect(out).not.toMatch(/<script|<img|<[^>]*\sonerror=|href="javascript|href="data/);
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toContain(
      '<a href="https://example.com" rel="noopener noreferrer nofollow" referrerpolicy="no-referrer">ok</a>',
    );
    expect(out).toContain('<a href="https://example.org" rel="noopener noreferrer nofollow"');
  });

  it('keeps plain text as written, escaped, and says when there is no text', () => {
    expect(
      renderDocumentContent({ content: '<b>x</b>\n *y*', contentType: 'text/plain', contentSha256: 'x' }).value,
    ).toBe('<div class="plain-text">&lt;b&gt;x&lt;/b&gt;\n *y*</div>');
    expect(markdown('  \n')).toContain('This document has no text.');
  });
});

describe('html', () => {
  it('escapes every value but SafeHtml, joins arrays and prints nothing for null, undefined and false', () => {
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p title="${'"q"'}">${inner}${['<a>', inner]}${null}${undefined}${false}${0}</p>`.value).toBe(
      '<p title="&quot;q&quot;"><b>&lt;i&gt;</b>&lt;a&gt;<b>&lt;i&gt;</b>0</p>',
    );
  });
});
