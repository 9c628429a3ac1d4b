// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Core>

#include <cstdint>

/// \file decay.h
/// Long-term decay of RoPE: how the rotation R_m changes the score of a query with a key as
/// the relative distance m grows. Three views of the same cosines cos(m·θ_i):
/// - the mean cosine (2/d)·Σ cos(m·θ_i), the "semantic aggregation" criterion of Su,
///   "Transformer升级之路：18、RoPE的底数选择原则" (kexue.fm/archives/10122, 2024) and of
///   Xu, Men et al., "Base of RoPE Bounds Context Length" (arXiv 2405.14591, 2024);
/// - RoFormer's relative upper bound (Su et al., arXiv 2104.09864, §3.4.3);
/// - the expected score E[qᵀR_m k] for random and for similar q, k, in closed form and as a
///   seeded Monte-Carlo estimate.
///
/// Every function takes the inverse frequencies θ_i as an array, so any scaling method's θ'_i
/// (scaledFrequencies()) can be passed; the (dim, base) overloads use θ_i = b^(−2i/d).
/// Distances m are relative positions in tokens and may be fractional (position
/// interpolation) or negative.

namespace rope {

namespace limits {
/// Largest number of distances one decay call accepts (2^20). Each distance costs d/2 cosines,
/// so the largest call is about 6.7e7 cosines at d = 128 (≈ 1 s).
inline constexpr Eigen::Index kMaxDecayPositions = 1048576;
/// Largest Monte-Carlo sample count (2^20).
inline constexpr long long kMaxMonteCarloSamples = 1048576;
/// Largest samples × distances × pairs of one Monte-Carlo call (2^32 ≈ 4.3e9 multiply-adds,
/// a few seconds), so a GUI slider cannot start an unbounded computation.
inline constexpr double kMaxMonteCarloWork = 4294967296.0;
} // namespace limits

/// \brief Cosine sum \f$f(m) = \sum_{i=0}^{d/2-1} \cos(m\,θ_i)\f$ at each distance m.
///
/// f(0) = d/2. This is the quantity whose sign Su (kexue.fm/archives/10122, eq. "neq:base")
/// and Xu et al. (arXiv 2405.14591, there called B_{m,θ}) require to stay
/// ≥ 0 for every m < L. Each angle m·θ_i is formed without rounding (the product is split
/// into a double and its fma residual), so the result is accurate to a few ulps of d/2 even at
/// m = 2^40, where the naively rounded product m·θ_i would be off by up to 6e-5 rad.
/// \param invFreq θ_i (rad/token), 1 … limits::kMaxDim/2 finite values ≥ 0.
/// \param distances m (tokens), finite, |m| ≤ 2^40, at most limits::kMaxDecayPositions values.
/// \return one value per distance, in [−d/2, d/2].
/// \warning Throws InvalidParameter("inv_freq") or InvalidParameter("positions").
Eigen::ArrayXd cosineSum(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                         const Eigen::Ref<const Eigen::ArrayXd>& distances);

/// \brief Mean cosine \f$\bar c(m) = \frac{2}{d}\sum_{i=0}^{d/2-1} \cos(m\,θ_i)\f$.
///
/// 1 at m = 0; cos(m) for d = 2. Equals E[qᵀR_m k̃ − qᵀR_m k] / (d·σ²) for similar k̃ = q + ε
/// versus random k (Su, kexue.fm/archives/10122; Xu et al., arXiv 2405.14591), i.e. the
/// excess attention that semantic similarity earns at distance m, per coordinate.
/// \param invFreq θ_i (rad/token), 1 … limits::kMaxDim/2 finite values ≥ 0.
/// \param distances m (tokens), finite, |m| ≤ 2^40, at most limits::kMaxDecayPositions values.
/// \return one value per distance, in [−1, 1].
/// \warning Throws InvalidParameter("inv_freq") or InvalidParameter("positions").
Eigen::ArrayXd meanCosine(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                          const Eigen::Ref<const Eigen::ArrayXd>& distances);

/// \brief meanCosine() for the default ladder \f$θ_i = b^{-2i/d}\f$.
/// \warning Throws InvalidParameter("dim", "base", "positions").
Eigen::ArrayXd meanCosine(int dim, double base, const Eigen::Ref<const Eigen::ArrayXd>& distances);

/// \brief RoFormer's relative upper bound of |qᵀR_m k| (Su et al., arXiv 2104.09864, §3.4.3).
///
/// Writing the score as Re Σ_i h_i e^{i m θ_i} with h_i = (q_{2i} + i q_{2i+1})(k_{2i} −
/// i k_{2i+1}) and summing by parts (Abel) with \f$S_j = \sum_{k=0}^{j-1} e^{i m θ_k}\f$ and
/// h_{d/2} = 0 gives |score| ≤ (max_i |h_{i+1} − h_i|) · Σ_{j=1}^{d/2} |S_j|. The factor that
/// depends on m alone, normalised by the number of pairs as in RoFormer's Fig. 2, is
/// \f[ u(m) = \frac{1}{d/2}\sum_{j=1}^{d/2} |S_j|. \f]
/// u(0) = (d/2 + 1)/2 (|S_j| = j), and u(m) ≥ 0 decays, with oscillations, as m grows.
/// \param invFreq θ_i (rad/token), in pair order (S_j sums the first j pairs), 1 …
///        limits::kMaxDim/2 finite values ≥ 0.
/// \param distances m (tokens), finite, |m| ≤ 2^40, at most limits::kMaxDecayPositions values.
/// \return one value per distance, in [0, (d/2 + 1)/2].
/// \warning Throws InvalidParameter("inv_freq") or InvalidParameter("positions").
Eigen::ArrayXd relativeUpperBound(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                  const Eigen::Ref<const Eigen::ArrayXd>& distances);

/// \brief relativeUpperBound() for the default ladder \f$θ_i = b^{-2i/d}\f$.
/// \warning Throws InvalidParameter("dim", "base", "positions").
Eigen::ArrayXd relativeUpperBound(int dim, double base,
                                  const Eigen::Ref<const Eigen::ArrayXd>& distances);

/// \brief Closed-form expected score of a query with a *similar* key,
/// \f$E[q^\top R_m (q + σε)] = \sum_{i=0}^{d/2-1} 2\cos(m\,θ_i)\f$.
///
/// For q, ε with i.i.d. standard normal coordinates (mean 0, variance 1): the noise term has
/// mean 0 and qᵀR_m q = Σ_i (q_{2i}² + q_{2i+1}²) cos(mθ_i), whose mean is 2·Σ cos(mθ_i),
/// whatever σ (Su, kexue.fm/archives/10122, with σ² = 1, μ = 0). For a *random* key k
/// independent of q the expectation is exactly 0 (E[q] = 0), so this is also the gap.
/// \return one value per distance, in [−d, d] (= d at m = 0).
/// \warning Throws InvalidParameter("inv_freq") or InvalidParameter("positions").
Eigen::ArrayXd expectedSimilarScore(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                    const Eigen::Ref<const Eigen::ArrayXd>& distances);

/// \brief Closed-form variance of one sample of qᵀR_m(q + σε):
/// \f$\mathrm{Var} = 4\sum_i \cos^2(m\,θ_i) + σ^2 d\f$ (χ²₂ has variance 4; the noise term
/// σ qᵀR_m ε is uncorrelated with the first and has variance σ²·E|q|² = σ²d).
/// The variance of one sample of qᵀR_m k for independent q, k is d at every m.
/// \param noise σ ≥ 0, finite.
/// \warning Throws InvalidParameter("inv_freq", "positions", "noise").
Eigen::ArrayXd similarScoreVariance(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                    const Eigen::Ref<const Eigen::ArrayXd>& distances,
                                    double noise);

/// \brief Monte-Carlo estimates of E[qᵀR_m k] for random and for similar keys.
struct ScoreEstimate {
    /// Sample mean of qᵀR_m k, k independent of q (closed form 0).
    Eigen::ArrayXd random;
    /// Sample mean of qᵀR_m (q + σε) (closed form expectedSimilarScore()).
    Eigen::ArrayXd similar;
    /// Standard error (sample standard deviation / √N) of `random`.
    Eigen::ArrayXd randomStdError;
    /// Standard error of `similar`.
    Eigen::ArrayXd similarStdError;
};

/// \brief Seeded Monte-Carlo estimate of the expected score at each distance.
///
/// Draws N triples (q, k, ε) with i.i.d. standard normal coordinates from std::mt19937_64
/// seeded with \p seed (the same samples serve every distance, so the curves are smooth in m),
/// and averages qᵀR_m k and qᵀR_m (q + σε) with interleaved pairs (the layout does not change
/// either expectation: it only relabels i.i.d. coordinates). By the CLT the estimate lies
/// within a few standard errors of the closed form; the standard error shrinks as 1/√N.
/// \param samples N, 2 … limits::kMaxMonteCarloSamples, and N × distances × d/2 ≤
///        limits::kMaxMonteCarloWork.
/// \param noise σ ≥ 0, finite: the size of the perturbation that makes k̃ "similar".
/// \param seed seed of std::mt19937_64; equal seeds give equal estimates (same standard
///        library).
/// \warning Throws InvalidParameter("inv_freq", "positions", "samples", "noise").
ScoreEstimate monteCarloScores(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                               const Eigen::Ref<const Eigen::ArrayXd>& distances, long long samples,
                               double noise = 1.0, std::uint64_t seed = 20240529u);

/// \brief The integer distances first, first + step, …, up to and including last when it is
/// on the grid: a convenience for plotting curves over a context.
/// \warning Throws InvalidParameter("positions") if step ≤ 0, last < first, |first|, |last| >
/// 2^40, or the range has more than limits::kMaxDecayPositions values.
Eigen::ArrayXd distanceRange(long long first, long long last, long long step = 1);

} // namespace rope
