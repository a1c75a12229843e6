#!/usr/bin/env python3
"""gendata.py - write deterministic, semi-compressible text for the bzip2
benchmark.

    python3 bench/gendata.py MEGABYTES OUTFILE

Lines of pseudo-words drawn from a 6000-word vocabulary with Zipf-like
frequencies, mixed with numbers and punctuation: bzip2 -9 compresses it
about 5:1, and exercises every stage (sorting, Huffman, both directions).
The same arguments always give the same bytes (a fixed seed).
"""
import random
import sys


def vocabulary(rng, n):
    syll = ["ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "ze", "qua",
            "ber", "dor", "fen", "gil", "hum", "jor", "lin", "mor", "nix",
            "pel", "ras", "sul", "tor", "vin", "wex", "yal", "zun", "th",
            "st", "pr", "an", "el", "is", "on", "ur"]
    words = set()
    while len(words) < n:
        words.add("".join(rng.choice(syll) for _ in range(rng.randint(1, 4))))
    return sorted(words)


def generate(megabytes, path, seed=20250520):
    rng = random.Random(seed)
    words = vocabulary(rng, 6000)
    rng.shuffle(words)
    cum, total = [], 0.0
    for i in range(len(words)):
        total += 1.0 / (i + 1) ** 1.07
        cum.append(total)
    target = int(megabytes * 1024 * 1024)
    written = 0
    line_no = 0
    with open(path, "w") as f:
        while written < target:
            chunk = []
            for _ in range(2000):
                line_no += 1
                ws = rng.choices(words, cum_weights=cum, k=rng.randint(4, 16))
                if rng.random() < 0.3:
                    ws.insert(rng.randrange(len(ws)), str(rng.randrange(100000)))
                end = rng.choice(".,;:!?.")
                chunk.append("%06d %s%s\n" % (line_no % 1000000, " ".join(ws), end))
            s = "".join(chunk)
            if written + len(s) > target:
                s = s[:target - written]
            f.write(s)
            written += len(s)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: gendata.py MEGABYTES OUTFILE")
    generate(float(sys.argv[1]), sys.argv[2])
