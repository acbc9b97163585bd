package dev.parlance.application.ask;

import dev.parlance.domain.catalog.Names;
import dev.parlance.domain.completion.CompletionRequest;
import dev.parlance.domain.completion.PromptMessage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * C3 (Dong et al. 2023; 002 §4.2, Listings 8–10): clear prompting recalls tables, then columns,
 * each self-consistent over a few samples; calibration hints go first as instructions; the
 * consistent output is the pipeline's execution vote over the m candidates.
 */
final class C3Strategy implements Strategy {

  /** Samples per recall step; C3 votes over several, three keep the cost down. */
  static final int RECALL_SAMPLES = 3;

  /** C3 keeps the top four tables and the top five columns of each. */
  static final int TABLES_KEPT = 4;

  static final int COLUMNS_KEPT = 5;

  private static final Pattern QUOTED = Pattern.compile("[\"'`]([^\"'`\\n]+)[\"'`]");
  private static final Pattern TABLE_ENTRY =
      Pattern.compile("[\"'`]([^\"'`\\n]+)[\"'`]\\s*:\\s*\\[([^\\]]*)]");

  @Override
  public StrategyName name() {
    return StrategyName.C3;
  }

  @Override
  public List<Optional<Draft>> draft(PromptContext ctx, Tools tools) {
    PromptContext clear = clearPrompt(ctx, tools);
    tools.shows(name(), clear);
    return tools.sample("generation", request(clear), true);
  }

  @Override
  public boolean correctionContinuesSelect() {
    return false;
  }

  static CompletionRequest request(PromptContext ctx) {
    String dialect = Dialects.label(ctx.dialect());
    String system = Prompts.C3_CALIBRATION.fill(Map.of("dialect", dialect));
    String user =
        Prompts.C3_SQL.fill(
            Map.of(
                "dialect", dialect,
                "schema", SchemaText.hashTables(ctx),
                "foreign_keys", SchemaText.joins(ctx),
                "values", hashed(SchemaText.values(ctx, "Values in the database:")),
                "hints", hashed(SchemaText.hints(ctx, "Hints:")),
                "conversation", SchemaText.conversation(ctx, "# "),
                "question", SchemaText.flat(ctx.question())));
    return new CompletionRequest(
        List.of(PromptMessage.system(system), PromptMessage.user(user)),
        0,
        CompletionRequest.DEFAULT_MAX_TOKENS,
        1);
  }

  // Table recall, then column recall on the recalled tables (Listings 8 and 9).
  private PromptContext clearPrompt(PromptContext ctx, Tools tools) {
    List<String> tableNames = ctx.tables().stream().map(PromptContext.PromptTable::name).toList();
    if (tableNames.size() <= 1) {
      return ctx;
    }
    String tablePrompt =
        Prompts.C3_TABLE_RECALL.fill(
            Map.of(
                "schema",
                SchemaText.hashTables(ctx),
                "conversation",
                SchemaText.conversation(ctx, ""),
                "question",
                SchemaText.flat(ctx.question())));
    List<String> tableAnswers =
        tools.several("c3 table recall", CompletionRequest.of(tablePrompt), RECALL_SAMPLES);
    Set<String> tables = majority(tableAnswers.stream().map(a -> tables(a, tableNames)).toList());
    if (tables.isEmpty()) {
      return ctx;
    }
    Set<String> allOfTables = new HashSet<>();
    ctx.columnIds().stream()
        .filter(id -> tables.contains(id.substring(0, id.lastIndexOf('.'))))
        .forEach(allOfTables::add);
    PromptContext recalled = ctx.keepOnly(allOfTables, Set.of());
    String columnPrompt =
        Prompts.C3_COLUMN_RECALL.fill(
            Map.of(
                "schema", SchemaText.hashTables(recalled),
                "foreign_keys", SchemaText.joins(recalled),
                "conversation", SchemaText.conversation(ctx, ""),
                "question", SchemaText.flat(ctx.question())));
    List<String> columnAnswers =
        tools.several("c3 column recall", CompletionRequest.of(columnPrompt), RECALL_SAMPLES);
    Set<String> columns = majority(columnAnswers.stream().map(a -> columns(a, recalled)).toList());
    if (columns.isEmpty()) {
      return recalled;
    }
    // Join keys stay: C3 lists foreign keys with the recalled columns.
    Set<String> keys = new HashSet<>();
    for (PromptContext.Join j : recalled.joins()) {
      keys.add(Names.key(j.table()) + "." + Names.key(j.column()));
      keys.add(Names.key(j.referencedTable()) + "." + Names.key(j.referencedColumn()));
    }
    return recalled.keepOnly(columns, keys);
  }

  // The first TABLES_KEPT known tables of one answer's ranked list.
  static Set<String> tables(String answer, List<String> known) {
    Map<String, String> byKey = new HashMap<>();
    known.forEach(t -> byKey.put(Names.key(t), Names.key(t)));
    Set<String> out = new LinkedHashSet<>();
    int open = answer.indexOf('[');
    String list = open >= 0 ? answer.substring(open) : answer;
    Matcher m = QUOTED.matcher(list);
    while (m.find() && out.size() < TABLES_KEPT) {
      String key = byKey.get(Names.key(m.group(1)));
      if (key != null) {
        out.add(key);
      }
    }
    return out;
  }

  // The first COLUMNS_KEPT known columns per table of one answer's JSON object.
  static Set<String> columns(String answer, PromptContext ctx) {
    Set<String> known = new HashSet<>(ctx.columnIds());
    Set<String> out = new LinkedHashSet<>();
    Matcher entry = TABLE_ENTRY.matcher(answer);
    while (entry.find()) {
      String table = Names.key(entry.group(1));
      Matcher col = QUOTED.matcher(entry.group(2));
      int kept = 0;
      while (col.find() && kept < COLUMNS_KEPT) {
        String id = table + "." + Names.key(col.group(1));
        if (known.contains(id)) {
          out.add(id);
          kept++;
        }
      }
    }
    return out;
  }

  // C3's self-consistency: what at least half of the answers recalled.
  static Set<String> majority(List<Set<String>> answers) {
    Map<String, Integer> votes = new HashMap<>();
    List<String> order = new ArrayList<>();
    for (Set<String> a : answers) {
      for (String x : a) {
        if (votes.merge(x, 1, Integer::sum) == 1) {
          order.add(x);
        }
      }
    }
    Set<String> out = new LinkedHashSet<>();
    for (String x : order) {
      if (votes.get(x) * 2 >= answers.size()) {
        out.add(x);
      }
    }
    return out;
  }

  private static String hashed(String section) {
    if (section.isEmpty()) {
      return "";
    }
    StringBuilder out = new StringBuilder();
    section.lines().forEach(l -> out.append("### ").append(l).append('\n'));
    return out.toString();
  }
}
