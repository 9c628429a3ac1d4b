// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "io/model_config.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <vector>

/// \file doctor.h
/// The config doctor: checks for the RoPE mistakes that inference engines' trackers report
/// (scaling declared but not applied, --rope-freq-scale given as the factor, a default base
/// overriding the model's, scaling stacked on Llama 3's own, DeepSeek's two mscales folded into
/// one, M-RoPE sections against the rotary width, …). Each check names its evidence and a fix;
/// docs/models.md lists the checks with the tracker threads they come from.

namespace rope::io {

enum class DoctorSeverity { Error, Warning, Info };

/// \brief One check that fired.
struct DoctorFinding {
    /// Stable kebab-case id (for scripts and docs/models.md).
    QString id;
    DoctorSeverity severity = DoctorSeverity::Warning;
    /// "field = value" lines.
    QStringList evidence;
    /// One paragraph: what goes wrong and why.
    QString explanation;
    /// What to change.
    QString fix;
    /// One line naming the mistake (translated, like explanation and fix; the id stays).
    QString title;
};

/// \brief What the doctor looks at.
struct DoctorInput {
    /// The imported model (config.json, GGUF or preset).
    ModelConfigResult model;
    /// The language model's fields as written (text_config when nested; for a GGUF, the
    /// translated config), for checks on fields the import folds away.
    QJsonObject raw;
    /// The context the user runs at (tokens); 0 when not given.
    long long context = 0;
    /// "hf" or "llama.cpp".
    QString engine = QStringLiteral("hf");
    /// The model was read from a GGUF (llama.cpp's reading); the engine comparison then adds
    /// back what the converter is known to drop (io/engine_compare.h).
    bool fromGguf = false;
    /// llama.cpp command-line arguments the user passes (for --engine llama.cpp), split
    /// (splitEngineArgs()).
    QStringList engineArgs;
};

/// \brief Ids of every check, in the order they run.
QStringList doctorCheckIds();

/// \brief The translated one-line title of check \p id (the id itself for an unknown one).
QString doctorCheckTitle(const QString& id);

/// \brief The language model's fields as written (text_config when nested) in the config.json,
/// preset resource or GGUF (its translated config) at \p path: DoctorInput::raw. An unreadable
/// file gives an empty object (the importer reports why).
QJsonObject rawModelFields(const QString& path);

/// \brief Runs every check.
/// \throws rope::InvalidParameter ("engine-args") naming an engine argument llama.cpp would
/// refuse (checkLlamaCppArgs(): an unknown flag, a value without its flag, a missing value) or
/// one that is not a number where one is needed.
std::vector<DoctorFinding> runDoctor(const DoctorInput& input);

/// \brief "error", "warning" or "info" (stable: JSON output, scripts).
QString severityName(DoctorSeverity s);

/// \brief The severity in the interface language ("Error", "错误", …).
QString severityLabel(DoctorSeverity s);

} // namespace rope::io
