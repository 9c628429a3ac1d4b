// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"

#include <Eigen/Core>

#include <optional>
#include <string>
#include <string_view>
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

/// \brief How far a layer's attention reaches (the mask its model code builds).
enum class AttentionKind {
    Full,    ///< causal over the whole context ("full_attention")
    Sliding, ///< each query sees the last `sliding_window` keys ("sliding_attention")
    Chunked, ///< each query sees the keys of its own chunk ("chunked_attention", Llama 4)
    Linear,  ///< linear attention / state-space mixer without RoPE ("linear_attention")
};

/// \brief "full", "sliding", "chunked" or "linear".
std::string_view attentionKindName(AttentionKind kind);

/// \brief The kind behind a Hugging Face layer type string: "full_attention", "sliding_attention",
/// "chunked_attention", "linear_attention"; std::nullopt for any other string.
std::optional<AttentionKind> attentionKindOf(std::string_view hfLayerType);

/// \brief The largest query–key distance a layer can attend, or −1 when unbounded.
///
/// The masks of transformers' masking_utils.py: `sliding_window_overlay` keeps key j for query q
/// iff q − j < W, so distances 0 … W − 1; `chunked_overlay` keeps j iff ⌊j/C⌋ = ⌊q/C⌋, so at most
/// C − 1 (q at the end of its chunk, j at its start); a causal full layer reaches
/// max_position_embeddings − 1. No mask reaches past the context, hence the min with it.
/// Linear-attention layers have no positional mask (−1).
/// \param window W or C (tokens, ≥ 1) for Sliding and Chunked; ignored otherwise.
/// \param maxPositions max_position_embeddings (≥ 1), or ≤ 0 when unknown (Full → −1).
/// \warning Throws InvalidParameter("window") for a window < 1 on a sliding or chunked layer.
long long layerMaxDistance(AttentionKind kind, long long window, long long maxPositions);

/// \brief Mistral 3 / Ministral 3's query scale on every layer at position p:
/// \f$1 + β\ln\bigl(1 + \lfloor p / L_0 \rfloor\bigr)\f$ (`llama_4_scaling_beta` β,
/// `original_max_position_embeddings` L₀ of its YaRN block).
struct QueryScale {
    double beta = 0.1;
    double originalContext = 16384.0;
};

/// \brief The multiplier of QueryScale at position p ≥ 0: 1 for p < L₀, then growing like β·ln p.
/// \warning Throws InvalidParameter("position", "beta", "original-context").
/// Source: HF modeling_ministral3.py, `_get_llama_4_attn_scale` (transformers 5.x).
double mistralQueryScale(double position, const QueryScale& s);

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
    /// Which mask the layer's attention uses (from `type` and the family's code).
    AttentionKind attention = AttentionKind::Full;
    /// Sliding window W or chunk C in tokens; 0 for full and linear layers.
    long long window = 0;
    /// layerMaxDistance(attention, window, max_position_embeddings); −1 when unbounded.
    long long maxDistance = -1;
    /// Set on every layer of Mistral 3 / Ministral 3 (`llama_4_scaling_beta`).
    bool queryScaleOn = false;
    QueryScale queryScale;
    /// DeepSeek-V3.2's lightning indexer: its own RoPE layout (Half) while MLA rotates
    /// interleaved pairs; std::nullopt for models without an indexer.
    std::optional<Layout> indexerLayout;
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

/// \brief Why a layer's b*(L, d) was or was not computed.
enum class MinBaseStatus {
    Computed,    ///< minimalBase() found b* (bracketed)
    NoRope,      ///< the layer does not rotate
    Unbounded,   ///< the layer's max distance is unbounded (no L)
    OverWorkCap, ///< L·d/2 above the work cap: not attempted
    NotFound,    ///< no base ≤ limits::kMaxBase keeps Σcos ≥ 0 up to L − 1
    Failed,      ///< minimalBase() gave up (its work limit or rounding gaps); see reason
};

/// \brief "computed", "no_rope", "unbounded", "work_cap", "not_found", "failed".
std::string_view minBaseStatusName(MinBaseStatus status);

/// \brief The window-aware base check of one layer.
struct LayerBaseCheck {
    /// True when the layer rotates and has a bounded max distance: firstNegativeSumCos is
    /// meaningful.
    bool checked = false;
    /// First m in 0 … maxDistance with Σ_i cos(m·θ'_i) < 0 for the layer's own (scaled) θ',
    /// std::nullopt when none (every m of the layer's span is evaluated: firstNegativeDistance()).
    std::optional<long long> firstNegativeSumCos;
    /// L = maxDistance + 1 and d = rotary dimension of the b* search (0 when not checked).
    long long context = 0;
    int dim = 0;
    MinBaseStatus minBaseStatus = MinBaseStatus::NoRope;
    /// b*(L, d) of the unscaled ladder θ_i = b^(−2i/d): the verified-feasible upper end of
    /// minimalBase()'s bracket (NaN unless Computed) and its lower end.
    double minBase = 0.0;
    double minBaseLower = 0.0;
    /// Whether the layer's own base is ≥ minBase (meaningful only when Computed).
    bool baseSuffices = false;
    /// Human-readable reason for OverWorkCap and Failed.
    std::string reason;
};

/// \brief Settings of layerBaseChecks().
struct LayerBaseCheckOptions {
    /// Largest L·d/2 for which b*(L, d) is searched; larger ones are OverWorkCap. The default,
    /// 2^21, admits L = 32 768 at d = 128 (about a second of one core); b* of a 128 k full
    /// layer is a sweep of many seconds (docs/PERFORMANCE.md).
    double minBaseWorkCap = 2097152.0;
};

/// \brief The window-aware base check of every layer: for each rotating layer with a bounded
/// max distance, the first m ≤ maxDistance with a negative Σcos of its own θ' (\p frequencies),
/// and b*(maxDistance + 1, rotary dim) — computed once per distinct (L, d).
/// \param frequencies layerFrequencies(layers).
/// \warning Throws InvalidParameter("layers") when the two lists differ in length, and what
/// firstNegativeDistance() throws.
std::vector<LayerBaseCheck> layerBaseChecks(const std::vector<LayerRope>& layers,
                                            const std::vector<LayerFrequencies>& frequencies,
                                            const LayerBaseCheckOptions& options = {});

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
