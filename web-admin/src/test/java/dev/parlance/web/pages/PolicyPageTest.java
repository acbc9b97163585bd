package dev.parlance.web.pages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.application.governance.SourcePoliciesUseCase;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.UserIdentity;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The policies page with a preview, rendered by the real templates. */
class PolicyPageTest {

  private GovernancePolicy current =
      GovernancePolicy.defaults("demo").withRoleTimeout("auditor", Duration.ofSeconds(20));
  private final List<GovernancePolicy> published = new ArrayList<>();

  private AdminPages pages() {
    AdminPages pages = new AdminPages();
    pages.caller = PageExchange.caller(() -> UserIdentity.of("root", "admin"));
    pages.sources = PageExchange.usableDemo();
    pages.policies =
        PageExchange.fake(
            SourcePoliciesUseCase.class,
            Map.of(
                "current",
                args -> current,
                "publish",
                args -> {
                  GovernancePolicy draft = (GovernancePolicy) args[2];
                  published.add(draft);
                  current = draft.published(published.size(), "root", Instant.EPOCH);
                  return current;
                },
                "choices",
                args ->
                    new SourcePoliciesUseCase.PolicyChoices(
                        List.of(
                            new SourcePoliciesUseCase.TableChoice(
                                "TB_IN", List.of("IN_ID", "IN_RG_CD"), List.of("installation"))),
                        List.of("*", "analyst", "regional"))));
    pages.users =
        PageExchange.fake(
            dev.parlance.application.identity.ManageUsersUseCase.class,
            Map.of(
                "users",
                args -> {
                  // As the use case: at most MAX_PAGE users a page.
                  if ((Integer) args[2]
                      > dev.parlance.application.identity.ManageUsersUseCase.MAX_PAGE) {
                    throw new IllegalArgumentException("size: between 1 and 100");
                  }
                  return List.of(
                      new dev.parlance.domain.identity.PortalUser(
                          "analyst-se",
                          true,
                          java.util.Set.of("analyst", "regional"),
                          Map.of("region", List.of("SE"))));
                }));
    pages.previews =
        PageExchange.fake(
            dev.parlance.application.query.PreviewAsUserUseCase.class,
            Map.of(
                "realUser",
                args ->
                    new UserIdentity(
                        "analyst-se",
                        java.util.Set.of("analyst", "regional"),
                        Map.of("region", "SE")),
                "preview",
                args -> {
                  previewedAs.add((UserIdentity) args[2]);
                  return new dev.parlance.domain.governance.QueryOutcome.Ran(
                      new dev.parlance.domain.governance.QueryResult(
                          List.of(
                              new dev.parlance.domain.governance.ResultColumn("region", "TEXT")),
                          List.of(List.<Object>of("SE")),
                          false,
                          1,
                          "SELECT region FROM TB_IN",
                          "SELECT region FROM TB_IN"));
                }));
    return pages;
  }

  private final List<UserIdentity> previewedAs = new ArrayList<>();

  private PageExchange get() throws IOException {
    PageExchange exchange = new PageExchange("/portal/admin/policies").with("source", "demo");
    pages().doGet(exchange.request(), exchange.response());
    return exchange;
  }

  @Test
  void should_say_a_new_source_is_closed_and_offer_its_tables_columns_roles_and_real_users()
      throws IOException {
    current = GovernancePolicy.defaults("demo");

    String page = get().page();

    assertThat(page)
        .contains("id=\"policy-closed\"")
        .contains("demo is closed to analysts:")
        .contains("parlance policy set demo --file policy.json")
        .contains("<option value=\"TB_IN\">read by installation</option>")
        .contains("<option value=\"IN_RG_CD\"></option>")
        .contains("<option value=\"regional\"></option>")
        .contains("id=\"table\" name=\"table\" list=\"table-choices\"")
        .contains("<option value=\"analyst-se\">analyst-se (analyst, regional)</option>");
  }

  @Test
  void should_publish_the_policy_as_it_is_to_open_a_closed_source() throws IOException {
    current = GovernancePolicy.defaults("demo");
    GovernancePolicy before = current;

    String page = post("action", "open").page();

    assertThat(published).containsExactly(before);
    assertThat(page)
        .contains("Published policy version 1 of demo.")
        .doesNotContain("policy-closed");
  }

  @Test
  void should_preview_as_a_real_users_roles_and_attributes_from_the_realm() throws IOException {
    String page =
        post("action", "preview", "sql", "SELECT region FROM TB_IN", "asRealUser", "analyst-se")
            .page();

    assertThat(previewedAs)
        .singleElement()
        .satisfies(
            u -> {
              assertThat(u.roles()).containsExactlyInAnyOrder("analyst", "regional");
              assertThat(u.attributes()).containsEntry("region", "SE");
            });
    assertThat(page)
        .contains("As analyst-se: roles analyst, regional; attributes region=SE.")
        .contains("<option value=\"analyst-se\" selected>");
  }

  private PageExchange post(String... fields) throws IOException {
    PageExchange exchange = new PageExchange("/portal/admin/policies").with("source", "demo");
    for (int i = 0; i < fields.length; i += 2) {
      exchange.with(fields[i], fields[i + 1]);
    }
    pages().doPost(exchange.request(), exchange.response());
    return exchange;
  }

  @Test
  void should_publish_and_remove_a_roles_own_timeout_and_list_the_timeouts_per_role()
      throws IOException {
    PageExchange set =
        post("action", "role-timeout", "timeoutRole", "Steward", "roleTimeoutMs", "60000");

    assertThat(published)
        .singleElement()
        .satisfies(
            p ->
                assertThat(p.roleTimeouts())
                    .containsEntry("steward", Duration.ofMinutes(1))
                    .containsEntry("auditor", Duration.ofSeconds(20)));
    assertThat(set.page())
        .contains("Published policy version 1 of demo.")
        .contains("<td>auditor</td><td>20000 ms</td>")
        .contains("<td>steward</td><td>60000 ms</td>")
        .contains("<span class=\"sr\"> the timeout of role steward</span>");

    post("action", "remove-role-timeout", "timeoutRole", "auditor");
    assertThat(published).hasSize(2);
    assertThat(published.get(1).roleTimeouts()).containsOnlyKeys("steward");

    assertThat(post("action", "remove-role-timeout", "timeoutRole", "nobody").page())
        .contains("role nobody has no timeout of its own");
    assertThat(
            post("action", "role-timeout", "timeoutRole", "analyst", "roleTimeoutMs", "0").page())
        .contains("roleTimeoutMs: a number of milliseconds, 1 or more");
    assertThat(post("action", "role-timeout", "timeoutRole", "*", "roleTimeoutMs", "5").page())
        .contains("the policy&#39;s timeout");
    assertThat(published).hasSize(2);
  }

  private static Map<String, Object> model() {
    Map<String, Object> model = new HashMap<>();
    model.put("title", "Policies");
    model.put("ctx", "");
    model.put("user", "admin");
    model.put("csrf", "token-123");
    model.put("nav", List.of());
    model.put("source", "demo");
    model.put("sources", List.of(Map.of("name", "demo", "selected", true)));
    model.put("rowCap", 1000);
    model.put("timeoutMs", 30000);
    model.put("filters", List.of());
    model.put(
        "rules",
        List.of(
            Map.of(
                "number", 1, "role", "analyst", "column", "TB_IN.IN_NM", "treatment", "hidden")));
    return model;
  }

  @Test
  void should_show_the_rows_the_previewed_user_would_get_and_keep_the_form_filled() {
    Map<String, Object> model = model();
    model.put("previewSql", "SELECT '<b>' AS x");
    model.put("previewUser", "analyst-se");
    model.put("previewRoles", "analyst, regional");
    model.put("previewAttributes", "region=SE");
    Map<String, Object> preview = new HashMap<>();
    preview.put("as", "analyst-se");
    preview.put("ran", true);
    preview.put("columns", List.of("region", "n"));
    preview.put("rows", List.of(Map.of("cells", List.of("SE", "<script>"))));
    preview.put("count", 1);
    preview.put("truncated", false);
    preview.put("sqlRun", "SELECT … WHERE region = 'SE'");
    model.put("preview", preview);

    String html = Templates.render("policies", model);

    assertThat(html)
        .contains("What analyst-se would get")
        .contains("<th scope=\"col\">region</th>")
        .contains("<td>SE</td><td>&lt;script&gt;</td>")
        .contains("value=\"analyst, regional\"")
        .contains("&lt;b&gt;&#39; AS x</textarea>")
        .contains("value=\"remove-rule\"")
        .contains("id=\"timeout-ms\" name=\"timeoutMs\" min=\"1\" value=\"30000\"")
        .doesNotContain("<script>")
        .doesNotContain("style=");
  }

  @Test
  void should_show_a_refusal_with_its_reason_instead_of_rows() {
    Map<String, Object> model = model();
    model.put("preview", Map.of("as", "ana", "reason", "Refused (data change): no writes"));

    String html = Templates.render("policies", model);

    assertThat(html)
        .contains("<p class=\"error\" id=\"preview-reason\">Refused (data change): no writes</p>")
        .doesNotContain("id=\"preview-rows\"");
  }
}
