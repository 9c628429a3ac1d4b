// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/scaling/scaling_kind.h"

#include <stdexcept>
#include <string>
#include <vector>

/// \file rope_params.h
/// The value structs every core function takes, their documented limits, and the one error
/// type the core throws.

namespace rope {

/// \brief Error thrown by every core function on invalid input.
///
/// what() is a full sentence naming the parameter and its bad value; parameter() is the
/// parameter's CLI-style name (for example "dim", "base", "factor"), so a caller can point at
/// the offending control.
class InvalidParameter : public std::invalid_argument {
public:
    InvalidParameter(std::string parameter, const std::string& message);
    /// \brief Name of the offending parameter, as used by rope-cli flags (without dashes).
    const std::string& parameter() const noexcept { return m_parameter; }

private:
    std::string m_parameter;
};

/// \brief Documented limits shared by every core entry point.
namespace limits {
/// Largest head (or rotary) dimension accepted; real models use 64…256.
inline constexpr int kMaxDim = 8192;
/// Largest |position| accepted; far beyond any context length in use (2^40 ≈ 1.1e12).
inline constexpr double kMaxPosition = 1099511627776.0;
/// Largest context length accepted by scans over every position (2^26 ≈ 6.7e7).
inline constexpr long long kMaxContext = 67108864;
/// Largest RoPE base accepted (1e30). Bases above ~1e12 only push θ_min towards 0.
inline constexpr double kMaxBase = 1e30;
} // namespace limits

/// \brief Pair layout of a head vector.
enum class Layout {
    /// Pairs (x0,x1),(x2,x3),… — RoFormer, GPT-J, Meta's complex form.
    Interleaved,
    /// Pairs (x_i, x_{i+d/2}) — GPT-NeoX and Hugging Face `rotate_half`.
    Half,
};

/// \brief Context-extension parameters, named as in Hugging Face `rope_scaling`.
///
/// Only the fields a method lists in its registry row are read by that method.
struct ScalingParams {
    /// The method (scaling_kind.h); files and flags spell it as scalingId(method).
    ScalingKind method = ScalingKind::Default;
    /// Scale factor s = new context / original context; ≥ 1 for every method but "default".
    double factor = 1.0;
    /// `original_max_position_embeddings` L₀ (tokens); also `max_position_embeddings` for
    /// dynamic NTK.
    int originalContext = 4096;
    /// Current sequence length for dynamic NTK and LongRoPE (tokens); 0 means "not given"
    /// (dynamic NTK: equal to originalContext; LongRoPE: the short factors).
    long long seqLen = 0;
    /// YaRN `beta_fast` (rotations; default 32).
    double betaFast = 32.0;
    /// YaRN `beta_slow` (rotations; default 1).
    double betaSlow = 1.0;
    /// YaRN `mscale`; 0 means unset.
    double mscale = 0.0;
    /// YaRN `mscale_all_dim`; 0 means unset.
    double mscaleAllDim = 0.0;
    /// Explicit `attention_factor`; 0 means unset (the method computes it).
    double attentionFactor = 0.0;
    /// YaRN `truncate` (floor/ceil the correction range); default true as in HF.
    bool truncate = true;
    /// Llama 3 `low_freq_factor` (default 1).
    double lowFreqFactor = 1.0;
    /// Llama 3 `high_freq_factor` (default 4).
    double highFreqFactor = 4.0;
    /// LongRoPE `short_factor`: one divisor per rotary pair (d/2 values), used while the
    /// sequence is at most originalContext tokens long.
    std::vector<double> shortFactor;
    /// LongRoPE `long_factor`: one divisor per rotary pair (d/2 values), used once the sequence
    /// is longer than originalContext.
    std::vector<double> longFactor;
    /// p-RoPE (`proportional`): number of pairs that rotate; 0 means all. Not a config field:
    /// scaledFrequencies() sets it from RopeParams::rotaryDim, because p-RoPE keeps the exponent
    /// over the whole head and only switches the remaining pairs off.
    int rotatedPairs = 0;

    /// Field-wise equality: a new field is compared without anyone remembering to add it.
    bool operator==(const ScalingParams&) const = default;
};

/// \brief The shared parameter state of the explorer.
struct RopeParams {
    /// Head dimension d (even, 2…limits::kMaxDim).
    int headDim = 128;
    /// Rotary dimension (even, ≤ headDim); 0 means "all of headDim" (partial_rotary_factor 1).
    int rotaryDim = 0;
    /// RoPE base b (`rope_theta`), 1 < b ≤ limits::kMaxBase.
    double base = 10000.0;
    /// Query position m.
    long long m = 3;
    /// Key position n.
    long long n = 10;
    /// Context length L (tokens) that plots and scans cover.
    long long context = 4096;
    /// Pair layout.
    Layout layout = Layout::Interleaved;
    /// Context-extension method and its parameters.
    ScalingParams scaling;

    /// \brief The rotary dimension actually rotated: rotaryDim, or headDim when rotaryDim is 0.
    int effectiveRotaryDim() const noexcept { return rotaryDim > 0 ? rotaryDim : headDim; }

    /// Field-wise equality (exact: two parameter sets are the same figure only if every field is).
    bool operator==(const RopeParams&) const = default;
};

/// \brief Checks a dimension: even and in [2, limits::kMaxDim].
/// \throws InvalidParameter naming \p name.
void validateDim(int dim, const char* name = "dim");

/// \brief Checks a base: finite and in (1, limits::kMaxBase].
/// \throws InvalidParameter naming \p name.
void validateBase(double base, const char* name = "base");

/// \brief Checks a position: finite and |position| ≤ limits::kMaxPosition.
/// \throws InvalidParameter naming \p name.
void validatePosition(double position, const char* name = "position");

/// \brief Checks every field of \p params (dimensions, base, positions, context, layout); the
/// scaling fields are checked by the scaling method itself.
/// \throws InvalidParameter naming the first bad field.
void validate(const RopeParams& params);

/// \brief Kebab-case id of a layout: "interleaved" or "half".
const char* layoutId(Layout layout) noexcept;

/// \brief Parses "interleaved" or "half".
/// \throws InvalidParameter("layout") for anything else.
Layout parseLayout(const std::string& id);

} // namespace rope
