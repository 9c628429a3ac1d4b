// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/kernels/rope_kernel.h"

#include <cstdint>
#include <string>

/// \file rope_ggml_style.h
/// A re-implementation, written for this project, of the algorithm of ggml's CPU rope
/// (`ggml_compute_forward_rope_flt` and `ggml_rope_cache_init` in ggml-cpu/ops.cpp, llama.cpp),
/// used as a named comparison baseline by `rope-cli bench --angles ggml-style`. It is not
/// ggml's code or binary. What it reproduces:
/// - one rope call per tensor (Q, then K), each building, for every token, a float cos/sin
///   row: θ starts at (float)p and is multiplied by theta_scale = powf(base, −2/n_dims) once per
///   pair (float accumulation), cos/sin = cosf/sinf(freq_scale·θ)·attn_factor, for all
///   head_dim/2 pairs (ggml fills the row to ne0, not n_dims);
/// - then a plain loop over the pairs of each head (ggml's rotate_pairs, scalar source that
///   the compiler may vectorise): half layout = ggml's NEOX mode (i, i+r/2),
///   interleaved = NORMAL mode (2i, 2i+1); coordinates r … d−1 copied through;
/// - threads: the rows (token, head) of one tensor are split into ⌈rows/T⌉ blocks; every thread
///   builds the cos/sin row of every token of the tensor (the token loop only skips the heads
///   outside its block), as ggml does.
/// Where it may differ: in place (ggml's rope usually writes a new tensor: same bytes read and
/// written, different addresses); threads are started per call (ggml keeps a pool and meets at
/// a barrier); int32 positions; no YaRN ramp (ext_factor = 0), no freq_factors (llama3,
/// longrope), no M-RoPE/vision modes; compiled by GCC with -O3 (baseline x86-64, and an
/// AVX-512F copy chosen at run time) rather than by ggml's build.

namespace rope {

/// \brief Parameters of the ggml-style rope (ggml's op_params subset it uses).
struct GgmlStyleParams {
    /// freq_base b (finite, > 1).
    float freqBase = 10000.0f;
    /// freq_scale: 1 for plain RoPE, 1/factor for linear position interpolation (finite, > 0).
    float freqScale = 1.0f;
    /// attn_factor (mscale) multiplying cos and sin (finite, > 0).
    float attnFactor = 1.0f;
};

/// \brief ggml-style parameters for \p params: base; freq_scale = 1 (method "default") or
/// 1/factor ("linear"); attn_factor = 1.
/// \warning Throws InvalidParameter("method") for any other scaling method (the re-implemented
///          subset has no YaRN ramp or per-frequency factors), or names the bad field of params.
GgmlStyleParams ggmlStyleParams(const RopeParams& params);

/// \brief Rotates Q, then K, in place with the ggml-style algorithm (see the file comment).
///
/// Pair i of the rotary part (r = shape.effectiveRotaryDim()) uses
/// \f$θ_i = \mathrm{fl}(\cdots\mathrm{fl}(\mathrm{fl}(p)\,σ)\cdotsσ)\f$ (i float products,
/// σ = powf(b, −2/r)) and \f$c = \mathrm{cosf}(\mathrm{fl}(s_f θ_i))\,a\f$,
/// \f$s = \mathrm{sinf}(\cdot)\,a\f$; then \f$x_a' = x_a c − x_b s\f$, \f$x_b' = x_a s + x_b c\f$
/// in float. Its angle error grows with p and i (precision.h, accumulatedAngleError()).
/// \param positions shape.seq int32 positions, |p| ≤ 2^24.
/// \param threads 1 … limits::kMaxThreads (used as given, like ggml's -t).
/// \warning Throws InvalidParameter("seq", "heads", "heads-kv", "dim", "rotary-dim", "layout",
///          "freq-base", "freq-scale", "attn-factor", "positions", "threads", "q", "k").
void applyRopeGgmlStyle(const GgmlStyleParams& params, const std::int32_t* positions,
                        const BatchShape& shape, float* q, float* k, int threads);

/// \brief Which compiled copy applyRopeGgmlStyle() runs here: "avx512f" or "x86-64" (baseline;
/// also on non-x86 builds or with ROPE_ENABLE_SIMD=OFF).
std::string ggmlStyleIsaName();

} // namespace rope
