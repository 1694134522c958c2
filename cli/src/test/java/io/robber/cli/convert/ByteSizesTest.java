package io.robber.cli.convert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine.TypeConversionException;

class ByteSizesTest {

    @ParameterizedTest(name = "{0} = {1} bytes")
    @CsvSource({
        "1000, 1000",
        "0, 0",
        "1000B, 1000",
        "512KiB, 524288",
        "64MiB, 67108864",
        "1GiB, 1073741824",
        "1.5GiB, 1610612736",
        "2TiB, 2199023255552",
        "1KB, 1000",
        "600MB, 600000000",
        "1.5GB, 1500000000",
        "3TB, 3000000000000",
        "64mib, 67108864",
        "64MIB, 67108864",
        "'64 MiB', 67108864",
        "' 1gb ', 1000000000",
        "0.5KiB, 512",
        ".5KiB, 512",
        "1.1KiB, 1126",
    })
    void parsesDecimalAndBinaryUnits(String text, long bytes) {
        assertThat(ByteSizes.parse(text)).isEqualTo(bytes);
        assertThat(new ByteSizeConverter().convert(text)).isEqualTo(bytes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "MiB", "-1", "-64MiB", "64XB", "64 M", "64k", "1.5", "1.5B", "1e6", "0x10",
        "64MiBs", "1,5GiB", "64 Mi B", "9999999999TiB"})
    void rejectsWhatIsNotASize(String text) {
        assertThatThrownBy(() -> new ByteSizeConverter().convert(text))
                .isInstanceOf(TypeConversionException.class)
                .hasMessageNotContaining("\n")
                .satisfiesAnyOf(
                        e -> assertThat(e).hasMessageContaining("e.g. 64MiB"),
                        e -> assertThat(e).hasMessageContaining("too large"));
    }

    @ParameterizedTest(name = "{0} bytes = {1}")
    @CsvSource({
        "0, 0 B",
        "1000, 1000 B",
        "1024, 1 KiB",
        "67108864, 64 MiB",
        "1610612736, 1.5 GiB",
        "3146962, 3 MiB",
    })
    void formatsInBinaryUnits(long bytes, String text) {
        assertThat(ByteSizes.format(bytes)).startsWith(text.split(" ")[0]).endsWith(text.split(" ")[1]);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 1000, 1024, 65536, 1L << 20, 3L << 30, 1610612736})
    void formatOfWholeUnitsParsesBack(long bytes) {
        assertThat(ByteSizes.parse(ByteSizes.format(bytes).replace(" ", ""))).isEqualTo(bytes);
    }
}
