// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/model_layers.h"
#include "core/rope_params.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

/// \file model_config.h
/// Import of a Hugging Face `config.json` into RopeParams.
///
/// Fields read (first present wins; a disagreeing later one gives a warning). When the file
/// nests the language model under `text_config` (Gemma 3, Qwen3-VL, Llama 4), every field below
/// is read from there and named "text_config.<field>" in messages. Missing fields that
/// transformers' config class would fill in are filled in the same way with a warning (table in
/// model_config.cpp; Gemma3TextConfig so far).
/// - base: `rope_parameters.rope_theta`, `rope_theta`, `rotary_emb_base` (GPT-NeoX); else 10000
///   with a warning (transformers' default_theta).
/// - head dimension: `qk_rope_head_dim` (DeepSeek MLA: RoPE acts on that part of the head only),
///   `head_dim`, `hidden_size / num_attention_heads`, `n_embd / n_head`.
/// - rotary dimension: `rope_parameters.partial_rotary_factor`, `partial_rotary_factor`,
///   `rotary_pct` (GPT-NeoX) → int(head_dim·factor) as transformers computes it, must be even
///   (p-RoPE: 2·int(factor·head_dim // 2)); or GPT-J's absolute `rotary_dim`.
/// - context: `max_position_embeddings`, `n_positions`.
/// - scaling: `rope_parameters` (transformers ≥ 5; a per-layer-type dict shows its
///   "full_attention" entry, the others go to `layers`) or else `rope_scaling`; the type from
///   `rope_type` or the older `type`; then `factor`, `original_max_position_embeddings` (falls
///   back to the top-level field for longrope, then to max_position_embeddings for yarn,
///   dynamic and longrope), `beta_fast`, `beta_slow`, `mscale`, `mscale_all_dim`,
///   `attention_factor`, `truncate`, `low_freq_factor`, `high_freq_factor`, `short_factor`,
///   `long_factor`, `mrope_section`, `mrope_interleaved`, `llama_4_scaling_beta` (Mistral 3's query
///   scale), `alpha` (Hunyuan's NTK-alpha with type "dynamic": a fixed base b·α^(d/(d−2))), and
///   `vision_config.tokens_per_second` (Qwen2.5-VL). Any other key in the rope dict is an
///   error naming it; top-level keys the importer does not use (vocab_size, `_source`, …) are
///   ignored, since real config.json files carry dozens of them.
/// - spans: `sliding_window`, `attention_chunk_size` (Llama 4), `full_attention_interval`
///   (Qwen3-Next), `use_sliding_window` / `max_window_layers` (Qwen2/3) and each family's
///   defaults give every layer its attention kind, window and largest query–key distance;
///   `global_head_dim` is the head of Gemma 4's full-attention layers.
/// - layers: `num_hidden_layers`, `layer_types` or `sliding_window_pattern`,
///   `rope_local_base_freq` (Gemma 3), `no_rope_layers` / `no_rope_layer_interval` (Llama 4,
///   SmolLM3), `attn_temperature_tuning`, `floor_scale`, `attn_scale` (Llama 4); Cohere2's
///   full-attention layers have no RoPE; DeepSeek's softmax scale mscale(s, mscale_all_dim)².
/// - layout: rotate_half (Layout::Half) as in transformers' Llama, Qwen, Mistral, Gemma, Phi-3,
///   gpt-oss and GPT-NeoX; Layout::Interleaved for model_type gptj, deepseek_v2, deepseek_v3,
///   cohere, cohere2, llama4, llama4_text or `rope_interleave`.
///
/// HF rope types map to registry ids one to one (default, linear, dynamic, yarn, llama3,
/// longrope, proportional; "su" reads as longrope and "mrope" as default, each with a warning).
/// transformers has no static "ntk"; the registry's "ntk" is never produced by an import. Other
/// types are an error; the rest of the file still loads without scaling.

namespace rope::io {

/// \brief Largest config file read (16 MiB); real config.json files are a few KiB. Larger files
/// are refused from their size before any byte is read.
inline constexpr qint64 kMaxModelConfigBytes = 16 * 1024 * 1024;

/// \brief What an import produced.
struct ModelConfigResult {
    /// Parameters read from the file. Always valid (rope::validate and scaledFrequencies
    /// accept them): a field with an error keeps its RopeParams default.
    RopeParams params;
    /// Things the user should know but that did not stop the import (defaults used, ignored
    /// keys, disagreeing fields). Each starts with the JSON field it is about: "field: text".
    QStringList warnings;
    /// Fields that could not be used, each "field: text" naming the JSON field (for example
    /// "rope_scaling.factor: expected a number, got the string \"8\""). Empty on success.
    QStringList errors;
    /// `_name_or_path`, else `architectures[0]`, else `model_type`, else empty.
    QString modelName;
    /// `model_type` of the language model (`text_config.model_type` when nested).
    QString modelType;
    /// One entry per decoder layer (`num_hidden_layers`), empty when the file does not say how
    /// many layers there are. Layers share `params` unless the model gives them their own RoPE
    /// (per-type rope_parameters, Gemma 3's local base) or none (NoPE).
    std::vector<LayerRope> layers;
    /// M-RoPE `mrope_section` [t, h, w] in rotary pairs; empty when the model has none.
    std::vector<int> mropeSection;
    /// Qwen3-VL's `mrope_interleaved`: pairs cycle t, h, w instead of consecutive blocks.
    bool mropeInterleaved = false;
    /// Qwen2.5-VL's `vision_config.tokens_per_second`: video frame t gets the temporal id
    /// ⌊t · seconds per grid · tokens_per_second⌋; 0 when the model has no time axis.
    double mropeTokensPerSecond = 0.0;

    /// \brief True when no field had an error.
    bool ok() const noexcept { return errors.isEmpty(); }
};

/// \brief Reads a Hugging Face config.json from \p path (at most kMaxModelConfigBytes).
ModelConfigResult loadModelConfig(const QString& path);

/// \brief Parses the text of a Hugging Face config.json (see the file comment for the fields).
/// Malformed JSON gives one error with line, column and offset.
ModelConfigResult loadModelConfigFromJson(const QByteArray& json);

/// \brief \p model with the query and key positions (m, n) of \p current: what "open a model"
/// should change in the explorer. Everything else (dimensions, base, context, layout, scaling)
/// comes from \p model.
RopeParams withModelParams(const RopeParams& current, const RopeParams& model);

} // namespace rope::io
