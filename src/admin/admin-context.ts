import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { BackgroundModule } from '../background.module';
import { AppConfig } from '../config/app-config';
import { loadOrCreateAppKey, localDataDir } from '../config/local-data';
import { EmbeddedDatabase, embeddedPort, openEmbeddedDatabase } from '../database/embedded-postgres';

export interface AdminContext {
  app: INestApplicationContext;
  close(): Promise<void>;
}

/**
 * The application without HTTP, for one command. With DATABASE_URL it uses that database. Without, it uses the
 * embedded one that `npm start` created under the data directory: the running one if `npm start` is up, else it
 * starts it for the duration of the command. It never creates one: provisioning an empty database by accident
 * would hide a forgotten DATABASE_URL.
 */
export async function openAdminContext(env: NodeJS.ProcessEnv): Promise<AdminContext> {
  let embedded: EmbeddedDatabase | undefined;
  const overrides: Record<string, string> = {};
  if (!env.DATABASE_URL?.trim()) {
    const dataDir = localDataDir(env);
    embedded = await openEmbeddedDatabase(dataDir, { create: false, port: embeddedPort(env) });
    overrides.DATABASE_URL = embedded.url;
    if (!env.APP_KEY?.trim()) overrides.APP_KEY = loadOrCreateAppKey(dataDir);
  }
  try {
    // Logs go to stderr, warnings and errors only unless LOG_LEVEL says otherwise: stdout carries the answer.
    const config = new AppConfig({ ...env, LOG_LEVEL: env.LOG_LEVEL?.trim() || 'warn', ...overrides });
    // No Nest logger while booting: its console logger writes to stdout, and a boot failure is reported by
    // the CLI itself in one line.
    const app = await NestFactory.createApplicationContext(
      BackgroundModule.forRoot({ config, logTo: 'stderr', databaseConnectRetries: 0 }),
      {
        logger: false,
        abortOnError: false,
      },
    );
    app.useLogger(app.get(Logger));
    return {
      app,
      close: async () => {
        await app.close();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}
