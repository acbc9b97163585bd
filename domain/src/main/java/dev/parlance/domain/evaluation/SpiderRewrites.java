package dev.parlance.domain.evaluation;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The text rewrites Spider's test-suite evaluator applies before it runs a query ({@code
 * evaluation.py}, {@code exec_eval.py}, {@code parse.py}), reimplemented from their description.
 */
public final class SpiderRewrites {
  private SpiderRewrites() {}

  private static final Pattern CURRENT_YEAR =
      Pattern.compile(
          "YEAR\\s*\\(\\s*CURDATE\\s*\\(\\s*\\)\\s*\\)\\s*",
          Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE | Pattern.UNICODE_CHARACTER_CLASS);

  /** evaluation.py: a prediction's {@code " value "} placeholder becomes {@code " 1 "}. */
  public static String fillValuePlaceholders(String predicted) {
    return predicted.replace(" value ", " 1 ");
  }

  /** exec_eval.py {@code postprocess}: {@code "> ="}, {@code "< ="}, {@code "! ="} closed up. */
  public static String closeComparisons(String sql) {
    return sql.replace("> =", ">=").replace("< =", "<=").replace("! =", "!=");
  }

  /**
   * parse.py {@code remove_distinct}: the query's first statement (as sqlparse splits statements),
   * re-joined from its tokens without any token that reads {@code distinct} in any case. Quoted
   * strings and identifiers are single tokens and stay as they are.
   */
  public static String removeDistinct(String sql) {
    StringBuilder out = new StringBuilder(sql.length());
    SqlTokens tokens = new SqlTokens(sql);
    while (tokens.hasNext()) {
      SqlTokens.Token t = tokens.next();
      if (t.kind() == SqlTokens.Kind.WORD && t.text().equalsIgnoreCase("distinct")) {
        continue;
      }
      out.append(t.text());
      if (t.kind() == SqlTokens.Kind.SEMICOLON) {
        break; // what follows is another statement (or blanks and comments, which do not matter)
      }
    }
    return out.toString();
  }

  /** exec_eval.py {@code replace_cur_year}: {@code YEAR(CURDATE())} becomes {@code 2020}. */
  public static String replaceCurrentYear(String sql) {
    return CURRENT_YEAR.matcher(sql).replaceAll("2020");
  }

  /** exec_eval.py: order matters iff the gold query contains {@code order by} (lower-cased). */
  public static boolean orderMatters(String preparedGold) {
    return preparedGold.toLowerCase(Locale.ROOT).contains("order by");
  }
}
