package dev.parlance.adapters.llm.batch;

import dev.parlance.domain.completion.BatchCompletionPort;
import dev.parlance.domain.completion.ModelPrice;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * The one place that opens an offline batch folder in OpenAI's Batch API format (also accepted by
 * Azure OpenAI and some OpenAI-compatible servers). The folder holds:
 *
 * <ul>
 *   <li>{@code pending.jsonl}: the requests to submit next, written by Parlance;
 *   <li>{@code submitted/}: input files already submitted (move {@code pending.jsonl} here, under
 *       any name, when you submit it);
 *   <li>{@code results/}: the batch output and error files, as downloaded.
 * </ul>
 */
public final class OpenAiBatches {
  /** OpenAI bills batch requests at half the synchronous price. */
  public static final BigDecimal OPENAI_BATCH_DISCOUNT = new BigDecimal("0.5");

  private OpenAiBatches() {}

  public static Builder folder(Path directory) {
    return new Builder(directory);
  }

  /** The folder, the model every request names, and how to price the answers. */
  public static final class Builder {
    private final Path directory;
    private String model;
    private ModelPrice price;
    private BigDecimal priceFactor = OPENAI_BATCH_DISCOUNT;
    private String url = "/v1/chat/completions";

    private Builder(Path directory) {
      this.directory = Objects.requireNonNull(directory, "directory");
    }

    public Builder model(String value) {
      this.model = value;
      return this;
    }

    /** The synchronous price; batch answers cost it times {@link #priceFactor}. */
    public Builder price(ModelPrice value) {
      this.price = value;
      return this;
    }

    public Builder priceFactor(BigDecimal value) {
      this.priceFactor = Objects.requireNonNull(value, "priceFactor");
      return this;
    }

    /** The endpoint each line names; {@code /chat/completions} for Azure's global batch. */
    public Builder url(String value) {
      this.url = Objects.requireNonNull(value, "url");
      return this;
    }

    public BatchCompletionPort open() {
      if (model == null || model.isBlank()) {
        throw new IllegalArgumentException("a batch needs the model its requests name");
      }
      return new BatchFolderAdapter(
          directory, model, Optional.ofNullable(price).map(p -> p.times(priceFactor)), url);
    }
  }
}
