// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/option_table.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

#include <cmath>
#include <string>

namespace rope::figures {

namespace {

QString choiceList(const OptionSpec& spec) {
    QStringList values;
    for (const OptionChoice& c : spec.choices) {
        values << c.value;
    }
    return values.join(QStringLiteral(", "));
}

QString rangeText(const OptionSpec& spec) {
    return QStringLiteral("[%1, %2]").arg(QString::number(spec.min, 'g', QLocale::FloatingPointShortest),
                                          QString::number(spec.max, 'g', QLocale::FloatingPointShortest));
}

[[noreturn]] void refuse(const OptionSpec& spec, const QString& shown, const QString& expected) {
    throw OptionError(QStringLiteral("option '%1': '%2' is not valid; expected %3")
                          .arg(QString::fromLatin1(spec.id), shown, expected)
                          .toStdString());
}

QString expectedText(const OptionSpec& spec) {
    switch (spec.kind) {
    case OptionKind::Choice:
        return QStringLiteral("one of: ") + choiceList(spec);
    case OptionKind::Integer:
        return QStringLiteral("an integer in ") + rangeText(spec);
    case OptionKind::Real:
    case OptionKind::LogReal:
        return QStringLiteral("a number in ") + rangeText(spec);
    case OptionKind::Toggle:
        return QStringLiteral("true or false");
    case OptionKind::Text:
        return QStringLiteral("text");
    }
    return {};
}

// A number from text or JSON: finite and inside the static range, else refused.
double checkedNumber(const OptionSpec& spec, double v, const QString& shown) {
    if (!std::isfinite(v) || v < spec.min || v > spec.max) {
        refuse(spec, shown, expectedText(spec));
    }
    return v;
}

} // namespace

const char* optionKindName(OptionKind kind) noexcept {
    switch (kind) {
    case OptionKind::Choice:
        return "choice";
    case OptionKind::Integer:
        return "integer";
    case OptionKind::Real:
        return "real";
    case OptionKind::LogReal:
        return "log-real";
    case OptionKind::Toggle:
        return "toggle";
    case OptionKind::Text:
        return "text";
    }
    return "";
}

const OptionSpec* findOption(const OptionTable& table, const QString& id) noexcept {
    for (const OptionSpec& spec : table) {
        if (id == QLatin1String(spec.id)) {
            return &spec;
        }
    }
    return nullptr;
}

QVariant parseOptionValue(const OptionSpec& spec, const QString& text) {
    const QString t = text.trimmed();
    switch (spec.kind) {
    case OptionKind::Choice:
        for (const OptionChoice& c : spec.choices) {
            if (t == c.value) {
                return c.value;
            }
        }
        refuse(spec, text, expectedText(spec));
    case OptionKind::Integer: {
        bool ok = false;
        const qlonglong v = t.toLongLong(&ok);
        if (!ok) {
            refuse(spec, text, expectedText(spec));
        }
        checkedNumber(spec, static_cast<double>(v), text);
        return v;
    }
    case OptionKind::Real:
    case OptionKind::LogReal: {
        bool ok = false;
        const double v = t.toDouble(&ok);
        if (!ok) {
            refuse(spec, text, expectedText(spec));
        }
        return checkedNumber(spec, v, text);
    }
    case OptionKind::Toggle:
        if (t == QLatin1String("true") || t == QLatin1String("1") || t == QLatin1String("on")) {
            return true;
        }
        if (t == QLatin1String("false") || t == QLatin1String("0") || t == QLatin1String("off")) {
            return false;
        }
        refuse(spec, text, expectedText(spec));
    case OptionKind::Text:
        if (spec.validate != nullptr) {
            try {
                spec.validate(t);
            } catch (const std::exception& e) {
                throw OptionError(QStringLiteral("option '%1': %2")
                                      .arg(QString::fromLatin1(spec.id), QString::fromUtf8(e.what()))
                                      .toStdString());
            }
        }
        return t;
    }
    refuse(spec, text, expectedText(spec));
}

QVariant checkOptionValue(const OptionSpec& spec, const QVariant& value) {
    const QString shown = value.toString();
    switch (spec.kind) {
    case OptionKind::Choice:
    case OptionKind::Text:
        if (value.typeId() != QMetaType::QString) {
            refuse(spec, shown, expectedText(spec));
        }
        return parseOptionValue(spec, value.toString());
    case OptionKind::Integer: {
        bool ok = false;
        const double v = value.toDouble(&ok);
        // JSON stores every number as a double: accept 5.0, refuse 5.5.
        if (!ok || value.typeId() == QMetaType::QString || v != std::floor(v)) {
            refuse(spec, shown, expectedText(spec));
        }
        return static_cast<qlonglong>(checkedNumber(spec, v, shown));
    }
    case OptionKind::Real:
    case OptionKind::LogReal: {
        bool ok = false;
        const double v = value.toDouble(&ok);
        if (!ok || value.typeId() == QMetaType::QString) {
            refuse(spec, shown, expectedText(spec));
        }
        return checkedNumber(spec, v, shown);
    }
    case OptionKind::Toggle:
        if (value.typeId() != QMetaType::Bool) {
            refuse(spec, shown, expectedText(spec));
        }
        return value.toBool();
    }
    refuse(spec, shown, expectedText(spec));
}

const OptionSpec& OptionValues::row(const char* id,
                                    std::initializer_list<OptionKind> kinds) const {
    const OptionSpec* spec = findOption(m_table, QLatin1String(id));
    if (spec == nullptr) {
        throw std::logic_error(std::string("a figure reads option '") + id +
                               "', which its table does not declare");
    }
    for (const OptionKind kind : kinds) {
        if (spec->kind == kind) {
            return *spec;
        }
    }
    throw std::logic_error(std::string("a figure reads option '") + id + "' as the wrong kind (it is " +
                           optionKindName(spec->kind) + ")");
}

QVariant OptionValues::value(const OptionSpec& spec) const {
    const QVariant v = m_options.value(QLatin1String(spec.id));
    if (!v.isNull()) {
        return v;
    }
    if (spec.defaultValue.isNull()) {
        throw std::logic_error(std::string("a figure reads option '") + spec.id +
                               "' unset, whose default follows the parameters (check has() first)");
    }
    return spec.defaultValue;
}

bool OptionValues::has(const char* id) const {
    const OptionSpec& spec = row(id, {OptionKind::Choice, OptionKind::Integer, OptionKind::Real,
                                      OptionKind::LogReal, OptionKind::Toggle, OptionKind::Text});
    return !m_options.value(QLatin1String(id)).isNull() || !spec.defaultValue.isNull();
}

double OptionValues::real(const char* id) const {
    return value(row(id, {OptionKind::Real, OptionKind::LogReal})).toDouble();
}

long long OptionValues::integer(const char* id) const {
    return value(row(id, {OptionKind::Integer})).toLongLong();
}

bool OptionValues::toggle(const char* id) const {
    return value(row(id, {OptionKind::Toggle})).toBool();
}

QString OptionValues::text(const char* id) const {
    return value(row(id, {OptionKind::Text})).toString();
}

QString OptionValues::choiceId(const char* id) const {
    return value(row(id, {OptionKind::Choice})).toString();
}

int OptionValues::choiceIndex(const char* id) const {
    const OptionSpec& spec = row(id, {OptionKind::Choice});
    const QString v = value(spec).toString();
    for (std::size_t i = 0; i < spec.choices.size(); ++i) {
        if (spec.choices[i].value == v) {
            return static_cast<int>(i);
        }
    }
    // Every entry point checks values against the table (checkOptions, parseOptionValue), so
    // an unknown id here means a caller skipped the check.
    throw std::logic_error(std::string("option '") + id + "' holds '" + v.toStdString() +
                           "', which is not one of its choices");
}

QString optionKeys(const OptionTable& table) {
    QStringList keys;
    for (const OptionSpec& spec : table) {
        keys << QString::fromLatin1(spec.id);
    }
    return keys.isEmpty() ? QStringLiteral("(none)") : keys.join(QStringLiteral(", "));
}

void requireBatchWork(const QString& panel, const OptionTable& table,
                      const FigureOptions& options) {
    for (const OptionSpec& spec : table) {
        if (spec.batchRefusal != nullptr && spec.kind == OptionKind::Toggle &&
            options.value(QString::fromLatin1(spec.id)).toBool()) {
            throw OptionError(
                QStringLiteral("option '%1' of panel '%2' is not available here: %3")
                    .arg(QString::fromLatin1(spec.id), panel, QString::fromUtf8(spec.batchRefusal))
                    .toStdString());
        }
    }
}

FigureOptions parseOptionAssignments(const QString& panel, const OptionTable& table,
                                     const QStringList& items, FigureOptions base) {
    for (const QString& item : items) {
        const qsizetype eq = item.indexOf(QLatin1Char('='));
        if (eq <= 0) {
            throw OptionError(
                QStringLiteral("--set expects KEY=VALUE, got '%1'").arg(item).toStdString());
        }
        const QString key = item.left(eq);
        const OptionSpec* spec = findOption(table, key);
        if (spec == nullptr) {
            throw OptionError(QStringLiteral("panel '%1' has no option '%2'; valid keys: %3")
                                  .arg(panel, key, optionKeys(table))
                                  .toStdString());
        }
        base.insert(key, parseOptionValue(*spec, item.mid(eq + 1)));
    }
    return base;
}

OptionCheck checkOptions(const QString& panel, const OptionTable& table,
                         const FigureOptions& options) {
    OptionCheck check;
    for (auto it = options.begin(); it != options.end(); ++it) {
        const OptionSpec* spec = findOption(table, it.key());
        if (spec == nullptr) {
            check.problems << QStringLiteral("panel '%1' has no option '%2' (valid keys: %3)")
                                  .arg(panel, it.key(), optionKeys(table));
            continue;
        }
        try {
            check.accepted.insert(it.key(), checkOptionValue(*spec, it.value()));
        } catch (const OptionError& e) {
            check.problems << QStringLiteral("panel '%1': %2").arg(panel, QString::fromUtf8(e.what()));
        }
    }
    return check;
}

FigureOptions withDefaults(const OptionTable& table, FigureOptions options) {
    for (const OptionSpec& spec : table) {
        const QString id = QString::fromLatin1(spec.id);
        if (!spec.defaultValue.isNull() && !options.contains(id)) {
            options.insert(id, spec.defaultValue);
        }
    }
    return options;
}

namespace {

// One JSON value as compact text (QJsonDocument serialises arrays, not bare values).
QByteArray jsonText(const QJsonValue& v) {
    const QByteArray array = QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact);
    return array.mid(1, array.size() - 2);
}

} // namespace

QByteArray optionTableJson(const QString& panel, const OptionTable& table) {
    // Written by hand to keep the documented field order (QJsonObject sorts its keys).
    QByteArray out = "{\"panel\":" + jsonText(panel) + ",\"options\":[";
    bool first = true;
    for (const OptionSpec& spec : table) {
        out += first ? "{" : ",{";
        first = false;
        out += "\"id\":" + jsonText(QString::fromLatin1(spec.id));
        out += ",\"kind\":" + jsonText(QString::fromLatin1(optionKindName(spec.kind)));
        out += ",\"default\":" + jsonText(QJsonValue::fromVariant(spec.defaultValue));
        if (spec.defaultValue.isNull() && spec.follows != nullptr) {
            out += ",\"auto\":" +
                   jsonText(QCoreApplication::translate("FigureOptions", spec.follows));
        }
        const bool numeric = spec.kind == OptionKind::Integer || spec.kind == OptionKind::Real ||
                             spec.kind == OptionKind::LogReal;
        if (numeric) {
            out += ",\"min\":" + jsonText(spec.min) + ",\"max\":" + jsonText(spec.max);
        }
        if (spec.kind == OptionKind::Choice) {
            QJsonArray choices;
            for (const OptionChoice& c : spec.choices) {
                choices.append(c.value);
            }
            out += ",\"choices\":" + QJsonDocument(choices).toJson(QJsonDocument::Compact);
        }
        out += '}';
    }
    return out + "]}";
}

} // namespace rope::figures
