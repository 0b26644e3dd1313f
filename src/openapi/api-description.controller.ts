import { Controller, Get, Header, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController, type OpenAPIObject } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { NotFoundError } from '@lib/core';
import { Access } from '@lib/http';
import { referenceAssetFile, REFERENCE_ASSETS, referencePage } from './api-reference-page';
import { PublishedApiDescription } from './published-api-description';

/** `GET /api/v1/openapi.json` and the reference at `/api/v1/docs`: no token, no rate limit (docs/api-guide.md). */
@Controller()
@Access('public')
@ApiExcludeController() // describes the API; not an operation of it
export class ApiDescriptionController {
  constructor(private readonly published: PublishedApiDescription) {}

  @Get('openapi.json')
  document(): OpenAPIObject {
    return this.published.get();
  }

  @Get('docs')
  @Header('Content-Type', 'text/html; charset=utf-8')
  reference(@Req() request: Request): string {
    return referencePage(request.path.endsWith('/') ? '../' : './');
  }

  @Get('docs/assets/:name')
  asset(@Param('name') name: string, @Res() response: Response): void {
    const file = referenceAssetFile(name);
    if (!file) throw new NotFoundError();
    response.type(REFERENCE_ASSETS[name]).sendFile(file, { maxAge: '1h' });
  }
}
