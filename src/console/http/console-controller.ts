import { applyDecorators, Controller, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Access } from '@lib/http';
import { ConsoleFilter } from './console.filter';

/**
 * A controller of the console's pages (`path` below /console): `public` to the API's guards, since the door checks
 * the session itself; not in the API's OpenAPI document (pages, not operations); failures answered as pages.
 */
export const ConsoleController = (path: string) =>
  applyDecorators(
    Controller(path === '' ? 'console' : `console/${path}`),
    Access('public'),
    ApiExcludeController(),
    UseFilters(ConsoleFilter),
  );
