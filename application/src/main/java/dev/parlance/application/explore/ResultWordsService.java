package dev.parlance.application.explore;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.ask.AccessInWords;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.curation.DataDescription;
import dev.parlance.domain.curation.PublishedCurationPort;
import dev.parlance.domain.curation.TableDescription;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.UserIdentity;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Finds a result's words in the source's published curation and its policy. */
public final class ResultWordsService implements ResultWordsUseCase {

  private static final Pattern CALL =
      Pattern.compile("(?i)^\\s*(\\w+)\\s*\\(\\s*(distinct\\s+)?(.*?)\\s*\\)\\s*$");
  private static final Pattern IDENTIFIER =
      Pattern.compile(
          "(?i)(^id$|_id$|^id_|_nr$|^nr_|_no$|number$|_num$|code$|_cd$|^cd_|^year$|_year$|year_|^ano$)");

  private final PublishedCurationPort published;
  private final GovernancePoliciesPort policies;

  public ResultWordsService(PublishedCurationPort published, GovernancePoliciesPort policies) {
    this.published = published;
    this.policies = policies;
  }

  @Override
  public ResultWords words(UserIdentity user, String source, List<String> columns, String sqlRun) {
    SourceAccess.requireUse(user, source);
    Curation curation =
        published
            .published(source)
            .map(CurationVersion::curation)
            .orElseGet(() -> Curation.empty(source));
    List<ColumnWords> words = new ArrayList<>();
    for (String column : columns) {
      words.add(column(column, curation));
    }
    GovernancePolicy policy =
        policies.current(source).orElseGet(() -> GovernancePolicy.defaults(source));
    List<String> access =
        sqlRun == null || sqlRun.isBlank()
            ? List.of()
            : AccessInWords.of(policy, user, sqlRun, new CurationWords(curation));
    return new ResultWords(words, access);
  }

  /** A result column's words: an aggregate of a column in words, or the column in words. */
  static ColumnWords column(String name, Curation curation) {
    Matcher call = CALL.matcher(name);
    String function = "";
    String inner = name;
    if (call.matches()) {
      function = call.group(1).toLowerCase(Locale.ROOT);
      inner = call.group(3);
    }
    String bare = bare(inner);
    Optional<DataDescription> described =
        bare.isEmpty() ? Optional.empty() : described(bare, curation);
    String unit = described.map(DataDescription::unit).orElse("");
    String words = words(bare, described);
    boolean count = function.equals("count");
    String label =
        switch (function) {
          case "count" ->
              bare.isEmpty() || inner.strip().equals("*") ? "Count" : "Count of " + lower(words);
          case "sum", "total" -> "Total " + lower(words);
          case "avg", "average", "mean" -> "Average " + lower(words);
          case "min" -> "Lowest " + lower(words);
          case "max" -> "Highest " + lower(words);
          case "" -> words;
          default -> words.isEmpty() ? name : capitalised(function) + " of " + lower(words);
        };
    if (label.isBlank()) {
      label = name;
    }
    boolean identifier = function.isEmpty() && IDENTIFIER.matcher(bare).find();
    return new ColumnWords(name, label, count ? "" : unit, identifier, count);
  }

  // The column's name without a table, quotes or an expression around it.
  private static String bare(String expression) {
    String e = expression.strip().replaceAll("[\"`\\[\\]]", "");
    if (!e.matches("[\\w.]+")) {
      return "";
    }
    return e.contains(".") ? e.substring(e.lastIndexOf('.') + 1) : e;
  }

  // The stewards' description of a column of that name: a view's first, then a table's.
  private static Optional<DataDescription> described(String column, Curation curation) {
    for (CuratedView view : curation.views()) {
      Optional<DataDescription> d = view.column(column);
      if (d.isPresent()) {
        return d;
      }
    }
    for (TableDescription table : curation.tables()) {
      Optional<DataDescription> d = table.column(column);
      if (d.isPresent()) {
        return d;
      }
    }
    return Optional.empty();
  }

  // A readable name (actual_cost → Actual cost) as it is; a cryptic one (MO_CST_REAL) by its
  // meaning's first words when the stewards gave one.
  private static String words(String bare, Optional<DataDescription> described) {
    if (bare.isEmpty()) {
      return "";
    }
    boolean cryptic = bare.equals(bare.toUpperCase(Locale.ROOT)) && bare.contains("_");
    if (cryptic && described.isPresent()) {
      String meaning = AccessInWords.firstClause(described.get().meaning());
      if (!meaning.isEmpty() && meaning.length() <= 40) {
        return capitalised(meaning);
      }
    }
    return capitalised(bare.replace('_', ' ').strip().toLowerCase(Locale.ROOT));
  }

  private static String capitalised(String text) {
    return text.isEmpty()
        ? text
        : text.substring(0, 1).toUpperCase(Locale.ROOT) + text.substring(1);
  }

  private static String lower(String text) {
    return text.isEmpty()
        ? text
        : text.substring(0, 1).toLowerCase(Locale.ROOT) + text.substring(1);
  }

  /**
   * Base tables and columns in the words of the views that read them ({@code i.IN_RG_CD AS
   * region_code} in view {@code installation}: "region code" of "installation"), else of the
   * stewards' descriptions of base tables.
   */
  static final class CurationWords implements AccessInWords.Words {
    private final Curation curation;

    CurationWords(Curation curation) {
      this.curation = curation;
    }

    @Override
    public Optional<String> table(String table) {
      Pattern from = Pattern.compile("(?i)\\bFROM\\s+[\"`]?" + Pattern.quote(table) + "[\"`]?\\b");
      for (CuratedView view : curation.views()) {
        if (from.matcher(view.sql()).find()) {
          return Optional.of(view.name().replace('_', ' ') + " (" + table + ")");
        }
      }
      return curation
          .table(table)
          .map(TableDescription::description)
          .map(AccessInWords::firstClause)
          .filter(d -> !d.isEmpty() && d.length() <= 60)
          .map(d -> d + " (" + table + ")");
    }

    @Override
    public Optional<String> column(String table, String column) {
      Pattern alias =
          Pattern.compile(
              "(?i)(?:\\b\\w+\\.)?[\"`]?" + Pattern.quote(column) + "[\"`]?\\s+AS\\s+[\"`]?(\\w+)");
      Pattern from = Pattern.compile("(?i)\\bFROM\\s+[\"`]?" + Pattern.quote(table) + "[\"`]?\\b");
      for (CuratedView view : curation.views()) {
        if (!from.matcher(view.sql()).find()) {
          continue;
        }
        Matcher m = alias.matcher(view.sql());
        if (m.find()) {
          return Optional.of(m.group(1).replace('_', ' '));
        }
      }
      return curation
          .table(table)
          .flatMap(t -> t.column(column))
          .map(d -> AccessInWords.firstClause(d.meaning()))
          .filter(d -> !d.isEmpty() && d.length() <= 40);
    }
  }
}
