package dev.parlance.web.pages;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HighlightTest {

  @Test
  void should_mark_every_word_without_case_and_escape_the_rest() {
    assertThat(
            Highlight.html(
                "Whether the Region is active <script>", Highlight.words("region ACTIVE")))
        .isEqualTo("Whether the <mark>Region</mark> is <mark>active</mark> &lt;script&gt;");
  }

  @Test
  void should_merge_overlapping_hits_into_one_mark() {
    assertThat(Highlight.html("installation", Highlight.words("install stall")))
        .isEqualTo("<mark>install</mark>ation");
    assertThat(Highlight.html("a&b", Highlight.words("&"))).isEqualTo("a<mark>&amp;</mark>b");
  }

  @Test
  void should_leave_a_text_without_hits_escaped_only() {
    assertThat(Highlight.html("x < y", Highlight.words(""))).isEqualTo("x &lt; y");
    assertThat(Highlight.matchesAll(Highlight.words("open order"), "order", "is open")).isTrue();
    assertThat(Highlight.matchesAll(Highlight.words("open order"), "order")).isFalse();
  }
}
