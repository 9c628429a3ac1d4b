// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"

#include <Eigen/Core>

#include <string_view>
#include <vector>

/// \file scaling_method.h
/// One context-extension method = one function (inverse frequencies, ScalingParams) →
/// (inverse frequencies, attention factor), as `ROPE_INIT_FUNCTIONS` in Hugging Face
/// transformers' `modeling_rope_utils.py`.

namespace rope {

namespace limits {
/// Largest scale factor, YaRN beta, mscale, Llama 3 frequency factor or explicit attention
/// factor accepted (1e6); published configs use at most ~64. It keeps the NTK base
/// b' = b·x^(d/(d−2)) below ~1e58, so every θ'_i stays finite and positive.
inline constexpr double kMaxScalingValue = 1e6;
/// Smallest YaRN beta (rotations over L₀) accepted, so L₀/(β·2π) stays finite.
inline constexpr double kMinYarnBeta = 1e-6;
} // namespace limits

/// \brief What a scaling method returns: the new θ_i and the factor HF multiplies cos/sin by.
struct ScalingResult {
    /// Scaled inverse frequencies θ'_i (radians per token), one per rotary pair.
    Eigen::ArrayXd invFreq;
    /// `attention_factor`: cos and sin (hence q·k) are multiplied by it; 1 for most methods.
    double attentionFactor = 1.0;
};

/// \brief Signature of a method: default θ_i (size d/2, so the rotary dim d = 2·size), the
/// base b that produced them, and the method's parameters.
using ScalingFunction = ScalingResult (*)(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                          double base, const ScalingParams& params);

/// \brief One row of the scaling registry.
struct ScalingMethod {
    /// The method's typed id; allScalingMethods() holds exactly one row per kind.
    ScalingKind kind = ScalingKind::Default;
    /// Stable kebab-case id, always scalingId(kind) (the registry fills it from there): CLI
    /// `--method` value, settings key, test-row name.
    std::string_view id = {};
    /// Human-readable name for menus.
    std::string_view displayName;
    /// One-sentence summary with the formula, for tooltips and `rope-cli --help`.
    std::string_view summary;
    /// CLI flag names (without dashes) of the ScalingParams fields this method reads, e.g.
    /// "factor", "original-context", "seq-len", "beta-fast", "beta-slow", "mscale",
    /// "mscale-all-dim", "attention-factor", "truncate", "low-freq-factor", "high-freq-factor",
    /// "short-factor", "long-factor" (LongRoPE lists, d/2 values each).
    std::vector<std::string_view> usedParams;
    /// The method.
    ScalingFunction apply = nullptr;
};

} // namespace rope
