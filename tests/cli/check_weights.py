#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""rope-cli weights against an independent reading of the same files.

Usage: check_weights.py ROPE_CLI MODEL_DIR

Parses MODEL_DIR/model.safetensors itself (struct: 8-byte little-endian length, JSON header,
BF16/F16/F32 data), takes the pair rows from the config (rotate_half: rows i and i + R/2 of each
head; R = head_dim here) and computes every pair's Frobenius norm with math.fsum, then requires
the command's JSON to agree to 1e-12 relative and to have the contract's shape. Also requires
exit status 2 and a message for a folder without a model. Pure Python, no NumPy needed.
"""
import json
import math
import os
import struct
import subprocess
import sys
import tempfile


def read_tensors(path):
    with open(path, "rb") as f:
        data = f.read()
    (n,) = struct.unpack_from("<Q", data, 0)
    header = json.loads(data[8:8 + n])
    base = 8 + n
    out = {}
    for name, t in header.items():
        if name == "__metadata__":
            continue
        b, e = t["data_offsets"]
        raw = data[base + b:base + e]
        if t["dtype"] == "F32":
            vals = struct.unpack("<%df" % (len(raw) // 4), raw)
        elif t["dtype"] == "BF16":
            bits = struct.unpack("<%dH" % (len(raw) // 2), raw)
            vals = [struct.unpack("<f", struct.pack("<I", x << 16))[0] for x in bits]
        elif t["dtype"] == "F16":
            vals = struct.unpack("<%de" % (len(raw) // 2), raw)
        else:
            continue
        out[name] = (t["shape"], vals)
    return out


def main():
    cli, folder = sys.argv[1], sys.argv[2]
    config = json.load(open(os.path.join(folder, "config.json")))
    heads, kv = config["num_attention_heads"], config["num_key_value_heads"]
    hd = config["head_dim"]
    rotary = hd
    pairs = rotary // 2
    tensors = read_tensors(os.path.join(folder, "model.safetensors"))

    run = subprocess.run([cli, "weights", "--model", folder], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit("rope-cli weights failed: " + run.stderr)
    got = json.loads(run.stdout)
    assert got["rotary_dim"] == rotary, got["rotary_dim"]
    assert got["layout"] == "half", got["layout"]
    assert len(got["layers"]) == config["num_hidden_layers"]

    def norms(name, nheads):
        (rows, cols), vals = tensors[name]
        assert rows == nheads * hd
        out = []
        for h in range(nheads):
            row = []
            for i in range(pairs):
                r1, r2 = h * hd + i, h * hd + i + rotary // 2
                row.append(math.sqrt(math.fsum(v * v for v in vals[r1 * cols:(r1 + 1) * cols]) +
                                     math.fsum(v * v for v in vals[r2 * cols:(r2 + 1) * cols])))
            out.append(row)
        return out

    worst = 0.0
    for layer in got["layers"]:
        i = layer["index"]
        for key, proj, n in (("q", "q_proj", heads), ("k", "k_proj", kv)):
            want = norms("model.layers.%d.self_attn.%s.weight" % (i, proj), n)
            assert len(layer[key]) == n, (i, key)
            for a_row, b_row in zip(layer[key], want):
                assert len(a_row) == pairs
                for a, b in zip(a_row, b_row):
                    worst = max(worst, abs(a - b) / b)
    assert worst < 1e-12, worst

    with tempfile.TemporaryDirectory() as empty:
        bad = subprocess.run([cli, "weights", "--model", empty], capture_output=True, text=True)
        assert bad.returncode == 2, bad.returncode
        assert "config.json" in bad.stderr, bad.stderr
    print("ok: %d layers, largest relative difference %.3g" % (len(got["layers"]), worst))


if __name__ == "__main__":
    main()
