package dev.parlance.deploy.portal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/** Whether a port of this machine is free, and a free one: the ports serve starts servers on. */
final class LocalPorts {

  private LocalPorts() {}

  static boolean free(int port) {
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(true);
      socket.bind(new java.net.InetSocketAddress("localhost", port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
