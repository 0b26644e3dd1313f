import type { AttestationRequest } from '../../attestation-requests/domain/attestation-request';
import type { Person } from '../../people/domain/person';
import { languageOf, SUPPORTED_LANGUAGES, type SupportedLanguage } from '@lib/core';
import type { ComponentChildren } from 'preact';
import type { ManagingContext } from '../http/console-door';
import { formatTime, Layout, PostForm } from './layout';
import { Notice, Pager } from './pager';
import { RowsTable } from './table';

/** Each language in its own name; a regional locale set through the API or SCIM (`pt-BR`) stays selectable. */
const LANGUAGE_NAMES: Record<SupportedLanguage, string> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  it: 'Italiano',
  nl: 'Nederlands',
  pt: 'Português',
};

function localeChoices(current: string | null): [string, string][] {
  const choices: [string, string][] = SUPPORTED_LANGUAGES.map((language) => [language, LANGUAGE_NAMES[language]]);
  if (current && !choices.some(([tag]) => tag === current))
    choices.push([current, `${LANGUAGE_NAMES[languageOf(current)]} (${current})`]);
  return choices;
}

/** The fields of a person, filled with `person`'s values when editing. */
function PersonFields(props: { person?: Person }) {
  const { person } = props;
  return (
    <>
      <label for="first_name">First name</label>
      <input id="first_name" name="first_name" maxLength={255} value={person?.firstName ?? ''} />
      <label for="last_name">Last name</label>
      <input id="last_name" name="last_name" required maxLength={255} value={person?.lastName ?? ''} />
      <label for="email">Email address</label>
      <input id="email" name="email" type="email" required maxLength={255} value={person?.email ?? ''} />
      <label for="phone">Phone (international, e.g. +44 20 7946 0000)</label>
      <input id="phone" name="phone" type="tel" maxLength={32} value={person?.phone ?? ''} />
      <label for="locale">Language of their emails, page and certificate</label>
      <select id="locale" name="locale">
        <option value="" selected={!person?.locale}>
          The organization's default
        </option>
        {localeChoices(person?.locale ?? null).map(([tag, name]) => (
          <option value={tag} selected={person?.locale === tag}>
            {name}
          </option>
        ))}
      </select>
    </>
  );
}

/** A person in a table's row: their name, linking to their page, and their email. */
export function PersonCells(props: { person: Person }) {
  const { person } = props;
  return (
    <>
      <td>
        <a href={`/console/people/${person.id}`}>{person.name}</a>
      </td>
      <td class="details">{person.email}</td>
    </>
  );
}

/** The search of the people pages: by name or email, archived ones apart. */
export function PeopleSearch(props: { search: string; archived: boolean }) {
  const { search, archived } = props;
  return (
    <form method="get" action="/console/people" class="filters" role="search">
      <label for="search">Name or email</label>
      <input id="search" name="search" value={search} maxLength={255} />
      <label>
        <input type="checkbox" name="archived" value="1" checked={archived} /> Archived
      </label>
      <button type="submit" class="secondary">
        Search
      </button>
    </form>
  );
}

/** What a row of a person's requests shows. */
interface ShownRequest {
  id: string;
  status: string;
  sentAt: Date | null;
  lastRemindedAt: Date | null;
}

/** A person's requests under their heading: the document, the status, when sent and reminded, and a last column. */
export function RequestsTable<R extends ShownRequest>(props: {
  requests: R[];
  document: (request: R) => ComponentChildren;
  last: { heading: string; cell: (request: R) => ComponentChildren };
}) {
  const { last } = props;
  return (
    <>
      <h2>Requests</h2>
      <RowsTable
        label="Requests"
        columns={['Document', 'Status', 'Sent', 'Last reminder', last.heading]}
        rows={props.requests}
        empty="No request yet."
        row={(request) => (
          <tr>
            <td>{props.document(request)}</td>
            <td>{request.status}</td>
            <td>{formatTime(request.sentAt)}</td>
            <td>{formatTime(request.lastRemindedAt)}</td>
            <td>{last.cell(request)}</td>
          </tr>
        )}
      />
    </>
  );
}

/** The organization's people: search by name or email, archived ones apart; add someone. */
export function PeoplePage(props: {
  context: ManagingContext;
  csrf: string;
  people: Person[];
  page: number;
  perPage: number;
  total: number;
  search: string;
  archived: boolean;
}) {
  const { context, csrf, people, search, archived } = props;
  const query = (page: number) =>
    `/console/people?${new URLSearchParams({ search, ...(archived ? { archived: '1' } : {}), page: String(page) })}`;
  return (
    <Layout title="People" context={context} csrf={csrf} section="people">
      <PeopleSearch search={search} archived={archived} />
      <RowsTable
        label="People"
        columns={['Name', 'Email', 'Added']}
        rows={people}
        empty="No one matches."
        row={(person) => (
          <tr>
            <PersonCells person={person} />
            <td>{formatTime(person.createdAt)}</td>
          </tr>
        )}
      />
      <Pager page={props.page} perPage={props.perPage} total={props.total} href={query} />
      <h2>Add someone</h2>
      <PostForm action="/console/people" csrf={csrf} class="stack">
        <PersonFields />
        <button type="submit">Add the person</button>
      </PostForm>
    </Layout>
  );
}

/** One person: change them, archive or restore them, and their requests with the evidence of each. */
export function PersonPage(props: {
  context: ManagingContext;
  csrf: string;
  person: Person;
  requests: AttestationRequest[];
  documentNames: Map<string, string>;
  notice?: string;
}) {
  const { context, csrf, person, requests } = props;
  return (
    <Layout title={person.name} context={context} csrf={csrf} section="people">
      <Notice text={props.notice} />
      {person.archivedAt && <p>{`Archived ${formatTime(person.archivedAt)}.`}</p>}
      <RequestsTable
        requests={requests}
        document={(request) => props.documentNames.get(request.documentId) ?? 'Document'}
        last={{
          heading: 'Evidence',
          cell: (request) => (
            <>
              <a href={`/console/requests/${request.id}/evidence`}>Evidence</a>
              {request.status === 'attested' && (
                <>
                  {' · '}
                  <a href={`/console/requests/${request.id}/certificate`}>Certificate</a>
                </>
              )}
            </>
          ),
        }}
      />
      <h2>Change</h2>
      <PostForm action={`/console/people/${person.id}`} csrf={csrf} class="stack">
        <PersonFields person={person} />
        <button type="submit">Save</button>
      </PostForm>
      <h2>{person.archivedAt ? 'Restore' : 'Archive'}</h2>
      <PostForm action={`/console/people/${person.id}/${person.archivedAt ? 'restore' : 'archive'}`} csrf={csrf}>
        <button type="submit" class={person.archivedAt ? 'secondary' : 'danger'}>
          {person.archivedAt ? 'Restore this person' : 'Archive this person'}
        </button>
      </PostForm>
    </Layout>
  );
}
