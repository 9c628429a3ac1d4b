// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/model_config.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <utility>
#include <vector>

/// \file engine_translate.h
/// The same RoPE written for another engine: llama.cpp's command-line flags and GGUF keys for an
/// imported model, or the Hugging Face `rope_scaling` / `rope_parameters` block. What the other
/// side cannot express is named, never dropped.

namespace rope::io {

/// \brief llama.cpp's spelling of a model's RoPE.
struct LlamaCppTranslation {
    /// Flags as argv pieces ("--rope-freq-base", "500000", …), from llama.cpp's common/arg.cpp.
    QStringList flags;
    /// GGUF metadata keys ({arch}.…) and values the converter writes for this RoPE.
    std::vector<std::pair<QString, QString>> ggufKeys;
    /// Parts of the RoPE that no flag or key expresses ("field: why").
    QStringList notExpressible;
};

/// \brief Flags and keys for \p model (its params). \p arch is the GGUF architecture used in the
/// key names (llamaCppArchOf(model.modelType)).
LlamaCppTranslation toLlamaCpp(const ModelConfigResult& model, const QString& arch);

/// \brief llama.cpp architecture name of a transformers model_type, from the model-family table
/// (io/model_family.h); empty when the family is unknown or llama.cpp has no architecture for it.
QString llamaCppArchOf(const QString& modelType);

/// \brief The Hugging Face block: {"rope_theta", "rope_scaling" (transformers 4.x) and
/// "rope_parameters" (5.x), "partial_rotary_factor" when the rotation is partial}.
QJsonObject toHfRopeBlock(const ModelConfigResult& model);

} // namespace rope::io
