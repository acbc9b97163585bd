package dev.parlance.deploy.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/**
 * The portal's pages in a real browser: headless Chromium signs in through the real Keycloak's
 * login page, against the WAR in a real Open Liberty on the demo source, the language model faked
 * on the wire. Each journey asserts what the user sees and runs axe-core on every page it visits.
 */
@ExtendWith({PortalEnvironment.Extension.class, ArquillianExtension.class})
@RunAsClient
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PortalPagesIT {

  static final String QUESTION = "How many installations are there in each region?";
  static final String SQL =
      "SELECT IN_RG_CD AS region, count(*) AS installations FROM TB_IN GROUP BY IN_RG_CD"
          + " ORDER BY IN_RG_CD";

  @Deployment(testable = false)
  static WebArchive war() {
    return PortalWar.archive();
  }

  private final PortalEnvironment env = PortalEnvironment.get();

  @BeforeAll
  static void model() {
    PortalEnvironment.get()
        .model()
        .answer(
            "Question: " + QUESTION,
            "Here is the query.\n```sql\n"
                + SQL
                + "\n```\nExplanation: Counts installations per region.");
  }

  private PortalBrowser as(String user) {
    return PortalBrowser.signedIn(env.portal(), user, env.password(user));
  }

  @AfterAll
  static void quitBrowsers() {
    PortalBrowser.quitAll();
  }

  /**
   * Asks about the demo on the ask page, again while its indexes are still being built (409
   * inline). The demo is chosen: once a journey has added a source, the page's first may be
   * another.
   */
  private static void ask(PortalBrowser browser, String question) {
    ask(browser, "demo", question);
  }

  /** The same about {@code source} (null: the page's first source). */
  private static void ask(PortalBrowser browser, String source, String question) {
    long deadline = System.currentTimeMillis() + 900_000; // guards a hang, not a speed
    while (true) {
      browser.open("/portal/ask");
      if (source != null) {
        new Select(browser.driver.findElement(By.id("source"))).selectByValue(source);
      }
      browser.driver.findElement(By.id("question")).clear();
      browser.driver.findElement(By.id("question")).sendKeys(question);
      browser.driver.findElement(By.id("ask-button")).click();
      try {
        browser.wait(180).until(d -> browser.has("answer") || browser.has("error"));
      } catch (org.openqa.selenium.TimeoutException e) {
        browser.screenshot("ask-no-answer");
        throw e;
      }
      if (browser.has("answer") || System.currentTimeMillis() > deadline) {
        break;
      }
      // Still indexing (409, "Try again"), or the user's questions a minute or at once are spent
      // by earlier journeys (429, "ask again"): both pass; anything else is a failure.
      assertThat(browser.text("error")).containsAnyOf("Try again", "ask again");
      sleep(3000);
    }
    assertThat(browser.has("answer"))
        .as(browser.has("error") ? browser.text("error") : "")
        .isTrue();
  }

  private static List<List<String>> table(PortalBrowser browser, String id) {
    List<List<String>> rows = new ArrayList<>();
    for (WebElement tr : browser.driver.findElements(By.cssSelector("#" + id + " tbody tr"))) {
      rows.add(tr.findElements(By.tagName("td")).stream().map(WebElement::getText).toList());
    }
    return rows;
  }

  @Test
  @Order(0)
  void should_index_the_demo_source_when_an_admin_starts_it_from_the_sources_page() {
    try (PortalBrowser admin = as("admin")) {
      admin.open("/portal/admin/sources");
      if (!admin.text("source-demo").contains("ready")) {
        admin.driver.findElement(By.cssSelector("#source-demo button[value=index]")).click();
        long deadline = System.currentTimeMillis() + 900_000; // guards a hang, not a speed
        while (!admin.text("source-demo").contains("ready")) {
          if (System.currentTimeMillis() > deadline) {
            fail("the demo is not indexed after 15 minutes: " + admin.text("source-demo"));
          }
          sleep(1000); // a poll: the page shows "ready" as soon as the index is
          admin.open("/portal/admin/sources");
        }
      }
      assertThat(admin.text("source-demo")).contains("ready");
    }
  }

  @Test
  @Order(1)
  void should_show_rows_a_chart_and_a_csv_equal_to_the_table_when_an_analyst_asks()
      throws Exception {
    try (PortalBrowser analyst = as("analyst")) {
      assertThat(analyst.driver.getCurrentUrl()).endsWith("/portal/ask");
      analyst.assertAccessible("ask");

      ask(analyst, QUESTION);

      assertThat(analyst.text("answer-status")).isEqualTo("answered");
      assertThat(analyst.text("answer-sql")).contains("IN_RG_CD");
      List<List<String>> rows = table(analyst, "result");
      assertThat(rows).hasSizeGreaterThan(1);
      assertThat(rows.stream().map(r -> r.get(0)).toList()).contains("SE", "NE");
      // Category + number: a bar chart, drawn.
      assertThat(
              new Select(analyst.driver.findElement(By.id("chart-kind")))
                  .getFirstSelectedOption()
                  .getText())
          .isEqualTo("Bar chart");
      assertThat(analyst.driver.findElement(By.id("chart")).isDisplayed()).isTrue();
      assertThat(table(analyst, "stages")).isNotEmpty();
      analyst.screenshot("ask-answer-analyst");
      analyst.assertAccessible("answer");

      analyst.driver.findElement(By.id("download-csv")).click();
      Path csv = analyst.downloads.resolve("parlance-answer.csv");
      analyst.wait(30).until(d -> Files.exists(csv) && sizeOf(csv) > 0);
      List<String> lines = Files.readAllLines(csv);
      assertThat(lines.get(0)).isEqualToIgnoringCase("region,installations");
      assertThat(lines.subList(1, lines.size()))
          .containsExactlyElementsOf(rows.stream().map(r -> String.join(",", r)).toList());

      // Feedback: "right" goes to the stewards; the history shows it.
      analyst.driver.findElement(By.id("comment")).sendKeys("Matches the plant register.");
      analyst.driver.findElement(By.id("feedback-right")).click();
      // Feedback stays on the answer's own page (issue 26); the history shows it.
      analyst.wait(30).until(d -> analyst.has("notice"));
      assertThat(analyst.driver.getCurrentUrl()).contains("/portal/answers/");
      assertThat(analyst.text("notice")).contains("stewards");
      analyst.open("/portal/history");
      assertThat(table(analyst, "history").get(0)).contains(QUESTION, "right");
      analyst.screenshot("history-analyst");
      analyst.assertAccessible("history");
    }
  }

  @Test
  @Order(2)
  void should_show_only_the_SE_rows_when_the_regional_analyst_asks_the_same_question() {
    try (PortalBrowser regional = as("analyst-se")) {
      ask(regional, QUESTION);

      List<List<String>> rows = table(regional, "result");
      assertThat(rows).isNotEmpty();
      assertThat(rows).allSatisfy(r -> assertThat(r.get(0)).isEqualTo("SE"));
      regional.screenshot("ask-answer-analyst-se");
    }
  }

  @Test
  @Order(3)
  void should_hide_and_refuse_steward_and_admin_pages_when_the_user_is_an_analyst() {
    try (PortalBrowser analyst = as("analyst")) {
      assertThat(analyst.has("nav-ask")).isTrue();
      assertThat(analyst.has("nav-curation")).isFalse();
      assertThat(analyst.has("nav-sources")).isFalse();
      assertThat(analyst.has("nav-audit")).isFalse();
      for (String page :
          List.of(
              "/portal/curation",
              "/portal/admin/sources",
              "/portal/admin/policies",
              "/portal/admin/audit")) {
        analyst.open(page);
        assertThat(analyst.driver.getTitle()).as(page).contains("not allowed");
        assertThat(analyst.text("error")).contains("roles do not allow");
      }
      analyst.assertAccessible("refusal");
    }
  }

  @Test
  @Order(4)
  void
      should_turn_the_analysts_right_answer_into_an_approved_verified_question_when_the_steward_accepts_it() {
    try (PortalBrowser steward = as("steward")) {
      assertThat(steward.driver.getCurrentUrl()).contains("/portal/curation");
      steward.assertAccessible("curation");
      WebElement suggestion =
          steward.all("#suggestions li").stream()
              .filter(li -> li.getText().contains(QUESTION))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no suggestion of the analyst's answer"));
      suggestion.findElement(By.cssSelector("button[value=accept]")).click();
      steward.wait(60).until(PortalBrowser.replaced(suggestion));
      steward.wait(60).until(d -> steward.has("notice"));
      assertThat(steward.text("notice")).startsWith("Accepted suggestion");
      WebElement row =
          steward.all("#verified tbody tr").stream()
              .filter(tr -> tr.getText().contains(QUESTION))
              .findFirst()
              .orElseThrow(() -> new AssertionError("the suggestion is no verified question"));
      String id = row.getAttribute("id");
      if (!row.findElement(By.className("status")).getText().equals("approved")) {
        row.findElement(By.cssSelector("button[value=approve]")).click();
        // The page before had a notice too (the acceptance): wait for the next page.
        steward.wait(60).until(PortalBrowser.replaced(row));
        steward.wait(60).until(d -> steward.has("notice"));
      }
      assertThat(steward.driver.findElement(By.cssSelector("#" + id + " .status")).getText())
          .isEqualTo("approved");
      // The diff names items as `curate diff` does: the verified question by its id.
      assertThat(steward.has("diff")).isTrue();
      assertThat(steward.text("diff"))
          .contains("added verified " + id.substring("verified-".length()));
      steward.screenshot("curation-steward");
      steward.assertAccessible("curation after review");
    }
  }

  @Test
  @Order(5)
  void should_show_sources_policies_and_the_audit_trail_when_an_admin_signs_in() {
    try (PortalBrowser admin = as("admin")) {
      assertThat(admin.driver.getCurrentUrl()).contains("/portal/admin/sources");
      assertThat(admin.text("source-demo")).contains("demo").contains("ready");
      admin.screenshot("sources-admin");
      admin.assertAccessible("sources");

      admin.open("/portal/admin/policies?source=demo");
      assertThat(admin.text("filters")).contains("regional").contains(":user.region");
      admin.assertAccessible("policies");

      admin.open("/portal/admin/audit?user=analyst-se");
      List<List<String>> entries = table(admin, "audit");
      assertThat(entries).isNotEmpty();
      assertThat(admin.all("#audit td.user"))
          .allSatisfy(td -> assertThat(td.getText()).isEqualTo("analyst-se"));
      admin.screenshot("audit-admin");
      admin.assertAccessible("audit");
    }
  }

  @Test
  @Order(6)
  void should_send_the_user_back_through_the_login_page_when_they_signed_out() {
    try (PortalBrowser analyst = as("analyst")) {
      analyst.networkTrace("signed-in");
      analyst.driver.findElement(By.id("sign-out")).click();
      try {
        analyst.wait(60).until(d -> !d.getCurrentUrl().contains("/portal/"));
        analyst.screenshot("signed-out");
        // Signed out: the portal's pages are no longer served, Keycloak asks for the password.
        analyst.open("/portal/ask");
        analyst.wait(60).until(d -> d.findElements(By.id("username")).size() > 0);
      } catch (org.openqa.selenium.TimeoutException e) {
        analyst.screenshot("signed-out-waiting");
        threadDump("signed-out");
        throw e;
      } finally {
        analyst.networkTrace("signed-out");
      }
      assertThat(analyst.driver.getCurrentUrl()).startsWith(env.keycloak().url().toString());
    }
  }

  /**
   * Issue journey 8, second half: the session expires (every cookie gone: the portal's sign-in, its
   * CSRF token, Keycloak's session) while a question is typed. Asking sends the user through
   * Keycloak's login page and back to the ask page with the question and source in the box, and
   * asking then answers; the same with the form posted the plain way (what a browser without
   * JavaScript sends): back on the ask page, not an error.
   */
  @Test
  @Order(14)
  void should_keep_the_typed_question_through_a_new_sign_in_when_the_session_expired() {
    try (PortalBrowser analyst = as("analyst")) {
      typeAndExpire(analyst, QUESTION);
      analyst.driver.findElement(By.id("ask-button")).click();
      signInAgain(analyst, "expired-live");
      assertThat(analyst.driver.getCurrentUrl()).contains("/portal/ask");
      assertThat(analyst.driver.findElement(By.id("question")).getDomProperty("value"))
          .isEqualTo(QUESTION);
      assertThat(
              new Select(analyst.driver.findElement(By.id("source")))
                  .getFirstSelectedOption()
                  .getDomProperty("value"))
          .isEqualTo("demo");
      analyst.screenshot("expired-question-kept");
      analyst.assertAccessible("ask page after a new sign-in");

      analyst.driver.findElement(By.id("ask-button")).click();
      analyst.wait(180).until(d -> analyst.has("answer") || analyst.has("error"));
      assertThat(analyst.has("error"))
          .as(analyst.has("error") ? analyst.text("error") : "")
          .isFalse();
      assertThat(analyst.text("answer-status")).isEqualTo("answered");
      assertThat(table(analyst, "result")).isNotEmpty();

      analyst.open("/portal/ask");
      assertThat(analyst.driver.findElement(By.id("question")).getDomProperty("value"))
          .as("an answered question is not kept")
          .isEmpty();
      typeAndExpire(analyst, EXPIRED_PLAIN_QUESTION);
      analyst.driver.executeScript("document.getElementById('ask-form').submit()");
      signInAgain(analyst, "expired-plain");
      assertThat(analyst.driver.getCurrentUrl()).contains("/portal/ask");
      assertThat(analyst.driver.findElement(By.id("question")).getDomProperty("value"))
          .isEqualTo(EXPIRED_PLAIN_QUESTION);
      assertThat(analyst.has("answer")).as("nothing asked by the post after the sign-in").isFalse();
    }
  }

  static final String EXPIRED_PLAIN_QUESTION = "Which regions have the most installations?";

  /** Types {@code question} about the demo on the ask page, then the sessions expire. */
  private static void typeAndExpire(PortalBrowser browser, String question) {
    browser.open("/portal/ask");
    new Select(browser.driver.findElement(By.id("source"))).selectByValue("demo");
    browser.driver.findElement(By.id("question")).clear();
    browser.driver.findElement(By.id("question")).sendKeys(question);
    browser.forgetCookies();
  }

  /** Keycloak's login page is shown; signing in on it leads back to the portal's ask page. */
  private void signInAgain(PortalBrowser browser, String name) {
    try {
      browser.wait(60).until(d -> d.findElements(By.id("username")).size() > 0);
      assertThat(browser.driver.getCurrentUrl()).startsWith(env.keycloak().url().toString());
      browser.screenshot(name + "-login");
      browser.enterCredentials("analyst", env.password("analyst"));
      browser
          .wait(120)
          .until(
              d ->
                  d.getCurrentUrl().startsWith(env.portal().toString())
                      && browser.has("signed-in-user")
                      && browser.has("question"));
    } catch (org.openqa.selenium.TimeoutException e) {
      browser.screenshot(name + "-waiting");
      browser.pageSource(name + "-waiting");
      throw e;
    } finally {
      browser.networkTrace(name);
    }
  }

  // journeys of branch admin

  static final String CREW_QUESTION = "Which crew members are there, with their region?";

  /** A small SQLite database made by the test: a crew in two regions. */
  private static Path crewDatabase() throws Exception {
    Path db = PortalEnvironment.home().resolveSibling("journey-crew.db");
    Files.deleteIfExists(db);
    try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db);
        var st = c.createStatement()) {
      st.execute(
          "CREATE TABLE crew (id INTEGER PRIMARY KEY, name TEXT NOT NULL, region TEXT NOT NULL)");
      st.execute(
          "INSERT INTO crew (name, region) VALUES ('ana', 'SE'), ('bo', 'NE'), ('cy', 'SE')");
    }
    return db;
  }

  @Test
  @Order(9)
  void should_apply_an_admins_row_filter_on_a_new_sqlite_source_to_the_analysts_next_answer()
      throws Exception {
    String url = "jdbc:sqlite:" + crewDatabase();
    env.model()
        .answer(
            "Question: " + CREW_QUESTION,
            ApiCalls.fenced("SELECT name, region FROM crew ORDER BY name"));
    try (PortalBrowser admin = as("admin")) {
      // Add: the index is built at once; the page shows its progress until it is ready.
      admin.open("/portal/admin/sources");
      admin.driver.findElement(By.id("name")).sendKeys("crew");
      admin.driver.findElement(By.id("url")).sendKeys(url);
      admin.driver.findElement(By.id("add-source-button")).click();
      admin.wait(60).until(d -> admin.has("notice"));
      assertThat(admin.text("notice")).contains("Added source crew").contains("being built");
      if (admin.text("source-crew").contains("indexing")) {
        assertThat(admin.all("#source-crew progress")).isNotEmpty();
        admin.screenshot("sources-indexing-crew");
      }
      long deadline = System.currentTimeMillis() + 900_000; // guards a hang, not a speed
      while (!admin.text("source-crew").contains("ready")) {
        if (System.currentTimeMillis() > deadline) {
          fail("crew is not indexed after 15 minutes: " + admin.text("source-crew"));
        }
        sleep(1000);
        admin.open("/portal/admin/sources");
      }
      admin.assertAccessible("sources with crew");

      // A row filter for analysts, published as a new version.
      admin.open("/portal/admin/policies?source=crew");
      admin.driver.findElement(By.id("role")).sendKeys("analyst");
      admin.driver.findElement(By.id("table")).sendKeys("crew");
      admin.driver.findElement(By.id("predicate")).sendKeys("region = 'SE'");
      admin.driver.findElement(By.id("add-filter-button")).click();
      admin.wait(60).until(d -> admin.has("notice"));
      assertThat(admin.text("notice")).startsWith("Published policy version");
      assertThat(admin.text("filters")).contains("region = 'SE'");

      // A column rule from the page: analysts see the ids masked.
      admin.driver.findElement(By.id("rule-role")).sendKeys("analyst");
      admin.driver.findElement(By.id("rule-table")).sendKeys("crew");
      admin.driver.findElement(By.id("rule-column")).sendKeys("id");
      admin.driver.findElement(By.id("add-rule-button")).click();
      admin.wait(60).until(d -> admin.text("rules").contains("crew.id"));

      // Preview as user: what an analyst would get, before any analyst asks.
      admin.driver.findElement(By.id("preview-sql")).sendKeys("SELECT id, name, region FROM crew");
      admin.driver.findElement(By.id("as-user")).sendKeys("someone");
      admin.driver.findElement(By.id("as-roles")).sendKeys("analyst");
      admin.driver.findElement(By.id("preview-button")).click();
      admin.wait(60).until(d -> admin.has("preview"));
      List<List<String>> previewed = table(admin, "preview-rows");
      assertThat(previewed)
          .hasSize(2)
          .allSatisfy(r -> assertThat(r).containsExactly("***", r.get(1), "SE"));
      admin.screenshot("policies-preview-admin");
      admin.assertAccessible("policies with a preview");

      // A refused statement shows the policy's reason instead of rows.
      admin.driver.findElement(By.id("preview-sql")).clear();
      admin.driver.findElement(By.id("preview-sql")).sendKeys("DELETE FROM crew");
      admin.driver.findElement(By.id("preview-button")).click();
      admin.wait(60).until(d -> admin.has("preview-reason"));
      assertThat(admin.text("preview-reason")).startsWith("Refused");
    }
    try (PortalBrowser analyst = as("analyst")) {
      ask(analyst, "crew", CREW_QUESTION);

      List<List<String>> rows = table(analyst, "result");
      assertThat(rows).extracting(r -> r.get(0)).containsExactly("ana", "cy");
      assertThat(rows).allSatisfy(r -> assertThat(r.get(1)).isEqualTo("SE"));
      analyst.screenshot("ask-answer-crew-filtered");
    }
  }

  @Test
  @Order(10)
  void should_manage_users_check_models_show_spend_runs_and_export_the_audit_for_an_admin()
      throws Exception {
    Path run = PortalEnvironment.home().resolve("bench-runs/pages-run");
    Files.createDirectories(run);
    Files.writeString(
        run.resolve("report.html"), "<html><body><h1>pages report</h1></body></html>");
    try (PortalBrowser admin = as("admin")) {
      admin.open("/portal/admin/users");
      assertThat(admin.all("#users td.user"))
          .extracting(WebElement::getText)
          .contains("analyst", "steward-other");
      new Select(admin.driver.findElement(By.id("attribute-user"))).selectByValue("steward-other");
      admin.driver.findElement(By.id("attribute-name")).sendKeys("stewarded_sources");
      admin.driver.findElement(By.id("attribute-values")).sendKeys("other, crew");
      admin.driver.findElement(By.id("attribute-button")).click();
      admin.wait(60).until(d -> admin.has("notice"));
      assertThat(admin.text("notice"))
          .isEqualTo("Set stewarded_sources of steward-other to other, crew.");
      new Select(admin.driver.findElement(By.id("grant-user"))).selectByValue("steward-other");
      admin.driver.findElement(By.id("grant-role")).sendKeys("regional");
      admin.driver.findElement(By.id("grant-button")).click();
      // The page before had a notice too: it may go stale while the next page loads.
      admin
          .wait(60)
          .ignoring(org.openqa.selenium.StaleElementReferenceException.class)
          .until(d -> admin.text("notice").contains("now has the roles"));
      assertThat(admin.text("notice")).contains("regional");
      admin.screenshot("users-admin");
      admin.assertAccessible("users");
      admin
          .driver
          .findElement(
              By.xpath(
                  "//tr[td[@class='user' and text()='steward-other']]//button[@value='revoke' and ../input[@name='role' and @value='regional']]"))
          .click();
      admin.wait(60).until(d -> admin.has("notice") && !admin.text("notice").contains("regional"));

      admin.open("/portal/admin/models");
      assertThat(admin.all("#profiles td.profile")).isNotEmpty();
      admin.all("#profiles button").get(0).click();
      admin.wait(60).until(d -> admin.has("notice") || admin.has("error"));
      assertThat(admin.has("notice")).as(admin.has("error") ? admin.text("error") : "").isTrue();
      assertThat(admin.text("notice")).contains("answered");
      assertThat(admin.driver.getPageSource()).doesNotContain("sk-test");
      // The analysts' answers of the journeys before, per user.
      assertThat(admin.all("#spend-by-user td"))
          .extracting(WebElement::getText)
          .contains("analyst");
      assertThat(admin.driver.findElement(By.id("spend-chart")).isDisplayed()).isTrue();
      admin.screenshot("models-admin");
      admin.assertAccessible("models");

      admin.open("/portal/admin/evaluations");
      assertThat(admin.text("runs")).contains("pages-run");
      admin.assertAccessible("evaluations");
      admin.driver.findElement(By.id("report-pages-run")).click();
      admin.wait(30).until(d -> d.getPageSource().contains("pages report"));

      admin.open("/portal/admin/audit?user=analyst");
      admin.driver.findElement(By.id("audit-export")).click();
      Path csv = admin.downloads.resolve("audit.csv");
      admin.wait(30).until(d -> Files.exists(csv) && sizeOf(csv) > 0);
      List<String> lines = Files.readAllLines(csv);
      assertThat(lines.get(0)).startsWith("id,at,user,roles,source");
      // A record starts with its id (a statement over several lines continues on the next).
      List<String> records =
          lines.stream().skip(1).filter(l -> l.matches("\\d+,\\d{4}-.*")).toList();
      assertThat(records)
          .isNotEmpty()
          .allSatisfy(l -> assertThat(l.split(",")[2]).isEqualTo("analyst"));
    }
    try (PortalBrowser analyst = as("analyst")) {
      assertThat(analyst.has("nav-users")).isFalse();
      assertThat(analyst.has("nav-models")).isFalse();
      for (String page :
          List.of("/portal/admin/users", "/portal/admin/models", "/portal/admin/evaluations")) {
        analyst.open(page);
        assertThat(analyst.driver.getTitle()).as(page).contains("not allowed");
      }
    }
  }

  // journeys of branch curation (issue 26, items 8, 9 and 11 of the curation and admin side)

  /**
   * Issue 26 item 9: publishing costs nothing by default. A steward edits a description in the
   * workspace and publishes: the page follows the job's progress, the verified questions' SQL is
   * run again, and the model (faked on the wire, which counts every request) is sent nothing; the
   * rollback likewise. The model-based check is a button with its estimate; its calls are counted
   * on the Spend page as regressions, exactly as many as the model was sent.
   */
  @Test
  @Order(27)
  void
      should_publish_and_roll_back_without_a_model_call_and_count_the_model_check_as_regressions() {
    String wording =
        "whether the region still operates, published without a model " + System.nanoTime();
    int promptsBefore;
    int published;
    int callsOfTheCheck;
    try (PortalBrowser steward = as("steward")) {
      steward.open("/portal/curation?source=demo&item=region.active#item-editor");
      WebElement meaning = steward.driver.findElement(By.id("item-meaning"));
      assertThat(meaning.getAttribute("value")).isNotBlank();
      meaning.clear();
      meaning.sendKeys(wording);
      submit(steward, By.id("item-save"));
      assertThat(steward.text("notice")).isEqualTo("Saved region.active in the draft.");
      assertThat(steward.text("workspace-diff")).contains("region");

      promptsBefore = env.model().prompts().size();
      int current = currentVersion(steward);
      WebElement publish = steward.driver.findElement(By.id("publish-button"));
      publish.click();
      // The page's script started a background job: its progress shows, the buttons wait.
      assertThat(steward.driver.findElement(By.id("job-progress")).isDisplayed()).isTrue();
      assertThat(publish.isEnabled()).isFalse();
      steward.screenshot("curation-publish-progress");
      steward.wait(300).until(PortalBrowser.replaced(publish));
      steward.wait(60).until(d -> steward.has("notice") || steward.has("error"));
      assertThat(steward.has("error"))
          .as(steward.has("error") ? steward.text("error") : "")
          .isFalse();
      // The script followed the job's events and opened the job's page.
      assertThat(steward.driver.getCurrentUrl()).contains("job=");
      published = currentVersion(steward);
      assertThat(published).isEqualTo(current + 1);
      assertThat(steward.text("notice")).isEqualTo("Published version " + published + ".");
      // Every approved verified question ran again (its SQL), with the same rows as before.
      List<List<String>> regression = table(steward, "regression");
      assertThat(regression).hasSizeGreaterThanOrEqualTo(36);
      assertThat(regression).allSatisfy(r -> assertThat(r.get(1)).isEqualTo("unchanged"));
      assertThat(env.model().prompts()).as("model calls of a publish").hasSize(promptsBefore);
      steward.assertAccessible("curation after a background publish");

      // Rolling back is a job too, and calls no model either.
      submit(steward, By.id("rollback-" + current));
      assertThat(currentVersion(steward)).isEqualTo(published + 1);
      assertThat(env.model().prompts()).as("model calls of a rollback").hasSize(promptsBefore);

      // The model-based check says what it would cost before it runs.
      assertThat(steward.text("model-check-estimate"))
          .contains("approved verified question(s) of version " + (published + 1))
          .contains("model calls");
      int beforeCheck = env.model().prompts().size();
      WebElement check = steward.driver.findElement(By.id("model-check-button"));
      check.click();
      steward.wait(900).until(PortalBrowser.replaced(check));
      steward.wait(60).until(d -> steward.has("notice") || steward.has("error"));
      assertThat(steward.has("error"))
          .as(steward.has("error") ? steward.text("error") : "")
          .isFalse();
      assertThat(steward.driver.getCurrentUrl()).contains("job=");
      assertThat(steward.text("notice")).startsWith("The model answered ");
      assertThat(table(steward, "model-check")).hasSizeGreaterThanOrEqualTo(36);
      callsOfTheCheck = env.model().prompts().size() - beforeCheck;
      assertThat(callsOfTheCheck).isGreaterThanOrEqualTo(36);
      steward.screenshot("curation-model-check");
      steward.assertAccessible("curation after the model check");
    }
    try (PortalBrowser admin = as("admin")) {
      admin.open("/portal/admin/models");
      // Every model call the check made is on the Spend page, as a regression.
      assertThat(
              admin.driver.findElement(By.cssSelector("#purpose-regressions td.calls")).getText())
          .isEqualTo(String.valueOf(callsOfTheCheck));
      assertThat(
              Long.parseLong(
                  admin.driver.findElement(By.cssSelector("#purpose-answers td.calls")).getText()))
          .isPositive();
      admin.screenshot("models-spend-by-purpose");
      admin.assertAccessible("models with spend by purpose");
    }
  }

  /**
   * Issue 26 item 8: the curation workspace. A search keeps the items holding its words, marked; a
   * column opens in the editor with its current text; the page has a jump list. Prints the heights
   * of the curation and catalog pages.
   */
  @Test
  @Order(28)
  void should_find_an_item_by_search_with_its_words_marked_and_open_it_with_its_current_text() {
    long curationHeight;
    try (PortalBrowser steward = as("steward")) {
      steward.open("/portal/curation?source=demo");
      assertThat(steward.all("nav.jump a"))
          .extracting(WebElement::getText)
          .contains("Workspace", "Publish");
      steward.driver.findElement(By.id("workspace-q")).sendKeys("actual cost");
      WebElement search = steward.driver.findElement(By.id("workspace-search-button"));
      search.click();
      steward.wait(60).until(PortalBrowser.replaced(search));
      assertThat(steward.text("workspace-summary")).contains("match “actual cost”");
      List<WebElement> marks = steward.all("#workspace-list mark");
      assertThat(marks).isNotEmpty();
      assertThat(marks)
          .allSatisfy(m -> assertThat(m.getText().toLowerCase()).isIn("actual", "cost"));
      WebElement column =
          steward.all("#workspace-list a.ws-column").stream()
              .filter(a -> "maintenance_order.actual_cost".equals(a.getAttribute("data-target")))
              .findFirst()
              .orElseThrow(() -> new AssertionError("maintenance_order.actual_cost not listed"));
      column.click();
      steward.wait(60).until(d -> steward.has("item-editor"));
      assertThat(steward.text("item-editor-title")).isEqualTo("maintenance_order.actual_cost");
      // The current text, filled in: the demo's curation file says "actual cost", in BRL.
      assertThat(steward.driver.findElement(By.id("item-meaning")).getAttribute("value"))
          .isEqualTo("actual cost");
      assertThat(steward.driver.findElement(By.id("item-unit")).getAttribute("value"))
          .isEqualTo("BRL");
      assertThat(steward.driver.findElement(By.id("ws-diff-title")).isDisplayed()).isTrue();
      steward.screenshot("curation-workspace");
      steward.assertAccessible("curation workspace");
      curationHeight = pageHeight(steward);
    }
    long catalogHeight;
    long searchedHeight;
    try (PortalBrowser analyst = as("analyst")) {
      analyst.open("/portal/catalog?source=demo");
      // Collapsed by view, with a jump list: one entry per view.
      List<WebElement> entries = analyst.all("details.catalog-entry");
      assertThat(entries).hasSizeGreaterThanOrEqualTo(25);
      assertThat(entries).noneMatch(d -> d.getAttribute("open") != null);
      assertThat(analyst.all("#catalog-jumps a.jump-to")).hasSize(entries.size());
      catalogHeight = pageHeight(analyst);
      analyst.screenshot("catalog-collapsed");
      analyst.assertAccessible("catalog collapsed");
      WebElement jump =
          analyst.all("#catalog-jumps a.jump-to").stream()
              .filter(a -> a.getText().equals("maintenance_order"))
              .findFirst()
              .orElseThrow();
      jump.click();
      assertThat(analyst.driver.findElement(By.id("entry-maintenance_order")).getAttribute("open"))
          .isNotNull();
      analyst.driver.findElement(By.id("catalog-q")).sendKeys("actual cost");
      analyst.driver.findElement(By.id("catalog-search")).click();
      analyst.wait(30).until(d -> analyst.text("catalog-summary").contains("match"));
      assertThat(analyst.all("details.catalog-entry"))
          .allMatch(d -> d.getAttribute("open") != null);
      assertThat(analyst.all("details.catalog-entry mark")).isNotEmpty();
      searchedHeight = pageHeight(analyst);
      analyst.screenshot("catalog-search-highlighted");
      analyst.assertAccessible("catalog searched");
    }
    System.out.printf(
        "MEASURED page heights: curation %d px, catalog collapsed %d px, catalog searched for"
            + " 'actual cost' %d px%n",
        curationHeight, catalogHeight, searchedHeight);
    assertThat(catalogHeight).as("the collapsed catalog's height").isLessThan(4000);
  }

  static final String YARD_QUESTION = "Which yard items are there, with their region?";
  static final String YARD_SQL = "SELECT name, region FROM yard_item ORDER BY name";

  /** A SQLite source the journey adds: five items in two regions. */
  private static Path yardDatabase() throws Exception {
    Path db = PortalEnvironment.home().resolveSibling("journey-yard.db");
    Files.deleteIfExists(db);
    try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db);
        var st = c.createStatement()) {
      st.executeUpdate(
          "CREATE TABLE yard_item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, region TEXT NOT"
              + " NULL)");
      st.executeUpdate(
          "INSERT INTO yard_item (name, region) VALUES ('anchor', 'SE'), ('buoy', 'NE'),"
              + " ('chain', 'SE'), ('davit', 'NE'), ('eyebolt', 'SE')");
    }
    return db;
  }

  /** The rows of a query straight from a SQLite file: the oracle, bypassing Parlance. */
  private static List<List<String>> raw(Path db, String sql) throws Exception {
    List<List<String>> rows = new ArrayList<>();
    try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db);
        var st = c.createStatement();
        var rs = st.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        List<String> row = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
          row.add(rs.getString(i));
        }
        rows.add(row);
      }
    }
    return rows;
  }

  /**
   * Issue 26 item 11, admin side: a new source starts closed to analysts (the page says so, the ask
   * page does not offer it, the API and governed execution refuse them) until an admin publishes
   * its policy; the policy editor offers the source's tables and refuses a misspelt one; "preview
   * as user" takes a real user's claims (analyst-se: region SE, the raw SE rows); the audit shows
   * the analyst's question beside its SQL, in the browser's time zone.
   */
  @Test
  @Order(29)
  void should_keep_a_new_source_closed_to_analysts_until_its_policy_is_published()
      throws Exception {
    Path db = yardDatabase();
    env.model().answerWhenAll(List.of("Question: " + YARD_QUESTION), fencedSql(YARD_SQL));
    try (PortalBrowser admin = as("admin")) {
      admin.open("/portal/admin/sources");
      admin.driver.findElement(By.id("name")).sendKeys("yard");
      admin.driver.findElement(By.id("url")).sendKeys("jdbc:sqlite:" + db);
      admin.driver.findElement(By.id("add-source-button")).click();
      admin.wait(60).until(d -> admin.has("notice"));
      assertThat(admin.text("notice"))
          .contains("Analysts cannot use it until you publish its policy");
      long deadline = System.currentTimeMillis() + 900_000; // guards a hang, not a speed
      while (!admin.text("source-yard").contains("ready")) {
        if (System.currentTimeMillis() > deadline) {
          fail("yard is not indexed after 15 minutes: " + admin.text("source-yard"));
        }
        sleep(1000);
        admin.open("/portal/admin/sources");
      }
      assertThat(admin.text("closed-yard")).contains("closed to analysts");
      admin.assertAccessible("sources with a closed source");
    }
    // Closed: not offered on the ask page, and refused through the API.
    try (PortalBrowser analyst = as("analyst")) {
      analyst.open("/portal/ask");
      assertThat(new Select(analyst.driver.findElement(By.id("source"))).getOptions())
          .extracting(o -> o.getAttribute("value"))
          .contains("demo")
          .doesNotContain("yard");
    }
    ApiCalls api = new ApiCalls();
    var refused =
        api.call(
            "POST",
            "/api/v1/sources/yard/ask",
            "analyst",
            "{\"question\":\"" + YARD_QUESTION + "\",\"candidates\":1}");
    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(403);
    assertThat(refused.body())
        .contains("closed to analysts until an administrator publishes its policy");

    try (PortalBrowser admin = as("admin")) {
      admin.open("/portal/admin/policies?source=yard");
      assertThat(admin.text("policy-closed")).contains("yard is closed to analysts");
      // Governed execution itself refuses an analyst: a real user's preview says why.
      new Select(admin.driver.findElement(By.id("as-real-user"))).selectByValue("analyst-se");
      admin.driver.findElement(By.id("preview-sql")).sendKeys(YARD_SQL);
      admin.driver.findElement(By.id("preview-button")).click();
      admin.wait(60).until(d -> admin.has("preview"));
      assertThat(admin.text("preview-reason"))
          .startsWith("Refused (no policy)")
          .contains("closed to analysts");
      admin.assertAccessible("policies of a closed source");

      // The editor offers the source's tables; a misspelt one publishes nothing.
      assertThat(admin.all("#table-choices option"))
          .extracting(o -> o.getAttribute("value"))
          .containsExactly("yard_item");
      admin.driver.findElement(By.id("role")).sendKeys("regional");
      admin.driver.findElement(By.id("table")).sendKeys("yard_itm");
      admin.driver.findElement(By.id("predicate")).sendKeys("region = :user.region");
      admin.driver.findElement(By.id("add-filter-button")).click();
      admin.wait(60).until(d -> admin.has("error"));
      assertThat(admin.text("error"))
          .contains("source yard has no table 'yard_itm'")
          .contains("did you mean yard_item?");
      assertThat(admin.has("policy-closed")).isTrue();

      admin.open("/portal/admin/policies?source=yard");
      admin.driver.findElement(By.id("role")).sendKeys("regional");
      admin.driver.findElement(By.id("table")).sendKeys("yard_item");
      admin.driver.findElement(By.id("predicate")).sendKeys("region = :user.region");
      admin.driver.findElement(By.id("add-filter-button")).click();
      admin.wait(60).until(d -> admin.has("notice"));
      assertThat(admin.text("notice")).startsWith("Published policy version 1 of yard");
      assertThat(admin.has("policy-closed")).isFalse();

      // Preview as the real analyst-se: their claims (region SE) and the raw SE rows.
      new Select(admin.driver.findElement(By.id("as-real-user"))).selectByValue("analyst-se");
      admin.driver.findElement(By.id("preview-sql")).clear();
      admin.driver.findElement(By.id("preview-sql")).sendKeys(YARD_SQL);
      admin.driver.findElement(By.id("preview-button")).click();
      admin.wait(60).until(d -> admin.has("preview-rows"));
      assertThat(admin.text("preview-claims")).contains("region=SE").contains("regional");
      assertThat(table(admin, "preview-rows"))
          .isEqualTo(
              raw(db, "SELECT name, region FROM yard_item WHERE region = 'SE' ORDER BY name"));
      admin.screenshot("policies-preview-real-user");
      admin.assertAccessible("policies with a real user's preview");
    }
    // Open now: the analyst asks, and sees every row (no filter binds analysts).
    Instant asked = Instant.now().minusSeconds(1);
    try (PortalBrowser analyst = as("analyst")) {
      ask(analyst, "yard", YARD_QUESTION);
      assertThat(table(analyst, "result")).isEqualTo(raw(db, YARD_SQL));
    }
    try (PortalBrowser admin = as("admin")) {
      // The audit names the question beside the statement it ran.
      admin.driver.executeCdpCommand(
          "Emulation.setTimezoneOverride", java.util.Map.of("timezoneId", "UTC"));
      admin.open(
          "/portal/admin/audit?user=analyst&source=yard&from=" + asked.toString().substring(0, 10));
      WebElement row =
          admin.all("#audit tbody tr").stream()
              .filter(
                  tr -> tr.findElement(By.className("question")).getText().equals(YARD_QUESTION))
              .findFirst()
              .orElseThrow(
                  () -> new AssertionError("no statement of the yard question in the audit"));
      assertThat(row.findElement(By.tagName("code")).getText()).isEqualTo(YARD_SQL);
      WebElement at = row.findElement(By.tagName("time"));
      String datetime = at.getAttribute("datetime");
      // portal.js writes the time in the browser's zone, the UTC instant as its title.
      assertThat(at.getAttribute("title")).isEqualTo(datetime);
      String inUtc = at.getText();
      assertThat(inUtc).isNotEqualTo(datetime);
      admin.screenshot("audit-question-beside-sql");
      admin.assertAccessible("audit with questions");
      // Times follow the browser's time zone.
      admin.driver.executeCdpCommand(
          "Emulation.setTimezoneOverride", java.util.Map.of("timezoneId", "America/Sao_Paulo"));
      admin.driver.navigate().refresh();
      WebElement same =
          admin.driver.findElement(By.cssSelector("#audit time[datetime='" + datetime + "']"));
      assertThat(same.getText()).isNotEqualTo(inUtc);
    }
  }

  private static long pageHeight(PortalBrowser browser) {
    return ((Number) browser.driver.executeScript("return document.documentElement.scrollHeight"))
        .longValue();
  }

  /** The server's threads, beside the screenshots, for a journey that waited in vain. */
  private static void threadDump(String name) {
    String server = System.getProperty("parlance.it.server", "parlance-it");
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    ProcessHandle.allProcesses()
        .filter(
            p ->
                p.info().commandLine().orElse("").contains(System.getProperty("parlance.wlp"))
                    && p.info().commandLine().orElse("").strip().endsWith(" " + server))
        .forEach(
            p -> {
              try {
                Path out =
                    Path.of(System.getProperty("parlance.screenshots"), name + "-threads.txt");
                Files.createDirectories(out.getParent());
                new ProcessBuilder(jcmd.toString(), String.valueOf(p.pid()), "Thread.print")
                    .redirectErrorStream(true)
                    .redirectOutput(out.toFile())
                    .start()
                    .waitFor();
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
  }

  private static long sizeOf(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  // journeys of branch explore

  static final String ORDERS =
      "When was each of the first maintenance orders created, at what cost?";
  static final String ORDERS_SQL =
      "SELECT MO_NR AS order_number, MO_DT_CRE AS created_on, MO_CST_REAL AS actual_cost"
          + " FROM TB_MO ORDER BY MO_NR LIMIT 40";
  static final String ACTIVE = "Which regions are active?";
  static final String ACTIVE_SQL = "SELECT code, name FROM region WHERE active = 'yes'";

  @Test
  @Order(7)
  void should_page_the_table_and_download_an_xlsx_equal_to_it_when_an_analyst_asks()
      throws Exception {
    env.model()
        .answerWhenAll(
            List.of("Question: " + ORDERS),
            "```sql\n" + ORDERS_SQL + "\n```\nExplanation: Orders.");
    try (PortalBrowser analyst = as("analyst")) {
      // Example questions (the published approved verified ones) fill the question box.
      assertThat(analyst.has("examples")).isTrue();
      WebElement example = analyst.all("#examples a.example").get(0);
      String exampleQuestion = example.getAttribute("data-question");
      example.click();
      assertThat(analyst.driver.findElement(By.id("question")).getAttribute("value"))
          .isEqualTo(exampleQuestion);
      assertThat(analyst.driver.getCurrentUrl()).endsWith("/portal/ask");

      ask(analyst, ORDERS);
      List<List<String>> rows = allRows(analyst, "result");
      assertThat(rows).hasSize(40);
      // 25 rows a page: the first page shows rows 1-25, "Next" (by keyboard) rows 26-40.
      assertThat(visibleRows(analyst)).isEqualTo(rows.subList(0, 25));
      assertThat(analyst.text("result-page")).contains("Rows 1–25 of 40");
      assertThat(analyst.driver.findElement(By.id("result-previous")).isEnabled()).isFalse();
      WebElement next = analyst.driver.findElement(By.id("result-next"));
      next.sendKeys(org.openqa.selenium.Keys.ENTER);
      assertThat(visibleRows(analyst)).isEqualTo(rows.subList(25, 40));
      assertThat(analyst.text("result-page")).contains("Rows 26–40 of 40");
      assertThat(next.isEnabled()).isFalse();
      // Focus moved on to "Previous", which is usable again.
      assertThat(analyst.driver.switchTo().activeElement().getAttribute("id"))
          .isEqualTo("result-previous");
      analyst.screenshot("ask-paged-analyst");
      analyst.assertAccessible("paged answer");
      // Sorting (largest order number first) starts again at page 1, over every row.
      WebElement sort = analyst.all("#result th button.sort").get(0);
      sort.click();
      sort.click();
      List<List<String>> sorted = visibleRows(analyst);
      assertThat(sorted).hasSize(25);
      assertThat(sorted.get(0)).isEqualTo(rows.get(39));

      // The CSV still holds every row; the XLSX holds the answer's rows, typed.
      // The browser names a second file of a name "… (1)": remove journey 1's download first.
      Path csv = analyst.downloads.resolve("parlance-answer.csv");
      Files.deleteIfExists(csv);
      analyst.driver.findElement(By.id("download-csv")).click();
      analyst.wait(30).until(d -> Files.exists(csv) && sizeOf(csv) > 0);
      assertThat(Files.readAllLines(csv)).hasSize(41);
      String answer =
          analyst
              .driver
              .findElement(By.cssSelector("#feedback input[name=answer]"))
              .getAttribute("value");
      Path xlsx = analyst.downloads.resolve("parlance-answer-" + answer + ".xlsx");
      Files.deleteIfExists(xlsx);
      analyst.driver.findElement(By.id("download-xlsx")).click();
      analyst.wait(60).until(d -> Files.exists(xlsx) && sizeOf(xlsx) > 0);
      List<List<String>> sheet = xlsxRows(xlsx);
      assertThat(sheet.get(0)).containsExactly("order_number", "created_on", "actual_cost");
      assertThat(sheet.subList(1, sheet.size())).isEqualTo(comparable(rows));
    }
  }

  @Test
  @Order(8)
  void
      should_show_a_stewards_new_wording_in_the_catalog_once_published_and_the_old_after_rollback() {
    env.model()
        .answerWhenAll(
            List.of("Question: " + ACTIVE),
            "```sql\n" + ACTIVE_SQL + "\n```\nExplanation: Active.");
    String wording = "whether the region still operates (yes or no), reworded " + System.nanoTime();
    String before;
    try (PortalBrowser analyst = as("analyst")) {
      before = catalogWording(analyst);
      assertThat(before).isNotBlank().isNotEqualTo(wording);
      analyst.screenshot("catalog-analyst");
      analyst.assertAccessible("catalog");
    }
    try (PortalBrowser steward = as("steward")) {
      steward.open("/portal/curation?source=demo");
      new Select(steward.driver.findElement(By.id("target"))).selectByValue("region.active");
      steward.driver.findElement(By.id("text")).sendKeys(wording);
      submit(steward, By.id("describe-button"));
      assertThat(steward.text("notice")).contains("region.active");
      assertThat(steward.text("diff")).contains("region").contains("active");

      int current = currentVersion(steward);
      steward.driver.findElement(By.id("note")).sendKeys("explore journey: reworded region.active");
      submit(steward, By.id("publish-button"));
      assertThat(currentVersion(steward)).as(steward.text("notice")).isEqualTo(current + 1);
      steward.screenshot("curation-published-steward");

      try (PortalBrowser analyst = as("analyst")) {
        assertThat(catalogWording(analyst)).isEqualTo(wording);
        // The next answer is built from the published wording: the fake model saw it.
        ask(analyst, ACTIVE);
        List<String> prompts =
            env.model().prompts().stream().filter(p -> p.contains("Question: " + ACTIVE)).toList();
        assertThat(prompts).isNotEmpty().anySatisfy(p -> assertThat(p).contains(wording));
      }

      submit(steward, By.id("rollback-" + current));
      assertThat(currentVersion(steward)).isEqualTo(current + 2);
    }
    try (PortalBrowser analyst = as("analyst")) {
      assertThat(catalogWording(analyst)).isEqualTo(before);
    }
  }

  /** The meaning the demo catalog gives region.active, searched as an analyst would. */
  private static String catalogWording(PortalBrowser browser) {
    browser.open("/portal/catalog?source=demo");
    browser.driver.findElement(By.id("catalog-q")).sendKeys("region active");
    browser.driver.findElement(By.id("catalog-search")).click();
    browser.wait(30).until(d -> browser.has("catalog-summary") && browser.has("entry-region"));
    return browser.all("#entry-region tbody tr").stream()
        .filter(tr -> tr.findElement(By.tagName("code")).getText().equals("active"))
        .findFirst()
        .orElseThrow(() -> new AssertionError("region.active is not in the catalog"))
        .findElement(By.className("column-description"))
        .getText();
  }

  /** Submits a curation form and waits for the page that answers it. */
  private static void submit(PortalBrowser browser, By button) {
    WebElement pressed = browser.driver.findElement(button);
    pressed.click();
    browser.wait(180).until(PortalBrowser.replaced(pressed));
    browser.wait(60).until(d -> browser.has("notice") || browser.has("error"));
    assertThat(browser.has("error"))
        .as(browser.has("error") ? browser.text("error") : "")
        .isFalse();
  }

  private static int currentVersion(PortalBrowser browser) {
    return browser.all("#versions tbody td").stream()
        .map(WebElement::getText)
        .filter(t -> t.endsWith("(current)"))
        .map(t -> Integer.parseInt(t.replace("(current)", "").strip()))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no current version"));
  }

  /** Every row of a table, those of the pages not shown too. */
  private static List<List<String>> allRows(PortalBrowser browser, String id) {
    List<List<String>> rows = new ArrayList<>();
    for (WebElement tr : browser.driver.findElements(By.cssSelector("#" + id + " tbody tr"))) {
      rows.add(
          tr.findElements(By.tagName("td")).stream()
              .map(td -> td.getAttribute("textContent").strip())
              .toList());
    }
    return rows;
  }

  private static List<List<String>> visibleRows(PortalBrowser browser) {
    return table(browser, "result").stream().filter(r -> !String.join("", r).isEmpty()).toList();
  }

  /**
   * The workbook's rows as the table writes them: numbers as decimals (a whole REAL is "1500.0" in
   * the table, 1500 in a cell), dates in ISO form.
   */
  private static List<List<String>> xlsxRows(Path xlsx) throws IOException {
    List<List<String>> rows = new ArrayList<>();
    try (var book = new org.apache.poi.xssf.usermodel.XSSFWorkbook(xlsx.toFile())) {
      var sheet = book.getSheetAt(0);
      int width = sheet.getRow(0).getLastCellNum();
      for (var row : sheet) {
        List<String> cells = new ArrayList<>();
        for (int c = 0; c < width; c++) {
          var cell = row.getCell(c);
          if (cell == null) {
            cells.add("");
          } else if (cell.getCellType() == org.apache.poi.ss.usermodel.CellType.STRING) {
            cells.add(cell.getStringCellValue());
          } else if (org.apache.poi.ss.usermodel.DateUtil.isCellDateFormatted(cell)) {
            var at = cell.getLocalDateTimeCellValue();
            cells.add(
                at.toLocalTime().equals(java.time.LocalTime.MIDNIGHT)
                    ? at.toLocalDate().toString()
                    : at.format(
                        java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")));
          } else {
            cells.add(String.valueOf(cell.getNumericCellValue()));
          }
        }
        rows.add(cells);
      }
    } catch (org.apache.poi.openxml4j.exceptions.InvalidFormatException e) {
      throw new IOException(e);
    }
    return comparable(rows);
  }

  private static List<List<String>> comparable(List<List<String>> rows) {
    return rows.stream().map(r -> r.stream().map(PortalPagesIT::comparable).toList()).toList();
  }

  /**
   * A value's text as both sides can write it: a number without its type's zeros (1500, 1500.0 and
   * 1.5E3 agree), a midnight without its time.
   */
  private static String comparable(String text) {
    if (text.matches("\\d{4}-\\d{2}-\\d{2} 00:00:00")) {
      return text.substring(0, 10);
    }
    // The table writes numbers in the reader's locale (en-US here): 1,500.00 is 1500.
    if (text.matches("-?\\d{1,3}(,\\d{3})+(\\.\\d+)?")) {
      text = text.replace(",", "");
    }
    try {
      return new java.math.BigDecimal(text).stripTrailingZeros().toPlainString();
    } catch (NumberFormatException notANumber) {
      return text;
    }
  }

  // journeys of branch followup

  static final String UNSURE_QUESTION = "How large is the plant, counted in one number?";
  static final List<String> UNSURE_READINGS =
      List.of(
          "SELECT count(*) AS installations FROM TB_IN",
          "SELECT count(*) AS systems FROM TB_SY",
          "SELECT count(*) AS equipment FROM TB_EQ");
  // Not a verified question of the demo's: those appear in prompts as examples, and the recorded
  // model answers the first recorded fragment a prompt holds.
  static final String EARLIER_QUESTION = "How many maintenance orders are open right now?";
  static final String EARLIER_SQL = "SELECT count(*) AS open_orders FROM TB_MO WHERE MO_ST = 1";
  static final String FOLLOW_UP = "only the corrective ones";
  static final String FOLLOW_UP_SQL = EARLIER_SQL + " AND MO_TP = 'MO02'";

  // Five samples that split 2-2-1: no reading has half the votes, so Parlance is unsure. Recorded
  // with answerWhenAll, which the recorded model checks before single fragments: once the demo's
  // published verified questions include earlier journeys' questions, a prompt holds them as
  // examples, and the first single fragment found would answer instead.
  @BeforeAll
  static void followupModel() {
    List<String> samples =
        List.of(
            UNSURE_READINGS.get(0),
            UNSURE_READINGS.get(1),
            UNSURE_READINGS.get(0),
            UNSURE_READINGS.get(1),
            UNSURE_READINGS.get(2));
    PortalEnvironment.get()
        .model()
        .answerWhenAll(
            List.of("Question: " + UNSURE_QUESTION),
            samples.stream().map(PortalPagesIT::fencedSql).toArray(String[]::new))
        .answerWhenAll(List.of("Question: " + FOLLOW_UP), fencedSql(FOLLOW_UP_SQL))
        .answerWhenAll(List.of("Question: " + EARLIER_QUESTION), fencedSql(EARLIER_SQL));
  }

  private static String fencedSql(String sql) {
    return "```sql\n" + sql + "\n```\nExplanation: Counts.";
  }

  @Test
  @Order(11)
  void should_show_a_chosen_readings_sql_and_rows_as_the_answer_when_parlance_was_unsure() {
    try (PortalBrowser analyst = as("analyst")) {
      ask(analyst, UNSURE_QUESTION);

      assertThat(analyst.text("answer-status")).isEqualTo("unsure");
      List<WebElement> readings = analyst.all("#readings details.reading");
      assertThat(readings).hasSize(3);
      analyst.screenshot("unsure-readings");
      analyst.assertAccessible("unsure answer");
      WebElement second = analyst.driver.findElement(By.id("reading-2"));
      second.findElement(By.tagName("summary")).click();
      String sql = second.findElement(By.cssSelector("code.sql")).getText();
      List<List<String>> preview = table(analyst, "reading-2");
      assertThat(UNSURE_READINGS).contains(sql);
      assertThat(preview).hasSize(1);

      WebElement page = analyst.driver.findElement(By.id("answer"));
      analyst.driver.findElement(By.id("use-reading-2")).click();
      analyst.wait(60).until(PortalBrowser.replaced(page));
      analyst.wait(60).until(d -> analyst.has("chosen-reading") || analyst.has("error"));

      assertThat(analyst.has("error"))
          .as(analyst.has("error") ? analyst.text("error") : "")
          .isFalse();
      assertThat(analyst.text("chosen-reading"))
          .contains("You chose reading 2 of answer")
          // The choice is the analyst's verdict: its SQL is proposed to the stewards.
          .contains("recorded as your verdict: the stewards have it as suggestion");
      assertThat(analyst.text("answer-sql")).isEqualTo(sql);
      assertThat(table(analyst, "result")).isEqualTo(preview);
      assertThat(analyst.has("feedback")).isFalse();
      analyst.screenshot("chosen-reading");
      analyst.assertAccessible("chosen reading");
    }
  }

  @Test
  @Order(12)
  void should_answer_a_follow_up_with_the_earlier_question_as_context_and_say_what_it_follows() {
    try (PortalBrowser analyst = as("analyst")) {
      ask(analyst, EARLIER_QUESTION);
      assertThat(analyst.text("answer-sql")).contains("MO_ST = 1").doesNotContain("MO_TP");
      assertThat(analyst.has("follows-up")).isFalse();

      WebElement page = analyst.driver.findElement(By.id("answer"));
      analyst.driver.findElement(By.id("follow-up-question")).sendKeys(FOLLOW_UP);
      analyst.driver.findElement(By.id("follow-up-button")).click();
      analyst.wait(60).until(PortalBrowser.replaced(page));
      analyst.wait(180).until(d -> analyst.has("follows-up") || analyst.has("error"));

      assertThat(analyst.has("error"))
          .as(analyst.has("error") ? analyst.text("error") : "")
          .isFalse();
      assertThat(analyst.text("follows-up"))
          .startsWith("A follow-up of answer ")
          .contains(EARLIER_QUESTION);
      assertThat(analyst.text("answer-sql")).contains("MO_TP = 'MO02'");
      assertThat(env.model().prompts())
          .anySatisfy(
              p ->
                  assertThat(p)
                      .contains("Earlier question: " + EARLIER_QUESTION)
                      .contains("Earlier SQL: " + EARLIER_SQL)
                      .contains("Question: " + FOLLOW_UP));
      analyst.screenshot("follow-up");
      analyst.assertAccessible("follow-up answer");
    }
  }

  // journeys of branch steward

  @Test
  @Order(13)
  void should_check_a_views_sql_refuse_an_unreadable_file_by_its_line_and_chart_recall() {
    try (PortalBrowser steward = as("steward")) {
      steward.open("/portal/curation?source=demo&view=maintenance_order");
      steward.driver.findElement(By.id("check-view-button")).click();
      steward.wait(120).until(d -> steward.has("trial-row-count"));
      assertThat(Long.parseLong(steward.text("trial-row-count"))).isPositive();
      assertThat(steward.all("#trial-rows tbody tr")).isNotEmpty();
      steward.screenshot("curation-view-check");
      steward.assertAccessible("curation view editor");

      WebElement sql = steward.driver.findElement(By.id("view-sql"));
      sql.clear();
      sql.sendKeys("SELECT MO_ID AS order_id\nFORM TB_MO");
      steward.driver.findElement(By.id("check-view-button")).click();
      steward
          .wait(60)
          .until(
              d ->
                  steward.has("trial-result") && steward.text("trial-result").startsWith("Line 2"));
      assertThat(steward.all("#view-sql-preview li.bad-line")).hasSize(1);

      steward.open("/portal/curation?source=demo");
      String before = steward.text("working-copy");
      steward.driver.findElement(By.id("import-yaml")).sendKeys("source: demo\nviewz: []\n");
      steward.driver.findElement(By.id("import-button")).click();
      steward.wait(60).until(d -> steward.has("error"));
      assertThat(steward.text("error")).containsPattern("line \\d+");
      assertThat(steward.text("working-copy")).isEqualTo(before);
      steward.assertAccessible("curation import refused");

      WebElement versions = steward.driver.findElement(By.id("quality-versions"));
      versions.clear();
      versions.sendKeys("1");
      steward.driver.findElement(By.id("quality-button")).click();
      steward.wait(240).until(d -> steward.has("quality"));
      assertThat(steward.all("#quality tbody tr")).hasSize(1);
      steward.screenshot("curation-quality");
      steward.assertAccessible("curation quality");
    }
  }

  // journeys of branch report

  /**
   * Measured (docs/measurements/portal-pages.md): the time from submitting a question to the first
   * stage the pipeline reported shown on the page, and the page loads of the ask and curation
   * pages, read in the page (performance marks of portal.js, Navigation Timing) and printed.
   */
  @Test
  @Order(30)
  void should_show_the_pipelines_first_stage_soon_after_the_question_is_submitted() {
    double askLoad;
    double firstStage;
    double answerShown;
    int stagesShown;
    try (PortalBrowser analyst = as("analyst")) {
      analyst.open("/portal/ask");
      analyst.open("/portal/ask");
      askLoad = pageLoadMillis(analyst);

      ask(analyst, QUESTION);

      firstStage = sinceSubmitted(analyst, "parlance-first-stage");
      answerShown = sinceSubmitted(analyst, "parlance-answer-shown");
      stagesShown =
          ((Number)
                  analyst.driver.executeScript(
                      "return performance.getEntriesByName('parlance-first-stage').length"))
              .intValue();
      assertThat(analyst.text("answer-status")).isEqualTo("answered");
      assertThat(table(analyst, "result")).isNotEmpty();
      analyst.screenshot("ask-live-answer");
      analyst.assertAccessible("live answer");

      // The plain form post (what a browser without JavaScript sends) answers the same question.
      WebElement shown = analyst.driver.findElement(By.id("answer"));
      analyst.driver.executeScript("document.getElementById('ask-form').submit()");
      analyst.wait(180).until(PortalBrowser.replaced(shown));
      analyst.wait(180).until(d -> analyst.has("answer") || analyst.has("error"));
      assertThat(analyst.text("answer-status")).isEqualTo("answered");
      assertThat(table(analyst, "result")).isNotEmpty();
      assertThat(
              analyst.driver.executeScript(
                  "return performance.getEntriesByName('parlance-first-stage').length"))
          .as("a page loaded by the form post, no stream")
          .isEqualTo(0L);
    }
    double curationLoad;
    try (PortalBrowser steward = as("steward")) {
      steward.open("/portal/curation?source=demo");
      steward.open("/portal/curation?source=demo");
      curationLoad = pageLoadMillis(steward);
    }
    System.out.printf(
        "MEASURED first stage shown %.0f ms after submitting (answer shown after %.0f ms);"
            + " page load: ask %.0f ms, curation %.0f ms%n",
        firstStage, answerShown, askLoad, curationLoad);
    assertThat(stagesShown).as("the page showed a stage the pipeline reported").isEqualTo(1);
    assertThat(firstStage).isGreaterThanOrEqualTo(0).isLessThanOrEqualTo(answerShown);
  }

  /** Milliseconds from submitting the question to performance mark {@code mark} in the page. */
  private static double sinceSubmitted(PortalBrowser browser, String mark) {
    Object millis =
        browser.driver.executeScript(
            "var s = performance.getEntriesByName('parlance-ask-submitted');"
                + " var m = performance.getEntriesByName(arguments[0]);"
                + " return s.length && m.length ? m[0].startTime - s[s.length - 1].startTime"
                + " : null;",
            mark);
    assertThat(millis).as("performance mark " + mark + " in the page").isNotNull();
    return ((Number) millis).doubleValue();
  }

  /** The page's load (Navigation Timing: from navigation start to the end of its load event). */
  private static double pageLoadMillis(PortalBrowser browser) {
    browser
        .wait(30)
        .until(
            d ->
                ((Number)
                            browser.driver.executeScript(
                                "return performance.getEntriesByType('navigation')[0].loadEventEnd"))
                        .doubleValue()
                    > 0);
    return ((Number)
            browser.driver.executeScript(
                "var n = performance.getEntriesByType('navigation')[0];"
                    + " return n.loadEventEnd - n.startTime;"))
        .doubleValue();
  }

  // journeys of branch evaluation

  // The demo's first approved verified question (q01), as shipped, and its SQL.
  static final String VERIFIED_FIRST = "How many maintenance orders have type MO05?";
  static final String VERIFIED_FIRST_SQL =
      "SELECT count(*) FROM maintenance_order WHERE order_type = 'MO05'";

  /**
   * An admin starts an evaluation run of the demo's verified questions (the first one) from the
   * evaluations page; the run appears with its progress, ends, and its report opens. Last of all
   * journeys: its recording answers a verified question that other journeys' prompts may show as an
   * example.
   */
  @Test
  @Order(31)
  void should_run_an_evaluation_of_the_demos_verified_questions_when_an_admin_starts_one() {
    env.model()
        .answerWhenAll(List.of("Question: " + VERIFIED_FIRST), fencedSql(VERIFIED_FIRST_SQL));
    try (PortalBrowser admin = as("admin")) {
      admin.open("/portal/admin/evaluations");
      new Select(admin.driver.findElement(By.id("evaluation-source"))).selectByValue("demo");
      admin.driver.findElement(By.id("evaluation-limit")).sendKeys("1");
      admin.driver.findElement(By.id("start-evaluation-button")).click();
      admin.wait(60).until(d -> admin.has("notice") || admin.has("error"));
      assertThat(admin.has("error")).as(admin.has("error") ? admin.text("error") : "").isFalse();
      assertThat(admin.text("notice")).startsWith("Started run portal-demo-");
      String run = admin.text("notice").split(" ")[2];
      // The run with its progress bar, "0 of 1" or further along by now.
      assertThat(admin.text("job-" + run)).contains("demo").contains(" of 1");
      admin.screenshot("evaluation-started");
      admin.assertAccessible("evaluation started");

      // The page's script follows the run and shows the page again once it has ended.
      try {
        admin
            .wait(300)
            .until(
                d -> admin.has("job-report-" + run) || admin.text("job-" + run).contains("failed"));
      } catch (org.openqa.selenium.TimeoutException e) {
        admin.screenshot("evaluation-unfinished");
        throw e;
      }
      assertThat(admin.text("job-" + run)).contains("done").contains("1 of 1");
      assertThat(admin.text("runs")).contains(run);
      admin.screenshot("evaluation-done");
      admin.assertAccessible("evaluation done");
      admin.driver.findElement(By.id("job-report-" + run)).click();
      admin.wait(30).until(d -> d.getPageSource().contains("end-to-end evaluation"));
      assertThat(admin.driver.getPageSource()).contains("questions:" + run + ".jsonl");
    }
    assertThat(env.model().prompts())
        .anySatisfy(p -> assertThat(p).contains("Question: " + VERIFIED_FIRST));
  }

  // journeys of branch portal (issue 26, the ask side): honest results, answers with an address,
  // readable values, readings in words, the smaller things of the ask page. The raw demo database
  // is the oracle for row counts and filtered rows.

  static final String OPEN_PER_INSTALLATION =
      "How many open maintenance orders does each installation have right now?";
  static final String OPEN_FROM =
      " FROM TB_MO m JOIN TB_EQ e ON e.EQ_ID = m.MO_EQ_ID JOIN TB_SY s ON s.SY_ID = e.EQ_SY_ID"
          + " JOIN TB_IN i ON i.IN_ID = s.SY_IN_ID WHERE m.MO_ST = 1";
  static final String OPEN_SQL =
      "SELECT i.IN_CD AS installation, count(*) AS open_orders"
          + OPEN_FROM
          + " GROUP BY i.IN_CD ORDER BY i.IN_CD";
  static final String INSTALLATION_LIST = "List every installation with its region and capacity";
  static final String INSTALLATION_LIST_SQL =
      "SELECT IN_CD AS installation, IN_RG_CD AS region, IN_CAP_BPD AS capacity FROM TB_IN"
          + " ORDER BY IN_CD";
  static final String NO_ROWS_QUESTION = "Which open orders describe a wind turbine blade repair?";
  static final String NO_ROWS_SQL =
      "SELECT MO_NR AS order_number FROM TB_MO WHERE MO_ST = 1 AND MO_DS = 'wind turbine blade'";
  static final String WEATHER_QUESTION = "What will the weather be at the platforms tomorrow?";
  static final String FAILING_QUESTION = "Which installations have a helideck certificate?";
  static final String FAILING_SQL = "SELECT IN_CD, IN_HELIDECK_CERT FROM TB_IN";
  static final String ADDRESS_QUESTION = "List the number of installations of every region, please";
  static final String COST_QUESTION = "What did maintenance orders cost in each region, in total?";
  static final String COST_SQL =
      "SELECT i.IN_RG_CD AS region, sum(m.MO_CST_REAL)"
          + " FROM TB_MO m JOIN TB_EQ e ON e.EQ_ID = m.MO_EQ_ID JOIN TB_SY s ON s.SY_ID ="
          + " e.EQ_SY_ID JOIN TB_IN i ON i.IN_ID = s.SY_IN_ID GROUP BY i.IN_RG_CD ORDER BY"
          + " i.IN_RG_CD";
  static final String TIE_QUESTION = "How big is the plant, as a single count of things?";
  static final String CONV_QUESTION = "How many maintenance orders are open at this moment?";
  static final String CONV_SQL = "SELECT count(*) AS open_orders FROM TB_MO WHERE MO_ST = 1";
  static final String CONV_FOLLOW_UP = "only the emergency ones";
  static final String CONV_FOLLOW_UP_SQL = CONV_SQL + " AND MO_PRI = 1";
  static final String CONV_RESTATED =
      "How many emergency maintenance orders are open at this moment?";

  @BeforeAll
  static void portalModel() {
    PortalEnvironment.get()
        .model()
        .answerWhenAll(List.of("Question: " + OPEN_PER_INSTALLATION), fencedSql(OPEN_SQL))
        .answerWhenAll(List.of("Question: " + NO_ROWS_QUESTION), fencedSql(NO_ROWS_SQL))
        .answerWhenAll(List.of("Question: " + INSTALLATION_LIST), fencedSql(INSTALLATION_LIST_SQL))
        .answerWhenAll(
            List.of("Question: " + WEATHER_QUESTION),
            "```sql\nSELECT 'The plant database holds no weather forecasts' AS answer\n```\n"
                + "Explanation: The source holds no weather data, so this cannot be answered.")
        .answerWhenAll(List.of("Question: " + FAILING_QUESTION), fencedSql(FAILING_SQL))
        .answerWhenAll(List.of("Question: " + ADDRESS_QUESTION), fencedSql(SQL))
        .answerWhenAll(List.of("Question: " + COST_QUESTION), fencedSql(COST_SQL))
        .answerWhenAll(
            List.of("Question: " + TIE_QUESTION),
            tieReading("installations", "TB_IN", "Counts the installations."),
            tieReading("systems", "TB_SY", "Counts the systems."),
            tieReading("installations", "TB_IN", "Counts the installations."),
            tieReading("systems", "TB_SY", "Counts the systems."),
            tieReading("equipment", "TB_EQ", "Counts the equipment items."))
        .answerWhenAll(List.of("Question: " + CONV_QUESTION), fencedSql(CONV_SQL))
        .answerWhenAll(List.of("Question: " + CONV_FOLLOW_UP), fencedSql(CONV_FOLLOW_UP_SQL))
        // The model restates each follow-up as a question of its own (for the stewards).
        .answerWhenAll(List.of("Follow-up: " + CONV_FOLLOW_UP), CONV_RESTATED)
        .answerWhenAll(
            List.of("Follow-up: " + FOLLOW_UP),
            "How many corrective maintenance orders are open right now?");
  }

  private static String tieReading(String alias, String table, String explanation) {
    return "```sql\nSELECT count(*) AS "
        + alias
        + " FROM "
        + table
        + "\n```\nExplanation: "
        + explanation;
  }

  /** The demo database as the server reads it: the oracle of what a user may get. */
  private static List<List<String>> raw(String sql) throws Exception {
    Path db = PortalEnvironment.home().resolve("databases").resolve("demo-plant.sqlite");
    List<List<String>> rows = new ArrayList<>();
    try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db);
        var st = c.createStatement();
        var rs = st.executeQuery(sql)) {
      int width = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        List<String> row = new ArrayList<>();
        for (int i = 1; i <= width; i++) {
          // An empty cell shows as nothing.
          row.add(java.util.Objects.requireNonNullElse(rs.getString(i), ""));
        }
        rows.add(row);
      }
    }
    return rows;
  }

  private static Object script(PortalBrowser browser, String js) {
    return browser.driver.executeScript(js);
  }

  private static List<String> headers(PortalBrowser browser) {
    return browser.all("#result thead th").stream().map(WebElement::getText).toList();
  }

  private static String answerId(PortalBrowser browser) {
    return browser.driver.findElement(By.id("answer")).getAttribute("data-answer");
  }

  @Test
  @Order(20)
  void should_show_the_first_50_of_all_rows_with_the_chart_and_downloads_holding_every_row()
      throws Exception {
    List<List<String>> all = raw(OPEN_SQL);
    assertThat(all).hasSizeGreaterThan(50);
    try (PortalBrowser analyst = as("analyst")) {
      ask(analyst, OPEN_PER_INSTALLATION);

      // The page names its cut (the page's 50 of all rows), not the policy's cap.
      assertThat(analyst.text("row-count"))
          .isEqualTo("Showing the first 50 of " + all.size() + " rows.");
      assertThat(analyst.has("cap-note")).isFalse();
      assertThat(analyst.has("access-note")).isFalse();
      assertThat(allRows(analyst, "result")).isEqualTo(all.subList(0, 50));
      assertThat(headers(analyst)).containsExactly("Installation", "Open orders");
      // The answer has an address.
      String id = answerId(analyst);
      assertThat(analyst.driver.getCurrentUrl()).endsWith("/portal/answers/" + id);
      // The bar chart draws every row, on a whole-number axis with titles.
      assertThat(script(analyst, "return Chart.getChart('chart').data.labels.length"))
          .isEqualTo((long) all.size());
      assertThat(script(analyst, "return Chart.getChart('chart').options.scales.y.ticks.precision"))
          .isEqualTo(0L);
      assertThat(script(analyst, "return Chart.getChart('chart').options.scales.x.title.text"))
          .isEqualTo("Installation");
      assertThat(script(analyst, "return Chart.getChart('chart').options.scales.y.title.text"))
          .isEqualTo("Open orders");
      analyst.screenshot("answer-first-50-of-60");
      analyst.assertAccessible("an answer showing its first 50 rows");

      // The CSV and the XLSX hold every row.
      Path csv = analyst.downloads.resolve("parlance-answer.csv");
      Files.deleteIfExists(csv);
      analyst.driver.findElement(By.id("download-csv")).click();
      analyst.wait(30).until(d -> Files.exists(csv) && sizeOf(csv) > 0);
      List<String> lines = Files.readAllLines(csv);
      assertThat(lines.get(0)).isEqualTo("installation,open_orders");
      assertThat(lines.subList(1, lines.size()))
          .isEqualTo(all.stream().map(r -> String.join(",", r)).toList());
      Path xlsx = analyst.downloads.resolve("parlance-answer-" + id + ".xlsx");
      Files.deleteIfExists(xlsx);
      analyst.driver.findElement(By.id("download-xlsx")).click();
      analyst.wait(60).until(d -> Files.exists(xlsx) && sizeOf(xlsx) > 0);
      assertThat(xlsxRows(xlsx)).hasSize(all.size() + 1);

      // The history counts every row too.
      analyst.open("/portal/history");
      assertThat(analyst.text("answer-" + id)).contains(OPEN_PER_INSTALLATION);
      assertThat(analyst.driver.findElement(By.cssSelector("#answer-" + id + " td.num")).getText())
          .isEqualTo(String.valueOf(all.size()));
    }
    // The regional analyst's filter binds installations (and what belongs to them): the raw rows
    // of their region are the oracle.
    List<List<String>> se =
        raw(INSTALLATION_LIST_SQL.replace(" ORDER BY", " WHERE IN_RG_CD = 'SE' ORDER BY"));
    try (PortalBrowser regional = as("analyst-se")) {
      ask(regional, INSTALLATION_LIST);

      // Exactly the raw SE rows, and a note naming the rule in words, not the hidden rows.
      assertThat(comparable(allRows(regional, "result"))).isEqualTo(comparable(se));
      assertThat(regional.text("row-count")).isEqualTo(se.size() + " rows.");
      assertThat(regional.text("access-note"))
          .startsWith("Filtered by your access: you see only the rows of")
          .contains("your region (SE)")
          .doesNotContain("'NE'");
      regional.screenshot("answer-filtered-by-access");
      regional.assertAccessible("an answer filtered by the reader's access");
    }
  }

  @Test
  @Order(21)
  void should_say_in_words_when_there_are_no_rows_no_answer_or_a_failure_and_show_the_sql()
      throws Exception {
    assertThat(raw(NO_ROWS_SQL)).isEmpty();
    try (PortalBrowser analyst = as("analyst")) {
      ask(analyst, NO_ROWS_QUESTION);
      assertThat(analyst.text("no-rows")).startsWith("No rows: the query ran");
      assertThat(analyst.text("answer-sql")).contains("wind turbine blade");
      assertThat(analyst.has("result")).isFalse();
      analyst.screenshot("answer-no-rows");
      analyst.assertAccessible("an answer without rows");

      ask(analyst, WEATHER_QUESTION);
      assertThat(analyst.text("answer-status")).isEqualTo("cannot answer");
      // The model's own reason, and what the source can answer instead.
      assertThat(analyst.text("answer-problem")).contains("no weather data");
      assertThat(analyst.all("#answer-help a")).isNotEmpty();
      assertThat(analyst.text("answer-help")).contains("It knows about");
      analyst.screenshot("answer-cannot-answer");
      analyst.assertAccessible("an answer the source cannot give");

      ask(analyst, FAILING_QUESTION);
      assertThat(analyst.text("answer-status")).isEqualTo("no answer");
      // The user's SQL (not the statement as run) with the place the database stopped.
      assertThat(analyst.text("failed-sql")).isEqualTo(FAILING_SQL);
      assertThat(analyst.text("failed-message")).contains("no such column");
      assertThat(analyst.text("failed-at")).isEqualTo("IN_HELIDECK_CERT");
      assertThat(analyst.text("answer-problem")).doesNotContain("statement as run");
      analyst.screenshot("answer-failed-sql");
      analyst.assertAccessible("a failed answer");
    }
  }

  @Test
  @Order(22)
  void should_keep_an_answer_at_its_address_and_share_it_with_only_the_readers_own_rows()
      throws Exception {
    String shareLink;
    String id;
    List<List<String>> seen;
    try (PortalBrowser analyst = as("analyst")) {
      ask(analyst, ADDRESS_QUESTION);
      id = answerId(analyst);
      seen = allRows(analyst, "result");
      assertThat(seen).isEqualTo(raw(SQL));
      assertThat(analyst.driver.getCurrentUrl()).endsWith("/portal/answers/" + id);

      // A reload shows the stored answer, its rows run again.
      analyst.driver.navigate().refresh();
      analyst.wait(60).until(d -> analyst.has("answer"));
      assertThat(analyst.text("answer-question")).contains(ADDRESS_QUESTION);
      assertThat(allRows(analyst, "result")).isEqualTo(seen);
      analyst.screenshot("answer-page");
      analyst.assertAccessible("an answer's page");

      // Feedback stays on the answer.
      analyst.driver.findElement(By.id("comment")).sendKeys("one region is missing");
      analyst.driver.findElement(By.id("feedback-wrong")).click();
      analyst.wait(30).until(d -> analyst.has("notice"));
      assertThat(analyst.driver.getCurrentUrl()).contains("/portal/answers/" + id);
      assertThat(analyst.text("notice")).contains("stewards");
      assertThat(allRows(analyst, "result")).isEqualTo(seen);

      // "View" in the history opens it again.
      analyst.open("/portal/history");
      analyst.driver.findElement(By.id("view-" + id)).click();
      analyst.wait(30).until(d -> d.getCurrentUrl().endsWith("/portal/answers/" + id));
      assertThat(analyst.text("answer-question")).contains(ADDRESS_QUESTION);
      shareLink = analyst.driver.findElement(By.id("share-link")).getAttribute("value");
      assertThat(shareLink).contains("/portal/answers/" + id + "?share=");
    }
    List<List<String>> se = raw(SQL.replace(" GROUP BY", " WHERE IN_RG_CD = 'SE' GROUP BY"));
    try (PortalBrowser regional = as("analyst-se")) {
      // By its number alone, someone else's answer is not there.
      regional.open("/portal/answers/" + id);
      assertThat(regional.driver.getTitle()).contains("not found");
      // Through the share link: the question, the SQL, and only their own rows.
      regional.driver.get(shareLink);
      regional.wait(60).until(d -> regional.has("answer"));
      assertThat(regional.text("answer-question")).contains(ADDRESS_QUESTION);
      assertThat(regional.text("shared-note")).contains("your own access allows");
      assertThat(allRows(regional, "result")).isEqualTo(se).isNotEqualTo(seen);
      assertThat(regional.text("access-note")).contains("your region (SE)");
      assertThat(regional.has("feedback")).isFalse();
      assertThat(regional.has("share-link")).isFalse();
      regional.screenshot("answer-shared-analyst-se");
      regional.assertAccessible("a shared answer");
    }
  }

  @Test
  @Order(23)
  void should_show_values_in_the_readers_format_with_the_views_words_and_units() throws Exception {
    List<List<String>> sums = raw(COST_SQL);
    java.text.NumberFormat money = java.text.NumberFormat.getNumberInstance(java.util.Locale.US);
    money.setMinimumFractionDigits(2);
    money.setMaximumFractionDigits(2);
    try (PortalBrowser analyst = as("analyst")) {
      ask(analyst, COST_QUESTION);

      // Not the SQL's alias sum(m.MO_CST_REAL): the stewards' words and unit.
      assertThat(headers(analyst)).containsExactly("Region", "Total actual cost (BRL)");
      List<List<String>> rows = table(analyst, "result");
      assertThat(rows)
          .isEqualTo(
              sums.stream()
                  .map(r -> List.of(r.get(0), money.format(new java.math.BigDecimal(r.get(1)))))
                  .toList());
      assertThat(rows).allSatisfy(r -> assertThat(r.get(1)).doesNotContain("E").contains(","));
      assertThat(script(analyst, "return Chart.getChart('chart').options.scales.y.title.text"))
          .isEqualTo("Total actual cost (BRL)");
      assertThat(script(analyst, "return Chart.getChart('chart').data.labels.length"))
          .isEqualTo((long) sums.size());
      analyst.screenshot("answer-readable-values");
      analyst.assertAccessible("an answer in the reader's format");
    }
  }

  @Test
  @Order(24)
  void should_ask_back_in_words_when_readings_tie_and_show_no_empty_placeholders_once_chosen()
      throws Exception {
    String systems = raw("SELECT count(*) FROM TB_SY").get(0).get(0);
    try (PortalBrowser analyst = as("analyst")) {
      ask(analyst, TIE_QUESTION);

      assertThat(analyst.text("answer-status")).isEqualTo("unsure");
      assertThat(analyst.text("clarify")).contains("I am not sure what you mean");
      assertThat(analyst.all("#clarify-choices li").stream().map(WebElement::getText).toList())
          .containsExactlyInAnyOrder(
              "Counts the installations. (1 row)",
              "Counts the systems. (1 row)",
              "Counts the equipment items. (1 row)");
      // The samples run in parallel: find the systems reading by its words.
      WebElement second =
          analyst.all("#readings details.reading").stream()
              .filter(
                  r ->
                      r.findElement(By.tagName("summary"))
                          .getText()
                          .startsWith("Counts the systems."))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no reading counts the systems"));
      String number = second.getAttribute("id").substring("reading-".length());
      second.findElement(By.tagName("summary")).click();
      assertThat(second.findElement(By.cssSelector("thead th")).getText()).isEqualTo("Systems");
      assertThat(table(analyst, "reading-" + number))
          .containsExactly(
              List.of(String.format(java.util.Locale.US, "%,d", Long.parseLong(systems))));
      script(analyst, "document.getElementById('clarify').scrollIntoView()");
      analyst.screenshot("answer-unsure-in-words");
      analyst.assertAccessible("an unsure answer asking back");

      WebElement page = analyst.driver.findElement(By.id("answer"));
      analyst.driver.findElement(By.id("use-reading-" + number)).click();
      analyst.wait(60).until(PortalBrowser.replaced(page));
      analyst.wait(60).until(d -> analyst.has("chosen-reading") || analyst.has("error"));
      assertThat(analyst.driver.getCurrentUrl())
          .contains("/portal/answers/")
          .contains("reading=" + number);
      assertThat(table(analyst, "result"))
          .containsExactly(
              List.of(String.format(java.util.Locale.US, "%,d", Long.parseLong(systems))));
      // "How it was answered" belongs to the first answer: no empty stage table or usage line.
      assertThat(analyst.has("usage")).isFalse();
      assertThat(analyst.driver.getPageSource()).doesNotContain("{{").doesNotContain("0 ms (");
      analyst.screenshot("answer-reading-chosen");
      analyst.assertAccessible("a chosen reading");
    }
  }

  @Test
  @Order(25)
  void should_ask_on_ctrl_enter_remember_the_last_source_and_keep_the_details_folded() {
    try (PortalBrowser analyst = as("analyst")) {
      // A new source (crew, first by name) is not the default: the curated demo is.
      analyst.open("/portal/ask");
      assertThat(
              new Select(analyst.driver.findElement(By.id("source")))
                  .getFirstSelectedOption()
                  .getText())
          .isEqualTo("demo");
      assertThat(analyst.all("#examples a.example")).hasSizeBetween(1, 6);

      // Ctrl+Enter asks.
      long deadline = System.currentTimeMillis() + 900_000; // guards a hang, not a speed
      while (true) {
        new Select(analyst.driver.findElement(By.id("source"))).selectByValue("crew");
        WebElement box = analyst.driver.findElement(By.id("question"));
        box.clear();
        box.sendKeys(CREW_QUESTION);
        box.sendKeys(
            org.openqa.selenium.Keys.chord(
                org.openqa.selenium.Keys.CONTROL, org.openqa.selenium.Keys.ENTER));
        analyst.wait(180).until(d -> analyst.has("answer") || analyst.has("error"));
        if (analyst.has("answer") || System.currentTimeMillis() > deadline) {
          break;
        }
        assertThat(analyst.text("error")).containsAnyOf("Try again", "ask again");
        sleep(3000);
        analyst.open("/portal/ask");
      }
      assertThat(analyst.has("answer"))
          .as(analyst.has("error") ? analyst.text("error") : "")
          .isTrue();
      // Stages, columns and values behind "Details", folded; the SQL with a copy button.
      WebElement details = analyst.driver.findElement(By.id("details"));
      assertThat(details.getAttribute("open")).isNull();
      assertThat(analyst.driver.findElement(By.id("stages")).isDisplayed()).isFalse();
      assertThat(analyst.has("copy-sql")).isTrue();

      // The last source asked about is the next visit's.
      analyst.open("/portal/ask");
      assertThat(
              new Select(analyst.driver.findElement(By.id("source")))
                  .getFirstSelectedOption()
                  .getText())
          .isEqualTo("crew");

      // Times in the browser's own time zone, not UTC ISO text.
      analyst.open("/portal/history");
      String asked = analyst.driver.findElement(By.cssSelector("#history time")).getText();
      assertThat(asked).doesNotContain("T").doesNotEndWith("Z").isNotBlank();
      analyst.assertAccessible("history with local times");
    }
  }

  @Test
  @Order(26)
  void should_thread_a_conversation_with_live_follow_ups_and_propose_the_restated_question()
      throws Exception {
    String followUpId;
    try (PortalBrowser analyst = as("analyst")) {
      ask(analyst, CONV_QUESTION);
      assertThat(comparable(allRows(analyst, "result"))).isEqualTo(comparable(raw(CONV_SQL)));
      long marks =
          (Long)
              script(analyst, "return performance.getEntriesByName('parlance-first-stage').length");

      // The follow-up streams its stages like the first question, then shows its answer.
      WebElement page = analyst.driver.findElement(By.id("answer"));
      analyst.driver.findElement(By.id("follow-up-question")).sendKeys(CONV_FOLLOW_UP);
      analyst.driver.findElement(By.id("follow-up-button")).click();
      analyst.wait(60).until(PortalBrowser.replaced(page));
      analyst.wait(180).until(d -> analyst.has("understood-as") || analyst.has("error"));
      assertThat(
              (Long)
                  script(
                      analyst,
                      "return performance.getEntriesByName('parlance-first-stage').length"))
          .as(analyst.has("error") ? analyst.text("error") : "the follow-up's stages")
          .isEqualTo(marks + 1);
      assertThat(analyst.text("understood-as")).contains(CONV_RESTATED);
      assertThat(comparable(allRows(analyst, "result")))
          .isEqualTo(comparable(raw(CONV_FOLLOW_UP_SQL)))
          .isNotEqualTo(comparable(raw(CONV_SQL)));
      followUpId = answerId(analyst);
      assertThat(analyst.driver.getCurrentUrl()).endsWith("/portal/answers/" + followUpId);

      // The thread: each question as typed, the follow-up with its restatement.
      analyst.driver.findElement(By.id("conversation-link")).click();
      analyst.wait(60).until(d -> analyst.has("thread"));
      assertThat(analyst.driver.getCurrentUrl()).contains("/portal/conversations/");
      List<WebElement> turns = analyst.all("#thread > li");
      assertThat(turns).hasSize(2);
      assertThat(turns.get(0).getText()).contains(CONV_QUESTION);
      assertThat(turns.get(1).getText())
          .contains(CONV_FOLLOW_UP)
          .contains("Understood as: “" + CONV_RESTATED + "”");
      assertThat(comparable(allRows(analyst, "result")))
          .isEqualTo(comparable(raw(CONV_FOLLOW_UP_SQL)));
      assertThat(analyst.driver.findElement(By.id("follow-up")).getAttribute("data-then"))
          .endsWith("/portal/conversations/");
      analyst.screenshot("conversation");
      analyst.assertAccessible("a conversation");

      // "Right" on the follow-up: the stewards are proposed the restated question.
      analyst.driver.findElement(By.id("feedback-right")).click();
      analyst.wait(30).until(d -> analyst.has("notice"));
    }
    try (PortalBrowser steward = as("steward")) {
      steward.open("/portal/curation?source=demo");
      List<String> suggestions =
          steward.all("#suggestions li").stream().map(WebElement::getText).toList();
      assertThat(suggestions).anySatisfy(li -> assertThat(li).contains(CONV_RESTATED));
      assertThat(suggestions)
          .noneSatisfy(
              li -> assertThat(li).contains("answer " + followUpId).doesNotContain(CONV_RESTATED));
    }
  }
}
