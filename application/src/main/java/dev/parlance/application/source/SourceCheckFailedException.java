package dev.parlance.application.source;

import dev.parlance.domain.source.SourceCheck;
import java.util.Objects;

/** A source to add could not be opened read-only or its catalog read; nothing was saved. */
public final class SourceCheckFailedException extends RuntimeException {

  private final String source;
  private final SourceCheck.Unreachable check;

  public SourceCheckFailedException(String source, SourceCheck.Unreachable check) {
    super(
        "source "
            + source
            + " cannot be opened: "
            + check.problem().description()
            + ": "
            + check.message());
    this.source = Objects.requireNonNull(source, "source");
    this.check = check;
  }

  public String source() {
    return source;
  }

  public SourceCheck.Unreachable check() {
    return check;
  }
}
