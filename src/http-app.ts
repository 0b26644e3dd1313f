import { INestApplication, RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { createValidationPipe, deferredJsonBody } from '@lib/common';
import { AppModule } from './app.module';
import { CoreOptions } from './core.module';

/** Paths outside `/api/v1`: probes and the recipient's attestation page. */
const OUTSIDE_API_PREFIX = [
  { path: 'health/live', method: RequestMethod.GET },
  { path: 'health/ready', method: RequestMethod.GET },
  { path: 'attest/{*rest}', method: RequestMethod.ALL },
];

/** Builds the HTTP application exactly as production runs it; tests use the same function. */
export async function createHttpApp(options: CoreOptions): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forApi(options), {
    bodyParser: false,
    bufferLogs: true,
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  app.set('trust proxy', process.env.TRUST_PROXY ?? 'loopback');
  app.disable('x-powered-by');
  app.use(deferredJsonBody());
  app.setGlobalPrefix('api/v1', { exclude: OUTSIDE_API_PREFIX });
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();
  return app;
}
