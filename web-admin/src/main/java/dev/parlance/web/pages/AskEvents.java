package dev.parlance.web.pages;

import dev.parlance.application.ask.AskProgress;
import java.io.IOException;
import java.io.Writer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The ask page's live answer as Server-Sent Events ({@code text/event-stream}): {@code stage}
 * {@code {stage, event: started|ended}} as the pipeline's stages start and end, {@code progress}
 * {@code {stage, done, total}} while a source is indexed on first use, then one last event: {@code
 * answer} {@code {id, page}} naming the recorded answer, or {@code problem} {@code {status,
 * message, page}}; {@code page} is the HTML the plain form post would have answered with. Each
 * event is flushed at once. Stages may overlap (some run while the model answers), so events are
 * written one at a time; a browser gone away stops the events, never the question.
 */
final class AskEvents implements AskProgress {

  private final Writer out;
  private boolean gone;

  /**
   * @param out where the events go; flushing it must push them to the browser (a writer over the
   *     servlet response's output stream, which also reports a browser gone away)
   */
  AskEvents(Writer out) {
    this.out = out;
  }

  @Override
  public void stageStarted(String stage) {
    send("stage", "stage", stage, "event", "started");
  }

  @Override
  public void stageEnded(String stage) {
    send("stage", "stage", stage, "event", "ended");
  }

  @Override
  public void update(String stage, long done, long total) {
    send("progress", "stage", stage, "done", done, "total", total);
  }

  void answer(long id, String page) {
    send("answer", "id", id, "page", page);
  }

  void problem(int status, String message, String page) {
    send("problem", "status", status, "message", message, "page", page);
  }

  /** Sends event {@code name} with the data {@code fields}: names and values, in turn. */
  private synchronized void send(String name, Object... fields) {
    if (gone) {
      return;
    }
    Map<String, Object> data = new LinkedHashMap<>();
    for (int i = 0; i < fields.length; i += 2) {
      data.put((String) fields[i], fields[i + 1]);
    }
    try {
      // One line of JSON: Json.of escapes line breaks, so "data:" never spans lines.
      out.write("event: " + name + "\ndata: " + Json.of(data) + "\n\n");
      out.flush();
    } catch (IOException | RuntimeException e) {
      // The browser went away, or the container ended the request (its time limit).
      gone = true;
    }
  }
}
