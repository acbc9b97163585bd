package dev.parlance.application.ask;

import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.RowFilter;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.question.CuratedContext;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the user's access did to a result, in their words: one sentence per row filter of the policy
 * that bound the statement as it ran ("Filtered by your access: you see only the rows of
 * installations where region = your region (SE)"). It names the rule and the user's own attribute
 * values, never a value the user may not see: the predicate is the steward's text, its {@code
 * :user.x} the user's own {@code x}.
 */
public final class AccessInWords {

  private static final Pattern PARAMETER = Pattern.compile(":user\\.([A-Za-z_][A-Za-z0-9_]*)");
  private static final Pattern WORD = Pattern.compile("[A-Za-z_][A-Za-z0-9_$]*");

  private AccessInWords() {}

  /** The users' words for base tables and their columns, where the stewards gave some. */
  public interface Words {
    /** A base table's name in words ("installations"). */
    Optional<String> table(String table);

    /** A base column's name in words ("region"). */
    Optional<String> column(String table, String column);

    /** The words of the curated context's descriptions of base tables and columns. */
    static Words of(CuratedContext curated) {
      return new Words() {
        @Override
        public Optional<String> table(String table) {
          return curated
              .description(table)
              .map(AccessInWords::firstClause)
              .filter(d -> !d.isEmpty() && d.length() <= 60);
        }

        @Override
        public Optional<String> column(String table, String column) {
          return curated
              .description(table + "." + column)
              .map(AccessInWords::firstClause)
              .filter(d -> !d.isEmpty() && d.length() <= 40);
        }
      };
    }
  }

  /**
   * @param sqlRun the statement as governed execution ran it (its row filters written in)
   */
  public static List<String> of(
      GovernancePolicy policy, UserIdentity user, String sqlRun, CuratedContext curated) {
    return of(policy, user, sqlRun, Words.of(curated));
  }

  /**
   * @param sqlRun the statement as governed execution ran it (its row filters written in)
   */
  public static List<String> of(
      GovernancePolicy policy, UserIdentity user, String sqlRun, Words curated) {
    Set<String> words = new LinkedHashSet<>();
    Matcher w = WORD.matcher(sqlRun == null ? "" : sqlRun);
    while (w.find()) {
      words.add(w.group().toLowerCase(Locale.ROOT));
    }
    List<String> notes = new ArrayList<>();
    for (RowFilter filter : policy.rowFilters()) {
      String table = filter.table().toLowerCase(Locale.ROOT);
      String bare = table.contains(".") ? table.substring(table.lastIndexOf('.') + 1) : table;
      if (!user.actsAs(filter.role()) || !words.contains(bare)) {
        continue;
      }
      String sentence =
          "Filtered by your access: you see only the rows of "
              + tableWords(filter.table(), curated)
              + " where "
              + predicateWords(filter, user, curated)
              + (filter.followForeignKeys() ? ", and only what belongs to those rows" : "")
              + ".";
      if (!notes.contains(sentence)) {
        notes.add(sentence);
      }
    }
    return notes;
  }

  // The table in the users' words, else its name.
  private static String tableWords(String table, Words curated) {
    return curated.table(table).orElse(table);
  }

  // The predicate with each column of the table in the steward's words and each :user.x as "your
  // x (value)".
  private static String predicateWords(RowFilter filter, UserIdentity user, Words curated) {
    StringBuilder out = new StringBuilder();
    Matcher m = PARAMETER.matcher(filter.predicate());
    int last = 0;
    while (m.find()) {
      out.append(columns(filter.predicate().substring(last, m.start()), filter.table(), curated));
      String name = m.group(1).toLowerCase(Locale.ROOT);
      out.append("your ")
          .append(name.replace('_', ' '))
          .append(user.attribute(name).map(v -> " (" + v + ")").orElse(""));
      last = m.end();
    }
    out.append(columns(filter.predicate().substring(last), filter.table(), curated));
    return out.toString().replaceAll("\\s+", " ").strip();
  }

  private static String columns(String text, String table, Words curated) {
    Matcher m = WORD.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String words = curated.column(table, m.group()).orElse(m.group());
      m.appendReplacement(out, Matcher.quoteReplacement(words));
    }
    m.appendTail(out);
    return out.toString();
  }

  /** The first clause of a description, lower-cased: "Installations: …" is "installations". */
  public static String firstClause(String description) {
    String first = description.split("[.:;(\\n]", 2)[0].strip();
    return first.isEmpty()
        ? ""
        : first.substring(0, 1).toLowerCase(Locale.ROOT) + first.substring(1);
  }
}
