import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The whole data model. Ids are lowercase ULIDs (checked), every tenant table carries organization_id,
 * and the indexes are the ones the list endpoints and the request lifecycle query by.
 */
export class InitialSchema1763800000000 implements MigrationInterface {
  name = 'InitialSchema1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await db.query(`CREATE DOMAIN ulid AS varchar(26) CHECK (VALUE ~ '^[0-7][0-9a-hjkmnp-tv-z]{25}$')`);

    await db.query(`
      CREATE TABLE organizations (
        id ulid PRIMARY KEY,
        name varchar(255) NOT NULL,
        billing_status varchar(16) NOT NULL CHECK (billing_status IN ('trial', 'active', 'inactive')),
        trial_ends_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CHECK (billing_status <> 'trial' OR trial_ends_at IS NOT NULL)
      )`);

    await db.query(`
      CREATE TABLE users (
        id ulid PRIMARY KEY,
        name varchar(255) NOT NULL,
        email varchar(255) NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE UNIQUE INDEX users_email_unique ON users (lower(email))`);

    await db.query(`
      CREATE TABLE organization_memberships (
        organization_id ulid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        user_id ulid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        role varchar(16) NOT NULL CHECK (role IN ('owner', 'administrator', 'group_manager')),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (organization_id, user_id)
      )`);
    await db.query(`CREATE INDEX organization_memberships_user ON organization_memberships (user_id)`);

    await db.query(`
      CREATE TABLE api_tokens (
        id ulid PRIMARY KEY,
        organization_id ulid NOT NULL,
        user_id ulid NOT NULL,
        created_by_user_id ulid REFERENCES users (id) ON DELETE SET NULL,
        name varchar(255) NOT NULL,
        token_hash char(64) NOT NULL,
        scopes text[] NOT NULL DEFAULT ARRAY['api:use'],
        created_at timestamptz NOT NULL,
        last_used_at timestamptz,
        expires_at timestamptz,
        revoked_at timestamptz,
        FOREIGN KEY (organization_id, user_id)
          REFERENCES organization_memberships (organization_id, user_id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE UNIQUE INDEX api_tokens_hash_unique ON api_tokens (token_hash)`);
    await db.query(`CREATE INDEX api_tokens_organization ON api_tokens (organization_id, created_at)`);

    await db.query(`
      CREATE TABLE people (
        id ulid PRIMARY KEY,
        organization_id ulid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        first_name varchar(255),
        last_name varchar(255) NOT NULL,
        full_name varchar(511) GENERATED ALWAYS AS (
          CASE WHEN first_name IS NULL THEN last_name ELSE first_name || ' ' || last_name END
        ) STORED,
        email varchar(255) NOT NULL,
        phone varchar(32),
        source varchar(16) NOT NULL CHECK (source IN ('oauth', 'web', 'system', 'partner_center')),
        source_id varchar(255),
        archived_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE UNIQUE INDEX people_email_unique ON people (organization_id, lower(email))`);
    await db.query(`CREATE INDEX people_active ON people (organization_id, created_at, id) WHERE archived_at IS NULL`);
    await db.query(
      `CREATE INDEX people_archived ON people (organization_id, created_at, id) WHERE archived_at IS NOT NULL`,
    );
    await db.query(`CREATE INDEX people_full_name_trgm ON people USING gin (full_name gin_trgm_ops)`);
    await db.query(`CREATE INDEX people_email_trgm ON people USING gin (email gin_trgm_ops)`);
    await db.query(`CREATE INDEX people_phone_trgm ON people USING gin (phone gin_trgm_ops)`);

    await db.query(`
      CREATE TABLE documents (
        id ulid PRIMARY KEY,
        organization_id ulid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        name varchar(255) NOT NULL,
        default_attestation_type varchar(16) NOT NULL DEFAULT 'signature'
          CHECK (default_attestation_type IN ('acknowledgment', 'signature')),
        requires_signature boolean NOT NULL DEFAULT true,
        renewal_interval_days integer CHECK (renewal_interval_days > 0),
        auto_renew boolean NOT NULL DEFAULT false,
        latest_revision_id ulid,
        archived_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX documents_active ON documents (organization_id, name, id) WHERE archived_at IS NULL`);
    await db.query(
      `CREATE INDEX documents_archived ON documents (organization_id, name, id) WHERE archived_at IS NOT NULL`,
    );
    await db.query(`CREATE INDEX documents_name_trgm ON documents USING gin (name gin_trgm_ops)`);

    await db.query(`
      CREATE TABLE document_revisions (
        id ulid PRIMARY KEY,
        organization_id ulid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        document_id ulid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
        content text NOT NULL DEFAULT '',
        content_type varchar(32) NOT NULL DEFAULT 'text/markdown',
        content_sha256 char(64) NOT NULL,
        published_at timestamptz,
        created_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX document_revisions_document ON document_revisions (document_id, published_at)`);
    await db.query(`
      ALTER TABLE documents ADD CONSTRAINT documents_latest_revision_fk
        FOREIGN KEY (latest_revision_id) REFERENCES document_revisions (id) DEFERRABLE INITIALLY DEFERRED`);

    await db.query(`
      CREATE TABLE groups (
        id ulid PRIMARY KEY,
        organization_id ulid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        name varchar(255) NOT NULL,
        auto_issue_requests boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX groups_listing ON groups (organization_id, name, id)`);

    await db.query(`
      CREATE TABLE group_documents (
        group_id ulid NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
        document_id ulid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (group_id, document_id)
      )`);
    await db.query(`CREATE INDEX group_documents_document ON group_documents (document_id)`);

    await db.query(`
      CREATE TABLE group_memberships (
        group_id ulid NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
        person_id ulid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
        organization_id ulid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (group_id, person_id)
      )`);
    await db.query(`CREATE INDEX group_memberships_person ON group_memberships (person_id)`);

    await db.query(`
      CREATE TABLE document_assignments (
        document_id ulid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
        person_id ulid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
        organization_id ulid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        group_id ulid REFERENCES groups (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (document_id, person_id)
      )`);
    await db.query(`CREATE INDEX document_assignments_person ON document_assignments (person_id)`);

    await db.query(`
      CREATE TABLE attestation_requests (
        id ulid PRIMARY KEY,
        organization_id ulid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        document_id ulid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
        document_revision_id ulid NOT NULL REFERENCES document_revisions (id),
        person_id ulid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
        recipient_name varchar(511) NOT NULL,
        recipient_email varchar(255) NOT NULL,
        requested_attestation_type varchar(16) NOT NULL DEFAULT 'signature'
          CHECK (requested_attestation_type IN ('acknowledgment', 'signature')),
        source varchar(16) NOT NULL CHECK (source IN ('oauth', 'web', 'system', 'partner_center')),
        status varchar(16) NOT NULL CHECK (status IN
          ('created', 'sent', 'viewed', 'attested', 'canceled', 'expired', 'bounced', 'failed', 'complained')),
        recipient_message text CHECK (char_length(recipient_message) <= 5000),
        access_token_hash char(64),
        sent_at timestamptz,
        last_reminded_at timestamptz,
        reminder_count integer NOT NULL DEFAULT 0,
        viewed_at timestamptz,
        attested_at timestamptz,
        canceled_at timestamptz,
        expires_at timestamptz,
        expired_at timestamptz,
        requested_by_user_id ulid REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    // At most one open request per person and document: concurrent issuers collide here, not in memory.
    await db.query(`
      CREATE UNIQUE INDEX attestation_requests_one_open ON attestation_requests (document_id, person_id)
        WHERE status IN ('created', 'sent', 'viewed', 'bounced', 'failed', 'complained')`);
    await db.query(
      `CREATE INDEX attestation_requests_document_person ON attestation_requests (document_id, person_id, status)`,
    );
    await db.query(`CREATE INDEX attestation_requests_person ON attestation_requests (person_id)`);
    await db.query(`CREATE UNIQUE INDEX attestation_requests_access_token ON attestation_requests (access_token_hash)`);
    await db.query(`
      CREATE INDEX attestation_requests_expiring ON attestation_requests (expires_at)
        WHERE expires_at IS NOT NULL AND status IN ('created', 'sent', 'viewed', 'bounced', 'failed', 'complained')`);

    await db.query(`
      CREATE TABLE attestations (
        id ulid PRIMARY KEY,
        organization_id ulid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        attestation_request_id ulid NOT NULL UNIQUE REFERENCES attestation_requests (id) ON DELETE CASCADE,
        document_revision_id ulid NOT NULL REFERENCES document_revisions (id),
        typed_name varchar(511) NOT NULL,
        name_matches_recipient boolean NOT NULL,
        content_sha256 char(64) NOT NULL,
        ip_address varchar(64),
        user_agent varchar(1024),
        attested_at timestamptz NOT NULL
      )`);

    // The email outbox: written in the same transaction as the requests it announces, relayed to the queue
    // after commit, and marked sent by the worker, so a notification is neither lost nor sent twice.
    await db.query(`
      CREATE TABLE notifications (
        id ulid PRIMARY KEY,
        organization_id ulid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        person_id ulid NOT NULL REFERENCES people (id) ON DELETE CASCADE,
        kind varchar(32) NOT NULL,
        attestation_request_ids ulid[] NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        relayed_at timestamptz,
        sent_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX notifications_unrelayed ON notifications (created_at) WHERE status = 'pending'`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of [
      'notifications',
      'attestations',
      'attestation_requests',
      'document_assignments',
      'group_memberships',
      'group_documents',
      'groups',
    ]) {
      await db.query(`DROP TABLE IF EXISTS ${table}`);
    }
    await db.query(`ALTER TABLE documents DROP CONSTRAINT IF EXISTS documents_latest_revision_fk`);
    for (const table of [
      'document_revisions',
      'documents',
      'people',
      'api_tokens',
      'organization_memberships',
      'users',
      'organizations',
    ]) {
      await db.query(`DROP TABLE IF EXISTS ${table}`);
    }
    await db.query(`DROP DOMAIN IF EXISTS ulid`);
  }
}
