// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"

#include <QByteArray>
#include <QJsonParseError>
#include <QString>
#include <QStringList>

#include <functional>
#include <string_view>

/// \file params_check.h
/// Helpers shared by the model-config importer and the session reader: turning core validation
/// errors into messages that name the field of the file, and repairing the offending field so
/// the rest of a file still loads.

namespace rope::ui {

/// \brief Resets the RopeParams field named by a core parameter name ("dim", "rotary-dim",
/// "base", "m", "n", "context", "layout", "method", "factor", "original-context", "seq-len",
/// "beta-fast", "beta-slow", "mscale", "mscale-all-dim", "attention-factor", "low-freq-factor",
/// "high-freq-factor") to its default value. Returns false for an unknown name.
bool resetParameter(RopeParams& params, std::string_view parameter);

/// \brief Validates \p params with rope::validate() and rope::scaledFrequencies(); for every
/// rope::InvalidParameter it records "<field>: <message>", where field = fieldOf(parameter()),
/// resets that field (resetParameter) and retries. Bounded: after 32 repairs, or on a name it
/// cannot reset, the whole struct falls back to RopeParams{}. Afterwards \p params is valid.
/// \return The messages, empty when \p params was valid as given.
QStringList repairParams(RopeParams& params,
                         const std::function<QString(const std::string& parameter)>& fieldOf);

/// \brief "line L, column C (offset O): <Qt's message>" for a QJsonDocument parse error, so a
/// user can find the spot in an editor.
QString jsonParseErrorText(const QByteArray& json, const QJsonParseError& error);

} // namespace rope::ui
