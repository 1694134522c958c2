package io.robber.emulation.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RuntimeThreadsTest {

    @Test
    void theCoresAreSplitBetweenEventLoopsAndStorage() {
        assertThat(RuntimeThreads.forCores(1)).isEqualTo(new RuntimeThreads(1, 1));
        assertThat(RuntimeThreads.forCores(2)).isEqualTo(new RuntimeThreads(1, 1));
        assertThat(RuntimeThreads.forCores(3)).isEqualTo(new RuntimeThreads(1, 2));
        assertThat(RuntimeThreads.forCores(8)).isEqualTo(new RuntimeThreads(4, 4));
        RuntimeThreads here = RuntimeThreads.ofThisMachine();
        assertThat(here.io() + here.storage()).isLessThanOrEqualTo(Math.max(2, Runtime.getRuntime().availableProcessors()));
    }

    @Test
    void eachKindNeedsAThread() {
        assertThatThrownBy(() -> new RuntimeThreads(0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RuntimeThreads(1, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
