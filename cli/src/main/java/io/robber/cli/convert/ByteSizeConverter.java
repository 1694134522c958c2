package io.robber.cli.convert;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** picocli converter for options such as {@code --size 64MiB}; see {@link ByteSizes}. */
public final class ByteSizeConverter implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
        try {
            return ByteSizes.parse(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
