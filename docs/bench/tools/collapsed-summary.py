#!/usr/bin/env python3
"""Sums async-profiler's collapsed stacks by what the CPU was doing, as docs/perf.md quotes them.

    docs/bench/tools/collapsed-summary.py FILE.collapsed [FILE.collapsed ...]

Each input line is a stack (frames joined by ';') and its sample count, as written by the agent's
`collapsed` output (docs/perf.md, "How to profile"). A stack goes to the first category whose test
matches any of its frames, in the order below; the rest is "other", named by its first frame.
"""
import collections
import sys

CATEGORIES = [
    ("C2 compiler", lambda f: "C2Compiler" in f),
    ("C1 compiler", lambda f: "Compiler::compile_method" in f),
    ("other JIT work", lambda f: "CompileBroker" in f),
    ("SHA-256", lambda f: "SHA2" in f or "DigestBase" in f),
    ("picocli model", lambda f: "RobberCli.commandLine" in f),
    ("page-cache writes (FileChannel.write)", lambda f: "FileChannelImpl.write" in f),
    ("zero-copy sends (FileChannel.transferTo)", lambda f: "FileChannelImpl.transferTo" in f),
    ("direct buffer allocation", lambda f: "allocateDirectBuffer" in f),
    ("socket writes (kernel)", lambda f: "tcp_sendmsg" in f),
    ("socket reads (kernel)", lambda f: "tcp_recvmsg" in f),
    ("Netty, Java", lambda f: f.startswith("io/netty")),
    ("main thread, other", lambda f: "RobberCli.main" in f),
]


def category(frames):
    for name, test in CATEGORIES:
        if any(test(f) for f in frames):
            return name
    return "other: " + (frames[0] if frames else "?")


def main(paths):
    samples = collections.Counter()
    for path in paths:
        with open(path) as lines:
            for line in lines:
                stack, _, count = line.rstrip("\n").rpartition(" ")
                if stack:
                    samples[category(stack.split(";"))] += int(count)
    total = sum(samples.values())
    print(f"{total} samples")
    for name, count in samples.most_common(20):
        print(f"{100 * count / total:5.1f} % {count:7d}  {name}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
