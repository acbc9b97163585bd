package dev.parlance.domain.curation;

/**
 * A source's whole curation as one reviewable text file (YAML), round-trip safe: reading what was
 * written gives an equal curation.
 */
public interface CurationFilePort {

  String write(Curation curation);

  /**
   * The same document as JSON (what an API sends); {@link #read} reads it back, JSON being YAML.
   */
  String writeJson(Curation curation);

  /**
   * @throws IllegalArgumentException naming the problem (and its line when known) when the text is
   *     not a valid curation
   */
  Curation read(String text);
}
