// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Core>

#include <string>
#include <vector>

/// \file absolute_encoding.h
/// Additive (absolute) position encodings PE(p) ∈ ℝ^d, the road to RoPE told in the Hugging Face
/// blog "You could have designed state of the art positional encoding" (C. Fleetwood, 2024):
/// integer, normalised integer, binary and sinusoidal (Vaswani et al. 2017, "Attention Is All
/// You Need", §3.5), with the properties a good encoding should have measured as numbers.

namespace rope {

/// \brief An absolute position-encoding scheme.
enum class AbsoluteScheme {
    /// \f$PE(p) = p\,\mathbf{1}\f$: unique but unbounded; swamps the token embedding.
    Integer,
    /// \f$PE(p) = (p/N)\,\mathbf{1}\f$ with N the sequence length: bounded, but the same p
    /// means something different for every N.
    NormalisedInteger,
    /// \f$PE(p)_j = \lfloor p / 2^j \rfloor \bmod 2\f$: bit j of p, **least significant bit
    /// first** (column 0 flips fastest, like sinusoidal pair 0). Only 2^d positions are
    /// distinct: p and p + 2^d share a code.
    Binary,
    /// \f$PE(p)_{2i} = \sin(p\,ω_i)\f$, \f$PE(p)_{2i+1} = \cos(p\,ω_i)\f$,
    /// \f$ω_i = b^{-2i/d}\f$ (Vaswani et al. 2017); d even.
    Sinusoidal,
};

/// \brief Kebab-case id: "integer", "normalised-integer", "binary", "sinusoidal".
const char* absoluteSchemeId(AbsoluteScheme scheme) noexcept;

/// \brief Parses a scheme id.
/// \warning Throws InvalidParameter("scheme") listing the known ids for anything else.
AbsoluteScheme parseAbsoluteScheme(const std::string& id);

/// \brief Every scheme, in the blog's order (integer → sinusoidal).
const std::vector<AbsoluteScheme>& allAbsoluteSchemes();

namespace limits {
/// Largest number of encoded positions P (2^20).
inline constexpr long long kMaxEncodingPositions = 1LL << 20;
/// Largest matrix size P·d (2^24 entries, 128 MiB of doubles).
inline constexpr long long kMaxEncodingEntries = 1LL << 24;
/// Largest least-squares work P·d² for fitLinearShift and encodingChecklist (2^30 ≈ 1e9 flops).
inline constexpr long long kMaxFitWork = 1LL << 30;
} // namespace limits

/// \brief Parameters of an absolute encoding.
struct AbsoluteEncodingParams {
    /// The scheme.
    AbsoluteScheme scheme = AbsoluteScheme::Sinusoidal;
    /// Encoding width d: 1…limits::kMaxDim (even for Sinusoidal).
    int dim = 16;
    /// Sinusoidal base b (10000 in the Transformer), 1 < b ≤ 1e30; ignored by other schemes.
    double base = 10000.0;
    /// N of NormalisedInteger (tokens); 0 means "the number of encoded positions P".
    long long sequenceLength = 0;
};

/// \brief The P×d matrix whose row p is PE(p), p = 0 … P−1.
/// \param positions P, 1 ≤ P ≤ limits::kMaxEncodingPositions, P·d ≤ limits::kMaxEncodingEntries.
/// \warning Throws InvalidParameter("dim", "base", "positions", "sequence-length"; the latter
/// when N < 0 or N > limits::kMaxContext).
Eigen::MatrixXd absoluteEncoding(const AbsoluteEncodingParams& params, long long positions);

/// \brief The exact shift matrix of the sinusoidal encoding: \f$PE(p+k) = W_k\,PE(p)\f$.
///
/// Block diagonal with one 2×2 block per pair i (acting on the column vector
/// \f$(\sin pω_i, \cos pω_i)^\top\f$):
/// \f$\begin{pmatrix}\cos kω_i & \sin kω_i\\ −\sin kω_i & \cos kω_i\end{pmatrix}\f$,
/// from \f$\sin(a+b) = \sin a\cos b + \cos a\sin b\f$ and
/// \f$\cos(a+b) = \cos a\cos b − \sin a\sin b\f$.
/// It depends on k only, not on p: the linear-relation property.
/// \param dim d, even, 2…limits::kMaxDim.
/// \param base b.
/// \param shift k (tokens), |k| ≤ 2^40.
/// \warning Throws InvalidParameter("dim", "base", "shift").
Eigen::MatrixXd sinusoidalShiftMatrix(int dim, double base, double shift);

/// \brief Result of the least-squares shift fit.
struct LinearShiftFit {
    /// The d×d matrix W minimising \f$\sum_p \lVert PE(p+k) − W\,PE(p)\rVert^2\f$ (the
    /// minimum-norm minimiser when PE(p) do not span ℝ^d).
    Eigen::MatrixXd shiftMatrix;
    /// \f$\max_{p,j} |PE(p+k)_j − (W\,PE(p))_j|\f$ over the fitted pairs.
    double maxResidual = 0.0;
    /// Numerical rank of the stacked PE(p) rows.
    Eigen::Index rank = 0;
    /// Number of pairs (p, p+k) fitted: P − k.
    long long pairs = 0;
};

/// \brief Best linear map \f$W_k\f$ with \f$PE(p+k) ≈ W_k\,PE(p)\f$, fitted by least squares
/// over every pair with both p and p+k in 0…P−1 (Eigen's complete orthogonal decomposition).
///
/// What the residual shows: sinusoidal ≈ 0 (exact W_k exists, sinusoidalShiftMatrix); integer:
/// W·PE(0) = W·0 = 0 while PE(k) = k·1, so a linear W can never add the constant k and the
/// residual is exactly k (the fit gives \f$W\mathbf{1} = c\,\mathbf{1}\f$ with
/// \f$c = \sum p(p+k)/\sum p^2\f$, whose error \f$|(c−1)p − k|\f$ is largest at p = 0);
/// normalised integer: k/N for the same reason; binary: > 0 (carries are not linear).
/// \param positions P ≥ 2.
/// \param shift k with 1 ≤ k ≤ P−1.
/// \warning Throws InvalidParameter("positions", "shift", and those of absoluteEncoding);
/// P·d² ≤ limits::kMaxFitWork.
LinearShiftFit fitLinearShift(const AbsoluteEncodingParams& params, long long positions,
                              long long shift);

/// \brief Thresholds used by encodingChecklist (documented so the GUI can print them).
namespace checklist {
/// Largest shift k for the distance-consistency measurement: k = 1 … min(P−1, 16).
inline constexpr long long kMaxShift = 16;
/// Relative tolerance for "zero" (distance spread, linear residual), times max(1, scale).
inline constexpr double kTolerance = 1e-9;
/// "Bounded" when max|PE| over 2P positions is at most this times max|PE| over P positions
/// (linear growth gives ≈ 2).
inline constexpr double kBoundedGrowth = 1.5;
/// "Extrapolates in range" when positions P…2P−1 leave the value range seen on 0…P−1 by at
/// most this fraction of that range's width.
inline constexpr double kRangeTolerance = 0.01;
/// Largest shift K of the decay measurement: k = 1 … K with K = min(kMaxDecayShift, ⌊P/2⌋).
inline constexpr long long kMaxDecayShift = 16;
} // namespace checklist

/// \brief The good-encoding checklist (the blog above) measured for one scheme.
struct EncodingChecklist {
    /// Rows equal (exactly) to an earlier row among PE(0) … PE(P−1).
    long long duplicateRows = 0;
    /// Property 1, unique: duplicateRows == 0.
    bool unique = false;
    /// \f$\max_k\,(\max_p − \min_p)\,\lVert PE(p+k) − PE(p)\rVert\f$ for k = 1…min(P−1, 16).
    double distanceSpread = 0.0;
    /// Largest \f$\lVert PE(p+k) − PE(p)\rVert\f$ seen (the scale for the tolerance).
    double maxDistance = 0.0;
    /// Property 2, consistent distances: spread ≤ kTolerance·max(1, maxDistance).
    bool consistentDistances = false;
    /// max |PE(p)_j| over p < P.
    double maxAbsEntry = 0.0;
    /// max |PE(p)_j| over p < 2P (for NormalisedInteger with N = 2P: the doubled sequence).
    double maxAbsEntryDoubled = 0.0;
    /// Property 3, bounded: maxAbsEntryDoubled ≤ kBoundedGrowth·maxAbsEntry.
    bool bounded = false;
    /// fitLinearShift(k = 1).maxResidual.
    double linearResidual = 0.0;
    /// Property 4, linear relation: linearResidual ≤ kTolerance·max(1, maxAbsEntry).
    bool linearRelation = false;
    /// How far PE(P) … PE(2P−1), encoded with the training length N = P, fall outside the
    /// interval [min, max] of all entries of PE(0) … PE(P−1).
    double extrapolationExcess = 0.0;
    /// Property 5a, extrapolates in range: excess ≤ kRangeTolerance·(max − min seen).
    /// Binary passes (every entry is 0 or 1), integer schemes fail.
    bool extrapolatesInRange = false;
    /// The same measured per column j against column j's own seen interval, maximised over j.
    /// Binary: 1 (bit ⌈log₂P⌉ is first set beyond the window); sinusoidal: > 0, because the
    /// slow pairs (ω_i P < 2π) meet angles never seen in training — the problem that position
    /// interpolation, NTK and YaRN address for RoPE.
    double columnExtrapolationExcess = 0.0;
    /// Every column stays in its own seen interval up to kRangeTolerance of its width (a column
    /// constant in training must stay exactly constant).
    bool columnsInRange = false;
    /// \f$\max_{p<P} |PE_{N=P}(p) − PE_{N=2P}(p)|\f$: how much a position's code changes when
    /// the sequence doubles ((P−1)/(2P) for NormalisedInteger, 0 otherwise).
    double lengthDependence = 0.0;
    /// Property 5b, the code of p does not depend on the sequence length: lengthDependence == 0.
    bool lengthIndependent = false;
    /// Mean similarity by shift, entry k−1 for k = 1 … K (K = min(checklist::kMaxDecayShift,
    /// ⌊P/2⌋)): \f$s(k) = \frac{1}{P−K}\sum_{p=0}^{P−K−1} \langle PE(p), PE(p+k)\rangle\f$, the
    /// position part of an attention score between tokens k apart, averaged over the same P − K
    /// start positions for every k. Sinusoidal: \f$s(k) = \sum_i \cos(kω_i)\f$ for every p.
    Eigen::ArrayXd shiftSimilarity;
    /// Least-squares slope of s(k) against k over k = 1 … K (similarity per token of shift):
    /// \f$\sum_k (k − \bar k)(s(k) − \bar s) / \sum_k (k − \bar k)^2\f$.
    double similaritySlope = 0.0;
    /// Property 6, decaying: similarity falls with distance on average,
    /// similaritySlope < −kTolerance·max(1, max_k |s(k)|). A flat or growing s(k) fails: integer
    /// codes give \f$s(k) = d\,(\overline{p^2} + k\,\bar p)\f$, growing with k.
    bool decaying = false;
};

/// \brief Measures the checklist over P positions (and 2P for growth and extrapolation).
/// \param positions P, 4 ≤ P ≤ limits::kMaxEncodingPositions/2, P·d² ≤ limits::kMaxFitWork.
/// params.sequenceLength is ignored (N = P, and 2P for the doubled sequence).
/// \warning Throws InvalidParameter("positions", "dim", "base").
EncodingChecklist encodingChecklist(const AbsoluteEncodingParams& params, long long positions);

} // namespace rope
