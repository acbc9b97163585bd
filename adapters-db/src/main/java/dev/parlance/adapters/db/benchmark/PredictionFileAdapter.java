package dev.parlance.adapters.db.benchmark;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parlance.domain.benchmark.BenchmarkDataException;
import dev.parlance.domain.evaluation.EvaluationQuestion;
import dev.parlance.domain.evaluation.Predictions;
import dev.parlance.domain.evaluation.ReadPredictionsPort;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads prediction files in the two formats the official evaluators read.
 *
 * <p>Spider style: one prediction per line in question order, the line stripped and cut at its
 * first tab (what may follow is the database id, used here to check the alignment). When the file
 * has more lines than the benchmark has questions and every line names its database, lines on
 * databases the benchmark does not hold are dropped first (the held-out split removed whole
 * databases), and the rest must then line up.
 *
 * <p>BIRD style: a JSON object whose values read {@code SQL\t----- bird -----\tdb_id}. Keys 0 to
 * n-1 for the benchmark's n questions are positions (the official script pairs entries with gold
 * lines by order); otherwise keys are {@code question_id}s, so a prediction file for the full BIRD
 * dev set (where ids are positions) scores a benchmark with questions held out.
 */
final class PredictionFileAdapter implements ReadPredictionsPort {

  static final String BIRD_SEPARATOR = "\t----- bird -----\t";

  @Override
  public Predictions read(Path file, List<EvaluationQuestion> questions) {
    String text = DataFiles.text(file);
    String start = text.stripLeading();
    return start.startsWith("{") ? bird(file, questions) : spider(file, text, questions);
  }

  private record Line(int number, String sql, Optional<String> database) {}

  private static Predictions spider(Path file, String text, List<EvaluationQuestion> questions) {
    List<String> raw = new ArrayList<>(text.lines().toList());
    while (!raw.isEmpty() && raw.getLast().isBlank()) {
      raw.removeLast();
    }
    List<Line> lines = new ArrayList<>();
    int blank = 0;
    for (int i = 0; i < raw.size(); i++) {
      String line = raw.get(i).strip();
      blank += line.isEmpty() ? 1 : 0;
      String[] fields = line.split("\t", -1);
      Optional<String> db =
          fields.length > 1 && !fields[1].isBlank()
              ? Optional.of(fields[1].strip())
              : Optional.empty();
      lines.add(new Line(i + 1, fields[0], db));
    }
    List<String> notes = new ArrayList<>();
    if (lines.size() != questions.size()) {
      boolean allNamed = lines.stream().allMatch(l -> l.database().isPresent());
      Set<String> databases = new HashSet<>();
      questions.forEach(q -> databases.add(q.database()));
      List<Line> kept =
          allNamed
              ? lines.stream().filter(l -> databases.contains(l.database().get())).toList()
              : lines;
      if (kept.size() != questions.size()) {
        throw new BenchmarkDataException(
            file,
            "has "
                + lines.size()
                + " predictions for "
                + questions.size()
                + " questions; a Spider-style file holds one line per question, in order");
      }
      notes.add(
          (lines.size() - kept.size())
              + " predictions on databases this benchmark does not hold (held out) were ignored");
      lines = kept;
    }
    Map<String, String> byQuestion = new LinkedHashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      Line line = lines.get(i);
      EvaluationQuestion q = questions.get(i);
      if (line.database().isPresent() && !line.database().get().equals(q.database())) {
        throw new BenchmarkDataException(
            file,
            "line "
                + line.number()
                + " names database "
                + line.database().get()
                + " but question "
                + (i + 1)
                + " is on "
                + q.database()
                + ": the predictions do not follow the dataset's order");
      }
      byQuestion.put(q.id(), line.sql());
    }
    if (blank > 0) {
      notes.add(blank + " prediction lines are blank; they run as empty queries");
    }
    return new Predictions("spider lines", byQuestion, notes);
  }

  private record Entry(String key, String sql, Optional<String> database) {}

  private static Predictions bird(Path file, List<EvaluationQuestion> questions) {
    JsonNode root = DataFiles.json(file);
    if (!root.isObject()) {
      throw new BenchmarkDataException(
          file, "expected a JSON object {\"0\": \"SQL\\t----- bird -----\\tdb_id\", …}");
    }
    Map<Long, Entry> entries = new TreeMap<>();
    int notText = 0;
    for (var field : root.properties()) {
      long key;
      try {
        key = Long.parseLong(field.getKey().strip());
      } catch (NumberFormatException e) {
        throw new BenchmarkDataException(
            file, "key '" + field.getKey() + "' is not a question number");
      }
      JsonNode value = field.getValue();
      if (!value.isTextual()) {
        // The official script runs " " for such entries.
        notText++;
        entries.put(key, new Entry(field.getKey(), "", Optional.empty()));
        continue;
      }
      String s = value.asText();
      int sep = s.indexOf(BIRD_SEPARATOR);
      entries.put(
          key,
          sep < 0
              ? new Entry(field.getKey(), s.strip(), Optional.empty())
              : new Entry(
                  field.getKey(),
                  s.substring(0, sep),
                  Optional.of(s.substring(sep + BIRD_SEPARATOR.length()).strip())));
    }
    List<String> notes = new ArrayList<>();
    if (notText > 0) {
      notes.add(notText + " predictions are not strings; they run as empty queries");
    }
    boolean positional = isPositional(entries.keySet(), questions.size());
    boolean byId = coversIds(entries, questions);
    Map<String, String> byQuestion = new LinkedHashMap<>();
    String format;
    if (positional && matches(entries, questions, true)) {
      format = "bird json by position";
      for (int i = 0; i < questions.size(); i++) {
        byQuestion.put(questions.get(i).id(), entries.get((long) i).sql());
      }
    } else if (byId && matches(entries, questions, false)) {
      format = "bird json by question_id";
      for (EvaluationQuestion q : questions) {
        byQuestion.put(q.id(), entries.get(Long.parseLong(q.id())).sql());
      }
      int extra = entries.size() - questions.size();
      if (extra > 0) {
        notes.add(
            extra + " predictions for questions this benchmark does not hold (held out) ignored");
      }
    } else if (positional || byId) {
      throw new BenchmarkDataException(
          file,
          "the databases named in the predictions do not match the questions', by position or by"
              + " question_id: "
              + firstMismatch(entries, questions, positional));
    } else {
      throw new BenchmarkDataException(
          file,
          "has "
              + entries.size()
              + " predictions keyed neither 0.."
              + (questions.size() - 1)
              + " nor by the "
              + questions.size()
              + " questions' question_id");
    }
    return new Predictions(format, byQuestion, notes);
  }

  private static boolean isPositional(Set<Long> keys, int n) {
    return keys.size() == n && keys.stream().allMatch(k -> k >= 0 && k < n);
  }

  private static boolean coversIds(Map<Long, Entry> entries, List<EvaluationQuestion> questions) {
    for (EvaluationQuestion q : questions) {
      try {
        if (!entries.containsKey(Long.parseLong(q.id()))) {
          return false;
        }
      } catch (NumberFormatException e) {
        return false;
      }
    }
    return true;
  }

  private static boolean matches(
      Map<Long, Entry> entries, List<EvaluationQuestion> questions, boolean positional) {
    return firstMismatchIndex(entries, questions, positional) < 0;
  }

  private static int firstMismatchIndex(
      Map<Long, Entry> entries, List<EvaluationQuestion> questions, boolean positional) {
    for (int i = 0; i < questions.size(); i++) {
      EvaluationQuestion q = questions.get(i);
      Entry e = entries.get(positional ? (long) i : Long.parseLong(q.id()));
      if (e.database().isPresent() && !e.database().get().equals(q.database())) {
        return i;
      }
    }
    return -1;
  }

  private static String firstMismatch(
      Map<Long, Entry> entries, List<EvaluationQuestion> questions, boolean positional) {
    int i = firstMismatchIndex(entries, questions, positional);
    EvaluationQuestion q = questions.get(i);
    Entry e = entries.get(positional ? (long) i : Long.parseLong(q.id()));
    return "entry \""
        + e.key()
        + "\" names "
        + e.database().orElse("?")
        + ", question "
        + q.id()
        + " is on "
        + q.database();
  }
}
