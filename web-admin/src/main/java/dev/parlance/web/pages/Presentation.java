package dev.parlance.web.pages;

import dev.parlance.application.explore.ResultWordsUseCase.ColumnWords;
import dev.parlance.application.explore.ResultWordsUseCase.ResultWords;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * How one request shows answers: the reader's locale, a result's words (headers, units, what the
 * reader's access did to it: {@code ResultWordsUseCase}) for its column names and the statement as
 * it ran, and what to suggest when there is no answer (the source's example questions and views).
 */
record Presentation(
    Locale locale,
    BiFunction<List<String>, String, ResultWords> words,
    Supplier<Map<String, Object>> help) {

  /** Column names as headers, no notes, no suggestions: for a page with no source at hand. */
  static Presentation plain(Locale locale) {
    return new Presentation(
        locale,
        (columns, sqlRun) ->
            new ResultWords(columns.stream().map(ColumnWords::named).toList(), List.of()),
        Map::of);
  }
}
