-- @espectro/store — one rating_evidence record (issue 16 §1).
-- Until now the store kept rating_evidence in its own spelling (content_only_bias,
-- content_only_factuality, academic_bucket / academic_factuality, quote_distribution
-- {left, center, right}, news_bucket / opinion_bucket, ownership.last_control_change) and without
-- the record's identity fields. The one record is the seed 002 shape of @espectro/methodology
-- (RatingEvidenceRecordSchema): content_only_sesgo / content_only_factualidad, academic_assessment
-- {bucket, factuality}, quote_distribution {izq, centro, der}, news_sesgo / opinion_sesgo, a change of
-- control as an ownership_history entry with control_change, and domain / country / editorial_scope.
-- This migration rewrites every stored record of the old spelling into the new one, in sources and
-- in the rating history, so that no evidence is lost. Pending records ({status: 'pending', …}) and
-- records already in the new shape are left as they are.

CREATE FUNCTION espectro_0004_content(content jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN content IS NULL OR jsonb_typeof(content) <> 'object' THEN content
    WHEN content->>'status' = 'insufficient' THEN content
    ELSE (content - 'content_only_bias' - 'content_only_factuality' - 'news_bucket' - 'opinion_bucket' - 'quote_distribution')
      || jsonb_build_object('content_only_sesgo', COALESCE(content->'content_only_sesgo', content->'content_only_bias', 'null'::jsonb))
      || CASE WHEN content ? 'content_only_factuality'
              THEN jsonb_build_object('content_only_factualidad', content->'content_only_factuality') ELSE '{}'::jsonb END
      || CASE WHEN content ? 'news_bucket' THEN jsonb_build_object('news_sesgo', content->'news_bucket') ELSE '{}'::jsonb END
      || CASE WHEN content ? 'opinion_bucket' THEN jsonb_build_object('opinion_sesgo', content->'opinion_bucket') ELSE '{}'::jsonb END
      || CASE
           WHEN jsonb_typeof(content->'quote_distribution') = 'object' AND content->'quote_distribution' ? 'left'
             THEN jsonb_build_object('quote_distribution', jsonb_build_object(
               'izq', content->'quote_distribution'->'left',
               'centro', content->'quote_distribution'->'center',
               'der', content->'quote_distribution'->'right'))
           WHEN content ? 'quote_distribution' THEN jsonb_build_object('quote_distribution', content->'quote_distribution')
           ELSE '{}'::jsonb
         END
  END
$$;

CREATE FUNCTION espectro_0004_ownership(ownership jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN ownership IS NULL OR jsonb_typeof(ownership) <> 'object' OR NOT (ownership ? 'last_control_change') THEN ownership
    ELSE (ownership - 'last_control_change') || jsonb_build_object('ownership_history',
      COALESCE(ownership->'ownership_history', '[]'::jsonb) || jsonb_build_array(jsonb_build_object(
        'date', ownership->'last_control_change', 'event', 'change of control', 'control_change', true)))
  END
$$;

CREATE FUNCTION espectro_0004_record(evidence jsonb, row_domain text, row_country text, row_scope text)
RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT (evidence - 'academic_bucket' - 'academic_factuality' - 'ownership' - 'content')
    || jsonb_build_object('domain', row_domain, 'editorial_scope', row_scope)
    || CASE WHEN row_country IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('country', row_country) END
    || CASE WHEN evidence ? 'ownership' THEN jsonb_build_object('ownership', espectro_0004_ownership(evidence->'ownership')) ELSE '{}'::jsonb END
    || CASE WHEN evidence ? 'content' THEN jsonb_build_object('content', espectro_0004_content(evidence->'content')) ELSE '{}'::jsonb END
    || CASE WHEN evidence ? 'academic_bucket' OR evidence ? 'academic_factuality'
            THEN jsonb_build_object('academic_assessment', jsonb_strip_nulls(jsonb_build_object(
              'bucket', evidence->'academic_bucket', 'factuality', evidence->'academic_factuality')))
            ELSE '{}'::jsonb END
$$;

UPDATE sources
   SET rating_evidence = espectro_0004_record(rating_evidence, domain, country, scope)
 WHERE scope IS NOT NULL
   AND jsonb_typeof(rating_evidence) = 'object'
   AND NOT (rating_evidence ? 'status')
   AND NOT (rating_evidence ? 'editorial_scope');

UPDATE source_ratings AS history
   SET rating_evidence = espectro_0004_record(history.rating_evidence, history.domain, outlet.country, history.scope)
  FROM sources AS outlet
 WHERE outlet.domain = history.domain
   AND history.scope IS NOT NULL
   AND jsonb_typeof(history.rating_evidence) = 'object'
   AND NOT (history.rating_evidence ? 'status')
   AND NOT (history.rating_evidence ? 'editorial_scope');

DROP FUNCTION espectro_0004_record(jsonb, text, text, text);
DROP FUNCTION espectro_0004_ownership(jsonb);
DROP FUNCTION espectro_0004_content(jsonb);
