import { composeRequestEmail } from './request-email';

describe('composeRequestEmail', () => {
  const requests = [
    { documentName: 'Code & <Conduct>', url: 'https://app.test/attest/aaa' },
    { documentName: 'Privacy', url: 'https://app.test/attest/bbb' },
  ];

  it('lists every document with its link, in text and HTML', () => {
    const email = composeRequestEmail({ organizationName: 'Acme', recipientName: 'Ada', requests });
    expect(email.subject).toBe('Acme asks you to sign 2 documents');
    expect(email.text).toContain('Hello Ada,');
    expect(email.text).toContain('- Code & <Conduct>\n  https://app.test/attest/aaa');
    expect(email.text).toContain('- Privacy\n  https://app.test/attest/bbb');
    expect(email.html).toContain('<a href="https://app.test/attest/aaa" dir="auto">Code &amp; &lt;Conduct&gt;</a>');
    expect(email.html).toContain('<a href="https://app.test/attest/bbb" dir="auto">Privacy</a>');
  });

  it('names the one document in the subject and shows the message, escaped in HTML', () => {
    const email = composeRequestEmail({
      organizationName: 'O"Brien & Sons',
      recipientName: '<img src=x>',
      requests: [requests[1]],
      message: 'Read <b>this</b>\nthen sign.',
    });
    expect(email.subject).toBe('O"Brien & Sons asks you to sign "Privacy"');
    expect(email.text).toContain('Message from O"Brien & Sons:\nRead <b>this</b>\nthen sign.');
    expect(email.html).toContain('Read &lt;b&gt;this&lt;/b&gt;\nthen sign.');
    expect(email.html).toContain('Hello <bdi>&lt;img src=x&gt;</bdi>,');
    expect(email.html).toContain('O&quot;Brien &amp; Sons');
    expect(email.html).not.toMatch(/<img|<b>/);
  });

  it('leaves out an empty message', () => {
    const email = composeRequestEmail({ organizationName: 'Acme', recipientName: 'Ada', requests, message: '  ' });
    expect(email.text).not.toContain('Message from');
  });

  it('keeps the subject on one line whatever the names hold', () => {
    const email = composeRequestEmail({
      organizationName: 'Acme\r\nBcc: victim@example.test',
      recipientName: 'Ada',
      requests: [requests[1]],
    });
    expect(email.subject).not.toMatch(/[\r\n]/);
  });
});
