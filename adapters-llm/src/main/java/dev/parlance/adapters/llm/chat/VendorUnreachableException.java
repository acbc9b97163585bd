package dev.parlance.adapters.llm.chat;

/** The vendor's server could not be reached at all (refused, reset, unknown host). */
final class VendorUnreachableException extends RuntimeException {
  VendorUnreachableException(String url, Throwable cause) {
    super("could not reach " + url.replaceAll("\\?.*", "") + ": " + reason(cause), cause);
  }

  // The JDK's ConnectException often has no message itself; its cause says "Connection refused".
  private static String reason(Throwable cause) {
    for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t.getMessage() != null && !t.getMessage().isBlank()) {
        return t.getMessage();
      }
    }
    return cause.getClass().getSimpleName();
  }
}
