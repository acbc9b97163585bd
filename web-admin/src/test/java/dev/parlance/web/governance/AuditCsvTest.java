package dev.parlance.web.governance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.governance.AuditEntry;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AuditCsvTest {

  @Test
  void should_write_one_quoted_line_per_entry_with_the_fields_the_trail_holds() {
    AuditEntry entry =
        new AuditEntry(
            7,
            Instant.parse("2026-11-24T09:00:00Z"),
            "ana",
            Set.of("regional", "analyst"),
            "demo",
            AuditEntry.QUERY,
            "ran",
            "",
            "SELECT name, \"x\" FROM t\nWHERE a = 'b'",
            Optional.of("SELECT name FROM t"),
            3,
            false,
            12,
            2);

    assertThat(AuditCsv.line(entry))
        .isEqualTo(
            "7,2026-11-24T09:00:00Z,ana,analyst regional,demo,query,ran,3,false,12,2,"
                + "\"SELECT name, \"\"x\"\" FROM t\nWHERE a = 'b'\",SELECT name FROM t,\r\n");
    assertThat(AuditCsv.HEADER.split(",")).hasSize(14);
  }

  @Test
  void should_keep_a_spreadsheet_from_reading_a_cell_as_a_formula() {
    assertThat(AuditCsv.cell("=HYPERLINK(\"x\")")).isEqualTo("\"'=HYPERLINK(\"\"x\"\")\"");
    assertThat(AuditCsv.cell("@sum")).isEqualTo("'@sum");
    assertThat(AuditCsv.cell("plain")).isEqualTo("plain");
  }
}
