package dev.parlance.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.adapters.llm.testing.RecordedOpenAi;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code parlance ask --strategy A,B,C --select vote}: one candidate per strategy, run and voted by
 * their results (SQL-PaLM's test-time selection), the answer saying which strategies agreed; and
 * the words and exit code of every wrong use.
 */
class AskSelectCommandTest {

  private static final String QUESTION = "How many singers are from each country?";
  private static final String GOOD = "SELECT Country, count(*) FROM singer GROUP BY Country";
  private static final String OTHER = "SELECT Name FROM singer WHERE Singer_ID = 2";

  @TempDir Path home;

  private RecordedOpenAi model;

  @AfterEach
  void stop() {
    if (model != null) {
      model.close();
    }
  }

  private CliRun run(Map<String, String> env, String... args) {
    try (ParlanceContainer components = CliRun.container(home, env)) {
      return CliRun.of(components, args);
    }
  }

  private void concerts() throws Exception {
    Path db = SharedBenchmarkData.require("spider/database/concert_singer/concert_singer.sqlite");
    Path copy = home.resolve("concert_singer.sqlite");
    Files.copy(db, copy);
    assertThat(
            run(Map.of(), "sources", "add", "concerts", "--url", "jdbc:sqlite:" + copy).exitCode())
        .isZero();
  }

  @Test
  void should_vote_one_candidate_per_strategy_and_print_which_strategies_agreed() throws Exception {
    concerts();
    model = threeStrategies();

    CliRun ask =
        run(
            model.environment(),
            "ask",
            "--source",
            "concerts",
            "--strategy",
            "direct,c3,din",
            "--select",
            "vote",
            "--details",
            QUESTION);

    assertThat(ask.exitCode()).as(ask.err()).isZero();
    assertThat(ask.out())
        .contains("SQL\n  " + GOOD)
        .containsPattern("France\\s+\\|\\s+4")
        .contains("confidence  67% (2 of 3 candidates agree)")
        .contains("strategy    vote across direct, c3, din")
        .contains("agreement   direct, din agreed (2 of 3); c3 (1 row)")
        .doesNotContain("note        vote across strategies")
        // One candidate each, named by its strategy.
        .containsPattern("(?m)^  direct: 3 rows$")
        .containsPattern("(?m)^  c3: 1 row$")
        .containsPattern("(?m)^  din: 3 rows$");
    // Every strategy was asked: C3's recall and completion, DIN's three steps, direct's prompt.
    assertThat(model.prompts())
        .anyMatch(p -> p.contains("Rank all the tables"))
        .anyMatch(p -> p.contains("### Complete"))
        .anyMatch(p -> p.contains("classify it as EASY"))
        .anyMatch(p -> p.contains("Only use the following tables"));
  }

  private RecordedOpenAi threeStrategies() throws Exception {
    // Each strategy's own prompts, the multi-step ones' steps first (the first fragment a prompt
    // holds chooses its answer): DIN and direct write the count per country, C3 another reading.
    return new RecordedOpenAi()
        .answer("# Find the schema_links", "Schema_links: [singer.Country]")
        .answer("classify it as EASY", "Label: \"EASY\"")
        .answer("Use the the schema links", "SQL: " + GOOD)
        .answer("Rank all the tables", "[\"singer\"]")
        .answer("Rank the columns", "{\"singer\": [\"Name\", \"Singer_ID\", \"Country\"]}")
        .answer("### Complete", OTHER.substring("SELECT ".length()))
        .answer(
            "Question: " + QUESTION,
            "Here is the query.\n```sql\n" + GOOD + "\n```\nExplanation: Counts per country.");
  }

  @Test
  void should_print_a_configured_vote_as_the_same_vote_and_let_one_named_strategy_answer_alone()
      throws Exception {
    concerts();
    model = threeStrategies();
    Map<String, String> env = new java.util.HashMap<>(model.environment());
    env.put("PARLANCE_ASK_STRATEGY", "direct,c3,din");
    env.put("PARLANCE_ASK_SELECT", "vote");

    CliRun configured = run(env, "ask", "--source", "concerts", QUESTION);
    CliRun alone = run(env, "ask", "--source", "concerts", "--strategy", "c3", QUESTION);

    assertThat(configured.exitCode()).as(configured.err()).isZero();
    assertThat(configured.out())
        .contains("confidence  67% (2 of 3 candidates agree)")
        .contains("strategy    vote across direct, c3, din")
        .contains("agreement   direct, din agreed (2 of 3); c3 (1 row)");
    assertThat(alone.exitCode()).as(alone.err()).isZero();
    assertThat(alone.out())
        .contains("SQL\n  " + OTHER)
        .contains("strategy    c3")
        .doesNotContain("vote across");
  }

  @Test
  void should_answer_with_one_strategy_alone_as_before() throws Exception {
    concerts();
    model =
        new RecordedOpenAi()
            .answer(
                "Question: " + QUESTION,
                "Here is the query.\n```sql\n" + GOOD + "\n```\nExplanation: Counts per country.");

    CliRun ask =
        run(
            model.environment(),
            "ask",
            "--source",
            "concerts",
            "--strategy",
            "direct",
            "--candidates",
            "2",
            QUESTION);

    assertThat(ask.exitCode()).as(ask.err()).isZero();
    assertThat(ask.out())
        .contains("strategy    direct")
        .contains("confidence  100% (2 of 2 candidates agree)")
        .doesNotContain("vote across")
        .doesNotContain("agreement");
  }

  @Test
  void should_refuse_an_unknown_strategy_in_the_list_with_the_names_there_are() {
    CliRun ask =
        run(
            Map.of(),
            "ask",
            "--source",
            "demo",
            "--strategy",
            "direct,best",
            "--select",
            "vote",
            "?");

    assertThat(ask.exitCode()).isEqualTo(2);
    assertThat(ask.err())
        .contains("unknown strategy 'best' (use direct, c3, din, ta-sql, rb-sql)")
        .doesNotContain("Exception");
  }

  @Test
  void should_refuse_a_selection_other_than_vote() {
    CliRun ask =
        run(
            Map.of(),
            "ask",
            "--source",
            "demo",
            "--strategy",
            "direct,c3",
            "--select",
            "best",
            "?");

    assertThat(ask.exitCode()).isEqualTo(2);
    assertThat(ask.err()).contains("--select takes vote, not 'best'");
  }

  @Test
  void should_refuse_several_strategies_without_a_selection() {
    CliRun ask = run(Map.of(), "ask", "--source", "demo", "--strategy", "direct,c3", "?");

    assertThat(ask.exitCode()).isEqualTo(2);
    assertThat(ask.err()).contains("--strategy names one strategy, or several with --select vote");
  }

  @Test
  void should_refuse_a_vote_of_fewer_than_two_strategies() {
    CliRun one =
        run(Map.of(), "ask", "--source", "demo", "--strategy", "din,din", "--select", "vote", "?");
    CliRun none = run(Map.of(), "ask", "--source", "demo", "--select", "vote", "?");

    assertThat(one.exitCode()).isEqualTo(2);
    assertThat(one.err())
        .contains("--select vote needs at least two strategies in --strategy")
        .contains("direct,c3,din,ta-sql,rb-sql");
    assertThat(none.exitCode()).isEqualTo(2);
    assertThat(none.err()).contains("--select vote needs at least two strategies");
  }

  @Test
  void should_refuse_candidates_with_a_vote_across_strategies() {
    CliRun ask =
        run(
            Map.of(),
            "ask",
            "--source",
            "demo",
            "--strategy",
            "direct,c3",
            "--select",
            "vote",
            "--candidates",
            "3",
            "?");

    assertThat(ask.exitCode()).isEqualTo(2);
    assertThat(ask.err()).contains("with --select vote each strategy gives one");
  }
}
