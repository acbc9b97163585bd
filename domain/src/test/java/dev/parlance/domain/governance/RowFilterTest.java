package dev.parlance.domain.governance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RowFilterTest {

  private static String literal(String v) {
    return "'" + v.replace("'", "''") + "'";
  }

  @Test
  void should_bind_user_attributes_as_literals_when_the_predicate_names_them() {
    RowFilter f =
        new RowFilter("regional", "TB_IN", "IN_RG_CD = :user.region AND IN_HUB = :user.Hub");
    UserIdentity rita =
        UserIdentity.of("rita", "regional")
            .withAttribute("region", "SE")
            .withAttribute("hub", "MACAE");
    assertThat(f.attributes()).containsExactly("region", "hub");
    assertThat(f.bind(rita, RowFilterTest::literal))
        .isEqualTo("IN_RG_CD = 'SE' AND IN_HUB = 'MACAE'");
  }

  @Test
  void should_keep_a_quote_inside_the_literal_when_an_attribute_holds_one() {
    RowFilter f = new RowFilter("regional", "TB_IN", "IN_RG_CD = :user.region");
    UserIdentity evil = UserIdentity.of("eve", "regional").withAttribute("region", "x' OR '1'='1");
    assertThat(f.bind(evil, RowFilterTest::literal)).isEqualTo("IN_RG_CD = 'x'' OR ''1''=''1'");
  }

  @Test
  void should_name_the_missing_attribute_when_the_user_lacks_it() {
    RowFilter f = new RowFilter("regional", "TB_IN", "IN_RG_CD = :user.region");
    assertThatThrownBy(() -> f.bind(UserIdentity.of("rita", "regional"), RowFilterTest::literal))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("'region'")
        .hasMessageContaining("rita");
  }

  @Test
  void should_refuse_when_a_filter_predicate_is_empty() {
    assertThatThrownBy(() -> new RowFilter("r", "t", " "))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
