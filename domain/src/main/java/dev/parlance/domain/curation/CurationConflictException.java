package dev.parlance.domain.curation;

/**
 * A publish was overtaken: another one stored a newer version of the source's curation while this
 * one was being validated. Nothing of it was stored; the steward looks at the new version and
 * publishes again.
 */
public final class CurationConflictException extends RuntimeException {

  private final String source;
  private final int expected;
  private final int found;

  public CurationConflictException(String source, int expected, int found) {
    super(
        "cannot publish the curation of "
            + source
            + ": version "
            + found
            + " was published by someone else while this publish (based on version "
            + expected
            + ") was being validated; nothing was published — see 'parlance views history"
            + " --source "
            + source
            + "' and publish again");
    this.source = source;
    this.expected = expected;
    this.found = found;
  }

  public String source() {
    return source;
  }

  /** The newest version when this publish started. */
  public int expected() {
    return expected;
  }

  /** The newest version when it tried to store its own. */
  public int found() {
    return found;
  }
}
