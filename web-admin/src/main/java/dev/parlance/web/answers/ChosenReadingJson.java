package dev.parlance.web.answers;

import dev.parlance.application.answer.ChooseReadingUseCase.ChosenReading;
import dev.parlance.domain.curation.Suggestion;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.ResultColumn;
import dev.parlance.web.ask.CutJson;
import java.util.List;

/**
 * A chosen reading of an answer and the rows its SQL gave now; {@code suggestion} is the number of
 * the suggestion the choice became for the stewards, null when it became none (chosen before, or
 * not the caller's answer).
 */
public record ChosenReadingJson(
    long answer,
    int reading,
    String sql,
    List<String> columns,
    List<List<Object>> rows,
    boolean truncated,
    List<CutJson> cuts,
    Long suggestion) {

  /** The reading's rows, or the refusal (403) or failure (400) that running it met. */
  static ChosenReadingJson of(ChosenReading chosen) {
    QueryResult rows = Rerun.rows(chosen.outcome());
    return new ChosenReadingJson(
        chosen.answer().id(),
        chosen.reading(),
        chosen.sql(),
        rows.columns().stream().map(ResultColumn::name).toList(),
        rows.rows(),
        rows.truncated(),
        CutJson.of(rows),
        chosen.proposed().map(Suggestion::id).orElse(null));
  }
}
