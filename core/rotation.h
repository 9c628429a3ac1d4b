// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"

#include <Eigen/Core>

/// \file rotation.h
/// The rotation R_m of RoPE (RoFormer, Su et al. 2021, arXiv 2104.09864, eq. 13–15) as a dense
/// matrix and in the three cheap forms real code uses, the permutation between the two pair
/// layouts, and the attention score q·k after rotation.
///
/// Conventions shared by every function here:
/// - θ (`invFreq`) is an input array of P = invFreq.size() inverse frequencies in radians per
///   token (default, or scaled by any method), so the rotary dimension is r = 2P.
/// - A head vector has h ≥ r coordinates. The rotary part is the first r coordinates; the last
///   h − r pass through unchanged (partial rotary, Hugging Face `partial_rotary_factor`).
/// - Interleaved layout: pair i is (x_{2i}, x_{2i+1}). Half layout: pair i is (x_i, x_{i+r/2}).
/// - Angles are m·θ_i computed in double, not reduced mod 2π. Rounding m·θ_i costs up to
///   |m·θ_i|·2^-53 rad, so results carry an absolute error that grows like |m|·ε.

namespace rope {

namespace limits {
/// Largest dimension for which a DENSE d×d matrix is built (rotations, residual heatmaps).
/// 1024² doubles = 8 MiB and a 1024³ product ≈ 2·10⁹ flops: still well under a second.
inline constexpr int kMaxDenseDim = 1024;
/// Largest dimension for which a matrix exponential is evaluated (scaling and squaring costs
/// ~(20 + log2‖A‖) dense products: ≈ 0.1 s at 256, but seconds at 1024).
inline constexpr int kMaxExponentialDim = 256;
/// Largest number of attention heads accepted by qkRowPermutation().
inline constexpr int kMaxHeads = 1024;
} // namespace limits

/// \brief cos and sin tables of length r = 2P, laid out to multiply a head vector elementwise.
struct RopeTables {
    /// Interleaved: (cos mθ_0, cos mθ_0, cos mθ_1, cos mθ_1, …). Half: cat(cos mθ, cos mθ).
    Eigen::ArrayXd cos;
    /// Same layout with sin mθ_i.
    Eigen::ArrayXd sin;
};

/// \brief Checks an inverse-frequency array: 1 ≤ size, 2·size ≤ limits::kMaxDim, every entry
/// finite and ≥ 0 (θ = 0: a pair that does not rotate, as p-RoPE's last pairs).
/// \warning Throws InvalidParameter naming \p name ("inv_freq" by default).
void validateInvFreq(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                     const char* name = "inv_freq");

/// \brief The cos/sin tables of position m: \f$\cos mθ_i\f$, \f$\sin mθ_i\f$ repeated per
/// pair for \p layout (`repeat_interleave` for interleaved, `cat(freqs, freqs)` for half, as in
/// Hugging Face `LlamaRotaryEmbedding`).
/// \param invFreq θ_i in rad/token, size P. \param position m (tokens), |m| ≤ 2^40.
/// \warning Throws InvalidParameter ("inv_freq", "position", "layout").
RopeTables ropeTables(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double position,
                      Layout layout);

/// \brief Dense rotation R_m of size 2P×2P.
///
/// Interleaved: block diagonal of \f$\begin{pmatrix}\cos mθ_i & -\sin mθ_i\\ \sin mθ_i & \cos
/// mθ_i\end{pmatrix}\f$ on rows/columns (2i, 2i+1). Half: the same 2×2 rotation on (i, i+P).
/// RoFormer eq. 15.
/// \warning Throws InvalidParameter ("inv_freq"; "dim" if 2P > limits::kMaxDenseDim;
/// "position"; "layout").
Eigen::MatrixXd rotationMatrix(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double position,
                               Layout layout);

/// \brief Dense rotation for arbitrary angles φ_i (rad): the 2×2 rotation by φ_i on pair i of
/// \p layout, identity on coordinates 2P … headDim−1. rotationMatrix() is this with φ = m·θ;
/// the identities use it for R_{n−m} with φ = (n−m)·θ, which may be negative or zero.
/// \param angles φ_i, finite, 1 ≤ P ≤ limits::kMaxDim/2. \param headDim even, 2P…kMaxDenseDim.
/// \warning Throws InvalidParameter ("angles", "dim", "layout").
Eigen::MatrixXd rotationMatrixFromAngles(const Eigen::Ref<const Eigen::ArrayXd>& angles,
                                         Layout layout, int headDim);

/// \brief Dense rotation of a head of size \p headDim with partial rotary: R_m (2P×2P) on the
/// first 2P coordinates and the identity on the remaining headDim − 2P.
/// \param headDim h, even, 2P ≤ h ≤ limits::kMaxDenseDim.
/// \warning Throws InvalidParameter ("inv_freq", "dim", "position", "layout").
Eigen::MatrixXd rotationMatrix(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double position,
                               Layout layout, int headDim);

/// \brief rot(x) = (−x_1, x_0, −x_3, x_2, …) on the first \p rotaryDim coordinates (the
/// interleaved "multiply by i"); the tail is zero.
/// \warning Throws InvalidParameter ("vector", "rotary-dim") unless x is finite, even-sized,
/// rotaryDim even and 2 ≤ rotaryDim ≤ x.size() ≤ limits::kMaxDim.
Eigen::ArrayXd rotateInterleavedPairs(const Eigen::Ref<const Eigen::ArrayXd>& x, int rotaryDim);

/// \brief Hugging Face `rotate_half` on the first \p rotaryDim = r coordinates:
/// \f$(-x_{r/2}, …, -x_{r-1}, x_0, …, x_{r/2-1})\f$; the tail is zero.
/// \warning Throws InvalidParameter ("vector", "rotary-dim") as rotateInterleavedPairs().
Eigen::ArrayXd rotateHalf(const Eigen::Ref<const Eigen::ArrayXd>& x, int rotaryDim);

/// \brief R_m x as a dense matrix–vector product (the definition; O(h²)).
/// \param x head vector, size h with 2P ≤ h ≤ limits::kMaxDenseDim, even, finite.
/// \warning Throws InvalidParameter ("vector", "inv_freq", "dim", "position", "layout").
Eigen::ArrayXd applyRopeDense(const Eigen::Ref<const Eigen::ArrayXd>& x,
                              const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double position,
                              Layout layout);

/// \brief Interleaved elementwise form \f$x \odot \cos + \mathrm{rot}(x) \odot \sin\f$
/// (RoFormer eq. 34; GPT-J). Tail beyond 2P passes through.
/// \param x head vector, even size h, 2P ≤ h ≤ limits::kMaxDim, finite.
/// \warning Throws InvalidParameter ("vector", "inv_freq", "position").
Eigen::ArrayXd applyRopeInterleaved(const Eigen::Ref<const Eigen::ArrayXd>& x,
                                    const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                    double position);

/// \brief Half-layout elementwise form \f$x \odot \cos + \mathrm{rotate\_half}(x) \odot \sin\f$
/// with cos/sin = cat(freqs, freqs) (GPT-NeoX, Hugging Face `apply_rotary_pos_emb`).
/// \warning Throws InvalidParameter ("vector", "inv_freq", "position").
Eigen::ArrayXd applyRopeRotateHalf(const Eigen::Ref<const Eigen::ArrayXd>& x,
                                   const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                   double position);

/// \brief Complex form: each pair (a, b) of \p layout is the complex number a + ib, multiplied
/// by \f$e^{i mθ_i}\f$ (Meta's `apply_rotary_emb` with `torch.polar`; RoFormer eq. 12).
/// \warning Throws InvalidParameter ("vector", "inv_freq", "position", "layout").
Eigen::ArrayXd applyRopeComplex(const Eigen::Ref<const Eigen::ArrayXd>& x,
                                const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double position,
                                Layout layout);

/// \brief R_m x by the elementwise form of \p layout (applyRopeInterleaved or
/// applyRopeRotateHalf). This is the function to call; the other forms exist to be compared.
/// \warning Throws InvalidParameter ("vector", "inv_freq", "position", "layout").
Eigen::ArrayXd applyRope(const Eigen::Ref<const Eigen::ArrayXd>& x,
                         const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double position,
                         Layout layout);

/// \brief Attention logit after rotation, \f$\langle R_m q, R_n k\rangle\f$ (no 1/√d, no
/// attention factor). Equals \f$q^\top R_{n-m} k\f$ (RoFormer eq. 16).
/// \warning Throws InvalidParameter ("q", "k" on size mismatch or bad values, "inv_freq",
/// "m", "n", "layout").
double attentionScore(const Eigen::Ref<const Eigen::ArrayXd>& q,
                      const Eigen::Ref<const Eigen::ArrayXd>& k,
                      const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double m, double n,
                      Layout layout);

/// \brief Index vector p turning an interleaved head into the half layout: y_j = x_{p_j}, with
/// p = (0, 2, 4, …, d−2, 1, 3, …, d−1). Pair (x_{2i}, x_{2i+1}) lands on (y_i, y_{i+d/2}).
/// \param dim d, even, 2…limits::kMaxDim.
/// \warning Throws InvalidParameter("dim").
Eigen::VectorXi interleavedToHalfPermutation(int dim);

/// \brief Inverse of interleavedToHalfPermutation(): q with q_{p_j} = j, i.e.
/// q = (0, d/2, 1, d/2+1, …).
/// \warning Throws InvalidParameter("dim").
Eigen::VectorXi halfToInterleavedPermutation(int dim);

/// \brief Row permutation of W_q / W_k that makes a model trained with interleaved RoPE give
/// identical attention scores when run with rotate_half: within each head, new row
/// a·(h/2) + i is old row 2i + a (Hugging Face `permute` in `convert_llama_weights_to_hf.py`:
/// `w.view(n_heads, h/2, 2, dim).transpose(1, 2)`). Result size numHeads·headDim.
/// \param numHeads 1…limits::kMaxHeads. \param headDim h, even, 2…limits::kMaxDim.
/// \warning Throws InvalidParameter ("heads", "dim").
Eigen::VectorXi qkRowPermutation(int numHeads, int headDim);

/// \brief y_j = x_{perm_j}.
/// \warning Throws InvalidParameter("permutation") unless \p perm is a permutation of
/// 0…x.size()−1.
Eigen::ArrayXd permuteVector(const Eigen::Ref<const Eigen::ArrayXd>& x,
                             const Eigen::Ref<const Eigen::VectorXi>& perm);

/// \brief Row j of the result is row perm_j of \p w (HF `permute` applied to a weight).
/// \warning Throws InvalidParameter("permutation") unless \p perm is a permutation of
/// 0…w.rows()−1.
Eigen::MatrixXd permuteRows(const Eigen::Ref<const Eigen::MatrixXd>& w,
                            const Eigen::Ref<const Eigen::VectorXi>& perm);

namespace limits {
/// Largest number of offsets compareLayoutScores() evaluates in one call.
inline constexpr long long kMaxLayoutOffsets = 1LL << 16;
} // namespace limits

/// \brief Attention scores of one head under the two pair layouts, for the weight-conversion
/// lesson (Hugging Face `convert_llama_weights_to_hf.py`, `permute`).
struct LayoutScoreComparison {
    /// Relative positions δ = n − m (tokens), as passed.
    Eigen::ArrayXd offsets;
    /// What the model was trained with: interleaved RoPE on q = W_q x_m, k = W_k x_n,
    /// \f$s = \langle R^{int}_m q, R^{int}_{m+δ} k\rangle\f$.
    Eigen::ArrayXd reference;
    /// rotate_half RoPE on the row-permuted weights \f$P W_q\f$, \f$P W_k\f$ with
    /// P = qkRowPermutation(1, d): equal to reference up to rounding.
    Eigen::ArrayXd permuted;
    /// The classic bug: rotate_half RoPE on the unpermuted weights. Pairs (x_i, x_{i+d/2}) are
    /// turned although the model learned pairs (x_{2i}, x_{2i+1}); equal to reference only at
    /// δ = 0, where every rotation cancels.
    Eigen::ArrayXd mismatched;
    /// \f$|\text{mismatched} − \text{reference}|\f$ per offset.
    Eigen::ArrayXd mismatchError;
    /// \f$\max_δ |\text{permuted} − \text{reference}|\f$: rounding only.
    double maxPermutedDifference = 0.0;
    /// \f$\max_δ\f$ mismatchError.
    double maxMismatchError = 0.0;
};

/// \brief Scores of the head (W_q, W_k) for token inputs x_m, x_n at positions m and m + δ
/// under interleaved RoPE, rotate_half with permuted weights, and rotate_half with the original
/// weights (see LayoutScoreComparison). θ has P = d/2 entries; every coordinate is rotated.
/// \param wq, wk d×d_model projections, d = 2·invFreq.size(), 1 ≤ d_model ≤ limits::kMaxDim.
/// \param xm, xn token vectors of size d_model. \param m query position (tokens).
/// \param offsets δ values, 1 … limits::kMaxLayoutOffsets of them, |m + δ| ≤ limits::kMaxPosition.
/// \warning Throws InvalidParameter ("wq", "wk", "xm", "xn", "inv_freq", "m", "offsets").
LayoutScoreComparison compareLayoutScores(const Eigen::Ref<const Eigen::MatrixXd>& wq,
                                          const Eigen::Ref<const Eigen::MatrixXd>& wk,
                                          const Eigen::Ref<const Eigen::ArrayXd>& xm,
                                          const Eigen::Ref<const Eigen::ArrayXd>& xn,
                                          const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double m,
                                          const Eigen::Ref<const Eigen::ArrayXd>& offsets);

} // namespace rope
