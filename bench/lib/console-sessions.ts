import { newId } from '@lib/core';
import { hashSecret, linkSecret } from '../../src/sign-in/domain/console-link';
import type { BenchContext } from '../scenario';

/** Sessions already signed in, by API: the console scenarios share them (a session stays valid for 30 idle minutes). */
const signedIn = new Map<string, Promise<string[]>>();

/**
 * `count` console sessions of an owner of the seeded organization, each signed in as a browser does: a sign-in
 * link (its row written as the sign-in page writes it, its secret derived from the API's APP_KEY), opened, then its
 * "Sign in" form posted with the page's form token and nonce cookie. Answers each session's `Cookie` header.
 */
export function consoleSessions(context: BenchContext, count: number): Promise<string[]> {
  const key = `${context.apiUrl} ${count}`;
  if (!signedIn.has(key)) signedIn.set(key, signInMany(context, count));
  return signedIn.get(key)!;
}

async function signInMany(context: BenchContext, count: number): Promise<string[]> {
  const [owner] = await context.sql<{ user_id: string }>(
    `SELECT user_id FROM organization_memberships WHERE organization_id = $1 AND role = 'owner' ORDER BY user_id LIMIT 1`,
    [context.organizationId],
  );
  if (!owner) throw new Error('the seeded organization has no owner to sign in as');
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) cookies.push(await signIn(context, owner.user_id));
  return cookies;
}

async function signIn(context: BenchContext, userId: string): Promise<string> {
  const origin = new URL(context.apiUrl).origin;
  const id = newId();
  const secret = linkSecret(context.appKey, id);
  await context.sql(
    `INSERT INTO console_links (id, user_id, purpose, organization_id, token_hash, created_at, expires_at)
     VALUES ($1, $2, 'sign_in', $3, $4, now(), now() + interval '15 minutes')`,
    [id, userId, context.organizationId, hashSecret(secret)],
  );
  const page = await fetch(`${origin}/console/link/${secret}`);
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await page.text())?.[1];
  if (page.status !== 200 || !csrf) throw new Error(`the sign-in link page answered ${page.status}`);
  const answer = await fetch(`${origin}/console/link`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: cookieHeader(page), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: csrf, secret }).toString(),
  });
  const session = cookieHeader(answer);
  if (answer.status !== 303 || !/session/.test(session)) throw new Error(`signing in answered ${answer.status}`);
  return session;
}

/** The cookies a response sets, as the next request's `Cookie` header sends them. */
function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}
