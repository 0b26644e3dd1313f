import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { RedisHealthIndicator } from './redis.health';

@Module({
  imports: [TerminusModule.forRoot({ logger: false, errorLogStyle: 'json' })],
  controllers: [HealthController],
  providers: [RedisHealthIndicator],
})
export class HealthModule {}
