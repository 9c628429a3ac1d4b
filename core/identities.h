// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"

#include <Eigen/Core>

/// \file identities.h
/// The algebra that makes RoPE a relative position encoding, as residuals that are zero in
/// exact arithmetic (RoFormer, Su et al. 2021, arXiv 2104.09864, §3.2–3.4; kexue.fm/archives/8265
/// and /8397 for the matrix-exponential view).
///
/// Every `…ResidualMatrix` returns the dense residual (for a heatmap); the matching `…Residual`
/// returns its largest absolute entry. θ is an input array of P inverse frequencies (rad/token),
/// the matrices are 2P×2P, and 2P ≤ limits::kMaxDenseDim (rotation.h).
///
/// Size of the rounding floor: m·θ_i is rounded to double, an error of up to |m·θ_i|·2^-53 rad
/// in each angle, so a residual built from positions m, n is of order (|m| + |n|)·θ_max·ε
/// (ε = 2^-52), plus a few ε from cos/sin and the products: ≈ 2e-11 for m, n ~ 1e5, θ_0 = 1.

namespace rope {

/// \brief Relativity \f$R_m^\top R_n - R_{n-m}\f$ (RoFormer eq. 16).
/// \param m, n positions (tokens), |m|, |n| ≤ 2^40.
/// \warning Throws InvalidParameter ("inv_freq", "dim", "m", "n", "layout").
Eigen::MatrixXd relativityResidualMatrix(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double m,
                                         double n, Layout layout = Layout::Interleaved);
/// \brief max |entry| of relativityResidualMatrix().
double relativityResidual(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double m, double n,
                          Layout layout = Layout::Interleaved);

/// \brief Composition \f$R_m R_n - R_{m+n}\f$ (rotations by m and n add up).
/// \warning Throws InvalidParameter ("inv_freq", "dim", "m", "n", "layout").
Eigen::MatrixXd compositionResidualMatrix(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double m,
                                          double n, Layout layout = Layout::Interleaved);
/// \brief max |entry| of compositionResidualMatrix().
double compositionResidual(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double m, double n,
                           Layout layout = Layout::Interleaved);

/// \brief Orthogonality \f$R_m^\top R_m - I\f$.
/// \warning Throws InvalidParameter ("inv_freq", "dim", "position", "layout").
Eigen::MatrixXd orthogonalityResidualMatrix(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                            double position, Layout layout = Layout::Interleaved);
/// \brief max |entry| of orthogonalityResidualMatrix().
double orthogonalityResidual(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double position,
                             Layout layout = Layout::Interleaved);

/// \brief Norm preservation \f$\bigl|\,\|R_m x\| - \|x\|\,\bigr|\f$ with R_m applied as a dense
/// product (partial rotary allowed: x.size() ≥ 2P).
/// \warning Throws InvalidParameter ("vector", "inv_freq", "dim", "position", "layout").
double normResidual(const Eigen::Ref<const Eigen::ArrayXd>& x,
                    const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double position,
                    Layout layout = Layout::Interleaved);

/// \brief Score identity \f$\bigl|\langle R_m q, R_n k\rangle - q^\top R_{n-m} k\bigr|\f$, left
/// side by the elementwise form (applyRope), right side by a dense product.
/// \warning Throws InvalidParameter ("q", "k", "inv_freq", "dim", "m", "n", "layout").
double scoreResidual(const Eigen::Ref<const Eigen::ArrayXd>& q,
                     const Eigen::Ref<const Eigen::ArrayXd>& k,
                     const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double m, double n,
                     Layout layout = Layout::Interleaved);

/// \brief Skew-symmetric generator B of RoPE: the 2×2 block \f$\begin{pmatrix}0 & -θ_i\\ θ_i &
/// 0\end{pmatrix}\f$ on the pair (2i, 2i+1) (interleaved) or (i, i+P) (half), so that
/// \f$R_n = \exp(nB)\f$ (kexue.fm/archives/8397, "一维通解").
/// \warning Throws InvalidParameter ("inv_freq", "dim" if 2P > limits::kMaxDenseDim, "layout").
Eigen::MatrixXd rotationGenerator(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                  Layout layout = Layout::Interleaved);

/// \brief \f$\exp(nB)\f$ by Eigen's matrix exponential (Padé + scaling and squaring,
/// unsupported/Eigen/MatrixFunctions), independent of cos/sin.
/// \warning Throws InvalidParameter ("inv_freq", "dim" if 2P > limits::kMaxExponentialDim,
/// "position", "layout").
Eigen::MatrixXd rotationExponential(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                    double position, Layout layout = Layout::Interleaved);

/// \brief \f$\exp(nB) - R_n\f$. Scaling and squaring halves nB s ≈ log2|nθ_0| times and squares
/// back, so its error also grows like |n|·θ_0·ε.
/// \warning Throws InvalidParameter as rotationExponential().
Eigen::MatrixXd exponentialResidualMatrix(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                          double position, Layout layout = Layout::Interleaved);
/// \brief max |entry| of exponentialResidualMatrix().
double exponentialResidual(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double position,
                           Layout layout = Layout::Interleaved);

} // namespace rope
