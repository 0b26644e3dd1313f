import { Global, Module } from '@nestjs/common';
import { DatabaseReadings } from './database-readings';
import { Metrics } from './metrics';
import { MetricsController } from './metrics.controller';

/** The process's metrics, available to every module (the mailer, the lifecycle schedule, the HTTP layer). */
@Global()
@Module({
  providers: [Metrics, DatabaseReadings],
  exports: [Metrics],
})
export class MetricsModule {}

/** The API's `GET /metrics` (the worker serves the same from its own listener). */
@Module({ controllers: [MetricsController] })
export class MetricsHttpModule {}
