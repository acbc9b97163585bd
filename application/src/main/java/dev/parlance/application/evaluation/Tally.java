package dev.parlance.application.evaluation;

import dev.parlance.domain.evaluation.Verdict;

/**
 * Counts of verdicts over some questions.
 *
 * @param jaccardCorrect questions Nascimento's procedure calls correct
 */
public record Tally(
    int questions,
    int correct,
    int wrong,
    int error,
    int timeout,
    int skipped,
    int jaccardCorrect) {

  public static final Tally EMPTY = new Tally(0, 0, 0, 0, 0, 0, 0);

  /** Questions that were scored: all but the skipped. */
  public int scored() {
    return questions - skipped;
  }

  /** Correct over scored questions (0 when none was scored). */
  public double accuracy() {
    return scored() == 0 ? 0 : (double) correct / scored();
  }

  public double jaccardAccuracy() {
    return scored() == 0 ? 0 : (double) jaccardCorrect / scored();
  }

  Tally plus(QuestionResult r) {
    Verdict v = r.verdict();
    return new Tally(
        questions + 1,
        correct + (v == Verdict.CORRECT ? 1 : 0),
        wrong + (v == Verdict.WRONG ? 1 : 0),
        error + (v == Verdict.ERROR ? 1 : 0),
        timeout + (v == Verdict.TIMEOUT ? 1 : 0),
        skipped + (v == Verdict.SKIPPED ? 1 : 0),
        jaccardCorrect + (r.jaccardCorrect().orElse(false) ? 1 : 0));
  }
}
