package io.robber.datacast.topology;

/**
 * Mixed-radix addresses, the way data-center papers name nodes: digit 0 is the least significant,
 * printed last ({@code 02} is digit 1 = 0, digit 0 = 2). Digits print side by side while every
 * radix is at most 10, separated by dots otherwise ({@code 15.0.3}).
 */
final class Digits {
    private final int[] radix;
    private final int count;
    private final boolean dotted;

    Digits(int... radix) {
        this.radix = radix.clone();
        long product = 1;
        boolean wide = false;
        for (int r : radix) {
            product *= r;
            wide |= r > 10;
        }
        this.count = Math.toIntExact(product);
        this.dotted = wide;
    }

    static Digits uniform(int radix, int length) {
        int[] radices = new int[length];
        java.util.Arrays.fill(radices, radix);
        return new Digits(radices);
    }

    /** How many addresses there are. */
    int count() {
        return count;
    }

    int length() {
        return radix.length;
    }

    int radix(int digit) {
        return radix[digit];
    }

    int index(int[] digits) {
        int index = 0;
        for (int i = radix.length - 1; i >= 0; i--) {
            index = index * radix[i] + digits[i];
        }
        return index;
    }

    int[] digits(int index) {
        int[] digits = new int[radix.length];
        for (int i = 0; i < radix.length; i++) {
            digits[i] = index % radix[i];
            index /= radix[i];
        }
        return digits;
    }

    String format(int[] digits) {
        StringBuilder name = new StringBuilder();
        for (int i = digits.length - 1; i >= 0; i--) {
            if (dotted && i < digits.length - 1) {
                name.append('.');
            }
            name.append(digits[i]);
        }
        return name.toString();
    }
}
