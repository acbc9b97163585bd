package dev.parlance.domain.evaluation;

import dev.parlance.domain.source.DataSource;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

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
 * @param datasetDatabases every database the dataset defines (its tables file), also those no
 *     question here is on (held out): a prediction file may name them
 * @param warnings what the loader noticed in the dataset's own files that changes how questions are
 *     paired or read (e.g. a question_id that appears twice)
 */
public record EvaluationBenchmark(
    String name,
    String goldRevision,
    List<EvaluationQuestion> questions,
    Map<String, DataSource> databases,
    List<String> missingDatabases,
    List<String> difficulties,
    List<String> notes,
    Set<String> datasetDatabases,
    List<String> warnings) {

  public EvaluationBenchmark {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(goldRevision, "goldRevision");
    questions = List.copyOf(questions);
    databases = Collections.unmodifiableMap(new LinkedHashMap<>(databases));
    missingDatabases = List.copyOf(missingDatabases);
    difficulties = List.copyOf(difficulties);
    notes = List.copyOf(notes);
    Set<String> all = new LinkedHashSet<>();
    questions.forEach(q -> all.add(q.database()));
    all.addAll(datasetDatabases == null ? Set.of() : datasetDatabases);
    datasetDatabases = Collections.unmodifiableSet(all);
    warnings = warnings == null ? List.of() : List.copyOf(warnings);
  }

  /** A benchmark whose dataset defines no databases beyond its questions' and warns of nothing. */
  public EvaluationBenchmark(
      String name,
      String goldRevision,
      List<EvaluationQuestion> questions,
      Map<String, DataSource> databases,
      List<String> missingDatabases,
      List<String> difficulties,
      List<String> notes) {
    this(
        name,
        goldRevision,
        questions,
        databases,
        missingDatabases,
        difficulties,
        notes,
        Set.of(),
        List.of());
  }

  public Optional<DataSource> database(String id) {
    return Optional.ofNullable(databases.get(id));
  }
}
