#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Golden values for tst_scaling_methods: θ'_i and attention_factor of every scaling method.

Written from Hugging Face transformers' ``src/transformers/modeling_rope_utils.py``
(``_compute_default_rope_parameters``, ``_compute_linear_scaling_rope_parameters``,
``_compute_dynamic_ntk_parameters``, ``_compute_yarn_parameters``,
``_compute_llama3_parameters``) and from the NTK-aware rule b' = b·s^(d/(d-2)) (bloc97, 2023),
NOT from the C++ under test. Every step is kept in the order HF writes it, but in NumPy float64
instead of torch float32, so the golden values carry only double rounding.

Parameter semantics (ScalingParams in core/rope_params.h):
  * factor s is always explicit. HF 4.4x YaRN used config.max_position_embeddings as L0; HF 4.5x
    overrode `factor` with max_position_embeddings / original_max_position_embeddings whenever
    rope_scaling had original_max_position_embeddings; HF 5 (rope_parameters) derives it only when
    `factor` is None. We model the explicit-factor case, with L0 = original_max_position_embeddings
    in find_correction_range (HF 4.5x and 5).
  * dynamic NTK: max_position_embeddings = L0, seq_len 0 means "not given" (= L0).

Run:  /usr/bin/python3 tests/core/reference/generate_reference.py
It rewrites tests/core/reference/reference_values.h next to this script. Commit both.
"""

import math
import os

import numpy as np


def default_inv_freq(base, dim):
    # _compute_default_rope_parameters: 1 / base ** (arange(0, dim, 2) / dim)
    exponents = np.arange(0, dim, 2, dtype=np.int64).astype(np.float64) / dim
    return 1.0 / (base ** exponents)


def linear(base, dim, p):
    # _compute_linear_scaling_rope_parameters: inv_freq /= factor, attention 1
    return default_inv_freq(base, dim) / p["factor"], 1.0


def ntk(base, dim, p):
    # Static NTK-aware scaling: base' = base * factor ** (dim / (dim - 2)), attention 1
    new_base = base * p["factor"] ** (dim / (dim - 2))
    return default_inv_freq(new_base, dim), 1.0


def dynamic(base, dim, p):
    # _compute_dynamic_ntk_parameters with max_position_embeddings = L0
    factor = p["factor"]
    max_pos = p["original_context"]
    seq_len = p["seq_len"] if p["seq_len"] > 0 else max_pos
    seq_len = max(seq_len, max_pos)
    new_base = base * ((factor * seq_len / max_pos) - (factor - 1)) ** (dim / (dim - 2))
    return default_inv_freq(new_base, dim), 1.0


def yarn(base, dim, p):
    # _compute_yarn_parameters (HF 4.5x / 5 form: mscale, mscale_all_dim, truncate)
    factor = p["factor"]
    attention_factor = p["attention_factor"] or None
    mscale = p["mscale"]
    mscale_all_dim = p["mscale_all_dim"]
    original_max_position_embeddings = p["original_context"]

    def get_mscale(scale, m=1):
        if scale <= 1:
            return 1.0
        return 0.1 * m * math.log(scale) + 1.0

    if attention_factor is None:
        if mscale and mscale_all_dim:
            attention_factor = float(get_mscale(factor, mscale) / get_mscale(factor, mscale_all_dim))
        else:
            attention_factor = get_mscale(factor)

    beta_fast = p["beta_fast"] or 32
    beta_slow = p["beta_slow"] or 1

    def find_correction_dim(num_rotations, dim, base, max_position_embeddings):
        return (dim * math.log(max_position_embeddings / (num_rotations * 2 * math.pi))) / (
            2 * math.log(base)
        )

    def find_correction_range(low_rot, high_rot, dim, base, max_position_embeddings, truncate):
        low = find_correction_dim(low_rot, dim, base, max_position_embeddings)
        high = find_correction_dim(high_rot, dim, base, max_position_embeddings)
        if truncate:
            low = math.floor(low)
            high = math.ceil(high)
        return max(low, 0), min(high, dim - 1)

    def linear_ramp_factor(lo, hi, n):
        if lo == hi:
            hi += 0.001  # HF: prevent singularity
        linear_func = (np.arange(n, dtype=np.float64) - lo) / (hi - lo)
        return np.clip(linear_func, 0, 1)

    pos_freqs = base ** (np.arange(0, dim, 2).astype(np.float64) / dim)
    inv_freq_extrapolation = 1.0 / pos_freqs
    inv_freq_interpolation = 1.0 / (factor * pos_freqs)

    low, high = find_correction_range(
        beta_fast, beta_slow, dim, base, original_max_position_embeddings, p["truncate"]
    )
    inv_freq_extrapolation_factor = 1 - linear_ramp_factor(low, high, dim // 2)
    inv_freq = (
        inv_freq_interpolation * (1 - inv_freq_extrapolation_factor)
        + inv_freq_extrapolation * inv_freq_extrapolation_factor
    )
    return inv_freq, attention_factor


def llama3(base, dim, p):
    # _compute_llama3_parameters
    inv_freq = default_inv_freq(base, dim)
    factor = p["factor"]
    low_freq_factor = p["low_freq_factor"]
    high_freq_factor = p["high_freq_factor"]
    old_context_len = p["original_context"]

    low_freq_wavelen = old_context_len / low_freq_factor
    high_freq_wavelen = old_context_len / high_freq_factor

    wavelen = 2 * math.pi / inv_freq
    inv_freq_llama = np.where(wavelen > low_freq_wavelen, inv_freq / factor, inv_freq)
    smooth_factor = (old_context_len / wavelen - low_freq_factor) / (high_freq_factor - low_freq_factor)
    smoothed_inv_freq = (1 - smooth_factor) * inv_freq_llama / factor + smooth_factor * inv_freq_llama
    is_medium_freq = ~(wavelen < high_freq_wavelen) * ~(wavelen > low_freq_wavelen)
    inv_freq_llama = np.where(is_medium_freq, smoothed_inv_freq, inv_freq_llama)
    return inv_freq_llama, 1.0


def default(base, dim, p):
    return default_inv_freq(base, dim), 1.0


METHODS = {
    "default": default,
    "linear": linear,
    "ntk": ntk,
    "dynamic": dynamic,
    "yarn": yarn,
    "llama3": llama3,
}

# Defaults mirror ScalingParams in core/rope_params.h.
DEFAULTS = {
    "factor": 1.0,
    "original_context": 4096,
    "seq_len": 0,
    "beta_fast": 32.0,
    "beta_slow": 1.0,
    "mscale": 0.0,
    "mscale_all_dim": 0.0,
    "attention_factor": 0.0,
    "truncate": True,
    "low_freq_factor": 1.0,
    "high_freq_factor": 4.0,
}

# (row name, method, head dim, rotary dim (0 = all), base, overrides)
CASES = [
    ("llama2 default d=128", "default", 128, 0, 1e4, {}),
    ("linear s=4", "linear", 128, 0, 1e4, {"factor": 4.0}),
    ("ntk s=4", "ntk", 128, 0, 1e4, {"factor": 4.0}),
    ("ntk s=8", "ntk", 128, 0, 1e4, {"factor": 8.0}),
    ("dynamic s=2 seq=2L0", "dynamic", 128, 0, 1e4,
     {"factor": 2.0, "original_context": 4096, "seq_len": 8192}),
    ("dynamic s=2 seq<L0", "dynamic", 128, 0, 1e4,
     {"factor": 2.0, "original_context": 4096, "seq_len": 1000}),
    ("dynamic s=2 seq unset", "dynamic", 128, 0, 1e4,
     {"factor": 2.0, "original_context": 4096, "seq_len": 0}),
    ("yarn s=4", "yarn", 128, 0, 1e4, {"factor": 4.0, "original_context": 4096}),
    ("yarn s=16", "yarn", 128, 0, 1e4, {"factor": 16.0, "original_context": 4096}),
    ("yarn s=16 mscale=mscale_all_dim=1", "yarn", 128, 0, 1e4,
     {"factor": 16.0, "original_context": 4096, "mscale": 1.0, "mscale_all_dim": 1.0}),
    ("yarn deepseek-like s=40 d=64", "yarn", 64, 0, 1e4,
     {"factor": 40.0, "original_context": 4096, "mscale": 0.707, "mscale_all_dim": 0.707}),
    ("yarn s=40 mscale=1 mscale_all_dim=0.707", "yarn", 64, 0, 1e4,
     {"factor": 40.0, "original_context": 4096, "mscale": 1.0, "mscale_all_dim": 0.707}),
    ("yarn s=4 truncate=false", "yarn", 128, 0, 1e4,
     {"factor": 4.0, "original_context": 4096, "truncate": False}),
    ("yarn s=4 explicit attention 0.8", "yarn", 128, 0, 1e4,
     {"factor": 4.0, "original_context": 4096, "attention_factor": 0.8}),
    ("yarn s=4 beta 8/2", "yarn", 128, 0, 1e4,
     {"factor": 4.0, "original_context": 4096, "beta_fast": 8.0, "beta_slow": 2.0}),
    # beta_fast == beta_slow = 2 without truncation: low == high = find_correction_dim(2) ≈ 2.513,
    # so linear_ramp_factor takes its min == max → max += 0.001 branch (no integer pair lies
    # inside the 0.001 window, so pairs 0-2 extrapolate and pair 3 interpolates).
    ("yarn equal betas no-truncate (min==max rule)", "yarn", 8, 0, 1e4,
     {"factor": 4.0, "original_context": 4096, "beta_fast": 2.0, "beta_slow": 2.0,
      "truncate": False}),
    # L0 = 4 < 2π·beta_slow: both correction dims are negative, so low = max(floor, 0) = 0 and
    # high = ceil(-0.196) = 0; without the +0.001 rule pair 0 would be 0/0 = NaN.
    ("yarn tiny L0 (low == high == 0 after clamping)", "yarn", 8, 0, 1e4,
     {"factor": 4.0, "original_context": 4}),
    ("llama3.1 s=8 b=5e5", "llama3", 128, 0, 5e5,
     {"factor": 8.0, "original_context": 8192, "low_freq_factor": 1.0, "high_freq_factor": 4.0}),
    ("partial rotary yarn d=64 of 128", "yarn", 128, 64, 1e4,
     {"factor": 4.0, "original_context": 4096}),
    ("partial rotary ntk d=64 of 128", "ntk", 128, 64, 1e4, {"factor": 4.0}),
    ("partial rotary linear d=64 of 128", "linear", 128, 64, 1e4, {"factor": 4.0}),
]


def cxx_double(x):
    # repr() is the shortest string that round-trips, so the C++ literal is the same double.
    r = repr(float(x))
    return r if ("." in r or "e" in r or "inf" in r or "nan" in r) else r + ".0"


def main():
    out = []
    out.append("// SPDX-FileCopyrightText: 2026 RoPE Explorer authors")
    out.append("// SPDX-License-Identifier: GPL-3.0-or-later")
    out.append("// GENERATED by tests/core/reference/generate_reference.py (NumPy %s) from Hugging Face"
               % np.__version__)
    out.append("// modeling_rope_utils.py formulas in float64. Do not edit; rerun the script.")
    out.append("#pragma once")
    out.append("")
    out.append("#include <vector>")
    out.append("")
    out.append("namespace rope::reference {")
    out.append("")
    out.append("/// One golden configuration: inputs as ScalingParams fields, expected θ'_i and attention.")
    out.append("struct ScalingCase {")
    out.append("    const char* name;")
    out.append("    const char* method;")
    out.append("    int headDim;")
    out.append("    int rotaryDim;")
    out.append("    double base;")
    out.append("    double factor;")
    out.append("    int originalContext;")
    out.append("    long long seqLen;")
    out.append("    double betaFast;")
    out.append("    double betaSlow;")
    out.append("    double mscale;")
    out.append("    double mscaleAllDim;")
    out.append("    double attentionFactor;")
    out.append("    bool truncate;")
    out.append("    double lowFreqFactor;")
    out.append("    double highFreqFactor;")
    out.append("    double expectedAttentionFactor;")
    out.append("    std::vector<double> expectedInvFreq;")
    out.append("};")
    out.append("")
    out.append("inline const std::vector<ScalingCase>& scalingCases() {")
    out.append("    static const std::vector<ScalingCase> cases = {")
    for name, method, head_dim, rotary_dim, base, overrides in CASES:
        p = dict(DEFAULTS)
        p.update(overrides)
        dim = rotary_dim if rotary_dim > 0 else head_dim
        inv_freq, attention = METHODS[method](base, dim, p)
        assert inv_freq.shape == (dim // 2,)
        assert np.all(np.isfinite(inv_freq)) and np.all(inv_freq > 0)
        fields = [
            '"%s"' % name,
            '"%s"' % method,
            str(head_dim),
            str(rotary_dim),
            cxx_double(base),
            cxx_double(p["factor"]),
            str(p["original_context"]),
            str(p["seq_len"]),
            cxx_double(p["beta_fast"]),
            cxx_double(p["beta_slow"]),
            cxx_double(p["mscale"]),
            cxx_double(p["mscale_all_dim"]),
            cxx_double(p["attention_factor"]),
            "true" if p["truncate"] else "false",
            cxx_double(p["low_freq_factor"]),
            cxx_double(p["high_freq_factor"]),
            cxx_double(attention),
        ]
        out.append("        {" + ", ".join(fields) + ",")
        out.append("         {")
        for k in range(0, len(inv_freq), 4):
            out.append("             " + ", ".join(cxx_double(v) for v in inv_freq[k:k + 4]) + ",")
        out.append("         }},")
    out.append("    };")
    out.append("    return cases;")
    out.append("}")
    out.append("")
    out.append("} // namespace rope::reference")
    out.append("")
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "reference_values.h")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out))
    print("wrote %s (%d cases)" % (path, len(CASES)))


if __name__ == "__main__":
    main()
