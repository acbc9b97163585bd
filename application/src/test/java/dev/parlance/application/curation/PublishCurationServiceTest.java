package dev.parlance.application.curation;

import static dev.parlance.application.curation.CurationFakes.failed;
import static dev.parlance.application.curation.CurationFakes.ran;
import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.application.retrieval.IndexSchemaUseCase.IndexReport;
import dev.parlance.application.retrieval.SourceSchemaUseCase;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.VerifiedQuery;
import dev.parlance.domain.curation.VerifiedStatus;
import dev.parlance.domain.curation.ViewKind;
import dev.parlance.domain.governance.QueryOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class PublishCurationServiceTest {

  private final CurationFakes.Store store = new CurationFakes.Store();
  private final List<String> indexed = new ArrayList<>();

  private static final VerifiedQuery OPEN =
      new VerifiedQuery(
          "q1",
          "How many orders are open?",
          "SELECT count(*) FROM orders WHERE status = 'open'",
          "rita",
          VerifiedStatus.APPROVED,
          "simple");

  private static Curation withOrders(String definition) {
    return Curation.empty("plant")
        .withView(CuratedView.of("orders", ViewKind.CONCEPTUAL, "orders", definition))
        .withVerified(OPEN);
  }

  // The fake database: the open-order count depends on the view's definition in the WITH clause.
  private static QueryOutcome database(String sql) {
    if (sql.contains("broken")) {
      return failed(sql, "no such column: broken");
    }
    if (sql.contains("LIMIT 0")) {
      return ran(sql, List.of("id", "status"), List.of());
    }
    long open = sql.contains("MO_ST = 9") ? 0 : 1613;
    return ran(sql, List.of("count(*)"), List.of(List.<Object>of(open)));
  }

  private PublishCurationService service(Function<String, QueryOutcome> database) {
    CurationFakes.Executor executor = new CurationFakes.Executor(database);
    SourceSchemaUseCase index =
        new SourceSchemaUseCase() {
          @Override
          public IndexReport index(String source, dev.parlance.application.retrieval.Progress p) {
            indexed.add(source);
            return new IndexReport(source, 1, 2, "test-model", 3);
          }

          @Override
          public Result search(
              String source,
              String question,
              dev.parlance.domain.retrieval.RetrievalMode mode,
              int budget,
              dev.parlance.application.retrieval.Progress progress) {
            throw new UnsupportedOperationException();
          }
        };
    return new PublishCurationService(
        CurationFakes.sources(),
        CurationFakes.noPolicy(),
        store,
        new ValidateCurationService(CurationFakes.sources(), CurationFakes.noPolicy(), executor),
        executor,
        () -> index);
  }

  @Test
  void should_block_the_publish_with_a_message_per_view_when_a_view_does_not_compile() {
    store.saveDraft(withOrders("SELECT broken FROM TB_MO"), 0, "rita");

    PublishOutcome outcome =
        service(PublishCurationServiceTest::database).publishDraft("plant", "rita", "");

    assertThat(outcome).isInstanceOf(PublishOutcome.Blocked.class);
    assertThat(outcome.validation().failures())
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.view()).isEqualTo("orders");
              assertThat(c.problems()).containsExactly("does not compile: no such column: broken");
            });
    assertThat(store.history("plant")).isEmpty();
    assertThat(store.draft("plant")).isPresent();
    assertThat(indexed).isEmpty();
  }

  @Test
  void should_publish_reindex_and_report_the_changed_result_when_a_view_changes_its_rows() {
    var service = service(PublishCurationServiceTest::database);
    store.saveDraft(
        withOrders("SELECT MO_ID AS id, CASE MO_ST WHEN 1 THEN 'open' END AS status FROM TB_MO"),
        0,
        "rita");
    PublishOutcome first = service.publishDraft("plant", "rita", "first");
    store.saveDraft(
        withOrders(
            "SELECT MO_ID AS id, CASE MO_ST WHEN 9 THEN 'open' END AS status FROM TB_MO WHERE MO_ST = 9"),
        1,
        "ana");

    PublishOutcome second = service.publishDraft("plant", "ana", "narrower");

    assertThat(first).isInstanceOf(PublishOutcome.Published.class);
    assertThat(((PublishOutcome.Published) first).regression().checks())
        .extracting(RegressionReport.Check::result)
        .containsExactly(RegressionReport.Result.NEW);
    PublishOutcome.Published p = (PublishOutcome.Published) second;
    assertThat(p.version().version()).isEqualTo(2);
    assertThat(p.version().publishedBy()).isEqualTo("ana");
    assertThat(p.reindexed()).contains("re-indexed 1 tables and views");
    assertThat(p.regression().fromVersion()).isEqualTo(1);
    assertThat(p.regression().changed())
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.id()).isEqualTo("q1");
              assertThat(c.result()).isEqualTo(RegressionReport.Result.CHANGED);
              assertThat(c.detail()).isNotEmpty();
            });
    assertThat(indexed).containsExactly("plant", "plant");
    assertThat(store.draft("plant")).isEmpty();
  }

  @Test
  void should_republish_an_old_version_as_a_new_one_and_keep_the_draft_when_rolling_back() {
    var service = service(PublishCurationServiceTest::database);
    store.publish(withOrders("SELECT MO_ID AS id, MO_ST AS status FROM TB_MO"), "rita", "", true);
    store.publish(
        withOrders("SELECT MO_ID AS id, MO_ST AS status FROM TB_MO WHERE MO_ST = 9"),
        "rita",
        "",
        true);
    store.saveDraft(withOrders("SELECT 1 AS id, 2 AS status"), 2, "ana");

    PublishOutcome outcome = service.rollback("plant", 1, "ana");

    PublishOutcome.Published p = (PublishOutcome.Published) outcome;
    assertThat(p.version().version()).isEqualTo(3);
    assertThat(p.version().note()).isEqualTo("rollback to version 1");
    assertThat(p.version().curation())
        .isEqualTo(store.version("plant", 1).orElseThrow().curation());
    assertThat(store.draft("plant")).isPresent();
    assertThat(p.regression().checks())
        .extracting(RegressionReport.Check::result)
        .containsExactly(RegressionReport.Result.CHANGED);
  }

  @Test
  void should_report_each_stage_and_every_verified_question_done_when_publishing() {
    var service = service(PublishCurationServiceTest::database);
    store.saveDraft(withOrders("SELECT MO_ID AS id, MO_ST AS status FROM TB_MO"), 0, "rita");
    List<String> stages = new ArrayList<>();

    service.publishDraft(
        "plant", "rita", "", (stage, done, total) -> stages.add(stage + " " + done + "/" + total));

    assertThat(stages)
        .containsSubsequence(
            PublishCurationUseCase.VALIDATING + " 0/1",
            PublishCurationUseCase.VALIDATING + " 1/1",
            PublishCurationUseCase.STORING + " 1/1",
            PublishCurationUseCase.INDEXING + " 0/1",
            PublishCurationUseCase.VERIFYING + " 0/1",
            PublishCurationUseCase.VERIFYING + " 1/1");
  }
}
