import type { INestApplicationContext } from '@nestjs/common';
import request from 'supertest';
import { CreateSignInLink } from '../../src/sign-in/application/create-sign-in-link.use-case';
import { StartConsoleSession } from '../../src/sign-in/application/start-console-session';
import type { TestApp } from './test-app';

/** A browser signed in to the console as `userId` in `organizationId` (a session made as a sign-in makes one). */
export interface ConsoleBrowser {
  agent: ReturnType<typeof request.agent>;
  /** GET a page and answer its body and form token. */
  page(path: string, status?: number): Promise<{ text: string; csrf: string }>;
  /** POST a form with the page's token; answers the response (a 303 after success). */
  post(path: string, fields: Record<string, string | string[]>, csrf: string): Promise<request.Response>;
}

const csrfOf = (html: string): string => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

export async function consoleBrowser(
  t: TestApp,
  user: { userId: string; organizationId: string },
  app: INestApplicationContext = t.app,
): Promise<ConsoleBrowser> {
  const { sessionSecret } = await app.get(StartConsoleSession).execute({
    userId: user.userId,
    organizationId: user.organizationId,
    auditOrganizationId: user.organizationId,
    method: 'email_link',
    origin: { ip: '127.0.0.1', userAgent: 'test' },
  });
  const agent = request.agent(t.app.getHttpServer());
  agent.set('Cookie', `console_session=${sessionSecret}`);
  return {
    agent,
    async page(path, status = 200) {
      const response = await agent.get(path).expect(status);
      return { text: response.text, csrf: csrfOf(response.text) };
    },
    async post(path, fields, csrf) {
      const body = new URLSearchParams();
      body.append('_csrf', csrf);
      for (const [name, value] of Object.entries(fields)) {
        for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
      }
      return agent.post(path).type('form').send(body.toString());
    },
  };
}

export type ConsoleAgent = ReturnType<typeof request.agent>;

/** A browser signed in to the console as the user (through a one-time link made by the use-case, no email). */
export async function signedInConsole(t: TestApp, userId: string): Promise<ConsoleAgent> {
  const agent = request.agent(t.app.getHttpServer());
  const link = await t.app.get(CreateSignInLink).execute({ userId, ttlMs: 60_000 });
  const path = new URL(link).pathname;
  const page = await agent.get(path).expect(200);
  const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)![1];
  await agent
    .post('/console/link')
    .type('form')
    .send({ _csrf: csrf, secret: path.split('/').pop() })
    .expect(303);
  return agent;
}
