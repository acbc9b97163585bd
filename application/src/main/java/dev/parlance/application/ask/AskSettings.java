package dev.parlance.application.ask;

/**
 * How a question is asked; every value can be set in configuration (docs/design/ask.md).
 *
 * @param strategy the strategy when neither the run nor the source names one
 * @param candidates m, the SQL samples drawn for the vote (SQL-PaLM: 32; default 5 for cost)
 * @param temperature sampling temperature of the candidates (SQL-PaLM: 0.5)
 * @param maxTokens cap on each answer's tokens (TA-SQL: 800)
 * @param correctionRounds N, rounds in which failed or empty candidates go back with the error
 * @param confidenceThreshold below this winning share the answer says Parlance is unsure
 * @param schemaBudget columns retrieved for the prompt (CRUSH4SQL's B)
 * @param widerBudget columns of the one retry after repeated failure (RB-SQL)
 * @param valueThreshold smallest matching ratio of a retrieved value (SQL-PaLM's δ)
 * @param valueTopK most values put in a prompt (SQL-PaLM's top_K)
 * @param sampleRows rows shown per table (LangChain: 3)
 * @param examples verified questions shown as examples
 * @param shownRows rows kept in the answer record
 * @param hallucinate whether retrieval asks the model for a hallucinated schema first (CRUSH4SQL)
 * @param wholeSchemaTokens the largest visible schema (rendered with its descriptions, in prompt
 *     tokens) that a prompt shows whole, with no hallucination call and no retrieval; 0 always
 *     retrieves (docs/design/ask.md "Adaptive context")
 * @param rbSql RB-SQL's thresholds and shots (strategy {@code rb-sql})
 * @param voteAcross the strategies that each give one candidate to one execution vote (SQL-PaLM's
 *     test-time selection, {@code parlance.ask.select=vote}); empty: {@code strategy} alone gives
 *     the m candidates
 */
public record AskSettings(
    StrategyName strategy,
    int candidates,
    double temperature,
    int maxTokens,
    int correctionRounds,
    double confidenceThreshold,
    int schemaBudget,
    int widerBudget,
    double valueThreshold,
    int valueTopK,
    int sampleRows,
    int examples,
    int shownRows,
    boolean hallucinate,
    int wholeSchemaTokens,
    RbSqlSettings rbSql,
    java.util.List<StrategyName> voteAcross) {

  public AskSettings {
    rbSql = rbSql == null ? RbSqlSettings.defaults() : rbSql;
    voteAcross = voteAcross == null ? java.util.List.of() : java.util.List.copyOf(voteAcross);
    if (voteAcross.size() == 1 || java.util.Set.copyOf(voteAcross).size() != voteAcross.size()) {
      throw new IllegalArgumentException(
          "a vote across strategies names at least two strategies, each once");
    }
    if (candidates < 1 || candidates > 64) {
      throw new IllegalArgumentException("candidates must be within [1, 64], got " + candidates);
    }
    if (!(temperature >= 0 && temperature <= 2)) {
      throw new IllegalArgumentException("temperature must be within [0, 2]");
    }
    if (correctionRounds < 0 || schemaBudget < 1 || widerBudget < schemaBudget) {
      throw new IllegalArgumentException(
          "correction rounds must be ≥ 0 and 1 ≤ schema budget ≤ wider budget");
    }
    if (!(confidenceThreshold >= 0 && confidenceThreshold <= 1)) {
      throw new IllegalArgumentException("the confidence threshold must be within [0, 1]");
    }
    if (maxTokens < 16 || valueTopK < 0 || sampleRows < 0 || examples < 0 || shownRows < 1) {
      throw new IllegalArgumentException("max tokens, top-K, rows and examples out of range");
    }
    if (wholeSchemaTokens < 0) {
      throw new IllegalArgumentException("the whole-schema token budget must be ≥ 0");
    }
  }

  /** The default whole-schema budget, measured (docs/design/ask.md "Adaptive context"). */
  public static final int WHOLE_SCHEMA_TOKENS = 3000;

  public static AskSettings defaults() {
    return new AskSettings(
        StrategyName.DIRECT,
        5,
        0.5,
        800,
        2,
        0.5,
        20,
        60,
        0.8,
        10,
        3,
        3,
        50,
        true,
        WHOLE_SCHEMA_TOKENS,
        RbSqlSettings.defaults(),
        java.util.List.of());
  }

  public AskSettings withCandidates(int m) {
    return new AskSettings(
        strategy,
        m,
        temperature,
        maxTokens,
        correctionRounds,
        confidenceThreshold,
        schemaBudget,
        widerBudget,
        valueThreshold,
        valueTopK,
        sampleRows,
        examples,
        shownRows,
        hallucinate,
        wholeSchemaTokens,
        rbSql,
        voteAcross);
  }

  public AskSettings withStrategy(StrategyName s) {
    return new AskSettings(
        s,
        candidates,
        temperature,
        maxTokens,
        correctionRounds,
        confidenceThreshold,
        schemaBudget,
        widerBudget,
        valueThreshold,
        valueTopK,
        sampleRows,
        examples,
        shownRows,
        hallucinate,
        wholeSchemaTokens,
        rbSql,
        voteAcross);
  }

  public AskSettings withWholeSchemaTokens(int tokens) {
    return new AskSettings(
        strategy,
        candidates,
        temperature,
        maxTokens,
        correctionRounds,
        confidenceThreshold,
        schemaBudget,
        widerBudget,
        valueThreshold,
        valueTopK,
        sampleRows,
        examples,
        shownRows,
        hallucinate,
        tokens,
        rbSql,
        voteAcross);
  }

  /** The bare prompt: no sample rows, no retrieved values, no examples, no corrections. */
  AskSettings bare() {
    return new AskSettings(
        strategy,
        candidates,
        temperature,
        maxTokens,
        0,
        confidenceThreshold,
        schemaBudget,
        widerBudget,
        valueThreshold,
        0,
        0,
        examples,
        shownRows,
        false,
        wholeSchemaTokens,
        rbSql,
        voteAcross);
  }

  /** What measuring the schema's size renders: no sample rows, values or examples. */
  AskSettings schemaOnly() {
    return new AskSettings(
        strategy,
        candidates,
        temperature,
        maxTokens,
        correctionRounds,
        confidenceThreshold,
        schemaBudget,
        widerBudget,
        valueThreshold,
        0,
        0,
        0,
        shownRows,
        false,
        wholeSchemaTokens,
        rbSql,
        voteAcross);
  }

  /** No sample rows and no retrieved values: for a source with no one database to read them. */
  public AskSettings withoutDataSamples() {
    return new AskSettings(
        strategy,
        candidates,
        temperature,
        maxTokens,
        correctionRounds,
        confidenceThreshold,
        schemaBudget,
        widerBudget,
        valueThreshold,
        0,
        0,
        examples,
        shownRows,
        hallucinate,
        wholeSchemaTokens,
        rbSql,
        voteAcross);
  }

  public AskSettings withRbSql(RbSqlSettings settings) {
    return new AskSettings(
        strategy,
        candidates,
        temperature,
        maxTokens,
        correctionRounds,
        confidenceThreshold,
        schemaBudget,
        widerBudget,
        valueThreshold,
        valueTopK,
        sampleRows,
        examples,
        shownRows,
        hallucinate,
        wholeSchemaTokens,
        settings,
        voteAcross);
  }

  /** One candidate from each of {@code strategies}, voted together; empty: no vote across. */
  public AskSettings withVoteAcross(java.util.List<StrategyName> strategies) {
    return new AskSettings(
        strategy,
        candidates,
        temperature,
        maxTokens,
        correctionRounds,
        confidenceThreshold,
        schemaBudget,
        widerBudget,
        valueThreshold,
        valueTopK,
        sampleRows,
        examples,
        shownRows,
        hallucinate,
        wholeSchemaTokens,
        rbSql,
        strategies);
  }
}
