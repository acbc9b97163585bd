package dev.parlance.adapters.llm.batch.internal;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/** One line of an OpenAI Batch API input file. */
@JsonPropertyOrder({"custom_id", "method", "url", "body"})
public record BatchRequestLine(
    @JsonProperty("custom_id") String customId,
    @JsonProperty("method") String method,
    @JsonProperty("url") String url,
    @JsonProperty("body") ChatCompletionsBody body) {

  /** The body of a {@code /v1/chat/completions} request, in OpenAI's field order. */
  @JsonPropertyOrder({"model", "messages", "temperature", "max_tokens"})
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record ChatCompletionsBody(
      @JsonProperty("model") String model,
      @JsonProperty("messages") List<WireMessage> messages,
      @JsonProperty("temperature") Double temperature,
      @JsonProperty("max_tokens") Integer maxTokens) {}

  /** A chat message on the wire: {@code system}, {@code user} or {@code assistant}. */
  @JsonPropertyOrder({"role", "content"})
  public record WireMessage(
      @JsonProperty("role") String role, @JsonProperty("content") String content) {}
}
