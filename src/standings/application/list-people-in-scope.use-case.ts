import { Injectable } from '@nestjs/common';
import { PersonSummary, ScopedDirectory } from './directory';
import type { KeysetPage } from './standings';
import { checkedSearch, KeysetInput, keysetRequest, Viewer, viewerScopeOf } from './viewer';

/** People the viewer may see (a group manager: their groups' people), by id, searched by name or email. */
@Injectable()
export class ListPeopleInScope {
  constructor(private readonly directory: ScopedDirectory) {}

  execute(
    input: { viewer: Viewer; search?: string | null; archived?: boolean } & KeysetInput,
  ): Promise<KeysetPage<PersonSummary>> {
    const filter = { search: checkedSearch(input.search), archived: input.archived ?? false };
    return this.directory.peoplePage(viewerScopeOf(input.viewer), filter, keysetRequest(input));
  }
}
