#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Golden values for tst_modern_rope: LongRoPE, p-RoPE, YaRN as shipped (gpt-oss), Llama 4's
llama3 scaling with low == high, M-RoPE axes and position ids, per-layer RoPE (Gemma 3, DeepSeek
softmax scale, Llama 4 query temperature) and dynamic NTK with a stale KV cache.

Written from Hugging Face transformers (5.x main branch as of late 2025, where the functions
below have the same body as in 4.5x unless noted), NOT from the C++ under test:
  * modeling_rope_utils.py: _compute_longrope_parameters, _compute_proportional_rope_parameters,
    _compute_yarn_parameters (truncate), _compute_llama3_parameters, _compute_dynamic_ntk_parameters;
  * models/qwen2_vl/modeling_qwen2_vl.py: apply_multimodal_rotary_pos_emb, Qwen2VLModel.get_rope_index;
  * models/qwen3_vl/modeling_qwen3_vl.py: Qwen3VLTextRotaryEmbedding.apply_interleaved_mrope,
    Qwen3VLModel.get_rope_index (video grids repeated per frame with t = 1);
  * models/deepseek_v3/modeling_deepseek_v3.py: yarn_get_mscale, DeepseekV3Attention.__init__;
  * models/llama4/modeling_llama4.py: Llama4TextAttention.forward (attn_scales);
  * models/gemma3/configuration_gemma3.py: layer_types from sliding_window_pattern.
Torch float32 tensors are replaced by NumPy float64 so the values carry only double rounding.
The Phi-3.5 factor lists are read from resources/presets/phi-3.5-mini-instruct.json (the published
config.json), so the script and the preset cannot drift apart.

Run:  /usr/bin/python3 tests/core/reference/modern_reference.py
It rewrites tests/core/reference/modern_reference.h next to this script. Commit both.
"""

import json
import math
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))


def default_inv_freq(base, dim):
    # _compute_default_rope_parameters: 1 / base ** (arange(0, dim, 2) / dim)
    return 1.0 / (base ** (np.arange(0, dim, 2, dtype=np.int64).astype(np.float64) / dim))


def longrope(base, dim, short_factor, long_factor, max_pos, original_max_pos, seq_len):
    # _compute_longrope_parameters: factor = max_position_embeddings / original (no explicit factor)
    factor = max_pos / original_max_pos
    if factor <= 1.0:
        attention_factor = 1.0
    else:
        attention_factor = math.sqrt(1 + math.log(factor) / math.log(original_max_pos))
    if seq_len and seq_len > original_max_pos:
        ext_factors = np.array(long_factor, dtype=np.float64)
    else:
        ext_factors = np.array(short_factor, dtype=np.float64)
    inv_freq_shape = np.arange(0, dim, 2, dtype=np.int64).astype(np.float64) / dim
    inv_freq = 1.0 / (ext_factors * base ** inv_freq_shape)
    return inv_freq, attention_factor


def proportional(base, head_dim, rope_proportion, factor):
    # _compute_proportional_rope_parameters (transformers 5.x, Gemma 4)
    rope_angles = int(rope_proportion * head_dim // 2)
    inv_freq_rotated = 1.0 / (base ** (np.arange(0, 2 * rope_angles, 2, dtype=np.int64).astype(np.float64) / head_dim))
    nope_angles = head_dim // 2 - rope_angles
    if nope_angles > 0:
        inv_freq = np.concatenate([inv_freq_rotated, np.zeros(nope_angles)])
    else:
        inv_freq = inv_freq_rotated
    return inv_freq / factor, 1.0


def get_mscale(scale, mscale=1.0):
    # _compute_yarn_parameters.get_mscale == deepseek_v3 yarn_get_mscale
    if scale <= 1:
        return 1.0
    return 0.1 * mscale * math.log(scale) + 1.0


def yarn(base, dim, factor, original_max_pos, beta_fast, beta_slow, truncate, mscale=None, mscale_all_dim=None):
    # _compute_yarn_parameters
    if mscale and mscale_all_dim:
        attention_factor = float(get_mscale(factor, mscale) / get_mscale(factor, mscale_all_dim))
    else:
        attention_factor = get_mscale(factor)

    def find_correction_dim(num_rotations):
        return (dim * math.log(original_max_pos / (num_rotations * 2 * math.pi))) / (2 * math.log(base))

    low = find_correction_dim(beta_fast)
    high = find_correction_dim(beta_slow)
    if truncate:
        low = math.floor(low)
        high = math.ceil(high)
    low, high = max(low, 0), min(high, dim - 1)
    if low == high:
        high += 0.001
    ramp = np.clip((np.arange(dim // 2, dtype=np.float64) - low) / (high - low), 0, 1)
    pos_freqs = base ** (np.arange(0, dim, 2).astype(np.float64) / dim)
    extrapolation = 1.0 / pos_freqs
    interpolation = 1.0 / (factor * pos_freqs)
    extrapolation_factor = 1 - ramp
    return interpolation * (1 - extrapolation_factor) + extrapolation * extrapolation_factor, attention_factor


def llama3(base, dim, factor, low_freq_factor, high_freq_factor, old_context_len):
    # _compute_llama3_parameters. With low == high the smooth factor is x/0; NumPy gives inf/nan
    # there, but np.where only keeps it on the single wavelength L0/low, which no pair hits here
    # (asserted below).
    inv_freq = default_inv_freq(base, dim)
    low_freq_wavelen = old_context_len / low_freq_factor
    high_freq_wavelen = old_context_len / high_freq_factor
    wavelen = 2 * math.pi / inv_freq
    inv_freq_llama = np.where(wavelen > low_freq_wavelen, inv_freq / factor, inv_freq)
    with np.errstate(divide="ignore", invalid="ignore"):
        smooth = (old_context_len / wavelen - low_freq_factor) / (high_freq_factor - low_freq_factor)
        smoothed = (1 - smooth) * inv_freq_llama / factor + smooth * inv_freq_llama
    is_medium = ~(wavelen < high_freq_wavelen) * ~(wavelen > low_freq_wavelen)
    assert low_freq_factor != high_freq_factor or not is_medium.any()
    return np.where(is_medium, smoothed, inv_freq_llama), 1.0


def dynamic(base, dim, factor, max_pos, seq_len):
    # _compute_dynamic_ntk_parameters with max_position_embeddings = L0
    seq_len = max(seq_len, max_pos)
    new_base = base * ((factor * seq_len / max_pos) - (factor - 1)) ** (dim / (dim - 2))
    return default_inv_freq(new_base, dim)


def mrope_axis_blocks(section):
    # apply_multimodal_rotary_pos_emb: cos (width 2·pairs) split by mrope_section * 2, chunk i
    # takes row i % 3; the first half of cos gives the pair's axis.
    chunks = section * 2
    axis = []
    for i, n in enumerate(chunks):
        axis += [i % 3] * n
    return axis[: sum(section)]


def mrope_axis_interleaved(section):
    # apply_interleaved_mrope: freqs_t = freqs[0]; freqs_t[..., offset:3*section[dim]:3] = freqs[dim]
    pairs = sum(section)
    axis = [0] * pairs
    for dim, offset in ((1, 1), (2, 2)):
        for j in range(offset, section[dim] * 3, 3):
            axis[j] = dim
    return axis


def rope_index(segments, split_frames):
    # get_rope_index for one sequence; segments: ("text", n) or ("vision", t, h, w).
    # Qwen3-VL (split_frames): video_grid_thw repeated per frame with t = 1.
    blocks = []
    for s in segments:
        if s[0] == "vision" and split_frames and s[1] > 1:
            blocks += [("vision", 1, s[2], s[3])] * s[1]
        else:
            blocks.append(s)
    rows = [[], [], []]
    st_idx = 0
    for b in blocks:
        if b[0] == "text":
            ids = np.arange(b[1]) + st_idx
            block = np.stack([ids, ids, ids])
        else:
            t, h, w = b[1], b[2], b[3]
            t_index = np.arange(t).reshape(-1, 1).repeat(h * w, axis=1).flatten()
            h_index = np.arange(h).reshape(1, -1, 1).repeat(t, axis=0).repeat(w, axis=2).flatten()
            w_index = np.arange(w).reshape(1, 1, -1).repeat(t, axis=0).repeat(h, axis=1).flatten()
            block = np.stack([t_index, h_index, w_index]) + st_idx
        for r in range(3):
            rows[r] += [int(v) for v in block[r]]
        st_idx = int(block.max()) + 1
    return rows


def cxx_double(x):
    r = repr(float(x))
    return r if ("." in r or "e" in r or "inf" in r or "nan" in r) else r + ".0"


def cxx_array(name, values, kind="double"):
    fmt = cxx_double if kind == "double" else str
    lines = ["inline const std::vector<%s>& %s() {" % ("double" if kind == "double" else "long long"
                                                      if kind == "ll" else "int", name),
             "    static const std::vector<%s> v = {" % ("double" if kind == "double" else "long long"
                                                         if kind == "ll" else "int")]
    for k in range(0, len(values), 6):
        lines.append("        " + ", ".join(fmt(v) for v in values[k:k + 6]) + ",")
    lines += ["    };", "    return v;", "}", ""]
    return lines


def main():
    with open(os.path.join(ROOT, "resources", "presets", "phi-3.5-mini-instruct.json"), encoding="utf-8") as f:
        phi = json.load(f)
    short_factor = phi["rope_scaling"]["short_factor"]
    long_factor = phi["rope_scaling"]["long_factor"]
    out = [
        "// SPDX-FileCopyrightText: 2026 RoPE Explorer authors",
        "// SPDX-License-Identifier: GPL-3.0-or-later",
        "// GENERATED by tests/core/reference/modern_reference.py (NumPy %s) from Hugging Face" % np.__version__,
        "// transformers' functions named there, in float64. Do not edit; rerun the script.",
        "#pragma once",
        "",
        "#include <vector>",
        "",
        "namespace rope::reference::modern {",
        "",
    ]
    # Phi-3.5-mini: head 3072/32 = 96, base 1e4, 131072 / 4096.
    short_inv, attention = longrope(10000.0, 96, short_factor, long_factor, 131072, 4096, 0)
    long_inv, _ = longrope(10000.0, 96, short_factor, long_factor, 131072, 4096, 4097)
    out += ["inline constexpr double kPhiAttentionFactor = %s;" % cxx_double(attention), ""]
    out += cxx_array("phiShortFactor", short_factor)
    out += cxx_array("phiLongFactor", long_factor)
    out += cxx_array("phiShortInvFreq", short_inv)
    out += cxx_array("phiLongInvFreq", long_inv)

    # p-RoPE: Gemma-4-like head 256, base 1e6, partial 0.25 → 32 of 128 pairs; and factor 8.
    prop, _ = proportional(1e6, 256, 0.25, 1.0)
    prop8, _ = proportional(1e6, 256, 0.25, 8.0)
    out += cxx_array("proportionalD256Quarter", prop)
    out += cxx_array("proportionalD256QuarterFactor8", prop8)

    # gpt-oss-20b: head 64, base 150000, yarn factor 32, L0 4096, truncate false.
    oss, oss_att = yarn(150000.0, 64, 32.0, 4096, 32.0, 1.0, False)
    out += ["inline constexpr double kGptOssAttentionFactor = %s;" % cxx_double(oss_att), ""]
    out += cxx_array("gptOssInvFreq", oss)
    # DeepSeek-V3: qk_rope_head_dim 64, base 1e4, yarn factor 40, L0 4096, mscale = mscale_all_dim = 1.
    ds, ds_att = yarn(10000.0, 64, 40.0, 4096, 32.0, 1.0, True, 1.0, 1.0)
    out += ["inline constexpr double kDeepseekAttentionFactor = %s;" % cxx_double(ds_att),
            "inline constexpr double kDeepseekSoftmaxScaleMultiplier = %s;" % cxx_double(get_mscale(40.0, 1.0) ** 2),
            ""]
    out += cxx_array("deepseekInvFreq", ds)

    # Llama 4 Scout: head 128, base 5e5, llama3 factor 16, low = high = 1, L0 8192.
    scout, _ = llama3(500000.0, 128, 16.0, 1.0, 1.0, 8192)
    out += cxx_array("llama4ScoutInvFreq", scout)
    # Llama 4 query temperature, floor_scale 8192, attn_scale 0.1, at these positions.
    positions = [0, 8190, 8191, 16383, 100000, 10485759]
    temps = [math.log1p(math.floor((p + 1.0) / 8192)) * 0.1 + 1.0 for p in positions]
    out += cxx_array("llama4TemperaturePositions", positions)
    out += cxx_array("llama4Temperatures", temps)

    # Gemma 3 4B: head 256; local layers base 1e4 default, global layers base 1e6 linear ×8.
    out += cxx_array("gemma3LocalInvFreq", default_inv_freq(10000.0, 256))
    out += cxx_array("gemma3GlobalInvFreq", default_inv_freq(1000000.0, 256) / 8.0)

    # M-RoPE axes and position ids.
    out += cxx_array("qwen2vlAxisOfPair", mrope_axis_blocks([16, 24, 24]), "int")
    out += cxx_array("qwen3vlAxisOfPair", mrope_axis_interleaved([24, 20, 20]), "int")
    layout = [("text", 5), ("vision", 1, 4, 6), ("text", 3), ("vision", 3, 2, 2), ("text", 2)]
    for name, split in (("qwen2vlPositions", False), ("qwen3vlPositions", True)):
        rows = rope_index(layout, split)
        for r, axis in enumerate(("T", "H", "W")):
            out += cxx_array(name + axis, rows[r], "ll")

    # Dynamic NTK KV cache: d 128, base 1e4, factor 4, L0 4096, key cached at C, query at L.
    kv_cases = [(4096, 16384, 16000, 100), (8192, 32768, 30000, 5000), (16384, 16384, 16000, 100)]
    out += ["struct KvCase { long long cachedLen, seqLen, qPos, kPos; double consistent, cachedKey; };",
            "inline const std::vector<KvCase>& kvCases() {",
            "    static const std::vector<KvCase> v = {"]
    for c, l, m, n in kv_cases:
        now = dynamic(10000.0, 128, 4.0, 4096, l)
        then = dynamic(10000.0, 128, 4.0, 4096, c)
        q = np.full(128, 1 / math.sqrt(128))
        # Half layout (rotate_half): pair i is (x_i, x_{i+64}); rotate q and k explicitly.
        def rot(x, angles):
            x1, x2 = x[:64], x[64:]
            return np.concatenate([x1 * np.cos(angles) - x2 * np.sin(angles), x2 * np.cos(angles) + x1 * np.sin(angles)])
        consistent = float(np.dot(rot(q, m * now), rot(q, n * now)))
        cached = float(np.dot(rot(q, m * now), rot(q, n * then)))
        out.append("        {%d, %d, %d, %d, %s, %s}," % (c, l, m, n, cxx_double(consistent), cxx_double(cached)))
    out += ["    };", "    return v;", "}", ""]
    out += ["} // namespace rope::reference::modern", ""]
    path = os.path.join(HERE, "modern_reference.h")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out))
    print("wrote", path)


if __name__ == "__main__":
    main()
