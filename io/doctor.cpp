// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/doctor.h"

#include "core/kv_cache.h"
#include "core/model_layers.h"
#include "core/rope_params.h"
#include "core/scaling/scaling_registry.h"
#include "io/engine_compare.h"
#include "io/gguf.h"
#include "io/llama_cpp_args.h"
#include "io/model_family.h"
#include "io/params_check.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <optional>
#include <tuple>

namespace rope::io {

/// The doctor's words (context "Doctor"): titles, explanations, fixes and the prose of the
/// evidence; ids, field names and values stay as written.
class DoctorText {
    Q_DECLARE_TR_FUNCTIONS(Doctor)
};

namespace {

QString num(double v) {
    return QString::number(v, 'g', 12);
}

// The value following \p flag in the llama.cpp arguments (last occurrence wins, as in
// common/arg.cpp), or nullopt.
std::optional<QString> argValue(const QStringList& args, const QString& flag) {
    std::optional<QString> v;
    for (qsizetype i = 0; i + 1 < args.size(); ++i) {
        if (args[i] == flag) {
            v = args[i + 1];
        }
    }
    return v;
}

std::optional<double> argNumber(const QStringList& args, const QString& flag) {
    const std::optional<QString> v = argValue(args, flag);
    if (!v) {
        return std::nullopt;
    }
    bool ok = false;
    const double d = v->toDouble(&ok);
    if (!ok || !std::isfinite(d)) {
        throw InvalidParameter("engine-args", flag.toStdString() + " expects a number, got '" +
                                                  v->toStdString() + "'");
    }
    return d;
}

struct Context {
    const DoctorInput& in;
    const RopeParams& p;
    const ScalingParams& s;
    QJsonObject rope;
    std::optional<double> maxPositions;
    bool llamaCpp;
};

using Check = std::optional<DoctorFinding> (*)(const Context&);

DoctorFinding finding(const char* id, DoctorSeverity severity, QStringList evidence,
                      const QString& explanation, const QString& fix) {
    return {QString::fromLatin1(id),
            severity,
            std::move(evidence),
            explanation,
            fix,
            doctorCheckTitle(QString::fromLatin1(id))};
}

// The score of q = k = (1/√d, …) for a query at m rotated with θ_now and a key at n rotated with
// θ_key: (1/P) Σ_i cos(m·θ_now,i − n·θ_key,i) over the P rotary pairs (pair i contributes
// (2/d)·cos of its angle difference). With θ_key = θ_now it depends on m − n only.
double uniformScore(const Eigen::ArrayXd& now, const Eigen::ArrayXd& key, long long m,
                    long long n) {
    long double sum = 0;
    for (Eigen::Index i = 0; i < now.size(); ++i) {
        sum +=
            std::cos(static_cast<long double>(m) * now[i] - static_cast<long double>(n) * key[i]);
    }
    return now.size() > 0 ? static_cast<double>(sum / now.size()) : 1.0;
}

QString scoreText(double v) {
    return QString::number(v, 'f', 4);
}

// A context past the trained length with no scaling at all: positions the model never saw, whose
// slow pairs rotate through angles it never trained on.
std::optional<DoctorFinding> contextBeyondTrained(const Context& c) {
    if (c.in.context <= 0 || c.s.method != ScalingKind::Default || !c.maxPositions ||
        static_cast<double>(c.in.context) <= *c.maxPositions) {
        return std::nullopt;
    }
    return finding(
        "context-beyond-trained", DoctorSeverity::Error,
        {QStringLiteral("max_position_embeddings = %1").arg(num(*c.maxPositions)),
         QStringLiteral("context = %1").arg(c.in.context), QStringLiteral("rope_type = default")},
        DoctorText::tr(
            "The context is longer than the model was trained for and no RoPE scaling is "
            "declared. Positions beyond max_position_embeddings rotate the slowest pairs "
            "through angles the model never saw; quality typically collapses past the "
            "trained length (perplexity rises steeply) without any error message."),
        DoctorText::tr("Stay within max_position_embeddings, or use a checkpoint or config that "
                       "declares the scaling it was fine-tuned with (YaRN, Llama 3, LongRoPE)."));
}

// llama.cpp: scaling declared in the model but switched off on the command line.
std::optional<DoctorFinding> scalingDisabled(const Context& c) {
    if (!c.llamaCpp || (c.s.method != ScalingKind::Linear && c.s.method != ScalingKind::Yarn)) {
        return std::nullopt;
    }
    const auto type = argValue(c.in.engineArgs, QStringLiteral("--rope-scaling"));
    const auto freqScale = argNumber(c.in.engineArgs, QStringLiteral("--rope-freq-scale"));
    const auto scale = argNumber(c.in.engineArgs, QStringLiteral("--rope-scale"));
    const bool off = (type && *type == QLatin1String("none")) || (freqScale && *freqScale == 1.0) ||
                     (scale && *scale == 1.0);
    if (!off) {
        return std::nullopt;
    }
    return finding(
        "scaling-disabled", DoctorSeverity::Error,
        {QStringLiteral("rope_type = %1").arg(scalingIdText(c.s.method)),
         QStringLiteral("factor = %1").arg(num(c.s.factor)),
         QStringLiteral("engine arguments = %1").arg(c.in.engineArgs.join(QLatin1Char(' ')))},
        DoctorText::tr(
            "The model declares RoPE scaling but the command line turns it off. Short "
            "prompts look normal, because within the original context the unscaled "
            "rotation is close to the scaled one; past it the scores drift (the cosine "
            "between the two rotations' query-key scores falls well below 1, see rope-cli "
            "compare)."),
        DoctorText::tr("Drop --rope-scaling none / --rope-freq-scale 1 and let llama.cpp read the "
                       "scaling from the GGUF, or pass the model's own values (rope-cli translate "
                       "--to llama.cpp)."));
}

// --rope-freq-scale is 1/factor; a value above 1 compresses nothing and speeds rotation up.
std::optional<DoctorFinding> freqScaleIsFactor(const Context& c) {
    if (!c.llamaCpp) {
        return std::nullopt;
    }
    const auto freqScale = argNumber(c.in.engineArgs, QStringLiteral("--rope-freq-scale"));
    if (!freqScale || *freqScale <= 1.0) {
        return std::nullopt;
    }
    return finding(
        "freq-scale-is-factor", DoctorSeverity::Error,
        {QStringLiteral("--rope-freq-scale = %1").arg(num(*freqScale))},
        DoctorText::tr(
            "llama.cpp multiplies positions by --rope-freq-scale, so linear scaling by a "
            "factor s is --rope-freq-scale 1/s (or --rope-scale s). A value above 1 "
            "stretches positions instead of compressing them: every pair turns faster "
            "than in training, and even short prompts degrade."),
        DoctorText::tr("Use --rope-freq-scale 1/factor (0.125 for a factor of 8), or --rope-scale "
                       "factor."));
}

// A base given on the command line that differs from the model's own (10^4 over CodeLlama's
// 10^6 is the classic).
std::optional<DoctorFinding> baseOverride(const Context& c) {
    if (!c.llamaCpp) {
        return std::nullopt;
    }
    const auto base = argNumber(c.in.engineArgs, QStringLiteral("--rope-freq-base"));
    if (!base || *base == c.p.base) {
        return std::nullopt;
    }
    return finding(
        "base-override", DoctorSeverity::Error,
        {QStringLiteral("rope_theta = %1").arg(num(c.p.base)),
         QStringLiteral("--rope-freq-base = %1").arg(num(*base))},
        DoctorText::tr(
            "The command line sets a RoPE base different from the one the model was "
            "trained with. Every pair but the first then rotates at the wrong speed; a "
            "default of 10000 over a model trained at 1000000 (CodeLlama) makes the slow "
            "pairs turn up to 100 times faster than in training."),
        DoctorText::tr(
            "Remove --rope-freq-base (llama.cpp reads the base from the GGUF) or set it to "
            "the model's rope_theta."));
}

// Llama 3 and LongRoPE factors already live in the GGUF (rope_freqs, rope_factors_*): a
// command-line scaling multiplies on top of them.
std::optional<DoctorFinding> stackedScaling(const Context& c) {
    if (!c.llamaCpp || (c.s.method != ScalingKind::Llama3 && c.s.method != ScalingKind::LongRope)) {
        return std::nullopt;
    }
    const auto type = argValue(c.in.engineArgs, QStringLiteral("--rope-scaling"));
    const auto freqScale = argNumber(c.in.engineArgs, QStringLiteral("--rope-freq-scale"));
    const auto scale = argNumber(c.in.engineArgs, QStringLiteral("--rope-scale"));
    const bool extra = (type && *type != QLatin1String("none")) ||
                       (freqScale && *freqScale != 1.0) || (scale && *scale != 1.0);
    if (!extra) {
        return std::nullopt;
    }
    return finding(
        "stacked-scaling", DoctorSeverity::Error,
        {QStringLiteral("rope_type = %1 (factor %2)")
             .arg(scalingIdText(c.s.method), num(c.s.factor)),
         QStringLiteral("engine arguments = %1").arg(c.in.engineArgs.join(QLatin1Char(' ')))},
        DoctorText::tr(
            "The model's own scaling is already applied from the per-pair factors stored "
            "in the GGUF (Llama 3.1's rope_freqs, LongRoPE's rope_factors tensors). A "
            "scaling on the command line is applied on top of it, so the slow pairs are "
            "divided twice (8 × 8 = 64 for a dynamic or linear ×8 over Llama 3.1)."),
        DoctorText::tr(
            "Remove --rope-scaling, --rope-scale and --rope-freq-scale: the GGUF already "
            "carries the model's scaling."));
}

// DeepSeek's YaRN has two numbers: mscale (cos/sin factor, relative to mscale_all_dim) and
// mscale_all_dim (softmax scale multiplier mscale(s, mscale_all_dim)²).
std::optional<DoctorFinding> deepseekMscale(const Context& c) {
    if (c.s.method != ScalingKind::Yarn) {
        return std::nullopt;
    }
    const bool deepseek = isFamily(c.in.model.modelType, {"deepseek-v2", "deepseek-v3.2"});
    const bool hasM = c.s.mscale > 0;
    const bool hasAll = c.s.mscaleAllDim > 0;
    const bool folded = deepseek && hasM != hasAll;
    const bool lost = c.llamaCpp && hasM && hasAll && c.s.mscale != c.s.mscaleAllDim;
    if (!folded && !lost) {
        return std::nullopt;
    }
    return finding(
        "mscale-folded", DoctorSeverity::Error,
        {QStringLiteral("model_type = %1").arg(c.in.model.modelType),
         QStringLiteral("mscale = %1").arg(hasM ? num(c.s.mscale) : DoctorText::tr("missing")),
         QStringLiteral("mscale_all_dim = %1")
             .arg(hasAll ? num(c.s.mscaleAllDim) : DoctorText::tr("missing")),
         QStringLiteral("engine = %1").arg(c.in.engine)},
        DoctorText::tr(
            "DeepSeek's YaRN uses two different numbers: the cos/sin attention factor "
            "mscale(s, mscale) / mscale(s, mscale_all_dim) (1 when both are equal) and "
            "the softmax scale multiplier mscale(s, mscale_all_dim)², with mscale(s, m) = "
            "0.1·m·ln s + 1. Folding them into one number (or giving only one) scales the "
            "logits by the wrong amount: 1.37 instead of 1.87 at s = 40."),
        DoctorText::tr(
            "Give both mscale and mscale_all_dim as the published config does; in "
            "llama.cpp only 0.1·mscale_all_dim is stored (rope.scaling.yarn_log_multiplier), "
            "so a model with mscale ≠ mscale_all_dim cannot be expressed there."));
}

// Qwen2-VL / Qwen2.5-VL lay sections out in blocks; Qwen3-VL and Qwen3.5 interleave them. The
// family table knows which: llama.cpp's rope type for the family is MROPE (blocks) or IMROPE
// (interleaved), the same split transformers makes in the families' rotary classes.
std::optional<DoctorFinding> mropeLayout(const Context& c) {
    if (c.in.model.mropeSection.empty()) {
        return std::nullopt;
    }
    const QString& type = c.in.model.modelType;
    const ModelFamily* family = familyOfModelType(type);
    if (family == nullptr) {
        return std::nullopt;
    }
    const bool wantInterleaved = family->llamaRope == LlamaRopeType::Imrope;
    const bool wantBlocks = family->llamaRope == LlamaRopeType::Mrope;
    if ((!wantInterleaved || c.in.model.mropeInterleaved) &&
        (!wantBlocks || !c.in.model.mropeInterleaved)) {
        return std::nullopt;
    }
    return finding(
        "mrope-layout", DoctorSeverity::Error,
        {QStringLiteral("model_type = %1").arg(type),
         QStringLiteral("mrope_interleaved = %1")
             .arg(c.in.model.mropeInterleaved ? QStringLiteral("true") : QStringLiteral("false")),
         DoctorText::tr("family %1: %2 (llama.cpp rope type %3)")
             .arg(family->id,
                  wantInterleaved ? DoctorText::tr("sections interleaved")
                                  : DoctorText::tr("sections in blocks"),
                  llamaRopeTypeName(family->llamaRope))},
        DoctorText::tr(
            "Qwen2-VL and Qwen2.5-VL give the time, height and width positions to "
            "consecutive blocks of pairs; Qwen3-VL and Qwen3.5 interleave them (t, h, w, t, h, "
            "w, …). For text tokens all three positions are equal, so both layouts agree and "
            "the mistake is invisible; on images and video the wrong pairs get the height and "
            "width positions."),
        DoctorText::tr(
            "Set mrope_interleaved to true for Qwen3-VL and Qwen3.5 and leave it false (or "
            "absent) for Qwen2-VL / Qwen2.5-VL."));
}

// Gemma 3: the ×8 linear scaling belongs to the global layers only.
std::optional<DoctorFinding> gemmaLocalScaled(const Context& c) {
    if (!isFamily(c.in.model.modelType, {"gemma-3", "gemma-3n"})) {
        return std::nullopt;
    }
    for (const LayerRope& l : c.in.model.layers) {
        if (l.rope && l.type == "sliding_attention" &&
            l.params.scaling.method != ScalingKind::Default) {
            return finding(
                "gemma3-local-scaled", DoctorSeverity::Error,
                {QStringLiteral("layer type sliding_attention: rope_type = %1, factor = %2")
                     .arg(scalingIdText(l.params.scaling.method), num(l.params.scaling.factor))},
                DoctorText::tr("Gemma 3 scales only its global (full-attention) layers; its "
                               "sliding-window layers keep base 10000 unscaled. Applying the ×8 "
                               "linear scaling to the local layers too slows their rotation eight "
                               "times within a 1024-token window, blurring exactly the short-range "
                               "positions those layers exist for."),
                DoctorText::tr(
                    "Scale the full_attention layers only (rope_parameters per layer type "
                    "in transformers 5: sliding_attention gets rope_type default)."));
        }
    }
    return std::nullopt;
}

// original_max_position_embeddings is the trained length, max_position_embeddings the extended
// one; swapped, every scaling method computes its ramp from the wrong length.
std::optional<DoctorFinding> originalExceedsMax(const Context& c) {
    const QJsonValue o = c.rope.value(QStringLiteral("original_max_position_embeddings"));
    if (!o.isDouble() || !c.maxPositions || o.toDouble() <= *c.maxPositions) {
        return std::nullopt;
    }
    return finding(
        "original-exceeds-max", DoctorSeverity::Error,
        {QStringLiteral("original_max_position_embeddings = %1").arg(num(o.toDouble())),
         QStringLiteral("max_position_embeddings = %1").arg(num(*c.maxPositions))},
        DoctorText::tr(
            "original_max_position_embeddings is the context the model was pre-trained "
            "with; max_position_embeddings the context after extension. Here the original "
            "is larger, which is the two fields swapped: YaRN and Llama 3 place their "
            "interpolation band by the original length, so the band lands on the wrong "
            "pairs."),
        DoctorText::tr("Put the pre-training length (for example 8192 for Llama 3) into "
                       "original_max_position_embeddings and the extended length into "
                       "max_position_embeddings."));
}

// YaRN's factor should be max_position_embeddings / original (or max kept at the original, as
// Qwen's recipe does); transformers ≥ 4.56 warns about anything else.
std::optional<DoctorFinding> yarnFactorRatio(const Context& c) {
    const QJsonValue o = c.rope.value(QStringLiteral("original_max_position_embeddings"));
    if (c.s.method != ScalingKind::Yarn || !o.isDouble() || o.toDouble() <= 0 || !c.maxPositions) {
        return std::nullopt;
    }
    const double ratio = *c.maxPositions / o.toDouble();
    if (std::abs(ratio - 1.0) < 1e-9 || std::abs(ratio - c.s.factor) < 1e-9 * c.s.factor ||
        ratio < 1.0) {
        return std::nullopt;
    }
    return finding(
        "yarn-factor-ratio", DoctorSeverity::Warning,
        {QStringLiteral("factor = %1").arg(num(c.s.factor)),
         QStringLiteral("max_position_embeddings / original_max_position_embeddings "
                        "= %1 / %2 = %3")
             .arg(num(*c.maxPositions), num(o.toDouble()), num(ratio))},
        DoctorText::tr(
            "YaRN's factor s is meant to be the extension ratio, max_position_embeddings / "
            "original_max_position_embeddings. Here they disagree, so either the "
            "declared context or the interpolation is not what the model was tuned for; "
            "transformers uses the explicit factor and warns."),
        DoctorText::tr("Set factor to the ratio, or correct max_position_embeddings to original · "
                       "factor."));
}

// LongRoPE switches from short to long factors for the whole sequence once it passes the
// original length.
std::optional<DoctorFinding> longropeSwitch(const Context& c) {
    if (c.s.method != ScalingKind::LongRope || c.in.context <= 0 ||
        c.in.context <= c.s.originalContext) {
        return std::nullopt;
    }
    QStringList evidence{
        QStringLiteral("original_max_position_embeddings = %1").arg(c.s.originalContext),
        QStringLiteral("context = %1").arg(c.in.context)};
    // What a stale cache does: a key cached at n = L₀/2 while the sequence was L₀ long (short
    // factors), read by the last query of the context (long factors).
    try {
        RopeParams shortP = c.p;
        shortP.scaling.seqLen = c.s.originalContext;
        RopeParams longP = c.p;
        longP.scaling.seqLen = c.in.context;
        const Eigen::ArrayXd shortTheta = scaledFrequencies(shortP).invFreq;
        const Eigen::ArrayXd longTheta = scaledFrequencies(longP).invFreq;
        const long long m = c.in.context - 1;
        const long long n = c.s.originalContext / 2;
        evidence << DoctorText::tr("q = k = (1/√d, …), key at n = %1 cached with short_factor, "
                                   "query at m = %2 with long_factor: score %3 with the cached "
                                   "key, %4 with the key rotated again")
                        .arg(n)
                        .arg(m)
                        .arg(scoreText(uniformScore(longTheta, shortTheta, m, n)),
                             scoreText(uniformScore(longTheta, longTheta, m, n)));
    } catch (const InvalidParameter&) {
        // The factor lists were already accepted by the importer; nothing to add otherwise.
    }
    return finding(
        "longrope-switch", DoctorSeverity::Warning, evidence,
        DoctorText::tr(
            "LongRoPE rotates with short_factor while the sequence is at most "
            "original_max_position_embeddings tokens long and with long_factor once it is "
            "longer, for every position including the earlier ones. Keys cached before the "
            "switch were rotated with the short factors and no longer match queries "
            "rotated with the long ones; transformers recomputes the cache, engines that "
            "keep it mix two rotations."),
        DoctorText::tr("Recompute the KV cache when the sequence crosses "
                       "original_max_position_embeddings, or pick one factor set for the whole run "
                       "(vLLM and llama.cpp choose by the configured maximum length)."));
}

// Dynamic NTK changes the base with the sequence length.
std::optional<DoctorFinding> dynamicWithCache(const Context& c) {
    if (c.s.method != ScalingKind::Dynamic) {
        return std::nullopt;
    }
    QStringList evidence{
        QStringLiteral("rope_type = dynamic"), QStringLiteral("factor = %1").arg(num(c.s.factor)),
        QStringLiteral("original_max_position_embeddings = %1").arg(c.s.originalContext)};
    // A key cached at n = L₀/2 when the sequence was C = L₀ long, read by the last query of a
    // sequence of L = max(context, 4·L₀) tokens (the kv-cache panel's scores).
    try {
        const long long cached = c.s.originalContext;
        const long long seq = std::max<long long>(c.in.context, 4LL * cached);
        const long long n = cached / 2;
        const KvCacheScores k =
            dynamicNtkKvCacheScores(c.p.effectiveRotaryDim(), c.p.base, c.s.factor,
                                    c.s.originalContext, cached, seq, seq - 1, n);
        evidence << DoctorText::tr("q = k = (1/√d, …), key at n = %1 cached when the sequence "
                                   "was %2 long, query at m = %3 of %4: score %5 with the cached "
                                   "key, %6 with the key rotated again")
                        .arg(n)
                        .arg(cached)
                        .arg(seq - 1)
                        .arg(seq)
                        .arg(scoreText(k.cachedKey), scoreText(k.consistent));
    } catch (const InvalidParameter&) {
        // Outside the kv-cache scores' ranges (a huge context): the explanation stands alone.
    }
    return finding(
        "dynamic-ntk-cache", DoctorSeverity::Warning, evidence,
        DoctorText::tr(
            "Dynamic NTK recomputes the base from the current sequence length once it "
            "exceeds the original context. Keys already in the KV cache were rotated with "
            "the earlier, smaller base, so cached and fresh rotations disagree (rope-cli "
            "kv-cache shows by how much); llama.cpp has no dynamic scaling at all."),
        DoctorText::tr("Recompute the cache when the base changes, or use a static method (YaRN, "
                       "linear) with the target length."));
}

// Σcos < 0 within a local layer's window: for q = k the score Σ_i cos(m·θ'_i) of two equal
// tokens m apart turns negative, so a nearby copy of a token scores below an unrelated one
// (Men et al. 2024's bound). The layers command's check, reused: layerBaseChecks() scans every
// distance of each rotating layer's span (min_base is not needed here, so its work cap is 0).
// Only windowed layers (sliding or chunked, window shorter than the context) are flagged: full
// layers of published models routinely cross the bound inside their context (Llama 2 at 1707
// of 4096, DeepSeek-V3 at 4119 of 163840) and work, whereas a local layer exists for the short
// range and its base has no reason to fail inside its own window.
std::optional<DoctorFinding> sumCosNegative(const Context& c) {
    // The windowed layers only (sliding or chunked, window shorter than the context), and only
    // they are scanned: a full layer of a 10⁷-token model would cost seconds.
    std::vector<LayerRope> windowed;
    std::vector<std::size_t> index;
    for (std::size_t i = 0; i < c.in.model.layers.size(); ++i) {
        const LayerRope& l = c.in.model.layers[i];
        if ((l.attention == AttentionKind::Sliding || l.attention == AttentionKind::Chunked) &&
            l.window > 0 && l.window < l.params.context) {
            windowed.push_back(l);
            index.push_back(i);
        }
    }
    if (windowed.empty()) {
        return std::nullopt;
    }
    LayerBaseCheckOptions options;
    options.minBaseWorkCap = 0;
    const std::vector<LayerBaseCheck> checked =
        layerBaseChecks(windowed, layerFrequencies(windowed), options);
    // One evidence line per layer kind (type, base, span, first negative distance).
    std::map<std::tuple<std::string, double, long long, long long>, std::vector<std::size_t>> kinds;
    for (std::size_t k = 0; k < windowed.size(); ++k) {
        const std::optional<long long> first = checked[k].firstNegativeSumCos;
        // At a given context the layer reaches distances < context only.
        if (!checked[k].checked || !first || (c.in.context > 0 && *first >= c.in.context)) {
            continue;
        }
        const LayerRope& l = windowed[k];
        kinds[{l.type, l.params.base, l.maxDistance, *first}].push_back(index[k]);
    }
    if (kinds.empty()) {
        return std::nullopt;
    }
    QStringList evidence;
    for (const auto& [key, indices] : kinds) {
        const auto& [type, base, maxDistance, first] = key;
        QStringList shown;
        for (std::size_t j = 0; j < std::min<std::size_t>(indices.size(), 4); ++j) {
            shown << QString::number(indices[j]);
        }
        const QString which =
            indices.size() > 4 ? DoctorText::tr("layers %1, … (%2 layers)")
                                     .arg(shown.join(QStringLiteral(", ")))
                                     .arg(indices.size())
                               : DoctorText::tr("layers %1").arg(shown.join(QStringLiteral(", ")));
        evidence << DoctorText::tr("%1 (%2, rope_theta = %3, max distance %4): Σcos first < 0 at "
                                   "m = %5")
                        .arg(which, QString::fromStdString(type), num(base))
                        .arg(maxDistance)
                        .arg(first);
    }
    if (c.in.context > 0) {
        evidence << QStringLiteral("context = %1").arg(c.in.context);
    }
    return finding(
        "sum-cos-negative", DoctorSeverity::Warning, evidence,
        DoctorText::tr("For two equal query and key vectors m tokens apart, RoPE's score is "
                       "proportional to Σ_i cos(m·θ_i). Once that sum is negative, a copy of the "
                       "token m positions back scores below an unrelated token: the model can "
                       "no longer tell similar tokens from random ones at that distance (Men et "
                       "al. 2024 derive a lower bound on the base from it). Here it happens inside "
                       "the window of a local (sliding or chunked) layer, the short range that "
                       "layer exists for: its base, with its scaling, is too small for its "
                       "window. Full-attention layers are not flagged: published models cross "
                       "the bound inside their context and still work (rope-cli layers lists "
                       "them)."),
        DoctorText::tr("Give the local layers a base of at least b*(window) (rope-cli min-base, or "
                       "the Base bound panel), or shorten their window; do not apply the global "
                       "layers' scaling to them."));
}

// llama.cpp computes this model's RoPE differently from transformers (io/engine_compare.h):
// asked only when the user runs llama.cpp at a given context, since the gap depends on both.
std::optional<DoctorFinding> enginesDiffer(const Context& c) {
    if (!c.llamaCpp || c.in.context <= 0) {
        return std::nullopt;
    }
    rope::io::EngineComparison e;
    try {
        e = rope::io::compareEngines(c.in.model, c.in.fromGguf, c.in.context);
    } catch (const InvalidParameter&) {
        // No llama.cpp side to compare (unknown family, dynamic NTK, context out of range):
        // rope-cli engines names the reason; the doctor has nothing to report.
        return std::nullopt;
    }
    if (e.differences.isEmpty()) {
        return std::nullopt;
    }
    QStringList evidence;
    evidence << QStringLiteral("engine = llama.cpp, context = %1").arg(c.in.context);
    if (e.maxLayer >= 0) {
        evidence << QStringLiteral("max |θ_llama.cpp − θ_hf| / θ_hf = %1 (layer %2, pair %3)")
                        .arg(num(e.maxRelThetaDiff))
                        .arg(e.maxLayer)
                        .arg(e.maxPair);
    }
    evidence << (e.divergesAt > 0
                     ? DoctorText::tr("scores differ by more than %1 from distance %2 (layer %3)")
                           .arg(num(e.tolerance))
                           .arg(e.divergesAt)
                           .arg(e.divergesLayer)
                     : DoctorText::tr("scores stay within %1 of each other").arg(num(e.tolerance)));
    evidence << e.differences;
    return finding(
        "engines-differ", DoctorSeverity::Warning, evidence,
        DoctorText::tr("llama.cpp does not compute this model's RoPE as transformers does: the "
                       "evidence lists what differs (θ per pair, magnitude, rotating layers, "
                       "windows) and the first distance at which the two engines' scores part. "
                       "The model was trained with transformers' numbers."),
        DoctorText::tr("Where a flag or GGUF key closes the gap, use it; where none does, know "
                       "that llama.cpp's output differs from the reference implementation: %1")
            .arg(e.fixes.join(QStringLiteral("; "))));
}

const std::vector<std::pair<const char*, Check>>& checks() {
    static const std::vector<std::pair<const char*, Check>> all = {
        {"context-beyond-trained", &contextBeyondTrained},
        {"scaling-disabled", &scalingDisabled},
        {"freq-scale-is-factor", &freqScaleIsFactor},
        {"base-override", &baseOverride},
        {"stacked-scaling", &stackedScaling},
        {"mscale-folded", &deepseekMscale},
        {"mrope-layout", &mropeLayout},
        {"gemma3-local-scaled", &gemmaLocalScaled},
        {"original-exceeds-max", &originalExceedsMax},
        {"yarn-factor-ratio", &yarnFactorRatio},
        {"longrope-switch", &longropeSwitch},
        {"dynamic-ntk-cache", &dynamicWithCache},
        {"sum-cos-negative", &sumCosNegative},
        {"engines-differ", &enginesDiffer},
    };
    return all;
}

} // namespace

QStringList doctorCheckIds() {
    QStringList ids;
    for (const auto& [id, check] : checks()) {
        ids << QString::fromLatin1(id);
    }
    return ids;
}

QString doctorCheckTitle(const QString& id) {
    static const std::map<QString, const char*> titles = {
        {QStringLiteral("context-beyond-trained"),
         QT_TRANSLATE_NOOP("Doctor", "Context beyond the trained length, no scaling")},
        {QStringLiteral("scaling-disabled"),
         QT_TRANSLATE_NOOP("Doctor", "Scaling declared but switched off")},
        {QStringLiteral("freq-scale-is-factor"),
         QT_TRANSLATE_NOOP("Doctor", "--rope-freq-scale given as the factor")},
        {QStringLiteral("base-override"),
         QT_TRANSLATE_NOOP("Doctor", "Base overridden on the command line")},
        {QStringLiteral("stacked-scaling"),
         QT_TRANSLATE_NOOP("Doctor", "Scaling stacked on the model's own")},
        {QStringLiteral("mscale-folded"),
         QT_TRANSLATE_NOOP("Doctor", "DeepSeek's two mscales folded into one")},
        {QStringLiteral("mrope-layout"),
         QT_TRANSLATE_NOOP("Doctor", "M-RoPE sections in the wrong layout")},
        {QStringLiteral("gemma3-local-scaled"),
         QT_TRANSLATE_NOOP("Doctor", "Gemma 3's scaling applied to the local layers")},
        {QStringLiteral("original-exceeds-max"),
         QT_TRANSLATE_NOOP("Doctor", "Original and extended context swapped")},
        {QStringLiteral("yarn-factor-ratio"),
         QT_TRANSLATE_NOOP("Doctor", "YaRN factor differs from max / original context")},
        {QStringLiteral("longrope-switch"),
         QT_TRANSLATE_NOOP("Doctor", "LongRoPE switches factors past the original context")},
        {QStringLiteral("dynamic-ntk-cache"),
         QT_TRANSLATE_NOOP("Doctor", "Dynamic NTK with a KV cache")},
        {QStringLiteral("sum-cos-negative"),
         QT_TRANSLATE_NOOP("Doctor", "Σcos < 0 within a local layer's window")},
        {QStringLiteral("engines-differ"),
         QT_TRANSLATE_NOOP("Doctor", "llama.cpp computes this model's RoPE differently")},
    };
    const auto it = titles.find(id);
    return it == titles.end() ? id : QCoreApplication::translate("Doctor", it->second);
}

QJsonObject rawModelFields(const QString& path) {
    QByteArray bytes;
    if (isGgufFile(path)) {
        QString error;
        bytes = ggufConfigJson(path, error);
    } else {
        QFile f(path);
        if (f.open(QIODevice::ReadOnly) && f.size() <= kMaxModelConfigBytes) {
            bytes = f.readAll();
        }
    }
    const QJsonObject root = QJsonDocument::fromJson(bytes).object();
    const QJsonValue text = root.value(QStringLiteral("text_config"));
    return text.isObject() ? text.toObject() : root;
}

QString severityLabel(DoctorSeverity s) {
    switch (s) {
    case DoctorSeverity::Error:
        return DoctorText::tr("Error");
    case DoctorSeverity::Warning:
        return DoctorText::tr("Warning");
    case DoctorSeverity::Info:
        return DoctorText::tr("Info");
    }
    return {};
}

QString severityName(DoctorSeverity s) {
    switch (s) {
    case DoctorSeverity::Error:
        return QStringLiteral("error");
    case DoctorSeverity::Warning:
        return QStringLiteral("warning");
    case DoctorSeverity::Info:
        return QStringLiteral("info");
    }
    return {};
}

std::vector<DoctorFinding> runDoctor(const DoctorInput& given) {
    // llama.cpp's own parser first: an argument it would refuse (an unknown flag, a stray value)
    // is bad input, never silently ignored by checks that look only for the flags they know.
    DoctorInput checked;
    const DoctorInput* in = &given;
    if (!given.engineArgs.isEmpty()) {
        checked = given;
        checked.engineArgs = checkLlamaCppArgs(given.engineArgs);
        in = &checked;
    }
    const DoctorInput& input = *in;
    Context c{input, input.model.params, input.model.params.scaling,
              {},    std::nullopt,       input.engine == QLatin1String("llama.cpp")};
    const QJsonValue params = input.raw.value(QStringLiteral("rope_parameters"));
    const QJsonValue scaling = input.raw.value(QStringLiteral("rope_scaling"));
    c.rope = params.isObject() ? params.toObject() : scaling.toObject();
    if (c.rope.value(QStringLiteral("full_attention")).isObject()) {
        c.rope = c.rope.value(QStringLiteral("full_attention")).toObject();
    }
    const QJsonValue maxPos = input.raw.value(QStringLiteral("max_position_embeddings"));
    if (maxPos.isDouble()) {
        c.maxPositions = maxPos.toDouble();
    }
    std::vector<DoctorFinding> out;
    for (const auto& [id, check] : checks()) {
        if (std::optional<DoctorFinding> f = check(c)) {
            out.push_back(std::move(*f));
        }
    }
    return out;
}

} // namespace rope::io
