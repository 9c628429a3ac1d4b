// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

/// \file model_config.h
/// Import of a Hugging Face `config.json` into RopeParams.
///
/// Fields read (first present wins; a disagreeing later one gives a warning):
/// - base: `rope_parameters.rope_theta`, `rope_theta`, `rotary_emb_base` (GPT-NeoX); else 10000
///   with a warning (transformers' default_theta).
/// - head dimension: `qk_rope_head_dim` (DeepSeek MLA: RoPE acts on that part of the head only),
///   `head_dim`, `hidden_size / num_attention_heads`, `n_embd / n_head`.
/// - rotary dimension: `rope_parameters.partial_rotary_factor`, `partial_rotary_factor`,
///   `rotary_pct` (GPT-NeoX) → int(head_dim·factor) as transformers computes it, must be even;
///   or GPT-J's absolute `rotary_dim`.
/// - context: `max_position_embeddings`, `n_positions`.
/// - scaling: `rope_parameters` (transformers ≥ 5; a per-layer-type dict uses its
///   "full_attention" entry) or else `rope_scaling`; the type from `rope_type` or the older
///   `type`; then `factor`, `original_max_position_embeddings` (falls back to
///   max_position_embeddings for yarn and dynamic), `beta_fast`, `beta_slow`, `mscale`,
///   `mscale_all_dim`, `attention_factor`, `truncate`, `low_freq_factor`, `high_freq_factor`.
/// - layout: rotate_half (Layout::Half) as in transformers' Llama, Qwen, Mistral and GPT-NeoX;
///   Layout::Interleaved for model_type gptj, deepseek_v2, deepseek_v3 or `rope_interleave`.
///
/// HF rope types map to registry ids one to one (default, linear, dynamic, yarn, llama3;
/// "mrope" reads as default with a warning). transformers has no static "ntk"; the registry's
/// "ntk" is never produced by an import. Other types (longrope, su, …) are an error; the rest of
/// the file still loads without scaling.

namespace rope::ui {

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

} // namespace rope::ui
