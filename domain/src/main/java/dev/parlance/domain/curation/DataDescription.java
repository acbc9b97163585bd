package dev.parlance.domain.curation;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a steward says about one column (of a base table or of a view): what it means, its unit, its
 * value dictionary, and whether its values may be shown to an LLM. Sample values of a column with
 * {@code valuesShown = false} never leave Parlance (prompts and the index get none).
 *
 * @param column the column's name
 * @param meaning what the column holds, in the users' words (may be empty)
 * @param unit the unit of its numbers, e.g. {@code BRL}, {@code hours} (may be empty)
 * @param values the value dictionary, code → label, in the steward's order (may be empty)
 */
public record DataDescription(
    String column, String meaning, String unit, List<ValueLabel> values, boolean valuesShown) {

  public DataDescription {
    Identifiers.requireColumn(column);
    meaning = meaning == null ? "" : meaning.strip();
    unit = unit == null ? "" : unit.strip();
    values = List.copyOf(Objects.requireNonNullElse(values, List.of()));
    Set<String> codes = new HashSet<>();
    for (ValueLabel v : values) {
      if (!codes.add(v.code())) {
        throw new IllegalArgumentException(
            "column " + column + " lists value '" + v.code() + "' twice");
      }
    }
  }

  public static DataDescription of(String column, String meaning) {
    return new DataDescription(column, meaning, "", List.of(), true);
  }

  /** The dictionary as one line for prompts and the index: {@code 1 = open; 2 = released}. */
  public String dictionaryText() {
    return values.stream().map(v -> v.code() + " = " + v.label()).collect(Collectors.joining("; "));
  }

  /** The meaning with its unit, e.g. {@code actual cost (BRL)}. */
  public String meaningText() {
    if (unit.isEmpty()) {
      return meaning;
    }
    return meaning.isEmpty() ? "unit: " + unit : meaning + " (" + unit + ")";
  }

  public DataDescription withValues(List<ValueLabel> newValues) {
    return new DataDescription(column, meaning, unit, newValues, valuesShown);
  }

  public DataDescription withMeaning(String newMeaning) {
    return new DataDescription(column, newMeaning, unit, values, valuesShown);
  }
}
