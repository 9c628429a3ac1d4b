// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/model_config.h"
#include "io/io_text.h"
#include "io/model_family.h"

#include "core/model_layers.h"
#include "core/mrope.h"
#include "core/scaling/scaling_fields.h"
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

namespace rope::io {

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
            r.warning(s.path(), IoText::tr("%1 disagrees with %2 = %3; using %2")
                                    .arg(show(*v), chosen->second, show(chosen->first)));
        }
    }
    return chosen;
}

// Hugging Face key of each scaling field (by id) that a rope_scaling dict can set.
const std::map<std::string, QString>& scalingKeys() {
    static const std::map<std::string, QString> keys = [] {
        std::map<std::string, QString> k;
        for (const ScalingField& f : scalingFields()) {
            if (!f.hfKey.empty()) {
                k.emplace(std::string(f.id), toQString(f.hfKey));
            }
        }
        return k;
    }();
    return keys;
}

// The Hugging Face key of the scaling field \p id.
QString hfKeyOf(std::string_view id) {
    return toQString(findScalingField(id)->hfKey);
}

bool methodUses(const ScalingMethod& method, const std::string& param) {
    return std::find(method.usedParams.begin(), method.usedParams.end(), param) !=
           method.usedParams.end();
}

QString supportedTypes() {
    QStringList ids;
    for (const ScalingMethod& m : allScalingMethods()) {
        // "ntk" is ours; transformers never writes it.
        if (m.kind != ScalingKind::Ntk) {
            ids << QString::fromUtf8(m.id.data(), static_cast<qsizetype>(m.id.size()));
        }
    }
    return ids.join(QStringLiteral(", "));
}

// Every key a rope_scaling / rope_parameters dict may hold in transformers (5.x RopeParameters
// plus the older spellings). Anything else is an error naming it: a key we do not know may change
// the frequencies, and silently ignoring it would show the wrong numbers.
const QStringList& knownRopeKeys() {
    static const QStringList keys = [] {
        QStringList k = {QStringLiteral("rope_type"), QStringLiteral("type"),
                         QStringLiteral("rope_theta"), QStringLiteral("partial_rotary_factor")};
        for (const auto& [id, key] : scalingKeys()) {
            k << key;
        }
        k << QStringLiteral("mrope_section") << QStringLiteral("mrope_interleaved");
        // Mistral 3 / Ministral 3: the query scale of LayerRope::queryScale.
        k << QStringLiteral("llama_4_scaling_beta");
        // Hunyuan's NTK-alpha (with type "dynamic"): a fixed base b·α^(d/(d−2)).
        k << QStringLiteral("alpha");
        return k;
    }();
    return keys;
}

// Fields that transformers' config class fills in when a published config.json leaves them out
// (Gemma 3's text_config lists only what differs from Gemma3TextConfig). Each use is a warning.
struct ClassDefault {
    const char* key;
    // Every class default in the table is a whole number (printed as one in the warning).
    double value;
};
const std::map<QString, std::vector<ClassDefault>>& classDefaults() {
    static const std::map<QString, std::vector<ClassDefault>> defaults = {
        // transformers 4.50 configuration_gemma3.py, Gemma3TextConfig.__init__ defaults.
        {QStringLiteral("gemma3_text"),
         {{"head_dim", 256},
          {"num_attention_heads", 8},
          {"rope_theta", 1000000.0},
          {"rope_local_base_freq", 10000.0},
          {"sliding_window_pattern", 6},
          {"sliding_window", 4096},
          {"max_position_embeddings", 131072}}},
        // transformers 5 configuration_gemma3n.py, Gemma3nTextConfig: default_theta {"global":
        // 1e6, "local": 1e4} (the local one read from rope_local_base_freq), sliding_window 512.
        {QStringLiteral("gemma3n_text"),
         {{"head_dim", 256},
          {"num_attention_heads", 8},
          {"rope_theta", 1000000.0},
          {"rope_local_base_freq", 10000.0},
          {"sliding_window", 512},
          {"max_position_embeddings", 32768}}},
        // configuration_falcon.py, FalconConfig.__init__: the original Falcon configs (tiiuae/
        // falcon-7b, transformers 4.27–4.28) write neither rope_theta nor max_position_embeddings.
        {QStringLiteral("falcon"), {{"rope_theta", 10000.0}, {"max_position_embeddings", 2048}}},
    };
    return defaults;
}

class ConfigImporter {
public:
    // \p layerType: read the rope_parameters entry of that layer type (per-layer import) and
    // nothing about layers; empty for the main import.
    explicit ConfigImporter(ModelConfigResult& result, QString layerType = QString())
        : m_result(result), m_reader(result.errors, result.warnings),
          m_layerType(std::move(layerType)) {}

    void run(const QJsonObject& root) {
        readName(root);
        const QJsonObject text = selectTextConfig(root);
        selectRopeDict(text);
        readBase(text);
        readHeadDim(text);
        readRotaryDim(text);
        readContext(text);
        readLayout(root, text);
        readScaling(text);
        m_result.errors << repairParams(m_result.params, [this](const std::string& p) {
            const auto it = m_fieldOf.find(p);
            return it != m_fieldOf.end() ? it->second : QString::fromStdString(p);
        });
        m_result.modelType = m_modelType;
        if (m_layerType.isEmpty()) {
            checkMropeSection();
            readLayers(root, text);
            readTokensPerSecond(root);
        }
    }

private:
    // Vision-language configs (Gemma 3, Qwen3-VL, Llama 4) nest the language model under
    // text_config, as transformers' get_text_config() reads it. Its model_type decides the class
    // defaults filled in for missing fields.
    QJsonObject selectTextConfig(const QJsonObject& root) {
        QJsonObject text = root;
        const QJsonValue nested = root.value(QStringLiteral("text_config"));
        if (nested.isObject()) {
            text = nested.toObject();
            m_tp = QStringLiteral("text_config.");
            const QJsonValue type = text.value(QStringLiteral("model_type"));
            if (type.isString()) {
                m_modelType = type.toString();
            }
        } else if (!nested.isUndefined() && !nested.isNull()) {
            m_reader.error(QStringLiteral("text_config"),
                           IoText::tr("expected an object, got %1").arg(jsonDescribe(nested)));
        }
        const auto it = classDefaults().find(m_modelType);
        if (it != classDefaults().end()) {
            for (const ClassDefault& d : it->second) {
                const QString key = QString::fromLatin1(d.key);
                if (!text.contains(key)) {
                    text.insert(key, d.value);
                    if (m_layerType.isEmpty()) {
                        m_reader.warning(
                            m_tp + key,
                            QStringLiteral("missing; using %1, the %2 default of "
                                           "transformers' config class")
                                .arg(QString::number(static_cast<qint64>(d.value)), m_modelType));
                    }
                }
            }
        }
        return text;
    }

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
                m_reader.error(m_tp + QStringLiteral("rope_parameters"),
                               IoText::tr("expected an object, got %1").arg(jsonDescribe(params)));
                return;
            }
            m_rope = params.toObject();
            m_ropePrefix = m_tp + QStringLiteral("rope_parameters.");
            m_fromRopeParameters = true;
            selectLayerType();
            if (hasScaling) {
                m_reader.warning(m_tp + QStringLiteral("rope_scaling"),
                                 QStringLiteral("ignored because rope_parameters is present "
                                                "(transformers 5 reads rope_parameters)"));
            }
        } else if (hasScaling) {
            if (!scaling.isObject()) {
                m_reader.error(
                    m_tp + QStringLiteral("rope_scaling"),
                    IoText::tr("expected an object or null, got %1").arg(jsonDescribe(scaling)));
                return;
            }
            m_rope = scaling.toObject();
            m_ropePrefix = m_tp + QStringLiteral("rope_scaling.");
        }
        m_hasRope = !m_rope.isEmpty();
        if (m_hasRope) {
            for (const QString& key : m_rope.keys()) {
                if (!knownRopeKeys().contains(key)) {
                    m_reader.error(m_ropePrefix + key,
                                   IoText::tr("unknown field; a rope dict may hold: %1")
                                       .arg(knownRopeKeys().join(QStringLiteral(", "))));
                }
            }
        }
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
        m_perLayerTypeKeys = keys;
        if (!m_layerType.isEmpty()) {
            m_chosenLayerType = m_layerType;
            m_rope = m_rope.value(m_layerType).toObject();
            m_ropePrefix = m_tp + QStringLiteral("rope_parameters.%1.").arg(m_layerType);
            return;
        }
        const QString chosen = keys.contains(QStringLiteral("full_attention"))
                                   ? QStringLiteral("full_attention")
                                   : keys.first();
        QStringList others = keys;
        others.removeAll(chosen);
        m_reader.warning(
            m_tp + QStringLiteral("rope_parameters"),
            IoText::tr("one dict per layer type; showing '%1'%2")
                .arg(chosen,
                     others.isEmpty()
                         ? QString()
                         : IoText::tr(" (not shown: %1)").arg(others.join(QStringLiteral(", ")))));
        m_chosenLayerType = chosen;
        m_rope = m_rope.value(chosen).toObject();
        m_ropePrefix = m_tp + QStringLiteral("rope_parameters.%1.").arg(chosen);
    }

    void readBase(const QJsonObject& root) {
        const auto base = firstNumber(m_reader, {{m_fromRopeParameters ? &m_rope : nullptr,
                                                  m_ropePrefix, QStringLiteral("rope_theta")},
                                                 {&root, m_tp, QStringLiteral("rope_theta")},
                                                 {&root, m_tp, QStringLiteral("rotary_emb_base")}});
        if (base) {
            m_result.params.base = base->first;
            m_fieldOf["base"] = base->second;
        } else if (!hasError(m_tp + QStringLiteral("rope_theta")) &&
                   !hasError(m_tp + QStringLiteral("rotary_emb_base"))) {
            m_reader.warning(m_tp + QStringLiteral("rope_theta"),
                             IoText::tr("missing; using 10000 (transformers' default)"));
            m_fieldOf["base"] = m_tp + QStringLiteral("rope_theta");
        }
    }

    void readHeadDim(const QJsonObject& root) {
        const QString none = m_tp;
        if (const auto d = m_reader.smallInteger(root, none, QStringLiteral("qk_rope_head_dim"))) {
            m_result.params.headDim = *d;
            m_fieldOf["dim"] = m_tp + QStringLiteral("qk_rope_head_dim");
            m_reader.warning(m_tp + QStringLiteral("qk_rope_head_dim"),
                             QStringLiteral("multi-head latent attention: RoPE acts on the %1 "
                                            "rope dimensions of each head only")
                                 .arg(*d));
            return;
        }
        // configuration_gemma4.py, Gemma4TextConfig.__post_init__: full-attention layers get
        // head_dim = global_head_dim (default 512) through per_layer_config; sliding layers keep
        // head_dim.
        if (m_modelType == QLatin1String("gemma4_text") &&
            m_chosenLayerType == QLatin1String("full_attention")) {
            const QString key = QStringLiteral("global_head_dim");
            if (const auto d = m_reader.smallInteger(root, none, key)) {
                m_result.params.headDim = *d;
            } else if (!hasError(m_tp + key)) {
                m_result.params.headDim = 512;
                if (m_layerType.isEmpty()) {
                    m_reader.warning(m_tp + key, QStringLiteral("missing; using 512, the "
                                                                "gemma4_text default of "
                                                                "transformers' config class"));
                }
            }
            m_fieldOf["dim"] = m_tp + key;
            return;
        }
        if (const auto d = m_reader.smallInteger(root, none, QStringLiteral("head_dim"))) {
            m_result.params.headDim = *d;
            m_fieldOf["dim"] = m_tp + QStringLiteral("head_dim");
            return;
        }
        if (hasError(m_tp + QStringLiteral("head_dim"))) {
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
                if (!hasError(m_tp + hiddenKey) && !hasError(m_tp + headsKey)) {
                    m_reader.error(m_tp + (hidden ? headsKey : hiddenKey),
                                   IoText::tr("missing; the head dimension is %1 / %2")
                                       .arg(hiddenKey, headsKey));
                }
                return;
            }
            if (*heads <= 0) {
                m_reader.error(m_tp + headsKey, IoText::tr("must be positive, got %1").arg(*heads));
                return;
            }
            if (*hidden % *heads != 0) {
                m_reader.error(m_tp + headsKey,
                               QStringLiteral("%1 (%2) is not a multiple of %3 (%4), so "
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
            m_fieldOf["dim"] = m_tp + hiddenKey + QStringLiteral(" / ") + headsKey;
            return;
        }
        m_reader.error(m_tp + QStringLiteral("head_dim"),
                       QStringLiteral("missing; give head_dim, or hidden_size and "
                                      "num_attention_heads"));
    }

    void readRotaryDim(const QJsonObject& root) {
        const auto factor =
            firstNumber(m_reader, {{m_fromRopeParameters ? &m_rope : nullptr, m_ropePrefix,
                                    QStringLiteral("partial_rotary_factor")},
                                   {&root, m_tp, QStringLiteral("partial_rotary_factor")},
                                   {&root, m_tp, QStringLiteral("rotary_pct")}});
        if (factor) {
            const auto& [f, field] = *factor;
            if (!(f > 0.0 && f <= 1.0)) {
                m_reader.error(field, IoText::tr("must be in (0, 1], got %1").arg(show(f)));
                return;
            }
            const int d = m_result.params.headDim;
            m_fieldOf["rotary-dim"] = field;
            // p-RoPE counts rotated pairs as int(f·head_dim // 2) (Gemma 4), so an odd f·d is fine.
            if (ropeTypeIs(QStringLiteral("proportional"))) {
                const int pairs = static_cast<int>(std::floor(d * f / 2.0));
                m_result.params.rotaryDim = 2 * pairs == d ? 0 : 2 * pairs;
                return;
            }
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
        // configuration_qwen3_5.py (Qwen3_5TextConfig.__init__) and configuration_qwen3_5_moe.py:
        // kwargs.setdefault("partial_rotary_factor", 0.25), so a file without it rotates
        // int(head_dim · 0.25) channels.
        if (isType({"qwen3_5_text", "qwen3_5_moe_text"})) {
            const int d = m_result.params.headDim;
            const int rotary = d / 4;
            if (rotary < 2 || rotary % 2 != 0) {
                m_reader.error(m_tp + QStringLiteral("partial_rotary_factor"),
                               QStringLiteral("missing; the %1 default 0.25 gives int(%2 × "
                                              "0.25) = %3, not a positive even number")
                                   .arg(m_modelType)
                                   .arg(d)
                                   .arg(rotary));
                return;
            }
            if (m_layerType.isEmpty()) {
                m_reader.warning(m_tp + QStringLiteral("partial_rotary_factor"),
                                 QStringLiteral("missing; using 0.25, the %1 default of "
                                                "transformers' config class")
                                     .arg(m_modelType));
            }
            m_result.params.rotaryDim = rotary == d ? 0 : rotary;
            m_fieldOf["rotary-dim"] = m_tp + QStringLiteral("partial_rotary_factor");
            return;
        }
        // GPT-J writes the rotated width itself.
        if (const auto r = m_reader.smallInteger(root, m_tp, QStringLiteral("rotary_dim"))) {
            m_result.params.rotaryDim = *r == m_result.params.headDim ? 0 : *r;
            m_fieldOf["rotary-dim"] = m_tp + QStringLiteral("rotary_dim");
        }
    }

    void readContext(const QJsonObject& root) {
        for (const QString& key :
             {QStringLiteral("max_position_embeddings"), QStringLiteral("n_positions")}) {
            if (const auto c = m_reader.integer(root, m_tp, key)) {
                m_result.params.context = *c;
                m_maxPositions = *c;
                m_fieldOf["context"] = m_tp + key;
                return;
            }
            if (hasError(m_tp + key)) {
                return;
            }
        }
        m_reader.warning(
            m_tp + QStringLiteral("max_position_embeddings"),
            IoText::tr("missing; the context stays at %1 tokens").arg(m_result.params.context));
    }

    // Interleaved pairs (x0,x1),(x2,x3)… where the model code rotates that way (the family
    // table's pairLayout: GPT-J, DeepSeek, Cohere — its rotate_half takes x[..., ::2] —, GLM-4,
    // Llama 4's complex multiplication) or the config sets rope_interleave.
    void readLayout(const QJsonObject& root, const QJsonObject& text) {
        const bool interleave = root.value(QStringLiteral("rope_interleave")).toBool(false) ||
                                text.value(QStringLiteral("rope_interleave")).toBool(false);
        const io::ModelFamily* family = io::familyOfModelType(m_modelType);
        if (interleave || (family != nullptr && family->pairLayout == Layout::Interleaved)) {
            m_result.params.layout = Layout::Interleaved;
        } else {
            m_result.params.layout = Layout::Half;
        }
    }

    // The rope type as written (rope_type, else type), before any reading or checking.
    bool ropeTypeIs(const QString& id) const {
        const QJsonValue t = m_rope.contains(QStringLiteral("rope_type"))
                                 ? m_rope.value(QStringLiteral("rope_type"))
                                 : m_rope.value(QStringLiteral("type"));
        return t.isString() && t.toString() == id;
    }

    // mrope_section [t, h, w] and mrope_interleaved sit in the rope dict whatever its type
    // (Qwen2-VL: type "mrope"; Qwen3-VL: rope_type "default").
    void readMrope() {
        const QString& p = m_ropePrefix;
        const QJsonValue section = m_rope.value(QStringLiteral("mrope_section"));
        if (!section.isUndefined() && !section.isNull()) {
            const QJsonArray a = section.toArray();
            std::vector<int> values;
            bool ok = section.isArray() && a.size() == 3;
            for (const QJsonValue& v : a) {
                const double d = v.toDouble(-1.0);
                // Range and integrality first: only a checked value is converted (casting a
                // double such as 1.7e31 to int is undefined behaviour).
                if (!(v.isDouble() && d >= 0.0 && d <= 65536.0 && d == std::floor(d))) {
                    ok = false;
                    break;
                }
                values.push_back(static_cast<int>(d));
            }
            if (!ok) {
                m_reader.error(p + QStringLiteral("mrope_section"),
                               QStringLiteral("expected three non-negative integers [t, h, w], "
                                              "got %1")
                                   .arg(jsonDescribe(section)));
            } else {
                m_result.mropeSection = values;
            }
        }
        if (const auto v = m_reader.boolean(m_rope, p, QStringLiteral("mrope_interleaved"))) {
            m_result.mropeInterleaved = *v;
        }
    }

    // mrope_section counts rotary pairs per axis, so it must sum to d_rot/2: transformers
    // splits cos/sin of width d_rot by 2·section and fails on any other sum. Checked with the
    // core's own rule (rope::mropeAxisOfPair) once the rotary dimension is known, so freqs,
    // layers and the explorer refuse what rope-cli mrope would.
    void checkMropeSection() {
        if (m_result.mropeSection.empty() || !m_result.errors.isEmpty()) {
            return;
        }
        const int pairs = m_result.params.effectiveRotaryDim() / 2;
        try {
            rope::mropeAxisOfPair(
                m_result.mropeSection,
                m_result.mropeInterleaved ? MropeLayout::Interleaved : MropeLayout::Blocks, pairs);
        } catch (const InvalidParameter&) {
            const std::vector<int>& s = m_result.mropeSection;
            m_reader.error(m_ropePrefix + QStringLiteral("mrope_section"),
                           IoText::tr("[%1, %2, %3] sums to %4 rotary pairs, but the head has "
                                      "%5 (rotary dimension %6 / 2)")
                               .arg(s[0])
                               .arg(s[1])
                               .arg(s[2])
                               .arg(static_cast<long long>(s[0]) + s[1] + s[2])
                               .arg(pairs)
                               .arg(m_result.params.effectiveRotaryDim()));
            m_result.mropeSection.clear();
        }
    }

    // A LongRoPE factor list: finite positive numbers; its length is checked by the core against
    // the rotary dimension.
    void readScaling(const QJsonObject& text) {
        if (!m_hasRope) {
            return;
        }
        readMrope();
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
                    IoText::tr("'%1' contradicts rope_type '%2'").arg(*oldType, *ropeType));
                return;
            }
        } else if (oldType) {
            type = *oldType;
            typeField = p + QStringLiteral("type");
        } else if (m_rope.contains(hfKeyOf(field::kFactor))) {
            m_reader.error(typeField, QStringLiteral("missing, but factor is given; which scaling "
                                                     "method is meant?"));
            return;
        } else {
            type = QStringLiteral("default");
        }

        if (type == QLatin1String("mrope")) {
            // transformers reads type "mrope" as default frequencies; the sections only decide
            // which position row each pair reads (rope-cli mrope).
            m_reader.warning(typeField, QStringLiteral("'mrope' (multimodal sections) read as "
                                                       "default frequencies; text tokens see "
                                                       "ordinary RoPE"));
            type = QStringLiteral("default");
        } else if (type == QLatin1String("su")) {
            m_reader.warning(typeField, QStringLiteral("'su' read as 'longrope' (its earlier name "
                                                       "in Phi-3 configs, as transformers does)"));
            type = QStringLiteral("longrope");
        }
        if (type == QLatin1String("dynamic") && m_rope.contains(QStringLiteral("alpha"))) {
            // Hunyuan (modular_hunyuan_v1_dense.py, HunYuanDenseV1RotaryEmbedding.__init__): with
            // an alpha, "dynamic" means a fixed NTK base b·α^(d/(d−2)) over head_dim d, attention
            // scaling 1 — no length-dependent update below max_position_embeddings.
            const auto alpha = m_reader.number(m_rope, p, QStringLiteral("alpha"));
            if (!alpha) {
                return;
            }
            if (*alpha != 0.0) {
                const int d = m_result.params.headDim;
                if (!(*alpha > 0.0) || d <= 2) {
                    m_reader.error(p + QStringLiteral("alpha"),
                                   IoText::tr("must be > 0 with a head dimension > 2, got %1")
                                       .arg(show(*alpha)));
                    return;
                }
                const double base = m_result.params.base;
                m_result.params.base = base * std::pow(*alpha, static_cast<double>(d) / (d - 2));
                m_reader.warning(p + QStringLiteral("alpha"),
                                 QStringLiteral("NTK-alpha (Hunyuan): fixed base %1·%2^(%3/%4) = "
                                                "%5, not a dynamic update; the other keys of the "
                                                "dict are not used")
                                     .arg(show(base), show(*alpha))
                                     .arg(d)
                                     .arg(d - 2)
                                     .arg(show(m_result.params.base)));
                m_fieldOf["base"] = p + QStringLiteral("alpha");
                return;
            }
        }
        // "ntk" is the explorer's own static NTK; transformers never writes it, so a config that
        // does is refused like any other unknown type.
        const ScalingMethod* method = findScalingMethod(type.toStdString());
        if (method == nullptr || method->kind == ScalingKind::Ntk) {
            m_reader.error(typeField, QStringLiteral("'%1' is not supported (supported: %2); the "
                                                     "rest of the file is loaded without scaling")
                                          .arg(type, supportedTypes()));
            return;
        }

        ScalingParams s;
        s.method = method->kind;
        const QString methodId = type;
        for (const auto& [param, key] : scalingKeys()) {
            if (m_rope.contains(key) && !m_rope.value(key).isNull() &&
                !methodUses(*method, param)) {
                m_reader.warning(p + key, IoText::tr("not used by '%1', ignored").arg(methodId));
            }
            m_fieldOf[param] = p + key;
        }
        const auto need = [&](const std::string& param) { return methodUses(*method, param); };
        const auto requireMissing = [&](const QString& key) {
            if (!hasError(p + key)) {
                m_reader.error(p + key, IoText::tr("missing (required by '%1')").arg(methodId));
            }
        };

        if (need(std::string(field::kFactor))) {
            const QString key = hfKeyOf(field::kFactor);
            if (const auto f = m_reader.number(m_rope, p, key)) {
                s.factor = *f;
            } else if (hasError(p + key)) {
                // Reported already.
            } else if (method->kind == ScalingKind::Proportional) {
                s.factor = 1.0; // transformers: rope_parameters.get("factor", 1.0)
            } else if (method->kind != ScalingKind::LongRope) {
                requireMissing(key);
            }
        }
        if (need(std::string(field::kOriginalContext))) {
            const QString key = hfKeyOf(field::kOriginalContext);
            if (const auto l0 = m_reader.smallInteger(m_rope, p, key)) {
                s.originalContext = *l0;
            } else if (hasError(p + key)) {
                // Reported already.
            } else if (const auto top = method->kind == ScalingKind::LongRope
                                            ? m_reader.smallInteger(text, m_tp, key)
                                            : std::nullopt) {
                // Phi-3 writes original_max_position_embeddings next to max_position_embeddings;
                // transformers 5 moves it into rope_parameters.
                s.originalContext = *top;
                m_fieldOf[std::string(field::kOriginalContext)] = m_tp + key;
            } else if (hasError(m_tp + key)) {
                // Reported already.
            } else if (method->kind == ScalingKind::Llama3) {
                requireMissing(key);
            } else if (m_maxPositions) {
                // transformers: yarn and dynamic fall back to max_position_embeddings.
                s.originalContext =
                    static_cast<int>(std::clamp<long long>(*m_maxPositions, INT_MIN, INT_MAX));
                m_fieldOf[std::string(field::kOriginalContext)] = m_fieldOf["context"];
            } else {
                m_reader.warning(p + key, QStringLiteral("missing and no max_position_embeddings; "
                                                         "using %1")
                                              .arg(s.originalContext));
            }
        }
        // The fields without special rules: read with the type of their member; a field
        // transformers indexes without a default is required.
        for (const ScalingField& f : scalingFields()) {
            if (f.hfKey.empty() || f.id == field::kFactor || f.id == field::kOriginalContext ||
                !need(std::string(f.id))) {
                continue;
            }
            const QString key = toQString(f.hfKey);
            if (!m_reader.scalingField(m_rope, p, key, f, s) && f.hfRequired) {
                requireMissing(key);
            }
        }
        // LongRoPE without an explicit factor: transformers uses max_position_embeddings /
        // original_max_position_embeddings (Phi-3.5: 131072 / 4096 = 32) for the attention factor.
        if (method->kind == ScalingKind::LongRope && !m_rope.contains(hfKeyOf(field::kFactor)) &&
            m_maxPositions && s.originalContext > 0) {
            s.factor = std::max(1.0, static_cast<double>(*m_maxPositions) / s.originalContext);
            m_fieldOf[std::string(field::kFactor)] = m_fieldOf["context"];
        }
        // transformers ≥ 4.56 warns in the same way and keeps the explicit factor.
        if (method->kind == ScalingKind::Yarn && m_maxPositions &&
            m_rope.contains(hfKeyOf(field::kOriginalContext)) && s.originalContext > 0) {
            const double implicit = static_cast<double>(*m_maxPositions) / s.originalContext;
            if (implicit != s.factor) {
                m_reader.warning(p + hfKeyOf(field::kFactor),
                                 QStringLiteral("%1 differs from max_position_embeddings / "
                                                "original_max_position_embeddings = %2; using the "
                                                "explicit factor, as transformers does")
                                     .arg(show(s.factor), show(implicit)));
            }
        }
        m_result.params.scaling = s;
        m_fieldOf["method"] = typeField;
        m_fieldOf[std::string(field::kSeqLen)] = toQString(field::kSeqLen);
    }

    // One LayerRope per decoder layer: the layer types (layer_types, else sliding_window_pattern),
    // each type's RoPE (transformers 5 rope_parameters per type; Gemma 3's rope_local_base_freq
    // for sliding layers), NoPE layers (Cohere2's full-attention layers; no_rope_layers or every
    // no_rope_layer_interval-th layer for Llama 4 and SmolLM3), Llama 4's query temperature and
    // DeepSeek's softmax scale.
    void readLayers(const QJsonObject& root, const QJsonObject& text) {
        const QString nKey = QStringLiteral("num_hidden_layers");
        const auto n = m_reader.smallInteger(text, m_tp, nKey);
        if (!n) {
            return;
        }
        if (*n < 1 || *n > 100000) {
            m_reader.error(m_tp + nKey, IoText::tr("must be in [1, 100000], got %1").arg(*n));
            return;
        }
        const std::size_t count = static_cast<std::size_t>(*n);
        std::vector<QString> types;
        const QJsonValue layerTypes = text.value(QStringLiteral("layer_types"));
        const bool explicitTypes = layerTypes.isArray();
        if (layerTypes.isArray()) {
            const QJsonArray a = layerTypes.toArray();
            if (static_cast<std::size_t>(a.size()) != count) {
                m_reader.error(
                    m_tp + QStringLiteral("layer_types"),
                    IoText::tr("has %1 entries but num_hidden_layers is %2").arg(a.size()).arg(*n));
                return;
            }
            for (const QJsonValue& v : a) {
                if (!v.isString()) {
                    m_reader.error(m_tp + QStringLiteral("layer_types"),
                                   IoText::tr("expected strings, got %1").arg(jsonDescribe(v)));
                    return;
                }
                types.push_back(v.toString());
            }
        } else if (!layerTypes.isUndefined() && !layerTypes.isNull()) {
            m_reader.error(m_tp + QStringLiteral("layer_types"),
                           IoText::tr("expected an array, got %1").arg(jsonDescribe(layerTypes)));
            return;
        } else {
            std::optional<int> pattern;
            for (const QString& key : {QStringLiteral("sliding_window_pattern"),
                                       QStringLiteral("_sliding_window_pattern")}) {
                if (!pattern) {
                    pattern = m_reader.smallInteger(text, m_tp, key);
                }
            }
            try {
                for (const std::string& t :
                     pattern ? slidingWindowLayerTypes(*n, *pattern)
                             : std::vector<std::string>(count, "full_attention")) {
                    types.push_back(QString::fromStdString(t));
                }
            } catch (const InvalidParameter& e) {
                m_reader.error(m_tp + QStringLiteral("sliding_window_pattern"),
                               QString::fromStdString(e.what()));
                return;
            }
        }

        std::vector<bool> rope(count, true);
        if (m_modelType == QLatin1String("cohere2")) {
            // Cohere2 rotates only in sliding-window layers; its global layers have no positions.
            for (std::size_t i = 0; i < count; ++i) {
                rope[i] = types[i] != QLatin1String("full_attention");
            }
        }
        const QJsonValue noRope = text.value(QStringLiteral("no_rope_layers"));
        const bool intervalModel = m_modelType == QLatin1String("llama4_text") ||
                                   m_modelType == QLatin1String("smollm3") ||
                                   text.contains(QStringLiteral("no_rope_layer_interval"));
        if (noRope.isArray() && !noRope.toArray().isEmpty()) {
            const QJsonArray a = noRope.toArray();
            if (static_cast<std::size_t>(a.size()) != count) {
                m_reader.error(
                    m_tp + QStringLiteral("no_rope_layers"),
                    IoText::tr("has %1 entries but num_hidden_layers is %2").arg(a.size()).arg(*n));
                return;
            }
            for (std::size_t i = 0; i < count; ++i) {
                const QJsonValue v = a.at(static_cast<qsizetype>(i));
                if (!v.isDouble() || (v.toDouble() != 0.0 && v.toDouble() != 1.0)) {
                    m_reader.error(m_tp + QStringLiteral("no_rope_layers"),
                                   IoText::tr("item %1: expected 0 (NoPE) or 1 (RoPE), got %2")
                                       .arg(i)
                                       .arg(jsonDescribe(v)));
                    return;
                }
                // Despite the name, 1 means "this layer uses RoPE" (transformers' use_rope).
                rope[i] = v.toDouble() == 1.0;
            }
        } else if (!noRope.isUndefined() && !noRope.isNull() && !noRope.isArray()) {
            m_reader.error(m_tp + QStringLiteral("no_rope_layers"),
                           IoText::tr("expected an array, got %1").arg(jsonDescribe(noRope)));
            return;
        } else if (intervalModel) {
            // An empty or missing list: the config class builds it from the interval (default 4).
            const int interval =
                m_reader.smallInteger(text, m_tp, QStringLiteral("no_rope_layer_interval"))
                    .value_or(4);
            try {
                rope = noRopeIntervalLayers(*n, interval);
            } catch (const InvalidParameter& e) {
                m_reader.error(m_tp + QStringLiteral("no_rope_layer_interval"),
                               QString::fromStdString(e.what()));
                return;
            }
        }

        applyFamilyLayerTypes(text, explicitTypes, types, rope);
        // Falcon with alibi true adds ALiBi biases to the scores and builds no rotary embedding
        // (transformers' FalconAttention rotates only when config.alibi is false; Falcon-RW).
        if (m_modelType == QLatin1String("falcon")) {
            if (const std::optional<bool> alibi =
                    m_reader.boolean(text, m_tp, QStringLiteral("alibi"));
                alibi && *alibi) {
                std::fill(rope.begin(), rope.end(), false);
                m_reader.warning(m_tp + QStringLiteral("alibi"),
                                 IoText::tr("true: the model adds ALiBi biases to the attention "
                                            "scores instead of rotating; no layer has RoPE"));
            }
        }

        std::map<QString, RopeParams> byType;
        for (const QString& t : types) {
            if (byType.count(t) != 0) {
                continue;
            }
            if (!m_perLayerTypeKeys.isEmpty()) {
                if (!m_perLayerTypeKeys.contains(t)) {
                    m_reader.error(m_tp + QStringLiteral("rope_parameters"),
                                   IoText::tr("no entry for layer type '%1' (has: %2)")
                                       .arg(t, m_perLayerTypeKeys.join(QStringLiteral(", "))));
                    return;
                }
                ModelConfigResult sub;
                ConfigImporter(sub, t).run(root);
                for (const QString& e : sub.errors) {
                    if (!m_result.errors.contains(e)) {
                        m_result.errors << e;
                    }
                }
                byType[t] = sub.params;
            } else if (isType({"gemma3_text", "gemma3n_text"}) &&
                       t == QLatin1String("sliding_attention")) {
                // Gemma 3 (transformers 4.5x) and Gemma 3n (Gemma3nTextConfig.
                // convert_rope_params_to_dict: rope_scaling updates only the full_attention
                // entry; sliding_attention gets rope_local_base_freq): local layers use
                // rope_local_base_freq, unscaled.
                RopeParams local = m_result.params;
                local.scaling = ScalingParams{};
                if (const auto b =
                        m_reader.number(text, m_tp, QStringLiteral("rope_local_base_freq"))) {
                    local.base = *b;
                }
                // The local base is read here, past the repairParams pass over the main
                // parameters, so an out-of-range one (0, negative, 1e40) is reported and reset
                // now; otherwise the sliding layers would carry a base validate() refuses.
                const QString localField = m_tp + QStringLiteral("rope_local_base_freq");
                for (const QString& e : repairParams(local, [&](const std::string& p) {
                         return p == "base" ? localField : QString::fromStdString(p);
                     })) {
                    if (!m_result.errors.contains(e)) {
                        m_result.errors << e;
                    }
                }
                byType[t] = local;
            } else {
                byType[t] = m_result.params;
            }
        }

        // Llama 4: attn_temperature_tuning (true, or a number in early configs) scales queries
        // on NoPE layers; Llama4TextConfig defaults it to true.
        const QJsonValue tuning = text.value(QStringLiteral("attn_temperature_tuning"));
        const bool temperatureOn =
            tuning.isBool() ? tuning.toBool()
                            : (tuning.isDouble() ? tuning.toDouble() != 0.0
                                                 : m_modelType == QLatin1String("llama4_text"));
        QueryTemperature temperature;
        if (const auto v = m_reader.number(text, m_tp, QStringLiteral("floor_scale"))) {
            temperature.floorScale = *v;
        }
        if (const auto v = m_reader.number(text, m_tp, QStringLiteral("attn_scale"))) {
            temperature.attnScale = *v;
        }

        double softmax = 1.0;
        const ScalingParams& main = m_result.params.scaling;
        if ((m_modelType == QLatin1String("deepseek_v2") ||
             m_modelType == QLatin1String("deepseek_v3") ||
             m_modelType == QLatin1String("deepseek_v32")) &&
            main.method != ScalingKind::Default) {
            softmax = deepseekSoftmaxScaleMultiplier(main.factor, main.mscaleAllDim);
        }

        // Attention span of each layer (masking_utils.py: sliding_window_overlay,
        // chunked_overlay; see layerMaxDistance()).
        std::map<AttentionKind, long long> spans;
        std::vector<AttentionKind> kinds(count, AttentionKind::Full);
        QStringList unknownTypes;
        for (std::size_t i = 0; i < count; ++i) {
            const std::optional<AttentionKind> k = attentionKindOf(types[i].toStdString());
            if (!k) {
                if (!unknownTypes.contains(types[i])) {
                    unknownTypes << types[i];
                }
                continue;
            }
            kinds[i] = *k;
            if ((*k == AttentionKind::Sliding || *k == AttentionKind::Chunked) &&
                spans.count(*k) == 0) {
                // 0: the file does not say (warned); the layer's span stays unbounded.
                const std::optional<long long> t = spanTokens(text, *k);
                if (!t) {
                    return;
                }
                spans[*k] = *t;
            }
        }
        if (!unknownTypes.isEmpty()) {
            m_reader.warning(m_tp + QStringLiteral("layer_types"),
                             QStringLiteral("unknown layer type(s) %1: read as full attention "
                                            "(known: full_attention, sliding_attention, "
                                            "chunked_attention, linear_attention)")
                                 .arg(unknownTypes.join(QStringLiteral(", "))));
        }
        if (text.contains(QStringLiteral("attention_chunk_size")) &&
            !text.value(QStringLiteral("attention_chunk_size")).isNull() &&
            spans.count(AttentionKind::Chunked) == 0) {
            m_reader.warning(m_tp + QStringLiteral("attention_chunk_size"),
                             QStringLiteral("not used: no layer is a chunked_attention layer"));
        }
        const long long maxPositions = m_maxPositions.value_or(0);

        // Mistral 3 / Ministral 3 scale queries by 1 + β·ln(1 + ⌊p / L₀⌋) on every layer.
        std::optional<QueryScale> queryScale;
        // modeling_ministral3.py, Ministral3Attention.forward: q ·= _get_llama_4_attn_scale(
        // cache_position, llama_4_scaling_beta, original_max_position_embeddings), both read from
        // rope_parameters.
        if (const auto beta =
                m_reader.number(m_rope, m_ropePrefix, QStringLiteral("llama_4_scaling_beta"))) {
            const QString l0Key = QStringLiteral("original_max_position_embeddings");
            const auto l0 = m_reader.number(m_rope, m_ropePrefix, l0Key);
            if (!l0 || !(*l0 > 0.0) || !(*beta >= 0.0)) {
                m_reader.error(m_ropePrefix + QStringLiteral("llama_4_scaling_beta"),
                               QStringLiteral("needs a beta >= 0 and a positive %1 in the same "
                                              "dict")
                                   .arg(l0Key));
                return;
            }
            QueryScale q;
            q.beta = *beta;
            q.originalContext = *l0;
            queryScale = q;
        }
        // DeepSeek-V3.2's lightning indexer rotates its queries and keys without interleaving
        // (pairs (x_i, x_{i+d/2})) while MLA rotates interleaved pairs: DeepSeek's reference
        // inference/model.py, Indexer.forward, apply_rotary_emb(..., interleaved=False).
        const bool indexer = isType({"deepseek_v32"});

        for (std::size_t i = 0; i < count; ++i) {
            LayerRope l;
            l.type = types[i].toStdString();
            l.attention = kinds[i];
            const auto span = spans.find(kinds[i]);
            l.window = span != spans.end() ? span->second : 0;
            const bool unknownSpan =
                (kinds[i] == AttentionKind::Sliding || kinds[i] == AttentionKind::Chunked) &&
                l.window < 1;
            l.maxDistance = unknownSpan ? -1 : layerMaxDistance(kinds[i], l.window, maxPositions);
            l.queryScaleOn = queryScale.has_value();
            l.queryScale = queryScale.value_or(QueryScale{});
            if (indexer) {
                l.indexerLayout = Layout::Half;
            }
            l.rope = rope[i];
            l.params = byType[types[i]];
            l.softmaxScaleMultiplier = softmax;
            l.queryTemperatureOn = !rope[i] && temperatureOn;
            l.queryTemperature = temperature;
            m_result.layers.push_back(l);
        }
    }

    // Qwen2_5_VLModel.get_rope_index multiplies a video frame's index by seconds per grid and
    // vision_config.tokens_per_second (modeling_qwen2_5_vl.py).
    void readTokensPerSecond(const QJsonObject& root) {
        const QJsonValue vision = root.value(QStringLiteral("vision_config"));
        if (!vision.isObject()) {
            return;
        }
        const QString prefix = QStringLiteral("vision_config.");
        const QJsonObject v = vision.toObject();
        if (root.value(QStringLiteral("model_type")).toString() != QLatin1String("qwen2_5_vl")) {
            if (v.contains(QStringLiteral("tokens_per_second"))) {
                m_reader.warning(prefix + QStringLiteral("tokens_per_second"),
                                 QStringLiteral("not used: only Qwen2.5-VL (model_type "
                                                "qwen2_5_vl) scales the temporal id by it"));
            }
            return;
        }
        if (const auto tps = m_reader.number(v, prefix, QStringLiteral("tokens_per_second"))) {
            if (!(*tps > 0.0) || *tps > 1e6) {
                m_reader.error(prefix + QStringLiteral("tokens_per_second"),
                               IoText::tr("must be in (0, 1e6], got %1").arg(show(*tps)));
                return;
            }
            m_result.mropeTokensPerSecond = *tps;
        }
    }

    bool isType(std::initializer_list<const char*> types) const {
        return std::any_of(types.begin(), types.end(),
                           [this](const char* t) { return m_modelType == QLatin1String(t); });
    }

    // Layer types and RoPE flags that a family's config class or attention code derives when the
    // file does not write them out (each rule names the transformers function it follows).
    void applyFamilyLayerTypes(const QJsonObject& text, bool explicitTypes,
                               std::vector<QString>& types, std::vector<bool>& rope) {
        const std::size_t count = types.size();
        const QJsonValue window = text.value(QStringLiteral("sliding_window"));
        const bool hasWindow = window.isDouble();
        if (isType({"llama4_text"}) && !explicitTypes) {
            // configuration_llama4.py, Llama4TextConfig.__init__: layer_types defaults to
            // "chunked_attention" for every layer that uses RoPE, "full_attention" for NoPE layers.
            for (std::size_t i = 0; i < count; ++i) {
                types[i] = rope[i] ? QStringLiteral("chunked_attention")
                                   : QStringLiteral("full_attention");
            }
        }
        if (isType({"gemma4_text"}) && !explicitTypes &&
            !text.contains(QStringLiteral("sliding_window_pattern"))) {
            // configuration_gemma4.py, Gemma4TextConfig.__post_init__: without layer_types,
            // every 6th layer is full attention, the others sliding (then the last is forced
            // to full below).
            for (std::size_t i = 0; i < count; ++i) {
                types[i] = (i + 1) % 6 != 0 ? QStringLiteral("sliding_attention")
                                            : QStringLiteral("full_attention");
            }
        }
        if (isType({"gemma2"}) && !explicitTypes &&
            !text.contains(QStringLiteral("sliding_window_pattern"))) {
            // configuration_gemma2.py, Gemma2Config.__init__: without layer_types, even layers
            // (counted from 0) slide and odd layers are full attention.
            for (std::size_t i = 0; i < count; ++i) {
                types[i] = (i + 1) % 2 != 0 ? QStringLiteral("sliding_attention")
                                            : QStringLiteral("full_attention");
            }
        }
        if (isType({"gemma3n_text"}) && !explicitTypes) {
            // configuration_gemma3n.py, Gemma3nTextConfig.__post_init__: without layer_types,
            // layer i is full attention iff (i + 1) mod 5 = 0, the others sliding (Gemma 3n
            // has no sliding_window_pattern field).
            for (std::size_t i = 0; i < count; ++i) {
                types[i] = (i + 1) % 5 != 0 ? QStringLiteral("sliding_attention")
                                            : QStringLiteral("full_attention");
            }
        }
        if (isType({"qwen3_next", "qwen3_5_text", "qwen3_5_moe_text"}) && !explicitTypes) {
            // configuration_qwen3_next.py, Qwen3NextConfig.__init__, and configuration_qwen3_5.py
            // / configuration_qwen3_5_moe.py (Qwen3_5TextConfig, Qwen3_5MoeTextConfig): every
            // full_attention_interval-th layer (default 4) is full attention, the others
            // linear attention (Gated DeltaNet): "linear" iff (i + 1) mod interval ≠ 0.
            const int interval =
                m_reader.smallInteger(text, m_tp, QStringLiteral("full_attention_interval"))
                    .value_or(4);
            if (interval < 1) {
                m_reader.error(m_tp + QStringLiteral("full_attention_interval"),
                               IoText::tr("must be at least 1, got %1").arg(interval));
                return;
            }
            for (std::size_t i = 0; i < count; ++i) {
                types[i] = (i + 1) % static_cast<std::size_t>(interval) != 0
                               ? QStringLiteral("linear_attention")
                               : QStringLiteral("full_attention");
            }
        }
        if (isType({"qwen2", "qwen2_moe", "qwen3", "qwen3_moe", "smollm3"}) && !explicitTypes) {
            // configuration_qwen2.py (and Qwen3, SmolLM3), Qwen2Config.__init__: sliding_window
            // counts only with use_sliding_window (default false), and then only for layers
            // i ≥ max_window_layers.
            const bool use =
                text.value(QStringLiteral("use_sliding_window")).toBool(false) && hasWindow;
            const int from =
                m_reader.smallInteger(text, m_tp, QStringLiteral("max_window_layers")).value_or(28);
            for (std::size_t i = 0; i < count && use; ++i) {
                if (static_cast<long long>(i) >= from) {
                    types[i] = QStringLiteral("sliding_attention");
                }
            }
        }
        if (isType({"mistral", "mixtral", "phi3", "starcoder2", "ministral3"}) && !explicitTypes &&
            hasWindow) {
            // modeling_mistral.py, MistralModel.forward (and Mixtral, Phi-3, Starcoder2,
            // Ministral 3): a non-null sliding_window gives every layer the sliding-window mask.
            std::fill(types.begin(), types.end(), QStringLiteral("sliding_attention"));
        }
        const QJsonValue attnTypes = text.value(QStringLiteral("attn_type_list"));
        if (isType({"minimax", "minimax_m2"}) && !explicitTypes && attnTypes.isArray()) {
            // MiniMax configs mark each layer 1 (softmax attention with RoPE) or 0 (lightning,
            // i.e. linear, attention without RoPE): configuration_minimax.py's attn_type_list.
            const QJsonArray a = attnTypes.toArray();
            if (static_cast<std::size_t>(a.size()) != count) {
                m_reader.error(m_tp + QStringLiteral("attn_type_list"),
                               IoText::tr("has %1 entries but num_hidden_layers is %2")
                                   .arg(a.size())
                                   .arg(count));
                return;
            }
            for (std::size_t i = 0; i < count; ++i) {
                const QJsonValue v = a.at(static_cast<qsizetype>(i));
                if (!v.isDouble() || (v.toDouble() != 0.0 && v.toDouble() != 1.0)) {
                    m_reader.error(m_tp + QStringLiteral("attn_type_list"),
                                   IoText::tr("item %1: expected 0 (linear) or 1 (softmax), got %2")
                                       .arg(i)
                                       .arg(jsonDescribe(v)));
                    return;
                }
                types[i] = v.toDouble() == 1.0 ? QStringLiteral("full_attention")
                                               : QStringLiteral("linear_attention");
            }
        }
        if (isType({"gemma4_text"}) && !types.empty() &&
            types.back() != QLatin1String("full_attention")) {
            // configuration_gemma4.py, Gemma4TextConfig.__post_init__ forces the last layer to
            // full attention (with a warning).
            m_reader.warning(m_tp + QStringLiteral("layer_types"),
                             QStringLiteral("the last layer is '%1'; Gemma4TextConfig forces it "
                                            "to full_attention")
                                 .arg(types.back()));
            types.back() = QStringLiteral("full_attention");
        }
        if (isType({"exaone4"}) && hasWindow) {
            // modeling_exaone4.py, Exaone4Attention.forward: with a sliding window, only the
            // sliding layers apply RoPE; the global layers have no positions.
            for (std::size_t i = 0; i < count; ++i) {
                rope[i] = types[i] == QLatin1String("sliding_attention");
            }
        }
        for (std::size_t i = 0; i < count; ++i) {
            if (types[i] == QLatin1String("linear_attention")) {
                // Linear-attention layers (Qwen3-Next's Gated DeltaNet) take no RoPE.
                rope[i] = false;
            }
        }
    }

    // The window (sliding) or chunk (chunked) of each attention kind, in tokens: the file's
    // sliding_window / attention_chunk_size, else the config class default, else 0 (unknown,
    // warned); std::nullopt after an error in the field.
    std::optional<long long> spanTokens(const QJsonObject& text, AttentionKind kind) {
        const bool sliding = kind == AttentionKind::Sliding;
        const QString key =
            sliding ? QStringLiteral("sliding_window") : QStringLiteral("attention_chunk_size");
        if (const auto v = m_reader.integer(text, m_tp, key)) {
            if (*v < 1) {
                m_reader.error(m_tp + key, IoText::tr("must be at least 1, got %1").arg(*v));
                return std::nullopt;
            }
            return *v;
        }
        if (hasError(m_tp + key)) {
            return std::nullopt;
        }
        // Class defaults: Cohere2Config and Gemma2Config sliding_window 4096, Gemma4TextConfig 512,
        // Llama4TextConfig attention_chunk_size 8192 (Gemma3TextConfig's 4096 is filled in by
        // classDefaults()).
        std::optional<long long> fallback;
        if (sliding && isType({"cohere2", "gemma2"})) {
            fallback = 4096;
        } else if (sliding && isType({"gemma4_text"})) {
            fallback = 512;
        } else if (!sliding && isType({"llama4_text"})) {
            fallback = 8192;
        }
        if (fallback) {
            m_reader.warning(m_tp + key, QStringLiteral("missing; using %1, the %2 default of "
                                                        "transformers' config class")
                                             .arg(*fallback)
                                             .arg(m_modelType));
            return fallback;
        }
        // The RoPE is still known; only the span is not: say so and leave it unbounded.
        m_reader.warning(m_tp + key,
                         QStringLiteral("missing, but some layers are %1 layers: their span is "
                                        "unknown (max_distance null)")
                             .arg(sliding ? QStringLiteral("sliding_attention")
                                          : QStringLiteral("chunked_attention")));
        return 0;
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
    // "text_config." when the language model is nested, else empty: the prefix of every field.
    QString m_tp;
    // Set for a per-layer-type sub-import (see readLayers).
    QString m_layerType;
    // The layer type whose rope_parameters entry this import reads (empty without per-type dicts).
    QString m_chosenLayerType;
    // Layer types of a transformers 5 per-type rope_parameters dict, empty otherwise.
    QStringList m_perLayerTypeKeys;
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
    const std::optional<QJsonObject> root = parseJsonObject(json, result.errors);
    if (!root) {
        return result;
    }
    ConfigImporter(result).run(*root);
    return result;
}

ModelConfigResult loadModelConfig(const QString& path) {
    ModelConfigResult result;
    const std::optional<QByteArray> json =
        readBoundedFile(path, kMaxModelConfigBytes, IoText::tr("model configs"), result.errors);
    return json ? loadModelConfigFromJson(*json) : result;
}

RopeParams withModelParams(const RopeParams& current, const RopeParams& model) {
    RopeParams p = model;
    // Positions are the user's probe, not a property of the model.
    p.m = current.m;
    p.n = current.n;
    return p;
}

} // namespace rope::io
