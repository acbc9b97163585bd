package dev.parlance.deploy.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.WindowType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * One headless Chromium (Debian's {@code chromium} through {@code chromium-driver}) signed in as
 * one demo user through Keycloak's real login page: what a user of the portal sees, screenshots
 * under {@code target/screenshots}, and axe-core run inside each page.
 *
 * <p>A journey takes a browser with {@link #signedIn} and gives it back with {@link #close}: the
 * browser stays open for the user's next journey ({@link #quitAll} ends them all), which then
 * starts in a new tab with none of the portal's cookies or storage, as a new browser would, and
 * signs in again; Keycloak's own session is kept, so that the sign-in passes without the form
 * unless a journey signed out or lost its cookies. A new Chromium and a first sign-in in it cost
 * about 3 CPU-seconds of the browser's alone, some forty times a run.
 */
final class PortalBrowser implements AutoCloseable {

  /**
   * Debian's old headless shell ({@code chromium-headless-shell}: Chromium's engine without the
   * browser around it) when it is installed, else Chromium itself, headless. On the same journeys
   * the shell spent about a third less CPU (docs/measurements/architecture.md). The binary itself,
   * not Debian's script that runs it as a child: the driver ends the process it started, and behind
   * the script each browser outlived its session for the driver's 20 s wait. {@code
   * -Dparlance.chromium=PATH} chooses another binary.
   */
  static final Path CHROMIUM = chromium();

  static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

  private static String axe;

  private static Path chromium() {
    String chosen = System.getProperty("parlance.chromium", "");
    if (!chosen.isBlank()) {
      return Path.of(chosen);
    }
    Path shell = Path.of("/usr/lib/chromium/chromium-headless-shell");
    return Files.isExecutable(shell) ? shell : Path.of("/usr/bin/chromium");
  }

  // The browsers no journey holds, by portal and user; ended with the JVM at the latest (a run
  // stopped before the journeys' class ended them).
  private static final Map<String, Deque<PortalBrowser>> IDLE = new HashMap<>();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(PortalBrowser::quitAll, "quit-browsers"));
  }

  final ChromeDriver driver;
  final Path downloads;
  private final URI portal;
  private final String user;

  /**
   * A browser signed in as {@code user}: one a journey of this user gave back, or a new one. The
   * portal's page is shown, with the user's name in its header.
   */
  static PortalBrowser signedIn(URI portal, String user, String password) {
    PortalBrowser browser;
    synchronized (IDLE) {
      browser = IDLE.getOrDefault(idleKey(portal, user), new ArrayDeque<>()).poll();
    }
    if (browser != null) {
      try {
        browser.startAfresh();
      } catch (org.openqa.selenium.WebDriverException broken) {
        browser.quit(); // a journey left it unusable: a new one instead
        browser = null;
      }
    }
    if (browser == null) {
      browser = new PortalBrowser(portal, user);
    }
    return browser.signIn(user, password);
  }

  /** Ends every browser that journeys gave back. */
  static void quitAll() {
    List<PortalBrowser> all = new ArrayList<>();
    synchronized (IDLE) {
      IDLE.values().forEach(all::addAll);
      IDLE.clear();
    }
    all.forEach(PortalBrowser::quit);
  }

  private static String idleKey(URI portal, String user) {
    return portal + " " + user;
  }

  private void quit() {
    try {
      driver.quit();
    } catch (org.openqa.selenium.WebDriverException gone) {
      // its Chromium or driver ended already
    }
  }

  private PortalBrowser(URI portal, String user) {
    this.portal = portal;
    this.user = user;
    this.downloads =
        Path.of(System.getProperty("parlance.screenshots"), "..", "downloads", user).normalize();
    emptyDownloads();
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments(
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-dev-shm-usage",
        "--window-size=1280,900");
    options.setAcceptInsecureCerts(true);
    // The requests a page makes (method, address, Origin, redirects), for a journey's diagnosis.
    options.setCapability("goog:loggingPrefs", Map.of("performance", "ALL"));
    options.setExperimentalOption(
        "perfLoggingPrefs", Map.of("enableNetwork", true, "enablePage", false));
    ChromeDriverService service =
        new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile()).build();
    driver = new ChromeDriver(service, options);
    downloadIntoTheUsersFolder();
    driver.manage().timeouts().pageLoadTimeout(LEAST_WAIT);
  }

  // Told over the DevTools protocol (the shell has no download preferences; Chromium follows the
  // same command), and again for each new tab: the shell forgets it with the tab that was closed.
  private void downloadIntoTheUsersFolder() {
    driver.executeCdpCommand(
        "Browser.setDownloadBehavior",
        Map.of("behavior", "allow", "downloadPath", downloads.toAbsolutePath().toString()));
  }

  // Empty, so that a journey reads the file it downloads, not one an earlier journey or run left
  // (Chrome would save the new one beside it as "name (1).csv").
  private void emptyDownloads() {
    try {
      PortalEnvironment.deleteTree(downloads);
      Files.createDirectories(downloads);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Leaves the last journey's state behind: a new tab (its sessionStorage stays with the old one),
   * none of the portal's cookies (its session, CSRF token, last source; Keycloak's, under {@code
   * /realms/}, are kept), no local storage, no downloads, no network log.
   */
  @SuppressWarnings("unchecked")
  private void startAfresh() {
    String old = driver.getWindowHandle();
    driver.switchTo().newWindow(WindowType.TAB);
    String fresh = driver.getWindowHandle();
    driver.switchTo().window(old).close();
    driver.switchTo().window(fresh);
    var cookies =
        (List<Map<String, Object>>)
            driver.executeCdpCommand("Network.getAllCookies", Map.of()).get("cookies");
    for (Map<String, Object> cookie : cookies) {
      if (!String.valueOf(cookie.get("path")).startsWith("/realms/")) {
        driver.executeCdpCommand(
            "Network.deleteCookies",
            Map.of(
                "name", cookie.get("name"),
                "domain", cookie.get("domain"),
                "path", cookie.get("path")));
      }
    }
    String origin = portal.getScheme() + "://" + portal.getAuthority();
    driver.executeCdpCommand(
        "Storage.clearDataForOrigin",
        Map.of("origin", origin, "storageTypes", "local_storage,indexeddb,cache_storage"));
    emptyDownloads();
    downloadIntoTheUsersFolder();
    driver.manage().logs().get("performance"); // read and dropped
  }

  /**
   * Opens the portal as {@code user}: through Keycloak's login page, or without it while this
   * browser's Keycloak session holds.
   */
  private PortalBrowser signIn(String user, String password) {
    driver.get(portal.resolve("/portal/").toString());
    wait(60).until(d -> d.findElements(By.id("username")).size() > 0 || onThePortal(d));
    if (!onThePortal(driver)) {
      enterCredentials(user, password);
    }
    wait(120).until(this::onThePortal);
    assertThat(text("signed-in-user")).isEqualTo(user);
    return this;
  }

  private boolean onThePortal(org.openqa.selenium.WebDriver d) {
    return d.getCurrentUrl().startsWith(portal.toString())
        && !d.findElements(By.id("signed-in-user")).isEmpty();
  }

  /** Signs in on Keycloak's login page, once it is shown. */
  void enterCredentials(String user, String password) {
    wait(60).until(d -> d.findElements(By.id("username")).size() > 0);
    driver.findElement(By.id("username")).sendKeys(user);
    driver.findElement(By.id("password")).sendKeys(password);
    driver.findElement(By.id("kc-login")).click();
  }

  /** Every cookie of every site gone, as when the sessions (the portal's, Keycloak's) expire. */
  void forgetCookies() {
    driver.executeCdpCommand("Network.clearBrowserCookies", Map.of());
  }

  PortalBrowser open(String path) {
    driver.get(portal.resolve(path).toString());
    return this;
  }

  /**
   * A wait for something the page will show. The seconds a journey names are what it expects on an
   * idle machine; every wait lasts at least {@link #LEAST_WAIT}, since a wait guards a hang and
   * must never fail a journey because the machine is busy (it ends as soon as the page shows it).
   * An element the page replaced while the condition read it (a form's answer arriving) is read
   * again at the next poll, not a failure: whether Selenium says it is stale or Chrome that its
   * node "does not belong to the document".
   */
  WebDriverWait wait(int seconds) {
    WebDriverWait wait =
        new WebDriverWait(driver, Duration.ofSeconds(Math.max(seconds, LEAST_WAIT.toSeconds()))) {
          @Override
          public <V> V until(
              java.util.function.Function<? super org.openqa.selenium.WebDriver, V> isTrue) {
            return super.until(
                d -> {
                  try {
                    return isTrue.apply(d);
                  } catch (org.openqa.selenium.WebDriverException e) {
                    if (nodeLeftTheDocument(e)) {
                      return null; // read again at the next poll
                    }
                    throw e;
                  }
                });
          }
        };
    wait.ignoring(org.openqa.selenium.StaleElementReferenceException.class);
    return wait;
  }

  // Chrome's inspector's answer about an element of a page being taken down.
  private static boolean nodeLeftTheDocument(org.openqa.selenium.WebDriverException e) {
    return String.valueOf(e.getMessage()).contains("does not belong to the document");
  }

  /**
   * The page replaced {@code element} (a navigation, or a part drawn again): what Selenium's
   * staleness check says, and also when Chrome answers that the node "does not belong to the
   * document" (its inspector's answer while the old page is being taken down), which the check
   * would raise as an error.
   */
  static org.openqa.selenium.support.ui.ExpectedCondition<Boolean> replaced(
      org.openqa.selenium.WebElement element) {
    return driver -> {
      try {
        element.isEnabled();
        return false;
      } catch (org.openqa.selenium.StaleElementReferenceException e) {
        return true;
      } catch (org.openqa.selenium.WebDriverException e) {
        if (nodeLeftTheDocument(e)) {
          return true;
        }
        throw e;
      }
    };
  }

  /** The shortest wait of a journey (see {@link #wait(int)}). */
  static final Duration LEAST_WAIT = Duration.ofMinutes(10);

  String text(String id) {
    // A page that reloads itself (data-refresh: the sources page while a source is indexed) can
    // replace the element between finding and reading it, or be between its two documents when
    // the element is looked for: then the new page's is read, once it shows one.
    for (int attempt = 1; ; attempt++) {
      try {
        return driver.findElement(By.id(id)).getText();
      } catch (org.openqa.selenium.StaleElementReferenceException
          | org.openqa.selenium.NoSuchElementException replaced) {
        if (attempt == 5) {
          throw replaced;
        }
        try {
          Thread.sleep(200);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw replaced;
        }
      }
    }
  }

  boolean has(String id) {
    return !driver.findElements(By.id(id)).isEmpty();
  }

  List<WebElement> all(String css) {
    return driver.findElements(By.cssSelector(css));
  }

  void screenshot(String name) {
    try {
      Path dir = Path.of(System.getProperty("parlance.screenshots"));
      Files.createDirectories(dir);
      Files.write(
          dir.resolve(name + ".png"), ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The current address and page source, beside the screenshots as {@code NAME.html}. */
  void pageSource(String name) {
    try {
      Path dir = Path.of(System.getProperty("parlance.screenshots"));
      Files.createDirectories(dir);
      Files.writeString(
          dir.resolve(name + ".html"),
          "<!-- " + driver.getCurrentUrl() + " -->\n" + driver.getPageSource());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The browser's requests since the last call, one line each: method, address, the Origin header,
   * and where a redirect came from; written beside the screenshots as {@code NAME-network.txt}.
   */
  void networkTrace(String name) {
    StringBuilder lines = new StringBuilder();
    for (var entry : driver.manage().logs().get("performance")) {
      String message = entry.getMessage();
      if (message.contains("\"Network.responseReceived\"")
          || message.contains("\"Network.loadingFailed\"")) {
        try {
          var event =
              new com.fasterxml.jackson.databind.ObjectMapper().readTree(message).path("message");
          var params = event.path("params");
          lines
              .append("  ")
              .append(event.path("method").asText())
              .append(' ')
              .append(params.path("type").asText())
              .append(' ')
              .append(params.path("response").path("status").asText(""))
              .append(' ')
              .append(
                  params
                      .path("response")
                      .path("url")
                      .asText("")
                      .replaceAll("(code|id_token_hint|state)=[^&]+", "$1=…"))
              .append(params.path("errorText").asText(""))
              .append(
                  params.has("blockedReason")
                      ? " blocked " + params.path("blockedReason").asText()
                      : "")
              .append(params.path("canceled").asBoolean() ? " canceled" : "")
              .append('\n');
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        continue;
      }
      if (!message.contains("\"Network.requestWillBeSent\"")) {
        continue;
      }
      try {
        var params =
            new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(message)
                .path("message")
                .path("params");
        var request = params.path("request");
        var headers = request.path("headers");
        lines
            .append(request.path("method").asText())
            .append(' ')
            .append(
                request.path("url").asText().replaceAll("(code|id_token_hint|state)=[^&]+", "$1=…"))
            .append(" Origin=")
            .append(headers.path("Origin").asText("-"))
            .append(
                params.has("redirectResponse")
                    ? " (redirected by "
                        + params.path("redirectResponse").path("status").asInt()
                        + " from "
                        + params
                            .path("redirectResponse")
                            .path("url")
                            .asText()
                            .replaceAll("(code|id_token_hint|state)=[^&]+", "$1=…")
                        + ")"
                    : "")
            .append('\n');
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    try {
      Path dir = Path.of(System.getProperty("parlance.screenshots"));
      Files.createDirectories(dir);
      Files.writeString(dir.resolve(name + "-network.txt"), lines);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** axe-core's serious and critical violations on the current page, one line each. */
  @SuppressWarnings("unchecked")
  List<String> seriousViolations() {
    JavascriptExecutor js = driver;
    js.executeScript(axeSource());
    Object result =
        js.executeAsyncScript(
            "var done = arguments[arguments.length - 1];"
                + "axe.run(document, {resultTypes: ['violations']}).then(function (r) {"
                + "  done(r.violations.filter(function (v) { return v.impact === 'serious' || v.impact === 'critical'; })"
                + "    .map(function (v) { return v.impact + ' ' + v.id + ': ' + v.help + ' at '"
                + "      + v.nodes.map(function (n) { return n.target.join(' '); }).join(', '); }));"
                + "}).catch(function (e) { done(['axe failed: ' + e]); });");
    return (List<String>) result;
  }

  void assertAccessible(String page) {
    driver.manage().timeouts().scriptTimeout(LEAST_WAIT);
    assertThat(seriousViolations()).as("axe-core on " + page).isEmpty();
  }

  private static synchronized String axeSource() {
    if (axe == null) {
      try (InputStream in =
          PortalBrowser.class.getClassLoader().getResourceAsStream("axe.min.js")) {
        axe = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return axe;
  }

  /** Gives the browser back for the user's next journey (see {@link #signedIn}). */
  @Override
  public void close() {
    synchronized (IDLE) {
      IDLE.computeIfAbsent(idleKey(portal, user), k -> new ArrayDeque<>()).push(this);
    }
  }
}
