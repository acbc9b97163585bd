package dev.parlance.application.curation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationFilePort;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.curation.DataDescription;
import dev.parlance.domain.curation.ValueLabel;
import dev.parlance.domain.curation.VerifiedQuery;
import dev.parlance.domain.curation.VerifiedStatus;
import dev.parlance.domain.curation.ViewKind;
import dev.parlance.domain.governance.ActionTaken;
import dev.parlance.domain.governance.UserIdentity;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The steward's curation facades: stewardship checked per source, publishing audited. */
class StewardCurationServiceTest {

  static final UserIdentity SAM =
      new UserIdentity("sam", Set.of("steward"), Map.of("stewarded_sources", "plant"));
  static final UserIdentity OZ =
      new UserIdentity("oz", Set.of("steward"), Map.of("stewarded_sources", "other"));
  static final Clock CLOCK = Clock.fixed(Instant.parse("2026-03-02T12:00:00Z"), ZoneOffset.UTC);

  // A curation "file" that is just the source's name: enough to route import and export.
  static final CurationFilePort FILES =
      new CurationFilePort() {
        @Override
        public String write(Curation curation) {
          return curation.source();
        }

        @Override
        public String writeJson(Curation curation) {
          return "{\"source\":\"" + curation.source() + "\"}";
        }

        @Override
        public Curation read(String text) {
          return Curation.empty(text.strip());
        }
      };

  private final CurationFakes.Store store = new CurationFakes.Store();
  private final List<ActionTaken> audit = new ArrayList<>();
  private final EditCurationService edits =
      new EditCurationService(CurationFakes.sources(), store, FILES);
  private final PublishCurationUseCase publisher =
      new PublishCurationUseCase() {
        @Override
        public PublishOutcome publishDraft(
            String source,
            String steward,
            String note,
            dev.parlance.application.retrieval.Progress progress) {
          CurationVersion v = store.publish(edits.workingCopy(source), steward, note, true);
          return new PublishOutcome.Published(
              v,
              new ValidationReport(source, List.of()),
              new RegressionReport(v.version() - 1, v.version(), List.of()),
              "");
        }

        @Override
        public PublishOutcome rollback(
            String source,
            int version,
            String steward,
            dev.parlance.application.retrieval.Progress progress) {
          return publishDraft(source, steward, "rollback");
        }

        @Override
        public RegressionReport check(String source) {
          return new RegressionReport(1, 1, List.of());
        }
      };
  private final StewardCurationService steward =
      new StewardCurationService(
          edits,
          new ReadCurationService(CurationFakes.sources(), store, FILES),
          curation -> new ValidationReport(curation.source(), List.of()),
          publisher,
          store,
          FILES,
          audit::add,
          CLOCK);
  private final CurateItemsService items = new CurateItemsService(edits, publisher);

  @Test
  void should_record_a_publish_in_the_audit_trail_with_the_steward_and_version() {
    items.addHint(SAM, "plant", "open means status 1");

    PublishOutcome outcome = steward.publish(SAM, "plant", "first");

    assertThat(outcome).isInstanceOf(PublishOutcome.Published.class);
    assertThat(audit)
        .singleElement()
        .satisfies(
            a -> {
              assertThat(a.user()).isEqualTo("sam");
              assertThat(a.roles()).containsExactly("steward");
              assertThat(a.source()).isEqualTo("plant");
              assertThat(a.action()).isEqualTo("curation-publish");
              assertThat(a.detail()).isEqualTo("published version 1");
              assertThat(a.at()).isEqualTo(CLOCK.instant());
            });
    assertThat(store.published("plant").orElseThrow().curation().hints())
        .containsExactly("open means status 1");
  }

  @Test
  void should_refuse_a_steward_of_another_source_and_change_nothing() {
    assertThatThrownBy(() -> steward.publish(OZ, "plant", "x"))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> items.addHint(OZ, "plant", "x"))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> steward.workingCopy(UserIdentity.of("ana", "analyst"), "plant"))
        .isInstanceOf(AccessDeniedException.class);
    assertThat(store.drafts).isEmpty();
    assertThat(audit).isEmpty();
  }

  @Test
  void should_leave_the_draft_as_it_was_when_an_imported_file_cannot_be_read() {
    CurationFilePort unreadable =
        new CurationFilePort() {
          @Override
          public String write(Curation curation) {
            return FILES.write(curation);
          }

          @Override
          public String writeJson(Curation curation) {
            return FILES.writeJson(curation);
          }

          @Override
          public Curation read(String text) {
            throw new IllegalArgumentException("line 4: unknown key 'viewz'");
          }
        };
    EditCurationService strictEdits =
        new EditCurationService(CurationFakes.sources(), store, unreadable);
    StewardCurationService strict =
        new StewardCurationService(
            strictEdits,
            new ReadCurationService(CurationFakes.sources(), store, unreadable),
            curation -> new ValidationReport(curation.source(), List.of()),
            publisher,
            store,
            unreadable,
            audit::add,
            CLOCK);
    items.addHint(SAM, "plant", "open means status 1");

    assertThatThrownBy(() -> strict.importFile(SAM, "plant", "source: plant\nviewz: []\n"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("line 4");
    assertThat(store.drafts.get("plant").curation().hints()).containsExactly("open means status 1");
  }

  @Test
  void should_define_a_view_in_the_draft_keeping_its_descriptions() {
    items.describe(
        SAM,
        "plant",
        new CurateItemsUseCase.Describe(
            "TB_MO",
            Optional.of("maintenance orders"),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty()));
    items.defineView(
        SAM,
        "plant",
        new CurateItemsUseCase.ViewDefinition(
            "maintenance_order", ViewKind.CONCEPTUAL, "SELECT MO_ID AS order_id FROM TB_MO"));
    items.describe(
        SAM,
        "plant",
        new CurateItemsUseCase.Describe(
            "maintenance_order",
            Optional.of("one row per order"),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty()));

    items.defineView(
        SAM,
        "plant",
        new CurateItemsUseCase.ViewDefinition(
            "maintenance_order",
            ViewKind.PARTIALLY_EXTENDED,
            "SELECT MO_ID AS order_id, MO_ST AS status FROM TB_MO;"));

    CuratedView view = store.drafts.get("plant").curation().view("maintenance_order").orElseThrow();
    assertThat(view.kind()).isEqualTo(ViewKind.PARTIALLY_EXTENDED);
    assertThat(view.sql()).isEqualTo("SELECT MO_ID AS order_id, MO_ST AS status FROM TB_MO");
    assertThat(view.description()).isEqualTo("one row per order");
    assertThatThrownBy(
            () ->
                items.defineView(
                    OZ, "plant", new CurateItemsUseCase.ViewDefinition("v", null, "SELECT 1")))
        .isInstanceOf(AccessDeniedException.class);
  }

  @Test
  void should_refuse_a_document_of_another_source() {
    assertThatThrownBy(() -> steward.saveDraft(SAM, "plant", "demo"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("for source 'demo', not 'plant'");
    assertThat(store.drafts).isEmpty();
  }

  @Test
  void should_describe_a_view_column_keeping_what_the_command_leaves_out() {
    DataDescription status =
        new DataDescription(
            "status", "order state", "", List.of(new ValueLabel("1", "open")), true);
    CuratedView orders =
        new CuratedView(
            "maintenance_order",
            ViewKind.CONCEPTUAL,
            "orders",
            "SELECT MO_ST AS status FROM TB_MO",
            Map.of(),
            false,
            List.of(status));
    store.saveDraft(Curation.empty("plant").withView(orders), 0, "sam");

    items.describe(
        SAM,
        "plant",
        new CurateItemsUseCase.Describe(
            "maintenance_order.status",
            Optional.empty(),
            Optional.of("where the order stands"),
            Optional.empty(),
            Optional.empty(),
            Optional.of(false)));

    DataDescription changed =
        store
            .draft("plant")
            .orElseThrow()
            .curation()
            .view("maintenance_order")
            .orElseThrow()
            .column("status")
            .orElseThrow();
    assertThat(changed.meaning()).isEqualTo("where the order stands");
    assertThat(changed.values()).containsExactly(new ValueLabel("1", "open"));
    assertThat(changed.valuesShown()).isFalse();
    assertThatThrownBy(
            () ->
                items.describe(
                    SAM,
                    "plant",
                    new CurateItemsUseCase.Describe(
                        "maintenance_order.nope",
                        Optional.empty(),
                        Optional.of("x"),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty())))
        .hasMessageContaining("has no column nope");
  }

  @Test
  void should_approve_and_retire_verified_questions_and_name_unknown_ones() {
    items.putVerified(
        SAM,
        "plant",
        new VerifiedQuery("q1", "how many?", "SELECT 1", "sam", VerifiedStatus.PROPOSED, ""));

    items.setStatus(SAM, "plant", "q1", VerifiedStatus.APPROVED);

    assertThat(items.verified(SAM, "plant"))
        .singleElement()
        .extracting(VerifiedQuery::status)
        .isEqualTo(VerifiedStatus.APPROVED);
    assertThatThrownBy(() -> items.setStatus(SAM, "plant", "q9", VerifiedStatus.RETIRED))
        .isInstanceOf(UnknownCurationItemException.class);
  }

  @Test
  void should_refuse_a_describe_command_that_mixes_table_and_column_fields() {
    assertThatThrownBy(
            () ->
                new CurateItemsUseCase.Describe(
                    "orders",
                    Optional.empty(),
                    Optional.of("meaning"),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty()))
        .hasMessageContaining("name NAME.COLUMN");
    assertThatThrownBy(
            () ->
                new CurateItemsUseCase.Describe(
                    "orders.x",
                    Optional.of("a table text"),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty()))
        .hasMessageContaining("without a column");
  }
}
