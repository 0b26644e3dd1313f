import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module';
import { AddDocumentToGroup } from './application/add-document-to-group.use-case';
import { CreateGroup } from './application/create-group.use-case';
import { GroupRepository } from './application/group.repository';
import { ListGroups } from './application/list-groups.use-case';
import { GroupsController } from './http/groups.controller';
import { TypeormGroupRepository } from './infrastructure/typeorm-group.repository';

const useCases = [CreateGroup, AddDocumentToGroup, ListGroups];

@Module({
  imports: [DocumentsModule],
  controllers: [GroupsController],
  providers: [{ provide: GroupRepository, useClass: TypeormGroupRepository }, ...useCases],
  exports: [...useCases, GroupRepository],
})
export class GroupsModule {}
