import { CallHandler, Controller, Delete, ExecutionContext, Get, INestApplication, Patch, Post } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { AddressInfo } from 'node:net';
import { tap } from 'rxjs';
import { interceptWritingRoutes } from './writing-routes';

/** Counts the requests it sees, by method. */
class CountingInterceptor {
  readonly seen: string[] = [];
  intercept(context: ExecutionContext, next: CallHandler) {
    const method = context.switchToHttp().getRequest<{ method: string }>().method;
    return next.handle().pipe(tap(() => this.seen.push(method)));
  }
}

abstract class BaseController {
  @Post('shared')
  shared() {
    return { ok: true };
  }
}

@Controller('first')
class FirstController extends BaseController {
  @Get()
  read() {
    return { ok: true };
  }
  @Post()
  create() {
    return { ok: true };
  }
  @Patch(':id')
  update() {
    return { ok: true };
  }
  @Delete(':id')
  remove() {
    return { ok: true };
  }
}

@Controller('second')
class SecondController extends BaseController {}

describe('interceptWritingRoutes', () => {
  let app: INestApplication;
  let base: string;
  const interceptor = new CountingInterceptor();

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [FirstController, SecondController] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    expect(interceptWritingRoutes(app, interceptor)).toBe(5);
    await app.init();
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  it('intercepts every writing route, inherited ones included, once each, and no read', async () => {
    const call = (method: string, path: string) => fetch(`${base}${path}`, { method }).then((r) => r.status);
    expect(await call('GET', '/first')).toBe(200);
    expect(await call('POST', '/first')).toBe(201);
    expect(await call('PATCH', '/first/1')).toBe(200);
    expect(await call('DELETE', '/first/1')).toBe(200);
    expect(await call('POST', '/first/shared')).toBe(201);
    expect(await call('POST', '/second/shared')).toBe(201);
    expect(interceptor.seen).toEqual(['POST', 'PATCH', 'DELETE', 'POST', 'POST']);
  });
});
