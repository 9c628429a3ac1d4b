// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/doctor.h"

#include "core/rope_params.h"

#include <QJsonArray>

#include <cmath>
#include <numeric>
#include <optional>

namespace rope::ui {

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
                      const char* explanation, const char* fix) {
    return {QString::fromLatin1(id), severity, std::move(evidence), QString::fromUtf8(explanation),
            QString::fromUtf8(fix)};
}

// A context past the trained length with no scaling at all: positions the model never saw, whose
// slow pairs rotate through angles it never trained on.
std::optional<DoctorFinding> contextBeyondTrained(const Context& c) {
    if (c.in.context <= 0 || c.s.method != "default" || !c.maxPositions ||
        static_cast<double>(c.in.context) <= *c.maxPositions) {
        return std::nullopt;
    }
    return finding("context-beyond-trained", DoctorSeverity::Error,
                   {QStringLiteral("max_position_embeddings = %1").arg(num(*c.maxPositions)),
                    QStringLiteral("context = %1").arg(c.in.context),
                    QStringLiteral("rope_type = default")},
                   "The context is longer than the model was trained for and no RoPE scaling is "
                   "declared. Positions beyond max_position_embeddings rotate the slowest pairs "
                   "through angles the model never saw; quality typically collapses past the "
                   "trained length (perplexity rises steeply) without any error message.",
                   "Stay within max_position_embeddings, or use a checkpoint or config that "
                   "declares the scaling it was fine-tuned with (YaRN, Llama 3, LongRoPE).");
}

// llama.cpp: scaling declared in the model but switched off on the command line.
std::optional<DoctorFinding> scalingDisabled(const Context& c) {
    if (!c.llamaCpp || (c.s.method != "linear" && c.s.method != "yarn")) {
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
        {QStringLiteral("rope_type = %1").arg(QString::fromStdString(c.s.method)),
         QStringLiteral("factor = %1").arg(num(c.s.factor)),
         QStringLiteral("engine arguments = %1").arg(c.in.engineArgs.join(QLatin1Char(' ')))},
        "The model declares RoPE scaling but the command line turns it off. Short "
        "prompts look normal, because within the original context the unscaled "
        "rotation is close to the scaled one; past it the scores drift (the cosine "
        "between the two rotations' query-key scores falls well below 1, see rope-cli "
        "compare).",
        "Drop --rope-scaling none / --rope-freq-scale 1 and let llama.cpp read the "
        "scaling from the GGUF, or pass the model's own values (rope-cli translate "
        "--to llama.cpp).");
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
    return finding("freq-scale-is-factor", DoctorSeverity::Error,
                   {QStringLiteral("--rope-freq-scale = %1").arg(num(*freqScale))},
                   "llama.cpp multiplies positions by --rope-freq-scale, so linear scaling by a "
                   "factor s is --rope-freq-scale 1/s (or --rope-scale s). A value above 1 "
                   "stretches positions instead of compressing them: every pair turns faster "
                   "than in training, and even short prompts degrade.",
                   "Use --rope-freq-scale 1/factor (0.125 for a factor of 8), or --rope-scale "
                   "factor.");
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
    return finding("base-override", DoctorSeverity::Error,
                   {QStringLiteral("rope_theta = %1").arg(num(c.p.base)),
                    QStringLiteral("--rope-freq-base = %1").arg(num(*base))},
                   "The command line sets a RoPE base different from the one the model was "
                   "trained with. Every pair but the first then rotates at the wrong speed; a "
                   "default of 10000 over a model trained at 1000000 (CodeLlama) makes the slow "
                   "pairs turn up to 100 times faster than in training.",
                   "Remove --rope-freq-base (llama.cpp reads the base from the GGUF) or set it to "
                   "the model's rope_theta.");
}

// Llama 3 and LongRoPE factors already live in the GGUF (rope_freqs, rope_factors_*): a
// command-line scaling multiplies on top of them.
std::optional<DoctorFinding> stackedScaling(const Context& c) {
    if (!c.llamaCpp || (c.s.method != "llama3" && c.s.method != "longrope")) {
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
             .arg(QString::fromStdString(c.s.method), num(c.s.factor)),
         QStringLiteral("engine arguments = %1").arg(c.in.engineArgs.join(QLatin1Char(' ')))},
        "The model's own scaling is already applied from the per-pair factors stored "
        "in the GGUF (Llama 3.1's rope_freqs, LongRoPE's rope_factors tensors). A "
        "scaling on the command line is applied on top of it, so the slow pairs are "
        "divided twice (8 × 8 = 64 for a dynamic or linear ×8 over Llama 3.1).",
        "Remove --rope-scaling, --rope-scale and --rope-freq-scale: the GGUF already "
        "carries the model's scaling.");
}

// DeepSeek's YaRN has two numbers: mscale (cos/sin factor, relative to mscale_all_dim) and
// mscale_all_dim (softmax scale multiplier mscale(s, mscale_all_dim)²).
std::optional<DoctorFinding> deepseekMscale(const Context& c) {
    if (c.s.method != "yarn") {
        return std::nullopt;
    }
    const bool deepseek = c.in.model.modelType.startsWith(QLatin1String("deepseek"));
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
         QStringLiteral("mscale = %1").arg(hasM ? num(c.s.mscale) : QStringLiteral("missing")),
         QStringLiteral("mscale_all_dim = %1")
             .arg(hasAll ? num(c.s.mscaleAllDim) : QStringLiteral("missing")),
         QStringLiteral("engine = %1").arg(c.in.engine)},
        "DeepSeek's YaRN uses two different numbers: the cos/sin attention factor "
        "mscale(s, mscale) / mscale(s, mscale_all_dim) (1 when both are equal) and "
        "the softmax scale multiplier mscale(s, mscale_all_dim)², with mscale(s, m) = "
        "0.1·m·ln s + 1. Folding them into one number (or giving only one) scales the "
        "logits by the wrong amount: 1.37 instead of 1.87 at s = 40.",
        "Give both mscale and mscale_all_dim as the published config does; in "
        "llama.cpp only 0.1·mscale_all_dim is stored (rope.scaling.yarn_log_multiplier), "
        "so a model with mscale ≠ mscale_all_dim cannot be expressed there.");
}

// Qwen2-VL / Qwen2.5-VL lay sections out in blocks; Qwen3-VL interleaves them.
std::optional<DoctorFinding> mropeLayout(const Context& c) {
    if (c.in.model.mropeSection.empty()) {
        return std::nullopt;
    }
    const QString& type = c.in.model.modelType;
    const bool wantInterleaved = type.startsWith(QLatin1String("qwen3_vl"));
    const bool wantBlocks =
        type.startsWith(QLatin1String("qwen2_vl")) || type.startsWith(QLatin1String("qwen2_5_vl"));
    if ((!wantInterleaved || c.in.model.mropeInterleaved) &&
        (!wantBlocks || !c.in.model.mropeInterleaved)) {
        return std::nullopt;
    }
    return finding(
        "mrope-layout", DoctorSeverity::Error,
        {QStringLiteral("model_type = %1").arg(type),
         QStringLiteral("mrope_interleaved = %1")
             .arg(c.in.model.mropeInterleaved ? QStringLiteral("true") : QStringLiteral("false"))},
        "Qwen2-VL and Qwen2.5-VL give the time, height and width positions to "
        "consecutive blocks of pairs; Qwen3-VL interleaves them (t, h, w, t, h, w, …). "
        "For text tokens all three positions are equal, so both layouts agree and the "
        "mistake is invisible; on images and video the wrong pairs get the height and "
        "width positions.",
        "Set mrope_interleaved to true for Qwen3-VL and leave it false (or absent) for "
        "Qwen2-VL / Qwen2.5-VL.");
}

// Gemma 3: the ×8 linear scaling belongs to the global layers only.
std::optional<DoctorFinding> gemmaLocalScaled(const Context& c) {
    if (!c.in.model.modelType.startsWith(QLatin1String("gemma3"))) {
        return std::nullopt;
    }
    for (const LayerRope& l : c.in.model.layers) {
        if (l.rope && l.type == "sliding_attention" && l.params.scaling.method != "default") {
            return finding(
                "gemma3-local-scaled", DoctorSeverity::Error,
                {QStringLiteral("layer type sliding_attention: rope_type = %1, factor = %2")
                     .arg(QString::fromStdString(l.params.scaling.method),
                          num(l.params.scaling.factor))},
                "Gemma 3 scales only its global (full-attention) layers; its "
                "sliding-window layers keep base 10000 unscaled. Applying the ×8 "
                "linear scaling to the local layers too slows their rotation eight "
                "times within a 1024-token window, blurring exactly the short-range "
                "positions those layers exist for.",
                "Scale the full_attention layers only (rope_parameters per layer type "
                "in transformers 5: sliding_attention gets rope_type default).");
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
    return finding("original-exceeds-max", DoctorSeverity::Error,
                   {QStringLiteral("original_max_position_embeddings = %1").arg(num(o.toDouble())),
                    QStringLiteral("max_position_embeddings = %1").arg(num(*c.maxPositions))},
                   "original_max_position_embeddings is the context the model was pre-trained "
                   "with; max_position_embeddings the context after extension. Here the original "
                   "is larger, which is the two fields swapped: YaRN and Llama 3 place their "
                   "interpolation band by the original length, so the band lands on the wrong "
                   "pairs.",
                   "Put the pre-training length (for example 8192 for Llama 3) into "
                   "original_max_position_embeddings and the extended length into "
                   "max_position_embeddings.");
}

// YaRN's factor should be max_position_embeddings / original (or max kept at the original, as
// Qwen's recipe does); transformers ≥ 4.56 warns about anything else.
std::optional<DoctorFinding> yarnFactorRatio(const Context& c) {
    const QJsonValue o = c.rope.value(QStringLiteral("original_max_position_embeddings"));
    if (c.s.method != "yarn" || !o.isDouble() || o.toDouble() <= 0 || !c.maxPositions) {
        return std::nullopt;
    }
    const double ratio = *c.maxPositions / o.toDouble();
    if (std::abs(ratio - 1.0) < 1e-9 || std::abs(ratio - c.s.factor) < 1e-9 * c.s.factor ||
        ratio < 1.0) {
        return std::nullopt;
    }
    return finding("yarn-factor-ratio", DoctorSeverity::Warning,
                   {QStringLiteral("factor = %1").arg(num(c.s.factor)),
                    QStringLiteral("max_position_embeddings / original_max_position_embeddings "
                                   "= %1 / %2 = %3")
                        .arg(num(*c.maxPositions), num(o.toDouble()), num(ratio))},
                   "YaRN's factor s is meant to be the extension ratio, max_position_embeddings / "
                   "original_max_position_embeddings. Here they disagree, so either the "
                   "declared context or the interpolation is not what the model was tuned for; "
                   "transformers uses the explicit factor and warns.",
                   "Set factor to the ratio, or correct max_position_embeddings to original · "
                   "factor.");
}

// LongRoPE switches from short to long factors for the whole sequence once it passes the
// original length.
std::optional<DoctorFinding> longropeSwitch(const Context& c) {
    if (c.s.method != "longrope" || c.in.context <= 0 || c.in.context <= c.s.originalContext) {
        return std::nullopt;
    }
    return finding(
        "longrope-switch", DoctorSeverity::Warning,
        {QStringLiteral("original_max_position_embeddings = %1").arg(c.s.originalContext),
         QStringLiteral("context = %1").arg(c.in.context)},
        "LongRoPE rotates with short_factor while the sequence is at most "
        "original_max_position_embeddings tokens long and with long_factor once it is "
        "longer, for every position including the earlier ones. Keys cached before the "
        "switch were rotated with the short factors and no longer match queries "
        "rotated with the long ones; transformers recomputes the cache, engines that "
        "keep it mix two rotations.",
        "Recompute the KV cache when the sequence crosses "
        "original_max_position_embeddings, or pick one factor set for the whole run "
        "(vLLM and llama.cpp choose by the configured maximum length).");
}

// Dynamic NTK changes the base with the sequence length.
std::optional<DoctorFinding> dynamicWithCache(const Context& c) {
    if (c.s.method != "dynamic") {
        return std::nullopt;
    }
    return finding(
        "dynamic-ntk-cache", DoctorSeverity::Warning,
        {QStringLiteral("rope_type = dynamic"), QStringLiteral("factor = %1").arg(num(c.s.factor)),
         QStringLiteral("original_max_position_embeddings = %1").arg(c.s.originalContext)},
        "Dynamic NTK recomputes the base from the current sequence length once it "
        "exceeds the original context. Keys already in the KV cache were rotated with "
        "the earlier, smaller base, so cached and fresh rotations disagree (rope-cli "
        "kv-cache shows by how much); llama.cpp has no dynamic scaling at all.",
        "Recompute the cache when the base changes, or use a static method (YaRN, "
        "linear) with the target length.");
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

std::vector<DoctorFinding> runDoctor(const DoctorInput& input) {
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

} // namespace rope::ui
