import { defineScenario } from '../scenario';

/** One person by id: the pipeline plus one primary-key read. */
export default defineScenario({
  bare: true,
  name: 'GET /people/{id}',
  request: async ({ sql, organizationId }) => {
    const [{ id }] = await sql<{ id: string }>(
      `SELECT id FROM people WHERE organization_id = $1 AND archived_at IS NULL ORDER BY created_at, id OFFSET 5000 LIMIT 1`,
      [organizationId],
    );
    return { path: `/people/${id}` };
  },
});
