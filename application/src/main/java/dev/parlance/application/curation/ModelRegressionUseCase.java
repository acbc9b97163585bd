package dev.parlance.application.curation;

import dev.parlance.application.retrieval.Progress;
import dev.parlance.domain.governance.UserIdentity;
import java.util.Objects;

/**
 * Asks the question pipeline — the language model — each approved verified question of a source's
 * published curation and says whether its answer still has the verified SQL's rows: does Parlance
 * still <em>answer</em> them right? It costs model calls, so a steward starts it on purpose, after
 * seeing {@link #estimate}; publishing never does. Stewards of the source and admins only.
 */
public interface ModelRegressionUseCase {

  /**
   * What a run would cost, before it runs.
   *
   * @throws dev.parlance.application.access.AccessDeniedException for a source the user does not
   *     steward
   */
  Estimate estimate(UserIdentity user, String source);

  /**
   * Runs it: each question's pipeline answer compared with its verified SQL's rows.
   *
   * @throws dev.parlance.domain.completion.NoLanguageModelException when no model is configured
   */
  RegressionReport run(UserIdentity user, String source, Progress progress);

  /**
   * The expected cost of a run: {@code questions} questions, each as many calls and tokens as the
   * source's answers took on average lately.
   *
   * @param version the published version whose questions would be asked (0: nothing published)
   * @param modelConfigured whether a model is configured for the source (else a run is refused)
   * @param known whether {@code calls} and {@code tokens} come from measured answers; when false,
   *     calls is a lower bound (one a question) and tokens is 0
   * @param basis in words, what the estimate is drawn from
   */
  record Estimate(
      String source,
      int version,
      boolean modelConfigured,
      int questions,
      long calls,
      long tokens,
      boolean known,
      String basis) {
    public Estimate {
      Objects.requireNonNull(source, "source");
      basis = basis == null ? "" : basis;
    }
  }
}
