package io.robber.cli.convert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine.TypeConversionException;

class DurationConverterTest {

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource({"500ms, PT0.5S", "30s, PT30S", "5m, PT5M", "2h, PT2H", "PT1M30S, PT1M30S", "pt10s, PT10S", "'90 s', PT1M30S"})
    void parsesUnitsAndIso(String text, String iso) {
        assertThat(new DurationConverter().convert(text)).isEqualTo(Duration.parse(iso));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "5", "5x", "0s", "-5s", "PT-5S", "1.5m", "soon"})
    void rejectsWhatIsNotAPositiveDuration(String text) {
        assertThatThrownBy(() -> new DurationConverter().convert(text))
                .isInstanceOf(TypeConversionException.class)
                .hasMessageContaining("e.g. 30s");
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource({"0s, PT0S", "0ms, PT0S", "PT0S, PT0S", "30s, PT30S"})
    void orZeroTakesZeroToo(String text, String iso) {
        assertThat(new DurationConverter.OrZero().convert(text)).isEqualTo(Duration.parse(iso));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-5s", "PT-5S", "soon"})
    void orZeroStillRejectsWhatIsNotADuration(String text) {
        assertThatThrownBy(() -> new DurationConverter.OrZero().convert(text))
                .isInstanceOf(TypeConversionException.class)
                .hasMessageContaining("e.g. 30s");
    }

    @ParameterizedTest(name = "{0} formats as {1}")
    @CsvSource({"PT0.05S, 50ms", "PT30S, 30s", "PT90S, 90s", "PT5M, 5m", "PT2H, 2h", "PT0S, 0s"})
    void formatsInTheFormItReads(String iso, String text) {
        assertThat(DurationConverter.format(Duration.parse(iso))).isEqualTo(text);
    }
}
