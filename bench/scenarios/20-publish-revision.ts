import { defineScenario } from '../scenario';

const ASSIGNEES = 62_000;

/**
 * POST /documents/{id}/revisions for a document assigned to 62,000 people, a third of whom attested it: publishing
 * does nothing per person (the counts read who attested which revision), so it must stay under 100 ms whatever
 * the number of assignees. Each measured request publishes one more revision of the same document.
 */
export default defineScenario({
  name: `POST /documents/{id}/revisions (document assigned to ${ASSIGNEES.toLocaleString('en')} people)`,
  expectStatus: 201,
  maxMedianMs: 100,
  async request({ sql, organizationId }) {
    const [document] = await sql<{ id: string }>(
      `SELECT id FROM documents WHERE organization_id = $1 AND archived_at IS NULL AND latest_revision_id IS NOT NULL
        ORDER BY id LIMIT 1`,
      [organizationId],
    );
    await sql(
      `INSERT INTO document_assignments (document_id, person_id, organization_id, created_at)
       SELECT $1::varchar, p.id, $2::varchar, now() FROM people p WHERE p.organization_id = $2::varchar
        ORDER BY p.id LIMIT ${ASSIGNEES}
       ON CONFLICT DO NOTHING`,
      [document.id, organizationId],
    );
    const [{ assignees }] = await sql<{ assignees: number }>(
      `SELECT count(*)::int AS assignees FROM document_assignments WHERE document_id = $1`,
      [document.id],
    );
    if (assignees < ASSIGNEES) throw new Error(`only ${assignees} assignees`);
    return {
      path: `/documents/${document.id}/revisions`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: '# Policy\n\nA new version of the policy.\n', format: 'markdown' }),
    };
  },
});
