package io.robber.datacast.topology;

import java.util.Arrays;

/**
 * Mixed-radix addresses, the way data-center papers name nodes: digit 0 is the least significant,
 * printed last ({@code 02} is digit 1 = 0, digit 0 = 2). Digits print side by side while every
 * radix is at most 10, separated by dots otherwise ({@code 15.0.3}).
 */
final class Digits {
    private final int[] radix;
    private final int[] weight;
    private final boolean dotted;

    Digits(int... radix) {
        this.radix = radix.clone();
        this.weight = new int[radix.length + 1];
        weight[0] = 1;
        boolean wide = false;
        for (int i = 0; i < radix.length; i++) {
            weight[i + 1] = Math.multiplyExact(weight[i], radix[i]);
            wide |= radix[i] > 10;
        }
        this.dotted = wide;
    }

    static Digits uniform(int radix, int length) {
        int[] radices = new int[length];
        Arrays.fill(radices, radix);
        return new Digits(radices);
    }

    /** How many addresses there are. */
    int count() {
        return weight[radix.length];
    }

    int length() {
        return radix.length;
    }

    int radix(int digit) {
        return radix[digit];
    }

    /** Digit {@code d} of the address with this index. */
    int digit(int index, int d) {
        return index / weight[d] % radix[d];
    }

    /** The index of the address equal to {@code index}'s but with digit {@code d} set to {@code value}. */
    int withDigit(int index, int d, int value) {
        return index + (value - digit(index, d)) * weight[d];
    }

    /** The index, among the addresses without digit {@code d}, of {@code index}'s address with digit d removed. */
    int without(int index, int d) {
        return index / weight[d + 1] * weight[d] + index % weight[d];
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
