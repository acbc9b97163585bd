package dev.parlance.domain.completion;

/** Why a call to a language model gave no usable answer. */
public enum FailureKind {
  /** The vendor rejected the key (or the key is missing at the vendor's end). */
  AUTHENTICATION,
  /** Too many requests or tokens; retried with backoff until the retry budget ran out. */
  RATE_LIMITED,
  /** The vendor answered 5xx, was overloaded or could not be reached; retried. */
  UNAVAILABLE,
  /** No answer within the configured timeout. */
  TIMEOUT,
  /** The model declined to answer, or the vendor's content filter stopped it. */
  REFUSED,
  /** The vendor's reply could not be read (not JSON, or missing its answer). */
  MALFORMED_ANSWER,
  /** The vendor refused the request itself: unknown model, prompt too long, bad parameter. */
  BAD_REQUEST,
  /** Offline batch mode: the request is queued for the next batch; no answer yet. */
  QUEUED,
  /** Anything else; the message says what. */
  OTHER;

  /**
   * Whether another vendor may do better. A refusal is an answer about the content, so Parlance
   * does not shop for a vendor that complies; a queued request is not a failure of the vendor.
   */
  public boolean worthAnotherVendor() {
    return this != REFUSED && this != QUEUED;
  }
}
