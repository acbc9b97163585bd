package dev.parlance.deploy.cli;

import picocli.CommandLine.Command;

/** Benchmarks: commands that print numbers. */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description = "Measure Parlance on public benchmarks and on your sources.",
    subcommands = {
      BenchRetrievalCommand.class,
      BenchIndexScaleCommand.class,
      BenchExCommand.class,
      BenchE2eCommand.class,
      BenchReportCommand.class,
      BenchGoldFileCommand.class,
      BenchGovernanceCommand.class,
      BenchPromptSizeCommand.class,
      BenchRbSqlThresholdsCommand.class,
      BenchCurationCommand.class
    })
final class BenchCommand implements Runnable {
  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
