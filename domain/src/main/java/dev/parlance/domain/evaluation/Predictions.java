package dev.parlance.domain.evaluation;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Predicted SQL by question id, read from a prediction file.
 *
 * @param format how the file was read, e.g. {@code spider lines} or {@code bird json by
 *     question_id}
 * @param notes what the reader adjusted or ignored, for the report
 */
public record Predictions(String format, Map<String, String> byQuestion, List<String> notes) {

  public Predictions {
    Objects.requireNonNull(format, "format");
    byQuestion = Collections.unmodifiableMap(new LinkedHashMap<>(byQuestion));
    notes = List.copyOf(notes);
  }

  public Optional<String> of(String questionId) {
    return Optional.ofNullable(byQuestion.get(questionId));
  }
}
