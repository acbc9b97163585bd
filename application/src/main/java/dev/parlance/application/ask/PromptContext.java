package dev.parlance.application.ask;

import dev.parlance.domain.catalog.Names;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.question.VerifiedExample;
import dev.parlance.domain.source.Dialect;
import dev.parlance.domain.values.ValueMatch;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Everything a strategy may put in a prompt, already cut to what the user may see: the chosen
 * tables and columns with descriptions and sample rows, the joins between them, retrieved values,
 * hints and verified examples.
 *
 * @param visible the whole catalog as the user may see it (hidden columns and refused tables gone),
 *     for parsing SQL against it
 * @param previous the exchange the question follows up, shown as the conversation so far
 */
record PromptContext(
    String question,
    Dialect dialect,
    List<PromptTable> tables,
    List<Join> joins,
    List<ValueMatch> values,
    List<String> hints,
    List<VerifiedExample> examples,
    SchemaCatalog visible,
    Optional<AskQuestionUseCase.Exchange> previous) {

  PromptContext {
    previous = previous == null ? Optional.empty() : previous;
    tables = List.copyOf(tables);
    joins = List.copyOf(joins);
    values = List.copyOf(values);
    hints = List.copyOf(hints);
    examples = List.copyOf(examples);
  }

  /** A copy that follows up {@code exchange} in a conversation. */
  PromptContext following(Optional<AskQuestionUseCase.Exchange> exchange) {
    return new PromptContext(
        question, dialect, tables, joins, values, hints, examples, visible, exchange);
  }

  /** A relation as prompts show it. */
  record PromptTable(
      String name,
      String description,
      List<PromptColumn> columns,
      List<String> primaryKey,
      List<String> sampleHeader,
      List<List<Object>> sampleRows) {
    PromptTable {
      columns = List.copyOf(columns);
      primaryKey = List.copyOf(primaryKey);
      sampleHeader = List.copyOf(sampleHeader);
      sampleRows = List.copyOf(sampleRows);
    }
  }

  /**
   * A column as prompts show it.
   *
   * @param masked the user sees a mask instead of its values: no values are shown
   */
  record PromptColumn(
      String name, String type, String description, String valueDescription, boolean masked) {}

  /** A foreign key between two shown tables. */
  record Join(String table, String column, String referencedTable, String referencedColumn) {
    String text() {
      return table + "." + column + " = " + referencedTable + "." + referencedColumn;
    }
  }

  /** A copy whose tables show at most {@code rows} sample rows each. */
  PromptContext withSampleRows(int rows) {
    List<PromptTable> cut =
        tables.stream()
            .map(
                t ->
                    t.sampleRows().size() <= rows
                        ? t
                        : new PromptTable(
                            t.name(),
                            t.description(),
                            t.columns(),
                            t.primaryKey(),
                            rows == 0 ? List.of() : t.sampleHeader(),
                            t.sampleRows().subList(0, rows)))
            .toList();
    return new PromptContext(
        question, dialect, cut, joins, values, hints, examples, visible, previous);
  }

  /** The shown columns as {@code table.column} ids. */
  List<String> columnIds() {
    return tables.stream()
        .flatMap(
            t -> t.columns().stream().map(c -> Names.key(t.name()) + "." + Names.key(c.name())))
        .toList();
  }

  int columnCount() {
    return tables.stream().mapToInt(t -> t.columns().size()).sum();
  }

  /** A copy that keeps only the given column ids (and the tables that still have columns). */
  PromptContext keepOnly(Set<String> columnIds, Set<String> alwaysKeep) {
    Set<String> keep =
        columnIds.stream().map(Names::key).collect(Collectors.toCollection(java.util.HashSet::new));
    keep.addAll(alwaysKeep);
    List<PromptTable> kept =
        tables.stream()
            .map(
                t ->
                    new PromptTable(
                        t.name(),
                        t.description(),
                        t.columns().stream()
                            .filter(
                                c -> keep.contains(Names.key(t.name()) + "." + Names.key(c.name())))
                            .toList(),
                        t.primaryKey(),
                        t.sampleHeader(),
                        t.sampleRows()))
            .filter(
                t ->
                    t.columns().stream()
                        .anyMatch(
                            c ->
                                columnIds.contains(
                                    Names.key(t.name()) + "." + Names.key(c.name()))))
            .map(PromptContext::trimSamples)
            .toList();
    Set<String> names = kept.stream().map(t -> Names.key(t.name())).collect(Collectors.toSet());
    List<Join> keptJoins =
        joins.stream()
            .filter(
                j ->
                    names.contains(Names.key(j.table()))
                        && names.contains(Names.key(j.referencedTable())))
            .toList();
    return new PromptContext(
        question, dialect, kept, keptJoins, values, hints, examples, visible, previous);
  }

  // Sample rows keep only the columns still shown.
  private static PromptTable trimSamples(PromptTable t) {
    Set<String> shown =
        t.columns().stream().map(c -> Names.key(c.name())).collect(Collectors.toSet());
    List<Integer> at = new java.util.ArrayList<>();
    for (int i = 0; i < t.sampleHeader().size(); i++) {
      if (shown.contains(Names.key(t.sampleHeader().get(i)))) {
        at.add(i);
      }
    }
    List<String> header = at.stream().map(t.sampleHeader()::get).toList();
    List<List<Object>> rows =
        t.sampleRows().stream()
            .map(r -> at.stream().map(r::get).collect(java.util.stream.Collectors.toList()))
            .map(r -> (List<Object>) r)
            .toList();
    return new PromptTable(t.name(), t.description(), t.columns(), t.primaryKey(), header, rows);
  }
}
