package dev.parlance.web.pages;

import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.Mustache;
import com.github.mustachejava.MustacheFactory;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * The portal's one template engine: logic-less Mustache templates under {@code
 * dev/parlance/web/pages/}, every value HTML-escaped unless a template says otherwise. Templates
 * are compiled once and are safe to share between threads.
 */
public final class Templates {

  private static final MustacheFactory FACTORY =
      new DefaultMustacheFactory("dev/parlance/web/pages");

  private Templates() {}

  /** Renders template {@code name} ({@code name.mustache}) over a model of maps and lists. */
  public static String render(String name, Map<String, ?> model) {
    Mustache template = FACTORY.compile(name + ".mustache");
    StringWriter out = new StringWriter();
    try {
      template.execute(out, model).flush();
    } catch (java.io.IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }
}
