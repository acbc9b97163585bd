package dev.parlance.deploy.cli;

import picocli.CommandLine.Command;

/** Schema commands: index a source's schema and search it. */
@Command(
    name = "schema",
    mixinStandardHelpOptions = true,
    description = "Index a source's schema and find the columns a question needs.",
    subcommands = {SchemaIndexCommand.class, SchemaSearchCommand.class})
final class SchemaCommand implements Runnable {
  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
