package dev.parlance.web.problem;

import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.json.bind.JsonbConfig;
import jakarta.ws.rs.ext.ContextResolver;
import jakarta.ws.rs.ext.Provider;

/**
 * JSON-B as the API uses it: a request field the resource does not know is an error (400), not
 * silently dropped, so a misspelt option never goes unnoticed.
 */
@Provider
public class StrictJson implements ContextResolver<Jsonb> {

  private final Jsonb jsonb =
      JsonbBuilder.create(new JsonbConfig().setProperty("jsonb.fail-on-unknown-properties", true));

  @Override
  public Jsonb getContext(Class<?> type) {
    return jsonb;
  }
}
