// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/train/inside.h"

#include "core/frequencies.h"

#include <cmath>
#include <numbers>
#include <string>

namespace rope::train {

namespace {

// The flat-vector offset of the tensor called \p name (parameterLayout() names them as Hugging
// Face Llama does), or −1.
Eigen::Index tensorOffset(const std::vector<ParamTensor>& layout, const std::string& name) {
    for (const ParamTensor& t : layout) {
        if (t.name == name) {
            return t.offset;
        }
    }
    return -1;
}

// ‖rows r₁ and r₂ of a row-major [d_out, d_in] weight‖_F, summed in long double so that the
// float model's norms do not depend on the order of a float sum.
template <class T>
double twoRowNorm(const T* weight, int columns, int firstRow, int secondRow) {
    long double sum = 0;
    for (int r : {firstRow, secondRow}) {
        const T* row = weight + static_cast<std::ptrdiff_t>(r) * columns;
        for (int j = 0; j < columns; ++j) {
            const auto v = static_cast<long double>(row[j]);
            sum += v * v;
        }
    }
    return static_cast<double>(std::sqrt(sum));
}

} // namespace

template <class T>
AttentionMaps attentionMaps(const Transformer<T>& model, const std::vector<int>& tokens,
                            const ScalingParams& scaling) {
    const auto length = static_cast<int>(tokens.size());
    const PositionContext<T> pos = model.positions(length, scaling);
    // No target anywhere: run() then only does the forward pass (no loss terms, no gradient),
    // which fills ws.layers[l].probs[h] with column i = query i's softmax over keys j ≤ i.
    const std::vector<int> noTargets(tokens.size(), -1);
    Workspace<T> ws;
    model.run(tokens.data(), noTargets.data(), pos, ws);
    AttentionMaps out;
    out.length = length;
    const ModelConfig& c = model.config();
    out.maps.resize(static_cast<std::size_t>(c.layers));
    for (int l = 0; l < c.layers; ++l) {
        const auto& probs = ws.layers[static_cast<std::size_t>(l)].probs;
        for (int h = 0; h < c.heads; ++h) {
            // The cache is keys × queries; the map is read as a matrix, row = query.
            out.maps[static_cast<std::size_t>(l)].push_back(
                probs[static_cast<std::size_t>(h)].transpose().template cast<double>());
        }
    }
    return out;
}

double PairNorms::product(int layer, int head, int pair) const {
    const auto l = static_cast<std::size_t>(layer);
    const auto h = static_cast<std::size_t>(head);
    const auto i = static_cast<std::size_t>(pair);
    return q.at(l).at(h).at(i) * k.at(l).at(h).at(i);
}

std::vector<double> PairNorms::summed() const {
    std::vector<double> out(static_cast<std::size_t>(pairs), 0.0);
    for (int i = 0; i < pairs; ++i) {
        long double sum = 0;
        for (int l = 0; l < layers; ++l) {
            for (int h = 0; h < heads; ++h) {
                sum += product(l, h, i);
            }
        }
        out[static_cast<std::size_t>(i)] = static_cast<double>(sum);
    }
    return out;
}

template <class T> PairNorms pairNorms(const Transformer<T>& model) {
    const ModelConfig& c = model.config();
    const int d = c.dModel;
    const int headDim = d / c.heads;
    const bool rope = c.scheme == PositionScheme::Rope;
    // Rope rotates the first r coordinates of each head; any other scheme is grouped over the
    // whole head by the same layout rule, so the numbers can be set beside rope's.
    const int r = rope ? rotaryDimension(c) : headDim;
    PairNorms out;
    out.layers = c.layers;
    out.heads = c.heads;
    out.pairs = r / 2;
    if (rope) {
        // θᵢ = b^(−2i/r): the wavelength 2π/θᵢ is how many positions pair i needs to turn once.
        const Eigen::ArrayXd theta = inverseFrequencies(r, c.base);
        for (Eigen::Index i = 0; i < theta.size(); ++i) {
            out.wavelength.push_back(2.0 * std::numbers::pi / theta[i]);
        }
    }
    const T* params = model.parameters().data();
    out.q.resize(static_cast<std::size_t>(c.layers));
    out.k.resize(static_cast<std::size_t>(c.layers));
    for (int l = 0; l < c.layers; ++l) {
        const std::string prefix = "model.layers." + std::to_string(l) + ".self_attn.";
        const Eigen::Index qOffset = tensorOffset(model.layout(), prefix + "q_proj.weight");
        const Eigen::Index kOffset = tensorOffset(model.layout(), prefix + "k_proj.weight");
        if (qOffset < 0 || kOffset < 0) {
            throw InvalidParameter("model", "layer " + std::to_string(l) +
                                                " has no q_proj/k_proj tensor");
        }
        for (int h = 0; h < c.heads; ++h) {
            std::vector<double> qh, kh;
            for (int i = 0; i < out.pairs; ++i) {
                // Rows of pair i inside head h (rotation.h's conventions, as ropeRotate()).
                const int first = c.layout == Layout::Interleaved ? 2 * i : i;
                const int second = c.layout == Layout::Interleaved ? 2 * i + 1 : i + r / 2;
                qh.push_back(twoRowNorm(params + qOffset, d, h * headDim + first,
                                        h * headDim + second));
                kh.push_back(twoRowNorm(params + kOffset, d, h * headDim + first,
                                        h * headDim + second));
            }
            out.q[static_cast<std::size_t>(l)].push_back(std::move(qh));
            out.k[static_cast<std::size_t>(l)].push_back(std::move(kh));
        }
    }
    return out;
}

int peakPair(const std::vector<double>& values) {
    int best = -1;
    for (int i = 0; i < static_cast<int>(values.size()); ++i) {
        if (best < 0 || values[static_cast<std::size_t>(i)] > values[static_cast<std::size_t>(best)]) {
            best = i;
        }
    }
    return best;
}

template AttentionMaps attentionMaps<float>(const Transformer<float>&, const std::vector<int>&,
                                            const ScalingParams&);
template AttentionMaps attentionMaps<double>(const Transformer<double>&, const std::vector<int>&,
                                             const ScalingParams&);
template PairNorms pairNorms<float>(const Transformer<float>&);
template PairNorms pairNorms<double>(const Transformer<double>&);

} // namespace rope::train
