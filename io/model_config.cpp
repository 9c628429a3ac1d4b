// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/model_config.h"

#include "core/scaling/scaling_registry.h"
#include "io/params_check.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QLocale>

#include <algorithm>
#include <climits>
#include <cmath>
#include <map>
#include <optional>
#include <string>

namespace rope::ui {

namespace {

using FieldReader = JsonFieldReader;

QString show(double v) {
    return jsonShow(v);
}

// One candidate source of a value: which object, its path prefix and key.
struct Source {
    const QJsonObject* object;
    QString prefix;
    QString key;
    QString path() const { return prefix + key; }
};

// First present number among the sources; a later present one that differs is a warning naming
// both fields. Returns the value and the path it came from.
std::optional<std::pair<double, QString>> firstNumber(FieldReader& r,
                                                      std::initializer_list<Source> sources) {
    std::optional<std::pair<double, QString>> chosen;
    for (const Source& s : sources) {
        if (s.object == nullptr) {
            continue;
        }
        const std::optional<double> v = r.number(*s.object, s.prefix, s.key);
        if (!v) {
            continue;
        }
        if (!chosen) {
            chosen = std::make_pair(*v, s.path());
        } else if (*v != chosen->first) {
            r.warning(s.path(), QStringLiteral("%1 disagrees with %2 = %3; using %2")
                                    .arg(show(*v), chosen->second, show(chosen->first)));
        }
    }
    return chosen;
}

// Hugging Face key of each registry parameter (CLI-style name) that a rope_scaling dict can set.
const std::map<std::string, QString>& scalingKeys() {
    static const std::map<std::string, QString> keys = {
        {"factor", QStringLiteral("factor")},
        {"original-context", QStringLiteral("original_max_position_embeddings")},
        {"beta-fast", QStringLiteral("beta_fast")},
        {"beta-slow", QStringLiteral("beta_slow")},
        {"mscale", QStringLiteral("mscale")},
        {"mscale-all-dim", QStringLiteral("mscale_all_dim")},
        {"attention-factor", QStringLiteral("attention_factor")},
        {"truncate", QStringLiteral("truncate")},
        {"low-freq-factor", QStringLiteral("low_freq_factor")},
        {"high-freq-factor", QStringLiteral("high_freq_factor")},
    };
    return keys;
}

bool methodUses(const ScalingMethod& method, const std::string& param) {
    return std::find(method.usedParams.begin(), method.usedParams.end(), param) !=
           method.usedParams.end();
}

QString supportedTypes() {
    QStringList ids;
    for (const ScalingMethod& m : allScalingMethods()) {
        // "ntk" is ours; transformers never writes it.
        if (m.id != "ntk") {
            ids << QString::fromUtf8(m.id.data(), static_cast<qsizetype>(m.id.size()));
        }
    }
    return ids.join(QStringLiteral(", "));
}

class ConfigImporter {
public:
    explicit ConfigImporter(ModelConfigResult& result)
        : m_result(result), m_reader(result.errors, result.warnings) {}

    void run(const QJsonObject& root) {
        readName(root);
        selectRopeDict(root);
        readBase(root);
        readHeadDim(root);
        readRotaryDim(root);
        readContext(root);
        readLayout(root);
        readScaling(root);
        m_result.errors << repairParams(m_result.params, [this](const std::string& p) {
            const auto it = m_fieldOf.find(p);
            return it != m_fieldOf.end() ? it->second : QString::fromStdString(p);
        });
    }

private:
    void readName(const QJsonObject& root) {
        const QJsonValue name = root.value(QStringLiteral("_name_or_path"));
        const QJsonValue arch = root.value(QStringLiteral("architectures"));
        const QJsonValue type = root.value(QStringLiteral("model_type"));
        if (name.isString() && !name.toString().isEmpty()) {
            m_result.modelName = name.toString();
        } else if (arch.isArray() && arch.toArray().first().isString()) {
            m_result.modelName = arch.toArray().first().toString();
        } else if (type.isString()) {
            m_result.modelName = type.toString();
        }
        m_modelType = type.isString() ? type.toString() : QString();
    }

    void selectRopeDict(const QJsonObject& root) {
        const QJsonValue params = root.value(QStringLiteral("rope_parameters"));
        const QJsonValue scaling = root.value(QStringLiteral("rope_scaling"));
        const bool hasParams = !params.isUndefined() && !params.isNull();
        const bool hasScaling = !scaling.isUndefined() && !scaling.isNull();
        if (hasParams) {
            if (!params.isObject()) {
                m_reader.error(
                    QStringLiteral("rope_parameters"),
                    QStringLiteral("expected an object, got %1").arg(jsonDescribe(params)));
                return;
            }
            m_rope = params.toObject();
            m_ropePrefix = QStringLiteral("rope_parameters.");
            m_fromRopeParameters = true;
            selectLayerType();
            if (hasScaling) {
                m_reader.warning(QStringLiteral("rope_scaling"),
                                 QStringLiteral("ignored because rope_parameters is present "
                                                "(transformers 5 reads rope_parameters)"));
            }
        } else if (hasScaling) {
            if (!scaling.isObject()) {
                m_reader.error(QStringLiteral("rope_scaling"),
                               QStringLiteral("expected an object or null, got %1")
                                   .arg(jsonDescribe(scaling)));
                return;
            }
            m_rope = scaling.toObject();
            m_ropePrefix = QStringLiteral("rope_scaling.");
        }
        m_hasRope = !m_rope.isEmpty();
    }

    // transformers 5 allows {"full_attention": {...}, "sliding_attention": {...}} (Gemma 3):
    // one dict per attention layer type. The explorer shows one, the global layers' if present.
    void selectLayerType() {
        if (m_rope.isEmpty() || m_rope.contains(QStringLiteral("rope_type")) ||
            m_rope.contains(QStringLiteral("type")) ||
            m_rope.contains(QStringLiteral("rope_theta"))) {
            return;
        }
        const QStringList keys = m_rope.keys();
        const bool allObjects = std::all_of(keys.begin(), keys.end(), [this](const QString& k) {
            return m_rope.value(k).isObject();
        });
        if (!allObjects) {
            return;
        }
        const QString chosen = keys.contains(QStringLiteral("full_attention"))
                                   ? QStringLiteral("full_attention")
                                   : keys.first();
        QStringList others = keys;
        others.removeAll(chosen);
        m_reader.warning(QStringLiteral("rope_parameters"),
                         QStringLiteral("one dict per layer type; showing '%1'%2")
                             .arg(chosen, others.isEmpty()
                                              ? QString()
                                              : QStringLiteral(" (not shown: %1)")
                                                    .arg(others.join(QStringLiteral(", ")))));
        m_rope = m_rope.value(chosen).toObject();
        m_ropePrefix = QStringLiteral("rope_parameters.%1.").arg(chosen);
    }

    void readBase(const QJsonObject& root) {
        const auto base = firstNumber(
            m_reader,
            {{m_fromRopeParameters ? &m_rope : nullptr, m_ropePrefix, QStringLiteral("rope_theta")},
             {&root, QString(), QStringLiteral("rope_theta")},
             {&root, QString(), QStringLiteral("rotary_emb_base")}});
        if (base) {
            m_result.params.base = base->first;
            m_fieldOf["base"] = base->second;
        } else if (!hasError(QStringLiteral("rope_theta")) &&
                   !hasError(QStringLiteral("rotary_emb_base"))) {
            m_reader.warning(QStringLiteral("rope_theta"),
                             QStringLiteral("missing; using 10000 (transformers' default)"));
            m_fieldOf["base"] = QStringLiteral("rope_theta");
        }
    }

    void readHeadDim(const QJsonObject& root) {
        const QString none;
        if (const auto d = m_reader.smallInteger(root, none, QStringLiteral("qk_rope_head_dim"))) {
            m_result.params.headDim = *d;
            m_fieldOf["dim"] = QStringLiteral("qk_rope_head_dim");
            m_reader.warning(QStringLiteral("qk_rope_head_dim"),
                             QStringLiteral("multi-head latent attention: RoPE acts on the %1 "
                                            "rope dimensions of each head only")
                                 .arg(*d));
            return;
        }
        if (const auto d = m_reader.smallInteger(root, none, QStringLiteral("head_dim"))) {
            m_result.params.headDim = *d;
            m_fieldOf["dim"] = QStringLiteral("head_dim");
            return;
        }
        if (hasError(QStringLiteral("head_dim"))) {
            return;
        }
        for (const auto& [hiddenKey, headsKey] :
             {std::pair{QStringLiteral("hidden_size"), QStringLiteral("num_attention_heads")},
              std::pair{QStringLiteral("n_embd"), QStringLiteral("n_head")}}) {
            if (!root.contains(hiddenKey) && !root.contains(headsKey)) {
                continue;
            }
            const auto hidden = m_reader.integer(root, none, hiddenKey);
            const auto heads = m_reader.integer(root, none, headsKey);
            if (!hidden || !heads) {
                if (!hasError(hiddenKey) && !hasError(headsKey)) {
                    m_reader.error(hidden ? headsKey : hiddenKey,
                                   QStringLiteral("missing; the head dimension is %1 / %2")
                                       .arg(hiddenKey, headsKey));
                }
                return;
            }
            if (*heads <= 0) {
                m_reader.error(headsKey, QStringLiteral("must be positive, got %1").arg(*heads));
                return;
            }
            if (*hidden % *heads != 0) {
                m_reader.error(headsKey, QStringLiteral("%1 (%2) is not a multiple of %3 (%4), so "
                                                        "the head dimension is not whole")
                                             .arg(hiddenKey)
                                             .arg(*hidden)
                                             .arg(headsKey)
                                             .arg(*heads));
                return;
            }
            const long long d = *hidden / *heads;
            // Out-of-range values are reported by rope::validate through repairParams.
            m_result.params.headDim = static_cast<int>(std::clamp<long long>(d, INT_MIN, INT_MAX));
            m_fieldOf["dim"] = hiddenKey + QStringLiteral(" / ") + headsKey;
            return;
        }
        m_reader.error(QStringLiteral("head_dim"),
                       QStringLiteral("missing; give head_dim, or hidden_size and "
                                      "num_attention_heads"));
    }

    void readRotaryDim(const QJsonObject& root) {
        const auto factor =
            firstNumber(m_reader, {{m_fromRopeParameters ? &m_rope : nullptr, m_ropePrefix,
                                    QStringLiteral("partial_rotary_factor")},
                                   {&root, QString(), QStringLiteral("partial_rotary_factor")},
                                   {&root, QString(), QStringLiteral("rotary_pct")}});
        if (factor) {
            const auto& [f, field] = *factor;
            if (!(f > 0.0 && f <= 1.0)) {
                m_reader.error(field, QStringLiteral("must be in (0, 1], got %1").arg(show(f)));
                return;
            }
            const int d = m_result.params.headDim;
            // transformers: dim = int(head_dim * partial_rotary_factor), truncating.
            const int rotary = static_cast<int>(d * f);
            if (rotary < 2 || rotary % 2 != 0) {
                m_reader.error(field,
                               QStringLiteral("int(head_dim × %1) = int(%2 × %3) = %4 is not "
                                              "a positive even number; RoPE rotates pairs")
                                   .arg(field.section(QLatin1Char('.'), -1))
                                   .arg(d)
                                   .arg(show(f))
                                   .arg(rotary));
                return;
            }
            m_result.params.rotaryDim = rotary == d ? 0 : rotary;
            m_fieldOf["rotary-dim"] = field;
            return;
        }
        // GPT-J writes the rotated width itself.
        if (const auto r = m_reader.smallInteger(root, QString(), QStringLiteral("rotary_dim"))) {
            m_result.params.rotaryDim = *r == m_result.params.headDim ? 0 : *r;
            m_fieldOf["rotary-dim"] = QStringLiteral("rotary_dim");
        }
    }

    void readContext(const QJsonObject& root) {
        for (const QString& key :
             {QStringLiteral("max_position_embeddings"), QStringLiteral("n_positions")}) {
            if (const auto c = m_reader.integer(root, QString(), key)) {
                m_result.params.context = *c;
                m_maxPositions = *c;
                m_fieldOf["context"] = key;
                return;
            }
            if (hasError(key)) {
                return;
            }
        }
        m_reader.warning(
            QStringLiteral("max_position_embeddings"),
            QStringLiteral("missing; the context stays at %1 tokens").arg(m_result.params.context));
    }

    void readLayout(const QJsonObject& root) {
        const bool interleave = root.value(QStringLiteral("rope_interleave")).toBool(false);
        if (interleave || m_modelType == QLatin1String("gptj") ||
            m_modelType == QLatin1String("deepseek_v2") ||
            m_modelType == QLatin1String("deepseek_v3")) {
            m_result.params.layout = Layout::Interleaved;
        } else {
            m_result.params.layout = Layout::Half;
        }
    }

    void readScaling(const QJsonObject&) {
        if (!m_hasRope) {
            return;
        }
        const QString& p = m_ropePrefix;
        const auto ropeType = m_reader.string(m_rope, p, QStringLiteral("rope_type"));
        const auto oldType = m_reader.string(m_rope, p, QStringLiteral("type"));
        if (hasError(p + QStringLiteral("rope_type")) || hasError(p + QStringLiteral("type"))) {
            return;
        }
        QString type;
        QString typeField = p + QStringLiteral("rope_type");
        if (ropeType) {
            type = *ropeType;
            if (oldType && *oldType != *ropeType) {
                m_reader.error(
                    p + QStringLiteral("type"),
                    QStringLiteral("'%1' contradicts rope_type '%2'").arg(*oldType, *ropeType));
                return;
            }
        } else if (oldType) {
            type = *oldType;
            typeField = p + QStringLiteral("type");
        } else if (m_rope.contains(QStringLiteral("factor"))) {
            m_reader.error(typeField, QStringLiteral("missing, but factor is given; which scaling "
                                                     "method is meant?"));
            return;
        } else {
            type = QStringLiteral("default");
        }

        if (type == QLatin1String("mrope")) {
            m_reader.warning(typeField, QStringLiteral("'mrope' (multimodal sections) shown as "
                                                       "default RoPE on text positions"));
            type = QStringLiteral("default");
        }
        const ScalingMethod* method =
            type == QLatin1String("ntk") ? nullptr : findScalingMethod(type.toStdString());
        if (method == nullptr) {
            m_reader.error(typeField, QStringLiteral("'%1' is not supported (supported: %2); the "
                                                     "rest of the file is loaded without scaling")
                                          .arg(type, supportedTypes()));
            return;
        }

        ScalingParams s;
        s.method = std::string(method->id);
        const QString methodId = type;
        for (const auto& [param, key] : scalingKeys()) {
            if (m_rope.contains(key) && !m_rope.value(key).isNull() &&
                !methodUses(*method, param)) {
                m_reader.warning(p + key,
                                 QStringLiteral("not used by '%1', ignored").arg(methodId));
            }
            m_fieldOf[param] = p + key;
        }
        const auto need = [&](const std::string& param) { return methodUses(*method, param); };
        const auto requireMissing = [&](const QString& key) {
            if (!hasError(p + key)) {
                m_reader.error(p + key, QStringLiteral("missing (required by '%1')").arg(methodId));
            }
        };

        if (need("factor")) {
            if (const auto f = m_reader.number(m_rope, p, QStringLiteral("factor"))) {
                s.factor = *f;
            } else {
                requireMissing(QStringLiteral("factor"));
            }
        }
        if (need("original-context")) {
            const QString key = QStringLiteral("original_max_position_embeddings");
            if (const auto l0 = m_reader.smallInteger(m_rope, p, key)) {
                s.originalContext = *l0;
            } else if (hasError(p + key)) {
                // Reported already.
            } else if (method->id == "llama3") {
                requireMissing(key);
            } else if (m_maxPositions) {
                // transformers: yarn and dynamic fall back to max_position_embeddings.
                s.originalContext =
                    static_cast<int>(std::clamp<long long>(*m_maxPositions, INT_MIN, INT_MAX));
                m_fieldOf["original-context"] = m_fieldOf["context"];
            } else {
                m_reader.warning(p + key, QStringLiteral("missing and no max_position_embeddings; "
                                                         "using %1")
                                              .arg(s.originalContext));
            }
        }
        if (need("beta-fast")) {
            if (const auto v = m_reader.number(m_rope, p, QStringLiteral("beta_fast"))) {
                s.betaFast = *v;
            }
        }
        if (need("beta-slow")) {
            if (const auto v = m_reader.number(m_rope, p, QStringLiteral("beta_slow"))) {
                s.betaSlow = *v;
            }
        }
        if (need("mscale")) {
            if (const auto v = m_reader.number(m_rope, p, QStringLiteral("mscale"))) {
                s.mscale = *v;
            }
        }
        if (need("mscale-all-dim")) {
            if (const auto v = m_reader.number(m_rope, p, QStringLiteral("mscale_all_dim"))) {
                s.mscaleAllDim = *v;
            }
        }
        if (need("attention-factor")) {
            if (const auto v = m_reader.number(m_rope, p, QStringLiteral("attention_factor"))) {
                s.attentionFactor = *v;
            }
        }
        if (need("truncate")) {
            if (const auto v = m_reader.boolean(m_rope, p, QStringLiteral("truncate"))) {
                s.truncate = *v;
            }
        }
        if (need("low-freq-factor")) {
            if (const auto v = m_reader.number(m_rope, p, QStringLiteral("low_freq_factor"))) {
                s.lowFreqFactor = *v;
            } else {
                requireMissing(QStringLiteral("low_freq_factor"));
            }
        }
        if (need("high-freq-factor")) {
            if (const auto v = m_reader.number(m_rope, p, QStringLiteral("high_freq_factor"))) {
                s.highFreqFactor = *v;
            } else {
                requireMissing(QStringLiteral("high_freq_factor"));
            }
        }
        // transformers ≥ 4.56 warns in the same way and keeps the explicit factor.
        if (method->id == "yarn" && m_maxPositions &&
            m_rope.contains(QStringLiteral("original_max_position_embeddings")) &&
            s.originalContext > 0) {
            const double implicit = static_cast<double>(*m_maxPositions) / s.originalContext;
            if (implicit != s.factor) {
                m_reader.warning(p + QStringLiteral("factor"),
                                 QStringLiteral("%1 differs from max_position_embeddings / "
                                                "original_max_position_embeddings = %2; using the "
                                                "explicit factor, as transformers does")
                                     .arg(show(s.factor), show(implicit)));
            }
        }
        m_result.params.scaling = s;
        m_fieldOf["method"] = typeField;
        m_fieldOf["seq-len"] = QStringLiteral("seq-len");
    }

    bool hasError(const QString& field) const {
        const QString prefix = field + QStringLiteral(": ");
        return std::any_of(m_result.errors.begin(), m_result.errors.end(),
                           [&](const QString& e) { return e.startsWith(prefix); });
    }

    ModelConfigResult& m_result;
    FieldReader m_reader;
    QJsonObject m_rope;
    QString m_ropePrefix;
    bool m_hasRope = false;
    bool m_fromRopeParameters = false;
    QString m_modelType;
    std::optional<long long> m_maxPositions;
    std::map<std::string, QString> m_fieldOf = {
        {"dim", QStringLiteral("head_dim")},
        {"rotary-dim", QStringLiteral("partial_rotary_factor")},
        {"base", QStringLiteral("rope_theta")},
        {"context", QStringLiteral("max_position_embeddings")},
    };
};

} // namespace

ModelConfigResult loadModelConfigFromJson(const QByteArray& json) {
    ModelConfigResult result;
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        result.errors << QStringLiteral("(file): malformed JSON at ") +
                             jsonParseErrorText(json, parseError);
        return result;
    }
    if (!doc.isObject()) {
        result.errors << QStringLiteral("(file): expected a JSON object at the top level");
        return result;
    }
    ConfigImporter(result).run(doc.object());
    return result;
}

ModelConfigResult loadModelConfig(const QString& path) {
    ModelConfigResult result;
    const std::optional<QByteArray> json =
        readBoundedFile(path, kMaxModelConfigBytes, QStringLiteral("model configs"), result.errors);
    return json ? loadModelConfigFromJson(*json) : result;
}

RopeParams withModelParams(const RopeParams& current, const RopeParams& model) {
    RopeParams p = model;
    // Positions are the user's probe, not a property of the model.
    p.m = current.m;
    p.n = current.n;
    return p;
}

} // namespace rope::ui
