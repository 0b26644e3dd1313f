import type { Request, Response } from 'express';
import { AppConfig } from '../../config/app-config';
import { FormProtection } from './form-protection';

const PAGE = 'a'.repeat(43);
const OTHER_PAGE = 'b'.repeat(43);

function browser(cookie?: string) {
  const setCookies: string[] = [];
  const request = { headers: cookie === undefined ? {} : { cookie } } as unknown as Request;
  const response = { append: (_name: string, value: string) => setCookies.push(value) } as unknown as Response;
  return { request, response, setCookies };
}

const cookieFrom = (setCookie: string) => setCookie.split(';')[0];

describe('FormProtection', () => {
  const protection = new FormProtection(new AppConfig({ APP_KEY: 'k'.repeat(32), APP_URL: 'https://sign.test' }));

  it('accepts the form token with the cookie it was issued with, for the page it was issued for', () => {
    const first = browser();
    const token = protection.issue(first.request, first.response, PAGE);
    const [setCookie] = first.setCookies;
    expect(setCookie).toMatch(
      /^attest_form=[A-Za-z0-9_-]{22}; Path=\/attest; Max-Age=43200; HttpOnly; SameSite=Strict; Secure$/,
    );
    const posting = browser(`other=1; ${cookieFrom(setCookie)}`);
    expect(protection.verify(posting.request, PAGE, token)).toBe(true);
    expect(protection.verify(posting.request, OTHER_PAGE, token)).toBe(false);
    expect(protection.verify(posting.request, PAGE, `${token.slice(0, -1)}x`)).toBe(false);
    expect(protection.verify(posting.request, PAGE, null)).toBe(false);
    expect(protection.verify(browser().request, PAGE, token)).toBe(false);
    expect(protection.verify(browser('attest_form=AAAAAAAAAAAAAAAAAAAAAA').request, PAGE, token)).toBe(false);
  });

  it('keeps a browser’s nonce across pages and visits, and replaces a malformed one', () => {
    const first = browser();
    protection.issue(first.request, first.response, PAGE);
    const cookie = cookieFrom(first.setCookies[0]);
    const again = browser(cookie);
    const otherToken = protection.issue(again.request, again.response, OTHER_PAGE);
    expect(cookieFrom(again.setCookies[0])).toBe(cookie);
    expect(protection.verify(browser(cookie).request, OTHER_PAGE, otherToken)).toBe(true);

    const malformed = browser('attest_form=short');
    protection.issue(malformed.request, malformed.response, PAGE);
    expect(cookieFrom(malformed.setCookies[0])).toMatch(/^attest_form=[A-Za-z0-9_-]{22}$/);
  });

  it('drops Secure when the service is served over plain HTTP', () => {
    const plain = new FormProtection(new AppConfig({ APP_KEY: 'k'.repeat(32), APP_URL: 'http://localhost:3000' }));
    const visit = browser();
    plain.issue(visit.request, visit.response, PAGE);
    expect(visit.setCookies[0]).not.toContain('Secure');
  });
});
