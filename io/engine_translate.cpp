// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/engine_translate.h"

#include "io/io_text.h"
#include "io/model_family.h"
#include "io/params_check.h"

#include <QJsonArray>

#include <cmath>
#include <map>

namespace rope::io {

namespace {

QString num(double v) {
    return QString::number(v, 'g', 17);
}

QJsonArray toArray(const std::vector<double>& v) {
    QJsonArray a;
    for (const double x : v) {
        a.append(x);
    }
    return a;
}

} // namespace

QString llamaCppArchOf(const QString& modelType) {
    const io::ModelFamily* family = io::familyOfModelType(modelType);
    return family != nullptr ? family->llamaCppArch : QString();
}

// llama.cpp (common/arg.cpp): --rope-scaling {none,linear,yarn}; --rope-scale N expands the
// context N times, i.e. sets --rope-freq-scale 1/N (positions multiplied by 1/N); --yarn-orig-ctx
// is the trained context (0: the GGUF's); --yarn-ext-factor mixes extrapolation (1 for YaRN's
// ramp); --yarn-beta-fast/slow are HF's beta_fast/beta_slow. --yarn-attn-factor is not offered:
// with YaRN on (ext_factor ≠ 0) llama-context.cpp overwrites it (since PR 17945, see below), and
// neither is the GGUF key rope.scaling.yarn_attn_factor: the loader reads it only for the
// architectures whose row has readsYarnKnobs, and YaRN on overwrites it there too.
LlamaCppTranslation toLlamaCpp(const ModelConfigResult& model, const QString& arch) {
    LlamaCppTranslation t;
    const RopeParams& p = model.params;
    const ScalingParams& s = p.scaling;
    const QString k = arch + QLatin1Char('.');
    t.flags << QStringLiteral("--rope-freq-base") << num(p.base);
    t.ggufKeys.emplace_back(k + QStringLiteral("rope.freq_base"), num(p.base));
    t.ggufKeys.emplace_back(k + QStringLiteral("rope.dimension_count"),
                            QString::number(p.effectiveRotaryDim()));
    t.ggufKeys.emplace_back(k + QStringLiteral("context_length"), QString::number(p.context));
    if (p.rotaryDim > 0 && p.rotaryDim != p.headDim) {
        t.notExpressible << IoText::tr("partial_rotary_factor: no flag; the GGUF key "
                                       "rope.dimension_count = %1 carries it")
                                .arg(p.rotaryDim);
    }
    // Every method is handled (no default label): a new one is a -Wswitch error until it says
    // what llama.cpp makes of it.
    switch (s.method) {
    case ScalingKind::Default: {
        t.flags << QStringLiteral("--rope-scaling") << QStringLiteral("none");
        t.ggufKeys.emplace_back(k + QStringLiteral("rope.scaling.type"), QStringLiteral("none"));
        break;
    }
    case ScalingKind::Linear: {
        t.flags << QStringLiteral("--rope-scaling") << QStringLiteral("linear")
                << QStringLiteral("--rope-freq-scale") << num(1.0 / s.factor);
        t.ggufKeys.emplace_back(k + QStringLiteral("rope.scaling.type"), QStringLiteral("linear"));
        t.ggufKeys.emplace_back(k + QStringLiteral("rope.scaling.factor"), num(s.factor));
        break;
    }
    case ScalingKind::Ntk: {
        // Static NTK is a new base: b' = b·s^(d/(d-2)).
        const double d = p.effectiveRotaryDim();
        const double b = p.base * std::pow(s.factor, d / (d - 2.0));
        t.flags[1] = num(b);
        t.flags << QStringLiteral("--rope-scaling") << QStringLiteral("none");
        t.ggufKeys[0].second = num(b);
        break;
    }
    case ScalingKind::Yarn: {
        t.flags << QStringLiteral("--rope-scaling") << QStringLiteral("yarn")
                << QStringLiteral("--rope-scale") << num(s.factor)
                << QStringLiteral("--yarn-orig-ctx") << QString::number(s.originalContext)
                << QStringLiteral("--yarn-ext-factor") << QStringLiteral("1")
                << QStringLiteral("--yarn-beta-fast") << num(s.betaFast)
                << QStringLiteral("--yarn-beta-slow") << num(s.betaSlow);
        t.ggufKeys.emplace_back(k + QStringLiteral("rope.scaling.type"), QStringLiteral("yarn"));
        t.ggufKeys.emplace_back(k + QStringLiteral("rope.scaling.factor"), num(s.factor));
        t.ggufKeys.emplace_back(k + QStringLiteral("rope.scaling.original_context_length"),
                                QString::number(s.originalContext));
        // load_hparams reads rope.scaling.yarn_beta_fast/slow only for the architectures whose
        // row says so (at the commit read: grok); elsewhere the keys are ignored and llama.cpp
        // runs with 32/1 unless --yarn-beta-fast/--yarn-beta-slow say otherwise, so only the
        // flags carry a non-default beta.
        const io::ModelFamily* family = io::familyOfLlamaCppArch(arch);
        const bool readsKnobs = family == nullptr || family->llamaCpp.readsYarnKnobs;
        if (readsKnobs) {
            t.ggufKeys.emplace_back(k + QStringLiteral("rope.scaling.yarn_beta_fast"),
                                    num(s.betaFast));
            t.ggufKeys.emplace_back(k + QStringLiteral("rope.scaling.yarn_beta_slow"),
                                    num(s.betaSlow));
        } else if (s.betaFast != io::kLlamaCppYarnBetaFast ||
                   s.betaSlow != io::kLlamaCppYarnBetaSlow) {
            t.notExpressible << IoText::tr(
                                    "beta_fast = %1, beta_slow = %2: llama.cpp's %3 loader does "
                                    "not read rope.scaling.yarn_beta_fast/yarn_beta_slow (it "
                                    "runs with 32/1); only the flags --yarn-beta-fast %1 "
                                    "--yarn-beta-slow %2 carry them")
                                    .arg(num(s.betaFast), num(s.betaSlow), arch);
        }
        // llama-context.cpp (since ggml-org/llama.cpp PR 17945): with YaRN on, the context sets
        // yarn_attn_factor to 0.1·ln(s) + 1 whatever --yarn-attn-factor says, divides it by the
        // same (ggml's rope_yarn multiplies cos/sin by it again) and multiplies by the GGUF's
        // rope.scaling.attn_factor. The magnitude is (0.1·ln s + 1)·attn_factor, so an explicit
        // attention_factor A goes into the key as A / (0.1·ln s + 1), and no flag can carry it.
        const double llamaMagnitude = s.factor > 1.0 ? 0.1 * std::log(s.factor) + 1.0 : 1.0;
        if (s.attentionFactor > 0) {
            t.ggufKeys.emplace_back(k + QStringLiteral("rope.scaling.attn_factor"),
                                    num(s.attentionFactor / llamaMagnitude));
            t.notExpressible << IoText::tr(
                                    "attention_factor = %1: --yarn-attn-factor is overwritten "
                                    "whenever YaRN is on (llama-context.cpp since PR 17945); the "
                                    "GGUF key rope.scaling.attn_factor = %1 / (0.1 ln %2 + 1) = "
                                    "%3 carries it")
                                    .arg(num(s.attentionFactor), num(s.factor),
                                         num(s.attentionFactor / llamaMagnitude));
        }
        if (s.mscale > 0 || s.mscaleAllDim > 0) {
            t.ggufKeys.emplace_back(k + QStringLiteral("rope.scaling.yarn_log_multiplier"),
                                    num(0.1 * s.mscaleAllDim));
            t.notExpressible << IoText::tr(
                                    "mscale = %1, mscale_all_dim = %2: no flag; llama.cpp's "
                                    "deepseek2 reads 0.1·mscale_all_dim from "
                                    "rope.scaling.yarn_log_multiplier and has no separate mscale "
                                    "(the cos/sin factor and the softmax multiplier differ)")
                                    .arg(num(s.mscale), num(s.mscaleAllDim));
        }
        if (!s.truncate) {
            t.notExpressible << IoText::tr("truncate = false: llama.cpp always floors/ceils "
                                           "the YaRN correction range");
        }
        break;
    }
    case ScalingKind::Llama3: {
        t.notExpressible << IoText::tr(
                                "llama3 (factor %1, low_freq_factor %2, high_freq_factor %3, "
                                "original_max_position_embeddings %4): no flag; "
                                "convert_hf_to_gguf writes the per-pair divisors as the "
                                "rope_freqs tensor, which llama.cpp applies by itself")
                                .arg(num(s.factor), num(s.lowFreqFactor), num(s.highFreqFactor))
                                .arg(s.originalContext);
        t.flags << QStringLiteral("--rope-scaling") << QStringLiteral("none");
        break;
    }
    case ScalingKind::LongRope: {
        // convert_hf_to_gguf.py's Phi3MiniModel writes no rope.scaling.type for LongRoPE (llama.cpp
        // applies the factor tensors whatever the type); it writes the attention factor
        // sqrt(1 + ln(s)/ln(L0)), s = L/L0, unless the config gives one, and L0.
        const double scale = static_cast<double>(p.context) / s.originalContext;
        const double attn = s.attentionFactor > 0 ? s.attentionFactor
                            : scale > 1.0
                                ? std::sqrt(1.0 + std::log(scale) / std::log(s.originalContext))
                                : 1.0;
        t.ggufKeys.emplace_back(k + QStringLiteral("rope.scaling.attn_factor"), num(attn));
        t.ggufKeys.emplace_back(k + QStringLiteral("rope.scaling.original_context_length"),
                                QString::number(s.originalContext));
        t.notExpressible << IoText::tr("longrope short_factor/long_factor: no flag; the GGUF "
                                       "carries them as tensors rope_factors_short and "
                                       "rope_factors_long");
        break;
    }
    case ScalingKind::Dynamic: {
        t.notExpressible
            << IoText::tr(
                   "dynamic NTK (factor %1): llama.cpp has no dynamic scaling; the base would "
                   "change "
                   "with the sequence length, which a fixed --rope-freq-base cannot follow")
                   .arg(num(s.factor));
        break;
    }
    case ScalingKind::Proportional: {
        t.notExpressible << IoText::tr("rope_type '%1': no llama.cpp counterpart known here")
                                .arg(toQString(scalingId(s.method)));
        break;
    }
    }
    if (!model.mropeSection.empty()) {
        t.ggufKeys.emplace_back(k + QStringLiteral("rope.dimension_sections"),
                                QStringLiteral("[%1, %2, %3, 0]")
                                    .arg(model.mropeSection[0])
                                    .arg(model.mropeSection[1])
                                    .arg(model.mropeSection[2]));
    }
    // Layers with a RoPE of their own (Gemma 3's local base, NoPE layers) are per-architecture
    // code in llama.cpp, not flags.
    for (const LayerRope& l : model.layers) {
        if (l.rope && l.params.base != p.base) {
            t.ggufKeys.emplace_back(k + QStringLiteral("rope.freq_base_swa"), num(l.params.base));
            t.notExpressible << IoText::tr("per-layer base %1 (%2 layers): no flag; "
                                           "rope.freq_base_swa in the GGUF")
                                    .arg(num(l.params.base), QString::fromStdString(l.type));
            break;
        }
    }
    return t;
}

QJsonObject toHfRopeBlock(const ModelConfigResult& model) {
    const RopeParams& p = model.params;
    const ScalingParams& s = p.scaling;
    QJsonObject scaling;
    const ScalingKind m = s.method;
    scaling[QStringLiteral("rope_type")] = toQString(scalingId(m));
    if (m != ScalingKind::Default) {
        scaling[QStringLiteral("factor")] = s.factor;
    }
    if (m == ScalingKind::Yarn || m == ScalingKind::Dynamic || m == ScalingKind::Llama3 ||
        m == ScalingKind::LongRope) {
        scaling[QStringLiteral("original_max_position_embeddings")] = s.originalContext;
    }
    if (m == ScalingKind::Yarn) {
        scaling[QStringLiteral("beta_fast")] = s.betaFast;
        scaling[QStringLiteral("beta_slow")] = s.betaSlow;
        if (s.mscale > 0) {
            scaling[QStringLiteral("mscale")] = s.mscale;
        }
        if (s.mscaleAllDim > 0) {
            scaling[QStringLiteral("mscale_all_dim")] = s.mscaleAllDim;
        }
        if (!s.truncate) {
            scaling[QStringLiteral("truncate")] = false;
        }
    }
    if ((m == ScalingKind::Yarn || m == ScalingKind::LongRope) && s.attentionFactor > 0) {
        scaling[QStringLiteral("attention_factor")] = s.attentionFactor;
    }
    if (m == ScalingKind::Llama3) {
        scaling[QStringLiteral("low_freq_factor")] = s.lowFreqFactor;
        scaling[QStringLiteral("high_freq_factor")] = s.highFreqFactor;
    }
    if (m == ScalingKind::LongRope) {
        scaling[QStringLiteral("short_factor")] = toArray(s.shortFactor);
        scaling[QStringLiteral("long_factor")] = toArray(s.longFactor);
    }
    if (!model.mropeSection.empty()) {
        QJsonArray section;
        for (const int v : model.mropeSection) {
            section.append(v);
        }
        scaling[QStringLiteral("mrope_section")] = section;
        if (model.mropeInterleaved) {
            scaling[QStringLiteral("mrope_interleaved")] = true;
        }
    }
    QJsonObject out;
    out[QStringLiteral("rope_theta")] = p.base;
    out[QStringLiteral("max_position_embeddings")] = static_cast<double>(p.context);
    // DeepSeek's MLA rotates only its qk_rope_head_dim part of each head.
    out[isFamily(model.modelType, {"deepseek-v2", "deepseek-v3.2"})
            ? QStringLiteral("qk_rope_head_dim")
            : QStringLiteral("head_dim")] = p.headDim;
    if (p.rotaryDim > 0 && p.rotaryDim != p.headDim) {
        out[QStringLiteral("partial_rotary_factor")] =
            static_cast<double>(p.rotaryDim) / static_cast<double>(p.headDim);
    }
    out[QStringLiteral("rope_scaling")] = m == ScalingKind::Default && model.mropeSection.empty()
                                              ? QJsonValue()
                                              : QJsonValue(scaling);
    QJsonObject parameters = scaling;
    parameters[QStringLiteral("rope_theta")] = p.base;
    out[QStringLiteral("rope_parameters")] = parameters;
    return out;
}

} // namespace rope::io
