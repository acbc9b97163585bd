package dev.parlance.web.problem;

import jakarta.json.Json;
import jakarta.json.JsonObjectBuilder;
import java.util.Objects;

/**
 * An RFC 9457 problem: {@code type} (a URI naming the kind, {@code about:blank} when the status
 * says it all), {@code title} (the status's short phrase), {@code status}, {@code detail} (what
 * went wrong for this request, naming the field or the reason) and {@code instance} (the request
 * path). Never a stack trace.
 */
public record Problem(String type, String title, int status, String detail, String instance) {

  public static final String MEDIA_TYPE = "application/problem+json";

  public Problem {
    type = type == null || type.isBlank() ? "about:blank" : type;
    Objects.requireNonNull(title, "title");
    if (status < 400 || status > 599) {
      throw new IllegalArgumentException("a problem's status is 4xx or 5xx, got " + status);
    }
  }

  public static Problem of(int status, String detail, String instance) {
    return new Problem("about:blank", ProblemTable.title(status), status, detail, instance);
  }

  /** The problem as JSON text, for the places that answer before JAX-RS (servlet filters). */
  public String toJson() {
    JsonObjectBuilder json =
        Json.createObjectBuilder().add("type", type).add("title", title).add("status", status);
    if (detail != null) {
      json.add("detail", detail);
    }
    if (instance != null) {
      json.add("instance", instance);
    }
    return json.build().toString();
  }
}
