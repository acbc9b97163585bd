package dev.parlance.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.adapters.db.testing.PlantFixture;
import dev.parlance.adapters.db.testing.PostgresServer;
import dev.parlance.adapters.llm.testing.RecordedOpenAi;
import dev.parlance.domain.governance.UserIdentity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The value index built <em>after</em> {@code policy apply} on PostgreSQL (the other order of
 * {@link ValueVisibilityPostgresIT}): the source's login role then reads no table by itself, and
 * the values are read through governed execution as Parlance's indexer. Region SE's analyst is
 * shown her installations' codes and none of another region's; an analyst no filter binds is shown
 * those, which proves the index holds them.
 */
class ValueIndexAfterPolicyApplyPostgresIT {

  @TempDir static Path home;
  @TempDir static Path plantDir;
  static RecordedOpenAi model;
  static ParlanceContainer components;
  static PostgresServer.Database database;

  static final String SOURCE = "pgapplied";
  static final UserIdentity RITA =
      new UserIdentity("rita", Set.of("analyst", "regional"), Map.of("region", "SE"));
  static final UserIdentity ANA = new UserIdentity("ana", Set.of("analyst"), Map.of());

  @BeforeAll
  static void thePlantProvisionedBeforeAnyIndex() throws Exception {
    database = PostgresServer.shared().newDatabase("applied");
    String reader = database.name() + "_reader";
    String password = reader + "-secret";
    try (Connection source =
            DriverManager.getConnection("jdbc:sqlite:" + PlantFixture.sqlite(plantDir));
        Connection pg = PostgresServer.shared().superuser(database.name())) {
      pg.setAutoCommit(false);
      PlantFixture.copyTables(source, pg);
      try (Statement st = pg.createStatement()) {
        st.execute("CREATE ROLE " + reader + " LOGIN PASSWORD '" + password + "'");
        st.execute("REVOKE ALL ON DATABASE " + database.name() + " FROM PUBLIC");
        st.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC");
        st.execute("GRANT CONNECT ON DATABASE " + database.name() + " TO " + reader);
        st.execute("GRANT USAGE ON SCHEMA public TO " + reader);
        st.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO " + reader);
        st.execute("ANALYZE");
      }
      pg.commit();
    }
    model =
        new RecordedOpenAi()
            .answer("Question: ", "```sql\nSELECT count(*) FROM TB_IN\n```\nExplanation: counts.");
    Map<String, String> env = new HashMap<>(model.environment());
    env.put("APPLIED_PG_USER", reader);
    env.put("APPLIED_PG_PASSWORD", password);
    env.put("APPLIED_PG_ADMIN", PostgresServer.SUPERUSER);
    env.put("APPLIED_PG_ADMIN_PASSWORD", PostgresServer.superuserPassword());
    components = CliRun.container(home, env);
    ok(
        run(
            "sources",
            "add",
            SOURCE,
            "--url",
            database.url(),
            "--user-env",
            "APPLIED_PG_USER",
            "--password-env",
            "APPLIED_PG_PASSWORD"));
    CliRun shown = ok(run("policy", "show", "demo"));
    Path file = home.resolve("policy.json");
    Files.writeString(file, shown.out());
    ok(run("policy", "set", SOURCE, "--file", file.toString(), "--by", "stella"));
    ok(
        run(
            "policy",
            "apply",
            "--source",
            SOURCE,
            "--admin-user-env",
            "APPLIED_PG_ADMIN",
            "--admin-password-env",
            "APPLIED_PG_ADMIN_PASSWORD"));
  }

  @AfterAll
  static void close() {
    if (components != null) {
      components.close();
    }
    if (model != null) {
      model.close();
    }
  }

  private static CliRun run(String... args) {
    return CliRun.of(components, args);
  }

  private static CliRun ok(CliRun run) {
    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    return run;
  }

  private static CliRun ask(UserIdentity user, String question) {
    List<String> args = new ArrayList<>(List.of("ask", "--source", SOURCE, "--as", user.name()));
    args.addAll(List.of("--roles", String.join(",", user.roles())));
    user.attributes().forEach((k, v) -> args.addAll(List.of("--attr", k + "=" + v)));
    args.addAll(List.of("--candidates", "1", question));
    return run(args.toArray(String[]::new));
  }

  private static String valuesLine(CliRun ask) {
    return ask.out().lines().filter(l -> l.startsWith("values")).findFirst().orElse("");
  }

  private static String code(String where) throws Exception {
    try (Connection raw = PostgresServer.shared().superuser(database.name());
        Statement st = raw.createStatement();
        ResultSet rs =
            st.executeQuery("SELECT in_cd FROM tb_in WHERE " + where + " ORDER BY in_cd LIMIT 1")) {
      assertThat(rs.next()).as(where).isTrue();
      return rs.getString(1);
    }
  }

  @Test
  void should_find_the_values_a_user_may_see_and_not_the_others_when_indexed_after_apply()
      throws Exception {
    String hers = code("in_rg_cd = 'SE'");
    String theirs = code("in_rg_cd <> 'SE'");
    String question = "installations " + hers + " and " + theirs;

    CliRun rita = ok(ask(RITA, question));
    // the first question built the indexes, after 'policy apply'
    assertThat(rita.err()).contains("reading values 1/1");
    assertThat(valuesLine(rita))
        .as(rita.out())
        .contains("tb_in.in_cd = '" + hers + "'")
        .doesNotContain("'" + theirs + "'");

    CliRun ana = ok(ask(ANA, question));
    assertThat(valuesLine(ana))
        .as(ana.out())
        .contains("tb_in.in_cd = '" + hers + "'", "tb_in.in_cd = '" + theirs + "'");
  }
}
