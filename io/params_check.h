// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/param_fields.h"
#include "core/rope_params.h"
#include "core/scaling/scaling_fields.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonParseError>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <string_view>
#include <vector>

/// \file params_check.h
/// Helpers shared by the model-config importer and the session reader: turning core validation
/// errors into messages that name the field of the file, and repairing the offending field so
/// the rest of a file still loads.

namespace rope::io {

/// \brief Resets the RopeParams field named by a core parameter name (a paramFields() id,
/// "layout", "method", or a scalingFields() id) to its default value. Returns false for an
/// unknown name.
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
/// Reads at most \p limit bytes of \p path. Refuses a file whose size (or, for pipes and
/// devices that report none, whose content) exceeds the limit, appending "(file): …" to
/// \p errors with \p kind naming what was refused ("model configs", "sessions"). Returns
/// nothing on any error.
std::optional<QByteArray> readBoundedFile(const QString& path, qint64 limit, const QString& kind,
                                          QStringList& errors);

QString jsonParseErrorText(const QByteArray& json, const QJsonParseError& error);

/// \brief \p json parsed as a top-level JSON object, or nothing with one "(file): …" error
/// (malformed JSON with its line and offset, or a top level that is not an object) appended to
/// \p errors. Shared by the config importer and the session loader.
std::optional<QJsonObject> parseJsonObject(const QByteArray& json, QStringList& errors);

/// \brief \p text (an id from a core table) as a QString.
inline QString toQString(std::string_view text) {
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

/// \brief The file/flag id of a scaling method ("yarn", …) as a QString: what sessions,
/// presets, JSON output and messages write.
inline QString scalingIdText(ScalingKind kind) {
    return toQString(scalingId(kind));
}

/// \brief Shortest text that reads back as the same double (0.1, not 0.10000000000000001).
QString jsonShow(double v);

/// \brief A JSON value for a message: `the string "8"`, `an array`, `null`, a number.
QString jsonDescribe(const QJsonValue& v);

/// \brief Typed access to the keys of a JSON object. Every failure appends an error
/// "<prefix><key>: <text>" to the error list; an absent key or JSON null reads as "not given"
/// (std::nullopt without an error), as transformers' dict.get() does.
class JsonFieldReader {
public:
    JsonFieldReader(QStringList& errors, QStringList& warnings)
        : m_errors(errors), m_warnings(warnings) {}

    /// \brief A finite JSON number.
    std::optional<double> number(const QJsonObject& o, const QString& prefix, const QString& key);
    /// \brief A JSON number with an integral value, |v| ≤ 2^53.
    std::optional<long long> integer(const QJsonObject& o, const QString& prefix,
                                     const QString& key);
    /// \brief An integer that fits an int.
    std::optional<int> smallInteger(const QJsonObject& o, const QString& prefix,
                                    const QString& key);
    /// \brief A JSON string.
    std::optional<QString> string(const QJsonObject& o, const QString& prefix, const QString& key);
    /// \brief true or false.
    std::optional<bool> boolean(const QJsonObject& o, const QString& prefix, const QString& key);
    /// \brief An array of finite numbers (an error names the first item that is not one).
    std::optional<std::vector<double>> numberList(const QJsonObject& o, const QString& prefix,
                                                  const QString& key);
    /// \brief Reads \p key into the ScalingParams member \p field names, with the reader its
    /// kind and member type call for (number, integer, int, boolean, number list).
    /// \return true when a value was read and stored; false when absent, null or wrong (the
    /// error is recorded).
    bool scalingField(const QJsonObject& o, const QString& prefix, const QString& key,
                      const ScalingField& field, ScalingParams& params);

    /// \brief Reads \p key into the RopeParams member \p field names: an int, a whole number
    /// (|v| ≤ 2^53) or a finite number, as its member type calls for.
    /// \return true when a value was read and stored; false when absent, null or wrong (the
    /// error is recorded).
    bool paramField(const QJsonObject& o, const QString& prefix, const QString& key,
                    const ParamField& field, RopeParams& params);

    /// \brief Appends "field: text" to the errors.
    void error(const QString& field, const QString& text);
    /// \brief Appends "field: text" to the warnings.
    void warning(const QString& field, const QString& text);

private:
    QStringList& m_errors;
    QStringList& m_warnings;
};

} // namespace rope::io
