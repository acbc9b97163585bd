package dev.parlance.adapters.llm.chat;

/** The vendor's server could not be reached at all (refused, reset, unknown host). */
final class VendorUnreachableException extends RuntimeException {
  VendorUnreachableException(String url, Throwable cause) {
    super(
        "could not reach "
            + url.replaceAll("\\?.*", "")
            + ": "
            + (cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage()),
        cause);
  }
}
