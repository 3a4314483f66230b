package io.jtune.load;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which body fields hold a secret in clear: JSON members and form fields, by how their names end. */
class SecretBodyFieldsTest {
  @Test
  void jsonMembersNamedForASecretWithAValueInClear() {
    assertThat(SecretBodyFields.firstInClear("{\"user\":\"ann\",\"password\":\"hunter2\"}")).isEqualTo("password");
    assertThat(SecretBodyFields.firstInClear("{\"auth\": {\"client_secret\" : \"abc\"}}")).isEqualTo("client_secret");
    assertThat(SecretBodyFields.firstInClear("[{\"accessToken\":\"t\"}]")).isEqualTo("accessToken");
    assertThat(SecretBodyFields.firstInClear("{\"api-key\":\"k\"}")).isEqualTo("api-key");
    assertThat(SecretBodyFields.firstInClear("{\"note\":\"a \\\"quoted\\\" word\",\"apiKey\":\"k\"}")).isEqualTo("apiKey");
  }

  @Test
  void referencesEmptyValuesAndOtherNamesAreNotSecretsInClear() {
    assertThat(SecretBodyFields.firstInClear("{\"password\":\"${env:PASSWORD}\"}")).isNull();
    assertThat(SecretBodyFields.firstInClear("{\"password\":\"\"}")).isNull();
    // a count of tokens, a token's type, a number: not a credential
    assertThat(SecretBodyFields.firstInClear("{\"maxTokens\":\"100\",\"tokenType\":\"bearer\",\"pin\":1234}")).isNull();
    assertThat(SecretBodyFields.firstInClear("{\"item\":7}")).isNull();
    assertThat(SecretBodyFields.firstInClear(null)).isNull();
  }

  @Test
  void formFields() {
    assertThat(SecretBodyFields.firstInClear("grant_type=password&username=ann&password=hunter2")).isEqualTo("password");
    assertThat(SecretBodyFields.firstInClear("client_id=a&client_secret=${env:CLIENT_SECRET}")).isNull();
    assertThat(SecretBodyFields.firstInClear("q=tokens&page=2")).isNull();
  }
}
