// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"

#include <cstdint>
#include <optional>
#include <vector>

/// \file model_compare.h
/// Two RoPE configurations over relative distance: for random query/key pairs (q_j, k_j),
/// j = 1…N, drawn once from N(0, 1) with a fixed seed, the scores a_j(Δ) = q_jᵀ R_A(Δ) k_j and
/// b_j(Δ) = q_jᵀ R_B(Δ) k_j, and their cosine Σ a_j b_j / (|a| |b|) at each Δ. Pairs are matched
/// by frequency index (pair i rotates by θ_i·Δ in both), so the pair layout does not matter;
/// dimensions one side does not rotate contribute q·k unrotated. The attention factor scales
/// every score of one side alike and so leaves the cosine unchanged.

namespace rope::io {

struct ScoreComparison {
    /// cosine[Δ] for Δ = 0 … context-1.
    std::vector<double> cosine;
    /// First Δ with cosine < threshold, if any.
    std::optional<long long> firstBelow;
};

/// \brief Compares \p a and \p b (same head dimension) over Δ < \p context with \p samples
/// query/key pairs from \p seed.
/// \throws rope::InvalidParameter if the head dimensions differ or context is not in
/// [1, 2^20].
ScoreComparison compareScores(const RopeParams& a, const RopeParams& b, long long context,
                              int samples = 128, std::uint64_t seed = 20261125,
                              double threshold = 0.99);

/// \brief The cosines of compareScores() at chosen distances, for a plot.
struct SampledScoreComparison {
    /// The distances asked for.
    std::vector<long long> distances;
    /// cosine[k] at distances[k]: the same numbers compareScores() gives at those Δ.
    std::vector<double> cosine;
    /// First Δ < context with cosine < threshold, found by evaluating every Δ in order until
    /// it drops (so exact, and cheap when the drop comes early).
    std::optional<long long> firstBelow;
};

/// \brief compareScores() at \p distances (each in [0, context)) with the exact first drop
/// below \p threshold over every Δ < context.
/// \throws rope::InvalidParameter as compareScores(), or ("distance") for one outside the range.
SampledScoreComparison compareScoresAt(const RopeParams& a, const RopeParams& b, long long context,
                                       const std::vector<long long>& distances, int samples = 128,
                                       std::uint64_t seed = 20261125, double threshold = 0.99);

} // namespace rope::io
