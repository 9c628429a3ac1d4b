// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/model_config.h"

#include <QList>
#include <QString>

/// \file presets.h
/// Built-in model presets: Hugging Face config.json files compiled into rope_ui as
/// :/presets/<id>.json (resources/presets/) and read with loadModelConfig, so a preset and a
/// user's own config.json go through the same importer.

namespace rope::io {

/// \brief One built-in model.
struct Preset {
    /// Stable kebab-case id: CLI `--preset` value, settings key, test-row name.
    QString id;
    /// Menu text.
    QString displayName;
    /// Where the numbers come from (the model's published config.json), for a tooltip.
    QString source;
};

/// \brief Every preset, in menu order (explicit table in presets.cpp).
const QList<Preset>& allPresets();

/// \brief The preset with this id, or nullptr.
const Preset* findPreset(const QString& id);

/// \brief Resource path of a preset's config.json: ":/presets/<id>.json".
QString presetResourcePath(const QString& id);

/// \brief Loads a preset through loadModelConfig. An unknown id gives one error
/// "preset: unknown preset '<id>' (known: …)".
ModelConfigResult loadPreset(const QString& id);

} // namespace rope::io
