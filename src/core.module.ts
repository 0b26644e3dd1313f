import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import { Clock, SystemClock } from '@lib/core';
import { assignRequestId } from '@lib/http';
import { AppConfig } from './config/app-config';
import { dataSourceOptions } from './database/data-source-options';
import { TypeormUnitOfWork } from './database/typeorm-unit-of-work';
import { UnitOfWork } from './database/unit-of-work';
import { MetricsModule } from './metrics/metrics.module';
import { RedisModule } from './redis/redis.module';
import { ShutdownModule } from './shutdown/shutdown-state';
import { requestLineLevel } from './logging/request-line-level';

export interface CoreOptions {
  config: AppConfig;
  /** The CLI keeps stdout for its one JSON answer, so its logs go to stderr. */
  logTo?: 'stdout' | 'stderr';
  /** Tests read the request log from here. */
  logStream?: NodeJS.WritableStream;
  clock?: Clock;
  /** Connection attempts at boot before giving up (Nest's default: 9, 3 s apart); the CLI fails fast with 0. */
  databaseConnectRetries?: number;
}

/**
 * What the API, the worker and the admin CLI all need: configuration, clock, logging, PostgreSQL (and the one
 * unit of work every adapter goes through), Redis.
 */
@Global()
@Module({})
export class CoreModule {
  static forRoot(options: CoreOptions): DynamicModule {
    const { config } = options;
    if (!config.databaseUrl) throw new Error('DATABASE_URL is not set');
    return {
      module: CoreModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.logLevel,
            genReqId: assignRequestId,
            redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.body'], remove: true },
            serializers: {
              req: (req: { id: string; method: string; url: string }) => ({
                id: req.id,
                method: req.method,
                url: loggablePath(req.url),
              }),
            },
            customLogLevel: requestLineLevel(config.logLevel),
            // Read when the response ends, after the token guard has resolved who called; also when the request
            // starts, where nothing is known yet: `undefined` then spares a child logger per request.
            customProps: (req) => callerOf(req) as object,
            stream: options.logStream ?? (options.logTo === 'stderr' ? pino.destination(2) : undefined),
          },
          forRoutes: ['*splat'],
        }),
        TypeOrmModule.forRoot({
          ...dataSourceOptions(config.databaseUrl, 10, {
            statementTimeoutMs: config.statementTimeoutMs,
            queryTimeoutMs: config.queryTimeoutMs,
          }),
          ...(options.databaseConnectRetries === undefined ? {} : { retryAttempts: options.databaseConnectRetries }),
        }),
        RedisModule,
        MetricsModule,
        ShutdownModule,
      ],
      providers: [
        { provide: AppConfig, useValue: config },
        { provide: Clock, useValue: options.clock ?? new SystemClock() },
        // Provided once, for every module: two instances would be harmless today but would split the hooks.
        { provide: UnitOfWork, useClass: TypeormUnitOfWork },
      ],
      exports: [AppConfig, Clock, RedisModule, UnitOfWork],
    };
  }
}

/** The organization and token of an authenticated request, for its log line; none for anonymous ones. */
export function callerOf(request: object): Record<string, string> | undefined {
  const principal = (request as { principal?: { tokenId: string; organization: { id: string } } }).principal;
  return principal ? { organizationId: principal.organization.id, tokenId: principal.tokenId } : undefined;
}

/**
 * What of a URL goes to the logs: the path without the query (filters hold names, emails and phone numbers),
 * and never the attestation page's secret (Express routes /ATTEST/ as /attest/, so any letter case).
 */
export function loggablePath(url: string): string {
  const path = url.split('?')[0];
  return path.replace(/^(\/attest\/)[^/#]+/i, '$1[redacted]');
}
