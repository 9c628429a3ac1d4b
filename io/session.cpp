// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/session.h"
#include "io/io_text.h"

#include "io/file_access.h"

#include "core/param_fields.h"
#include "core/scaling/scaling_fields.h"
#include "core/scaling/scaling_registry.h"
#include "io/params_check.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QSaveFile>
#include <QSet>

#include <optional>
#include <variant>

namespace rope::io {

namespace {

const QString kFormatKey = QStringLiteral("format");
const QString kVersionKey = QStringLiteral("version");
const QString kParamsKey = QStringLiteral("params");
const QString kActivePanelKey = QStringLiteral("activePanel");
const QString kPanelOptionsKey = QStringLiteral("panelOptions");
const QString kWindowKey = QStringLiteral("window");
const QString kGeometryKey = QStringLiteral("geometry");
const QString kStateKey = QStringLiteral("state");

// Version-1 parameter keys: rope-cli flag names = core parameter names.
const QStringList& paramKeys() {
    static const QStringList keys = [] {
        QStringList k;
        for (const ParamField& f : paramFields()) {
            k << toQString(f.sessionKey);
        }
        k << QStringLiteral("layout") << QStringLiteral("method");
        for (const ScalingField& f : scalingFields()) {
            k << toQString(f.id);
        }
        return k;
    }();
    return keys;
}

QJsonArray numbersToJson(const std::vector<double>& values) {
    QJsonArray a;
    for (const double v : values) {
        a.append(v);
    }
    return a;
}

QJsonObject paramsToJson(const RopeParams& p) {
    const ScalingParams& s = p.scaling;
    QJsonObject o{
        {QStringLiteral("layout"), QString::fromLatin1(layoutId(p.layout))},
        {QStringLiteral("method"), scalingIdText(s.method)},
    };
    for (const ParamField& f : paramFields()) {
        // An integer member as a JSON integer, straight from the member (no double between).
        o.insert(toQString(f.sessionKey),
                 std::visit([&p](auto member) { return QJsonValue(p.*member); }, f.member));
    }
    for (const ScalingField& f : scalingFields()) {
        const QString key = toQString(f.id);
        switch (f.kind) {
        case ScalingFieldKind::List:
            o.insert(key, numbersToJson(scalingFieldList(s, f)));
            break;
        case ScalingFieldKind::Toggle:
            o.insert(key, scalingFieldNumber(s, f) != 0.0);
            break;
        case ScalingFieldKind::Integer:
            o.insert(key, static_cast<qint64>(scalingFieldNumber(s, f)));
            break;
        case ScalingFieldKind::Real:
            o.insert(key, scalingFieldNumber(s, f));
            break;
        }
    }
    return o;
}

// Keys of \p o not in \p known, as "<prefix>key", for the "skipped" warning.
void collectUnknown(const QJsonObject& o, const QStringList& known, const QString& prefix,
                    QStringList& out) {
    for (const QString& key : o.keys()) {
        if (!known.contains(key)) {
            out << prefix + key;
        }
    }
}

// The draft layout (version 0) rewritten as version 1. Keys it does not know are reported as
// skipped with their version-0 names.
QJsonObject migrateVersion0(const QJsonObject& v0, QStringList& skipped) {
    QJsonObject params;
    const auto copy = [&](const QJsonObject& from, const QString& oldKey, const QString& newKey) {
        if (from.contains(oldKey)) {
            params.insert(newKey, from.value(oldKey));
        }
    };
    QStringList knownKeys = {kFormatKey,
                             kVersionKey,
                             QStringLiteral("positions"),
                             QStringLiteral("interleaved"),
                             QStringLiteral("scaling"),
                             QStringLiteral("panel")};
    for (const ParamField& f : paramFields()) {
        if (!f.draftSessionKey.empty()) {
            copy(v0, toQString(f.draftSessionKey), toQString(f.sessionKey));
            knownKeys << toQString(f.draftSessionKey);
        }
    }
    // The draft kept the two positions as one array.
    if (v0.contains(QStringLiteral("positions"))) {
        const QJsonValue positions = v0.value(QStringLiteral("positions"));
        const QJsonArray pair = positions.toArray();
        if (positions.isArray() && pair.size() == 2) {
            params.insert(toQString(param::kM), pair.at(0));
            params.insert(toQString(param::kN), pair.at(1));
        } else {
            // Passed on as an invalid value so the v1 reader reports it under its new name.
            params.insert(toQString(param::kM), positions);
        }
    }
    if (v0.contains(QStringLiteral("interleaved"))) {
        const QJsonValue interleaved = v0.value(QStringLiteral("interleaved"));
        params.insert(QStringLiteral("layout"),
                      interleaved.isBool()
                          ? QJsonValue(interleaved.toBool() ? QStringLiteral("interleaved")
                                                            : QStringLiteral("half"))
                          : interleaved);
    }
    const QJsonObject scaling = v0.value(QStringLiteral("scaling")).toObject();
    copy(scaling, QStringLiteral("rope_type"), QStringLiteral("method"));
    // The draft wrote the scaling fields under their Hugging Face names, and the sequence length
    // as "seq_len"; it had no LongRoPE lists.
    QStringList knownScalingKeys = {QStringLiteral("rope_type")};
    for (const ScalingField& f : scalingFields()) {
        if (f.kind == ScalingFieldKind::List) {
            continue;
        }
        const QString oldKey =
            f.id == field::kSeqLen ? QStringLiteral("seq_len") : toQString(f.hfKey);
        copy(scaling, oldKey, toQString(f.id));
        knownScalingKeys << oldKey;
    }

    collectUnknown(v0, knownKeys, QString(), skipped);
    collectUnknown(scaling, knownScalingKeys, QStringLiteral("scaling."), skipped);

    QJsonObject v1{
        {kFormatKey, QString::fromLatin1(kSessionFormat)}, {kVersionKey, 1}, {kParamsKey, params}};
    if (v0.contains(QStringLiteral("panel"))) {
        v1.insert(kActivePanelKey, v0.value(QStringLiteral("panel")));
    }
    return v1;
}

class SessionReader {
public:
    explicit SessionReader(SessionLoadResult& result)
        : m_result(result), m_reader(result.errors, result.warnings) {}

    void run(const QJsonObject& root) {
        if (!readHeader(root)) {
            return;
        }
        QStringList skipped;
        const QJsonObject v1 = m_result.fileVersion == 0 ? migrateVersion0(root, skipped) : root;
        if (m_result.fileVersion == 0) {
            m_reader.warning(kVersionKey, QStringLiteral("version 0 (draft layout) migrated to "
                                                         "version %1")
                                              .arg(kSessionVersion));
        } else {
            collectUnknown(v1,
                           {kFormatKey, kVersionKey, kParamsKey, kActivePanelKey, kPanelOptionsKey,
                            kWindowKey},
                           QString(), skipped);
        }
        readParams(v1, skipped);
        readPanels(v1);
        readWindow(v1, skipped);
        if (!skipped.isEmpty()) {
            skipped.sort();
            m_reader.warning(QStringLiteral("(file)"),
                             IoText::tr("skipped keys this version (%1) does not know: %2")
                                 .arg(kSessionVersion)
                                 .arg(skipped.join(QStringLiteral(", "))));
        }
        m_result.errors << repairParams(m_result.session.params, [](const std::string& p) {
            return QStringLiteral("params.") + QString::fromStdString(p);
        });
    }

private:
    bool readHeader(const QJsonObject& root) {
        const std::optional<QString> format = m_reader.string(root, QString(), kFormatKey);
        if (!m_result.errors.isEmpty()) {
            return false;
        }
        if (format && *format != QLatin1String(kSessionFormat)) {
            m_reader.error(kFormatKey, IoText::tr("expected \"%1\", got \"%2\"")
                                           .arg(QLatin1String(kSessionFormat), *format));
            return false;
        }
        if (!root.contains(kVersionKey)) {
            // Only the draft layout wrote no version; it always had a head dimension.
            if (!root.contains(toQString(findParamField(param::kDim)->draftSessionKey))) {
                m_reader.error(kVersionKey, QStringLiteral("missing; this is not a RoPE Explorer "
                                                           "session"));
                return false;
            }
            m_result.fileVersion = 0;
            return true;
        }
        const std::optional<int> version = m_reader.smallInteger(root, QString(), kVersionKey);
        if (!version) {
            if (m_result.errors.isEmpty()) {
                m_reader.error(kVersionKey, IoText::tr("expected an integer, got null"));
            }
            return false;
        }
        if (*version < 0) {
            m_reader.error(kVersionKey, IoText::tr("must be 0 or more, got %1").arg(*version));
            return false;
        }
        if (*version > 0 && !format) {
            m_reader.error(
                kFormatKey,
                IoText::tr("missing; expected \"%1\"").arg(QLatin1String(kSessionFormat)));
            return false;
        }
        m_result.fileVersion = *version;
        if (*version > kSessionVersion) {
            m_reader.warning(kVersionKey, QStringLiteral("file version %1 is newer than this "
                                                         "build's %2; loading the keys it knows")
                                              .arg(*version)
                                              .arg(kSessionVersion));
        }
        return true;
    }

    void readParams(const QJsonObject& v1, QStringList& skipped) {
        const QJsonValue value = v1.value(kParamsKey);
        if (value.isUndefined()) {
            m_reader.warning(kParamsKey, IoText::tr("missing; default parameters used"));
            return;
        }
        if (!value.isObject()) {
            m_reader.error(kParamsKey,
                           IoText::tr("expected an object, got %1").arg(jsonDescribe(value)));
            return;
        }
        const QJsonObject o = value.toObject();
        const QString p = kParamsKey + QLatin1Char('.');
        if (m_result.fileVersion != 0) {
            collectUnknown(o, paramKeys(), p, skipped);
        }
        RopeParams& r = m_result.session.params;
        ScalingParams& s = r.scaling;
        for (const ParamField& f : paramFields()) {
            m_reader.paramField(o, p, toQString(f.sessionKey), f, r);
        }
        if (const auto layout = m_reader.string(o, p, QStringLiteral("layout"))) {
            if (*layout == QLatin1String("interleaved") || *layout == QLatin1String("half")) {
                r.layout = parseLayout(layout->toStdString());
            } else {
                m_reader.error(p + QStringLiteral("layout"),
                               IoText::tr("expected \"interleaved\" or \"half\", got \"%1\"")
                                   .arg(*layout));
            }
        }
        if (const auto method = m_reader.string(o, p, QStringLiteral("method"))) {
            // The id is parsed here, at the file boundary: an unknown one is an error naming it
            // and the known ids (the registry's message), and the method stays "default".
            try {
                s.method = scalingMethod(method->toStdString()).kind;
            } catch (const InvalidParameter& e) {
                m_reader.error(p + QStringLiteral("method"), QString::fromStdString(e.what()));
            }
        }
        for (const ScalingField& f : scalingFields()) {
            // Lists: their length is checked by the core in repairParams().
            m_reader.scalingField(o, p, toQString(f.id), f, s);
        }
    }

    void readPanels(const QJsonObject& v1) {
        if (const auto panel = m_reader.string(v1, QString(), kActivePanelKey)) {
            m_result.session.activePanel = *panel;
        }
        const QJsonValue options = v1.value(kPanelOptionsKey);
        if (options.isUndefined() || options.isNull()) {
            return;
        }
        if (!options.isObject()) {
            m_reader.error(kPanelOptionsKey,
                           IoText::tr("expected an object, got %1").arg(jsonDescribe(options)));
            return;
        }
        const QJsonObject o = options.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (!it.value().isObject()) {
                m_reader.error(kPanelOptionsKey + QLatin1Char('.') + it.key(),
                               IoText::tr("expected an object of options, got %1")
                                   .arg(jsonDescribe(it.value())));
                continue;
            }
            m_result.session.panelOptions.insert(it.key(), it.value().toObject().toVariantMap());
        }
    }

    void readWindow(const QJsonObject& v1, QStringList& skipped) {
        const QJsonValue window = v1.value(kWindowKey);
        if (window.isUndefined() || window.isNull()) {
            return;
        }
        if (!window.isObject()) {
            m_reader.error(kWindowKey,
                           IoText::tr("expected an object, got %1").arg(jsonDescribe(window)));
            return;
        }
        const QJsonObject o = window.toObject();
        const QString p = kWindowKey + QLatin1Char('.');
        collectUnknown(o, {kGeometryKey, kStateKey}, p, skipped);
        const auto decode = [&](const QString& key, QByteArray& out) {
            const auto text = m_reader.string(o, p, key);
            if (!text) {
                return;
            }
            const auto decoded = QByteArray::fromBase64Encoding(
                text->toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
            if (!decoded) {
                m_reader.error(p + key, IoText::tr("not valid base64"));
                return;
            }
            out = *decoded;
        };
        decode(kGeometryKey, m_result.session.windowGeometry);
        decode(kStateKey, m_result.session.windowState);
    }

    SessionLoadResult& m_result;
    JsonFieldReader m_reader;
};

} // namespace

QByteArray sessionToJson(const Session& session) {
    QJsonObject root{
        {kFormatKey, QString::fromLatin1(kSessionFormat)},
        {kVersionKey, kSessionVersion},
        {kParamsKey, paramsToJson(session.params)},
        {kActivePanelKey, session.activePanel},
        {kPanelOptionsKey, QJsonObject::fromVariantMap(session.panelOptions)},
        {kWindowKey,
         QJsonObject{
             {kGeometryKey, QString::fromLatin1(session.windowGeometry.toBase64())},
             {kStateKey, QString::fromLatin1(session.windowState.toBase64())},
         }},
    };
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

SessionLoadResult sessionFromJson(const QByteArray& json) {
    SessionLoadResult result;
    const std::optional<QJsonObject> root = parseJsonObject(json, result.errors);
    if (!root) {
        return result;
    }
    SessionReader(result).run(*root);
    return result;
}

bool saveSession(const QString& path, const Session& session, QString* error) {
    const auto fail = [&](const QString& message) {
        if (error != nullptr) {
            *error = IoText::tr("cannot save %1: %2").arg(path, message);
        }
        return false;
    };
    const QString why = io::writeFileAtomically(path, sessionToJson(session));
    if (!why.isEmpty()) {
        return fail(why);
    }
    return true;
}

SessionLoadResult loadSession(const QString& path) {
    SessionLoadResult result;
    const std::optional<QByteArray> json =
        readBoundedFile(path, kMaxSessionBytes, QStringLiteral("sessions"), result.errors);
    return json ? sessionFromJson(*json) : result;
}

FileKind fileKindOf(const QString& path) {
    return QFileInfo(path).suffix().compare(QLatin1String(kSessionSuffix), Qt::CaseInsensitive) == 0
               ? FileKind::Session
               : FileKind::ModelConfig;
}

} // namespace rope::io
