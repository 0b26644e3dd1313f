import type { INestApplication } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { describeApi } from './api-description';
import { PublishedApiDescription } from './published-api-description';

/** Describes the built application and hands the document to the route that serves it. */
export function publishApiDescription(app: INestApplication): void {
  app.get(PublishedApiDescription).publish(describeApi(app, app.get(AppConfig).apiBaseUrl));
}
