package dev.parlance.deploy.portal;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The portal cannot start, for a reason the message says in one line (a busy port, a missing part).
 */
public final class PortalLaunchException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public PortalLaunchException(String message) {
    super(message);
  }

  public PortalLaunchException(String message, Throwable cause) {
    super(message, cause);
  }

  /**
   * Waits for a start step run on a thread of its own: its failure is the caller's, as if the
   * caller had run it (a runtime exception as it is; anything else as "{@code failing}: reason").
   */
  static <T> T join(CompletableFuture<T> step, String failing) {
    try {
      return step.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new PortalLaunchException(failing + ": " + e.getCause().getMessage(), e.getCause());
    }
  }
}
