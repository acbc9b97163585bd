package dev.parlance.web.pages;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.governance.SearchAuditUseCase;
import dev.parlance.application.governance.SourcePoliciesUseCase;
import dev.parlance.application.query.PreviewAsUserUseCase;
import dev.parlance.application.source.IndexSourceUseCase;
import dev.parlance.application.source.ManageSourcesUseCase;
import dev.parlance.application.source.UseSourcesUseCase;
import dev.parlance.domain.governance.ColumnRule;
import dev.parlance.domain.governance.ColumnTreatment;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.RowFilter;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.SourceCheck;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The admin's pages: sources ({@code /portal/admin/sources}: list, add, test, index with its
 * progress), policies ({@code /portal/admin/policies}: the current version; row filters, column
 * rules, row cap and timeout changed as a new published version; "preview as user") and the audit
 * trail ({@code /portal/admin/audit}: filters, paging, CSV export of every matching entry). The use
 * cases refuse anyone but admins (stewards may read their source's policy and audit trail through
 * the same use cases).
 */
public class AdminPages extends PageServlet {

  private static final Page SOURCES = Page.of("sources", "Sources", "sources", SourceAccess.ADMIN);
  private static final Page POLICIES =
      Page.of("policies", "Policies", "policies", SourceAccess.ADMIN);
  private static final Page AUDIT = Page.of("audit", "Audit", "audit", SourceAccess.ADMIN);

  private static final long serialVersionUID = 1L;

  @Inject transient UseSourcesUseCase sources;
  @Inject transient SourcePoliciesUseCase policies;
  @Inject transient SearchAuditUseCase audit;
  @Inject transient PreviewAsUserUseCase previews;
  @Inject transient dev.parlance.application.identity.ManageUsersUseCase users;

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    switch (request.getServletPath()) {
      case "/portal/admin/sources" ->
          page(request, response, SOURCES, (user, model) -> listSources(user, model));
      case "/portal/admin/policies" ->
          page(
              request,
              response,
              POLICIES,
              (user, model) -> {
                showPolicy(user, policySource(request, user, model), model);
                PolicyPreview.realUsers(users, request, user, model);
              });
      default ->
          page(
              request,
              response,
              AUDIT,
              (user, model) -> {
                if (field(request, "export").equals("csv")) {
                  AuditSearch.export(audit, request, response, user);
                } else {
                  AuditSearch.search(audit, request, user, model);
                }
              });
    }
  }

  @Override
  protected void doPost(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    switch (request.getServletPath()) {
      case "/portal/admin/sources" ->
          page(
              request,
              response,
              SOURCES,
              (user, model) -> {
                try {
                  model.put("notice", sourceAction(request, user));
                } finally {
                  listSources(user, model);
                }
              });
      case "/portal/admin/policies" ->
          page(
              request,
              response,
              POLICIES,
              (user, model) -> {
                String source = policySource(request, user, model);
                try {
                  if (field(request, "action").equals("preview")) {
                    PolicyPreview.preview(previews, request, user, source, model);
                  } else {
                    model.put("notice", policyAction(request, user, source));
                  }
                } finally {
                  showPolicy(user, source, model);
                  PolicyPreview.realUsers(users, request, user, model);
                }
              });
      default -> response.sendError(HttpServletResponse.SC_METHOD_NOT_ALLOWED);
    }
  }

  // ---- sources

  private void listSources(UserIdentity user, Map<String, Object> model) {
    List<Map<String, Object>> rows = new ArrayList<>();
    boolean indexing = false;
    for (var source : sources.usable(user)) {
      Map<String, Object> row = new HashMap<>();
      row.put("name", source.name());
      row.put("dialect", source.dialect().toString());
      row.put("url", source.url().orElse(""));
      switch (source.index()) {
        case IndexSourceUseCase.Ready ready -> row.put("state", "ready");
        case IndexSourceUseCase.Indexing progress -> {
          indexing = true;
          row.put("state", "indexing: " + progress.stage());
          row.put("indexing", true);
          row.put("done", progress.done());
          row.put("total", Math.max(progress.total(), 1));
          row.put("percent", progress.total() <= 0 ? 0 : progress.done() * 100 / progress.total());
        }
        case IndexSourceUseCase.NotReady notReady ->
            row.put("state", "not indexed: " + notReady.reason());
      }
      // A source without a published policy is closed to analysts: say so, with the way out.
      row.put("closed", policies.current(user, source.name()).version() == 0);
      rows.add(row);
    }
    model.put("sources", rows);
    // While an index is built the page asks for itself again (portal.js), so progress moves.
    model.put("refresh", indexing);
  }

  private String sourceAction(HttpServletRequest request, UserIdentity user) {
    String name = field(request, "name");
    return switch (field(request, "action")) {
      case "add" -> {
        String userVar = field(request, "userEnv");
        String passwordVar = field(request, "passwordEnv");
        Credentials credentials =
            userVar.isEmpty() && passwordVar.isEmpty()
                ? Credentials.none()
                : new Credentials.FromEnvironment(userVar, passwordVar);
        var added =
            sources.add(
                user,
                new ManageSourcesUseCase.AddSource(name, field(request, "url"), credentials, true));
        yield (added.replaced() ? "Replaced" : "Added")
            + " source "
            + name
            + "; its indexes are being built. Analysts cannot use it until you publish its"
            + " policy (Policies).";
      }
      case "test" ->
          switch (sources.test(user, name)) {
            case SourceCheck.Reachable ok ->
                "Source " + name + " answers: " + ok.tables() + " tables and views.";
            case SourceCheck.Unreachable down ->
                throw new IllegalArgumentException(
                    "source "
                        + name
                        + ": "
                        + down.problem().description()
                        + " ("
                        + down.message()
                        + ")");
          };
      case "index" -> {
        sources.index(user, name);
        yield "Indexing " + name + " started.";
      }
      case "remove" -> {
        sources.remove(user, name);
        yield "Removed source " + name + " (its audit trail stays).";
      }
      default -> throw new IllegalArgumentException("action: unknown action");
    };
  }

  // ---- policies

  private String policySource(
      HttpServletRequest request, UserIdentity user, Map<String, Object> model) {
    List<String> names =
        sources.usable(user).stream().map(UseSourcesUseCase.SourceSummary::name).toList();
    String asked = field(request, "source");
    String source = asked.isEmpty() ? names.stream().findFirst().orElse("") : asked;
    List<Map<String, Object>> options = new ArrayList<>();
    for (String name : names) {
      options.add(Map.of("name", name, "selected", name.equals(source)));
    }
    model.put("sources", options);
    model.put("source", source);
    if (source.isEmpty()) {
      throw new IllegalArgumentException("there is no source yet; add one on the Sources page");
    }
    return source;
  }

  private void showPolicy(UserIdentity user, String source, Map<String, Object> model) {
    GovernancePolicy policy = policies.current(user, source);
    model.put("version", policy.version());
    model.put("closed", policy.version() == 0);
    SourcePoliciesUseCase.PolicyChoices choices = policies.choices(user, source);
    List<Map<String, Object>> tableChoices = new ArrayList<>();
    java.util.Set<String> columnChoices = new java.util.TreeSet<>();
    for (SourcePoliciesUseCase.TableChoice t : choices.tables()) {
      tableChoices.add(
          Map.of(
              "name",
              t.name(),
              "label",
              t.views().isEmpty()
                  ? t.columns().size() + " columns"
                  : "read by " + String.join(", ", t.views())));
      for (String c : t.columns()) {
        columnChoices.add(c);
      }
    }
    model.put("tableChoices", tableChoices);
    model.put("columnChoices", List.copyOf(columnChoices));
    model.put("roleChoices", choices.roles());
    model.put("rowCap", policy.rowCap());
    model.put("timeout", policy.timeout().toMillis() + " ms");
    model.put("timeoutMs", policy.timeout().toMillis());
    List<Map<String, Object>> roleTimeouts = new ArrayList<>();
    policy
        .roleTimeouts()
        .forEach(
            (role, limit) -> roleTimeouts.add(Map.of("role", role, "millis", limit.toMillis())));
    model.put("roleTimeouts", roleTimeouts);
    model.put("editedBy", policy.editedBy());
    model.put(
        "tables",
        policy.allowedTables().isEmpty()
            ? "every table"
            : String.join(", ", policy.allowedTables()));
    List<Map<String, Object>> filters = new ArrayList<>();
    int n = 0;
    for (RowFilter f : policy.rowFilters()) {
      filters.add(
          Map.of(
              "number", ++n,
              "role", f.role(),
              "table", f.table(),
              "predicate", f.predicate(),
              "follow", f.followForeignKeys()));
    }
    model.put("filters", filters);
    List<Map<String, Object>> rules = new ArrayList<>();
    n = 0;
    for (ColumnRule r : policy.columnRules()) {
      rules.add(
          Map.of(
              "number",
              ++n,
              "role",
              r.role(),
              "column",
              r.table() + "." + r.column(),
              "treatment",
              r.treatment() == ColumnTreatment.MASK ? "masked as " + r.maskSql() : "hidden"));
    }
    model.put("rules", rules);
  }

  private String policyAction(HttpServletRequest request, UserIdentity user, String source) {
    GovernancePolicy current = policies.current(user, source);
    GovernancePolicy draft =
        switch (field(request, "action")) {
          case "add-filter" ->
              current.withRowFilter(
                  new RowFilter(
                      field(request, "role"),
                      field(request, "table"),
                      field(request, "predicate"),
                      request.getParameter("follow") != null));
          case "remove-filter" -> current.withoutRowFilter(number(request, "number", 0));
          case "add-rule" ->
              current.withColumnRule(
                  new ColumnRule(
                      field(request, "ruleRole"),
                      field(request, "ruleTable"),
                      field(request, "column"),
                      treatment(field(request, "treatment")),
                      field(request, "mask")));
          case "remove-rule" -> current.withoutColumnRule(number(request, "number", 0));
          case "timeout" -> current.withTimeout(millis(request, "timeoutMs"));
          case "role-timeout" ->
              current.withRoleTimeout(
                  field(request, "timeoutRole"), millis(request, "roleTimeoutMs"));
          case "remove-role-timeout" -> current.withoutRoleTimeout(field(request, "timeoutRole"));
          case "row-cap" -> current.withRowCap(number(request, "rowCap", current.rowCap()));
          // A new source is closed to analysts until a policy is published: this one, as it is.
          case "open" -> current;
          default -> throw new IllegalArgumentException("action: unknown action");
        };
    GovernancePolicy published = policies.publish(user, source, draft);
    return "Published policy version " + published.version() + " of " + source + ".";
  }

  private static Duration millis(HttpServletRequest request, String name) {
    int millis = number(request, name, 0);
    if (millis < 1) {
      throw new IllegalArgumentException(name + ": a number of milliseconds, 1 or more");
    }
    return Duration.ofMillis(millis);
  }

  private static ColumnTreatment treatment(String name) {
    return switch (name) {
      case "mask" -> ColumnTreatment.MASK;
      case "hide" -> ColumnTreatment.HIDE;
      default -> throw new IllegalArgumentException("treatment: mask or hide, got '" + name + "'");
    };
  }
}
