package dev.parlance.deploy.cli;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.application.answer.QuotaExceededException;
import dev.parlance.application.answer.UnknownAnswerException;
import dev.parlance.application.retrieval.MissingHallucinationException;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.application.source.SourceNotReadyException;
import dev.parlance.domain.benchmark.BenchmarkDataException;
import dev.parlance.domain.completion.LanguageModelConfigurationException;
import dev.parlance.domain.completion.NoLanguageModelException;
import dev.parlance.domain.curation.CurationConflictException;
import dev.parlance.domain.failure.ComponentUnavailableException;
import dev.parlance.domain.governance.ProvisioningException;
import dev.parlance.domain.source.SourceUnavailableException;
import java.util.Optional;

/**
 * The command line's words for the failures use cases report: one line (or a short block) and an
 * exit code each, in one table. Anything else is unexpected: its trace goes to the log.
 */
final class CliFailures {

  /** A failure as the user reads it. */
  record Worded(String message, int exitCode) {}

  private CliFailures() {}

  static Optional<Worded> word(Exception e) {
    return Optional.ofNullable(
        switch (e) {
          case CommandFailure f -> new Worded(f.getMessage(), f.exitCode());
          case UnknownSourceException u ->
              new Worded(
                  "no source named '" + u.source() + "' (see 'parlance sources list')",
                  ParlanceCli.FAILED);
          case NoLanguageModelException n ->
              new Worded(
                  n.what()
                      + " needs a language model and none is configured (see 'parlance llm"
                      + " check')",
                  ParlanceCli.REFUSED);
          case LanguageModelConfigurationException c ->
              new Worded(oneLine(c.getMessage()), ParlanceCli.REFUSED);
          case SourceNotReadyException s -> new Worded(s.getMessage(), ParlanceCli.FAILED);
          case CurationConflictException c -> new Worded(c.getMessage(), ParlanceCli.FAILED);
          case ProvisioningException p -> new Worded(oneLine(p.getMessage()), ParlanceCli.FAILED);
          case SourceUnavailableException s ->
              new Worded(oneLine(s.getMessage()), ParlanceCli.FAILED);
          case ComponentUnavailableException c ->
              new Worded(oneLine(c.getMessage()), ParlanceCli.FAILED);
          case BenchmarkDataException b -> new Worded(oneLine(b.getMessage()), ParlanceCli.FAILED);
          case MissingHallucinationException m ->
              new Worded(oneLine(m.getMessage()), ParlanceCli.FAILED);
          case UnknownAnswerException u -> new Worded(u.getMessage(), ParlanceCli.REFUSED);
          case AccessDeniedException d -> new Worded(d.getMessage(), ParlanceCli.REFUSED);
          case QuotaExceededException q -> new Worded(q.getMessage(), ParlanceCli.REFUSED);
          case dev.parlance.application.answer.TooManyAsksException t ->
              new Worded(t.getMessage(), ParlanceCli.REFUSED);
          // Bad input, as commands and values validate it: the user's to fix.
          case IllegalArgumentException i -> new Worded(i.getMessage(), ParlanceCli.REFUSED);
          default -> null;
        });
  }

  static String oneLine(String message) {
    return message.replaceAll("\\s+", " ").strip();
  }
}
