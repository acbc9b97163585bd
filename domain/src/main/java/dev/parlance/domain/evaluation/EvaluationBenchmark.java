package dev.parlance.domain.evaluation;

import dev.parlance.domain.source.DataSource;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Questions with gold queries and the databases to run them on.
 *
 * @param name the dataset's label, e.g. {@code spider-dev}
 * @param goldRevision which gold the numbers use (file, revision, checksum), printed with them
 * @param databases the databases present, by id
 * @param missingDatabases ids of databases the questions name that are not present; their questions
 *     are skipped and counted
 * @param difficulties difficulty labels in report order
 * @param notes what the loader adjusted, for the report
 */
public record EvaluationBenchmark(
    String name,
    String goldRevision,
    List<EvaluationQuestion> questions,
    Map<String, DataSource> databases,
    List<String> missingDatabases,
    List<String> difficulties,
    List<String> notes) {

  public EvaluationBenchmark {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(goldRevision, "goldRevision");
    questions = List.copyOf(questions);
    databases = Collections.unmodifiableMap(new LinkedHashMap<>(databases));
    missingDatabases = List.copyOf(missingDatabases);
    difficulties = List.copyOf(difficulties);
    notes = List.copyOf(notes);
  }

  public Optional<DataSource> database(String id) {
    return Optional.ofNullable(databases.get(id));
  }
}
