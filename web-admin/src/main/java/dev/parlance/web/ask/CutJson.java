package dev.parlance.web.ask;

import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.ResultCut;
import java.util.List;

/**
 * Why a result is not whole, one per limit it met: {@code reason} ({@code rows}, {@code bytes},
 * {@code value_bytes}, {@code columns}), the limit's value, how many rows were kept (or values
 * shortened, or columns left out), and the line a person reads.
 */
public record CutJson(String reason, long limit, long count, String explanation) {

  public static CutJson of(ResultCut cut) {
    return new CutJson(cut.reason().wire(), cut.limit(), cut.count(), cut.explanation());
  }

  /** The result's cuts; empty when it is whole. */
  public static List<CutJson> of(QueryResult result) {
    return result.cuts().stream().map(CutJson::of).toList();
  }
}
