package dev.parlance.adapters.llm.chat;

import dev.langchain4j.model.chat.ChatModel;
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
    return ChatPorts.over(built, options(), quirks);
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
