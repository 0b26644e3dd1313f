import { Injectable } from '@nestjs/common';
import { PersonSummary, ScopedDirectory } from './directory';
import { checkedSearch, Viewer, viewerScopeOf } from './viewer';

/** Every person the people list would show with this filter, streamed as the caller reads (the CSV export). */
@Injectable()
export class ExportPeopleInScope {
  constructor(private readonly directory: ScopedDirectory) {}

  execute(input: {
    viewer: Viewer;
    search?: string | null;
    name?: string | null;
    email?: string | null;
    phone?: string | null;
    archived?: boolean;
  }): AsyncIterable<PersonSummary> {
    const filter = {
      search: checkedSearch(input.search),
      name: input.name?.trim() || undefined,
      email: input.email?.trim() || undefined,
      phone: input.phone?.trim() || undefined,
      archived: input.archived ?? false,
    };
    return this.directory.peopleStream(viewerScopeOf(input.viewer), filter);
  }
}
