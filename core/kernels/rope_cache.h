// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"

#include <Eigen/Core>

#include <cstdint>
#include <vector>

/// \file rope_cache.h
/// The cos/sin table a batch RoPE kernel reads: one row of rotary/2 float cosines and sines
/// per token, built once per batch (an inference engine builds it once per sequence).

namespace rope {

namespace limits {
/// \brief Largest |position| the batch kernel accepts: 2^24 = 16 777 216 tokens.
///
/// Why 2^24: the angle m·θ_i is formed in double, whose relative error 2^-53 turns into an
/// absolute angle error ≤ |m|·2^-53 ≤ 1.9e-9 rad at |m| = 2^24, below 1/30 of the float ulp of
/// cos/sin near 1 (6e-8); beyond that the float cache would start to carry angle error. 2^24 is
/// also where float32 stops representing every integer, i.e. where engines that keep positions
/// in float32 (as Hugging Face does) silently lose positions.
inline constexpr std::int64_t kMaxKernelPosition = 16777216;
} // namespace limits

/// \brief Float32 cos/sin table for a batch of rows, row-major [rows][pairs].
///
/// \f$c_{r,i} = a\cos(p_r θ_i)\f$, \f$s_{r,i} = a\sin(p_r θ_i)\f$ with a the attention factor,
/// p_r the position of row r and θ_i the (scaled) inverse frequency of pair i. The angle and
/// the cosine are evaluated in double, then rounded once to float.
struct RopeCache {
    /// Number of rows (tokens) r = 0 … rows−1.
    long long rows = 0;
    /// Number of rotary pairs per row (= rotary dimension / 2).
    int pairs = 0;
    /// Attention factor a the table was multiplied by (1 for most scaling methods).
    double attentionFactor = 1.0;
    /// cos table, rows·pairs floats, element (r, i) at r·pairs + i.
    std::vector<float> cos;
    /// sin table, same layout as cos.
    std::vector<float> sin;
};

/// \brief Builds the cos/sin table for explicit inverse frequencies.
///
/// \f$c_{r,i} = \mathrm{fl}_{32}\bigl(a\cos(p_r θ_i)\bigr)\f$ and likewise for sin, with
/// p_r θ_i, cos, sin and the product by a in double. Hugging Face multiplies cos and sin by
/// `attention_scaling` in the same way (`LlamaRotaryEmbedding.forward`), so q·k gains a².
/// Unlike HF, which forms p·θ in float32 (angle error up to |p|·θ·2^-24 rad), the angle here
/// is formed in double.
/// \param invFreq θ_i in rad/token, one per pair (1 … limits::kMaxDim/2 entries, finite, > 0).
/// \param attentionFactor a (finite, > 0).
/// \param positions p_r, \p rows integers with |p_r| ≤ limits::kMaxKernelPosition; may repeat
///        and need not be sorted.
/// \param rows number of rows, 0 … limits::kMaxContext.
/// \warning Throws InvalidParameter ("inv_freq", "attention-factor", "positions", "seq") on
///          invalid input, including a null \p positions with rows > 0.
RopeCache buildRopeCache(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double attentionFactor,
                         const std::int64_t* positions, long long rows);

/// \brief Builds the cos/sin table for a parameter state: θ'_i and the attention factor come
/// from scaledFrequencies(params), so every registered scaling method works.
/// \warning Throws InvalidParameter naming the first bad field of \p params, or "positions" /
///          "seq" as the overload above.
RopeCache buildRopeCache(const RopeParams& params, const std::int64_t* positions, long long rows);

} // namespace rope
