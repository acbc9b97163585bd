package dev.parlance.web.pages;

import static dev.parlance.web.pages.PageServlet.field;
import static dev.parlance.web.pages.PageServlet.number;

import dev.parlance.application.governance.SearchAuditUseCase;
import dev.parlance.domain.governance.AuditEntry;
import dev.parlance.domain.governance.AuditPage;
import dev.parlance.domain.governance.AuditQuery;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.web.governance.AuditCsv;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The audit page ({@code /portal/admin/audit}): the entries its filters match, a page at a time,
 * and every one of them as a CSV download.
 */
final class AuditSearch {

  private static final int AUDIT_PAGE = 25;

  private AuditSearch() {}

  static void search(
      SearchAuditUseCase audit,
      HttpServletRequest request,
      UserIdentity user,
      Map<String, Object> model) {
    int page = Math.max(0, number(request, "page", 0));
    String who = field(request, "user");
    String source = field(request, "source");
    String outcome = field(request, "outcome");
    String from = field(request, "from");
    String to = field(request, "to");
    AuditQuery query = auditQuery(request, page, AUDIT_PAGE);
    AuditPage found = audit.search(user, query);
    List<Map<String, Object>> rows = new ArrayList<>();
    Map<Long, String> questions = audit.questions(user, found.entries());
    for (AuditEntry e : found.entries()) {
      Map<String, Object> row = new HashMap<>();
      row.put("at", e.at().toString().replace('T', ' ').replaceAll("\\.\\d+Z$", "Z"));
      row.put("iso", e.at().toString());
      row.put("question", questions.getOrDefault(e.id(), ""));
      row.put("user", e.user());
      row.put("source", e.source());
      row.put("action", e.action());
      row.put("outcome", e.outcome());
      row.put("rows", e.rows());
      row.put("detail", e.detail().isBlank() ? e.sqlAsked() : e.detail());
      rows.add(row);
    }
    model.put("entries", rows);
    model.put("empty", rows.isEmpty());
    model.put("total", found.total());
    model.put("filterUser", who);
    model.put("filterSource", source);
    model.put("from", from);
    model.put("to", to);
    List<Map<String, Object>> outcomes = new ArrayList<>();
    for (String o : List.of("ran", "refused", "failed", "done")) {
      outcomes.add(Map.of("name", o, "selected", o.equals(outcome)));
    }
    model.put("outcomes", outcomes);
    String filters =
        "user="
            + enc(who)
            + "&source="
            + enc(source)
            + "&outcome="
            + enc(outcome)
            + "&from="
            + enc(from)
            + "&to="
            + enc(to);
    model.put("export", "?" + filters + "&export=csv");
    if (page > 0) {
      model.put("previous", "?" + filters + "&page=" + (page - 1));
    }
    if (found.hasMore()) {
      model.put("next", "?" + filters + "&page=" + (page + 1));
    }
    model.put("pageNumber", page + 1);
  }

  /** The audit page's filters (user, source, outcome, days from and to) as a query. */
  private static AuditQuery auditQuery(HttpServletRequest request, int page, int size) {
    return new AuditQuery(
        optional(field(request, "user")),
        optional(field(request, "source")),
        day(field(request, "from"), "from", 0),
        day(field(request, "to"), "to", 1),
        optional(field(request, "outcome")),
        Optional.empty(),
        page,
        size);
  }

  /** Every entry the filters match, as a CSV download. */
  static void export(
      SearchAuditUseCase audit,
      HttpServletRequest request,
      HttpServletResponse response,
      UserIdentity user)
      throws IOException {
    AuditQuery query = auditQuery(request, 0, AuditQuery.MAX_SIZE);
    // Refused (a page) before the download starts.
    audit.search(user, auditQuery(request, 0, 1));
    response.setContentType(AuditCsv.MEDIA_TYPE);
    response.setCharacterEncoding(StandardCharsets.UTF_8.name());
    response.setHeader("Cache-Control", "no-store");
    response.setHeader("Content-Disposition", "attachment; filename=\"audit.csv\"");
    PrintWriter out = response.getWriter();
    out.write(AuditCsv.HEADER);
    audit.export(user, query, entry -> out.write(AuditCsv.line(entry)));
    out.flush();
  }

  private static Optional<String> optional(String text) {
    return text.isEmpty() ? Optional.empty() : Optional.of(text);
  }

  /** A day (YYYY-MM-DD, UTC) as an instant: its start, or with {@code plusDays} 1 its end. */
  private static Optional<Instant> day(String text, String field, int plusDays) {
    if (text.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          LocalDate.parse(text).plusDays(plusDays).atStartOfDay().toInstant(ZoneOffset.UTC));
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(field + ": not a day (YYYY-MM-DD): '" + text + "'");
    }
  }

  private static String enc(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }
}
