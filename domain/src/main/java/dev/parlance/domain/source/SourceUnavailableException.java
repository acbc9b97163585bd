package dev.parlance.domain.source;

import java.util.Objects;

/**
 * A data source could not be reached or refused Parlance (a missing file, an unreachable host,
 * failed authentication, a missing credential variable). The problem is one line a user can act on.
 */
public class SourceUnavailableException extends RuntimeException {

  private final String source;
  private final String problem;

  public SourceUnavailableException(String source, String problem, Throwable cause) {
    super("cannot connect to source " + source + ": " + problem, cause);
    this.source = Objects.requireNonNull(source, "source");
    this.problem = Objects.requireNonNull(problem, "problem");
  }

  public String source() {
    return source;
  }

  public String problem() {
    return problem;
  }
}
