package dev.parlance.adapters.llm.chat;

import dev.langchain4j.model.chat.ChatModel;
import dev.parlance.adapters.llm.chat.LangChainChatAdapter.Rehearsal;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.ModelPrice;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/**
 * What every vendor's builder shares: key, model, base URL, timeouts, retries, price and
 * parallelism, with defaults and one-line validation errors. A vendor subclass adds its own
 * settings and builds the langchain4j model, always with langchain4j's own retries off (Parlance
 * retries, honouring {@code Retry-After}).
 */
public abstract class VendorChatBuilder<B extends VendorChatBuilder<B>> {

  /**
   * A short answer in the chat-completions wire format that OpenAI, Mistral and OpenAI-compatible
   * servers answer in, for a client's rehearsal ({@link #rehearsalAnswer()}).
   */
  protected static final String CHAT_COMPLETIONS_ANSWER =
      "{\"id\":\"rehearsal\",\"object\":\"chat.completion\",\"created\":0,"
          + "\"model\":\"rehearsal\",\"choices\":[{\"index\":0,\"message\":{\"role\":"
          + "\"assistant\",\"content\":\"SELECT 1\"},\"finish_reason\":\"stop\"}],"
          + "\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":1,\"total_tokens\":2}}";

  // How long a rehearsal may take: a server's start-up preparation waits for it.
  private static final Duration REHEARSAL_TIMEOUT = Duration.ofSeconds(10);

  private final String vendor;
  private final String displayName;
  private final VendorQuirks quirks;

  protected String apiKey;
  protected String model;
  protected String baseUrl;
  protected Duration timeout = Duration.ofSeconds(60);
  protected Duration connectTimeout = Duration.ofSeconds(10);
  protected RetryPolicy retry = RetryPolicy.defaults();
  protected ModelPrice price;
  protected int parallelism = 4;

  /**
   * @param vendor the vendor's id, e.g. {@code openai}; it names the vendor in completions and
   *     errors
   * @param displayName the vendor's name for people, e.g. {@code OpenAI}
   * @param quirks what differs in the vendor's answers and errors ({@link VendorQuirks#NONE}:
   *     nothing)
   */
  protected VendorChatBuilder(String vendor, String displayName, VendorQuirks quirks) {
    this.vendor = vendor;
    this.displayName = displayName;
    this.quirks = quirks;
  }

  /** Validates what this vendor needs and builds its langchain4j model. */
  protected abstract ChatModel buildModel();

  /**
   * A short answer in this vendor's wire format, which a {@link LocalStandIn} gives when the client
   * rehearses ({@link CompleteChatPort#rehearse()}); empty for a vendor whose client cannot be
   * pointed at a plain-HTTP stand-in.
   */
  protected Optional<String> rehearsalAnswer() {
    return Optional.empty();
  }

  @SuppressWarnings("unchecked")
  private B self() {
    return (B) this;
  }

  public B apiKey(String value) {
    this.apiKey = blankToNull(value);
    return self();
  }

  public B model(String value) {
    this.model = blankToNull(value);
    return self();
  }

  public B baseUrl(String value) {
    this.baseUrl = blankToNull(value);
    return self();
  }

  public B timeout(Duration value) {
    this.timeout = requirePositive(value, "timeout");
    return self();
  }

  public B connectTimeout(Duration value) {
    this.connectTimeout = requirePositive(value, "connect timeout");
    return self();
  }

  public B retry(RetryPolicy value) {
    this.retry = value;
    return self();
  }

  public B price(ModelPrice value) {
    this.price = value;
    return self();
  }

  public B parallelism(int value) {
    if (value < 1) {
      throw new LlmConfigurationException("parallelism must be positive, got " + value);
    }
    this.parallelism = value;
    return self();
  }

  public final CompleteChatPort build() {
    ChatModel built = buildModel();
    return new LangChainChatAdapter(
        built, options(), quirks, rehearsalAnswer().map(a -> new Rehearsal(this::modelAt, a)));
  }

  // The same model against a stand-in's URL, with a placeholder for the key (the rehearsal sends
  // nothing secret, even to this machine) and a short timeout (a start-up waits for it).
  private synchronized ChatModel modelAt(String standInUrl) {
    String keptUrl = baseUrl;
    String keptKey = apiKey;
    Duration keptTimeout = timeout;
    baseUrl = standInUrl;
    apiKey = apiKey == null ? null : "rehearsal";
    timeout = REHEARSAL_TIMEOUT;
    try {
      return buildModel();
    } finally {
      baseUrl = keptUrl;
      apiKey = keptKey;
      timeout = keptTimeout;
    }
  }

  protected final ChatOptions options() {
    return new ChatOptions(vendor, requireModel(), Optional.ofNullable(price), retry, parallelism);
  }

  protected final HttpTransport transport() {
    return HttpTransport.builder().connectTimeout(connectTimeout).readTimeout(timeout);
  }

  protected final String requireModel() {
    if (model == null) {
      throw new LlmConfigurationException(displayName + " needs a model name (parlance.llm.model)");
    }
    return model;
  }

  /** The key, or a one-line error naming where keys for this vendor come from. */
  protected final String requireKey(String vendorVariable) {
    if (apiKey == null) {
      throw new LlmConfigurationException(
          displayName
              + " needs an API key: set PARLANCE_LLM_API_KEY (parlance.llm.api-key) or "
              + vendorVariable);
    }
    return apiKey;
  }

  /** The base URL if set (validated), else the vendor's default. */
  protected final String baseUrlOr(String fallback) {
    String url = baseUrl == null ? fallback : baseUrl;
    if (url == null) {
      throw new LlmConfigurationException(
          displayName + " needs a base URL (parlance.llm.base-url)");
    }
    try {
      URI uri = URI.create(url);
      if (uri.getScheme() == null
          || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))
          || uri.getHost() == null) {
        throw new IllegalArgumentException("not an http(s) URL");
      }
    } catch (IllegalArgumentException e) {
      throw new LlmConfigurationException(
          displayName + " base URL '" + url + "' is not an http(s) URL");
    }
    return url;
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value.strip();
  }

  private static Duration requirePositive(Duration value, String what) {
    if (value == null || value.isNegative() || value.isZero()) {
      throw new LlmConfigurationException(what + " must be positive, got " + value);
    }
    return value;
  }
}
