#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""rope-cli on GGUF files llama.cpp refuses: exit status 2 and one stderr message naming the key or
tensor.

Usage: check_gguf_bad_input.py ROPE_CLI

Writes each file with Python's struct module from the GGUF specification (ggml docs/gguf.md:
"GGUF", uint32 version 3, uint64 tensor count, uint64 key-value count, key-value pairs, tensor
infos, padding to 32, data), independently of the C++ reader and of the tests' C++ writer, then
runs `rope-cli freqs --gguf FILE` and requires exit 2 with the named key or tensor in stderr.
"""
import math
import os
import struct
import subprocess
import sys
import tempfile

U32, F32, STR, F64 = 4, 6, 8, 12


def string(s):
    b = s.encode()
    return struct.pack("<Q", len(b)) + b


def kv(key, vtype, payload):
    return string(key) + struct.pack("<I", vtype) + payload


def tensor_info(name, dims, ggml_type, offset):
    out = string(name) + struct.pack("<I", len(dims))
    for d in dims:
        out += struct.pack("<Q", d)
    return out + struct.pack("<IQ", ggml_type, offset)


def gguf(kvs, tensors=(), data=b""):
    out = b"GGUF" + struct.pack("<IQQ", 3, len(tensors), len(kvs)) + b"".join(kvs)
    out += b"".join(tensors)
    out += b"\0" * (-len(out) % 32)
    return out + data


def llama(freq_base_kv):
    return [
        kv("general.architecture", STR, string("llama")),
        kv("llama.context_length", U32, struct.pack("<I", 4096)),
        kv("llama.embedding_length", U32, struct.pack("<I", 4096)),
        kv("llama.attention.head_count", U32, struct.pack("<I", 32)),
        freq_base_kv,
    ]


GOOD_BASE = kv("llama.rope.freq_base", F32, struct.pack("<f", 10000.0))
CASES = [
    ("freq_base NaN", gguf(llama(kv("llama.rope.freq_base", F32, struct.pack("<f", math.nan)))),
     "llama.rope.freq_base"),
    ("freq_base -Inf", gguf(llama(kv("llama.rope.freq_base", F64, struct.pack("<d", -math.inf)))),
     "llama.rope.freq_base"),
    ("yarn_log_multiplier NaN", gguf(llama(GOOD_BASE) + [
        kv("llama.rope.scaling.type", STR, string("yarn")),
        kv("llama.rope.scaling.factor", F32, struct.pack("<f", 4.0)),
        kv("llama.rope.scaling.yarn_log_multiplier", F32, struct.pack("<f", math.nan))]),
     "llama.rope.scaling.yarn_log_multiplier"),
    # Two tensor infos named alike, each with its 64 F16 elements (128 bytes) present.
    ("duplicate tensor", gguf(llama(GOOD_BASE),
                              [tensor_info("blk.0.attn_k.weight", [64], 1, 0),
                               tensor_info("blk.0.attn_k.weight", [64], 1, 128)], b"\0" * 256),
     "blk.0.attn_k.weight"),
    # 2^32 · 2^31 = 2^63 elements: beyond int64.
    ("element count overflow", gguf(llama(GOOD_BASE),
                                    [tensor_info("token_embd.weight", [2**32, 2**31], 0, 0)]),
     "token_embd.weight"),
    # 2^62 F32 elements = 2^64 bytes: beyond 64 bits.
    ("byte size overflow", gguf(llama(GOOD_BASE), [tensor_info("output.weight", [2**62], 0, 0)]),
     "output.weight"),
    # 4096 F16 elements whose 8192 bytes the file does not hold.
    ("data beyond the file", gguf(llama(GOOD_BASE), [tensor_info("output.weight", [4096], 1, 0)]),
     "output.weight"),
]


def main():
    cli = sys.argv[1]
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for label, data, named in CASES:
            path = os.path.join(tmp, label.replace(" ", "-") + ".gguf")
            with open(path, "wb") as f:
                f.write(data)
            r = subprocess.run([cli, "freqs", "--gguf", path], capture_output=True, text=True)
            lines = [line for line in r.stderr.splitlines() if line.strip()]
            ok = r.returncode == 2 and named in r.stderr and len(lines) == 1 and not r.stdout
            print(("ok   " if ok else "FAIL ") + label + ": exit " + str(r.returncode) + ", " +
                  r.stderr.strip())
            failures += 0 if ok else 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
