package dev.parlance.application.explore;

import dev.parlance.domain.governance.UserIdentity;
import java.util.List;

/**
 * A result in its readers' words: each column's header from the source's curated views (not the
 * SQL's alias: {@code sum(actual_cost)} is "Total actual cost"), its unit from the stewards' data
 * descriptions ({@code BRL}), whether it names things (an id, a number, a code, a year: shown
 * without thousands separators) or counts them (whole numbers), and what the user's access did to
 * the rows ("Filtered by your access: …"). Reads only what stewards published and the policy; no
 * values.
 */
@FunctionalInterface
public interface ResultWordsUseCase {

  /**
   * @param columns the result's column names, as the database named them
   * @param sqlRun the statement as governed execution ran it (its row filters written in), or empty
   *     when it did not run
   * @throws dev.parlance.application.access.AccessDeniedException when the user may not use the
   *     source
   */
  ResultWords words(UserIdentity user, String source, List<String> columns, String sqlRun);

  /**
   * @param access one sentence per row filter of the user's policy that bound the statement
   */
  record ResultWords(List<ColumnWords> columns, List<String> access) {
    public ResultWords {
      columns = List.copyOf(columns);
      access = List.copyOf(access);
    }
  }

  /**
   * @param name the column's name in the result
   * @param label its header in words
   * @param unit its unit ({@code BRL}, {@code hours}); empty when none is known
   * @param identifier whether its numbers name things (ids, numbers, codes, years): no separators
   * @param count whether it counts (a {@code count(…)}): whole numbers
   */
  record ColumnWords(String name, String label, String unit, boolean identifier, boolean count) {

    /** A column known by its name only: its name is its header. */
    public static ColumnWords named(String name) {
      return new ColumnWords(name, name, "", false, false);
    }

    /** The header a table or an axis shows: the label and its unit. */
    public String header() {
      return unit.isEmpty() ? label : label + " (" + unit + ")";
    }

    /** Whether the unit is a currency (three capital letters: BRL, USD, EUR). */
    public boolean currency() {
      return unit.matches("[A-Z]{3}");
    }
  }
}
