import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditLog } from './application/audit-log';
import { AuditTrail } from './application/audit-trail';
import { ExportAuditLog } from './application/export-audit-log.use-case';
import { ListAuditLog } from './application/list-audit-log.use-case';
import { AuditLogController } from './http/audit-log.controller';
import { AuditEntryRecord } from './infrastructure/audit-entry.record';
import { TypeormAuditLog } from './infrastructure/typeorm-audit-log';

/** Who did what, when, from where: written by the use-cases of every door, read by owners and administrators. */
@Module({
  imports: [TypeOrmModule.forFeature([AuditEntryRecord])],
  controllers: [AuditLogController],
  providers: [{ provide: AuditLog, useClass: TypeormAuditLog }, AuditTrail, ListAuditLog, ExportAuditLog],
  exports: [AuditTrail, ListAuditLog, ExportAuditLog],
})
export class AuditLogModule {}
