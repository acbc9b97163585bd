package dev.parlance.web.pages;

import dev.parlance.domain.curation.ValueLabel;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A value dictionary as a steward types it in a text box: one {@code CODE = meaning} a line, in the
 * steward's order; blank lines are skipped.
 */
final class ValueDictionaryText {

  private ValueDictionaryText() {}

  static List<ValueLabel> parse(String text) {
    List<ValueLabel> values = new ArrayList<>();
    List<String> lines = text.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty()) {
        continue;
      }
      int equals = line.indexOf('=');
      if (equals <= 0) {
        throw new IllegalArgumentException(
            "values, line "
                + (i + 1)
                + ": write CODE = meaning (e.g. 1 = open), got '"
                + line
                + "'");
      }
      try {
        values.add(
            new ValueLabel(line.substring(0, equals).strip(), line.substring(equals + 1).strip()));
      } catch (IllegalArgumentException bad) {
        throw new IllegalArgumentException("values, line " + (i + 1) + ": " + bad.getMessage());
      }
    }
    return values;
  }

  static String format(List<ValueLabel> values) {
    return values.stream().map(v -> v.code() + " = " + v.label()).collect(Collectors.joining("\n"));
  }
}
