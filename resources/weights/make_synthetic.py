#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the bundled synthetic model of the weights panel: synthetic/config.json and
synthetic/model.safetensors (BF16, little-endian), so the panel and its course step work
without downloading a model.

Structure (Llama layout: rotate_half pairs (i, i + R/2), R = head_dim = 32, 16 pairs, base 10000;
6 layers, 4 query heads, 2 key/value heads, hidden size 64):
  row r of a head's W_q or W_k belongs to pair i = r mod 16; its entries are N(0, 1/64) times
  s_i = 0.5 + 2.5 (i / 15)^3, so a pair's norm grows towards the lowest frequencies (large i),
  the pattern Barbero et al. 2024 (arXiv 2410.06205) report for Gemma 7B and Jin et al. 2025
  (arXiv 2502.01563) for the "massive values"; built to show that pattern, not measured (other
  models put a high-norm band elsewhere: Oka et al., ICLR 2026);
  in layers 0 and 1, query head 0 and key/value head 0 (its group) are a positional head: pairs
  0 and 1 (the two highest frequencies) get s = 3 instead.
A few other tensors (embedding, norms) are written too, as a real file has them.

Run: python3 resources/weights/make_synthetic.py   (NumPy; seed fixed, output byte-identical)
"""
import json
import os

import numpy as np

HIDDEN, HEADS, KV_HEADS, HEAD_DIM, LAYERS = 64, 4, 2, 32, 6
PAIRS = HEAD_DIM // 2


def pair_scale(layer, head):
    s = 0.5 + 2.5 * (np.arange(PAIRS) / (PAIRS - 1)) ** 3
    if layer < 2 and head == 0:
        s[0] = s[1] = 3.0
    return s


def projection(rng, layer, heads):
    w = rng.standard_normal((heads * HEAD_DIM, HIDDEN)) / np.sqrt(HIDDEN)
    for h in range(heads):
        s = pair_scale(layer, h)
        for r in range(HEAD_DIM):
            w[h * HEAD_DIM + r] *= s[r % PAIRS]  # rotate_half: rows i and i + 16 are pair i
    return w


def bf16_bytes(a):
    # Round to nearest even on the upper 16 bits of each binary32, as torch's .to(bfloat16).
    u = np.ascontiguousarray(a, dtype="<f4").view("<u4").astype(np.uint64)
    r = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype("<u2")
    return r.tobytes()


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = os.path.join(here, "synthetic")
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(20250203)
    tensors = [("model.embed_tokens.weight", rng.standard_normal((16, HIDDEN)))]
    for layer in range(LAYERS):
        p = f"model.layers.{layer}."
        tensors.append((p + "input_layernorm.weight", np.ones(HIDDEN)))
        tensors.append((p + "self_attn.q_proj.weight", projection(rng, layer, HEADS)))
        tensors.append((p + "self_attn.k_proj.weight", projection(rng, layer, KV_HEADS)))
    header, blobs, offset = {"__metadata__": {"format": "pt"}}, [], 0
    for name, a in tensors:
        b = bf16_bytes(a)
        header[name] = {"dtype": "BF16", "shape": list(a.shape),
                        "data_offsets": [offset, offset + len(b)]}
        blobs.append(b)
        offset += len(b)
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)  # the reference writer pads the header to 8 bytes
    with open(os.path.join(out, "model.safetensors"), "wb") as f:
        f.write(len(text).to_bytes(8, "little") + text + b"".join(blobs))
    config = {
        "_name_or_path": "rope-explorer/synthetic-6l",
        "architectures": ["LlamaForCausalLM"],
        "model_type": "llama",
        "hidden_size": HIDDEN,
        "num_attention_heads": HEADS,
        "num_key_value_heads": KV_HEADS,
        "head_dim": HEAD_DIM,
        "num_hidden_layers": LAYERS,
        "max_position_embeddings": 2048,
        "rope_theta": 10000.0,
        "vocab_size": 16,
    }
    with open(os.path.join(out, "config.json"), "w") as f:
        json.dump(config, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()
