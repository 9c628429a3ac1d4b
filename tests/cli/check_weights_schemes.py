#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""rope-cli weights on each naming scheme, against an independent pure-Python reading.

Usage: check_weights_schemes.py ROPE_CLI

Writes small model folders with seeded random weights into a temporary directory, one per
naming scheme, and computes every pair norm itself from the rows the published code uses:

- GPT-NeoX / Pythia (transformers' modeling_gpt_neox.py): query_key_value's output is viewed as
  [heads, 3 * head_size] and q, k, v are the three head_size blocks of each head; only the first
  int(head_size * rotary_pct) components rotate, with rotate_half (pair i = components i and
  i + R/2).
- Mistral's consolidated.safetensors (mistral-inference's rope.py): x.reshape(..., -1, 2) viewed
  as complex, so pair i of a head = components 2i and 2i + 1; params.json gives the shapes. The
  same weights are also written the way transformers' convert_mistral_weights_to_hf.py does
  (permute_for_rope: view(heads, hd/2, 2, dim).transpose(1, 2)) with a config.json: the probe
  must report the same norms for both folders.
- Phi-3's fused qkv_proj: rows q (heads * hd), then k (kv * hd), then v.
- Falcon's query_key_value in its three layouts (see check_falcon).
- A Llama-style model split over two shards with model.safetensors.index.json.

Each check requires the command's norms to agree to 1e-12 relative. Pure Python, no NumPy.
"""
import json
import math
import os
import random
import struct
import subprocess
import sys
import tempfile


def bf16_round(x):
    """x rounded down to a bfloat16 value (the upper 16 bits of its binary32)."""
    (bits,) = struct.unpack("<I", struct.pack("<f", x))
    return struct.unpack("<f", struct.pack("<I", bits & 0xFFFF0000))[0]


def write_safetensors(path, tensors):
    """tensors: list of (name, dtype, shape, flat values); dtype F32 or BF16."""
    header = {}
    blobs = []
    offset = 0
    for name, dtype, shape, values in tensors:
        if dtype == "F32":
            blob = struct.pack("<%df" % len(values), *values)
        else:
            blob = b"".join(struct.pack("<I", struct.unpack("<I", struct.pack("<f", v))[0])[2:]
                            for v in values)
        header[name] = {"dtype": dtype, "shape": shape,
                        "data_offsets": [offset, offset + len(blob)]}
        blobs.append(blob)
        offset += len(blob)
    text = json.dumps(header).encode()
    text += b" " * ((8 - len(text) % 8) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        for blob in blobs:
            f.write(blob)


def matrix(rng, rows, cols, dtype="F32"):
    # Rows of different scales, so a wrong row choice changes the norms.
    vals = []
    for r in range(rows):
        scale = 0.1 + (r * 7 % 13) / 4.0
        for _ in range(cols):
            v = struct.unpack("<f", struct.pack("<f", rng.gauss(0.0, scale)))[0]
            vals.append(bf16_round(v) if dtype == "BF16" else v)
    return vals


def row_norm2(vals, cols, r):
    return math.fsum(v * v for v in vals[r * cols:(r + 1) * cols])


def pair_norms(vals, cols, first_rows, pairs, pair_rows):
    """[[‖rows first + pair_rows(i)‖_F for i] for first in first_rows]."""
    out = []
    for first in first_rows:
        row = []
        for i in range(pairs):
            r1, r2 = pair_rows(i)
            row.append(math.sqrt(row_norm2(vals, cols, first + r1) +
                                 row_norm2(vals, cols, first + r2)))
        out.append(row)
    return out


def run(cli, folder):
    done = subprocess.run([cli, "weights", "--model", folder], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit("rope-cli weights --model %s failed (%d): %s" % (folder, done.returncode,
                                                                   done.stderr))
    return json.loads(done.stdout), done.stderr


def compare(label, got, want_q, want_k):
    worst = 0.0
    assert len(got["layers"]) == len(want_q), (label, len(got["layers"]))
    for layer, wq, wk in zip(got["layers"], want_q, want_k):
        for key, want in (("q", wq), ("k", wk)):
            assert len(layer[key]) == len(want), (label, layer["index"], key)
            for a_row, b_row in zip(layer[key], want):
                assert len(a_row) == len(b_row), (label, key, len(a_row), len(b_row))
                for a, b in zip(a_row, b_row):
                    worst = max(worst, abs(a - b) / b)
    assert worst < 1e-12, (label, worst)
    print("ok %s: %d layers, largest relative difference %.3g" % (label, len(want_q), worst))


def check_neox(cli, root):
    rng = random.Random(2412)
    heads, hd, layers, pct = 4, 32, 2, 0.25
    hidden = heads * hd
    rotary = int(hd * pct)
    pairs = rotary // 2
    folder = os.path.join(root, "neox")
    os.mkdir(folder)
    json.dump({"model_type": "gpt_neox", "architectures": ["GPTNeoXForCausalLM"],
               "hidden_size": hidden, "num_attention_heads": heads, "num_hidden_layers": layers,
               "rotary_pct": pct, "rotary_emb_base": 10000, "max_position_embeddings": 2048,
               "intermediate_size": 4 * hidden},
              open(os.path.join(folder, "config.json"), "w"))
    tensors, want_q, want_k = [], [], []
    for l in range(layers):
        w = matrix(rng, 3 * hidden, hidden)
        name = "gpt_neox.layers.%d.attention." % l
        tensors.append((name + "query_key_value.weight", "F32", [3 * hidden, hidden], w))
        tensors.append((name + "query_key_value.bias", "F32", [3 * hidden],
                        [rng.random() for _ in range(3 * hidden)]))
        tensors.append((name + "dense.weight", "F32", [hidden, hidden], matrix(rng, hidden, hidden)))
        half = lambda i: (i, i + rotary // 2)
        want_q.append(pair_norms(w, hidden, [3 * hd * h for h in range(heads)], pairs, half))
        want_k.append(pair_norms(w, hidden, [3 * hd * h + hd for h in range(heads)], pairs, half))
    write_safetensors(os.path.join(folder, "model.safetensors"), tensors)
    got, _ = run(cli, folder)
    assert got["rotary_dim"] == rotary and got["layout"] == "half", (got["rotary_dim"],
                                                                    got["layout"])
    assert got["naming"] == "query_key_value" and got["prefix"] == "gpt_neox.", got["naming"]
    assert got["num_key_value_heads"] == heads and got["base"] == 10000
    compare("gpt-neox query_key_value (rotary_pct 0.25)", got, want_q, want_k)


def check_mistral(cli, root):
    rng = random.Random(7)
    heads, kv, hd, layers, dim = 6, 2, 16, 2, 96
    pairs = hd // 2
    consolidated = os.path.join(root, "mistral")
    hf = os.path.join(root, "mistral-hf")
    os.mkdir(consolidated)
    os.mkdir(hf)
    params = {"dim": dim, "n_layers": layers, "head_dim": hd, "hidden_dim": 256, "n_heads": heads,
              "n_kv_heads": kv, "norm_eps": 1e-5, "vocab_size": 100, "rope_theta": 1000000.0}
    json.dump(params, open(os.path.join(consolidated, "params.json"), "w"))
    json.dump({"model_type": "mistral", "architectures": ["MistralForCausalLM"],
               "hidden_size": dim, "head_dim": hd, "num_attention_heads": heads,
               "num_key_value_heads": kv, "num_hidden_layers": layers, "rope_theta": 1000000.0,
               "max_position_embeddings": 32768, "intermediate_size": 256},
              open(os.path.join(hf, "config.json"), "w"))

    def permute_for_rope(vals, n_heads, rows, cols):
        # transformers: view(n_heads, rows // n_heads // 2, 2, cols).transpose(1, 2).reshape.
        half = rows // n_heads // 2
        out = [0.0] * len(vals)
        for h in range(n_heads):
            for j in range(half):
                for t in range(2):
                    src = (h * half + j) * 2 + t
                    dst = (h * 2 + t) * half + j
                    out[dst * cols:(dst + 1) * cols] = vals[src * cols:(src + 1) * cols]
        return out

    tensors, hf_tensors, want_q, want_k = [], [], [], []
    tensors.append(("tok_embeddings.weight", "BF16", [100, dim], matrix(rng, 100, dim, "BF16")))
    interleaved = lambda i: (2 * i, 2 * i + 1)
    for l in range(layers):
        wq = matrix(rng, heads * hd, dim, "BF16")
        wk = matrix(rng, kv * hd, dim, "BF16")
        name = "layers.%d.attention." % l
        tensors += [(name + "wq.weight", "BF16", [heads * hd, dim], wq),
                    (name + "wk.weight", "BF16", [kv * hd, dim], wk),
                    (name + "wv.weight", "BF16", [kv * hd, dim], matrix(rng, kv * hd, dim, "BF16"))]
        hf_name = "model.layers.%d.self_attn." % l
        hf_tensors += [(hf_name + "q_proj.weight", "BF16", [heads * hd, dim],
                        permute_for_rope(wq, heads, heads * hd, dim)),
                       (hf_name + "k_proj.weight", "BF16", [kv * hd, dim],
                        permute_for_rope(wk, kv, kv * hd, dim))]
        want_q.append(pair_norms(wq, dim, [h * hd for h in range(heads)], pairs, interleaved))
        want_k.append(pair_norms(wk, dim, [g * hd for g in range(kv)], pairs, interleaved))
    write_safetensors(os.path.join(consolidated, "consolidated.safetensors"), tensors)
    write_safetensors(os.path.join(hf, "model.safetensors"), hf_tensors)
    got, _ = run(cli, consolidated)
    assert got["layout"] == "interleaved" and got["naming"] == "wq/wk", (got["layout"],
                                                                         got["naming"])
    assert got["rotary_dim"] == hd and got["base"] == 1e6 and got["prefix"] == ""
    compare("mistral consolidated wq/wk (interleaved)", got, want_q, want_k)
    converted, _ = run(cli, hf)
    assert converted["layout"] == "half" and converted["naming"] == "q_proj/k_proj"
    compare("the same weights after transformers' permute_for_rope (half)", converted, want_q,
            want_k)

    # Without rope_theta: mistral-inference's default 1e6, said on stderr.
    del params["rope_theta"]
    json.dump(params, open(os.path.join(consolidated, "params.json"), "w"))
    got, err = run(cli, consolidated)
    assert got["base"] == 1e6 and "rope_theta" in err, (got["base"], err)
    # A params.json without n_heads: exit 2 naming the field.
    del params["n_heads"]
    json.dump(params, open(os.path.join(consolidated, "params.json"), "w"))
    bad = subprocess.run([cli, "weights", "--model", consolidated], capture_output=True, text=True)
    assert bad.returncode == 2 and "n_heads" in bad.stderr, (bad.returncode, bad.stderr)


def check_phi3(cli, root):
    rng = random.Random(3)
    heads, kv, hd, layers = 4, 2, 16, 3
    hidden = heads * hd
    pairs = hd // 2
    folder = os.path.join(root, "phi3")
    os.mkdir(folder)
    json.dump({"model_type": "phi3", "architectures": ["Phi3ForCausalLM"], "hidden_size": hidden,
               "num_attention_heads": heads, "num_key_value_heads": kv,
               "num_hidden_layers": layers, "rope_theta": 10000.0,
               "max_position_embeddings": 4096, "intermediate_size": 128},
              open(os.path.join(folder, "config.json"), "w"))
    tensors, want_q, want_k = [], [], []
    half = lambda i: (i, i + pairs)
    rows = (heads + 2 * kv) * hd
    for l in range(layers):
        w = matrix(rng, rows, hidden)
        tensors.append(("model.layers.%d.self_attn.qkv_proj.weight" % l, "F32", [rows, hidden], w))
        want_q.append(pair_norms(w, hidden, [h * hd for h in range(heads)], pairs, half))
        want_k.append(pair_norms(w, hidden, [heads * hd + g * hd for g in range(kv)], pairs, half))
    write_safetensors(os.path.join(folder, "model.safetensors"), tensors)
    got, _ = run(cli, folder)
    assert got["naming"] == "qkv_proj", got["naming"]
    compare("phi-3 qkv_proj (grouped-query)", got, want_q, want_k)


def check_falcon(cli, root):
    """Falcon's query_key_value in its three layouts (transformers' FalconAttention._split_heads):
    new_decoder_architecture views the output as [kv groups, heads/kv + 2, hd] (the group's
    query heads, then its k, then its v); multi_query as [heads + 2, hd]; otherwise as
    [heads, 3, hd]. Here each output row is sent to its (q or k) head by decomposing its index
    the way those views do; rotate_half pairs (i, i + hd/2)."""
    hd, layers, pairs = 16, 2, 8
    cases = (("grouped", {"new_decoder_architecture": True, "num_kv_heads": 2}, 8, 2, 40),
             ("multi-query", {"multi_query": True}, 4, 1, 7),
             ("per-head", {"multi_query": False}, 4, 4, 180))
    for label, extra, heads, kv, seed in cases:
        rng = random.Random(seed)
        hidden = heads * hd
        folder = os.path.join(root, "falcon-" + label)
        os.mkdir(folder)
        config = {"model_type": "falcon", "architectures": ["FalconForCausalLM"],
                  "hidden_size": hidden, "num_attention_heads": heads,
                  "num_hidden_layers": layers, "alibi": False, "rope_theta": 10000.0,
                  "max_position_embeddings": 2048, "parallel_attn": True, "bias": False}
        config.update(extra)
        json.dump(config, open(os.path.join(folder, "config.json"), "w"))
        rows = (heads + 2 * kv) * hd
        tensors, want_q, want_k = [], [], []
        for l in range(layers):
            w = matrix(rng, rows, hidden)
            tensors.append(("transformer.h.%d.self_attention.query_key_value.weight" % l, "F32",
                            [rows, hidden], w))
            q_first, k_first = {}, {}
            for r in range(0, rows, hd):  # the first row of each head-sized block
                if label == "grouped":
                    n = heads // kv
                    g, slot = r // ((n + 2) * hd), (r // hd) % (n + 2)
                    if slot < n:
                        q_first[g * n + slot] = r
                    elif slot == n:
                        k_first[g] = r
                elif label == "multi-query":
                    block = r // hd
                    if block < heads:
                        q_first[block] = r
                    elif block == heads:
                        k_first[0] = r
                else:
                    h, part = r // (3 * hd), (r // hd) % 3
                    if part == 0:
                        q_first[h] = r
                    elif part == 1:
                        k_first[h] = r
            half = lambda i: (i, i + pairs)
            want_q.append(pair_norms(w, hidden, [q_first[h] for h in range(heads)], pairs, half))
            want_k.append(pair_norms(w, hidden, [k_first[g] for g in range(kv)], pairs, half))
        write_safetensors(os.path.join(folder, "model.safetensors"), tensors)
        got, _ = run(cli, folder)
        assert got["num_key_value_heads"] == kv and got["prefix"] == "transformer.", got
        assert got["naming"] == "self_attention.query_key_value", got["naming"]
        compare("falcon query_key_value, " + label, got, want_q, want_k)


def check_sharded(cli, root):
    rng = random.Random(11)
    heads, kv, hd, layers = 4, 1, 16, 4
    hidden = heads * hd
    pairs = hd // 2
    folder = os.path.join(root, "sharded")
    os.mkdir(folder)
    json.dump({"model_type": "llama", "architectures": ["LlamaForCausalLM"], "hidden_size": hidden,
               "head_dim": hd, "num_attention_heads": heads, "num_key_value_heads": kv,
               "num_hidden_layers": layers, "rope_theta": 500000.0,
               "max_position_embeddings": 8192, "intermediate_size": 128},
              open(os.path.join(folder, "config.json"), "w"))
    shards = [[], []]
    weight_map = {}
    want_q, want_k = [], []
    half = lambda i: (i, i + pairs)
    for l in range(layers):
        q = matrix(rng, heads * hd, hidden)
        k = matrix(rng, kv * hd, hidden)
        # Layer 1's q and k in different shards, as real indexes do at shard boundaries.
        for j, (name, rows, vals) in enumerate(
                (("model.layers.%d.self_attn.q_proj.weight" % l, heads * hd, q),
                 ("model.layers.%d.self_attn.k_proj.weight" % l, kv * hd, k))):
            shard = 0 if l < 1 or (l == 1 and j == 0) else 1
            shards[shard].append((name, "F32", [rows, hidden], vals))
            weight_map[name] = "model-%05d-of-00002.safetensors" % (shard + 1)
        want_q.append(pair_norms(q, hidden, [h * hd for h in range(heads)], pairs, half))
        want_k.append(pair_norms(k, hidden, [g * hd for g in range(kv)], pairs, half))
    for s, tensors in enumerate(shards):
        write_safetensors(os.path.join(folder, "model-%05d-of-00002.safetensors" % (s + 1)),
                          tensors)
    json.dump({"metadata": {}, "weight_map": weight_map},
              open(os.path.join(folder, "model.safetensors.index.json"), "w"))
    got, _ = run(cli, folder)
    compare("llama sharded (index, q and k of layer 1 in different shards)", got, want_q, want_k)


def main():
    cli = sys.argv[1]
    with tempfile.TemporaryDirectory() as root:
        check_neox(cli, root)
        check_mistral(cli, root)
        check_phi3(cli, root)
        check_falcon(cli, root)
        check_sharded(cli, root)


if __name__ == "__main__":
    main()
