// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Core>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

/// \file position_schemes.h
/// Eight ways to give one attention head position information, computed on one shared toy
/// input so that only the scheme differs: the pre-softmax score
/// \f$s_{ij} = q_i^\top k_j/\sqrt d + b_{ij}\f$ of query i and key j, with \f$q_i, k_j\f$ from the
/// same token embeddings and projections for every scheme, and the scheme deciding whether
/// positions enter the vectors (added to x, rotated) or the bias \f$b_{ij}\f$ (ALiBi, T5), and
/// which keys a query may see (the mask).
///
/// Conventions: positions are 0 … T−1; row i of a T×T matrix is query i, column j key j; the
/// relative distance is δ = i − j (how far back the key lies); a masked cell holds NaN.

namespace rope {

/// \brief A position scheme of the comparison.
enum class PositionScheme {
    /// No position information and no mask: a bag of tokens (attention is permutation
    /// equivariant).
    None,
    /// Learned absolute embeddings added to x (GPT-2, BERT): a trained table, here random
    /// N(0, 1/2) rows drawn from the seed.
    Learned,
    /// Sinusoidal absolute embeddings added to x (Vaswani et al. 2017, §3.5).
    Sinusoidal,
    /// RoPE: q and k rotated by their positions (Su et al. 2021, arXiv 2104.09864).
    Rope,
    /// ALiBi: a linear bias −m·(i − j) on the scores (Press et al. 2021, arXiv 2108.12409).
    Alibi,
    /// T5: a learned scalar per relative-distance bucket (Raffel et al. 2020, arXiv 1910.10683).
    T5,
    /// NoPE: no position information, causal mask (Kazemnejad et al. 2023, arXiv 2305.19466).
    Nope,
    /// p-RoPE: only the highest fraction p of RoPE's frequencies rotate (Barbero et al. 2024,
    /// arXiv 2410.06205).
    PRope,
};

/// \brief Kebab-case id: "none", "learned", "sinusoidal", "rope", "alibi", "t5", "nope",
/// "p-rope" (a contract: rope-cli and sessions use them).
const char* positionSchemeId(PositionScheme scheme) noexcept;

/// \brief Parses a scheme id.
/// \warning Throws InvalidParameter("scheme") naming the valid ids for anything else.
PositionScheme parsePositionScheme(const std::string& id);

/// \brief Every scheme, in the order of the ids above.
const std::vector<PositionScheme>& allPositionSchemes();

/// \brief Which keys a query sees.
enum class AttentionMask {
    Causal,        ///< key j visible to query i iff j ≤ i (a decoder)
    Bidirectional, ///< every key visible (an encoder)
};

/// \brief ALiBi's head slopes for \p heads heads (Press et al. 2021, §3 and their reference
/// code `get_slopes`).
///
/// For n a power of two: \f$m_h = 2^{-8h/n}\f$, h = 1 … n (n = 8: 1/2, 1/4, …, 1/256). For other n,
/// with c the largest power of two below n: the c slopes of c heads, then every other slope of
/// 2c heads (the 1st, 3rd, …), n − c of them.
/// \param heads 1 … 1024.
/// \warning Throws InvalidParameter("heads") outside that range.
std::vector<double> alibiSlopes(int heads);

/// \brief T5's bucket of a relative position (Raffel et al. 2020; Hugging Face transformers'
/// `T5Attention._relative_position_bucket`).
///
/// \p relativePosition is key − query (j − i, negative for a key in the past). Bidirectional:
/// half the buckets for each sign (buckets ≥ B/2 for j > i), then |j − i|; causal
/// (unidirectional): a future key goes to bucket 0 with distance 0, a past key's distance is
/// i − j. Of the B' buckets left (B or B/2), distances below \f$e = B'/2\f$ get one bucket each;
/// larger ones \f$e + \lfloor \ln(r/e)/\ln(D/e)\cdot(B' − e)\rfloor\f$, at most B' − 1
/// (logarithmic bins up to D = \p maxDistance; everything beyond shares the last bucket). The
/// logarithm is evaluated in single precision as transformers evaluates it (a float tensor), so
/// the bucket at a bin edge agrees with a model's.
/// \param numBuckets B, 2 … 1024 (even when bidirectional, as in T5's configs).
/// \param maxDistance D > e (1 … 1e6).
/// \warning Throws InvalidParameter("buckets", "max-distance", "relative-position").
int t5RelativePositionBucket(long long relativePosition, bool bidirectional, int numBuckets,
                             int maxDistance);

/// \brief p-RoPE's inverse frequencies (Barbero et al. 2024, §6): RoPE's
/// \f$θ_i = b^{-2i/d}\f$ for the first \f$\lfloor p\,d/2 \rfloor\f$ pairs (the highest
/// frequencies), 0 for the rest (never rotated). p = 1 is RoPE, p = 0 is NoPE on q and k.
/// \param p the fraction of frequencies kept, 0 … 1.
/// \warning Throws InvalidParameter("dim", "base", "p").
Eigen::ArrayXd pRopeInverseFrequencies(int dim, double base, double p);

/// \brief The sinusoidal table of Vaswani et al. 2017 (§3.5):
/// \f$PE(t, 2i) = \sin(t/b^{2i/d})\f$, \f$PE(t, 2i+1) = \cos(t/b^{2i/d})\f$, t = 0 … T − 1.
/// \warning Throws InvalidParameter("dim", "base", "length").
Eigen::MatrixXd sinusoidalTable(int length, int dim, double base);

namespace limits {
/// Longest toy sequence of the comparison.
inline constexpr int kMaxSchemeTokens = 64;
/// Widest toy head of the comparison.
inline constexpr int kMaxSchemeDim = 256;
} // namespace limits

/// \brief The shared toy input and each scheme's settings.
struct SchemeToyParams {
    /// T, 2 … limits::kMaxSchemeTokens.
    int length = 16;
    /// Head width d = model width (even, 4 … limits::kMaxSchemeDim).
    int dim = 64;
    /// Base b of the sinusoidal table, RoPE and p-RoPE, 1 < b ≤ 1e30.
    double base = 10000.0;
    /// Mask of learned, sinusoidal, rope, alibi, t5 and p-rope ("none" is always
    /// bidirectional, "nope" always causal: that is what they are).
    AttentionMask mask = AttentionMask::Causal;
    /// true: T distinct random tokens; false: one token repeated T times, so that everything
    /// the score map shows comes from positions.
    bool distinctTokens = false;
    /// Seed of every random draw (tokens, projections, the learned table, T5's biases).
    std::uint64_t seed = 2024;
    /// ALiBi: number of heads n (1 … 1024) and the head h shown (1 … n), slope alibiSlopes(n)[h−1].
    int alibiHeads = 8;
    int alibiHead = 4;
    /// T5: number of buckets B and the largest distinguished distance D.
    int t5Buckets = 32;
    int t5MaxDistance = 128;
    /// p-RoPE: the fraction of frequencies kept.
    double pRopeFraction = 0.75;
};

/// \brief The draws every scheme shares, from std::mt19937_64(seed) with
/// std::normal_distribution, in this order: limits::kMaxSchemeTokens token embeddings of d
/// N(0, 1) values (row 0 is the repeated token); W_q, W_k, W_v (d×d, N(0, 1/d), row-major); the
/// learned table (limits::kMaxSchemeTokens rows of d N(0, 1/2) values: the mean square of a
/// sinusoidal entry, so the two absolute schemes have the same strength); T5's bias per bucket
/// (N(0, 1)). A longer T only adds rows: position t's rows do not depend on T.
struct SchemeInputs {
    Eigen::MatrixXd tokens; ///< T×d: the embeddings at positions 0 … T−1
    Eigen::MatrixXd wq, wk, wv;
    Eigen::MatrixXd learned; ///< T×d
    std::vector<double> t5Bias;
};

/// \brief Draws the shared input (see SchemeInputs).
/// \warning Throws InvalidParameter("length", "dim", "buckets") out of range.
SchemeInputs schemeInputs(const SchemeToyParams& params);

/// \brief One scheme evaluated on the toy input.
struct SchemeResult {
    /// T×T pre-softmax scores \f$q_i^\top k_j/\sqrt d + b_{ij}\f$; NaN where masked.
    Eigen::MatrixXd scores;
    /// T×d outputs: softmax over the visible keys of each row, times V (values carry no
    /// position in any scheme).
    Eigen::MatrixXd output;
    /// The mask this scheme used.
    AttentionMask mask = AttentionMask::Causal;
};

/// \brief Evaluates \p scheme on \p inputs with the tokens taken in the order \p order (token
/// order[t] sits at position t; empty: the identity), so that the permutation test can reorder
/// the same tokens.
/// \warning Throws InvalidParameter("order") if \p order is not a permutation of 0 … T−1, and as
/// the scheme's functions for its settings ("heads", "head", "buckets", "max-distance", "p",
/// "base").
SchemeResult evaluateScheme(PositionScheme scheme, const SchemeToyParams& params,
                            const SchemeInputs& inputs, const std::vector<int>& order = {});

/// \brief The mask \p scheme uses under \p params.
AttentionMask schemeMask(PositionScheme scheme, const SchemeToyParams& params) noexcept;

/// \brief Mean of the finite scores on each diagonal δ = i − j, δ = −(T−1) … T−1: pairs
/// (δ, mean), only for the diagonals that hold a visible cell.
std::vector<std::pair<int, double>>
distanceProfile(const Eigen::Ref<const Eigen::MatrixXd>& scores);

/// \brief Translation-invariance residual: \f$\max_δ(\max_{i−j=δ} s_{ij} − \min_{i−j=δ}
/// s_{ij})\f$ over the finite cells. 0 when the scores depend on i − j alone.
double diagonalSpread(const Eigen::Ref<const Eigen::MatrixXd>& scores);

/// \brief The permutation test: the outputs for T distinct tokens, and for the same tokens in
/// reverse order mapped back to their tokens, differ by at most this (max over tokens and
/// components). 0 means the layer cannot see the order (outputs are permutation equivariant).
/// \p params.distinctTokens is ignored (the test needs distinct tokens).
double permutationResidual(PositionScheme scheme, const SchemeToyParams& params);

} // namespace rope
