package dev.parlance.adapters.llm.batch.internal;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/** One line of an OpenAI Batch API output or error file. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record BatchResultLine(
    @JsonProperty("id") String id,
    @JsonProperty("custom_id") String customId,
    @JsonProperty("response") Response response,
    @JsonProperty("error") Error error) {

  /** The HTTP answer the request got; {@code body} is a chat completion when the status is 200. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Response(
      @JsonProperty("status_code") int statusCode,
      @JsonProperty("request_id") String requestId,
      @JsonProperty("body") JsonNode body) {}

  /** A request the batch could not run at all, e.g. {@code batch_expired}. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Error(@JsonProperty("code") String code, @JsonProperty("message") String message) {}

  /** A {@code chat.completion} object. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record ChatCompletionObject(
      @JsonProperty("id") String id,
      @JsonProperty("model") String model,
      @JsonProperty("choices") List<Choice> choices,
      @JsonProperty("usage") Usage usage) {}

  /** One choice of a chat completion. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Choice(
      @JsonProperty("index") int index,
      @JsonProperty("message") Message message,
      @JsonProperty("finish_reason") String finishReason) {}

  /** The assistant's message; {@code refusal} is set when the model declined. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Message(
      @JsonProperty("role") String role,
      @JsonProperty("content") String content,
      @JsonProperty("refusal") String refusal) {}

  /** Token counts of one request. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Usage(
      @JsonProperty("prompt_tokens") long promptTokens,
      @JsonProperty("completion_tokens") long completionTokens) {}
}
