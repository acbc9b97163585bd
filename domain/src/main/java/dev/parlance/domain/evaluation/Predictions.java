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
 * @param warnings what the reader noticed in the file's shape and how the official evaluator (and
 *     so Parlance) reads it, one line each
 */
public record Predictions(
    String format, Map<String, String> byQuestion, List<String> notes, List<String> warnings) {

  public Predictions {
    Objects.requireNonNull(format, "format");
    byQuestion = Collections.unmodifiableMap(new LinkedHashMap<>(byQuestion));
    notes = List.copyOf(notes);
    warnings = warnings == null ? List.of() : List.copyOf(warnings);
  }

  public Predictions(String format, Map<String, String> byQuestion, List<String> notes) {
    this(format, byQuestion, notes, List.of());
  }

  public Optional<String> of(String questionId) {
    return Optional.ofNullable(byQuestion.get(questionId));
  }
}
