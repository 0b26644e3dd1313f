import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { Access } from '@lib/http';
import { ShutdownState } from '../shutdown/shutdown-state';
import { RedisHealthIndicator } from './redis.health';

@Controller('health')
@Access('public')
@ApiExcludeController() // operational probes outside /api/v1, not part of the API description
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly redis: RedisHealthIndicator,
    private readonly indicator: HealthIndicatorService,
    private readonly shutdown: ShutdownState,
  ) {}

  /** The process is up and serving HTTP. */
  @Get('live')
  @HealthCheck()
  live() {
    return this.health.check([]);
  }

  /** PostgreSQL and Redis answer, and the process is not shutting down: the instance can take traffic. */
  @Get('ready')
  @HealthCheck()
  ready() {
    return this.health.check([
      () => {
        const check = this.indicator.check('shutdown');
        return this.shutdown.draining ? check.down({ draining: true }) : check.up();
      },
      () => this.database.pingCheck('database', { timeout: 1500 }),
      () => this.redis.check('redis'),
    ]);
  }
}
