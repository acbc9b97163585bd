package dev.parlance.application.access;

/**
 * The caller's identity does not allow what they asked for, whatever their roles said at the door:
 * a steward asking about a source they do not steward, an analyst wanting governed SQL.
 */
public final class AccessDeniedException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public AccessDeniedException(String reason) {
    super(reason);
  }
}
