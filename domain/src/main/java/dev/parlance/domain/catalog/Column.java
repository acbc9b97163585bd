package dev.parlance.domain.catalog;

import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * A column of a table or view as the catalog knows it.
 *
 * @param description what the column means, in words (may be empty)
 * @param valueDescription what its values mean, e.g. a code list (may be empty)
 * @param sampleValues a few distinct values, for prompts and retrieval (may be empty)
 * @param distinctCount how many distinct values the column holds, when measured
 */
public record Column(
    String name,
    String type,
    boolean nullable,
    String description,
    String valueDescription,
    List<String> sampleValues,
    OptionalLong distinctCount) {

  public Column {
    Names.requireName(name, "column name");
    type = type == null ? "" : type.strip();
    description = description == null ? "" : description.strip();
    valueDescription = valueDescription == null ? "" : valueDescription.strip();
    sampleValues = List.copyOf(Objects.requireNonNullElse(sampleValues, List.of()));
    distinctCount = Objects.requireNonNullElse(distinctCount, OptionalLong.empty());
  }

  /** A column known only by its name and type. */
  public static Column of(String name, String type) {
    return new Column(name, type, true, "", "", List.of(), OptionalLong.empty());
  }

  public Column withDescription(String newDescription, String newValueDescription) {
    return new Column(
        name, type, nullable, newDescription, newValueDescription, sampleValues, distinctCount);
  }

  public Column withSamples(List<String> samples, OptionalLong distinct) {
    return new Column(name, type, nullable, description, valueDescription, samples, distinct);
  }
}
