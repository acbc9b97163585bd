package dev.parlance.web.problem;

import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.regex.Pattern;

/**
 * What every resource checks of a request before a use case sees it: a body is there, a required
 * field is given, a name in the path is a name (anything else, an injection attempt included, is a
 * 400 that names the field).
 */
public final class Requests {

  /** Source names as the store keeps them: letters, digits, '_' and '-', at most 63. */
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_-]{0,62}");

  private Requests() {}

  public static <T> T body(T body) {
    if (body == null) {
      throw new BadRequestException("send a JSON body (Content-Type: application/json)");
    }
    return body;
  }

  public static String required(String value, String field) {
    if (value == null || value.isBlank()) {
      throw new BadRequestException(field + ": required");
    }
    return value;
  }

  public static String name(String name) {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new BadRequestException(
          "name: a source name is letters, digits, '_' and '-' (at most 63)");
    }
    return name;
  }

  /** A problem answer a resource gives for an outcome (not an exception), e.g. a refusal. */
  public static Response problem(int status, String detail, UriInfo uri) {
    String instance = uri == null ? null : "/" + uri.getPath().replaceFirst("^/", "");
    return Response.status(status)
        .type(Problem.MEDIA_TYPE)
        .entity(Problem.of(status, detail, instance).toJson())
        .build();
  }
}
