import { Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * The document the API serves. It is described from the whole application, which exists only once Nest has
 * built it, so `createHttpApp` publishes it here right after start-up, before the server listens.
 */
@Injectable()
export class PublishedApiDescription {
  private document: OpenAPIObject | undefined;

  publish(document: OpenAPIObject): void {
    this.document = document;
  }

  get(): OpenAPIObject {
    if (!this.document) throw new Error('The API description was not published at start-up');
    return this.document;
  }
}
