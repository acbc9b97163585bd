package dev.parlance.deploy.cli;

import dev.parlance.application.curation.CurationRef;
import dev.parlance.application.curation.PublishCurationUseCase;
import dev.parlance.application.curation.ReadCurationUseCase;
import dev.parlance.domain.curation.CurationDiff;
import dev.parlance.domain.curation.CurationVersion;
import jakarta.inject.Inject;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code parlance views publish | rollback | diff | history}: the published versions of a source's
 * curation, made from the draft or an older version, compared and listed.
 */
final class ViewsVersionCommands {

  private ViewsVersionCommands() {}

  @Command(
      name = "publish",
      mixinStandardHelpOptions = true,
      description =
          "Validate and publish the draft as the next version, re-index the source, and run its"
              + " approved verified questions to report which results changed.")
  static final class Publish implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Inject PublishCurationUseCase publishCuration;

    @Option(names = "--source", required = true, description = "the data source's name")
    String source;

    @Option(
        names = "--by",
        paramLabel = "STEWARD",
        description = "who publishes (default: OS user)")
    String by;

    @Option(names = "--note", paramLabel = "TEXT", description = "why, for the history")
    String note;

    @Override
    public Integer call() {
      ParlanceCli cli = ParlanceCli.of(spec);
      return CurationOutput.published(
          cli.out(),
          cli.err(),
          publishCuration.publishDraft(source, CurationOutput.steward(by), note));
    }
  }

  @Command(
      name = "rollback",
      mixinStandardHelpOptions = true,
      description = "Publish an old version again as the next version (the draft is kept).")
  static final class Rollback implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Inject PublishCurationUseCase publishCuration;

    @Option(names = "--source", required = true, description = "the data source's name")
    String source;

    @Option(
        names = "--to",
        required = true,
        paramLabel = "VERSION",
        description = "the version to restore")
    int version;

    @Option(
        names = "--by",
        paramLabel = "STEWARD",
        description = "who publishes (default: OS user)")
    String by;

    @Override
    public Integer call() {
      ParlanceCli cli = ParlanceCli.of(spec);
      return CurationOutput.published(
          cli.out(),
          cli.err(),
          publishCuration.rollback(source, version, CurationOutput.steward(by)));
    }
  }

  @Command(
      name = "diff",
      mixinStandardHelpOptions = true,
      description = "What changed between two curations (default: published → draft).")
  static final class Diff implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Inject ReadCurationUseCase readCuration;

    @Option(names = "--source", required = true, description = "the data source's name")
    String source;

    @Option(
        names = "--from",
        paramLabel = "REF",
        defaultValue = "published",
        description = "draft, published or a number (default: ${DEFAULT-VALUE})")
    String from;

    @Option(
        names = "--to",
        paramLabel = "REF",
        defaultValue = "draft",
        description = "draft, published or a number (default: ${DEFAULT-VALUE})")
    String to;

    @Override
    public Integer call() {
      ParlanceCli cli = ParlanceCli.of(spec);
      CurationDiff diff = readCuration.diff(source, CurationRef.parse(from), CurationRef.parse(to));
      if (diff.isEmpty()) {
        cli.out().println("no differences between " + from + " and " + to);
      }
      diff.changes().forEach(c -> cli.out().println(c));
      return ParlanceCli.OK;
    }
  }

  @Command(
      name = "history",
      mixinStandardHelpOptions = true,
      description = "List published versions.")
  static final class History implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Inject ReadCurationUseCase readCuration;

    @Option(names = "--source", required = true, description = "the data source's name")
    String source;

    @Override
    public Integer call() {
      ParlanceCli cli = ParlanceCli.of(spec);
      List<CurationVersion> versions = readCuration.history(source);
      if (versions.isEmpty()) {
        cli.out().println("source " + source + " has no published curation");
        return ParlanceCli.OK;
      }
      TextTable.print(
          cli.out(),
          List.of("VERSION", "BY", "AT", "VIEWS", "VERIFIED", "NOTE"),
          versions.stream()
              .map(
                  v ->
                      List.<Object>of(
                          v.version(),
                          v.publishedBy(),
                          v.publishedAt().toString(),
                          v.curation().views().size(),
                          v.curation().verified().size(),
                          v.note()))
              .toList(),
          60);
      return ParlanceCli.OK;
    }
  }
}
