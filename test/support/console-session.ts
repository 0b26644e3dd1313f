import request from 'supertest';
import { CreateSignInLink } from '../../src/sign-in/application/create-sign-in-link.use-case';
import type { TestApp } from './test-app';

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
