import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import { Clock, SystemClock } from '@lib/core';
import { AppConfig } from './config/app-config';
import { dataSourceOptions } from './database/data-source-options';
import { RowStreams } from './database/row-streams';
import { TypeormUnitOfWork } from './database/typeorm-unit-of-work';
import { UnitOfWork } from './database/unit-of-work';
import { MetricsModule } from './metrics/metrics.module';
import { RedisModule } from './redis/redis.module';
import { ShutdownModule } from './shutdown/shutdown-state';
import { requestBindings } from './logging/request-log';

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
            redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.body'], remove: true },
            // Lines logged while a request is served carry it as `req` (its id, method and path). `requestLog` writes
            // `req` and `res` already described, so pino-http's serializers for them (made for the Node objects) stay off.
            mixin: requestBindings,
            wrapSerializers: false,
            stream: options.logStream ?? (options.logTo === 'stderr' ? pino.destination(2) : undefined),
          },
          // The request line and the request id come from `requestLog` (src/logging/request-log.ts), mounted by the
          // HTTP application: no pino-http middleware on any route.
          forRoutes: [],
        }),
        TypeOrmModule.forRoot({
          ...dataSourceOptions(config.databaseUrl, 10, {
            statementTimeoutMs: config.statementTimeoutMs,
            queryTimeoutMs: config.queryTimeoutMs,
            pooler: config.databasePooler,
            namedStatements: config.databaseNamedStatements,
            idleInTransactionTimeoutMs: config.idleInTransactionTimeoutMs,
          }),
          // Each feature module registers its own records (TypeOrmModule.forFeature): the database knows none of them.
          autoLoadEntities: true,
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
        RowStreams,
      ],
      exports: [AppConfig, Clock, RedisModule, UnitOfWork, RowStreams],
    };
  }
}
