// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/position_schemes.h"
#include "core/rope_params.h"

#include <Eigen/Core>

#include <cstdint>
#include <string>
#include <vector>

/// \file transformer.h
/// A small decoder-only transformer whose forward and backward passes are written out layer by
/// layer, each backward beside its forward (the plan of karpathy/llm.c `train_gpt2.c`), so that
/// the training lab can show what each position scheme does when it is actually trained.
///
/// Per layer l (pre-norm, Llama order): \f$h = x + W_o\,\mathrm{Attn}(\mathrm{RMSNorm}(x))\f$,
/// \f$x' = h + W_\downarrow\,\phi(W_\uparrow\,\mathrm{RMSNorm}(h))\f$ (the MLP term only with
/// ModelConfig::mlp); then logits \f$= W_{\mathrm{lm}}\,\mathrm{RMSNorm}(x_L)\f$ and the mean
/// cross-entropy over the positions that carry a target. Attention is causal; the position
/// scheme decides what is added to the token embedding (learned, sinusoidal), how q and k are
/// rotated (rope, p-rope) or what bias the scores get (alibi, t5). The scheme ids and the
/// functions behind them are the ones of core/position_schemes.h (alibiSlopes(),
/// t5RelativePositionBucket(), pRopeInverseFrequencies(), sinusoidalTable()) and
/// core/rotation.h (ropeTables()), not a second implementation.
///
/// The model is a template on the scalar: float for training, double for the finite-difference
/// gradient check and the PyTorch cross-check, one implementation for both.
///
/// Storage: every parameter lives in one flat vector (see ParamTensor); each tensor is stored
/// row-major in PyTorch's shape, so the flat vector is what a safetensors file or a torch model
/// holds. Activations are d×T matrices (one column per token).

namespace rope::train {

/// \brief Activation of the MLP.
enum class Activation {
    Gelu, ///< GELU, tanh form (GPT-2; PyTorch `gelu(approximate="tanh")`)
    Relu, ///< max(0, x)
};

/// \brief "gelu" or "relu".
const char* activationId(Activation activation) noexcept;
/// \brief Parses "gelu" or "relu". \warning Throws InvalidParameter("activation").
Activation parseActivation(const std::string& id);

namespace limits {
inline constexpr int kMinLayers = 1;
inline constexpr int kMaxLayers = 4;
inline constexpr int kMinDModel = 16;
inline constexpr int kMaxDModel = 128;
inline constexpr int kMinHeads = 1;
inline constexpr int kMaxHeads = 8;
inline constexpr int kMinVocab = 2;
inline constexpr int kMaxVocab = 512;
/// Longest sequence trained or evaluated: attention keeps a T×T matrix per head and layer.
inline constexpr int kMaxTrainLength = 1024;
} // namespace limits

/// \brief The architecture and its position scheme.
struct ModelConfig {
    /// Vocabulary size V, limits::kMinVocab … limits::kMaxVocab.
    int vocab = 16;
    /// Layers, 1 … 4.
    int layers = 2;
    /// Model width C, 16 … 128, a multiple of heads with an even head width C/heads.
    int dModel = 64;
    /// Attention heads, 1 … 8.
    int heads = 4;
    /// With an MLP of width 4C after the attention of every layer.
    bool mlp = true;
    Activation activation = Activation::Gelu;
    /// The position scheme: nope, learned, sinusoidal, rope, alibi, t5, p-rope ("none", the
    /// bidirectional bag of tokens, would let a decoder read its targets and is rejected).
    PositionScheme scheme = PositionScheme::Rope;
    /// Base b of RoPE, p-RoPE and the sinusoidal table, 1 < b ≤ 1e30.
    double base = 10000.0;
    /// RoPE: fraction of each head's coordinates that rotate, (0, 1]; the rotary dimension is
    /// \f$r = 2\lfloor f\,h/2\rfloor \ge 2\f$ (h the head width), with \f$θ_i = b^{-2i/r}\f$
    /// (Hugging Face `partial_rotary_factor`).
    double rotaryFraction = 1.0;
    /// RoPE and p-RoPE pair layout.
    Layout layout = Layout::Interleaved;
    /// p-RoPE: fraction p of the frequencies kept, 0 … 1 (pRopeInverseFrequencies()).
    double pRopeFraction = 0.75;
    /// T5: buckets B (2 … 1024) and the largest distinguished distance D (causal buckets).
    int t5Buckets = 32;
    int t5MaxDistance = 128;
    /// Rows of the learned position table: the longest sequence the model will ever see,
    /// training or test, 2 … limits::kMaxTrainLength. Rows past the training length never get a
    /// gradient and keep their random initialisation: testing a learned table beyond its
    /// training length shows exactly that (GPT-2 cannot do better; it simply has no such row).
    int maxLength = 64;
};

/// \brief Checks every field. \warning Throws InvalidParameter naming the field ("vocab",
/// "layers", "d-model", "heads", "scheme", "base", "rotary-fraction", "p", "buckets",
/// "max-distance", "max-length").
void validate(const ModelConfig& config);

/// \brief One parameter tensor inside the flat parameter vector: PyTorch shape rows × cols
/// (cols = 1 for a vector), stored row-major from \p offset.
struct ParamTensor {
    /// Hugging Face Llama-style name ("model.layers.0.self_attn.q_proj.weight").
    std::string name;
    Eigen::Index offset = 0;
    int rows = 0;
    int cols = 1;
    /// AdamW decays matrices and embeddings, not norm gains or T5 biases (the usual split).
    bool decay = true;
    /// True for 1-D tensors (norm gains).
    bool vector = false;
};

/// \brief Every tensor of \p config in storage order, and the total count in the last offset.
/// \warning Throws as validate().
std::vector<ParamTensor> parameterLayout(const ModelConfig& config);

/// \brief The rotary dimension of a rope head, \f$r = 2\lfloor f\,h/2\rfloor\f$ (f the rotary
/// fraction, h = d_model/heads): the d of RoPE's \f$θ_i = b^{-2i/r}\f$ and of b*(L, d).
int rotaryDimension(const ModelConfig& config);

/// \brief Total number of parameters.
Eigen::Index parameterCount(const ModelConfig& config);

/// \brief What the position scheme contributes at one sequence length, computed once and shared
/// (read-only) by every sequence of a batch.
template <class T> struct PositionContext {
    int length = 0;
    /// RoPE / p-RoPE: cos and sin of t·θ_i (times the scaling's attention factor), P×T, and
    /// the two coordinates of pair i inside a head (layout).
    Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic> cos, sin;
    std::vector<int> pairFirst, pairSecond;
    /// Sinusoidal: C×T table added to the embeddings.
    Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic> sinusoidal;
    /// ALiBi: one slope per head.
    std::vector<T> alibiSlopes;
    /// T5: bucket of (query i, key j) at i·T + j, for j ≤ i.
    std::vector<int> t5Bucket;
};

/// \brief The outcome of one sequence.
struct SequenceStats {
    /// Σ over the positions with a target of −log p(target) (not yet divided by the count).
    double lossSum = 0.0;
    /// Positions with a target, and how many of them the argmax predicts.
    int counted = 0;
    int correct = 0;
};

/// Offsets of the tensors inside the flat parameter vector (−1: absent).
struct TensorOffsets {
    struct Layer {
        Eigen::Index norm1 = -1, q = -1, k = -1, v = -1, o = -1, norm2 = -1, up = -1, down = -1;
    };
    Eigen::Index embed = -1, positions = -1, t5 = -1, normFinal = -1, head = -1;
    std::vector<Layer> layers;
};

/// \brief Per-sequence scratch memory (activations kept for the backward pass). One per
/// concurrently processed sequence; reusing it across calls avoids reallocations.
template <class T> struct Workspace;

/// \brief The model: configuration plus the flat parameter vector.
template <class T> class Transformer {
public:
    using Vec = Eigen::Matrix<T, Eigen::Dynamic, 1>;
    using Mat = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>;

    /// Parameters zero-initialised. \warning Throws as validate().
    explicit Transformer(const ModelConfig& config);

    /// \brief Random initialisation from \p seed (std::mt19937_64, normal draws in storage
    /// order): embeddings and the learned table N(0, 1) (as torch.nn.Embedding); a linear
    /// layer with fan-in n: N(0, 1/n), the output projections o_proj and down_proj
    /// additionally divided by 2·layers (GPT-2's scaled residual init); norm gains 1; T5 biases 0.
    void initialize(std::uint64_t seed);

    const ModelConfig& config() const noexcept { return m_config; }
    const std::vector<ParamTensor>& layout() const noexcept { return m_layout; }
    Vec& parameters() noexcept { return m_params; }
    const Vec& parameters() const noexcept { return m_params; }

    /// \brief The position context for sequences of \p length tokens. For rope, \p scaling
    /// replaces θ by scalingMethod(scaling.method).apply(θ, base, scaling) (PI/linear, ntk,
    /// dynamic, yarn, …: the project's own core/scaling functions) and multiplies cos/sin by its
    /// attention factor, as Hugging Face does; "default" leaves θ unchanged.
    /// \param length 1 … limits::kMaxTrainLength, and ≤ maxLength for the learned scheme.
    /// \warning Throws InvalidParameter("length"), ("scaling") for a non-default method on a
    /// scheme other than rope, or as the scaling method.
    PositionContext<T> positions(int length, const ScalingParams& scaling = {}) const;

    /// \brief Forward pass of one sequence, and the backward pass when \p grad is given.
    ///
    /// \p tokens and \p targets hold pos.length entries; a target < 0 means "no target here".
    /// The gradient of lossScale · Σ(token losses) is ADDED to \p grad (size parameterCount()),
    /// so a caller that wants the batch mean passes 1/(targets in the batch). \p predictions,
    /// when given, receives the argmax at every position.
    /// \warning Tokens and targets must be < vocab (checked: InvalidParameter("token")).
    SequenceStats run(const int* tokens, const int* targets, const PositionContext<T>& pos,
                      Workspace<T>& ws, Vec* grad = nullptr, T lossScale = T(1),
                      int* predictions = nullptr) const;

private:
    ModelConfig m_config;
    std::vector<ParamTensor> m_layout;
    TensorOffsets m_offsets;
    Vec m_params;
};

template <class T> struct Workspace {
    using Mat = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>;
    using Vec = Eigen::Matrix<T, Eigen::Dynamic, 1>;
    /// Per layer: what the backward pass needs of the forward pass.
    struct Layer {
        Mat x;                  ///< C×T residual stream entering the layer
        Vec rstd1, rstd2;       ///< 1/rms of each token at the two norms
        Mat xn1;                ///< C×T RMSNorm(x)·g₁
        Mat q, k, v;            ///< C×T projections (q, k after the rotation, for rope)
        std::vector<Mat> probs; ///< per head T×T, column i = query i's softmax over keys j ≤ i
        Mat att;                ///< C×T concatenated head outputs
        Mat h;                  ///< C×T residual stream after attention
        Mat xn2;                ///< C×T RMSNorm(h)·g₂
        Mat up, act;            ///< 4C×T MLP pre-activation and activation
    };
    std::vector<Layer> layers;
    Mat x; ///< C×T output of the last layer
    Vec rstdFinal;
    Mat xnFinal; ///< C×T final RMSNorm
    Mat logits;  ///< V×T
    // Backward scratch.
    Mat dx, dh, dxn, dq, dk, dv, datt, dup, dscores, dprobs, dlogits;
};

extern template class Transformer<float>;
extern template class Transformer<double>;

} // namespace rope::train
