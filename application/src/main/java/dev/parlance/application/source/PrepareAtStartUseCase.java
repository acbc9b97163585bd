package dev.parlance.application.source;

/**
 * A server's start-up preparation: every source's indexes built (or joined while another build
 * runs), then what each source's first question would load made ready in advance. The server
 * answers meanwhile; this says how far the preparation is.
 */
public interface PrepareAtStartUseCase {

  /** Starts the preparation in the background; a second call does nothing. */
  void start();

  /** How far the preparation is. */
  Preparation preparation();

  /**
   * @param done whether the preparation has ended (also when a source could not be prepared: that
   *     source's questions say why)
   * @param doing what is being prepared now, in words, with progress ("indexing demo: embedding
   *     400/613"); empty once done
   */
  record Preparation(boolean done, String doing) {
    public Preparation {
      doing = doing == null ? "" : doing;
    }
  }
}
