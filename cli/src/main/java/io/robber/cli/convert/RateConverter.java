package io.robber.cli.convert;

import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** picocli converter for rates such as {@code --max-rate 100MB/s}: a {@link ByteSizes} size per second. */
public final class RateConverter implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
        String size = value.strip();
        if (size.toLowerCase(Locale.ROOT).endsWith("/s")) {
            size = size.substring(0, size.length() - 2);
        }
        try {
            return ByteSizes.parse(size);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage() + ", per second, e.g. 100MB/s");
        }
    }
}
