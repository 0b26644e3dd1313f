import {
  CallHandler,
  CanActivate,
  Controller,
  Delete,
  ExecutionContext,
  Get,
  INestApplication,
  NotFoundException,
  Patch,
  Post,
  UseGuards,
} from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { AddressInfo } from 'node:net';
import { GUARDS_METADATA, INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { tap } from 'rxjs';
import { guardEveryRouteLast, interceptWritingRoutes } from './writing-routes';

/** Counts the requests it sees, by method. */
class CountingInterceptor {
  readonly seen: string[] = [];
  intercept(context: ExecutionContext, next: CallHandler) {
    const method = context.switchToHttp().getRequest<{ method: string }>().method;
    return next.handle().pipe(tap(() => this.seen.push(method)));
  }
}

/** Records the paths it lets through. */
class RecordingGuard implements CanActivate {
  readonly seen: string[] = [];
  canActivate(context: ExecutionContext) {
    this.seen.push(context.switchToHttp().getRequest<{ path: string }>().path);
    return true;
  }
}

/** A route's own guard: refuses everything. */
class RefusingGuard implements CanActivate {
  canActivate(): boolean {
    throw new NotFoundException();
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
  @Get('hidden')
  @UseGuards(RefusingGuard)
  hidden() {
    return { ok: true };
  }
}

@Controller('second')
class SecondController extends BaseController {}

describe('interceptWritingRoutes', () => {
  let app: INestApplication;
  let base: string;
  const interceptor = new CountingInterceptor();
  const lastGuard = new RecordingGuard();

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [FirstController, SecondController] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    expect(interceptWritingRoutes(app, interceptor)).toBe(5);
    expect(guardEveryRouteLast(app, lastGuard)).toBe(7);
    await app.init();
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  it("adds the interceptor and the guard to a route's own enhancers, and nothing else", () => {
    const prototype = FirstController.prototype;
    expect(Reflect.getMetadata(INTERCEPTORS_METADATA, prototype.create)).toEqual([interceptor]);
    expect(Reflect.getMetadata(INTERCEPTORS_METADATA, prototype.read)).toBeUndefined();
    expect(Reflect.getMetadata(GUARDS_METADATA, prototype.read)).toEqual([lastGuard]);
    expect(Reflect.getMetadata(GUARDS_METADATA, prototype.hidden)).toEqual([RefusingGuard, lastGuard]);
    expect(Reflect.getMetadata(GUARDS_METADATA, BaseController.prototype.shared)).toEqual([lastGuard]);
    expect(Reflect.getMetadata(INTERCEPTORS_METADATA, BaseController.prototype.shared)).toEqual([interceptor]);
  });

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

  it("runs the last guard on every route, after the route's own guards", async () => {
    lastGuard.seen.length = 0;
    expect((await fetch(`${base}/first/hidden`)).status).toBe(404);
    expect((await fetch(`${base}/first`)).status).toBe(200);
    expect((await fetch(`${base}/second/shared`, { method: 'POST' })).status).toBe(201);
    expect(lastGuard.seen).toEqual(['/first', '/second/shared']);
  });
});
