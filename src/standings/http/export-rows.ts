import type { CsvCell } from '@lib/http';
import type { PersonSummary } from '../application/directory';
import type { PersonStanding } from '../application/standings';

/** The columns of a document's status export (the contract's), and of the people export. */
export const STATUS_CSV_HEADER = [
  'person_id',
  'name',
  'email',
  'groups',
  'bucket',
  'requested_at',
  'last_reminded_at',
  'attested_at',
  'revision_id',
] as const;

export const PEOPLE_CSV_HEADER = [
  'id',
  'first_name',
  'last_name',
  'email',
  'phone',
  'groups',
  'archived_at',
  'created_at',
] as const;

/** A person's groups in one cell. */
const groupsCell = (groups: readonly string[]) => groups.join('; ');

export async function* statusCsvRows(standings: AsyncIterable<PersonStanding>): AsyncGenerator<CsvCell[]> {
  for await (const s of standings) {
    yield [
      s.personId,
      s.name,
      s.email,
      groupsCell(s.groups),
      s.bucket,
      s.requestedAt,
      s.lastRemindedAt,
      s.attestedAt,
      s.revisionId,
    ];
  }
}

export async function* peopleCsvRows(people: AsyncIterable<PersonSummary>): AsyncGenerator<CsvCell[]> {
  for await (const p of people) {
    yield [p.id, p.firstName, p.lastName, p.email, p.phone, groupsCell(p.groups), p.archivedAt, p.createdAt];
  }
}

export const statusCsvName = (documentId: string) => `document-${documentId}-status.csv`;
