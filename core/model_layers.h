// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"

#include <Eigen/Core>

#include <string>
#include <vector>

/// \file model_layers.h
/// Models whose layers do not share one RoPE: Gemma 3 (local layers base 10⁴, global layers base
/// 10⁶ with linear ×8), Cohere2 and Llama 4 / SmolLM3 (layers without RoPE, "NoPE"), DeepSeek
/// (an extra softmax scale from YaRN's mscale).

namespace rope {

/// \brief Llama 4's query temperature on NoPE layers (`attn_temperature_tuning`).
struct QueryTemperature {
    /// `floor_scale` (tokens, > 0; 8192 in Llama 4).
    double floorScale = 8192.0;
    /// `attn_scale` (≥ 0; 0.1 in Llama 4).
    double attnScale = 0.1;
};

/// \brief The positional encoding of one decoder layer.
struct LayerRope {
    /// Attention type as the config names it ("full_attention", "sliding_attention", …).
    std::string type = "full_attention";
    /// False for a NoPE layer: queries and keys are not rotated at all.
    bool rope = true;
    /// Dimensions, base and scaling of this layer (read only when rope is true).
    RopeParams params;
    /// Factor the model's code multiplies the softmax scale 1/√d_qk by (1 unless the model code
    /// scales; DeepSeek: mscale(s, mscale_all_dim)²).
    double softmaxScaleMultiplier = 1.0;
    /// Set on Llama 4 NoPE layers with attn_temperature_tuning; otherwise queryTemperatureOn
    /// is false.
    bool queryTemperatureOn = false;
    QueryTemperature queryTemperature;
};

/// \brief What a layer's RoPE amounts to, ready to print or plot.
struct LayerFrequencies {
    int index = 0;
    std::string type;
    bool rope = true;
    /// Rotated dimensions (0 for NoPE).
    int rotaryDim = 0;
    /// θ'_i of the layer (empty for NoPE).
    Eigen::ArrayXd invFreq;
    /// cos/sin multiplier of the scaling method (1 for NoPE).
    double attentionFactor = 1.0;
    double softmaxScaleMultiplier = 1.0;
};

/// \brief θ' and factors of every layer: scaledFrequencies() of each RoPE layer, nothing for
/// NoPE layers (rotaryDim 0, empty invFreq, attention factor 1).
/// \warning Throws InvalidParameter (prefixed "layer i: ") from scaledFrequencies.
std::vector<LayerFrequencies> layerFrequencies(const std::vector<LayerRope>& layers);

/// \brief Layer types from a sliding-window pattern p (Gemma 3, Cohere2):
/// layer i is "full_attention" if (i + 1) mod p = 0, else "sliding_attention".
/// \param numLayers 1 … 100000; \param pattern ≥ 1 (p = 1: every layer full).
/// \warning Throws InvalidParameter("num-layers") or ("sliding-window-pattern").
/// Source: HF `Gemma3TextConfig` / `Cohere2Config` (transformers 4.5x: `layer_types` default
/// built from `sliding_window_pattern`).
std::vector<std::string> slidingWindowLayerTypes(int numLayers, int pattern);

/// \brief Which layers use RoPE when every k-th layer is NoPE (Llama 4, SmolLM3): layer i uses
/// RoPE iff (i + 1) mod k ≠ 0.
/// \param numLayers 1 … 100000; \param interval k ≥ 1.
/// \warning Throws InvalidParameter("num-layers") or ("no-rope-layer-interval").
/// Source: HF `Llama4TextConfig` and `SmolLM3Config` default `no_rope_layers`
/// (`[int((i + 1) % no_rope_layer_interval != 0) for i in range(num_hidden_layers)]`, where 1
/// means "this layer uses RoPE").
std::vector<bool> noRopeIntervalLayers(int numLayers, int interval);

/// \brief DeepSeek's extra softmax scale: \f$g(s, m)^2\f$ with
/// \f$g(s, m) = 0.1\,m\ln s + 1\f$ for s > 1, else 1 (`yarn_get_mscale`); 1 when m = 0.
/// \param factor s ≥ 1; \param mscaleAllDim m ≥ 0 (`mscale_all_dim`).
/// \warning Throws InvalidParameter("factor") or ("mscale-all-dim").
/// Source: DeepSeek-AI 2024, "DeepSeek-V3 Technical Report", arXiv 2412.19437; HF
/// `DeepseekV3Attention.__init__` (softmax scale = qk_head_dim^-0.5 · mscale²).
double deepseekSoftmaxScaleMultiplier(double factor, double mscaleAllDim);

/// \brief Llama 4's query multiplier on NoPE layers at position m:
/// \f$\ln\bigl(1 + \lfloor (m+1)/\mathrm{floor\_scale} \rfloor\bigr)\cdot\mathrm{attn\_scale} +
/// 1\f$. 1 for m + 1 < floor_scale; grows like ln m, so long-range NoPE attention stays sharp.
/// \param position m ∈ [0, 2^40]; \param t floorScale > 0, attnScale ≥ 0.
/// \warning Throws InvalidParameter("position"), ("floor-scale") or ("attn-scale").
/// Source: HF `Llama4TextAttention.forward` (transformers 4.51+).
double llama4QueryTemperature(double position, const QueryTemperature& t);

} // namespace rope
