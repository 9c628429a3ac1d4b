// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Core>

#include <span>

/// \file research_rules.h
/// Three published rules about which RoPE pairs a training length covers, drawn as overlays:
/// Liu et al.'s critical dimension, Men et al.'s fitted lower bound of the base, and FoPE's
/// floor frequency.

namespace rope {

/// \brief Critical dimension for extrapolation of Liu et al. (2023), "Scaling Laws of
/// RoPE-based Extrapolation", arXiv 2310.05209 (ICLR 2024), Lemma 1:
/// \f$d_{extra} = 2\lceil \tfrac{d}{2}\log_b \tfrac{T_{train}}{2\pi} \rceil\f$.
///
/// The paper writes it for b = 10000 (and with the tuned base β in place of 10000 in its
/// Theorem 3); it counts the *dimensions* (two per pair) of the pairs n = 0 … d_extra/2 − 1 whose
/// period T_n = 2π·b^(2n/d) ≤ T_train, i.e. that complete a full turn within the training
/// length; the pairs from d_extra/2 on see only part of a period. The paper states d_extra = 92
/// for LLaMA2 (d = 128, b = 10000, T_train = 4096). When (d/2)·log_b(T_train/2π) is an exact
/// integer k the ceiling gives 2k although pair k's period equals T_train: the formula, not the
/// count, is what is returned. Clamped to [0, d] (no pair turns when T_train < 2π; every pair
/// does when T_train ≥ 2π·b).
/// \param dim d, the rotary dimension (even, ≥ 2).
/// \param base b > 1.
/// \param trainLength T_train in tokens (> 0).
/// \warning Throws InvalidParameter ("dim", "base", "train_length") on invalid input.
int criticalDimension(int dim, double base, double trainLength);

/// \brief Men et al. (2024), "Base of RoPE Bounds Context Length", arXiv 2405.14591, Figure 1:
/// the power law fitted to their lower bounds of the base, \f$b \approx 0.0424\,L^{1.628}\f$
/// (the legend of Figure 1, "y = 0.0424x^1.628"; L in tokens, fitted at d = 128 to Table 1's
/// values for L = 1k … 1M).
/// \warning Throws InvalidParameter("context") unless L is finite and ≥ 1.
double menFittedBase(double context);

/// Constants of menFittedBase(), as printed in the paper's Figure 1.
inline constexpr double kMenFitCoefficient = 0.0424;
inline constexpr double kMenFitExponent = 1.628;

/// \brief Where a fitted curve is furthest from exact values, as a ratio.
struct FitGap {
    double context = 0;      ///< L of the largest |ln(fit/exact)|
    double ratio = 1;        ///< fit/exact there (> 1: the fit is above)
    double lowestRatio = 1;  ///< smallest fit/exact over all L
    double highestRatio = 1; ///< largest fit/exact over all L
};

/// \brief Compares menFittedBase() with exact minimal bases \p exact at contexts \p contexts
/// (same size, at least one; every exact base > 1).
/// \warning Throws InvalidParameter("exact") on mismatched, empty or invalid input.
FitGap menFitGap(std::span<const double> contexts, std::span<const double> exact);

/// \brief FoPE's floor frequency 2π/T_train (Hua et al. 2024, "Fourier Position Embedding",
/// arXiv 2412.17739): frequencies below it do not complete one period within the training
/// length, are insufficiently trained, and FoPE sets them to zero. In wavelength: every pair
/// with λ = 2π/θ > T_train.
/// \warning Throws InvalidParameter("train_length") unless T_train is finite and > 0.
double fopeFloorFrequency(double trainLength);

/// \brief How many of \p invFreq lie below fopeFloorFrequency(\p trainLength), i.e. how many
/// pairs FoPE would zero (θ = 0 pairs, already switched off, are not counted).
int fopeZeroedPairs(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double trainLength);

} // namespace rope
