import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditLogModule } from '../audit-log/audit-log.module';
import { EventsModule } from '../events/events.module';
import { ArchivePerson } from './application/archive-person.use-case';
import { CreatePerson } from './application/create-person.use-case';
import { FindPersonById } from './application/find-person-by-id.use-case';
import { ListPeople } from './application/list-people.use-case';
import { PersonRepository } from './application/person.repository';
import { RestorePerson } from './application/restore-person.use-case';
import { ShowPerson } from './application/show-person.use-case';
import { UpdatePerson } from './application/update-person.use-case';
import { PeopleController } from './http/people.controller';
import { PersonPathGuard } from './http/person-path.guard';
import { TypeormPersonRepository } from './infrastructure/typeorm-person.repository';
import { PersonRecord } from './infrastructure/person.record';

const useCases = [CreatePerson, UpdatePerson, ArchivePerson, RestorePerson, ListPeople, FindPersonById, ShowPerson];

@Module({
  imports: [TypeOrmModule.forFeature([PersonRecord]), AuditLogModule, EventsModule],
  controllers: [PeopleController],
  providers: [{ provide: PersonRepository, useClass: TypeormPersonRepository }, PersonPathGuard, ...useCases],
  exports: [...useCases, PersonRepository],
})
export class PeopleModule {}
