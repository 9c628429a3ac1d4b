// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/params_check.h"
#include "io/io_text.h"

#include <QJsonArray>
#include <QJsonDocument>

#include "core/param_fields.h"
#include "core/scaling/scaling_fields.h"
#include "core/scaling/scaling_registry.h"

#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <algorithm>
#include <climits>
#include <cmath>
#include <type_traits>
#include <variant>

namespace rope::io {

bool resetParameter(RopeParams& params, std::string_view parameter) {
    const RopeParams d;
    ScalingParams& s = params.scaling;
    const ScalingParams& ds = d.scaling;
    if (const ParamField* f = findParamField(parameter)) {
        copyParamField(params, d, *f);
        // A rotary dim read for the old head dim may no longer fit; its default ("all of it",
        // 0) always does.
        if (const ParamField* also = findParamField(f->resetsAlso)) {
            copyParamField(params, d, *also);
        }
    } else if (parameter == "layout") {
        params.layout = d.layout;
    } else if (parameter == "method") {
        s = ds;
    } else if (const ScalingField* f = findScalingField(parameter)) {
        if (f->kind == ScalingFieldKind::List) {
            // A LongRoPE list has no per-entry default: without it the method cannot run at all.
            s = ds;
            return true;
        }
        copyScalingField(s, ds, *f);
        // A partner is checked against this field (β_fast ≥ β_slow, low ≤ high frequency
        // factor), so both return to their defaults (32/1, 1/4), which satisfy the check.
        if (const ScalingField* partner = findScalingField(f->partner)) {
            copyScalingField(s, ds, *partner);
        }
    } else {
        return false;
    }
    return true;
}

QStringList repairParams(RopeParams& params,
                         const std::function<QString(const std::string& parameter)>& fieldOf) {
    // Each repair resets one field to a valid default, and there are fewer than 32 fields, so
    // the loop ends well before the bound; the bound only guards against a future core check
    // that a default value does not satisfy.
    constexpr int kMaxRepairs = 32;
    QStringList messages;
    for (int attempt = 0; attempt <= kMaxRepairs; ++attempt) {
        try {
            validate(params);
            scaledFrequencies(params);
            return messages;
        } catch (const InvalidParameter& e) {
            messages << fieldOf(e.parameter()) + QStringLiteral(": ") +
                            QString::fromStdString(e.what());
            if (attempt == kMaxRepairs || !resetParameter(params, e.parameter())) {
                params = RopeParams{};
                return messages;
            }
        }
    }
    params = RopeParams{};
    return messages;
}

QString jsonParseErrorText(const QByteArray& json, const QJsonParseError& error) {
    const qsizetype offset = std::clamp<qsizetype>(error.offset, 0, json.size());
    const QByteArray before = json.left(offset);
    const qsizetype line = before.count('\n') + 1;
    const qsizetype column = offset - (before.lastIndexOf('\n') + 1) + 1;
    return IoText::tr("line %1, column %2 (offset %3): %4")
        .arg(line)
        .arg(column)
        .arg(offset)
        .arg(error.errorString());
}

std::optional<QJsonObject> parseJsonObject(const QByteArray& json, QStringList& errors) {
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        errors << QStringLiteral("(file): ") + IoText::tr("malformed JSON at ") +
                      jsonParseErrorText(json, parseError);
        return std::nullopt;
    }
    if (!doc.isObject()) {
        errors << QStringLiteral("(file): ") + IoText::tr("expected a JSON object at the top level");
        return std::nullopt;
    }
    return doc.object();
}

// Shortest text that reads back as the same double (0.1, not 0.10000000000000001).
QString jsonShow(double v) {
    return QString::number(v, 'g', QLocale::FloatingPointShortest);
}

QString jsonDescribe(const QJsonValue& v) {
    switch (v.type()) {
    case QJsonValue::String:
        return IoText::tr("the string \"%1\"").arg(v.toString().left(40));
    case QJsonValue::Bool:
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Array:
        return IoText::tr("an array");
    case QJsonValue::Object:
        return IoText::tr("an object");
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Double:
        return jsonShow(v.toDouble());
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("nothing");
}

std::optional<double> JsonFieldReader::number(const QJsonObject& o, const QString& prefix,
                                              const QString& key) {
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull()) {
        return std::nullopt;
    }
    if (!v.isDouble()) {
        error(prefix + key, IoText::tr("expected a number, got %1").arg(jsonDescribe(v)));
        return std::nullopt;
    }
    // QJsonDocument already rejects 1e400 as "illegal number"; checked again so no
    // non-finite value can reach the core whatever the parser does.
    const double d = v.toDouble();
    if (!std::isfinite(d)) {
        error(prefix + key, IoText::tr("expected a finite number, got %1").arg(jsonShow(d)));
        return std::nullopt;
    }
    return d;
}
std::optional<long long> JsonFieldReader::integer(const QJsonObject& o, const QString& prefix,
                                                  const QString& key) {
    const std::optional<double> d = number(o, prefix, key);
    if (!d) {
        return std::nullopt;
    }
    // ±2^53: every integer up to here is exact in a double.
    if (*d != std::floor(*d) || std::abs(*d) > 9007199254740992.0) {
        error(prefix + key, IoText::tr("expected an integer, got %1").arg(jsonShow(*d)));
        return std::nullopt;
    }
    return static_cast<long long>(*d);
}
std::optional<int> JsonFieldReader::smallInteger(const QJsonObject& o, const QString& prefix,
                                                 const QString& key) {
    const std::optional<long long> v = integer(o, prefix, key);
    if (!v) {
        return std::nullopt;
    }
    if (*v < INT_MIN || *v > INT_MAX) {
        error(prefix + key, IoText::tr("%1 is out of range").arg(*v));
        return std::nullopt;
    }
    return static_cast<int>(*v);
}
std::optional<QString> JsonFieldReader::string(const QJsonObject& o, const QString& prefix,
                                               const QString& key) {
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull()) {
        return std::nullopt;
    }
    if (!v.isString()) {
        error(prefix + key, IoText::tr("expected a string, got %1").arg(jsonDescribe(v)));
        return std::nullopt;
    }
    return v.toString();
}
std::optional<bool> JsonFieldReader::boolean(const QJsonObject& o, const QString& prefix,
                                             const QString& key) {
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull()) {
        return std::nullopt;
    }
    if (!v.isBool()) {
        error(prefix + key, IoText::tr("expected true or false, got %1").arg(jsonDescribe(v)));
        return std::nullopt;
    }
    return v.toBool();
}
std::optional<std::vector<double>>
JsonFieldReader::numberList(const QJsonObject& o, const QString& prefix, const QString& key) {
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull()) {
        return std::nullopt;
    }
    if (!v.isArray()) {
        error(prefix + key,
              IoText::tr("expected an array of numbers, got %1").arg(jsonDescribe(v)));
        return std::nullopt;
    }
    std::vector<double> out;
    const QJsonArray a = v.toArray();
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (!a.at(i).isDouble()) {
            error(prefix + key, IoText::tr("item %1: expected a number, got %2")
                                    .arg(i)
                                    .arg(jsonDescribe(a.at(i))));
            return std::nullopt;
        }
        out.push_back(a.at(i).toDouble());
    }
    return out;
}

bool JsonFieldReader::scalingField(const QJsonObject& o, const QString& prefix, const QString& key,
                                   const ScalingField& field, ScalingParams& params) {
    return std::visit(
        [&](auto member) {
            using T = std::remove_cvref_t<decltype(params.*member)>;
            std::optional<T> v;
            if constexpr (std::is_same_v<T, std::vector<double>>) {
                v = numberList(o, prefix, key);
            } else if constexpr (std::is_same_v<T, bool>) {
                v = boolean(o, prefix, key);
            } else if constexpr (std::is_same_v<T, int>) {
                v = smallInteger(o, prefix, key);
            } else if constexpr (std::is_same_v<T, long long>) {
                v = integer(o, prefix, key);
            } else {
                v = number(o, prefix, key);
            }
            if (v) {
                params.*member = *v;
            }
            return v.has_value();
        },
        field.member);
}

bool JsonFieldReader::paramField(const QJsonObject& o, const QString& prefix, const QString& key,
                                 const ParamField& field, RopeParams& params) {
    return std::visit(
        [&](auto member) {
            using T = std::remove_cvref_t<decltype(params.*member)>;
            std::optional<T> v;
            if constexpr (std::is_same_v<T, int>) {
                v = smallInteger(o, prefix, key);
            } else if constexpr (std::is_same_v<T, long long>) {
                v = integer(o, prefix, key);
            } else {
                v = number(o, prefix, key);
            }
            if (v) {
                params.*member = *v;
            }
            return v.has_value();
        },
        field.member);
}

void JsonFieldReader::error(const QString& field, const QString& text) {
    m_errors << field + QStringLiteral(": ") + text;
}
void JsonFieldReader::warning(const QString& field, const QString& text) {
    m_warnings << field + QStringLiteral(": ") + text;
}

std::optional<QByteArray> readBoundedFile(const QString& path, qint64 limit, const QString& kind,
                                          QStringList& errors) {
    const QFileInfo info(path);
    // Only regular files: opening a FIFO for reading blocks until some writer appears (rope-cli
    // hung forever on one), and a directory or device is never a config or a session.
    if (info.exists() && !info.isFile()) {
        errors << QStringLiteral("(file): %1 is not a regular file (a directory, FIFO or device); "
                                 "%2 are read from regular files only")
                      .arg(path, kind);
        return std::nullopt;
    }
    if (info.exists() && info.size() > limit) {
        errors << QStringLiteral("(file): ") + IoText::tr("%1 is %2 bytes; %3 over %4 bytes (16 MiB) are refused")
                      .arg(path)
                      .arg(info.size())
                      .arg(kind)
                      .arg(limit);
        return std::nullopt;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        errors << QStringLiteral("(file): ") + IoText::tr("cannot open %1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    // read(limit + 1), not readAll(): a pipe or device reports no size but may never end.
    QByteArray bytes = file.read(limit + 1);
    if (bytes.size() > limit) {
        errors << QStringLiteral("(file): ") + IoText::tr("%1 holds more than %2 bytes (16 MiB); refused")
                      .arg(path)
                      .arg(limit);
        return std::nullopt;
    }
    return bytes;
}

} // namespace rope::io
