package dev.parlance.web.governance;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.governance.SearchAuditUseCase;
import dev.parlance.domain.governance.AuditPage;
import dev.parlance.domain.governance.AuditQuery;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.web.problem.Requests;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * {@code /api/v1/audit}: the audit trail, filtered and paged; admins read all of it, stewards the
 * entries of the sources they steward (the use case's rule).
 */
@Path("audit")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class AuditResource {

  @Inject UserIdentity caller;
  @Inject SearchAuditUseCase audit;

  @GET
  @RolesAllowed({SourceAccess.STEWARD, SourceAccess.ADMIN})
  @Operation(
      summary = "The audit trail, newest first",
      description = "Filters: user, source, from, to (ISO-8601 instants), outcome, action; paged.")
  public AuditPage audit(
      @QueryParam("user") String user,
      @QueryParam("source") String source,
      @QueryParam("from") String from,
      @QueryParam("to") String to,
      @QueryParam("outcome") String outcome,
      @QueryParam("action") String action,
      @QueryParam("page") @DefaultValue("0") int page,
      @QueryParam("size") @DefaultValue("50") int size) {
    return audit.search(caller, query(user, source, from, to, outcome, action, page, size));
  }

  @GET
  @Path("export")
  @Produces(AuditCsv.MEDIA_TYPE)
  @RolesAllowed({SourceAccess.STEWARD, SourceAccess.ADMIN})
  @Operation(
      summary = "Every entry of the audit trail that matches the filters, as CSV",
      description = "The same filters as the trail itself; no paging.")
  public Response export(
      @QueryParam("user") String user,
      @QueryParam("source") String source,
      @QueryParam("from") String from,
      @QueryParam("to") String to,
      @QueryParam("outcome") String outcome,
      @QueryParam("action") String action) {
    AuditQuery query = query(user, source, from, to, outcome, action, 0, AuditQuery.MAX_SIZE);
    // Checked before the first byte is written, so that a refusal is still a problem answer.
    audit.search(caller, query(user, source, from, to, outcome, action, 0, 1));
    StreamingOutput csv =
        out -> {
          Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
          writer.write(AuditCsv.HEADER);
          audit.export(caller, query, entry -> write(writer, AuditCsv.line(entry)));
          writer.flush();
        };
    return Response.ok(csv, AuditCsv.MEDIA_TYPE + "; charset=utf-8")
        .header("Content-Disposition", "attachment; filename=\"audit.csv\"")
        .build();
  }

  private static void write(Writer writer, String text) {
    try {
      writer.write(text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static AuditQuery query(
      String user,
      String source,
      String from,
      String to,
      String outcome,
      String action,
      int page,
      int size) {
    return new AuditQuery(
        Optional.ofNullable(user),
        Optional.ofNullable(source).map(Requests::name),
        instant(from, "from"),
        instant(to, "to"),
        Optional.ofNullable(outcome),
        Optional.ofNullable(action),
        page,
        size);
  }

  private static Optional<Instant> instant(String text, String field) {
    if (text == null || text.isBlank()) {
      return Optional.empty();
    }
    try {
      return Optional.of(Instant.parse(text.strip()));
    } catch (DateTimeParseException e) {
      throw new BadRequestException(field + ": an ISO-8601 instant such as 2026-01-31T00:00:00Z");
    }
  }
}
