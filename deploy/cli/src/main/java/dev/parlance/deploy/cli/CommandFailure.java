package dev.parlance.deploy.cli;

/** A command that ends with a message for the user and a chosen exit code. */
final class CommandFailure extends RuntimeException {
  private final int exitCode;

  CommandFailure(int exitCode, String message) {
    super(message);
    this.exitCode = exitCode;
  }

  static CommandFailure refused(String message) {
    return new CommandFailure(ParlanceCli.REFUSED, message);
  }

  static CommandFailure failed(String message) {
    return new CommandFailure(ParlanceCli.FAILED, message);
  }

  int exitCode() {
    return exitCode;
  }
}
