// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

/// \file weights_probe.h
/// How strongly a trained model's query and key projections use each rotary pair.
///
/// For head h and rotary pair i, the two components the rotation mixes are produced by two rows
/// of W_q (and of W_k): rows i and i + R/2 of the head with the half layout (transformers'
/// rotate_half), rows 2i and 2i + 1 with the interleaved layout (GPT-J), R being the rotary
/// dimension (partial rotary: the first R of the head's head_dim rows). The pair's norm is the
/// Frobenius norm of those two rows, ‖W⁽ⁱ⁾‖_F = √(Σ_j W[r₁, j]² + W[r₂, j]²). A pair whose
/// ‖W_q⁽ⁱ⁾‖·‖W_k⁽ⁱ⁾‖ is large can contribute large terms to qᵀR k; Barbero et al. (2024) and
/// Jin et al. (2025) find trained models concentrate it on the lowest-frequency pairs.
///
/// The folder is a Hugging Face model folder: config.json (read with the config importer: head
/// dimension, rotary dimension, layout; and num_attention_heads, num_key_value_heads,
/// num_hidden_layers) and model.safetensors or model.safetensors.index.json with its shards; or
/// Mistral's own layout, params.json (dim, n_heads, n_kv_heads, head_dim, n_layers, rope_theta)
/// with consolidated*.safetensors, whose wq/wk keep Meta's interleaved pair order. Projections
/// are found as `<prefix>layers.<i>.self_attn.q_proj.weight` / `k_proj` (Llama, Qwen, Mistral,
/// Gemma), a fused `qkv_proj` (Phi-3: rows q, then k, then v), GPT-NeoX's fused
/// `<prefix>layers.<i>.attention.query_key_value.weight` (per head h the rows [q_h, k_h, v_h],
/// transformers viewing the output as [heads, 3·head_dim]; partial rotary through rotary_pct) or
/// `layers.<i>.attention.wq.weight` / `wk` (Mistral's consolidated.safetensors). Only those
/// tensors are read, through memory maps.

namespace rope::io {

/// \brief Per-pair norms of one decoder layer.
struct LayerPairNorms {
    int index = 0;
    /// q[h][i]: ‖W_q⁽ⁱ⁾‖ of query head h (num_attention_heads × R/2).
    std::vector<std::vector<double>> q;
    /// k[g][i]: ‖W_k⁽ⁱ⁾‖ of key/value head g (num_key_value_heads × R/2).
    std::vector<std::vector<double>> k;
};

/// \brief What the probe found.
struct WeightsProbe {
    QString modelName;
    int headDim = 0;
    int rotaryDim = 0;
    int queryHeads = 0;
    int kvHeads = 0;
    rope::Layout layout = rope::Layout::Half;
    double base = 10000.0;
    /// "q_proj/k_proj", "qkv_proj", "query_key_value" (GPT-NeoX) or "wq/wk" (Mistral).
    QString naming;
    /// The prefix before "layers." ("model.", "model.language_model.", …).
    QString prefix;
    std::vector<LayerPairNorms> layers;
    /// Things the config importer or the probe noted ("field: text").
    QStringList warnings;

    /// \brief Wavelength 2π/θᵢ of pair i, θᵢ = base^(−2i/R) (the unscaled ladder the weights
    /// were trained with).
    double wavelength(int pair) const;
};

/// \brief Called after each tensor read with (tensors done, tensors in all); returning false
/// cancels the probe.
using WeightsProgress = std::function<bool(int done, int total)>;

/// \brief Probes the model in \p folder.
/// \return the norms, or nullopt with one message in \p error naming the file, tensor or config
/// field that is missing or wrong.
std::optional<WeightsProbe> probeModelFolder(const QString& folder, QString& error,
                                             const WeightsProgress& progress = {});

/// \brief probeModelFolder() remembered per folder (path and modification times of its
/// config.json and safetensors files), so a panel redrawn with the same folder reads nothing.
/// Thread-safe.
std::shared_ptr<const WeightsProbe> cachedWeightsProbe(const QString& folder, QString& error,
                                                       const WeightsProgress& progress = {});

/// \brief The bundled synthetic example (resource folder).
QString syntheticWeightsFolder();

/// \brief A model in the Hugging Face cache.
struct HfCacheModel {
    QString repo;     ///< "org/name"
    QString folder;   ///< the snapshot folder holding config.json and the safetensors files
    QString revision; ///< snapshot folder name (a commit hash)
};

/// \brief The hub cache folder: $HF_HUB_CACHE, else $HF_HOME/hub, else
/// ~/.cache/huggingface/hub (huggingface_hub's defaults).
QString huggingFaceHubFolder();

/// \brief Every snapshot under \p hubFolder (`models--org--name/snapshots/<rev>/`) that has a
/// config.json and a safetensors file or index, sorted by repository.
std::vector<HfCacheModel> huggingFaceCacheModels(const QString& hubFolder);

} // namespace rope::io
