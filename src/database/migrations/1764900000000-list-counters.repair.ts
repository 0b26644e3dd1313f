/*
 * Part of ListCounters1764900000000, kept apart for its length: the statuses and buckets it counts by, and its
 * repair function. A frozen snapshot like the migration itself.
 */

export const OPEN = `('created', 'sent', 'viewed', 'bounced', 'failed', 'complained')`;
export const BUCKETS = ['latest', 'latest_open', 'due', 'due_open', 'pending', 'outdated', 'unrequested'] as const;

/**
 * Recounts from the source rows and repairs (also how existing data gets its counters). Locks the source tables
 * against writes for its duration, so nothing moves while it replaces the maintained values.
 */
export const REPAIR_LIST_COUNTERS = `
      CREATE FUNCTION repair_list_counters(p_organization varchar, p_now timestamptz) RETURNS integer
      LANGUAGE plpgsql AS $$
      DECLARE
        fixed integer := 0;
        n integer;
      BEGIN
        LOCK TABLE people, documents, groups, document_assignments, attestation_requests IN SHARE MODE;
        LOCK TABLE list_totals, attestation_standings, attestation_count_deltas IN EXCLUSIVE MODE;

        CREATE TEMP TABLE expected_totals ON COMMIT DROP AS
        SELECT organization_id, list, slot, count(*)::bigint AS total FROM (
          SELECT organization_id, CASE WHEN archived_at IS NULL THEN 'people_active' ELSE 'people_archived' END AS list,
                 (hashtext(id) & 15)::smallint AS slot
          FROM people WHERE p_organization IS NULL OR organization_id = p_organization
          UNION ALL
          SELECT organization_id, CASE WHEN archived_at IS NULL THEN 'documents_active' ELSE 'documents_archived' END,
                 (hashtext(id) & 15)::smallint
          FROM documents WHERE p_organization IS NULL OR organization_id = p_organization
          UNION ALL
          SELECT organization_id, 'groups', (hashtext(id) & 15)::smallint
          FROM groups WHERE p_organization IS NULL OR organization_id = p_organization
        ) r GROUP BY 1, 2, 3;
        DELETE FROM list_totals t
        WHERE (p_organization IS NULL OR t.organization_id = p_organization)
          AND t.total <> coalesce((SELECT e.total FROM expected_totals e WHERE e.organization_id = t.organization_id
                                     AND e.list = t.list AND e.slot = t.slot), 0);
        GET DIAGNOSTICS n = ROW_COUNT; fixed := fixed + n;
        INSERT INTO list_totals (organization_id, list, slot, total)
        SELECT e.* FROM expected_totals e
        WHERE NOT EXISTS (SELECT 1 FROM list_totals t WHERE t.organization_id = e.organization_id
                            AND t.list = e.list AND t.slot = e.slot);
        GET DIAGNOSTICS n = ROW_COUNT; fixed := fixed + n;

        CREATE TEMP TABLE expected_standings ON COMMIT DROP AS
        SELECT a.document_id, a.person_id,
               CASE
                 WHEN st.latest_at IS NOT NULL AND st.due_at < p_now AND st.has_open THEN 'due_open'
                 WHEN st.latest_at IS NOT NULL AND st.due_at < p_now THEN 'due'
                 WHEN st.latest_at IS NOT NULL AND st.has_open THEN 'latest_open'
                 WHEN st.latest_at IS NOT NULL THEN 'latest'
                 WHEN st.has_open THEN 'pending'
                 WHEN st.has_attested THEN 'outdated'
                 ELSE 'unrequested'
               END::varchar(16) AS bucket,
               st.due_at
        FROM document_assignments a
        JOIN documents doc ON doc.id = a.document_id
        JOIN people pe ON pe.id = a.person_id AND pe.archived_at IS NULL
        LEFT JOIN (
          SELECT r.document_id, r.person_id,
                 bool_or(r.status IN ${OPEN}) AS has_open,
                 max(r.attested_at) FILTER (WHERE r.status = 'attested' AND r.document_revision_id = d.latest_revision_id) AS latest_at,
                 max(r.attested_at) FILTER (WHERE r.status = 'attested' AND r.document_revision_id = d.latest_revision_id)
                   + make_interval(days => d.renewal_interval_days) AS due_at,
                 bool_or(r.status = 'attested') AS has_attested
          FROM attestation_requests r JOIN documents d ON d.id = r.document_id
          WHERE p_organization IS NULL OR r.organization_id = p_organization
          GROUP BY r.document_id, r.person_id, d.latest_revision_id, d.renewal_interval_days
        ) st ON st.document_id = a.document_id AND st.person_id = a.person_id
        WHERE p_organization IS NULL OR a.organization_id = p_organization;
        CREATE INDEX ON expected_standings (document_id, person_id);
        ANALYZE expected_standings;

        -- Pairs whose row says something else (or is missing), then rows of pairs no longer assignees.
        INSERT INTO attestation_standings AS s (document_id, person_id, bucket, due_at)
        SELECT e.document_id, e.person_id, e.bucket, e.due_at FROM expected_standings e
        LEFT JOIN attestation_standings x ON x.document_id = e.document_id AND x.person_id = e.person_id
        WHERE x.document_id IS NULL OR (x.bucket, x.due_at) IS DISTINCT FROM (e.bucket, e.due_at)
        ON CONFLICT (document_id, person_id) DO UPDATE SET bucket = EXCLUDED.bucket, due_at = EXCLUDED.due_at;
        GET DIAGNOSTICS n = ROW_COUNT; fixed := fixed + n;
        UPDATE attestation_standings s SET bucket = 'none', due_at = NULL
        FROM documents d
        WHERE d.id = s.document_id AND (p_organization IS NULL OR d.organization_id = p_organization)
          AND s.bucket <> 'none'
          AND NOT EXISTS (SELECT 1 FROM expected_standings e WHERE e.document_id = s.document_id AND e.person_id = s.person_id);
        GET DIAGNOSTICS n = ROW_COUNT; fixed := fixed + n;

        -- The deltas must add up to the standings: documents where they do not get one exact row.
        CREATE TEMP TABLE wrong_counts ON COMMIT DROP AS
        SELECT coalesce(w.document_id, h.document_id) AS document_id
        FROM (SELECT s.document_id, ${BUCKETS.map((b) => `count(*) FILTER (WHERE s.bucket = '${b}') AS ${b}`).join(', ')}
              FROM attestation_standings s JOIN documents d ON d.id = s.document_id
              WHERE (p_organization IS NULL OR d.organization_id = p_organization) AND s.bucket <> 'none'
              GROUP BY s.document_id) w
        FULL JOIN (SELECT c.document_id, ${BUCKETS.map((b) => `sum(c.${b}) AS ${b}`).join(', ')}
                   FROM attestation_count_deltas c JOIN documents d ON d.id = c.document_id
                   WHERE p_organization IS NULL OR d.organization_id = p_organization
                   GROUP BY c.document_id) h ON h.document_id = w.document_id
        WHERE (${BUCKETS.map((b) => `coalesce(w.${b}, 0)`).join(', ')})
              IS DISTINCT FROM (${BUCKETS.map((b) => `coalesce(h.${b}, 0)`).join(', ')});
        GET DIAGNOSTICS n = ROW_COUNT; fixed := fixed + n;
        DELETE FROM attestation_count_deltas c USING wrong_counts w WHERE c.document_id = w.document_id;
        INSERT INTO attestation_count_deltas (document_id, ${BUCKETS.join(', ')})
        SELECT s.document_id, ${BUCKETS.map((b) => `count(*) FILTER (WHERE s.bucket = '${b}')`).join(', ')}
        FROM attestation_standings s JOIN wrong_counts w ON w.document_id = s.document_id
        WHERE s.bucket <> 'none'
        GROUP BY s.document_id;
        RETURN fixed;
      END $$`;
