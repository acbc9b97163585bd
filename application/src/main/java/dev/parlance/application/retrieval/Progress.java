package dev.parlance.application.retrieval;

/** Receives progress of a long job: how much of it is done. */
@FunctionalInterface
public interface Progress {
  void update(String stage, long done, long total);

  static Progress silent() {
    return (stage, done, total) -> {};
  }
}
