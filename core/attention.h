// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Core>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

/// \file attention.h
/// A toy single-head attention layer to show why position information is needed and what RoPE
/// changes: on "the dog chased another dog" without positions both "dog" rows come out
/// identical (attention is permutation-equivariant); with RoPE they differ, and the scores of a
/// repeated token depend only on the offset n − m (RoFormer, Su et al. 2021, arXiv 2104.09864,
/// eq. 16; the example is from the Hugging Face blog "You could have designed state of the art
/// positional encoding").
///
/// Conventions: row t of every T×· matrix belongs to token t; \f$Q = X W_q\f$ with X the T×d_model
/// inputs and \f$W_q\f$ d_model×d; no mask (every token sees every token, as in the blog's
/// encoder-style example). All products are plain loops in a fixed order, so identical inputs
/// give bit-identical rows.

namespace rope {

/// \brief Which position information the toy layer uses.
enum class AttentionEncoding {
    /// None: attention cannot tell positions apart.
    None,
    /// Sinusoidal absolute PE (Vaswani et al. 2017) added to the embeddings before projection:
    /// \f$q_t = W_q^\top (x_t + PE(t))\f$.
    Sinusoidal,
    /// RoPE: \f$q_m = R_{Θ,m} W_q^\top x_m\f$, \f$k_n = R_{Θ,n} W_k^\top x_n\f$, interleaved pairs
    /// \f$(x_{2i}, x_{2i+1})\f$ rotated by \f$mθ_i\f$, \f$θ_i = b^{-2i/d}\f$; values not rotated.
    Rope,
};

/// \brief Kebab-case id: "none", "sinusoidal", "rope".
const char* attentionEncodingId(AttentionEncoding encoding) noexcept;

/// \brief Parses an encoding id.
/// \warning Throws InvalidParameter("encoding") for anything else.
AttentionEncoding parseAttentionEncoding(const std::string& id);

/// \brief Every encoding, in teaching order (none → sinusoidal → rope).
const std::vector<AttentionEncoding>& allAttentionEncodings();

namespace limits {
/// Largest number of tokens in a toy sequence.
inline constexpr int kMaxTokens = 256;
/// Largest model or head width of the toy layer.
inline constexpr int kMaxAttentionDim = 1024;
} // namespace limits

/// \brief Everything one attention evaluation produces (T tokens, head width d).
struct AttentionResult {
    /// T×d queries as used in the scores (after RoPE and the attention factor).
    Eigen::MatrixXd queries;
    /// T×d keys as used in the scores (after RoPE and the attention factor).
    Eigen::MatrixXd keys;
    /// T×d values.
    Eigen::MatrixXd values;
    /// T×T pre-softmax scores \f$S = QK^\top/\sqrt{d}\f$.
    Eigen::MatrixXd scores;
    /// T×T attention weights, softmax of each row of S (rows sum to 1).
    Eigen::MatrixXd weights;
    /// T×d output \f$\mathrm{softmax}(S)\,V\f$.
    Eigen::MatrixXd output;
};

/// \brief Row-wise softmax \f$w_{ij} = e^{s_{ij} − μ_i} / \sum_j e^{s_{ij} − μ_i}\f$,
/// \f$μ_i = \max_j s_{ij}\f$.
///
/// Subtracting the row maximum keeps every exponent ≤ 0, so no overflow for any finite scores.
/// \warning Throws InvalidParameter("scores") if empty or not finite.
Eigen::MatrixXd softmaxRows(const Eigen::Ref<const Eigen::MatrixXd>& scores);

/// \brief Unmasked scaled dot-product attention
/// \f$\mathrm{softmax}(QK^\top/\sqrt{d})\,V\f$ (Vaswani et al. 2017, eq. 1), d = columns of Q.
/// \param queries T_q×d.
/// \param keys T_k×d.
/// \param values T_k×d_v.
/// Every size is ≤ limits::kMaxTokens rows and limits::kMaxAttentionDim columns; entries finite.
/// \warning Throws InvalidParameter("q", "k", "v") on empty, mismatched, oversized or
/// non-finite input.
AttentionResult scaledDotProductAttention(const Eigen::Ref<const Eigen::MatrixXd>& queries,
                                          const Eigen::Ref<const Eigen::MatrixXd>& keys,
                                          const Eigen::Ref<const Eigen::MatrixXd>& values);

/// \brief Attention with RoPE applied to queries and keys at the given positions.
///
/// \f$q'_m = a\,R_{Θ,m}\,q_m\f$, \f$k'_n = a\,R_{Θ,n}\,k_n\f$, then scaledDotProductAttention.
/// The factor a is Hugging Face's `attention_factor`, which multiplies the cos/sin cache and so
/// both q and k: every score is multiplied by exactly \f$a^2\f$ (a softmax temperature
/// \f$1/a^2\f$). Scores satisfy \f$q_m'^\top k_n' = a^2 q_m^\top R_{Θ,n−m} k_n\f$.
/// \param invFreq θ_i, size d/2, finite and positive.
/// \param positions one finite position per row (|p| ≤ 2^40).
/// \param attentionFactor a > 0, finite.
/// \warning Throws InvalidParameter("inv_freq", "positions", "attention-factor", "q", "k", "v").
AttentionResult ropeAttention(const Eigen::Ref<const Eigen::MatrixXd>& queries,
                              const Eigen::Ref<const Eigen::MatrixXd>& keys,
                              const Eigen::Ref<const Eigen::MatrixXd>& values,
                              const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                              const Eigen::Ref<const Eigen::ArrayXd>& positions,
                              double attentionFactor = 1.0);

/// \brief Parameters of the toy layer.
struct ToyAttentionParams {
    /// The sequence; equal strings share one embedding (1…limits::kMaxTokens tokens).
    std::vector<std::string> tokens = {"the", "dog", "chased", "another", "dog"};
    /// Embedding width d_model (even, 2…limits::kMaxAttentionDim; even for the sinusoidal PE).
    int modelDim = 8;
    /// Head width d (even, 2…limits::kMaxAttentionDim; even for RoPE pairs).
    int headDim = 8;
    /// Base b of both the sinusoidal PE and RoPE, 1 < b ≤ 1e30.
    double base = 10000.0;
    /// Position encoding variant.
    AttentionEncoding encoding = AttentionEncoding::None;
    /// Attention factor a > 0: q and k are multiplied by a in every variant, so scores scale by
    /// exactly a² (HF `attention_factor` semantics; see ropeAttention).
    double attentionFactor = 1.0;
    /// Seed of the std::mt19937_64 drawing embeddings and weights.
    std::uint64_t seed = 2024;
    /// Position of the first token (0 ≤ p, last position ≤ 2^40); RoPE scores do not depend on
    /// it, sinusoidal ones do.
    long long firstPosition = 0;
};

/// \brief The toy layer's inputs, weights and result.
struct ToyAttention {
    /// Distinct tokens in order of first appearance; row r of the embedding table is vocabulary[r].
    std::vector<std::string> vocabulary;
    /// T×d_model token embeddings (the vocabulary rows, repeated tokens share a row's values).
    Eigen::MatrixXd embeddings;
    /// T×d_model position encodings added to the embeddings (zero unless Sinusoidal).
    Eigen::MatrixXd positionEncoding;
    /// d_model×d projection matrices.
    Eigen::MatrixXd wq, wk, wv;
    /// Positions used (firstPosition + t).
    Eigen::ArrayXd positions;
    /// Scores, weights and outputs.
    AttentionResult attention;
};

/// \brief Runs the toy layer.
///
/// Random draws, in this order, from std::mt19937_64(seed) with std::normal_distribution:
/// one N(0, 1) embedding per vocabulary entry (d_model values each), then W_q, W_k, W_v with
/// N(0, 1/d_model) entries (row-major), so the draws are the same for every encoding and only
/// the encoding differs between variants. (The normal distribution's algorithm is the standard
/// library's, so exact values may differ between library implementations; properties do not.)
/// \warning Throws InvalidParameter("tokens", "model-dim", "head-dim", "base",
/// "attention-factor", "first-position", "encoding").
ToyAttention toyAttention(const ToyAttentionParams& params);

/// \brief \f$\max_j |M_{aj} − M_{bj}|\f$.
/// \warning Throws InvalidParameter("row") if a or b is out of range.
double maxRowDifference(const Eigen::Ref<const Eigen::MatrixXd>& matrix, Eigen::Index a,
                        Eigen::Index b);

/// \brief Indices (a < b) of the first token that occurs twice, scanning b left to right; for
/// "the dog chased another dog" this is (1, 4).
/// \warning Throws InvalidParameter("tokens") if no token repeats.
std::pair<Eigen::Index, Eigen::Index>
firstRepeatedTokenPair(const std::vector<std::string>& tokens);

/// \brief Max difference between the output rows of the first repeated token pair: exactly 0
/// without position information, > 0 with RoPE or sinusoidal PE.
/// \warning Throws as toyAttention and firstRepeatedTokenPair.
double repeatedTokenOutputDifference(const ToyAttentionParams& params);

/// \brief How far a square matrix is from Toeplitz (constant along each diagonal n − m):
/// \f$\max_δ (\max_{n−m=δ} M_{mn} − \min_{n−m=δ} M_{mn})\f$.
/// \warning Throws InvalidParameter("matrix") if not square, empty or not finite.
double toeplitzResidual(const Eigen::Ref<const Eigen::MatrixXd>& matrix);

/// \brief Toeplitz residual of the scores when one token (params.tokens.front()) is repeated
/// \p length times: ≈ 0 (rounding only) for RoPE and None, clearly > 0 for sinusoidal PE,
/// because with RoPE \f$q_m^\top k_n = q^\top R_{Θ,n−m} k\f$ depends on n − m alone.
/// \param length 1…limits::kMaxTokens.
/// \warning Throws InvalidParameter("length") and as toyAttention.
double repeatedTokenToeplitzResidual(const ToyAttentionParams& params, int length);

} // namespace rope
