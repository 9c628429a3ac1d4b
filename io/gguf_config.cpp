// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// GGUF metadata → the Hugging Face config.json fields that llama.cpp's convert_hf_to_gguf.py
// read to write them, so one importer (model_config.cpp) decides every number: a GGUF and the
// config.json it was converted from give the same frequencies and layers.
#include "io/gguf.h"
#include "io/io_text.h"
#include "io/model_family.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <set>

namespace rope::io {

namespace {

class Translator {
public:
    Translator(const GgufFile& file, QStringList& warnings, QStringList& errors)
        : m_file(file), m_warnings(warnings), m_errors(errors) {}

    QJsonObject run() {
        QJsonObject out;
        const auto arch = string(QStringLiteral("general.architecture"));
        if (!arch) {
            m_errors << QStringLiteral("(file): ") +
                            IoText::tr("general.architecture is missing, so the {arch}.* keys "
                                       "cannot be found");
            return out;
        }
        m_arch = *arch;
        m_p = m_arch + QLatin1Char('.');
        // The family decides the layout and class defaults in the importer (its first HF
        // model_type) and llama.cpp's defaults for keys the converter does not write.
        m_family = io::familyOfLlamaCppArch(m_arch);
        if (m_family != nullptr) {
            out[QStringLiteral("model_type")] = m_family->hfModelTypes.first();
        } else {
            out[QStringLiteral("model_type")] = m_arch;
            warn(QStringLiteral("general.architecture"),
                 IoText::tr("'%1' is not in the explorer's table of model families (known: %2); "
                            "reading it with rotate-half pairs and no per-architecture defaults")
                     .arg(m_arch, io::knownLlamaCppArchs()));
        }
        if (const auto name = string(QStringLiteral("general.name"))) {
            out[QStringLiteral("_name_or_path")] = *name;
        }
        put(out, QStringLiteral("max_position_embeddings"), key("context_length"));
        put(out, QStringLiteral("hidden_size"), key("embedding_length"));
        put(out, QStringLiteral("num_attention_heads"), key("attention.head_count"));
        readKvHeads(out);
        put(out, QStringLiteral("num_hidden_layers"), key("block_count"));
        put(out, QStringLiteral("sliding_window"), key("attention.sliding_window"));
        if (m_family != nullptr && m_family->llamaCpp.perLayerTypeRope) {
            readPerLayerTypeRope(out);
            const bool patternWritten = readLayerPattern(out);
            applyLlamaCppLayerDefaults(out, patternWritten);
            reportUnread();
            return out;
        }
        readBase(out);
        readDims(out);
        const bool patternWritten = readLayerPattern(out);
        applyLlamaCppLayerDefaults(out, patternWritten);
        QJsonObject rope = readScaling(out);
        readSections(rope);
        if (!rope.isEmpty()) {
            out[QStringLiteral("rope_scaling")] = rope;
        }
        reportUnread();
        return out;
    }

private:
    QString key(const char* suffix) const { return m_p + QLatin1String(suffix); }

    bool hasError(const QString& k) const {
        const QString prefix = k + QStringLiteral(": ");
        return std::any_of(m_errors.begin(), m_errors.end(),
                           [&](const QString& e) { return e.startsWith(prefix); });
    }

    void warn(const QString& k, const QString& text) {
        m_warnings << k + QStringLiteral(": ") + text;
    }
    void fail(const QString& k, const QString& text) {
        m_errors << k + QStringLiteral(": ") + text;
    }

    const GgufValue* find(const QString& k) {
        m_read.insert(k);
        const auto it = m_file.metadata.find(k);
        return it == m_file.metadata.end() ? nullptr : &it->second;
    }

    std::optional<QString> string(const QString& k) {
        const GgufValue* v = find(k);
        if (v == nullptr) {
            return std::nullopt;
        }
        if (v->type != GgufType::String) {
            fail(k, IoText::tr("expected a string"));
            return std::nullopt;
        }
        return v->value.toString();
    }

    static bool isNumberType(GgufType t) {
        return t != GgufType::String && t != GgufType::Array && t != GgufType::Bool;
    }

    // A number, or a per-layer array whose items are all equal (llama.cpp allows per-layer
    // arrays for head counts and bases); differing items are an error naming the key.
    std::optional<double> number(const QString& k) {
        const GgufValue* v = find(k);
        if (v == nullptr) {
            return std::nullopt;
        }
        if (isNumberType(v->type)) {
            const double d = v->value.toDouble();
            if (!std::isfinite(d)) {
                failNotFinite(k, d);
                return std::nullopt;
            }
            return d;
        }
        if (v->type == GgufType::Array && isNumberType(v->itemType) && v->value.isValid() &&
            v->count > 0) {
            const QVariantList items = v->value.toList();
            for (const QVariant& item : items) {
                if (!std::isfinite(item.toDouble())) {
                    failNotFinite(k, item.toDouble());
                    return std::nullopt;
                }
            }
            const double first = items.first().toDouble();
            for (const QVariant& item : items) {
                if (item.toDouble() != first) {
                    fail(k, IoText::tr("per-layer values differ (%1 and %2); one value per model "
                                       "is supported for this key")
                                .arg(first)
                                .arg(item.toDouble()));
                    return std::nullopt;
                }
            }
            return first;
        }
        fail(k, IoText::tr("expected a number or an array of numbers"));
        return std::nullopt;
    }

    // NaN or ±Inf in a key the translation reads is an error naming it: JSON has no such
    // number (QJsonValue would turn it into null, which the importer reads as "missing" and
    // replaces with a default), and llama.cpp would compute NaN frequencies from it.
    void failNotFinite(const QString& k, double d) {
        fail(k, IoText::tr("%1 is not a finite number").arg(d));
    }

    void put(QJsonObject& out, const QString& hf, const QString& k) {
        if (const auto v = number(k)) {
            out[hf] = *v;
        }
    }

    // The key/value head count may be per layer (Gemma 4: fewer heads on the full layers); it
    // does not change the rotation, so differing values are named and not shown.
    void readKvHeads(QJsonObject& out) {
        const QString k = key("attention.head_count_kv");
        const GgufValue* v = find(k);
        if (v != nullptr && v->type == GgufType::Array && isNumberType(v->itemType) &&
            v->value.isValid() && v->count > 0) {
            QStringList distinct;
            for (const QVariant& item : v->value.toList()) {
                const QString text = QString::number(item.toDouble());
                if (!distinct.contains(text)) {
                    distinct << text;
                }
            }
            if (distinct.size() > 1) {
                warn(k, IoText::tr("per-layer values %1; the key/value head count does not "
                                   "change the rotation and is not shown")
                            .arg(distinct.join(QStringLiteral(", "))));
                return;
            }
        }
        put(out, QStringLiteral("num_key_value_heads"), k);
    }

    // Gemma 4 as Gemma4Model writes it: full-attention layers with head key_length, n_rot
    // rope.dimension_count and base rope.freq_base; sliding layers with key_length_swa,
    // rope.dimension_count_swa and rope.freq_base_swa. The full layers' rope_freqs is 1 for the
    // first k pairs and 1e30 for the rest: llama.cpp divides θ_i = b^(−2i/n_rot) by it, so
    // pairs ≥ k turn by θ_i/1e30 ≈ 0 — transformers' "proportional" RoPE with
    // partial_rotary_factor 2k/head. Written as transformers 5's per-type rope_parameters.
    void readPerLayerTypeRope(QJsonObject& out) {
        const QString keyFull = key("attention.key_length");
        const QString keySwa = key("attention.key_length_swa");
        const auto headFull = number(keyFull);
        const auto headSwa = number(keySwa);
        const auto nRotFull = number(key("rope.dimension_count"));
        const auto nRotSwa = number(key("rope.dimension_count_swa"));
        const auto baseFull = number(key("rope.freq_base"));
        const auto baseSwa = number(key("rope.freq_base_swa"));
        if (!headFull || !headSwa || !(*headFull > 0) || !(*headSwa > 0)) {
            fail(headFull ? keySwa : keyFull,
                 IoText::tr("missing or not positive; %1 keeps one head size per layer type")
                     .arg(m_arch));
            return;
        }
        out[QStringLiteral("head_dim")] = *headSwa;
        out[QStringLiteral("global_head_dim")] = *headFull;
        const auto baseOf = [&](const std::optional<double>& b, const char* suffix) {
            if (b) {
                return *b;
            }
            warn(key(suffix), IoText::tr("missing; using 10000, llama.cpp's default"));
            return 10000.0;
        };
        QJsonObject swa;
        swa[QStringLiteral("rope_type")] = QStringLiteral("default");
        swa[QStringLiteral("rope_theta")] = baseOf(baseSwa, "rope.freq_base_swa");
        if (nRotSwa && *nRotSwa != *headSwa) {
            swa[QStringLiteral("partial_rotary_factor")] = *nRotSwa / *headSwa;
        }
        QJsonObject full;
        full[QStringLiteral("rope_theta")] = baseOf(baseFull, "rope.freq_base");
        const double nRot = nRotFull.value_or(*headFull);
        const QString tk = QStringLiteral("rope_freqs");
        if (const auto f = tensor("rope_freqs")) {
            if (static_cast<double>(f->size()) * 2.0 != nRot) {
                fail(tk, IoText::tr("has %1 entries but %2 = %3 (%4 pairs)")
                             .arg(f->size())
                             .arg(key("rope.dimension_count"))
                             .arg(nRot)
                             .arg(nRot / 2.0));
                return;
            }
            // Rotated pairs first (factor 1), then the still ones (factor ≥ 1e20 makes θ_i
            // vanish below any position's resolution); anything else is not this encoding.
            std::size_t rotated = 0;
            while (rotated < f->size() && (*f)[rotated] == 1.0) {
                ++rotated;
            }
            for (std::size_t i = rotated; i < f->size(); ++i) {
                if (!((*f)[i] >= 1e20) || !std::isfinite((*f)[i])) {
                    fail(tk, IoText::tr("entry %1 is %2: expected 1 (a rotated pair) or about "
                                        "1e30 (a pair that does not rotate) after the first %3 "
                                        "ones")
                                 .arg(i)
                                 .arg((*f)[i])
                                 .arg(rotated));
                    return;
                }
            }
            full[QStringLiteral("rope_type")] = QStringLiteral("proportional");
            full[QStringLiteral("partial_rotary_factor")] =
                2.0 * static_cast<double>(rotated) / *headFull;
            warn(tk, IoText::tr("%1 pairs rotate and %2 are divided by 1e30: proportional RoPE "
                                "with partial_rotary_factor %3 on the full-attention layers")
                         .arg(rotated)
                         .arg(f->size() - rotated)
                         .arg(2.0 * static_cast<double>(rotated) / *headFull));
        } else {
            full[QStringLiteral("rope_type")] = QStringLiteral("default");
            if (nRot != *headFull) {
                full[QStringLiteral("partial_rotary_factor")] = nRot / *headFull;
            }
        }
        QJsonObject params;
        params[QStringLiteral("full_attention")] = full;
        params[QStringLiteral("sliding_attention")] = swa;
        out[QStringLiteral("rope_parameters")] = params;
    }

    void readBase(QJsonObject& out) {
        if (const auto b = number(key("rope.freq_base"))) {
            out[QStringLiteral("rope_theta")] = *b;
        } else if (!hasError(key("rope.freq_base"))) {
            // load_hparams: rope_freq_base_train = 10000 unless the key is present (Gemma 2's
            // converter never writes it).
            out[QStringLiteral("rope_theta")] = 10000.0;
            warn(key("rope.freq_base"), IoText::tr("missing; using 10000, llama.cpp's default"));
        }
        if (const auto swa = number(key("rope.freq_base_swa"))) {
            if (m_arch == QLatin1String("gemma3")) {
                out[QStringLiteral("rope_local_base_freq")] = *swa;
            } else {
                warn(key("rope.freq_base_swa"),
                     IoText::tr("the sliding-window layers' base %1 is shown for Gemma 3 only; "
                                "all layers use rope.freq_base here")
                         .arg(*swa));
            }
        }
    }

    // Head dimension from attention.key_length (else embedding / heads) and the rotated width
    // from rope.dimension_count (llama.cpp's n_rot).
    void readDims(QJsonObject& out) {
        const auto keyLength = number(key("attention.key_length"));
        const auto nRot = number(key("rope.dimension_count"));
        if (m_arch == QLatin1String("deepseek2")) {
            // MLA: key_length = qk_nope_head_dim + qk_rope_head_dim, and RoPE acts on n_rot.
            if (nRot) {
                out[QStringLiteral("qk_rope_head_dim")] = *nRot;
            }
            return;
        }
        double head = 0;
        if (keyLength) {
            out[QStringLiteral("head_dim")] = *keyLength;
            head = *keyLength;
        } else if (out.contains(QStringLiteral("hidden_size")) &&
                   out.value(QStringLiteral("num_attention_heads")).toDouble() > 0) {
            head = out.value(QStringLiteral("hidden_size")).toDouble() /
                   out.value(QStringLiteral("num_attention_heads")).toDouble();
        }
        if (!nRot || head <= 0 || *nRot == head) {
            return;
        }
        // Range-checked before the integer casts below, which a value such as 1e300 would make
        // undefined: n_rot is a whole number of channels, the head dimension at most 2^20.
        const auto wholeChannels = [](double x) {
            return x >= 1.0 && x <= 1048576.0 && x == std::floor(x);
        };
        if (!wholeChannels(*nRot)) {
            fail(key("rope.dimension_count"),
                 IoText::tr("must be a whole number from 1 to 1048576, got %1").arg(*nRot));
            return;
        }
        if (head > 1048576.0) {
            fail(keyLength ? key("attention.key_length") : key("embedding_length"),
                 IoText::tr("the head dimension %1 is above 1048576").arg(head));
            return;
        }
        if (m_arch == QLatin1String("gptj")) {
            out[QStringLiteral("rotary_dim")] = *nRot;
            return;
        }
        // The importer takes int(head_dim · factor); nudge the quotient up by one ulp if
        // rounding would truncate it below n_rot.
        double f = *nRot / head;
        if (static_cast<long long>(head * f) != static_cast<long long>(*nRot)) {
            f = std::nextafter(f, 2.0);
        }
        out[QStringLiteral("partial_rotary_factor")] = f;
    }

    // llama.cpp's attention.sliding_window_pattern: a period n (every n-th layer global), or
    // one bool per layer (true: sliding window).
    bool readLayerPattern(QJsonObject& out) {
        const QString k = key("attention.sliding_window_pattern");
        const GgufValue* v = find(k);
        if (v == nullptr) {
            return false;
        }
        if (isNumberType(v->type)) {
            if (!std::isfinite(v->value.toDouble())) {
                // Present but unusable: an error, and no per-architecture default on top.
                failNotFinite(k, v->value.toDouble());
                return true;
            }
            out[QStringLiteral("sliding_window_pattern")] = v->value.toDouble();
            return true;
        }
        if (v->type == GgufType::Array && v->itemType == GgufType::Bool && v->value.isValid()) {
            QJsonArray types;
            for (const QVariant& b : v->value.toList()) {
                types.append(b.toBool() ? QStringLiteral("sliding_attention")
                                        : QStringLiteral("full_attention"));
            }
            out[QStringLiteral("layer_types")] = types;
            return true;
        }
        fail(k, IoText::tr("expected a number or an array of bools"));
        return true;
    }

    static QJsonArray layerTypeArray(const std::vector<QString>& types) {
        QJsonArray a;
        for (const QString& t : types) {
            a.append(t);
        }
        return a;
    }

    // What llama.cpp's load_hparams sets for this architecture when the converter wrote no key
    // for it (io/model_family.cpp names the branch of each rule): the main stack without the MTP
    // blocks, Phi-3's disabled sliding window, Qwen3-Next's linear-attention layers, and the
    // sliding or chunked pattern with its default window. Written out as explicit layer_types,
    // so the importer shows what llama.cpp computes; each default is named in a warning.
    void applyLlamaCppLayerDefaults(QJsonObject& out, bool patternWritten) {
        if (m_family == nullptr) {
            return;
        }
        const io::LlamaCppDefaults& d = m_family->llamaCpp;
        const QString nKey = key("block_count");
        if (d.blockCountIncludesNextn) {
            const QString nextnKey = key("nextn_predict_layers");
            const auto nextn = number(nextnKey);
            const double blocks = out.value(QStringLiteral("num_hidden_layers")).toDouble(0.0);
            if (nextn && *nextn > 0) {
                if (!(*nextn < blocks) || *nextn != std::floor(*nextn)) {
                    fail(nextnKey, IoText::tr("%1 must be a whole number below %2 = %3")
                                       .arg(*nextn)
                                       .arg(nKey)
                                       .arg(blocks));
                    return;
                }
                out[QStringLiteral("num_hidden_layers")] = blocks - *nextn;
                warn(nextnKey,
                     IoText::tr("%1 multi-token-prediction block(s) follow the %2 main layers in "
                                "%3 = %4; llama.cpp's graph runs only the main layers, and so "
                                "does the explorer")
                         .arg(*nextn)
                         .arg(blocks - *nextn)
                         .arg(nKey)
                         .arg(blocks));
            }
        }
        const double nValue = out.value(QStringLiteral("num_hidden_layers")).toDouble(0.0);
        if (!(nValue >= 1.0 && nValue <= 100000.0)) {
            return;
        }
        const int n = static_cast<int>(nValue);
        const QString windowKey = key("attention.sliding_window");
        const QString patternKey = key("attention.sliding_window_pattern");
        if (d.swaDisabled) {
            if (out.value(QStringLiteral("sliding_window")).toDouble(0.0) > 0.0) {
                warn(windowKey,
                     IoText::tr("%1: llama.cpp's %2 loader turns sliding-window attention off "
                                "(\"Phi SWA is currently disabled\"): every layer is read as "
                                "full attention")
                         .arg(out.value(QStringLiteral("sliding_window")).toDouble())
                         .arg(m_arch));
            }
            // The converter writes 0 for "no window"; neither value makes a sliding layer.
            out.remove(QStringLiteral("sliding_window"));
            out[QStringLiteral("layer_types")] = layerTypeArray(std::vector<QString>(
                static_cast<std::size_t>(n), QStringLiteral("full_attention")));
            return;
        }
        if (d.recurrentPeriod > 0) {
            const QString intervalKey = key("full_attention_interval");
            const auto interval = number(intervalKey);
            int period = d.recurrentPeriod;
            if (d.recurrentPeriodFromKey && interval) {
                // qwen35's loader: full_attn_interval = 4, overwritten by the key when present
                // (a uint32; 0 would divide by zero there). A period above the layer count is
                // legal and makes every layer linear, as the period n + 1 does here.
                if (!(*interval >= 1.0 && *interval <= 4294967295.0) ||
                    *interval != std::floor(*interval)) {
                    fail(intervalKey,
                         IoText::tr("must be a whole number from 1 to 4294967295 (a uint32), "
                                    "got %1")
                             .arg(*interval));
                    return;
                }
                period = static_cast<int>(std::min(*interval, nValue + 1.0));
            } else if (interval && *interval != d.recurrentPeriod) {
                warn(intervalKey, IoText::tr("%1, but llama.cpp's %2 loader uses %3 whatever the "
                                             "file says; layers are read as llama.cpp runs them")
                                      .arg(*interval)
                                      .arg(m_arch)
                                      .arg(d.recurrentPeriod));
            } else if (!interval) {
                warn(intervalKey, IoText::tr("missing; llama.cpp's %1 loader makes every %2th "
                                             "layer attention (with RoPE), the others linear "
                                             "attention (no RoPE)")
                                      .arg(m_arch)
                                      .arg(d.recurrentPeriod));
            }
            std::vector<QString> types;
            for (int il = 0; il < n; ++il) {
                types.push_back((il + 1) % period != 0 ? QStringLiteral("linear_attention")
                                                       : QStringLiteral("full_attention"));
            }
            out[QStringLiteral("layer_types")] = layerTypeArray(types);
            return;
        }
        if (patternWritten || d.swaPeriod == 0 || d.swaType == io::LlamaSwaType::None) {
            return;
        }
        const bool hasWindow = out.contains(QStringLiteral("sliding_window"));
        const double window = out.value(QStringLiteral("sliding_window")).toDouble(0.0);
        if (d.swaOnlyWithWindowKey && !(window > 0.0)) {
            return;
        }
        if (d.swaOnlyForBlockCount > 0 && n != d.swaOnlyForBlockCount) {
            // LLM_ARCH_EXAONE4 reads the window but switches sliding attention on only for its
            // 64-layer model; without it every layer is full and rotates.
            if (hasWindow) {
                warn(windowKey, IoText::tr("%1: llama.cpp's %2 loader uses sliding attention only "
                                           "for %3 layers, not %4: every layer is read as full "
                                           "attention")
                                    .arg(window)
                                    .arg(m_arch)
                                    .arg(d.swaOnlyForBlockCount)
                                    .arg(n));
                out.remove(QStringLiteral("sliding_window"));
            }
            return;
        }
        const bool chunked = d.swaType == io::LlamaSwaType::Chunked;
        if (chunked && hasWindow && window == 0.0) {
            // LLM_ARCH_LLAMA4: sliding_window written as 0 switches the chunks off.
            return;
        }
        double span = window;
        if (chunked) {
            // llama.cpp fixes the chunk at its default; a written window only switches it off.
            span = static_cast<double>(d.defaultWindow);
            out[QStringLiteral("attention_chunk_size")] = span;
            out.remove(QStringLiteral("sliding_window"));
        } else if (!hasWindow) {
            if (d.defaultWindow <= 0) {
                fail(windowKey,
                     IoText::tr("missing; llama.cpp's %1 loader requires it").arg(m_arch));
                return;
            }
            span = static_cast<double>(d.defaultWindow);
            out[QStringLiteral("sliding_window")] = span;
            warn(windowKey,
                 IoText::tr("missing; using %1, llama.cpp's %2 default").arg(span).arg(m_arch));
        }
        const std::vector<bool> swa = io::llamaCppSwaLayers(n, d.swaPeriod);
        std::vector<QString> types;
        QStringList full;
        for (int il = 0; il < n; ++il) {
            if (swa[static_cast<std::size_t>(il)]) {
                types.push_back(chunked ? QStringLiteral("chunked_attention")
                                        : QStringLiteral("sliding_attention"));
            } else {
                types.push_back(QStringLiteral("full_attention"));
                full << QString::number(il);
            }
        }
        out[QStringLiteral("layer_types")] = layerTypeArray(types);
        warn(patternKey,
             IoText::tr("missing; llama.cpp's %1 loader uses period %2: layers %3 are "
                        "full attention, the other %4 %5 with window %6%7")
                 .arg(m_arch)
                 .arg(d.swaPeriod)
                 .arg(full.join(QStringLiteral(", ")))
                 .arg(n - static_cast<int>(full.size()))
                 .arg(chunked ? IoText::tr("chunked") : IoText::tr("sliding"))
                 .arg(span)
                 .arg(d.ropeOnlySlidingLayers ? IoText::tr("; only the sliding layers rotate")
                                              : QString()));
    }

    std::optional<std::vector<double>> tensor(const char* name) {
        const auto it = m_file.ropeTensors.find(QLatin1String(name));
        if (it == m_file.ropeTensors.end()) {
            return std::nullopt;
        }
        m_usedTensors.insert(it->first);
        return it->second;
    }

    static QJsonArray toArray(const std::vector<double>& v) {
        QJsonArray a;
        for (const double x : v) {
            a.append(x);
        }
        return a;
    }

    QJsonObject readScaling(const QJsonObject& out) {
        QJsonObject rope;
        const QString typeKey = key("rope.scaling.type");
        std::optional<QString> type = string(typeKey);
        const auto factor = number(key("rope.scaling.factor"));
        const auto original = number(key("rope.scaling.original_context_length"));
        const auto attn = number(key("rope.scaling.attn_factor"));
        const auto betaFast = number(key("rope.scaling.yarn_beta_fast"));
        const auto betaSlow = number(key("rope.scaling.yarn_beta_slow"));
        const auto logMul = number(key("rope.scaling.yarn_log_multiplier"));
        const auto extFactor = number(key("rope.scaling.yarn_ext_factor"));
        const auto yarnAttn = number(key("rope.scaling.yarn_attn_factor"));
        // llama.cpp's load_hparams reads the four YaRN knob keys only for some architectures
        // (LlamaCppDefaults::readsYarnKnobs); elsewhere hparams keep their defaults and a key in
        // the file changes nothing. An architecture outside the table is read as written.
        const bool knobsIgnored = m_family != nullptr && !m_family->llamaCpp.readsYarnKnobs;
        if (knobsIgnored) {
            warnIgnoredYarnKnob("rope.scaling.yarn_ext_factor", extFactor,
                                IoText::tr("−1 (mixing on for the yarn type)"));
            warnIgnoredYarnKnob("rope.scaling.yarn_attn_factor", yarnAttn,
                                QString::number(io::kLlamaCppYarnAttnFactor));
            warnIgnoredYarnKnob("rope.scaling.yarn_beta_fast", betaFast,
                                QString::number(io::kLlamaCppYarnBetaFast));
            warnIgnoredYarnKnob("rope.scaling.yarn_beta_slow", betaSlow,
                                QString::number(io::kLlamaCppYarnBetaSlow));
        }
        // Older converters wrote a linear factor as rope.scale_linear.
        const auto scaleLinear = number(key("rope.scale_linear"));
        if (const GgufValue* ft = find(key("rope.scaling.finetuned"))) {
            warn(key("rope.scaling.finetuned"),
                 IoText::tr("%1 (whether the model was trained with this scaling; it does not "
                            "change the frequencies)")
                     .arg(ft->value.toString()));
        }
        if (!type && scaleLinear && *scaleLinear != 1.0) {
            type = QStringLiteral("linear");
        }
        if (!type || *type == QLatin1String("none")) {
            // Phi-3's converter (Phi3MiniModel) never writes rope.scaling.type for LongRoPE: it
            // writes the factor tensors, rope.scaling.attn_factor and original_context_length,
            // and llama.cpp's get_rope_factors applies rope_factors_long when the context
            // exceeds original_context_length, else rope_factors_short, whatever the type.
            if (m_file.ropeTensors.count(QStringLiteral("rope_factors_long")) != 0 ||
                m_file.ropeTensors.count(QStringLiteral("rope_factors_short")) != 0) {
                return longRopeFromTensors(out, typeKey, type.has_value(), original, attn);
            }
            if (const auto freqs = tensor("rope_freqs")) {
                return llama3FromFactors(out, *freqs, factor, original);
            }
            return rope;
        }
        if (*type == QLatin1String("linear")) {
            rope[QStringLiteral("rope_type")] = QStringLiteral("linear");
            const auto f = factor ? factor : scaleLinear;
            if (f) {
                rope[QStringLiteral("factor")] = *f;
            }
        } else if (*type == QLatin1String("yarn")) {
            rope[QStringLiteral("rope_type")] = QStringLiteral("yarn");
            if (factor) {
                rope[QStringLiteral("factor")] = *factor;
            }
            if (original) {
                rope[QStringLiteral("original_max_position_embeddings")] = *original;
            }
            // An architecture that ignores the keys runs with beta 32/1, transformers' defaults,
            // so leaving them out of the config reads as llama.cpp computes.
            if (betaFast && !knobsIgnored) {
                rope[QStringLiteral("beta_fast")] = *betaFast;
            }
            if (betaSlow && !knobsIgnored) {
                rope[QStringLiteral("beta_slow")] = *betaSlow;
            }
            if (attn && !logMul) {
                // llama.cpp's YaRN magnitude is (0.1·ln s + 1)·rope.scaling.attn_factor: ggml's
                // rope_yarn multiplies by the first, llama-context.cpp by the key.
                const double ggml = factor && *factor > 1.0 ? 0.1 * std::log(*factor) + 1.0 : 1.0;
                rope[QStringLiteral("attention_factor")] = *attn * ggml;
                if (ggml != 1.0) {
                    warn(key("rope.scaling.attn_factor"),
                         IoText::tr("%1 multiplies llama.cpp's YaRN magnitude 0.1·ln(%2) + 1: "
                                    "attention factor %3")
                             .arg(*attn)
                             .arg(*factor)
                             .arg(*attn * ggml));
                }
            } else if (attn) {
                rope[QStringLiteral("attention_factor")] = *attn;
            }
            if (logMul) {
                // convert_hf_to_gguf writes 0.1 · mscale_all_dim (DeepSeek V2/V3). mscale itself
                // is not stored; DeepSeek's published configs set both equal.
                rope[QStringLiteral("mscale_all_dim")] = *logMul / 0.1;
                rope[QStringLiteral("mscale")] = *logMul / 0.1;
                warn(key("rope.scaling.yarn_log_multiplier"),
                     IoText::tr("%1 = 0.1 · mscale_all_dim; mscale is not stored in GGUF and is "
                                "taken equal to mscale_all_dim = %2")
                         .arg(*logMul)
                         .arg(*logMul / 0.1));
            }
        } else if (*type == QLatin1String("longrope")) {
            rope[QStringLiteral("rope_type")] = QStringLiteral("longrope");
            if (factor) {
                rope[QStringLiteral("factor")] = *factor;
            }
            if (original) {
                rope[QStringLiteral("original_max_position_embeddings")] = *original;
            }
            if (attn) {
                rope[QStringLiteral("attention_factor")] = *attn;
            }
            const auto longF = tensor("rope_factors_long");
            const auto shortF = tensor("rope_factors_short");
            if (longF) {
                rope[QStringLiteral("long_factor")] = toArray(*longF);
            }
            if (shortF) {
                rope[QStringLiteral("short_factor")] = toArray(*shortF);
            }
            if (!longF || !shortF) {
                fail(typeKey, IoText::tr("longrope needs the tensors rope_factors_long and "
                                         "rope_factors_short, which the file lacks"));
            }
        } else {
            fail(typeKey, IoText::tr("'%1' is not a scaling type llama.cpp writes (none, linear, "
                                     "yarn, longrope)")
                              .arg(*type));
        }
        // llama.cpp's YaRN mixing knobs have no config.json field; only their neutral values
        // (ext_factor 1 for yarn, attn_factor 1) describe what transformers computes.
        if (knobsIgnored) {
            return rope;
        }
        if (extFactor && *extFactor != 1.0 && *extFactor >= 0.0) {
            warn(key("rope.scaling.yarn_ext_factor"),
                 IoText::tr("%1 has no config.json counterpart (transformers always mixes with "
                            "weight 1); not shown")
                     .arg(*extFactor));
        }
        if (yarnAttn && *yarnAttn != 1.0) {
            // llama-context.cpp (since PR 17945): with YaRN mixing on (ext_factor ≠ 0) the
            // context sets yarn_attn_factor from the scale factor, so the key is read and then
            // overwritten; with it off the cos/sin magnitude is yarn_attn_factor ·
            // rope.scaling.attn_factor.
            const bool yarnOn = *type == QLatin1String("yarn") && !(extFactor && *extFactor == 0.0);
            warn(key("rope.scaling.yarn_attn_factor"),
                 yarnOn ? IoText::tr("%1 is read by llama.cpp's loader but overwritten when YaRN "
                                     "is on (llama-context.cpp since PR 17945); not shown")
                              .arg(*yarnAttn)
                        : IoText::tr("%1 multiplies llama.cpp's attention factor and has no "
                                     "config.json counterpart; not shown")
                              .arg(*yarnAttn));
        }
        return rope;
    }

    // A YaRN knob key that llama.cpp's loader does not read for this architecture: named, with
    // the value llama.cpp runs with instead (llama-hparams.h).
    void warnIgnoredYarnKnob(const char* suffix, const std::optional<double>& value,
                             const QString& used) {
        if (!value) {
            return;
        }
        warn(key(suffix), IoText::tr("%1 is ignored: llama.cpp's %2 loader does not read this key "
                                     "(load_hparams reads the YaRN keys only for grok) and runs "
                                     "with %3")
                              .arg(*value)
                              .arg(m_arch, used));
    }

    // LongRoPE as llama.cpp runs it from the factor tensors: θ_i divided by the long factors
    // beyond original_context_length L0, by the short ones within it, and the cos/sin scaled by
    // rope.scaling.attn_factor (1 when absent: hparams.rope_attn_factor's default). In
    // transformers' terms: rope_type longrope, factor = context_length / L0, an explicit
    // attention_factor.
    QJsonObject longRopeFromTensors(const QJsonObject& out, const QString& typeKey,
                                    bool typeWritten, std::optional<double> original,
                                    std::optional<double> attn) {
        QJsonObject rope;
        const auto longF = tensor("rope_factors_long");
        const auto shortF = tensor("rope_factors_short");
        if (!longF || !shortF) {
            fail(longF ? QStringLiteral("rope_factors_short") : QStringLiteral("rope_factors_long"),
                 IoText::tr("missing, but the file has the other LongRoPE factor tensor"));
            return rope;
        }
        const double context = out.value(QStringLiteral("max_position_embeddings")).toDouble(0.0);
        const double l0 = original.value_or(context);
        rope[QStringLiteral("rope_type")] = QStringLiteral("longrope");
        rope[QStringLiteral("long_factor")] = toArray(*longF);
        rope[QStringLiteral("short_factor")] = toArray(*shortF);
        if (l0 > 0.0) {
            rope[QStringLiteral("original_max_position_embeddings")] = l0;
        }
        if (context > 0.0 && l0 > 0.0) {
            rope[QStringLiteral("factor")] = context / l0;
        }
        rope[QStringLiteral("attention_factor")] = attn.value_or(1.0);
        warn(typeKey,
             IoText::tr("%1; the file carries rope_factors_long and rope_factors_short, which "
                        "llama.cpp applies whatever the type (the long factors beyond "
                        "original_context_length %2): read as LongRoPE with attention factor "
                        "%3%4")
                 .arg(typeWritten ? IoText::tr("'none'") : IoText::tr("missing"))
                 .arg(l0)
                 .arg(attn.value_or(1.0))
                 .arg(attn ? QString()
                           : IoText::tr(" (rope.scaling.attn_factor is missing; llama.cpp "
                                        "uses 1)")));
        return rope;
    }

    // Llama 3.1 GGUFs carry their scaling only as the per-pair divisors
    // rope_freqs[i] = 1 / ((1 - s_i)/F + s_i), s_i = (L0/λ_i - low)/(high - low) clipped to
    // [0, 1], λ_i = 2π·b^(2i/d) (convert_hf_to_gguf's LlamaModel). In the blend band
    // 1/f_i = 1/F + s_i (1 - 1/F), so s_i is affine in 1/λ_i: a least-squares line through the
    // band gives the two band edges L0/low and L0/high. The recovered parameters are accepted
    // only if they reproduce every stored factor to float32 precision; otherwise the factors
    // are shown as they are (LongRoPE lists, whose θ_i/e_i is the same division).
    QJsonObject llama3FromFactors(const QJsonObject& out, const std::vector<double>& f,
                                  std::optional<double> declaredFactor,
                                  std::optional<double> declaredOriginal) {
        const QString tk = QStringLiteral("rope_freqs");
        QJsonObject rope;
        const double base = out.value(QStringLiteral("rope_theta")).toDouble(10000.0);
        double head = out.value(QStringLiteral("head_dim")).toDouble(0.0);
        if (head <= 0 && out.value(QStringLiteral("num_attention_heads")).toDouble() > 0) {
            head = out.value(QStringLiteral("hidden_size")).toDouble() /
                   out.value(QStringLiteral("num_attention_heads")).toDouble();
        }
        const double rot =
            out.contains(QStringLiteral("partial_rotary_factor"))
                ? std::floor(head * out.value(QStringLiteral("partial_rotary_factor")).toDouble())
                : head;
        if (rot <= 0 || static_cast<double>(f.size()) * 2 != rot) {
            fail(tk, IoText::tr("has %1 entries but the rotated dimension is %2 (%3 pairs)")
                         .arg(f.size())
                         .arg(rot)
                         .arg(rot / 2));
            return rope;
        }
        for (const double x : f) {
            if (!(x > 0) || !std::isfinite(x)) {
                fail(tk, IoText::tr("entries must be finite and positive, got %1").arg(x));
                return rope;
            }
        }
        const double F = declaredFactor.value_or(*std::max_element(f.begin(), f.end()));
        const auto lambda = [&](std::size_t i) {
            return 2.0 * std::numbers::pi * std::pow(base, 2.0 * static_cast<double>(i) / rot);
        };
        // Points strictly inside the band (float32 storage: relative tolerance 1e-6).
        std::vector<std::pair<double, double>> band;
        for (std::size_t i = 0; i < f.size(); ++i) {
            if (f[i] > 1.0 + 1e-6 && f[i] < F * (1.0 - 1e-6)) {
                band.emplace_back(1.0 / lambda(i), (1.0 / f[i] - 1.0 / F) / (1.0 - 1.0 / F));
            }
        }
        const bool allOne =
            std::all_of(f.begin(), f.end(), [](double x) { return std::abs(x - 1.0) < 1e-6; });
        if (allOne) {
            warn(tk, IoText::tr("every factor is 1: no scaling"));
            return rope;
        }
        if (band.size() >= 2 && F > 1.0) {
            double sx = 0, sy = 0, sxx = 0, sxy = 0;
            for (const auto& [x, y] : band) {
                sx += x;
                sy += y;
                sxx += x * x;
                sxy += x * y;
            }
            const double n = static_cast<double>(band.size());
            const double a = (n * sxy - sx * sy) / (n * sxx - sx * sx);
            const double c = (sy - a * sx) / n;
            const double lowWavelength = -a / c;
            const double highWavelength = a / (1.0 - c);
            // Without original_context_length the band fixes only L0/low and L0/high; Meta's
            // low_freq_factor is 1, so L0 = the low band edge.
            const double l0 = declaredOriginal ? *declaredOriginal : std::round(lowWavelength);
            const auto sixteenth = [](double v) { return std::round(v * 16.0) / 16.0; };
            const double low = declaredOriginal ? sixteenth(l0 / lowWavelength) : 1.0;
            const double high = sixteenth(l0 / highWavelength);
            bool matches = std::isfinite(l0) && l0 >= 1 && low > 0 && high > low;
            for (std::size_t i = 0; matches && i < f.size(); ++i) {
                const double wl = lambda(i);
                double expect = 1.0;
                if (wl > l0 / low) {
                    expect = F;
                } else if (wl >= l0 / high) {
                    const double s = (l0 / wl - low) / (high - low);
                    expect = 1.0 / ((1.0 - s) / F + s);
                }
                matches = std::abs(expect - f[i]) <= 1e-5 * expect;
            }
            if (matches) {
                rope[QStringLiteral("rope_type")] = QStringLiteral("llama3");
                rope[QStringLiteral("factor")] = F;
                rope[QStringLiteral("low_freq_factor")] = low;
                rope[QStringLiteral("high_freq_factor")] = high;
                rope[QStringLiteral("original_max_position_embeddings")] = l0;
                warn(tk, IoText::tr("the %1 per-pair factors are Llama 3 scaling with factor %2, "
                                    "low_freq_factor %3, high_freq_factor %4, "
                                    "original_max_position_embeddings %5 (recovered from the "
                                    "factors%6)")
                             .arg(f.size())
                             .arg(F)
                             .arg(low)
                             .arg(high)
                             .arg(l0)
                             .arg(declaredOriginal
                                      ? QString()
                                      : IoText::tr("; low_freq_factor 1 assumed, as Meta's")));
                return rope;
            }
        }
        rope[QStringLiteral("rope_type")] = QStringLiteral("longrope");
        rope[QStringLiteral("short_factor")] = toArray(f);
        rope[QStringLiteral("long_factor")] = toArray(f);
        rope[QStringLiteral("attention_factor")] = 1.0;
        if (declaredOriginal) {
            rope[QStringLiteral("original_max_position_embeddings")] = *declaredOriginal;
        } else if (out.contains(QStringLiteral("max_position_embeddings"))) {
            rope[QStringLiteral("original_max_position_embeddings")] =
                out.value(QStringLiteral("max_position_embeddings"));
        }
        warn(tk, IoText::tr("the per-pair factors match no Llama 3 scaling; shown as they are "
                            "(LongRoPE lists θ_i / e_i, attention factor 1)"));
        return rope;
    }

    // rope.dimension_sections [t, h, w, e] in rotary pairs (M-RoPE); llama.cpp's qwen3vl rotates
    // them interleaved.
    void readSections(QJsonObject& rope) {
        const QString k = key("rope.dimension_sections");
        const GgufValue* v = find(k);
        if (v == nullptr) {
            return;
        }
        if (v->type != GgufType::Array || !isNumberType(v->itemType) || !v->value.isValid() ||
            v->count < 3) {
            fail(k, IoText::tr("expected an array of 3 or 4 integers"));
            return;
        }
        const QVariantList items = v->value.toList();
        for (const QVariant& item : items) {
            if (!std::isfinite(item.toDouble())) {
                failNotFinite(k, item.toDouble());
                return;
            }
        }
        QJsonArray section;
        for (int i = 0; i < 3; ++i) {
            section.append(items[i].toDouble());
        }
        for (qsizetype i = 3; i < items.size(); ++i) {
            if (items[i].toDouble() != 0.0) {
                warn(k, IoText::tr("section %1 = %2 (a fourth axis) has no transformers "
                                   "counterpart; not shown")
                            .arg(i)
                            .arg(items[i].toDouble()));
            }
        }
        if (!rope.contains(QStringLiteral("rope_type"))) {
            rope[QStringLiteral("type")] = QStringLiteral("mrope");
        }
        rope[QStringLiteral("mrope_section")] = section;
        // IMROPE (qwen3vl, qwen35) gives the sections pair by pair (t, h, w, t, …), which is
        // transformers' mrope_interleaved.
        if (m_family != nullptr ? m_family->llamaRope == io::LlamaRopeType::Imrope
                                : m_arch.startsWith(QLatin1String("qwen3vl"))) {
            rope[QStringLiteral("mrope_interleaved")] = true;
        }
    }

    // Every other RoPE key of the architecture is named: a key we do not translate may change the
    // frequencies.
    void reportUnread() {
        for (const auto& [k, v] : m_file.metadata) {
            if (k.startsWith(m_p + QStringLiteral("rope.")) && m_read.count(k) == 0) {
                warn(k, IoText::tr("not translated (no RoPE field of the explorer reads it)"));
            }
        }
        for (const auto& [name, values] : m_file.ropeTensors) {
            if (m_usedTensors.count(name) == 0) {
                warn(name, IoText::tr("tensor not used by the scaling type of this file; ignored"));
            }
        }
    }

    const GgufFile& m_file;
    const io::ModelFamily* m_family = nullptr;
    QStringList& m_warnings;
    QStringList& m_errors;
    QString m_arch;
    QString m_p;
    std::set<QString> m_read;
    std::set<QString> m_usedTensors;
};

} // namespace

QByteArray ggufToHfConfig(const GgufFile& file, QStringList& warnings, QStringList& errors) {
    return QJsonDocument(Translator(file, warnings, errors).run()).toJson(QJsonDocument::Compact);
}

} // namespace rope::io
