#!/usr/bin/env python3
"""CPU seconds per thread name, summed over every `java` process whose command line contains PATTERN.

Polls /proc every 0.2 s for SECONDS and keeps each thread's last reading, so run it beside a push
(push-bench.sh) and give it the jar's path:  docs/bench/tools/thread-cpu.py /tmp/robber.jar 60
Threads of the sender (command line holds ' send ') and of receivers are reported apart.
"""
import collections
import os
import re
import sys
import time


def main(pattern, seconds):
    last = {}
    hz = os.sysconf('SC_CLK_TCK')
    end = time.time() + seconds
    while time.time() < end:
        for pid in filter(str.isdigit, os.listdir('/proc')):
            try:
                cmd = open(f'/proc/{pid}/cmdline', 'rb').read().split(b'\0')
                tids = os.listdir(f'/proc/{pid}/task')
            except OSError:
                continue
            if not cmd or b'java' not in cmd[0] or pattern.encode() not in b' '.join(cmd):
                continue
            role = 'sender' if b'send' in cmd else 'receiver'
            for tid in tids:
                try:
                    stat = open(f'/proc/{pid}/task/{tid}/stat').read()
                except OSError:
                    continue
                name = re.sub(r'[-#\d]+$', '', stat[stat.index('(') + 1:stat.rindex(')')]).strip()
                fields = stat[stat.rindex(')') + 2:].split()
                last[(pid, tid)] = (role, name, int(fields[11]) / hz, int(fields[12]) / hz)
        time.sleep(0.2)
    totals = collections.defaultdict(lambda: [0.0, 0.0])
    for role, name, user, system in last.values():
        totals[(role, name)][0] += user
        totals[(role, name)][1] += system
    for (role, name), (user, system) in sorted(totals.items(), key=lambda kv: -sum(kv[1])):
        if user + system >= 0.01:
            print(f'{role:9} {name:18} user {user:6.2f}  sys {system:6.2f}')
    print(f'total     user {sum(v[0] for v in totals.values()):.2f}  sys {sum(v[1] for v in totals.values()):.2f}')


if __name__ == '__main__':
    main(sys.argv[1], float(sys.argv[2]))
