-- The payment result page is /payResult (spec section 2), not /pay/payResult: grants kept under
-- the old address are renamed so sub-accounts holding it keep it.
UPDATE "users"
SET "grants" = (
  SELECT jsonb_agg(
    CASE WHEN grant_entry->>'url' = '/pay/payResult'
      THEN jsonb_set(grant_entry, '{url}', '"/payResult"')
      ELSE grant_entry
    END
    ORDER BY position
  )
  FROM jsonb_array_elements("grants") WITH ORDINALITY AS entries(grant_entry, position)
)
WHERE "grants" IS NOT NULL AND jsonb_typeof("grants") = 'array' AND jsonb_array_length("grants") > 0;
