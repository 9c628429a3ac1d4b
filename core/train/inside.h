// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/train/transformer.h"

#include <Eigen/Core>

#include <vector>

/// \file inside.h
/// What a trained model does inside (issue 36, experiment "inside"): the attention of every
/// head on one sequence, and how strongly each head's query and key projections use each rotary
/// pair.
///
/// The attention is not recomputed here: attentionMaps() runs Transformer::run() (forward only)
/// and reads the softmax probabilities its forward pass keeps for the backward pass
/// (Workspace::Layer::probs), so the maps are exactly what the trained model computed.
///
/// The per-pair norms are the quantity of the weights lesson and of io/weights_probe.h: for
/// layer l, head h and rotary pair i, the two coordinates the rotation mixes come from two rows
/// r₁, r₂ of W_q (and of W_k), and \f$\lVert W_q^{(i)}\rVert_F = \sqrt{\sum_j W_q[r_1,j]^2 +
/// W_q[r_2,j]^2}\f$. The product \f$\lVert W_q^{(i)}\rVert_F\,\lVert W_k^{(i)}\rVert_F\f$ bounds
/// what pair i can add to the score: with x̂ the normalised input, pair i contributes
/// \f$(W_q^{(i)}\hat x_n)^\top R_i\,(W_k^{(i)}\hat x_m)\le\lVert W_q^{(i)}\rVert\,\lVert
/// W_k^{(i)}\rVert\,\lVert\hat x_n\rVert\,\lVert\hat x_m\rVert\f$ (R_i a rotation, so norm 1).

namespace rope::train {

/// \brief The attention of one sequence: maps[l][h] is a T×T matrix whose row i is query i's
/// softmax over the keys j (row i sums to 1; entries j > i are 0, the causal mask).
struct AttentionMaps {
    int length = 0;
    std::vector<std::vector<Eigen::MatrixXd>> maps;
};

/// \brief Runs \p model forward on \p tokens (no targets, no gradient) with the position
/// context of tokens.size() (and \p scaling, as Transformer::positions()) and returns the
/// attention probabilities its forward pass cached, one matrix per layer and head.
/// \warning Throws as Transformer::positions() and Transformer::run() (length, tokens).
template <class T>
AttentionMaps attentionMaps(const Transformer<T>& model, const std::vector<int>& tokens,
                            const ScalingParams& scaling = {});

/// \brief Per-pair norms of every layer and head of a model.
struct PairNorms {
    int layers = 0;
    int heads = 0;
    /// Pairs per head: r/2 for rope (r = rotaryDimension()), else h/2 (h the head width: the
    /// same two-row grouping by the config's layout, a control with no rotation behind it).
    int pairs = 0;
    /// q[l][h][i] = ‖W_q⁽ⁱ⁾‖_F and k[l][h][i] = ‖W_k⁽ⁱ⁾‖_F of layer l, head h, pair i.
    std::vector<std::vector<std::vector<double>>> q, k;
    /// Wavelength 2π/θᵢ = 2π·b^(2i/r) of pair i (rope); empty for other schemes.
    std::vector<double> wavelength;

    /// \brief ‖W_q⁽ⁱ⁾‖·‖W_k⁽ⁱ⁾‖ of layer l, head h, pair i.
    double product(int layer, int head, int pair) const;
    /// \brief Σ over every layer and head of ‖W_q⁽ⁱ⁾‖·‖W_k⁽ⁱ⁾‖, one value per pair i.
    std::vector<double> summed() const;
};

/// \brief The per-pair norms of \p model's q_proj and k_proj (rows of pair i by the config's
/// layout: interleaved (2i, 2i+1), half (i, i + r/2), inside each head's block of rows), summed
/// in long double.
template <class T> PairNorms pairNorms(const Transformer<T>& model);

/// \brief The pair with the largest value of \p values (the first one on a tie), or −1 when
/// empty: where the "band" of a norm profile sits.
int peakPair(const std::vector<double>& values);

extern template AttentionMaps attentionMaps<float>(const Transformer<float>&,
                                                   const std::vector<int>&, const ScalingParams&);
extern template AttentionMaps attentionMaps<double>(const Transformer<double>&,
                                                    const std::vector<int>&,
                                                    const ScalingParams&);
extern template PairNorms pairNorms<float>(const Transformer<float>&);
extern template PairNorms pairNorms<double>(const Transformer<double>&);

} // namespace rope::train
