import { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables written once per (person, document) pair by a group add, and the single keys they lose. */
const PAIR_TABLES = ['document_assignments', 'attestation_requests'] as const;

/**
 * Fewer foreign-key checks per row on the two tables a group add writes once per (person, document) pair. Each
 * checked its document, its person and its organization with three keys (three lookups, three row locks per row).
 * Now the document and the person are each checked together with the organization, `(document_id,
 * organization_id)` against documents and `(person_id, organization_id)` against people: two lookups, and a
 * stronger rule (the row's organization is its document's and its person's, which the code always ensured but
 * nothing checked). The organization key is then implied, so it goes. A group add of 20,000 requests makes 40,000
 * fewer checks. Deleting an organization still removes the rows, through its documents and people.
 */
export class TenantForeignKeys1766100000000 implements MigrationInterface {
  name = 'TenantForeignKeys1766100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE documents ADD CONSTRAINT documents_tenant_key UNIQUE (id, organization_id)`);
    await db.query(`ALTER TABLE people ADD CONSTRAINT people_tenant_key UNIQUE (id, organization_id)`);
    for (const table of PAIR_TABLES) {
      await db.query(`
        ALTER TABLE ${table}
          DROP CONSTRAINT ${table}_document_id_fkey,
          DROP CONSTRAINT ${table}_person_id_fkey,
          DROP CONSTRAINT ${table}_organization_id_fkey,
          ADD CONSTRAINT ${table}_document_fkey FOREIGN KEY (document_id, organization_id)
            REFERENCES documents (id, organization_id) ON DELETE CASCADE,
          ADD CONSTRAINT ${table}_person_fkey FOREIGN KEY (person_id, organization_id)
            REFERENCES people (id, organization_id) ON DELETE CASCADE`);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of PAIR_TABLES) {
      await db.query(`
        ALTER TABLE ${table}
          DROP CONSTRAINT ${table}_document_fkey,
          DROP CONSTRAINT ${table}_person_fkey,
          ADD CONSTRAINT ${table}_document_id_fkey FOREIGN KEY (document_id) REFERENCES documents (id) ON DELETE CASCADE,
          ADD CONSTRAINT ${table}_person_id_fkey FOREIGN KEY (person_id) REFERENCES people (id) ON DELETE CASCADE,
          ADD CONSTRAINT ${table}_organization_id_fkey FOREIGN KEY (organization_id)
            REFERENCES organizations (id) ON DELETE CASCADE`);
    }
    await db.query(`ALTER TABLE people DROP CONSTRAINT people_tenant_key`);
    await db.query(`ALTER TABLE documents DROP CONSTRAINT documents_tenant_key`);
  }
}
