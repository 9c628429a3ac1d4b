// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"
#include "core/rotation.h"

#include <Eigen/Core>

/// \file rope_2d.h
/// Two-dimensional RoPE for image patches (Su, "Transformer升级之路:4、二维位置的旋转式位置编码",
/// kexue.fm/archives/8397, 2021; used by RoPE-ViT, Heo et al. 2024, arXiv 2403.13298), its
/// matrix-exponential derivation, and why flattening a patch grid to 1D positions is wrong.
///
/// Convention (the block matrix of archives/8397 written out for d dimensions):
/// - d = 4Q. θ (`invFreq`) has Q entries θ_0 … θ_{Q−1}; the default ladder is the 1D one over
///   d/2 with the same base, \f$θ_j = b^{-2j/(d/2)} = b^{-4j/d}\f$ (inverseFrequencies2d()).
/// - Coordinates 0 … d/2−1 are the x half: pair (2j, 2j+1) is rotated by x·θ_j.
///   Coordinates d/2 … d−1 are the y half: pair (d/2+2j, d/2+2j+1) is rotated by y·θ_j.
///   Both halves use interleaved pairs; each half is a 1D RoPE of size d/2.
/// - On an h×w grid, x is the row (0 … h−1) and y the column (0 … w−1); flattening gives the
///   token index x·w + y.

namespace rope {

namespace limits {
/// Largest grid side h or w accepted by the grid functions (256² = 65536 patches).
inline constexpr int kMaxGridSide = 256;
} // namespace limits

/// \brief Default 2D ladder \f$θ_j = b^{-4j/d}\f$, j = 0 … d/4−1 (= inverseFrequencies(d/2, b)).
/// \param dim d, a multiple of 4 in [4, limits::kMaxDim]. \param base b, 1 < b ≤ 1e30.
/// \warning Throws InvalidParameter ("dim", "base").
Eigen::ArrayXd inverseFrequencies2d(int dim, double base);

/// \brief Dense \f$R_{x,y}\f$ (d×d, d = 4Q): block diagonal, 2×2 rotations by x·θ_j on the
/// x half and y·θ_j on the y half.
/// \param x, y positions (patches), finite, |x|, |y| ≤ 2^40.
/// \warning Throws InvalidParameter ("inv_freq", "dim" if d > limits::kMaxDenseDim, "x", "y").
Eigen::MatrixXd rotationMatrix2d(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double x,
                                 double y);

/// \brief \f$R_{x,y} v\f$ by the elementwise form: interleaved 1D RoPE at x on the first half
/// of v and at y on the second half (the implementation of archives/8397).
/// \param v size exactly 4·invFreq.size(), finite.
/// \warning Throws InvalidParameter ("vector", "inv_freq", "x", "y").
Eigen::ArrayXd applyRope2d(const Eigen::Ref<const Eigen::ArrayXd>& v,
                           const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double x, double y);

/// \brief Relativity \f$R_{x_1,y_1}^\top R_{x_2,y_2} - R_{x_2-x_1,\,y_2-y_1}\f$ (archives/8397,
/// property 1). Zero up to rounding, which grows like (|x|+|y|)·θ_0·ε.
/// \warning Throws InvalidParameter ("inv_freq", "dim", "x1", "y1", "x2", "y2").
Eigen::MatrixXd relativity2dResidualMatrix(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                           double x1, double y1, double x2, double y2);
/// \brief max |entry| of relativity2dResidualMatrix().
double relativity2dResidual(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double x1, double y1,
                            double x2, double y2);

/// \brief A 2D position (x = row, y = column), in patches.
struct Position2d {
    double x = 0.0;
    double y = 0.0;
};

/// \brief Invertibility (archives/8397, property 2): recovers (x, y) from \f$R_{x,y}\f$.
///
/// Each pair j gives its angle \f$φ_j = \operatorname{atan2}(R_{2j+1,2j}, R_{2j,2j})\f$, i.e.
/// \f$xθ_j\f$ modulo 2π. Coarse to fine (phase unwrapping): the slowest pair gives
/// \f$\hat x = φ/θ_{\min}\f$; each faster pair then picks the turn count
/// \f$k = \operatorname{round}((\hat xθ_j − φ_j)/2π)\f$ and refines \f$\hat x = (φ_j + 2πk)/θ_j\f$,
/// ending at the fastest pair's precision. Likewise for y at offset d/2.
/// \warning Valid while |x|·θ_min < π and |y|·θ_min < π (default ladder, d = 32, b = 10⁴:
/// |x|, |y| < π·10³·⁵ ≈ 9935 patches); outside, the answer is the alias x − 2πk/θ_min in that
/// range. Each unwrapping step needs the previous estimate within π/θ_j, true for ladders whose
/// consecutive ratios θ_{j+1}/θ_j are far from rounding level.
/// Throws InvalidParameter ("inv_freq"; "rotation" unless it is a finite d×d matrix,
/// d = 4·invFreq.size()).
Position2d recoverPosition2d(const Eigen::Ref<const Eigen::MatrixXd>& rotation,
                             const Eigen::Ref<const Eigen::ArrayXd>& invFreq);

/// \brief Two skew-symmetric generators, so that \f$R_{x,y} = \exp(xB_1 + yB_2)\f$.
struct Generators2d {
    /// B₁ (rotates with x).
    Eigen::MatrixXd b1;
    /// B₂ (rotates with y).
    Eigen::MatrixXd b2;
};

/// \brief The generators of 2D RoPE: B₁ has the blocks \f$\begin{pmatrix}0&-θ_j\\θ_j&0
/// \end{pmatrix}\f$ on the x half, B₂ the same blocks on the y half. They act on disjoint
/// planes, so B₁B₂ = B₂B₁ = 0 and relativity holds (archives/8397, "RoPE现身").
/// \warning Throws InvalidParameter ("inv_freq", "dim" if d > limits::kMaxDenseDim).
Generators2d ropeGenerators2d(const Eigen::Ref<const Eigen::ArrayXd>& invFreq);

/// \brief A NON-commuting pair on R³: B₁ rotates the (e₀, e₁) plane and B₂ the overlapping
/// (e₁, e₂) plane (archives/8397's 3×3 case with a = 1, b = 0, c = 1, which its commutation
/// condition rules out). [B₁, B₂] ≠ 0, so exp(x₁B₁+y₁B₂)ᵀexp(x₂B₁+y₂B₂) ≠ exp(ΔxB₁+ΔyB₂).
Generators2d nonCommutingGenerators();

/// \brief max |entry| of the commutator \f$B_1B_2 - B_2B_1\f$.
/// \warning Throws InvalidParameter("generators") as generatorExponential().
double commutatorNorm(const Generators2d& generators);

/// \brief \f$\exp(xB_1 + yB_2)\f$ by Eigen's matrix exponential.
/// \warning Throws InvalidParameter ("generators" unless B₁, B₂ are finite, square, of equal
/// size 1…limits::kMaxExponentialDim and skew-symmetric to 1e-12 relative; "x", "y").
Eigen::MatrixXd generatorExponential(const Generators2d& generators, double x, double y);

/// \brief Relativity residual of a generator pair:
/// \f$\exp(x_1B_1+y_1B_2)^\top\exp(x_2B_1+y_2B_2) - \exp((x_2-x_1)B_1+(y_2-y_1)B_2)\f$.
/// ≈ 0 for commuting skew generators (ropeGenerators2d), clearly ≠ 0 for nonCommutingGenerators().
/// \warning Throws InvalidParameter ("generators", "x1", "y1", "x2", "y2").
Eigen::MatrixXd generatorRelativityResidualMatrix(const Generators2d& generators, double x1,
                                                  double y1, double x2, double y2);
/// \brief max |entry| of generatorRelativityResidualMatrix().
double generatorRelativityResidual(const Generators2d& generators, double x1, double y1, double x2,
                                   double y2);

/// \brief max |entry| of \f$\exp(xB_1 + yB_2) - R_{x,y}\f$ with the generators of
/// ropeGenerators2d(): the closed form equals the exponential.
/// \warning Throws InvalidParameter ("inv_freq", "dim" if d > limits::kMaxExponentialDim, "x",
/// "y").
double exponential2dResidual(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double x, double y);

/// \brief Score \f$\langle R_{x_q,y_q} q, R_{x_k,y_k} k\rangle = q^\top R_{x_k-x_q,\,y_k-y_q} k\f$
/// of one query/key patch pair under 2D RoPE.
/// \warning Throws InvalidParameter ("q", "k", "inv_freq", "xq", "yq", "xk", "yk").
double patchScore2d(const Eigen::Ref<const Eigen::ArrayXd>& q,
                    const Eigen::Ref<const Eigen::ArrayXd>& k,
                    const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double xq, double yq,
                    double xk, double yk);

/// \brief Heatmap of 2D-RoPE scores for a query patch: an h×w matrix S with
/// \f$S_{x,y} = \langle R_{x_q,y_q} q, R_{x,y} k\rangle\f$. S depends on the key only through
/// (x − x_q, y − y_q), so moving the query moves the pattern rigidly in both directions.
/// \param q, k size 4·invFreq.size(). \param h, w grid size, 1 … limits::kMaxGridSide.
/// \param xq row 0 … h−1. \param yq column 0 … w−1.
/// \warning Throws InvalidParameter ("q", "k", "inv_freq", "h", "w", "xq", "yq").
Eigen::MatrixXd gridScores2d(const Eigen::Ref<const Eigen::ArrayXd>& q,
                             const Eigen::Ref<const Eigen::ArrayXd>& k,
                             const Eigen::Ref<const Eigen::ArrayXd>& invFreq, int h, int w, int xq,
                             int yq);

/// \brief The same heatmap with 1D interleaved RoPE on the flattened index: \f$S_{x,y} =
/// \langle R_{x_q w + y_q} q, R_{x w + y} k\rangle\f$. The score depends only on the token
/// offset Δ = (x−x_q)·w + (y−y_q): the patch below is w tokens away but the right neighbour 1,
/// and the last patch of a row and the first of the next are 1 token apart although they are
/// w−1 columns apart in the image.
/// \param invFreq 1D ladder, 2·invFreq.size() ≤ q.size() (usually inverseFrequencies(d, b)).
/// \warning Throws InvalidParameter ("q", "k", "inv_freq", "h", "w", "xq", "yq").
Eigen::MatrixXd gridScoresFlattened(const Eigen::Ref<const Eigen::ArrayXd>& q,
                                    const Eigen::Ref<const Eigen::ArrayXd>& k,
                                    const Eigen::Ref<const Eigen::ArrayXd>& invFreq, int h, int w,
                                    int xq, int yq);

/// \brief Heatmap of the token offsets the flattened encoding sees: h×w matrix with entries
/// \f$(x w + y) - (x_q w + y_q)\f$ (vertical neighbours ±w, horizontal ±1).
/// \warning Throws InvalidParameter ("h", "w", "xq", "yq").
Eigen::MatrixXd flattenedTokenOffsets(int h, int w, int xq, int yq);

/// \brief Numbers that show what flattening loses, for display beside the two heatmaps.
struct FlatteningComparison {
    /// Token distance flattening gives the right neighbour (Δx, Δy) = (0, 1): 1.
    double horizontalNeighbourDistance = 1.0;
    /// Token distance flattening gives the neighbour below (1, 0): w.
    double verticalNeighbourDistance = 0.0;
    /// Row-wrap gap under 2D RoPE: |s((0,0)→(0,1)) − s((0,w−1)→(1,0))|, the right neighbour
    /// versus the first patch of the next row seen from the last patch of a row. Their 2D
    /// offsets (0, 1) and (1, −(w−1)) differ, so the scores differ (> 0 for generic q, k).
    double rowWrapGap2d = 0.0;
    /// The same gap under flattened 1D RoPE: both pairs are 1 token apart, so the gap is 0 up
    /// to rounding — the encoding cannot tell a neighbour from a patch across the image.
    double rowWrapGapFlattened = 0.0;
};

/// \brief Fills FlatteningComparison for vectors q, k of size d on a grid of width w.
/// \param invFreq2d Q = d/4 entries (2D RoPE). \param invFreq1d d/2 entries (flattened 1D).
/// \param w grid width, 2 … limits::kMaxGridSide.
/// \warning Throws InvalidParameter ("q", "k", "inv_freq", "w").
FlatteningComparison compareFlattening(const Eigen::Ref<const Eigen::ArrayXd>& q,
                                       const Eigen::Ref<const Eigen::ArrayXd>& k,
                                       const Eigen::Ref<const Eigen::ArrayXd>& invFreq2d,
                                       const Eigen::Ref<const Eigen::ArrayXd>& invFreq1d, int w);

} // namespace rope
