package dev.parlance.web.governance;

import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.ResultColumn;
import jakarta.json.bind.annotation.JsonbProperty;
import java.util.List;
import java.util.Locale;

/**
 * What a previewed user would get: {@code outcome} {@code ran} with the columns, rows and the
 * statement as it ran (rewritten by the policy), or {@code refused} / {@code failed} with the
 * reason. A refusal is the preview's answer, not an error of the request.
 */
public record PreviewJson(
    String outcome,
    List<String> columns,
    List<List<Object>> rows,
    boolean truncated,
    @JsonbProperty("sql_run") String sqlRun,
    String reason) {

  public static PreviewJson of(QueryOutcome outcome) {
    return switch (outcome) {
      case QueryOutcome.Ran ran ->
          new PreviewJson(
              "ran",
              ran.result().columns().stream().map(ResultColumn::name).toList(),
              ran.result().rows(),
              ran.result().truncated(),
              ran.result().sqlRun(),
              null);
      case QueryOutcome.Refused refused ->
          new PreviewJson(
              "refused",
              List.of(),
              List.of(),
              false,
              refused.sqlRun().orElse(null),
              refused.refusal().kind().name().toLowerCase(Locale.ROOT).replace('_', ' ')
                  + ": "
                  + refused.refusal().reason());
      case QueryOutcome.Failed failed ->
          new PreviewJson(
              "failed",
              List.of(),
              List.of(),
              false,
              failed.sqlRun().orElse(null),
              failed.message());
    };
  }
}
