package dev.parlance.web.ask;

import dev.parlance.application.answer.AnswerQuestionUseCase.RecordedAnswer;
import dev.parlance.application.ask.Answer;
import dev.parlance.application.ask.StageReport;
import dev.parlance.domain.completion.Cost;
import dev.parlance.domain.completion.TokenUsage;
import dev.parlance.domain.governance.ResultColumn;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;

/**
 * The answer record, as the command line prints it: status, SQL, columns and rows, confidence, the
 * competing readings, the explanation, what the prompt used (columns and values), tokens, cost and
 * the time of every stage. {@code id} is its number in the caller's history (for feedback, and for
 * a follow-up's {@code follow_up}); {@code followsUp} names the earlier answer a follow-up
 * continued (null for a question on its own). {@code rows} are the answer's first rows (at most the
 * server's shown rows, {@code truncated} when rows were left out: there are more, or a limit
 * stopped the result); {@code cuts} says which limits cut the rows sent and why (the rows an answer
 * shows, the row cap, the memory budget, long values, many columns); {@code totalRows} is how many
 * the SQL returned under the policy, {@code cappedByPolicy} whether the policy's row cap or the
 * result's memory budget stopped it, and {@code access} says in words what the caller's row filters
 * did to it. A follow-up's {@code standaloneQuestion} is the model's restatement of it as a
 * question of its own (null otherwise).
 */
public record AnswerJson(
    long id,
    String askedAt,
    String status,
    String source,
    String question,
    String strategy,
    String sql,
    List<String> columns,
    List<List<Object>> rows,
    boolean truncated,
    List<CutJson> cuts,
    double confidence,
    List<ReadingJson> readings,
    String explanation,
    String problem,
    List<String> columnsUsed,
    List<ValueJson> valuesUsed,
    TokensJson tokens,
    CostJson cost,
    List<StageJson> stages,
    TimeJson time,
    List<String> notes,
    FollowsUpJson followsUp,
    int totalRows,
    boolean cappedByPolicy,
    List<String> access,
    String standaloneQuestion) {

  /** The earlier answer of the conversation: its number and its question. */
  public record FollowsUpJson(long id, String question) {}

  public record ReadingJson(
      String sql, int votes, double share, int rowCount, String explanation) {}

  public record ValueJson(String table, String column, String value, String phrase) {}

  public record TokensJson(long prompt, long completion, long total) {
    static TokensJson of(TokenUsage usage) {
      return new TokensJson(usage.promptTokens(), usage.completionTokens(), usage.totalTokens());
    }
  }

  /** US$; {@code known} is false when a call had no price (then usd is a lower bound). */
  public record CostJson(BigDecimal usd, boolean known) {
    static CostJson of(Cost cost) {
      return new CostJson(cost.usd(), cost.isKnown());
    }
  }

  public record StageJson(
      String name, int calls, TokensJson tokens, CostJson cost, long llmMillis, long otherMillis) {}

  /**
   * Wall time of the question; the part a model call was in flight; the rest is Parlance's; and the
   * use case's whole time (history included; on the REST API the quota and admission check, made as
   * the question arrives, not), so that a client can tell the API's own share of what it waited:
   * its latency minus {@code useCaseMicros} (docs/measurements/portal.md).
   */
  public record TimeJson(
      long totalMillis,
      long llmMillis,
      long parlanceMillis,
      long useCaseMillis,
      long useCaseMicros) {}

  public static AnswerJson of(RecordedAnswer recorded) {
    Answer a = recorded.answer();
    TokenUsage tokens = TokenUsage.NONE;
    Cost cost = Cost.ZERO;
    for (StageReport s : a.stages()) {
      tokens = tokens.plus(s.usage());
      cost = cost.plus(s.cost());
    }
    return new AnswerJson(
        recorded.id(),
        recorded.askedAt().toString(),
        a.status().name().toLowerCase(Locale.ROOT),
        a.source(),
        a.question(),
        a.strategy().name().toLowerCase(Locale.ROOT),
        a.sql().orElse(null),
        a.result()
            .map(r -> r.columns().stream().map(ResultColumn::name).toList())
            .orElse(List.of()),
        a.result().map(r -> r.rows()).orElse(List.of()),
        a.result().map(r -> r.truncated()).orElse(false),
        a.result().map(CutJson::of).orElse(List.of()),
        a.confidence(),
        a.alternatives().stream()
            .map(r -> new ReadingJson(r.sql(), r.votes(), r.share(), r.rowCount(), r.explanation()))
            .toList(),
        a.explanation(),
        a.problem().orElse(null),
        a.schemaElements(),
        a.values().stream()
            .map(
                v ->
                    new ValueJson(
                        v.value().table(), v.value().column(), v.value().value(), v.phrase()))
            .toList(),
        TokensJson.of(tokens),
        CostJson.of(cost),
        a.stages().stream()
            .map(
                s ->
                    new StageJson(
                        s.name(),
                        s.calls(),
                        TokensJson.of(s.usage()),
                        CostJson.of(s.cost()),
                        s.llmMillis(),
                        s.otherMillis()))
            .toList(),
        new TimeJson(
            a.wallMillis(),
            a.llmWallMillis(),
            Math.max(0, a.wallMillis() - a.llmWallMillis()),
            recorded.useCaseMillis(),
            recorded.useCaseMicros()),
        a.notes(),
        recorded.follows().map(f -> new FollowsUpJson(f.answer(), f.question())).orElse(null),
        a.totalRows(),
        a.cappedByPolicy(),
        a.access(),
        a.standaloneQuestion().orElse(null));
  }
}
