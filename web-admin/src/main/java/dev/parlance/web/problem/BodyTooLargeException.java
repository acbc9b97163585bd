package dev.parlance.web.problem;

import java.io.IOException;

/** A request body longer than the configured limit; answered 413. */
public final class BodyTooLargeException extends IOException {

  private static final long serialVersionUID = 1L;

  public BodyTooLargeException(long limit) {
    super("the request body is larger than the limit of " + limit + " bytes");
  }
}
