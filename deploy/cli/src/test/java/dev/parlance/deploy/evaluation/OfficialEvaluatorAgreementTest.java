package dev.parlance.deploy.evaluation;

import static dev.parlance.domain.evaluation.Verdict.CORRECT;
import static dev.parlance.domain.evaluation.Verdict.ERROR;
import static dev.parlance.domain.evaluation.Verdict.WRONG;
import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.adapters.db.evaluation.BenchmarkExecution;
import dev.parlance.adapters.db.jdbc.JdbcConnections;
import dev.parlance.application.evaluation.QuestionScorer;
import dev.parlance.domain.evaluation.EvaluationQuestion;
import dev.parlance.domain.evaluation.EvaluationSemantics;
import dev.parlance.domain.evaluation.JaccardThresholds;
import dev.parlance.domain.evaluation.RunBenchmarkQueryPort;
import dev.parlance.domain.evaluation.Verdict;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.Dialect;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Crafted edge cases run through the real SQLite runner and the scorer, with the verdict each
 * official evaluator gives. Every expectation was derived from the official code's logic, and the
 * rule that gives it is named: BIRD {@code evaluation.py} (prediction first, then {@code
 * set(predicted) == set(gold)}, any exception is 0, Python's {@code sqlite3} with strict UTF-8) and
 * Spider test-suite {@code evaluation.py} / {@code exec_eval.py} ({@code postprocess}, {@code
 * remove_distinct}, {@code replace_cur_year}, {@code result_eq}, text decoded with {@code
 * errors="ignore"}).
 */
class OfficialEvaluatorAgreementTest {

  @TempDir static Path directory;
  private static DataSource db;
  private static final RunBenchmarkQueryPort RUNNER =
      BenchmarkExecution.readOnly(new JdbcConnections());

  @BeforeAll
  static void craftDatabase() throws SQLException {
    Path file = directory.resolve("edge.sqlite");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE t (a INTEGER, b TEXT, x REAL)");
      s.execute(
          "INSERT INTO t VALUES (1, 'x', 1.5), (1, 'x', 1.5), (2, 'y', NULL), (3, '1.5', 2.0)");
      s.execute("CREATE TABLE e (a INTEGER)");
      s.execute("CREATE TABLE n (v INTEGER)");
      s.execute("INSERT INTO n VALUES (1), (2), (3)");
      s.execute("CREATE TABLE bad (s TEXT)");
      s.execute("INSERT INTO bad VALUES (CAST(x'61ff62' AS TEXT))");
    }
    db = new DataSource("edge", "jdbc:sqlite:" + file, Dialect.SQLITE, Credentials.none());
  }

  /** One crafted pair: what BIRD's and Spider's evaluators say, and the rule that says it. */
  record Case(String name, String gold, String predicted, Verdict bird, Verdict spider) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        // DUPLICATE ROWS
        // BIRD: set({1,1,2,3}) == set({1,2,3}). Spider: remove_distinct drops DISTINCT from the
        // prediction before it runs, so both return the same 4 rows.
        new Case(
            "distinct never matters to either",
            "SELECT a FROM t",
            "SELECT DISTINCT a FROM t",
            CORRECT,
            CORRECT),
        // BIRD: sets equal. Spider result_eq: len(result1) != len(result2) (4 vs 3) -> False.
        new Case(
            "duplicates count only in spider",
            "SELECT a FROM t",
            "SELECT a FROM t GROUP BY a",
            CORRECT,
            WRONG),
        // ROW ORDER
        // BIRD: sets ignore order. Spider: 'order by' in gold -> order_matters -> lists differ.
        new Case(
            "order counts in spider when the gold orders",
            "SELECT a FROM t ORDER BY a DESC",
            "SELECT a FROM t ORDER BY a",
            CORRECT,
            WRONG),
        // Spider: no 'order by' in the gold -> multisets compared; the prediction's order is free.
        new Case(
            "order is free when the gold does not order",
            "SELECT a FROM t",
            "SELECT a FROM t ORDER BY a DESC",
            CORRECT,
            CORRECT),
        // COLUMN ORDER
        // BIRD: tuples (1,'x') != ('x',1). Spider: a column permutation makes the rows equal.
        new Case(
            "column order counts only in bird",
            "SELECT a, b FROM t",
            "SELECT b, a FROM t",
            WRONG,
            CORRECT),
        // NULLS
        // Python: (None,) == (None,) in both.
        new Case(
            "null equals null", "SELECT x FROM t WHERE a = 2", "SELECT NULL", CORRECT, CORRECT),
        // [(None,)] vs []: BIRD sets {(None,)} != {}; Spider: lengths 1 != 0.
        new Case(
            "a null row is not an empty result",
            "SELECT max(a) FROM e",
            "SELECT a FROM e",
            WRONG,
            WRONG),
        // FLOATS
        // avg -> 2.0, integer division -> 2; Python 2 == 2.0 and hash(2) == hash(2.0).
        new Case(
            "an integer equals its real",
            "SELECT avg(v) FROM n",
            "SELECT sum(v) / count(v) FROM n",
            CORRECT,
            CORRECT),
        // Python: 0.1 + 0.2 == 0.30000000000000004 != 0.3.
        new Case("floats compare exactly", "SELECT 0.3", "SELECT 0.1 + 0.2", WRONG, WRONG),
        // 7 / 2 is 3 in SQLite, 7 / 2.0 is 3.5.
        new Case("integer division differs", "SELECT 7 / 2", "SELECT 7 / 2.0", WRONG, WRONG),
        // Spider quick_rej sorts each row by str(v) + str(type(v)): (1, '1.5') sorts to
        // ('1.5', 1) but (1.0, '1.5') to (1.0, '1.5'), so it rejects; BIRD's set equality accepts.
        new Case(
            "spider's quick rejection refuses an integral real beside text",
            "SELECT 1, '1.5'",
            "SELECT 1.0, '1.5'",
            CORRECT,
            WRONG),
        // TEXT VS NUMBER
        // Python: '1.5' != 1.5 and '2' != 2.
        new Case(
            "text is not a number",
            "SELECT b FROM t WHERE a = 3",
            "SELECT x FROM t WHERE a = 1 LIMIT 1",
            WRONG,
            WRONG),
        new Case("a quoted number is text", "SELECT '2'", "SELECT 2", WRONG, WRONG),
        // EMPTY RESULTS
        // BIRD: set() == set(). Spider: both empty -> True, whatever the columns.
        new Case(
            "two empty results are equal",
            "SELECT a FROM e",
            "SELECT a, b FROM t WHERE 0",
            CORRECT,
            CORRECT),
        // BIRD runs '' and gets [] from Python's sqlite3; set() == set(). The official Spider
        // script crashes here (sqlparse.parse('') is empty, so remove_distinct raises
        // IndexError); Parlance runs the blank query as BIRD does, so Spider's rule sees two
        // empty results. This one Spider expectation is Parlance's choice, not the script's.
        new Case("an empty prediction returns no rows", "SELECT a FROM e", "", CORRECT, CORRECT),
        // SPIDER'S REWRITES
        // Spider replace_cur_year turns YEAR(CURDATE()) into 2020; BIRD runs it and SQLite fails.
        new Case(
            "the current year is 2020 for spider",
            "SELECT 2020",
            "SELECT YEAR(CURDATE())",
            ERROR,
            CORRECT),
        // Spider postprocess closes '> =' up; SQLite rejects it as given.
        new Case(
            "spaced comparisons are closed up for spider",
            "SELECT a FROM t WHERE a >= 2",
            "SELECT a FROM t WHERE a > = 2",
            ERROR,
            CORRECT),
        // Python sqlite3 refuses a second statement; Spider's remove_distinct keeps the first.
        new Case(
            "a second statement is an error except in spider",
            "SELECT a FROM t",
            "SELECT a FROM t; SELECT 1",
            ERROR,
            CORRECT),
        // TEXT DECODING
        // BIRD: strict UTF-8 decoding raises on the gold's bytes -> exception -> 0. Spider
        // decodes with errors='ignore': b'a\xffb' -> 'ab'.
        new Case(
            "invalid utf-8 fails bird and is dropped by spider",
            "SELECT s FROM bad",
            "SELECT 'ab'",
            ERROR,
            CORRECT),
        // ERRORS
        new Case(
            "a failing prediction is wrong",
            "SELECT a FROM t",
            "SELECT nope FROM t",
            ERROR,
            ERROR));
  }

  private static Verdict score(EvaluationSemantics semantics, Case c) {
    QuestionScorer scorer = new QuestionScorer(RUNNER, semantics, JaccardThresholds.DEFAULTS);
    EvaluationQuestion q =
        new EvaluationQuestion("1", "edge", c.name(), Optional.empty(), c.gold(), Optional.empty());
    return scorer.score(q, Optional.of(db), Optional.of(c.predicted())).verdict();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void should_give_the_official_bird_verdict_when_scoring_a_crafted_pair(Case c) {
    assertThat(score(EvaluationSemantics.bird(), c)).as(c.name()).isEqualTo(c.bird());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void should_give_the_official_spider_verdict_when_scoring_a_crafted_pair(Case c) {
    assertThat(score(EvaluationSemantics.spider(), c)).as(c.name()).isEqualTo(c.spider());
  }
}
