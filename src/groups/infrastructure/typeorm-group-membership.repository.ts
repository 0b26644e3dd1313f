import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { activeManager } from '../../database/typeorm-unit-of-work';
import {
  GroupMembershipRepository,
  JoiningSide,
  MembershipGroup,
  RequestedPair,
} from '../application/group-membership.repository';
import type { GroupReference } from '../application/group.repository';
import type { Group } from '../domain/group';
import { GROUP_COLUMNS, groupFromRow, GroupRow } from './group.record';

/** How many assignments one statement of `assignToMembers` writes at most (whole documents). */
const ASSIGNMENTS_PER_STATEMENT = 2_000;
/** How many pairs one statement of `withStandingsOnce` computes at most (whole documents). */
const STANDINGS_PER_STATEMENT = 2_000;
/**
 * Transaction-local: while it is `deferred`, inserting assignments or requests leaves the pairs' standings alone
 * (the insert triggers' condition, migration 1766100000001).
 */
const PAIR_STANDINGS_SETTING = 'attest.pair_standings';

/** Deletes the one row; `$3`, the organization, is null for the admin CLI. group_documents has no organization. */
const REMOVE_SQL: Record<JoiningSide, string> = {
  people: `DELETE FROM group_memberships WHERE group_id = $1 AND person_id = $2
              AND ($3::varchar IS NULL OR organization_id = $3)
           RETURNING person_id`,
  documents: `DELETE FROM group_documents grouped USING groups grp
               WHERE grouped.group_id = $1 AND grouped.document_id = $2 AND grp.id = grouped.group_id
                 AND ($3::varchar IS NULL OR grp.organization_id = $3)
              RETURNING grouped.document_id`,
};

/**
 * Plain SQL over the shared tables, one statement per step. Rows are inserted in key order so that concurrent
 * adds of overlapping people lock them in the same order and cannot deadlock each other.
 */
@Injectable()
export class TypeormGroupMembershipRepository extends GroupMembershipRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async lockGroup(reference: GroupReference, purpose: `adding-${JoiningSide}`): Promise<Group | null> {
    const rows: GroupRow[] = await activeManager(this.db).query(
      `SELECT ${GROUP_COLUMNS} FROM groups
        WHERE id = $1 AND ($2::varchar IS NULL OR organization_id = $2)
         ${purpose === 'adding-people' ? 'FOR SHARE' : 'FOR UPDATE'}`,
      [reference.groupId, reference.organizationId ?? null],
    );
    const [row] = rows;
    return row ? groupFromRow(row) : null;
  }

  addMissing(side: JoiningSide, group: MembershipGroup, ids: readonly string[], now: Date): Promise<string[]> {
    return side === 'people' ? this.addMissingMembers(group, ids, now) : this.addMissingDocuments(group, ids, now);
  }

  assign(side: JoiningSide, group: MembershipGroup, ids: readonly string[], now: Date): Promise<void> {
    return side === 'people' ? this.assignGroupDocuments(group, ids, now) : this.assignToMembers(group, ids, now);
  }

  findOtherSide(side: JoiningSide, group: MembershipGroup): Promise<string[]> {
    return side === 'people' ? this.findGroupDocumentIds(group) : this.findMemberIds(group);
  }

  private async addMissingDocuments(
    group: MembershipGroup,
    documentIds: readonly string[],
    now: Date,
  ): Promise<string[]> {
    const rows: { document_id: string }[] = await activeManager(this.db).query(
      `INSERT INTO group_documents (group_id, document_id, created_at)
       SELECT $1::varchar, document.id, $2::timestamptz FROM unnest($3::varchar[]) AS document (id)
        ORDER BY document.id
       ON CONFLICT (group_id, document_id) DO NOTHING
       RETURNING document_id`,
      [group.id, now, [...documentIds]],
    );
    return rows.map((row) => row.document_id);
  }

  private async assignToMembers(group: MembershipGroup, documentIds: readonly string[], now: Date): Promise<void> {
    if (documentIds.length === 0) return;
    const manager = activeManager(this.db);
    // Statements of at most ~ASSIGNMENTS_PER_STATEMENT rows (whole documents), so that none (with the counters'
    // triggers) nears the statement timeout on a loaded machine.
    const [{ members }]: { members: number }[] = await manager.query(
      `SELECT count(*)::int AS members FROM group_memberships WHERE group_id = $1`,
      [group.id],
    );
    const perStatement = Math.max(1, Math.floor(ASSIGNMENTS_PER_STATEMENT / Math.max(1, members)));
    const sorted = [...documentIds].sort();
    for (let start = 0; start < sorted.length; start += perStatement) {
      await manager.query(
        `INSERT INTO document_assignments (document_id, person_id, organization_id, group_id, created_at)
         SELECT document.id, member.person_id, $2::varchar, $1::varchar, $3::timestamptz
           FROM unnest($4::varchar[]) AS document (id)
           CROSS JOIN group_memberships member
          WHERE member.group_id = $1::varchar
          ORDER BY document.id, member.person_id
         ON CONFLICT (document_id, person_id) DO NOTHING`,
        [group.id, group.organizationId, now, sorted.slice(start, start + perStatement)],
      );
    }
  }

  private async findMemberIds(group: MembershipGroup): Promise<string[]> {
    const rows: { person_id: string }[] = await activeManager(this.db).query(
      `SELECT person_id FROM group_memberships WHERE group_id = $1 ORDER BY person_id`,
      [group.id],
    );
    return rows.map((row) => row.person_id);
  }

  /** Share-locked in key order, like every writer that locks several of them. */
  async findActive(side: JoiningSide, organizationId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    // Each side is named after its table.
    const rows: { id: string }[] = await activeManager(this.db).query(
      `SELECT id FROM ${side} WHERE organization_id = $1 AND id = ANY($2) AND archived_at IS NULL
        ORDER BY id FOR SHARE`,
      [organizationId, [...ids]],
    );
    return new Set(rows.map((row) => row.id));
  }

  private async addMissingMembers(group: MembershipGroup, personIds: readonly string[], now: Date): Promise<string[]> {
    const rows: { person_id: string }[] = await activeManager(this.db).query(
      `INSERT INTO group_memberships (group_id, person_id, organization_id, created_at)
       SELECT $1::varchar, person.id, $2::varchar, $3::timestamptz FROM unnest($4::varchar[]) AS person (id)
        ORDER BY person.id
       ON CONFLICT (group_id, person_id) DO NOTHING
       RETURNING person_id`,
      [group.id, group.organizationId, now, [...personIds]],
    );
    return rows.map((row) => row.person_id);
  }

  private async assignGroupDocuments(group: MembershipGroup, personIds: readonly string[], now: Date): Promise<void> {
    await activeManager(this.db).query(
      `INSERT INTO document_assignments (document_id, person_id, organization_id, group_id, created_at)
       SELECT grouped.document_id, person.id, $2::varchar, $1::varchar, $3::timestamptz
         FROM group_documents grouped CROSS JOIN unnest($4::varchar[]) AS person (id)
        WHERE grouped.group_id = $1::varchar
        ORDER BY grouped.document_id, person.id
       ON CONFLICT (document_id, person_id) DO NOTHING`,
      [group.id, group.organizationId, now, [...personIds]],
    );
  }

  private async findGroupDocumentIds(group: MembershipGroup): Promise<string[]> {
    const rows: { document_id: string }[] = await activeManager(this.db).query(
      `SELECT document_id FROM group_documents WHERE group_id = $1 ORDER BY document_id`,
      [group.id],
    );
    return rows.map((row) => row.document_id);
  }

  async withStandingsOnce(
    personIds: readonly string[],
    documentIds: readonly string[],
    work: () => Promise<readonly RequestedPair[]>,
  ): Promise<void> {
    const manager = activeManager(this.db);
    // (No JIT either: the pool's connections run with jit off, see dataSourceOptions.)
    await manager.query(`SELECT set_config($1, 'deferred', true)`, [PAIR_STANDINGS_SETTING]);
    const requested = await work();
    await manager.query(`SELECT set_config($1, '', true)`, [PAIR_STANDINGS_SETTING]);
    if (personIds.length === 0 || documentIds.length === 0) return;
    // What decides the pairs, locked once for all of them (people, then documents, in key order, as every standing
    // computation locks them), so each statement below reads them as they stand until we commit.
    await manager.query(`SELECT lock_attestation_standing_sources($1, $2)`, [[...documentIds], [...personIds]]);
    const requestedPeople = new Map<string, string[]>();
    for (const pair of requested) {
      let people = requestedPeople.get(pair.documentId);
      if (!people) requestedPeople.set(pair.documentId, (people = []));
      people.push(pair.personId);
    }
    const perStatement = Math.max(1, Math.floor(STANDINGS_PER_STATEMENT / personIds.length));
    const sorted = [...documentIds].sort();
    for (let start = 0; start < sorted.length; start += perStatement) {
      const documents = sorted.slice(start, start + perStatement);
      const pairs = documents.flatMap((documentId) =>
        (requestedPeople.get(documentId) ?? []).map((personId) => [documentId, personId] as const),
      );
      // A pair issued its request here, assigned and of an active person, is `pending` whatever its earlier
      // requests (none open, none attesting the latest revision, or it would not have been issued one): its row
      // is inserted as such. Pairs that already have a row, and the others, get the computation of a new
      // assignment (assign_attestation_standings: the computed row, or a recompute under the row's lock). Exact
      // as that computation's direct insert is: a concurrent writer of the pair committed earlier left a row (ours
      // then conflicts), or it finds ours and waits for our commit.
      const [rest]: { documents: string[] | null; people: string[] | null }[] = await manager.query(
        `WITH settled AS (
           INSERT INTO attestation_standings (document_id, person_id, bucket)
           SELECT pair.document_id, pair.person_id, 'pending'
             FROM unnest($3::varchar[], $4::varchar[]) AS pair (document_id, person_id)
             JOIN people person ON person.id = pair.person_id AND person.archived_at IS NULL
             JOIN document_assignments assignment
               ON assignment.document_id = pair.document_id AND assignment.person_id = pair.person_id
            ORDER BY 1, 2
           ON CONFLICT (document_id, person_id) DO NOTHING
           RETURNING document_id, person_id
         )
         SELECT array_agg(document.id ORDER BY document.id, person.id) AS documents,
                array_agg(person.id ORDER BY document.id, person.id) AS people
           FROM unnest($1::varchar[]) AS document (id) CROSS JOIN unnest($2::varchar[]) AS person (id)
          WHERE NOT EXISTS (SELECT 1 FROM settled WHERE settled.document_id = document.id
                                                    AND settled.person_id = person.id)`,
        [documents, [...personIds], pairs.map(([documentId]) => documentId), pairs.map(([, personId]) => personId)],
      );
      if (rest.documents) {
        await manager.query(`SELECT assign_attestation_standings($1, $2)`, [rest.documents, rest.people]);
      }
    }
  }

  async remove(side: JoiningSide, group: GroupReference, id: string): Promise<boolean> {
    const [rows]: [unknown[], number] = await activeManager(this.db).query(REMOVE_SQL[side], [
      group.groupId,
      id,
      group.organizationId ?? null,
    ]);
    return rows.length > 0;
  }
}
