import { Controller, Get, Headers, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Access } from '@lib/http';
import { AppConfig } from '../config/app-config';
import { answerMetrics } from './metrics-endpoint';
import { Metrics } from './metrics';

/** `GET /metrics` on the API, outside /api/v1: for Prometheus, not part of the API description. */
@Controller('metrics')
@Access('public')
@ApiExcludeController()
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    private readonly config: AppConfig,
  ) {}

  @Get()
  async scrape(@Headers('authorization') authorization: string | undefined, @Res() response: Response): Promise<void> {
    const answer = await answerMetrics(this.metrics, this.config.metricsToken, authorization);
    response.status(answer.status).type(answer.contentType).send(answer.body);
  }
}
