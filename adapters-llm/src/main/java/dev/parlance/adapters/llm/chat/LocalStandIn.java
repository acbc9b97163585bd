package dev.parlance.adapters.llm.chat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A stand-in for a vendor's API on the loopback interface, for a client's rehearsal: it answers
 * every HTTP/1.1 request, whatever its path, with one recorded answer in the vendor's format, and
 * closes the connection. It listens on a port the system chooses, on 127.0.0.1 only, until closed.
 */
final class LocalStandIn implements AutoCloseable {

  // A request head longer than this is not a client's rehearsal: the connection is dropped.
  private static final int MAX_HEAD = 64 * 1024;

  private final ServerSocket socket;
  private final byte[] answer;

  private LocalStandIn(ServerSocket socket, String answer) {
    this.socket = socket;
    this.answer = answer.getBytes(StandardCharsets.UTF_8);
  }

  /** Starts answering {@code answer} (a JSON body) to every request. */
  static LocalStandIn answering(String answer) {
    try {
      ServerSocket socket = new ServerSocket(0, 4, InetAddress.getLoopbackAddress());
      LocalStandIn standIn = new LocalStandIn(socket, answer);
      Thread.ofVirtual().name("parlance-model-stand-in").start(standIn::serve);
      return standIn;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot listen on the loopback interface", e);
    }
  }

  /** The base URL a vendor client is built with: any path under it is answered. */
  String baseUrl() {
    return "http://127.0.0.1:" + socket.getLocalPort() + "/v1";
  }

  private void serve() {
    while (!socket.isClosed()) {
      try (Socket connection = socket.accept()) {
        readRequest(connection.getInputStream());
        OutputStream out = connection.getOutputStream();
        out.write(
            ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                    + answer.length
                    + "\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.write(answer);
        out.flush();
      } catch (IOException e) {
        // closed, or a client that went away: the rehearsal reports it
      }
    }
  }

  // Reads the head up to the blank line, then as many body bytes as Content-Length says.
  private static void readRequest(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    byte[] end = {'\r', '\n', '\r', '\n'};
    while (matched < end.length) {
      int b = in.read();
      if (b < 0 || head.size() > MAX_HEAD) {
        throw new IOException("no whole request head");
      }
      head.write(b);
      matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
    }
    long length = 0;
    for (String line : head.toString(StandardCharsets.US_ASCII).split("\r\n")) {
      if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
        length = Long.parseLong(line.substring("content-length:".length()).strip());
      }
    }
    in.skipNBytes(length);
  }

  @Override
  public void close() {
    try {
      socket.close();
    } catch (IOException e) {
      // nothing listens any more either way
    }
  }
}
