import { Module } from '@nestjs/common';
import { ApiDescriptionController } from './api-description.controller';
import { PublishedApiDescription } from './published-api-description';

/** Serves the OpenAPI document and the browsable reference; only the HTTP API imports it. */
@Module({
  controllers: [ApiDescriptionController],
  providers: [PublishedApiDescription],
})
export class ApiDescriptionModule {}
