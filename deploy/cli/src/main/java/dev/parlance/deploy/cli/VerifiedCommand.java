package dev.parlance.deploy.cli;

import dev.parlance.application.curation.EditCurationUseCase;
import dev.parlance.application.curation.ModelRegressionUseCase;
import dev.parlance.application.curation.PublishCurationUseCase;
import dev.parlance.application.curation.RegressionReport;
import dev.parlance.domain.curation.VerifiedQuery;
import dev.parlance.domain.curation.VerifiedStatus;
import dev.parlance.domain.governance.UserIdentity;
import jakarta.inject.Inject;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code parlance verified}: questions with SQL over the views that stewards vouch for. */
@Command(
    name = "verified",
    mixinStandardHelpOptions = true,
    description =
        "Verified questions (question → SQL over the views): list, show, add, approve, retire,"
            + " remove, and check them against the live database.",
    subcommands = {
      VerifiedCommand.ListQuestions.class,
      VerifiedCommand.Show.class,
      VerifiedCommand.Add.class,
      VerifiedCommand.Status.class,
      VerifiedCommand.Remove.class,
      VerifiedCommand.Check.class
    })
final class VerifiedCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /**
   * The working copy's verified question {@code id}, else the {@code failure} that says {@code
   * source} has none.
   */
  static VerifiedQuery question(
      EditCurationUseCase edits,
      String source,
      String id,
      java.util.function.Function<String, CommandFailure> failure) {
    return edits
        .workingCopy(source)
        .verifiedQuery(id)
        .orElseThrow(() -> failure.apply("source " + source + " has no verified question " + id));
  }

  @Command(name = "list", mixinStandardHelpOptions = true, description = "List verified questions.")
  static final class ListQuestions implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Inject ViewsCommand.Curations curations;

    @Option(names = "--source", required = true, description = "the data source's name")
    String source;

    @Option(names = "--version", paramLabel = "REF", description = "draft, published or a number")
    String version;

    @Override
    public Integer call() {
      ParlanceCli cli = ParlanceCli.of(spec);
      List<VerifiedQuery> questions = ViewsCommand.curation(curations, source, version).verified();
      if (questions.isEmpty()) {
        cli.out().println("source " + source + " has no verified questions yet");
        return ParlanceCli.OK;
      }
      TextTable.print(
          cli.out(),
          List.of("ID", "STATUS", "DIFFICULTY", "OWNER", "QUESTION"),
          questions.stream()
              .map(
                  q ->
                      List.<Object>of(
                          q.id(), q.status().label(), q.difficulty(), q.owner(), q.question()))
              .toList(),
          90);
      return ParlanceCli.OK;
    }
  }

  @Command(
      name = "show",
      mixinStandardHelpOptions = true,
      description = "Show one question and its SQL.")
  static final class Show implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Inject EditCurationUseCase editCuration;

    @Parameters(index = "0", paramLabel = "ID")
    String id;

    @Option(names = "--source", required = true, description = "the data source's name")
    String source;

    @Override
    public Integer call() {
      ParlanceCli cli = ParlanceCli.of(spec);
      VerifiedQuery q = question(editCuration, source, id, CommandFailure::failed);
      cli.out()
          .println(
              q.id()
                  + " ("
                  + q.status().label()
                  + ", "
                  + q.owner()
                  + (q.difficulty().isEmpty() ? "" : ", " + q.difficulty())
                  + ")");
      cli.out().println(q.question());
      cli.out().println(q.sql());
      return ParlanceCli.OK;
    }
  }

  @Command(
      name = "add",
      mixinStandardHelpOptions = true,
      description = "Add or replace a verified question in the draft.")
  static final class Add implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Inject EditCurationUseCase editCuration;

    @Option(names = "--source", required = true, description = "the data source's name")
    String source;

    @Option(
        names = "--id",
        required = true,
        paramLabel = "ID",
        description = "a short id, e.g. q37")
    String id;

    @Option(names = "--question", required = true, paramLabel = "TEXT")
    String question;

    @Option(
        names = "--sql",
        required = true,
        paramLabel = "SQL",
        description = "SQL over the views")
    String sql;

    @Option(
        names = "--status",
        paramLabel = "STATUS",
        defaultValue = "proposed",
        description = "proposed (default), approved or retired")
    String status;

    @Option(names = "--difficulty", paramLabel = "LEVEL", description = "simple, medium or complex")
    String difficulty;

    @Option(names = "--by", paramLabel = "OWNER", description = "who owns it (default: OS user)")
    String by;

    @Override
    public Integer call() {
      ParlanceCli cli = ParlanceCli.of(spec);
      String owner = CurationOutput.steward(by);
      VerifiedQuery q =
          new VerifiedQuery(id, question, sql, owner, VerifiedStatus.parse(status), difficulty);
      editCuration.change(source, owner, c -> c.withVerified(q));
      cli.out()
          .println(
              "verified question "
                  + id
                  + " ("
                  + q.status().label()
                  + ") is in the draft of "
                  + source);
      return ParlanceCli.OK;
    }
  }

  @Command(
      name = "status",
      mixinStandardHelpOptions = true,
      description = "Set a question's status: proposed, approved or retired.")
  static final class Status implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Inject EditCurationUseCase editCuration;

    @Parameters(index = "0", paramLabel = "ID")
    String id;

    @Parameters(index = "1", paramLabel = "STATUS")
    String status;

    @Option(names = "--source", required = true, description = "the data source's name")
    String source;

    @Option(names = "--by", paramLabel = "STEWARD", description = "who decides (default: OS user)")
    String by;

    @Override
    public Integer call() {
      ParlanceCli cli = ParlanceCli.of(spec);
      VerifiedStatus next = VerifiedStatus.parse(status);
      VerifiedQuery q = question(editCuration, source, id, CommandFailure::refused);
      editCuration.change(
          source, CurationOutput.steward(by), c -> c.withVerified(q.withStatus(next)));
      cli.out()
          .println(
              "verified question " + id + " is " + next.label() + " in the draft of " + source);
      return ParlanceCli.OK;
    }
  }

  @Command(
      name = "remove",
      mixinStandardHelpOptions = true,
      description = "Remove a question from the draft.")
  static final class Remove implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Inject EditCurationUseCase editCuration;

    @Parameters(index = "0", paramLabel = "ID")
    String id;

    @Option(names = "--source", required = true, description = "the data source's name")
    String source;

    @Option(names = "--by", paramLabel = "STEWARD", description = "who edits (default: OS user)")
    String by;

    @Override
    public Integer call() {
      ParlanceCli cli = ParlanceCli.of(spec);
      question(editCuration, source, id, CommandFailure::refused);
      editCuration.change(source, CurationOutput.steward(by), c -> c.withoutVerified(id));
      cli.out().println("removed verified question " + id + " from the draft of " + source);
      return ParlanceCli.OK;
    }
  }

  @Command(
      name = "check",
      mixinStandardHelpOptions = true,
      description =
          "Run the approved questions' SQL of the draft (else the published curation) and compare"
              + " their results with the published version's; publishes nothing and calls no"
              + " model. With --with-model, ask the language model the published version's"
              + " approved questions instead and say whether each answer has the verified rows"
              + " (costs model calls: the estimate is printed first).")
  static final class Check implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Inject PublishCurationUseCase publishCuration;
    @Inject ModelRegressionUseCase modelRegression;

    @Option(names = "--source", required = true, description = "the data source's name")
    String source;

    @Option(
        names = "--with-model",
        description =
            "ask the question pipeline (the configured model) each approved verified question")
    boolean withModel;

    @Override
    public Integer call() {
      ParlanceCli cli = ParlanceCli.of(spec);
      if (withModel) {
        UserIdentity operator = UserIdentity.of(CurationOutput.steward(null), "admin");
        ModelRegressionUseCase.Estimate estimate = modelRegression.estimate(operator, source);
        cli.err()
            .println(
                "asking the model "
                    + estimate.questions()
                    + " verified question(s) of "
                    + source
                    + " version "
                    + estimate.version()
                    + ": about "
                    + estimate.calls()
                    + " call(s)"
                    + (estimate.known() ? " and " + estimate.tokens() + " tokens" : "")
                    + " ("
                    + estimate.basis()
                    + ")");
        RegressionReport report =
            modelRegression.run(operator, source, new TerminalProgress(cli.err()));
        CurationOutput.regression(cli.out(), report);
        boolean allAgree =
            report.checks().stream()
                .allMatch(c -> c.pipeline() == RegressionReport.Pipeline.AGREES);
        return allAgree ? ParlanceCli.OK : ParlanceCli.FAILED;
      }
      var report = publishCuration.check(source);
      CurationOutput.regression(cli.out(), report);
      return report.changed().isEmpty() ? ParlanceCli.OK : ParlanceCli.FAILED;
    }
  }
}
