package dev.parlance.domain.governance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OutcomesTest {

  private static final Instant AT = Instant.parse("2026-03-01T12:00:00Z");

  @Test
  void should_record_rows_and_the_sql_run_when_a_run_is_audited() {
    QueryResult result =
        new QueryResult(
            List.of(new ResultColumn("MO_ID", "INTEGER")),
            List.of(List.of(1L), List.of(2L)),
            true,
            7,
            "SELECT MO_ID FROM TB_MO",
            "SELECT MO_ID FROM \"TB_MO\" TB_MO LIMIT 3");
    QueryAttempted a =
        QueryAttempted.of(
            AT, UserIdentity.of("ana", "x"), "plant", new QueryOutcome.Ran(result), 4);
    assertThat(a.outcome()).isEqualTo(QueryAttempted.Outcome.RAN);
    assertThat(a.rows()).isEqualTo(2);
    assertThat(a.truncated()).isTrue();
    assertThat(a.sqlRun()).contains("SELECT MO_ID FROM \"TB_MO\" TB_MO LIMIT 3");
    assertThat(a.policyVersion()).isEqualTo(4);
    assertThat(a.roles()).containsExactly("x");
  }

  @Test
  void should_record_class_and_reason_when_a_refusal_is_audited() {
    QueryAttempted a =
        QueryAttempted.of(
            AT,
            UserIdentity.of("ana"),
            "plant",
            QueryOutcome.Refused.of(RefusalKind.DATA_CHANGE, "no DELETE", "DELETE FROM t"),
            1);
    assertThat(a.outcome()).isEqualTo(QueryAttempted.Outcome.REFUSED);
    assertThat(a.detail()).isEqualTo("DATA_CHANGE: no DELETE");
    assertThat(a.sqlRun()).isEmpty();
  }

  @Test
  void should_audit_the_error_kind_but_not_the_message_when_a_statement_fails() {
    QueryOutcome.Failed failed =
        new QueryOutcome.Failed(
            FailureKind.DATABASE_ERROR,
            "invalid input syntax for type integer: \"Maria\"\n  Position: 8",
            "SELECT x",
            Optional.of("SELECT x LIMIT 1001"),
            3,
            "invalid text representation");
    assertThat(failed.message())
        .isEqualTo("invalid input syntax for type integer: \"Maria\" Position: 8");
    QueryAttempted a = QueryAttempted.of(AT, UserIdentity.of("ana"), "plant", failed, 1);
    assertThat(a.detail()).isEqualTo("DATABASE_ERROR: invalid text representation");
    assertThat(a.toString()).doesNotContain("Maria");

    QueryOutcome.Failed plain =
        new QueryOutcome.Failed(FailureKind.TIMEOUT, "cancelled after 5000 ms", "q", null, 5000);
    assertThat(QueryAttempted.of(AT, UserIdentity.of("ana"), "plant", plain, 1).detail())
        .isEqualTo("TIMEOUT: cancelled at the policy's timeout");
  }

  @Test
  void should_accept_nulls_but_refuse_ragged_rows_when_a_result_is_built() {
    List<Object> withNull = new ArrayList<>(Arrays.asList(1L, null));
    QueryResult ok =
        new QueryResult(
            List.of(new ResultColumn("a", ""), new ResultColumn("b", "")),
            List.of(withNull),
            false,
            0,
            "q",
            "q");
    assertThat(ok.rows().get(0)).containsExactly(1L, null);
    assertThatThrownBy(
            () ->
                new QueryResult(
                    List.of(new ResultColumn("a", "")),
                    List.of(List.of(1L, 2L)),
                    false,
                    0,
                    "q",
                    "q"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_refuse_to_build_a_refusal_when_it_has_no_reason() {
    assertThatThrownBy(() -> new Refusal(RefusalKind.EMPTY, " "))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_normalise_roles_and_refuse_nul_when_a_user_is_built() {
    UserIdentity u = new UserIdentity(" ana ", Set.of("Regional", " "), Map.of("Region", "SE"));
    assertThat(u.name()).isEqualTo("ana");
    assertThat(u.roles()).containsExactly("regional");
    assertThat(u.attribute("REGION")).contains("SE");
    assertThat(u.actsAs("*")).isTrue();
    assertThatThrownBy(() -> UserIdentity.of("x").withAttribute("a", "b\0c"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_name_the_refusal_class_when_given_a_statements_first_keyword() {
    assertThat(StatementKeywords.classify("DELETE")).contains(RefusalKind.DATA_CHANGE);
    assertThat(StatementKeywords.classify("pragma")).contains(RefusalKind.SESSION_CONTROL);
    assertThat(StatementKeywords.classify("Begin")).contains(RefusalKind.TRANSACTION_CONTROL);
    assertThat(StatementKeywords.classify("drop")).contains(RefusalKind.SCHEMA_CHANGE);
    assertThat(StatementKeywords.classify("select")).isEmpty();
    assertThat(StatementKeywords.classify("with")).isEmpty();
    assertThat(StatementKeywords.classify(null)).isEmpty();
  }
}
