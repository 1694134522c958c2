package io.robber.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.SplittableRandom;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The hand-written HMAC gives RFC 4231's answers and the JDK's {@code Mac}'s, for keys of every length. */
class HmacSha256Test {

    @ParameterizedTest(name = "RFC 4231 test case {0}")
    @CsvSource({
        "1, 0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b, 4869205468657265,"
                + " b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
        "2, 4a656665, 7768617420646f2079612077616e7420666f72206e6f7468696e673f,"
                + " 5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
        "3, aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa,"
                + " dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd,"
                + " 773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"})
    void rfc4231(int testCase, String key, String data, String mac) {
        HexFormat hex = HexFormat.of();
        assertThat(hex.formatHex(HmacSha256.mac(hex.parseHex(key), hex.parseHex(data)))).isEqualTo(mac);
    }

    @Test
    void rfc4231KeyLongerThanABlock() {
        byte[] key = new byte[131];
        Arrays.fill(key, (byte) 0xaa);
        byte[] data = "Test Using Larger Than Block-Size Key - Hash Key First".getBytes(StandardCharsets.US_ASCII);
        assertThat(HexFormat.of().formatHex(HmacSha256.mac(key, data)))
                .isEqualTo("60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
    }

    @Test
    void sameAsTheJdksMacForKeysOfEveryLengthAndDataInParts() throws Exception {
        SplittableRandom random = new SplittableRandom(4231);
        for (int keyLength = 1; keyLength <= 200; keyLength++) {
            byte[] key = new byte[keyLength];
            random.nextBytes(key);
            byte[] first = new byte[random.nextInt(300)];
            byte[] second = new byte[random.nextInt(300)];
            random.nextBytes(first);
            random.nextBytes(second);
            Mac jdk = Mac.getInstance("HmacSHA256");
            jdk.init(new SecretKeySpec(key, "HmacSHA256"));
            jdk.update(first);
            assertThat(HmacSha256.mac(key, first, second)).as("key of %d bytes", keyLength)
                    .isEqualTo(jdk.doFinal(second));
        }
    }

    @Test
    void theOneZeroByteKeyOfNoSecretIsTheEmptyKey() {
        byte[] data = {1, 2, 3};
        assertThat(HmacSha256.mac(new byte[] {0}, data)).isEqualTo(HmacSha256.mac(new byte[0], data));
    }
}
