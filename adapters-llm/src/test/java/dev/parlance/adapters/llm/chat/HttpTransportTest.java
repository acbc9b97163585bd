package dev.parlance.adapters.llm.chat;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import org.junit.jupiter.api.Test;

class HttpTransportTest {

  @Test
  void should_read_retry_after_in_seconds_when_it_is_a_number() {
    assertThat(HttpTransport.parseRetryAfter("20")).contains(Duration.ofSeconds(20));
    assertThat(HttpTransport.parseRetryAfter(" 1.5 ")).contains(Duration.ofMillis(1500));
  }

  @Test
  void should_read_retry_after_as_the_time_until_then_when_it_is_an_http_date() {
    ZonedDateTime written = ZonedDateTime.now(ZoneOffset.UTC);
    String inAMinute = written.plusSeconds(60).format(DateTimeFormatter.RFC_1123_DATE_TIME);

    Duration wait = HttpTransport.parseRetryAfter(inAMinute).orElseThrow();

    // A minute after the header was written (whole seconds), less the time this test took since.
    Duration since = Duration.between(written, ZonedDateTime.now(ZoneOffset.UTC));
    assertThat(wait).isBetween(Duration.ofSeconds(59).minus(since), Duration.ofSeconds(60));
  }

  @Test
  void should_ignore_retry_after_when_it_is_unreadable() {
    assertThat(HttpTransport.parseRetryAfter("soon")).isEmpty();
  }

  @Test
  void should_find_the_vendors_words_in_each_vendors_error_body() {
    assertThat(VendorMessages.fromBody("{\"error\":{\"message\":\"Overloaded\"}}"))
        .isEqualTo("Overloaded");
    assertThat(VendorMessages.fromBody("{\"error\":\"model \\\"x\\\" not found\"}"))
        .isEqualTo("model \"x\" not found");
    assertThat(VendorMessages.fromBody("{\"object\":\"error\",\"message\":\"Unauthorized\"}"))
        .isEqualTo("Unauthorized");
    assertThat(VendorMessages.fromBody("<html>\n<b>502 Bad Gateway</b>\n</html>"))
        .isEqualTo("<html> <b>502 Bad Gateway</b> </html>");
  }
}
