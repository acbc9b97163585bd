package dev.parlance.deploy.portal;

import java.util.List;
import java.util.concurrent.TimeUnit;

/** Stops the processes serve started (Liberty, Keycloak and theirs), gently first. */
final class ChildProcesses {

  private ChildProcesses() {}

  /**
   * Stops every process this one started (Keycloak, Liberty and theirs), again until none is left
   * (the starting thread may start one more meanwhile), forcibly after 45 s.
   */
  static void stopChildren() {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(45);
    List<ProcessHandle> children = ProcessHandle.current().descendants().toList();
    while (!children.isEmpty() && System.nanoTime() < deadline) {
      children.forEach(ProcessHandle::destroy);
      try {
        Thread.sleep(250);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      children = ProcessHandle.current().descendants().toList();
    }
    ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
  }

  static void stop(Process process) {
    if (process == null || !process.isAlive()) {
      return;
    }
    process.descendants().forEach(ProcessHandle::destroy);
    process.destroy();
    try {
      if (!process.waitFor(45, TimeUnit.SECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
