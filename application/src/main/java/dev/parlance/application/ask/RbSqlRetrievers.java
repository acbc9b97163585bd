package dev.parlance.application.ask;

import dev.parlance.domain.retrieval.ElementText;
import dev.parlance.domain.retrieval.EmbedTextPort;
import dev.parlance.domain.retrieval.EmbeddingVector;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * RB-SQL's Table-Retriever and Column-Retriever (003 §4.2) on Parlance's own score scale. The paper
 * trains ColBERT-style encoders and sums MaxSim scores; these machines train nothing, so a table or
 * column scores 100 × the cosine of the question's embedding and its text, with the embedding model
 * the index uses:
 *
 * <ul>
 *   <li>a column's text is its table's and its own name as words, with its description;
 *   <li>a table's text is the paper's {@code t_text}: its name, then its columns' names and types;
 *       a table scores the better of that text's cosine and its best column's (a sentence embedding
 *       of a long list blurs the one column a question names);
 *   <li>a table whose text is too long to embed whole (§4.2.3, BERT's 512 tokens) is scored on the
 *       columns above the coarse threshold μ' only.
 * </ul>
 *
 * Tables at or above θ are kept (the best one always: a question is about something), then their
 * columns at or above μ (each kept table's best column always). Texts' vectors are remembered: a
 * source's tables are embedded once, not once per question.
 */
final class RbSqlRetrievers {

  /** About 512 tokens of English: a text longer than this is cut by the encoder (§4.2.3). */
  static final int WIDE_TABLE_CHARS = 2_000;

  private static final int CAPACITY = 50_000;

  /** A candidate table: its name and its columns. */
  record Table(String name, List<Column> columns) {
    Table {
      columns = List.copyOf(columns);
    }
  }

  /** A candidate column. */
  record Column(String name, String type, String description) {}

  /**
   * Scores on the 0–100 scale; keys are {@code table} and {@code table.column} in lower case.
   *
   * @param coarse tables scored on their columns above μ' only
   */
  record Scores(Map<String, Double> tables, Map<String, Double> columns, Set<String> coarse) {}

  private final EmbedTextPort embedder;
  private final Map<String, EmbeddingVector> documents =
      new LinkedHashMap<>(1024, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, EmbeddingVector> eldest) {
          return size() > CAPACITY;
        }
      };

  RbSqlRetrievers(EmbedTextPort embedder) {
    this.embedder = embedder;
  }

  /** Every table's and column's score for the question. */
  Scores score(String question, List<Table> tables, double muCoarse) {
    EmbeddingVector q = embedder.embedQuery(question);
    List<String> texts = new ArrayList<>();
    for (Table t : tables) {
      for (Column c : t.columns()) {
        texts.add(columnText(t, c));
      }
    }
    Map<String, EmbeddingVector> columnVectors = vectors(texts);
    Map<String, Double> columns = new LinkedHashMap<>();
    Map<String, Double> tableScores = new LinkedHashMap<>();
    Set<String> coarse = new LinkedHashSet<>();
    Map<String, String> tableTexts = new LinkedHashMap<>();
    for (Table t : tables) {
      double best = 0;
      List<Column> above = new ArrayList<>();
      for (Column c : t.columns()) {
        double s = 100 * q.cosine(columnVectors.get(columnText(t, c)));
        columns.put(id(t.name(), c.name()), s);
        best = Math.max(best, s);
        if (s >= muCoarse) {
          above.add(c);
        }
      }
      String text = tableText(t, t.columns());
      if (text.length() > WIDE_TABLE_CHARS) {
        text = tableText(t, above);
        coarse.add(key(t.name()));
      }
      tableTexts.put(key(t.name()), text);
      tableScores.put(key(t.name()), best);
    }
    Map<String, EmbeddingVector> tableVectors = vectors(List.copyOf(tableTexts.values()));
    tableTexts.forEach(
        (table, text) ->
            tableScores.merge(table, 100 * q.cosine(tableVectors.get(text)), Math::max));
    return new Scores(tableScores, columns, coarse);
  }

  /** The tables at or above θ, best first; the best table when none is. */
  static List<String> tables(Scores scores, double theta) {
    List<Map.Entry<String, Double>> ranked = new ArrayList<>(scores.tables().entrySet());
    ranked.sort(Map.Entry.comparingByValue(java.util.Comparator.reverseOrder()));
    List<String> kept = new ArrayList<>();
    for (var e : ranked) {
      if (e.getValue() >= theta) {
        kept.add(e.getKey());
      }
    }
    if (kept.isEmpty() && !ranked.isEmpty()) {
      kept.add(ranked.getFirst().getKey());
    }
    return kept;
  }

  /** The kept tables' columns at or above μ; a kept table's best column when none of its is. */
  static Set<String> columns(Scores scores, List<String> tables, double mu) {
    Set<String> kept = new LinkedHashSet<>();
    Set<String> keptTables = Set.copyOf(tables);
    Map<String, String> bestOf = new HashMap<>();
    Map<String, Double> bestScore = new HashMap<>();
    Set<String> covered = new java.util.HashSet<>();
    scores
        .columns()
        .forEach(
            (id, s) -> {
              String table = id.substring(0, id.lastIndexOf('.'));
              if (!keptTables.contains(table)) {
                return;
              }
              if (s > bestScore.getOrDefault(table, Double.NEGATIVE_INFINITY)) {
                bestScore.put(table, s);
                bestOf.put(table, id);
              }
              if (s >= mu) {
                kept.add(id);
                covered.add(table);
              }
            });
    for (String t : tables) {
      if (!covered.contains(t) && bestOf.containsKey(t)) {
        kept.add(bestOf.get(t));
      }
    }
    return kept;
  }

  private Map<String, EmbeddingVector> vectors(List<String> texts) {
    Map<String, EmbeddingVector> out = new HashMap<>();
    List<String> missing = new ArrayList<>();
    synchronized (documents) {
      for (String t : texts) {
        EmbeddingVector v = documents.get(t);
        if (v != null) {
          out.put(t, v);
        } else if (!out.containsKey(t) && !missing.contains(t)) {
          missing.add(t);
        }
      }
    }
    for (int from = 0; from < missing.size(); from += 256) {
      List<String> chunk = missing.subList(from, Math.min(missing.size(), from + 256));
      List<EmbeddingVector> embedded = embedder.embedDocuments(chunk);
      synchronized (documents) {
        for (int i = 0; i < chunk.size(); i++) {
          documents.put(chunk.get(i), embedded.get(i));
          out.put(chunk.get(i), embedded.get(i));
        }
      }
    }
    return out;
  }

  static String columnText(Table t, Column c) {
    String words = ElementText.words(t.name()) + " " + ElementText.words(c.name());
    String d = c.description() == null ? "" : c.description().replaceAll("\\s+", " ").strip();
    if (d.length() > 200) {
      d = d.substring(0, 200);
    }
    return d.isEmpty() || ElementText.words(d).equals(ElementText.words(c.name()))
        ? words
        : words + ". " + d;
  }

  static String tableText(Table t, List<Column> columns) {
    StringBuilder s = new StringBuilder(ElementText.words(t.name())).append(':');
    String sep = " ";
    for (Column c : columns) {
      s.append(sep).append(ElementText.words(c.name()));
      if (c.type() != null && !c.type().isBlank()) {
        s.append(' ').append(c.type().toLowerCase(Locale.ROOT));
      }
      sep = ", ";
    }
    return s.toString();
  }

  static String key(String table) {
    return dev.parlance.domain.catalog.Names.key(table);
  }

  static String id(String table, String column) {
    return key(table) + "." + dev.parlance.domain.catalog.Names.key(column);
  }
}
