package dev.parlance.application.ask;

import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.question.CuratedContext;
import dev.parlance.domain.source.DataSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How much of the schema a question's prompt shows: the whole visible schema's size in tokens (kept
 * across questions), and with it the choice between the whole schema, retrieval and a baseline's
 * cut; a whole schema's sample rows kept within their share.
 */
final class SchemaSizing {

  /** The share of a whole schema's tokens its sample rows may add (docs/design/ask.md). */
  static final double SAMPLE_SHARE = 0.25;

  /** The sample tokens a whole schema may add however small it is. */
  static final long SAMPLE_FLOOR = 100;

  /** One question's schema as sizing reads it; the notes it adds go to the question's notes. */
  record Question(
      DataSource source,
      GovernancePolicy policy,
      UserIdentity user,
      String question,
      SchemaCatalog visible,
      CuratedContext curated,
      AskSettings settings,
      List<String> notes) {}

  /** How the prompt shows the schema, and (for a baseline) the columns it shows. */
  record Decision(SchemaView view, List<String> baselineColumns) {}

  private final QuestionPipelineService.Ports ports;

  // The whole visible schema's size, per schema and curation.
  private final Map<SchemaKey, Long> wholeSchemaTokens =
      java.util.Collections.synchronizedMap(
          new java.util.LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<SchemaKey, Long> eldest) {
              return size() > 64;
            }
          });

  private record SchemaKey(SchemaCatalog visible, CuratedContext curated) {}

  // Rendered schemas' token counts: counting a large schema's text costs more than rendering it.
  private final Map<String, Long> schemaTokens =
      java.util.Collections.synchronizedMap(
          new java.util.LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
              return size() > 64;
            }
          });

  SchemaSizing(QuestionPipelineService.Ports ports) {
    this.ports = ports;
  }

  // A whole schema's sample rows take at most SAMPLE_SHARE of its own tokens (SAMPLE_FLOOR on a
  // tiny one, where a share would be none): as many rows per table as fit, so that showing a
  // small schema whole stays near the bare prompt's cost.
  PromptContext withinSampleShare(
      PromptContext context, long schemaTokens, AskSettings settings, List<String> notes) {
    long allowed = schemaTokens + Math.max(Math.round(schemaTokens * SAMPLE_SHARE), SAMPLE_FLOOR);
    for (int rows = settings.sampleRows(); rows > 0; rows--) {
      PromptContext cut = context.withSampleRows(rows);
      if (ports.tokens().count(SchemaText.createTables(cut)) <= allowed) {
        if (rows < settings.sampleRows()) {
          notes.add(
              "sample rows cut to "
                  + rows
                  + " per table: a whole schema's samples take at most "
                  + Math.round(100 * SAMPLE_SHARE)
                  + "% of its tokens (or "
                  + SAMPLE_FLOOR
                  + ")");
        }
        return cut;
      }
    }
    if (settings.sampleRows() > 0) {
      notes.add("no sample rows: one row per table would exceed the whole schema's share");
    }
    return context.withSampleRows(0);
  }

  // The whole visible schema, rendered as prompts show it (descriptions, keys; no samples), in
  // tokens: within the budget the prompt shows it whole.
  Decision decide(Question q, Optional<AskQuestionUseCase.Baseline> baseline) {
    SchemaCatalog visible = q.visible();
    CuratedContext curated = q.curated();
    List<String> everything = ContextBuilder.everything(visible);
    // Rendering a large schema costs more than comparing it: the same schema, the same size. Its
    // rendering shows no examples, so a question whose own example is hidden shares the size.
    long tokens =
        wholeSchemaTokens.computeIfAbsent(
            new SchemaKey(
                visible,
                new CuratedContext(
                    curated.descriptions(),
                    curated.valueDescriptions(),
                    curated.hints(),
                    List.of(),
                    curated.valuesWithheld())),
            k -> schemaTokens(q, everything));
    int columns = visible.columnCount();
    if (baseline.isPresent()) {
      int limit = baseline.get().tokenLimit();
      List<String> baselineColumns = everything;
      if (limit > 0 && tokens > limit) {
        baselineColumns = fitting(q, limit);
        q.notes()
            .add(
                "the whole schema ("
                    + tokens
                    + " tokens) exceeds the baseline's limit of "
                    + limit
                    + ": the prompt shows the "
                    + baselineColumns.size()
                    + " columns of the first tables that fit");
      }
      return new Decision(
          new SchemaView(
              SchemaView.Way.BASELINE,
              tokens,
              limit,
              ports.tokens().tokenizer(),
              baselineColumns.size(),
              columns),
          baselineColumns);
    }
    int budget = q.settings().wholeSchemaTokens();
    SchemaView.Way way =
        budget > 0 && tokens <= budget ? SchemaView.Way.WHOLE_SCHEMA : SchemaView.Way.RETRIEVAL;
    return new Decision(
        new SchemaView(way, tokens, budget, ports.tokens().tokenizer(), 0, columns), List.of());
  }

  // Whole tables in catalog order while their rendering stays within the limit.
  private List<String> fitting(Question q, int limit) {
    List<String> kept = new ArrayList<>();
    for (dev.parlance.domain.catalog.Table t : q.visible().tables()) {
      List<String> with = new ArrayList<>(kept);
      t.columns()
          .forEach(
              c ->
                  with.add(
                      dev.parlance.domain.catalog.Names.key(t.name())
                          + "."
                          + dev.parlance.domain.catalog.Names.key(c.name())));
      if (schemaTokens(q, with) > limit) {
        break;
      }
      kept = with;
    }
    return kept;
  }

  private long schemaTokens(Question q, List<String> columns) {
    String text =
        SchemaText.createTables(
            new ContextBuilder(ports.governedReads(), ports.embedder())
                .build(
                    q.source(),
                    q.policy(),
                    q.user(),
                    q.question(),
                    q.visible(),
                    columns,
                    List.of(),
                    q.curated(),
                    q.settings().schemaOnly()));
    return schemaTokens.computeIfAbsent(text, ports.tokens()::count);
  }
}
