package dev.parlance.deploy.portal;

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
}
