package dev.parlance.domain.question;

import dev.parlance.domain.catalog.Names;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * What stewards have said about a source that prompts should carry: descriptions of relations and
 * columns (by lower-case id, {@code table} or {@code table.column}), value dictionaries, hints,
 * verified questions, and the columns whose values must never reach a language model.
 */
public record CuratedContext(
    Map<String, String> descriptions,
    Map<String, String> valueDescriptions,
    List<String> hints,
    List<VerifiedExample> examples,
    Set<String> valuesWithheld) {

  public CuratedContext {
    descriptions = keyed(descriptions);
    valueDescriptions = keyed(valueDescriptions);
    hints = List.copyOf(hints == null ? List.of() : hints);
    examples = List.copyOf(examples == null ? List.of() : examples);
    valuesWithheld =
        Set.copyOf(
            (valuesWithheld == null ? Set.<String>of() : valuesWithheld)
                .stream().map(Names::key).toList());
  }

  public static CuratedContext none() {
    return new CuratedContext(Map.of(), Map.of(), List.of(), List.of(), Set.of());
  }

  /**
   * The same context without the verified examples that ask {@code question} (compared without
   * case, punctuation or spacing): a benchmark over the verified questions must not show a question
   * its own answer.
   */
  public CuratedContext withoutExamplesAsking(String question) {
    String asked = plain(question);
    return new CuratedContext(
        descriptions,
        valueDescriptions,
        hints,
        examples.stream().filter(e -> !plain(e.question()).equals(asked)).toList(),
        valuesWithheld);
  }

  private static String plain(String text) {
    return text.toLowerCase(java.util.Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", " ").strip();
  }

  public Optional<String> description(String id) {
    return Optional.ofNullable(descriptions.get(Names.key(id)));
  }

  public Optional<String> valueDescription(String columnId) {
    return Optional.ofNullable(valueDescriptions.get(Names.key(columnId)));
  }

  /** Whether a column's values may be shown to a language model at all. */
  public boolean valuesShareable(String columnId) {
    return !valuesWithheld.contains(Names.key(columnId));
  }

  private static Map<String, String> keyed(Map<String, String> in) {
    TreeMap<String, String> out = new TreeMap<>();
    if (in != null) {
      in.forEach((k, v) -> out.put(Names.key(k), v));
    }
    return Map.copyOf(out);
  }
}
