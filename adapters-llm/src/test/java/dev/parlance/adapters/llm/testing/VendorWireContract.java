package dev.parlance.adapters.llm.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.adapters.llm.chat.RetryPolicy;
import dev.parlance.adapters.llm.testing.WireServer.Reply;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.CompleteChatPortContract;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Runs the completion-port contract against a vendor adapter talking to a local {@link WireServer}:
 * a subclass names the vendor's recorded replies and builds its port.
 */
public abstract class VendorWireContract extends CompleteChatPortContract {

  protected static final Duration PATIENT = Duration.ofSeconds(10);
  protected static final Duration IMPATIENT = Duration.ofMillis(400);

  protected WireServer server;

  /** Every wait the retry policy asked for, instead of sleeping. */
  protected final List<Duration> pauses = new CopyOnWriteArrayList<>();

  @BeforeEach
  void startServer() {
    server = WireServer.start();
  }

  @AfterEach
  void stopServer() {
    server.close();
  }

  /** Two retries, no sleeping: the pauses are recorded. */
  protected RetryPolicy retry() {
    return RetryPolicy.defaults().withMaxRetries(2).withPause(pauses::add);
  }

  /** The vendor's port against {@link #server}, priced with {@code PRICE}, with {@link #retry}. */
  protected abstract CompleteChatPort port(Duration timeout);

  protected abstract Reply success();

  protected abstract Reply rateLimit();

  protected abstract Reply serverError();

  protected abstract Optional<Reply> refusal();

  protected abstract Optional<Reply> invalidKey();

  @Override
  protected CompleteChatPort answering() {
    server.replies(success());
    return port(PATIENT);
  }

  @Override
  protected CompleteChatPort rateLimitedOnce() {
    server.replies(rateLimit(), success());
    return port(PATIENT);
  }

  @Override
  protected CompleteChatPort failingOnTheServer() {
    server.replies(serverError());
    return port(PATIENT);
  }

  @Override
  protected CompleteChatPort tooSlow() {
    server.replies(success().after(Duration.ofSeconds(3)));
    return port(IMPATIENT);
  }

  /** The recorded success cut in half: what a proxy that dropped the connection leaves. */
  @Override
  protected CompleteChatPort answeringGarbage() {
    String body = success().body();
    server.replies(WireServer.raw(200, body.substring(0, body.length() / 2)));
    return port(PATIENT);
  }

  @Override
  protected Optional<CompleteChatPort> refusing() {
    return refusal()
        .map(
            r -> {
              server.replies(r);
              return port(PATIENT);
            });
  }

  @Override
  protected Optional<CompleteChatPort> rejectingTheKey() {
    return invalidKey()
        .map(
            r -> {
              server.replies(r);
              return port(PATIENT);
            });
  }

  /**
   * The client's rehearsal goes through the vendor's model and the answer's reading, against a
   * stand-in on this machine: the vendor's server sees no request.
   */
  @Test
  void should_rehearse_the_whole_call_without_a_request_to_the_vendor() {
    CompleteChatPort port = port(PATIENT);

    assertThat(port.rehearse()).isTrue();
    assertThat(server.received()).isEmpty();
  }

  @Override
  protected int requestsReceived() {
    return server.received().size();
  }
}
