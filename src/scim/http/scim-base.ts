import {
  CallHandler,
  Controller,
  ExecutionContext,
  HttpCode,
  Injectable,
  NestInterceptor,
  Post,
  UseFilters,
  UseGuards,
  UseInterceptors,
  applyDecorators,
} from '@nestjs/common';
import type { Response } from 'express';
import { Observable, tap } from 'rxjs';
import { ApiExcludeController } from '@nestjs/swagger';
import { Access } from '@lib/http';
import { AppConfig } from '../../config/app-config';
import { ScimErrorFilter } from './scim-error.filter';
import { ScimGuard } from './scim.guard';
import { SCIM_CONTENT_TYPE } from './scim-request';

/**
 * Every answer of the door is `application/scim+json`: set before the route runs, as `@Header` would (an error's is
 * set by the filter; Express drops it from a 204, which has no body).
 */
@Injectable()
class ScimContentType implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    context.switchToHttp().getResponse<Response>().setHeader('Content-Type', SCIM_CONTENT_TYPE);
    return next.handle();
  }
}

/**
 * A controller of the SCIM door: outside the API's pipeline (`public` to its guards, not in its OpenAPI document),
 * behind the door's own token check and allowance, answering errors in SCIM's shape.
 */
export const ScimController = (path: string) =>
  applyDecorators(
    Controller(path === '' ? 'scim/v2' : `scim/v2/${path}`),
    ApiExcludeController(),
    Access('public'),
    UseGuards(ScimGuard),
    UseFilters(ScimErrorFilter),
    UseInterceptors(ScimContentType),
  );

/** Where the door is: the base of every `location` and `$ref` it answers. */
@Injectable()
export class ScimAddress {
  readonly baseUrl: string;

  constructor(config: AppConfig) {
    this.baseUrl = `${config.appUrl}/scim/v2`;
  }
}

/** 201's `Location`: where the new resource is, as its `meta.location` says. */
@Injectable()
class LocationOfCreated implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<Record<string, unknown>> {
    return next.handle().pipe(
      tap((resource: Record<string, unknown>) => {
        const { location } = resource.meta as { location: string };
        context.switchToHttp().getResponse<Response>().setHeader('Location', location);
      }),
    );
  }
}

/** The route that creates a resource: 201 with the resource, and its `Location`. */
export const ScimCreate = () => applyDecorators(Post(), HttpCode(201), UseInterceptors(LocationOfCreated));
