// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/engine_compare.h"

#include "core/scaling/scaling_registry.h"
#include "io/io_text.h"
#include "io/model_family.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <utility>

namespace rope::io {

namespace {

constexpr long long kMaxContext = 1048576;
// Upper bound on cos() evaluations of one comparison (distances × pairs × distinct layers):
// one to two seconds of CPU; beyond it the comparison is refused rather than left running.
constexpr double kMaxScanWork = 2e8;

EngineRope sideOf(const RopeParams& params, bool rope, long long window) {
    EngineRope s;
    s.rope = rope;
    s.window = window;
    s.params = params;
    if (rope) {
        const ScalingResult r = scaledFrequencies(params);
        s.theta = r.invFreq;
        s.attention = r.attentionFactor;
    }
    return s;
}

// The llama.cpp column of the family table, applied to transformers' layer list when the model
// came from config.json: which layers slide (set_swa_pattern), with which window, and which
// rotate (ropeOnlySlidingLayers, n_no_rope_layer_step, the recurrent layers).
struct LlamaLayer {
    bool sliding = false;
    bool rope = true;
    long long window = 0;
};

std::vector<LlamaLayer> llamaLayersFromFamily(const io::ModelConfigResult& model,
                                              const ModelFamily& family, QStringList& notes) {
    const LlamaCppDefaults& d = family.llamaCpp;
    const int n = static_cast<int>(model.layers.size());
    long long hfWindow = 0;
    for (const LayerRope& l : model.layers) {
        if (l.attention == AttentionKind::Sliding && l.window > 0) {
            hfWindow = l.window;
        }
    }
    std::vector<LlamaLayer> out(model.layers.size());
    bool patterned = d.swaPeriod > 0 && d.swaType == LlamaSwaType::Standard &&
                     !(d.swaOnlyWithWindowKey && hfWindow <= 0) &&
                     (d.swaOnlyForBlockCount == 0 || d.swaOnlyForBlockCount == n);
    if (patterned) {
        const std::vector<bool> swa = llamaCppSwaLayers(n, d.swaPeriod);
        const long long window = hfWindow > 0 ? hfWindow : d.defaultWindow;
        for (int il = 0; il < n; ++il) {
            out[static_cast<std::size_t>(il)].sliding = swa[static_cast<std::size_t>(il)];
            out[static_cast<std::size_t>(il)].window =
                swa[static_cast<std::size_t>(il)] ? window : 0;
        }
        notes << IoText::tr("llama.cpp layer pattern: set_swa_pattern(%1) (il mod %1 < %2 "
                            "slides), window %3")
                     .arg(d.swaPeriod)
                     .arg(d.swaPeriod - 1)
                     .arg(window);
    } else if (d.swaDisabled) {
        notes << IoText::tr("llama.cpp turns sliding-window attention off for %1 (all layers "
                            "full)")
                     .arg(family.llamaCppArch);
    } else {
        // No llama.cpp default for this family: the converter writes what transformers reads.
        for (std::size_t i = 0; i < out.size(); ++i) {
            const LayerRope& l = model.layers[i];
            out[i].sliding = l.attention == AttentionKind::Sliding;
            out[i].window = out[i].sliding ? l.window : 0;
        }
    }
    for (int il = 0; il < n; ++il) {
        LlamaLayer& l = out[static_cast<std::size_t>(il)];
        const LayerRope& hf = model.layers[static_cast<std::size_t>(il)];
        l.rope = hf.rope;
        if (d.ropeOnlySlidingLayers && patterned) {
            l.rope = l.sliding;
        }
        if (d.noRopeLayerStep > 0) {
            l.rope = (il + 1) % d.noRopeLayerStep != 0;
        }
        // A fixed period (qwen3next) overrides the config's pattern; a period the loader reads
        // from full_attention_interval (qwen35), which the converter copies from the config,
        // rotates the layers transformers rotates.
        if (d.recurrentPeriod > 0 && !d.recurrentPeriodFromKey) {
            l.rope = (il + 1) % d.recurrentPeriod == 0;
        }
    }
    return out;
}

double relDiff(double a, double b) {
    return b != 0.0 ? std::abs(a - b) / std::abs(b) : std::abs(a - b);
}

void maxThetaDiff(const Eigen::ArrayXd& llama, const Eigen::ArrayXd& hf, double& best, int& pair) {
    const Eigen::Index n = std::min(llama.size(), hf.size());
    for (Eigen::Index i = 0; i < n; ++i) {
        const double r = relDiff(llama[i], hf[i]);
        if (r > best) {
            best = r;
            pair = static_cast<int>(i);
        }
    }
}

// A window of at least the context masks nothing within it: compared as full attention.
long long effectiveWindow(const LayerRope& l, long long context) {
    const bool sliding = l.attention == AttentionKind::Sliding && l.window > 0;
    return sliding && l.window < context ? l.window : 0;
}

QString layerList(const std::vector<int>& layers) {
    QStringList out;
    for (int l : layers) {
        out << QString::number(l);
    }
    return out.join(QStringLiteral(", "));
}

QString show(double v) {
    return QString::number(v, 'g', 6);
}

} // namespace

double engineScore(const EngineRope& side, const Eigen::ArrayXd& theta, long long distance) {
    const double a2 = side.attention * side.attention;
    if (!side.rope || theta.size() == 0) {
        return a2;
    }
    double sum = 0.0;
    const double delta = static_cast<double>(distance);
    for (Eigen::Index i = 0; i < theta.size(); ++i) {
        sum += std::cos(delta * theta[i]);
    }
    return a2 * sum / static_cast<double>(theta.size());
}

EngineComparison compareEngines(const io::ModelConfigResult& model, bool fromGguf,
                                long long context) {
    if (context < 1 || context > kMaxContext) {
        throw InvalidParameter("context", IoText::tr("--context must be in [1, %1], got %2")
                                              .arg(kMaxContext)
                                              .arg(context)
                                              .toStdString());
    }
    const ModelFamily* family = familyOfModelType(model.modelType);
    if (family == nullptr || family->llamaCppArch.isEmpty() ||
        family->llamaRope == LlamaRopeType::None) {
        throw InvalidParameter(
            "model_type",
            (family == nullptr
                 ? IoText::tr("model_type '%1' is not in the model-family table, so what "
                              "llama.cpp computes for it is unknown")
                       .arg(model.modelType)
                 : IoText::tr("model_type '%1' (family %2) has no llama.cpp architecture "
                              "with RoPE at the commit read")
                       .arg(model.modelType, family->id))
                .toStdString());
    }
    if (model.layers.empty()) {
        throw InvalidParameter("num_hidden_layers",
                               IoText::tr("the model lists no decoder layers").toStdString());
    }
    for (const LayerRope& l : model.layers) {
        if (l.rope && l.params.scaling.method == ScalingKind::Dynamic) {
            throw InvalidParameter("method",
                                   IoText::tr("dynamic NTK: llama.cpp has no length-dependent "
                                              "base, so there is no llama.cpp side to compare")
                                       .toStdString());
        }
        if (l.rope && l.params.scaling.method == ScalingKind::Ntk) {
            throw InvalidParameter("method",
                                   IoText::tr("'ntk' is the explorer's own method; neither "
                                              "engine computes it from a model file")
                                       .toStdString());
        }
    }

    EngineComparison c;
    c.modelType = model.modelType;
    c.family = family->id;
    c.llamaCppArch = family->llamaCppArch;
    c.context = context;

    std::vector<LlamaLayer> llamaLayers;
    if (fromGguf) {
        // The GGUF was read as llama.cpp's loader fills it: its layer list is llama.cpp's.
        for (const LayerRope& l : model.layers) {
            llamaLayers.push_back({l.attention == AttentionKind::Sliding, l.rope,
                                   l.attention == AttentionKind::Sliding ? l.window : 0});
        }
        c.notes << IoText::tr("read from a GGUF: transformers' side is the config the file "
                              "records (its layer pattern is llama.cpp's reading)");
    } else {
        llamaLayers = llamaLayersFromFamily(model, *family, c.notes);
    }

    bool anyTruncate = false;
    bool anyLongRope = false;
    bool anySliding = false;
    bool anyExplicitYarnAttention = false;
    long long longRopeL0 = 0;
    double work = 0.0;
    // One line per kind of gap, listing its layers (a 32-layer model gives one line, not 32).
    std::map<bool, std::vector<int>> rotationGaps;
    std::map<std::pair<long long, long long>, std::vector<int>> windowGaps;
    for (std::size_t i = 0; i < model.layers.size(); ++i) {
        const LayerRope& l = model.layers[i];
        EngineLayerComparison e;
        e.index = static_cast<int>(i);
        e.type = QString::fromStdString(l.type);
        RopeParams hfParams = l.params;
        if (fromGguf && family->id == QLatin1String("gpt-oss") &&
            hfParams.scaling.method == ScalingKind::Yarn) {
            // convert_hf_to_gguf.py's GptOssModel writes no truncate key; the published
            // config.json says "truncate": false and transformers obeys it.
            hfParams.scaling.truncate = false;
        }
        e.hf = sideOf(hfParams, l.rope, effectiveWindow(l, context));

        RopeParams llamaParams = hfParams;
        if (llamaParams.scaling.method == ScalingKind::Yarn) {
            // ggml_rope_yarn_corr_dims: start = floorf(corr_dim(β_fast)), end =
            // ceilf(corr_dim(β_slow)), for every model; there is no truncate switch.
            if (!llamaParams.scaling.truncate) {
                anyTruncate = true;
            }
            llamaParams.scaling.truncate = true;
            if (llamaParams.scaling.attentionFactor != 0.0) {
                anyExplicitYarnAttention = true;
            }
        }
        const LlamaLayer& ll = llamaLayers[i];
        anySliding = anySliding || ll.sliding;
        if (llamaParams.scaling.method == ScalingKind::LongRope) {
            // llama_model::get_rope_factors: rope_long iff n_ctx_per_seq > n_ctx_orig_yarn,
            // chosen once from the context size; transformers chooses per forward pass from the
            // sequence length (dynamic_rope_update / longrope_frequency_update).
            // Within L₀ both take the short factors: a gap only for contexts beyond it.
            anyLongRope = anyLongRope || context > llamaParams.scaling.originalContext;
            longRopeL0 = llamaParams.scaling.originalContext;
            llamaParams.scaling.seqLen =
                context > llamaParams.scaling.originalContext ? context : 0;
            RopeParams shortParams = hfParams;
            shortParams.scaling.seqLen = 0;
            e.hf = sideOf(shortParams, l.rope, e.hf.window);
            if (l.rope && context > hfParams.scaling.originalContext) {
                RopeParams longParams = hfParams;
                longParams.scaling.seqLen = context;
                e.hfThetaLong = scaledFrequencies(longParams).invFreq;
            }
        }
        e.llama =
            sideOf(llamaParams, ll.rope, ll.window > 0 && ll.window < context ? ll.window : 0);

        if (e.hf.rope && e.llama.rope) {
            maxThetaDiff(e.llama.theta, e.hf.theta, e.maxRelThetaDiff, e.maxPair);
            if (e.hfThetaLong.size() > 0) {
                maxThetaDiff(e.llama.theta, e.hfThetaLong, e.maxRelThetaDiff, e.maxPair);
            }
        } else if (e.hf.rope != e.llama.rope) {
            e.maxRelThetaDiff = 1.0;
            e.maxPair = 0;
            rotationGaps[e.hf.rope].push_back(static_cast<int>(i));
        }
        if (e.hf.window != e.llama.window) {
            windowGaps[{e.hf.window, e.llama.window}].push_back(static_cast<int>(i));
        }
        if (e.maxRelThetaDiff > c.maxRelThetaDiff) {
            c.maxRelThetaDiff = e.maxRelThetaDiff;
            c.maxLayer = e.index;
            c.maxPair = e.maxPair;
        }
        c.layers.push_back(std::move(e));
    }

    for (const auto& [hfRotates, layers] : rotationGaps) {
        c.differences << IoText::tr("layers %1: transformers %2, llama.cpp %3")
                             .arg(layerList(layers))
                             .arg(hfRotates ? IoText::tr("rotates") : IoText::tr("does not rotate"))
                             .arg(hfRotates ? IoText::tr("does not rotate")
                                            : IoText::tr("rotates"));
    }
    for (const auto& [windows, layers] : windowGaps) {
        c.differences << IoText::tr("layers %1: window transformers %2, llama.cpp %3 (0 = "
                                    "full attention within the context)")
                             .arg(layerList(layers))
                             .arg(windows.first)
                             .arg(windows.second);
    }

    // Where it bites: scan Δ = 1 … span − 1, span = min(context, the wider window of the two
    // sides). Layers with identical inputs share one scan; identical sides never diverge.
    std::vector<std::size_t> scanned;
    for (std::size_t i = 0; i < c.layers.size(); ++i) {
        EngineLayerComparison& e = c.layers[i];
        const auto same = [&e](const EngineLayerComparison& p) {
            return e.hf.rope == p.hf.rope && e.llama.rope == p.llama.rope &&
                   e.hf.window == p.hf.window && e.llama.window == p.llama.window &&
                   e.hf.params == p.hf.params && e.llama.params == p.llama.params;
        };
        const auto earlier = std::find_if(scanned.begin(), scanned.end(),
                                          [&](std::size_t j) { return same(c.layers[j]); });
        if (earlier != scanned.end()) {
            e.divergesAt = c.layers[*earlier].divergesAt;
            continue;
        }
        scanned.push_back(i);
        const bool identical = e.hf.rope == e.llama.rope && e.hf.window == e.llama.window &&
                               e.hf.attention == e.llama.attention && e.hfThetaLong.size() == 0 &&
                               e.hf.theta.size() == e.llama.theta.size() &&
                               (e.hf.theta == e.llama.theta).all();
        if (identical) {
            continue;
        }
        // Beyond the wider of the two windows neither engine attends.
        const long long widest = std::max(e.hf.window, e.llama.window);
        const long long span = widest > 0 ? std::min(context, widest) : context;
        const double pairs =
            static_cast<double>(std::max(e.hf.theta.size(), e.llama.theta.size()) + 1);
        const long long l0 = e.hf.params.scaling.originalContext;
        for (long long delta = 1; delta < span; ++delta) {
            // transformers' LongRoPE: a sequence that reaches distance Δ has at least Δ + 1
            // tokens; the long factors apply once that exceeds L₀.
            const Eigen::ArrayXd& hfTheta =
                e.hfThetaLong.size() > 0 && delta + 1 > l0 ? e.hfThetaLong : e.hf.theta;
            const double diff = std::abs(engineScore(e.hf, hfTheta, delta) -
                                         engineScore(e.llama, e.llama.theta, delta));
            if (diff > c.tolerance) {
                e.divergesAt = delta;
                break;
            }
            // Counted as it runs: a scan that stops at its first divergence costs little.
            work += 2.0 * pairs;
            if (work > kMaxScanWork) {
                throw InvalidParameter(
                    "context", IoText::tr("--context %1 makes the distance scan too large for "
                                          "this model (more than %2 cosines); give a smaller "
                                          "--context")
                                   .arg(context)
                                   .arg(static_cast<long long>(kMaxScanWork))
                                   .toStdString());
            }
        }
    }
    for (const EngineLayerComparison& e : c.layers) {
        if (e.divergesAt > 0 && (c.divergesAt < 0 || e.divergesAt < c.divergesAt)) {
            c.divergesAt = e.divergesAt;
            c.divergesLayer = e.index;
        }
    }
    double maxAttentionGap = 0.0;
    for (const EngineLayerComparison& e : c.layers) {
        if (e.hf.rope && e.llama.rope) {
            maxAttentionGap =
                std::max(maxAttentionGap, std::abs(e.hf.attention - e.llama.attention));
        }
    }
    if (maxAttentionGap > 0.0) {
        c.differences
            << IoText::tr("attention factor differs by up to %1").arg(show(maxAttentionGap));
    }

    if (anyTruncate) {
        c.differences << IoText::tr(
            "yarn truncate: false — transformers keeps the correction range unrounded; ggml "
            "(ggml_rope_yarn_corr_dims) floors its start and ceils its end");
        c.fixes << IoText::tr("truncate: none — no llama.cpp flag or GGUF key turns the "
                              "rounding of the YaRN correction range off");
    }
    if (anyLongRope) {
        c.differences << IoText::tr(
                             "longrope: transformers picks short_factor for sequences of at "
                             "most %1 tokens and long_factor beyond, per forward pass; "
                             "llama.cpp picks once from the context size (long iff --ctx-size "
                             "> %1), here long for every prompt")
                             .arg(longRopeL0);
        c.fixes << IoText::tr("longrope: -c/--ctx-size %1 or less gives transformers' "
                              "short factors; no setting follows transformers' switch at "
                              "%1 tokens within one context")
                       .arg(longRopeL0);
    }
    if (anySliding) {
        c.fixes << IoText::tr(
            "sliding layers: --rope-freq-base and --rope-freq-scale never reach them "
            "(llama_model::get_rope_freq_base/scale return hparams.rope_freq_base_train_swa, "
            "GGUF key {arch}.rope.freq_base_swa, and rope_freq_scale_train_swa for SWA "
            "layers); change that key instead");
    }
    if (anyExplicitYarnAttention) {
        c.notes << IoText::tr("an explicit YaRN attention_factor is compared as both "
                              "engines reading it; --yarn-attn-factor is overwritten when "
                              "YaRN is on in llama.cpp after PR 17945");
    }
    if (family->id == QLatin1String("minimax-m2")) {
        // Checked for issue 35: transformers' configuration_minimax_m2.py (commit 3e108993)
        // sets partial_rotary_factor = rotary_dim / head_dim (default head_dim // 2), so it
        // rotates the model's rotary_dim channels, as MiniMax's remote code does.
        c.notes << IoText::tr("MiniMax-M2: transformers rotates rotary_dim = %1 of the "
                              "head's %2 channels (partial_rotary_factor = rotary_dim / "
                              "head_dim), as the model's own remote code does; no gap")
                       .arg(model.params.effectiveRotaryDim())
                       .arg(model.params.headDim);
    }
    if (c.differences.isEmpty()) {
        c.notes << IoText::tr("no difference: both engines compute the same θ, magnitude, "
                              "rotating layers and windows");
    }
    return c;
}

} // namespace rope::io
