#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""PyTorch cross-check of core/train (issue 36).

For each position scheme, runs the C++ dump (tests/core/reference/train_reference_dump.cpp,
target `train_reference_dump`), which writes the initial weights, one batch, the loss and the
gradient at those weights and the loss on that batch after each of 20 AdamW steps, all in double.
This script rebuilds the same model in PyTorch from the published formulas (written here
independently of the C++ code: RMSNorm, causal softmax attention, RoPE by pairs, ALiBi's
`get_slopes`, T5's `_relative_position_bucket`, the sinusoidal table, GELU tanh), loads the same
weights, and asserts in float64:
  * the same loss, and every gradient entry, to 1e-5 relative (per tensor: max |Δ| ≤ 1e-5·max|g|);
  * the same loss after each of 20 AdamW steps (torch.optim.AdamW, global-norm clipping
    g ← g·min(1, c/‖g‖)) to 1e-5 relative.

Usage:
    cmake --build build --target train_reference_dump
    python3 tests/core/reference/train_torch_check.py build/tests/train_reference_dump
    python3 tests/core/reference/train_torch_check.py --bench   # PyTorch step time, race model

Needs python3-torch (Debian); not part of the normal test suite.
"""
import json
import math
import os
import subprocess
import sys
import tempfile
import time

import torch

SCHEMES = ["nope", "learned", "sinusoidal", "rope", "alibi", "t5", "p-rope"]
TOL = 1e-5


def alibi_slopes(n):
    # Press et al. 2021, reference code get_slopes.
    def power_of_2(n):
        start = 2 ** (-(2 ** -(math.log2(n) - 3)))
        return [start * start ** i for i in range(n)]
    if math.log2(n).is_integer():
        return power_of_2(n)
    c = 2 ** math.floor(math.log2(n))
    return power_of_2(c) + alibi_slopes(2 * c)[0::2][: n - c]


def t5_bucket(relative_position, num_buckets, max_distance):
    # transformers T5Attention._relative_position_bucket, bidirectional=False.
    relative_position = -torch.min(relative_position, torch.zeros_like(relative_position))
    max_exact = num_buckets // 2
    is_small = relative_position < max_exact
    large = max_exact + (
        torch.log(relative_position.float() / max_exact)
        / math.log(max_distance / max_exact)
        * (num_buckets - max_exact)
    ).to(torch.long)
    large = torch.min(large, torch.full_like(large, num_buckets - 1))
    return torch.where(is_small, relative_position, large)


def rms_norm(x, g, eps=1e-5):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * g


def rope_rotate(x, inv_freq):
    # x: (B, H, T, hs); pairs (2i, 2i+1) turn by t·θ_i (RoFormer eq. 34); coordinates past 2P
    # pass through.
    t = torch.arange(x.shape[2], dtype=torch.float64)
    angles = t[:, None] * inv_freq[None, :]  # (T, P)
    cos, sin = torch.cos(angles).to(x.dtype), torch.sin(angles).to(x.dtype)
    r = 2 * inv_freq.shape[0]
    a = x[..., 0:r:2]
    b = x[..., 1:r:2]
    out = x.clone()
    out[..., 0:r:2] = a * cos - b * sin
    out[..., 1:r:2] = a * sin + b * cos
    return out


def forward(cfg, p, tokens, targets):
    scheme = cfg["scheme"]
    B, T = tokens.shape
    C, H = cfg["d_model"], cfg["heads"]
    hs = C // H
    x = p["model.embed_tokens.weight"][tokens]
    if scheme == "learned":
        x = x + p["model.embed_positions.weight"][:T]
    if scheme == "sinusoidal":
        t = torch.arange(T, dtype=torch.float64)[:, None]
        i = torch.arange(C // 2, dtype=torch.float64)[None, :]
        angle = t / cfg["base"] ** (2 * i / C)
        pe = torch.zeros(T, C, dtype=torch.float64)
        pe[:, 0::2] = torch.sin(angle)
        pe[:, 1::2] = torch.cos(angle)
        x = x + pe
    inv_freq = None
    if scheme == "rope":
        inv_freq = 1.0 / cfg["base"] ** (torch.arange(0, hs, 2, dtype=torch.float64) / hs)
    if scheme == "p-rope":
        inv_freq = 1.0 / cfg["base"] ** (torch.arange(0, hs, 2, dtype=torch.float64) / hs)
        kept = math.floor(cfg["p"] * (hs // 2))
        inv_freq[kept:] = 0.0
    q_pos = torch.arange(T)[:, None]
    k_pos = torch.arange(T)[None, :]
    causal = k_pos <= q_pos
    bias = torch.zeros(H, T, T, dtype=torch.float64)
    if scheme == "alibi":
        slopes = torch.tensor(alibi_slopes(H), dtype=torch.float64)
        bias = -slopes[:, None, None] * (q_pos - k_pos).to(torch.float64)[None]
    if scheme == "t5":
        buckets = t5_bucket(k_pos - q_pos, cfg["t5_buckets"], cfg["t5_max_distance"])
        bias = p["model.relative_attention_bias.weight"][buckets].permute(2, 0, 1)
    for l in range(cfg["layers"]):
        pre = "model.layers.%d." % l
        h = rms_norm(x, p[pre + "input_layernorm.weight"])
        q = (h @ p[pre + "self_attn.q_proj.weight"].T).view(B, T, H, hs).transpose(1, 2)
        k = (h @ p[pre + "self_attn.k_proj.weight"].T).view(B, T, H, hs).transpose(1, 2)
        v = (h @ p[pre + "self_attn.v_proj.weight"].T).view(B, T, H, hs).transpose(1, 2)
        if inv_freq is not None:
            q = rope_rotate(q, inv_freq)
            k = rope_rotate(k, inv_freq)
        scores = q @ k.transpose(-1, -2) / math.sqrt(hs) + bias.to(q.dtype)[None]
        scores = scores.masked_fill(~causal, float("-inf"))
        att = torch.softmax(scores, dim=-1) @ v
        att = att.transpose(1, 2).reshape(B, T, C)
        x = x + att @ p[pre + "self_attn.o_proj.weight"].T
        if pre + "mlp.up_proj.weight" in p:
            h2 = rms_norm(x, p[pre + "post_attention_layernorm.weight"])
            up = torch.nn.functional.gelu(h2 @ p[pre + "mlp.up_proj.weight"].T, approximate="tanh")
            x = x + up @ p[pre + "mlp.down_proj.weight"].T
    x = rms_norm(x, p["model.norm.weight"])
    logits = x @ p["lm_head.weight"].T
    return torch.nn.functional.cross_entropy(
        logits.reshape(B * T, -1), targets.reshape(-1), ignore_index=-1)


def load(path):
    with open(path) as f:
        cfg = json.load(f)
    flat = torch.tensor(cfg["params"], dtype=torch.float64)
    grad = torch.tensor(cfg["grad"], dtype=torch.float64)
    params, grads, decay = {}, {}, {}
    for t in cfg["tensors"]:
        n = math.prod(t["shape"])
        params[t["name"]] = flat[t["offset"]:t["offset"] + n].reshape(t["shape"]).clone()
        params[t["name"]].requires_grad_(True)
        grads[t["name"]] = grad[t["offset"]:t["offset"] + n].reshape(t["shape"])
        decay[t["name"]] = t["decay"]
    B, T = cfg["batch"], cfg["length"]
    tokens = torch.tensor(cfg["tokens"], dtype=torch.long).view(B, T)
    targets = torch.tensor(cfg["targets"], dtype=torch.long).view(B, T)
    return cfg, params, grads, decay, tokens, targets


def check(dump, scheme, workdir):
    path = os.path.join(workdir, scheme + ".json")
    subprocess.run([dump, scheme, path], check=True)
    cfg, p, cpp_grads, decay, tokens, targets = load(path)
    loss = forward(cfg, p, tokens, targets)
    loss.backward()
    worst_grad = 0.0
    for name, param in p.items():
        ref = param.grad
        scale = ref.abs().max().item()
        diff = (ref - cpp_grads[name]).abs().max().item()
        rel = diff / max(scale, 1e-300)
        worst_grad = max(worst_grad, rel)
        assert rel <= TOL, "%s: gradient of %s differs: max |Δ| %.3g, max |g| %.3g" % (
            scheme, name, diff, scale)
    loss0_rel = abs(loss.item() - cfg["losses"][0]) / abs(loss.item())
    assert loss0_rel <= TOL, "%s: loss %r vs C++ %r" % (scheme, loss.item(), cfg["losses"][0])

    # 20 AdamW steps on the same batch, with the same clipping rule.
    groups = [
        {"params": [t for n, t in p.items() if decay[n]], "weight_decay": cfg["weight_decay"]},
        {"params": [t for n, t in p.items() if not decay[n]], "weight_decay": 0.0},
    ]
    opt = torch.optim.AdamW(groups, lr=cfg["lr"], betas=(cfg["beta1"], cfg["beta2"]),
                            eps=cfg["eps"])
    worst_loss = loss0_rel
    for step in range(1, len(cfg["losses"])):
        with torch.no_grad():
            norm = math.sqrt(sum(float((t.grad ** 2).sum()) for t in p.values()))
            if cfg["clip"] > 0 and norm > cfg["clip"]:
                for t in p.values():
                    t.grad.mul_(cfg["clip"] / norm)
        opt.step()
        opt.zero_grad()
        loss = forward(cfg, p, tokens, targets)
        loss.backward()
        rel = abs(loss.item() - cfg["losses"][step]) / abs(loss.item())
        worst_loss = max(worst_loss, rel)
        assert rel <= TOL, "%s: loss after step %d: torch %r, C++ %r" % (
            scheme, step, loss.item(), cfg["losses"][step])
    print("%-10s loss %.6f -> %.6f after %d AdamW steps; worst relative difference: gradient "
          "%.2e, loss %.2e" % (scheme, cfg["losses"][0], cfg["losses"][-1],
                               len(cfg["losses"]) - 1, worst_grad, worst_loss))


def bench():
    # The default race model of rope-cli train (2 layers, d_model 64, 4 heads, MLP, length 64,
    # batch 32, vocab 16, RoPE), float32, one forward + backward + AdamW step per iteration.
    torch.manual_seed(0)
    C, H, L, T, B, V = 64, 4, 2, 64, 32, 16
    cfg = {"scheme": "rope", "d_model": C, "heads": H, "layers": L, "base": 10000.0}
    shapes = {"model.embed_tokens.weight": (V, C), "model.norm.weight": (C,),
              "lm_head.weight": (V, C)}
    for l in range(L):
        pre = "model.layers.%d." % l
        shapes.update({pre + "input_layernorm.weight": (C,),
                       pre + "post_attention_layernorm.weight": (C,),
                       pre + "self_attn.q_proj.weight": (C, C),
                       pre + "self_attn.k_proj.weight": (C, C),
                       pre + "self_attn.v_proj.weight": (C, C),
                       pre + "self_attn.o_proj.weight": (C, C),
                       pre + "mlp.up_proj.weight": (4 * C, C),
                       pre + "mlp.down_proj.weight": (C, 4 * C)})
    for threads in (1, 2):
        torch.set_num_threads(threads)
        p = {n: (torch.randn(s, dtype=torch.float32) * 0.1).requires_grad_(True)
             for n, s in shapes.items()}
        opt = torch.optim.AdamW(list(p.values()), lr=3e-3)
        tokens = torch.randint(0, V, (B, T))
        targets = torch.roll(tokens, 4, dims=1)
        targets[:, :4] = -1
        for _ in range(3):
            forward(cfg, p, tokens, targets).backward()
            opt.step()
            opt.zero_grad()
        n = 20
        start = time.perf_counter()
        cpu = time.process_time()
        for _ in range(n):
            forward(cfg, p, tokens, targets).backward()
            opt.step()
            opt.zero_grad()
        wall = time.perf_counter() - start
        print("torch %s, float32, %d thread(s): %.1f ms wall, %.1f ms CPU per step, "
              "%.2f steps/s" % (torch.__version__, threads, 1000 * wall / n,
                                1000 * (time.process_time() - cpu) / n, n / wall))


def main():
    if len(sys.argv) == 2 and sys.argv[1] == "--bench":
        bench()
        return 0
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    torch.set_default_dtype(torch.float64)
    with tempfile.TemporaryDirectory() as workdir:
        for scheme in SCHEMES:
            check(sys.argv[1], scheme, workdir)
    print("train_torch_check: all %d schemes agree with PyTorch to %.0e" % (len(SCHEMES), TOL))
    return 0


if __name__ == "__main__":
    sys.exit(main())
