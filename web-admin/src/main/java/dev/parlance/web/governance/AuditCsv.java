package dev.parlance.web.governance;

import dev.parlance.domain.governance.AuditEntry;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The audit trail as CSV (RFC 4180, one line per entry, the fields the trail holds and nothing
 * else), for the audit page's and the API's export. A cell that a spreadsheet would read as a
 * formula ({@code = + - @}, tab or carriage return first) gets a leading apostrophe.
 */
public final class AuditCsv {

  public static final String MEDIA_TYPE = "text/csv";

  public static final String HEADER =
      "id,at,user,roles,source,action,outcome,rows,truncated,elapsed_ms,policy_version,sql_asked,"
          + "sql_run,detail\r\n";

  private AuditCsv() {}

  public static String line(AuditEntry e) {
    return List.of(
                String.valueOf(e.id()),
                e.at().toString(),
                e.user(),
                e.roles().stream().sorted().collect(Collectors.joining(" ")),
                e.source(),
                e.action(),
                e.outcome(),
                String.valueOf(e.rows()),
                String.valueOf(e.truncated()),
                String.valueOf(e.elapsedMs()),
                String.valueOf(e.policyVersion()),
                e.sqlAsked(),
                e.sqlRun().orElse(""),
                e.detail())
            .stream()
            .map(AuditCsv::cell)
            .collect(Collectors.joining(","))
        + "\r\n";
  }

  static String cell(String value) {
    String text = value;
    if (!text.isEmpty() && "=+-@\t\r".indexOf(text.charAt(0)) >= 0) {
      text = "'" + text;
    }
    if (text.indexOf(',') >= 0
        || text.indexOf('"') >= 0
        || text.indexOf('\n') >= 0
        || text.indexOf('\r') >= 0) {
      return '"' + text.replace("\"", "\"\"") + '"';
    }
    return text;
  }
}
