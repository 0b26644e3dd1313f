import { writeFileSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { AppConfig } from '../config/app-config';
import { describeApi, formatApiDescription } from './api-description';

/**
 * The APP_URL of the committed file: a reserved documentation domain (RFC 2606), since the file belongs to no
 * deployment. A running service names its own APP_URL in `servers`.
 */
export const DESCRIPTION_APP_URL = 'https://attestations.example';

/**
 * `npm run openapi`: writes the document the API serves at DESCRIPTION_APP_URL to `target`. The application is built in Nest's preview
 * mode, which reads every module, controller and decorator without instantiating providers, so no database,
 * Redis or environment is needed.
 */
export async function writeApiDescription(target: string): Promise<void> {
  // CoreModule insists on a database URL; in preview mode nothing connects to it.
  const config = new AppConfig({
    DATABASE_URL: 'postgres://preview.invalid/unused',
    APP_URL: DESCRIPTION_APP_URL,
    LOG_LEVEL: 'silent',
  });
  const app = await NestFactory.create(AppModule.forApi({ config }), {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  try {
    writeFileSync(target, formatApiDescription(describeApi(app, config.apiBaseUrl)));
  } finally {
    await app.close();
  }
}
