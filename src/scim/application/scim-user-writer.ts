import { Injectable } from '@nestjs/common';
import { PageRequest } from '@lib/http';
import { CancelAttestationRequest } from '../../attestation-requests/application/cancel-attestation-request.use-case';
import { ListAttestationRequests } from '../../attestation-requests/application/list-attestation-requests.use-case';
import { OPEN_STATUSES } from '../../attestation-requests/domain/attestation-request-status';
import { ArchivePerson } from '../../people/application/archive-person.use-case';
import { RestorePerson } from '../../people/application/restore-person.use-case';
import { UpdatePerson } from '../../people/application/update-person.use-case';
import type { Person } from '../../people/domain/person';
import type { ScimUserState } from '../domain/scim-user';

/** A person as SCIM reads them. */
export function stateOf(person: Person): ScimUserState {
  return {
    userName: person.userName ?? person.email,
    externalId: person.externalId,
    givenName: person.firstName,
    familyName: person.lastName,
    email: person.email,
    phone: person.phone,
    locale: person.locale,
    active: !person.isArchived,
  };
}

/** Open requests canceled per page when a directory deactivates someone. */
const CANCEL_PAGE = 100;

/**
 * Brings a person to a SCIM state through the people's own use-cases, so a change through SCIM is the change the API
 * makes (rules, events): details by UpdatePerson (which writes only when something differs), `active` by
 * ArchivePerson or RestorePerson. A deactivation also cancels the person's open requests (someone who
 * left is asked nothing more), each by CancelAttestationRequest, as the API's cancel does (with `cancel_reason`
 * `archived`): its event and webhook, no email or reminder after. Callers run it inside their unit of work.
 */
@Injectable()
export class ScimUserWriter {
  constructor(
    private readonly updatePerson: UpdatePerson,
    private readonly archivePerson: ArchivePerson,
    private readonly restorePerson: RestorePerson,
    private readonly listRequests: ListAttestationRequests,
    private readonly cancelRequest: CancelAttestationRequest,
  ) {}

  async write(organizationId: string, person: Person, state: ScimUserState): Promise<Person> {
    const reference = { organizationId, personId: person.id };
    let current = await this.updatePerson.execute({
      ...reference,
      changes: {
        userName: state.userName,
        externalId: state.externalId,
        firstName: state.givenName,
        lastName: state.familyName ?? undefined,
        email: state.email,
        phone: state.phone,
        locale: state.locale,
      },
    });
    if (state.active === current.isArchived) {
      current = await (state.active ? this.restorePerson : this.archivePerson).execute(reference);
      if (!state.active) await this.cancelOpenRequests(organizationId, person.id);
    }
    return current;
  }

  /** Every open request of the person: each page is the first one again, the canceled ones having left it. */
  private async cancelOpenRequests(organizationId: string, personId: string): Promise<void> {
    for (;;) {
      const { items } = await this.listRequests.execute({
        organizationId,
        filter: { personId, statuses: OPEN_STATUSES },
        page: new PageRequest(1, CANCEL_PAGE),
      });
      for (const request of items) {
        await this.cancelRequest.execute({ organizationId, requestId: request.id, reason: 'archived' });
      }
      if (items.length < CANCEL_PAGE) return;
    }
  }
}
