package dev.parlance.application.source;

/**
 * Told when a source's contents or vocabulary changed (added, replaced, curation published), so
 * that its indexes follow: in the background on a server, on first use in a one-shot command.
 */
@FunctionalInterface
public interface SourceChanges {

  void changed(String source);

  static SourceChanges ignored() {
    return source -> {};
  }
}
