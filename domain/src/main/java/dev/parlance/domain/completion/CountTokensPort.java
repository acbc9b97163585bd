package dev.parlance.domain.completion;

/** Counts the tokens a text costs as a prompt, with a vendor's tokenizer or an estimate. */
public interface CountTokensPort {

  long count(String text);

  /** Which tokenizer counts, e.g. {@code o200k_base}, for reports. */
  String tokenizer();
}
