package dev.parlance.adapters.db.benchmark;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.parlance.domain.benchmark.BenchmarkDataException;
import dev.parlance.domain.evaluation.EvaluationBenchmark;
import dev.parlance.domain.evaluation.EvaluationQuestion;
import dev.parlance.domain.evaluation.Predictions;
import dev.parlance.domain.evaluation.ReadPredictionsPort;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads prediction files as the official evaluators read them, and says what it noticed.
 *
 * <p>Spider style (test-suite {@code evaluation.py}): Python's universal newlines, each line
 * stripped of Python's whitespace and split on tabs; the first field is the prediction, the rest is
 * discarded. Parlance checks the alignment with what follows: when the last field names a database
 * of the dataset it must be the question's; any other text after a tab is part of what the script
 * discards (a tab inside the SQL), with a warning. A blank line would end a "session" there (and
 * make the script refuse a Spider file); here it runs as an empty query, with a warning. When the
 * file has more lines than the benchmark has questions and every line names its database, lines on
 * databases the benchmark does not hold are dropped first (the held-out split removed whole
 * databases), and the rest must then line up.
 *
 * <p>BIRD style ({@code evaluation.py}'s {@code package_sqls}): a JSON object whose values read
 * {@code SQL\t----- bird -----\tdb_id}, paired with the gold by their order in the file; a key that
 * appears twice keeps its first place and its last value (Python's {@code json.load}). Keys 0 to
 * n-1 for the benchmark's n questions are positions; otherwise keys are {@code question_id}s, so a
 * prediction file for the full BIRD dev set (where ids are positions) scores a benchmark with
 * questions held out.
 */
final class PredictionFileAdapter implements ReadPredictionsPort {

  static final String BIRD_SEPARATOR = "\t----- bird -----\t";

  /** Line numbers named in one warning before "…". */
  private static final int EXAMPLES = 5;

  @Override
  public Predictions read(Path file, EvaluationBenchmark benchmark) {
    byte[] bytes = DataFiles.bytes(file);
    boolean bom =
        bytes.length >= 3
            && (bytes[0] & 0xff) == 0xef
            && (bytes[1] & 0xff) == 0xbb
            && (bytes[2] & 0xff) == 0xbf;
    String text = DataFiles.text(bytes);
    return PythonText.strip(text).startsWith("{")
        ? bird(file, text, bom, benchmark)
        : spider(file, text, bom, benchmark);
  }

  private record Line(int number, String sql, Optional<String> database) {}

  private static Predictions spider(
      Path file, String text, boolean bom, EvaluationBenchmark benchmark) {
    List<EvaluationQuestion> questions = benchmark.questions();
    Set<String> known = benchmark.datasetDatabases();
    List<String> warnings = new ArrayList<>();
    if (bom) {
      // Python's open() keeps U+FEFF at the start of line 1's SQL, and SQLite's tokenizer reads a
      // byte-order mark as white space: the prediction runs the same without it.
      warnings.add(
          "the file starts with a byte-order mark: the official script passes it to SQLite with"
              + " line 1's SQL, which reads it as white space; no effect on the scores");
    }
    if (text.contains("\r")) {
      warnings.add(
          "the file has Windows (CR LF) line endings: read as the official script reads them"
              + " (universal newlines); no effect on the scores");
    }
    if (!text.isEmpty() && !text.endsWith("\n") && !text.endsWith("\r")) {
      warnings.add("the last line has no final newline: read the same; no effect on the scores");
    }
    List<String> raw = new ArrayList<>(text.lines().toList());
    int trailing = 0;
    while (!raw.isEmpty() && PythonText.strip(raw.getLast()).isEmpty()) {
      raw.removeLast();
      trailing++;
    }
    if (trailing > 0) {
      warnings.add(
          trailing
              + (trailing == 1 ? " blank line" : " blank lines")
              + " at the end ignored"
              + (trailing == 1
                  ? ", as the official script ignores it"
                  : "; the official script reads each after the first as an empty session and"
                      + " refuses the file (\"number of sessions must equal\")"));
    }
    List<Line> lines = new ArrayList<>();
    List<Integer> blank = new ArrayList<>();
    List<Integer> semicolons = new ArrayList<>();
    List<String> tabs = new ArrayList<>();
    int tabLines = 0;
    for (int i = 0; i < raw.size(); i++) {
      int number = i + 1;
      String line = PythonText.strip(raw.get(i));
      if (line.isEmpty()) {
        blank.add(number);
      }
      String[] fields = line.split("\t", -1);
      String sql = fields[0];
      Optional<String> db = Optional.empty();
      int discardedFrom = 1;
      if (fields.length > 1) {
        String last = PythonText.strip(fields[fields.length - 1]);
        if (known.contains(last)) {
          db = Optional.of(last);
        }
        int discardedTo = db.isPresent() ? fields.length - 1 : fields.length;
        if (discardedTo > discardedFrom) {
          tabLines++;
          if (tabs.size() < EXAMPLES) {
            tabs.add(
                "line "
                    + number
                    + " scores '"
                    + abbreviate(sql)
                    + "' and discards '"
                    + abbreviate(
                        String.join("\t", List.of(fields).subList(discardedFrom, discardedTo)))
                    + "'");
          }
        }
      }
      if (PythonText.strip(sql).endsWith(";")) {
        semicolons.add(number);
      }
      lines.add(new Line(number, sql, db));
    }
    if (tabLines > 0) {
      warnings.add(
          tabLines
              + (tabLines == 1 ? " line has" : " lines have")
              + " a tab inside the SQL (text after it that names no database of the dataset):"
              + " the official script splits each line on tabs and scores only the first field,"
              + " and so does Parlance — "
              + String.join("; ", tabs)
              + (tabLines > tabs.size() ? "; …" : ""));
    }
    if (!blank.isEmpty()) {
      warnings.add(
          blank.size()
              + (blank.size() == 1 ? " blank line (" : " blank lines (")
              + numbers(blank)
              + ") run as empty queries; the official script reads a blank line as the end of a"
              + " session and refuses such a file (\"number of sessions must equal\")");
    }
    if (!semicolons.isEmpty()) {
      warnings.add(
          semicolons.size()
              + (semicolons.size() == 1 ? " prediction ends" : " predictions end")
              + " with a semicolon ("
              + numbers(semicolons)
              + "): run as they are, as both official scripts run them");
    }
    List<String> notes = new ArrayList<>();
    if (lines.size() != questions.size()) {
      boolean allNamed = lines.stream().allMatch(l -> l.database().isPresent());
      Set<String> databases = new java.util.HashSet<>();
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
    return new Predictions("spider lines", byQuestion, notes, warnings);
  }

  /** One value of the JSON object, in file order. */
  private record Entry(String key, String sql, Optional<String> database, boolean text) {}

  private static Predictions bird(
      Path file, String text, boolean bom, EvaluationBenchmark benchmark) {
    List<EvaluationQuestion> questions = benchmark.questions();
    List<String> warnings = new ArrayList<>();
    if (bom) {
      warnings.add(
          "the file starts with a byte-order mark: the official script (json.load) refuses such a"
              + " file; Parlance read it without the mark");
    }
    Map<String, Entry> entries = new LinkedHashMap<>();
    List<String> repeated = entries(file, text, entries);
    if (!repeated.isEmpty()) {
      warnings.add(
          "keys appearing more than once ("
              + String.join(", ", repeated.subList(0, Math.min(EXAMPLES, repeated.size())))
              + (repeated.size() > EXAMPLES ? ", …" : "")
              + "): each keeps its first place and its last value, as Python's json.load reads"
              + " them");
    }
    Map<Long, Entry> byKey = new LinkedHashMap<>();
    for (Entry e : entries.values()) {
      long key;
      try {
        key = Long.parseLong(e.key().strip());
      } catch (NumberFormatException ex) {
        throw new BenchmarkDataException(file, "key '" + e.key() + "' is not a question number");
      }
      byKey.put(key, e);
    }
    List<String> notes = new ArrayList<>();
    long notText = entries.values().stream().filter(e -> !e.text()).count();
    if (notText > 0) {
      notes.add(notText + " predictions are not strings; they run as empty queries");
    }
    long noSeparator =
        entries.values().stream().filter(e -> e.text() && e.database().isEmpty()).count();
    if (noSeparator > 0) {
      warnings.add(
          noSeparator
              + (noSeparator == 1 ? " prediction lacks" : " predictions lack")
              + " the '\\t----- bird -----\\t' database part, on which the official script fails;"
              + " Parlance runs the whole value as the SQL");
    }
    long multiLine =
        entries.values().stream()
            .filter(e -> e.sql().contains("\n") || e.sql().contains("\r"))
            .count();
    if (multiLine > 0) {
      warnings.add(
          multiLine
              + (multiLine == 1 ? " prediction spans" : " predictions span")
              + " several lines: run as they are, as the official script passes them to SQLite");
    }
    long semicolons =
        entries.values().stream().filter(e -> PythonText.strip(e.sql()).endsWith(";")).count();
    if (semicolons > 0) {
      warnings.add(
          semicolons
              + (semicolons == 1 ? " prediction ends" : " predictions end")
              + " with a semicolon: run as they are, as both official scripts run them");
    }
    Map<String, String> byQuestion = new LinkedHashMap<>();
    String format;
    List<Entry> inOrder = List.copyOf(entries.values());
    boolean positional = isPositional(byKey, questions.size());
    if (positional && firstMismatch(inOrder, questions) < 0) {
      format = "bird json by position";
      if (!ascending(byKey)) {
        warnings.add(
            "the keys 0.."
                + (questions.size() - 1)
                + " are not in order: the official script pairs entries with the gold by their"
                + " order in the file, and so does Parlance");
      }
      for (int i = 0; i < questions.size(); i++) {
        byQuestion.put(questions.get(i).id(), inOrder.get(i).sql());
      }
    } else if (coversIds(byKey, questions) && firstMismatchById(byKey, questions) < 0) {
      format = "bird json by question_id";
      for (EvaluationQuestion q : questions) {
        byQuestion.put(q.id(), byKey.get(Long.parseLong(baseId(q))).sql());
      }
      long distinct = questions.stream().map(PredictionFileAdapter::baseId).distinct().count();
      long extra = byKey.size() - distinct;
      if (extra > 0) {
        notes.add(
            extra + " predictions for questions this benchmark does not hold (held out) ignored");
      }
    } else if (positional) {
      int i = firstMismatch(inOrder, questions);
      throw mismatch(file, inOrder.get(i), questions.get(i));
    } else if (coversIds(byKey, questions)) {
      int i = firstMismatchById(byKey, questions);
      throw mismatch(file, byKey.get(Long.parseLong(baseId(questions.get(i)))), questions.get(i));
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
    return new Predictions(format, byQuestion, notes, warnings);
  }

  // The object's values in file order; returns the keys that appear more than once.
  private static List<String> entries(Path file, String text, Map<String, Entry> entries) {
    List<String> repeated = new ArrayList<>();
    try (JsonParser p = new JsonFactory().createParser(text)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw new BenchmarkDataException(
            file, "expected a JSON object {\"0\": \"SQL\\t----- bird -----\\tdb_id\", …}");
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String key = p.currentName();
        JsonToken value = p.nextToken();
        Entry entry;
        if (value == JsonToken.VALUE_STRING) {
          String s = p.getText();
          int sep = s.indexOf(BIRD_SEPARATOR);
          entry =
              sep < 0
                  ? new Entry(key, s.strip(), Optional.empty(), true)
                  : new Entry(
                      key,
                      s.substring(0, sep),
                      Optional.of(s.substring(sep + BIRD_SEPARATOR.length()).strip()),
                      true);
        } else {
          // The official script runs " " for such entries.
          p.skipChildren();
          entry = new Entry(key, "", Optional.empty(), false);
        }
        if (entries.containsKey(key) && !repeated.contains(key)) {
          repeated.add(key);
        }
        // A repeated key keeps its first place (LinkedHashMap) and takes the last value.
        entries.put(key, entry);
      }
      if (p.currentToken() != JsonToken.END_OBJECT) {
        throw new BenchmarkDataException(file, "malformed JSON object");
      }
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new BenchmarkDataException(
          file,
          "malformed JSON at line "
              + e.getLocation().getLineNr()
              + ", column "
              + e.getLocation().getColumnNr()
              + ": "
              + e.getOriginalMessage(),
          e);
    } catch (IOException e) {
      throw new BenchmarkDataException(file, "cannot read: " + e.getMessage(), e);
    }
    return repeated;
  }

  /**
   * The question_id a question was given in the dataset's file: a question_id that appears twice
   * there is told apart by a {@code #n} suffix.
   */
  private static String baseId(EvaluationQuestion q) {
    int hash = q.id().indexOf('#');
    return hash < 0 ? q.id() : q.id().substring(0, hash);
  }

  private static boolean isPositional(Map<Long, Entry> byKey, int n) {
    return byKey.size() == n && byKey.keySet().stream().allMatch(k -> k >= 0 && k < n);
  }

  private static boolean ascending(Map<Long, Entry> byKey) {
    long previous = Long.MIN_VALUE;
    for (long k : byKey.keySet()) {
      if (k < previous) {
        return false;
      }
      previous = k;
    }
    return true;
  }

  private static boolean coversIds(Map<Long, Entry> byKey, List<EvaluationQuestion> questions) {
    for (EvaluationQuestion q : questions) {
      try {
        if (!byKey.containsKey(Long.parseLong(baseId(q)))) {
          return false;
        }
      } catch (NumberFormatException e) {
        return false;
      }
    }
    return true;
  }

  private static int firstMismatch(List<Entry> inOrder, List<EvaluationQuestion> questions) {
    for (int i = 0; i < questions.size(); i++) {
      if (differs(inOrder.get(i), questions.get(i))) {
        return i;
      }
    }
    return -1;
  }

  private static int firstMismatchById(Map<Long, Entry> byKey, List<EvaluationQuestion> questions) {
    for (int i = 0; i < questions.size(); i++) {
      EvaluationQuestion q = questions.get(i);
      if (differs(byKey.get(Long.parseLong(baseId(q))), q)) {
        return i;
      }
    }
    return -1;
  }

  private static boolean differs(Entry e, EvaluationQuestion q) {
    return e.database().isPresent() && !e.database().get().equals(q.database());
  }

  private static BenchmarkDataException mismatch(Path file, Entry e, EvaluationQuestion q) {
    return new BenchmarkDataException(
        file,
        "the databases named in the predictions do not match the questions', by position or by"
            + " question_id: entry \""
            + e.key()
            + "\" names "
            + e.database().orElse("?")
            + ", question "
            + q.id()
            + " is on "
            + q.database());
  }

  private static String numbers(List<Integer> lines) {
    List<String> shown =
        lines.subList(0, Math.min(EXAMPLES, lines.size())).stream().map(n -> "line " + n).toList();
    return String.join(", ", shown) + (lines.size() > EXAMPLES ? ", …" : "");
  }

  private static String abbreviate(String s) {
    String flat = s.replace("\t", "\\t");
    return flat.length() <= 60 ? flat : flat.substring(0, 57) + "...";
  }
}
