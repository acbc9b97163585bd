package dev.parlance.adapters.db.governance;

import static dev.parlance.adapters.db.governance.ProvisioningSql.q;
import static dev.parlance.adapters.db.governance.ProvisioningSql.run;

import java.sql.Connection;
import java.util.List;

/**
 * The SECURITY DEFINER functions of schema {@code parlance} that row-level security and the masking
 * views call: {@code context()} verifies the request context (an HMAC over the payload, the
 * session's pid, an expiry), {@code acts_as(role)}, {@code attr(name)} and {@code require_roles(…)}
 * read it.
 */
final class PostgresContextFunctions {
  private PostgresContextFunctions() {}

  /**
   * Creates the functions, owned by the governor and executable by the query and governor roles.
   */
  static void install(Connection c, List<String> steps) {
    for (String f : FUNCTIONS) {
      run(c, steps, f);
    }
    for (String signature :
        List.of(
            "context()", "acts_as(text)", "attr(text)", "require_roles(text, text[], text[])")) {
      run(
          c,
          steps,
          "ALTER FUNCTION parlance."
              + signature
              + " OWNER TO "
              + q(PostgresGovernance.GOVERNOR_ROLE));
      run(c, steps, "REVOKE ALL ON FUNCTION parlance." + signature + " FROM PUBLIC");
      run(
          c,
          steps,
          "GRANT EXECUTE ON FUNCTION parlance."
              + signature
              + " TO "
              + q(PostgresGovernance.QUERY_ROLE)
              + ", "
              + q(PostgresGovernance.GOVERNOR_ROLE));
    }
  }

  private static final List<String> FUNCTIONS =
      List.of(
          """
          CREATE OR REPLACE FUNCTION parlance.context() RETURNS jsonb
          LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
          DECLARE
            raw text := current_setting('parlance.context', true);
            body text;
            k record;
            payload jsonb;
          BEGIN
            IF raw IS NULL OR raw = '' THEN
              RAISE EXCEPTION 'parlance: no request context';
            END IF;
            IF length(raw) < 66 OR substr(raw, 65, 1) <> ':' THEN
              RAISE EXCEPTION 'parlance: malformed request context';
            END IF;
            body := substr(raw, 66);
            SELECT ipad, opad INTO k FROM parlance.context_key;
            IF NOT FOUND OR encode(sha256(k.opad || sha256(k.ipad || convert_to(body, 'UTF8'))), 'hex')
                <> substr(raw, 1, 64) THEN
              RAISE EXCEPTION 'parlance: the request context does not verify';
            END IF;
            payload := body::jsonb;
            IF (payload ->> 'pid')::integer <> pg_backend_pid() THEN
              RAISE EXCEPTION 'parlance: the request context belongs to another session';
            END IF;
            IF (payload ->> 'exp')::bigint < (extract(epoch FROM clock_timestamp()) * 1000)::bigint THEN
              RAISE EXCEPTION 'parlance: the request context has expired';
            END IF;
            RETURN payload;
          END
          $f$""",
          """
          CREATE OR REPLACE FUNCTION parlance.acts_as(role text) RETURNS boolean
          LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
            SELECT role = '*' OR (parlance.context() -> 'roles') @> to_jsonb(role)
          $f$""",
          """
          CREATE OR REPLACE FUNCTION parlance.attr(name text) RETURNS text
          LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
          DECLARE
            v text := parlance.context() -> 'attrs' ->> lower(name);
          BEGIN
            IF v IS NULL THEN
              RAISE EXCEPTION 'parlance: missing attribute %', lower(name);
            END IF;
            RETURN v;
          END
          $f$""",
          """
          CREATE OR REPLACE FUNCTION parlance.require_roles(view_name text, expected text[], considered text[])
          RETURNS boolean
          LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
          DECLARE
            acting text[];
            wanted text[];
          BEGIN
            SELECT coalesce(array_agg(r ORDER BY r), '{}') INTO acting
              FROM unnest(considered) AS r WHERE parlance.acts_as(r);
            SELECT coalesce(array_agg(r ORDER BY r), '{}') INTO wanted FROM unnest(expected) AS r;
            IF acting IS DISTINCT FROM wanted THEN
              RAISE EXCEPTION 'parlance: masking view % is not the one for the request''s roles', view_name;
            END IF;
            RETURN true;
          END
          $f$""");
}
