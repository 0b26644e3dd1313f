import { MigrationInterface, QueryRunner } from 'typeorm';

const ALPHABET_CLASS = '[0-9a-hjkmnp-tv-z]';

/**
 * The same rule for every `ulid` value, checked about five times faster. PostgreSQL's regex engine runs a bounded
 * repetition (`{25}`) as 25 copies of the class: about 1.5 µs a value, against 0.3 µs for `*` and a length test.
 * Every id written pays it: a group add's pair writes some fifteen (assignment, request, event, standing, the
 * email's list), about 20 µs of PostgreSQL CPU per pair. The accepted strings are the same: `*` over an ASCII class
 * with an octet length of 26 is exactly 25 of them after the first. Hence `NOT VALID`: every stored value passed the
 * old check, so it passes this one (and PostgreSQL cannot validate a domain used by an array column,
 * `notifications.attestation_request_ids`, anyway); new values are checked as before.
 */
export class CheaperUlidCheck1766300000000 implements MigrationInterface {
  name = 'CheaperUlidCheck1766300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER DOMAIN ulid DROP CONSTRAINT ulid_check`);
    await db.query(`
      ALTER DOMAIN ulid ADD CONSTRAINT ulid_check
        CHECK (octet_length(VALUE) = 26 AND VALUE ~ '^[0-7]${ALPHABET_CLASS}*$') NOT VALID`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER DOMAIN ulid DROP CONSTRAINT ulid_check`);
    await db.query(
      `ALTER DOMAIN ulid ADD CONSTRAINT ulid_check CHECK (VALUE ~ '^[0-7]${ALPHABET_CLASS}{25}$') NOT VALID`,
    );
  }
}
