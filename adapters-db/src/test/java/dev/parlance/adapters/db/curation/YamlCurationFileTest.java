package dev.parlance.adapters.db.curation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationFilePort;
import dev.parlance.domain.curation.CurationFixture;
import dev.parlance.domain.curation.DataDescription;
import dev.parlance.domain.curation.ValueLabel;
import dev.parlance.domain.curation.ViewKind;
import dev.parlance.domain.source.Dialect;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class YamlCurationFileTest {

  private final CurationFilePort files = CurationFiles.yaml();

  @Test
  void should_read_back_an_equal_curation_when_it_wrote_one() {
    Curation tricky =
        CurationFixture.plant()
            .withView(
                new CuratedView(
                    "flags",
                    ViewKind.FULLY_EXTENDED,
                    "Values that YAML would read as booleans or numbers: yes, no, 1.0, null.",
                    "SELECT 'yes' AS answer,\n  'it''s' AS quote -- comment: with colon\nFROM TB_X",
                    Map.of(Dialect.POSTGRESQL, "SELECT 'yes'::text AS answer FROM tb_x"),
                    true,
                    List.of(
                        new DataDescription(
                            "answer",
                            "on: off",
                            "#",
                            List.of(
                                new ValueLabel("S", "yes"),
                                new ValueLabel("N", "no"),
                                new ValueLabel("01", "null"),
                                new ValueLabel("1.0", "true")),
                            false))))
            .withHiddenTables(List.of("TB_CD"));

    String yaml = files.write(tricky);

    assertThat(files.read(yaml)).isEqualTo(tricky);
    assertThat(yaml).contains("sql: |").doesNotContain("in_database: false");
  }

  @Test
  void should_name_the_line_when_a_key_is_unknown() {
    String yaml = "source: plant\nviews:\n  - name: a_view\n    sqll: SELECT 1\n";

    assertThatThrownBy(() -> files.read(yaml))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("line 4")
        .hasMessageContaining("sqll");
  }

  @Test
  void should_say_what_is_wrong_when_the_content_breaks_a_rule() {
    String yaml = "source: plant\nviews:\n  - name: a view\n    sql: SELECT 1\n";

    assertThatThrownBy(() -> files.read(yaml))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("view name 'a view' must be a plain SQL identifier");
  }

  @Test
  void should_write_the_shipped_demo_file_back_as_it_is_when_read_and_written_again() {
    String shipped = dev.parlance.adapters.db.demo.DemoDatabase.curationYaml();
    String withoutComments =
        shipped
            .lines()
            .filter(l -> !l.startsWith("#"))
            .collect(java.util.stream.Collectors.joining("\n", "", "\n"));

    assertThat(files.write(files.read(shipped))).isEqualTo(withoutComments);
  }
}
