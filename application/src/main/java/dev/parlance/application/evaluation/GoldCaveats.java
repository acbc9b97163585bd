package dev.parlance.application.evaluation;

/**
 * The questions a benchmark's gold cannot judge, counted apart from the official numbers (which
 * they stay in): golds that return no rows, and answers that differ from the gold only by
 * surrounding white space or letter case of text values.
 *
 * @param goldEmpty scored questions whose gold query returns no rows
 * @param goldEmptyCorrect of those, how many answers were scored correct (any empty answer is)
 * @param textCaseOrSpace answers scored wrong that equal the gold once text values are stripped of
 *     surrounding white space and lower-cased
 * @param scored scored questions with neither mark
 * @param correct of those, how many were correct
 */
public record GoldCaveats(
    int goldEmpty, int goldEmptyCorrect, int textCaseOrSpace, int scored, int correct) {

  public static final GoldCaveats NONE = new GoldCaveats(0, 0, 0, 0, 0);

  /** Execution accuracy over the questions with neither mark. */
  public double accuracyExcluding() {
    return scored == 0 ? 0 : (double) correct / scored;
  }

  public int marked() {
    return goldEmpty + textCaseOrSpace;
  }

  GoldCaveats plus(QuestionResult r) {
    if (r.verdict() == dev.parlance.domain.evaluation.Verdict.SKIPPED) {
      return this;
    }
    boolean correctNow = r.verdict() == dev.parlance.domain.evaluation.Verdict.CORRECT;
    boolean empty = r.marked(dev.parlance.domain.evaluation.GoldMark.GOLD_EMPTY);
    boolean text = r.marked(dev.parlance.domain.evaluation.GoldMark.TEXT_CASE_OR_SPACE);
    return new GoldCaveats(
        goldEmpty + (empty ? 1 : 0),
        goldEmptyCorrect + (empty && correctNow ? 1 : 0),
        textCaseOrSpace + (text ? 1 : 0),
        scored + (empty || text ? 0 : 1),
        correct + (!empty && !text && correctNow ? 1 : 0));
  }

  GoldCaveats plus(GoldCaveats o) {
    return new GoldCaveats(
        goldEmpty + o.goldEmpty,
        goldEmptyCorrect + o.goldEmptyCorrect,
        textCaseOrSpace + o.textCaseOrSpace,
        scored + o.scored,
        correct + o.correct);
  }
}
