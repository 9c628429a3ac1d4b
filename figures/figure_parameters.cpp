// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/figure_parameters.h"

#include "core/attention.h"
#include "core/scaling/scaling_registry.h"
#include "figures/figure_text.h"
#include "figures/option_table.h"
#include "io/params_check.h"

#include <algorithm>
#include <exception>
#include <map>
#include <string_view>

namespace rope::figures {

namespace {

// The shared parameters of the panels whose figure is a job (seconds of searches, a wall-clock
// measurement, a model's weights): too slow to find by recomputing, so listed, as found by
// changing one parameter at a time from the defaults (tst_figure_parameters repeats that).
// Keys: the panel id, or "id/view" for a view that reads other parameters.
const std::map<QString, const char*>& jobReadsTable() {
    static const std::map<QString, const char*> table = {
        {QStringLiteral("base-bound"), "d,b,scaling"},
        {QStringLiteral("base-bound/cosine-sum"), "d,b,L,scaling"},
        {QStringLiteral("base-bound/landscape"), "d,b,L"},
        {QStringLiteral("base-bound/published"), ""},
        {QStringLiteral("batch"), "d,layout,scaling"},
        {QStringLiteral("kv-cache"), "d,b,scaling"},
        {QStringLiteral("weights"), ""},
    };
    return table;
}

const QStringList kSharedKeys = {
    QStringLiteral("d"), QStringLiteral("b"),      QStringLiteral("L"),      QStringLiteral("m"),
    QStringLiteral("n"), QStringLiteral("layout"), QStringLiteral("scaling")};

// Everything of a figure a parameter could reach, wall-clock measurements left out.
QByteArray fingerprint(const FigureData& d) {
    FigureData kept = d;
    std::erase_if(kept.readouts, [](const Readout& r) { return r.measured; });
    std::erase_if(kept.series, [](const Series& s) { return s.measured; });
    if (kept.side) {
        std::erase_if(kept.side->series, [](const Series& s) { return s.measured; });
    }
    QByteArray out = figureCsv(kept);
    out += (d.title + d.xLabel + d.yLabel + d.caption).toUtf8();
    for (const TextLabel& l : d.labels) {
        out += l.text.toUtf8();
    }
    return out;
}

// \p params with the shared parameter \p key changed, in every way that could show (a
// scaling method changes θ, the attention factor or the cache's rotation: linear, YaRN and
// dynamic NTK are tried).
std::vector<rope::RopeParams> changedParams(const rope::RopeParams& params, const QString& key) {
    std::vector<rope::RopeParams> out;
    rope::RopeParams p = params;
    if (key == QLatin1String("d")) {
        p.headDim = params.headDim == 64 ? 128 : 64;
        p.rotaryDim = 0;
        out.push_back(p);
    } else if (key == QLatin1String("b")) {
        p.base = params.base < 1e6 ? params.base * 2 : params.base / 2;
        out.push_back(p);
    } else if (key == QLatin1String("L")) {
        p.context = params.context > 4096 ? params.context / 2 : params.context * 2;
        out.push_back(p);
    } else if (key == QLatin1String("m") || key == QLatin1String("n")) {
        // Two steps: a figure may see a position only through something coarser (a row of
        // pixels, a sample of a curve), which one small step can leave unchanged.
        for (const long long step : {1LL, 5LL}) {
            (key == QLatin1String("m") ? p.m : p.n) =
                (key == QLatin1String("m") ? params.m : params.n) + step;
            out.push_back(p);
        }
    } else if (key == QLatin1String("layout")) {
        p.layout =
            params.layout == rope::Layout::Half ? rope::Layout::Interleaved : rope::Layout::Half;
        out.push_back(p);
    } else if (key == QLatin1String("scaling")) {
        if (params.scaling.method != ScalingKind::Default) {
            p.scaling = rope::ScalingParams{};
            out.push_back(p);
        } else {
            // Each method reaches a figure another way (θ, the attention factor, the cache's
            // re-rotation), and a figure may compare with a factor of its own (4 by default).
            for (const rope::ScalingKind method :
                 {rope::ScalingKind::Linear, rope::ScalingKind::Yarn, rope::ScalingKind::Dynamic}) {
                for (const double factor : {2.0, 8.0}) {
                    p.scaling = rope::ScalingParams{};
                    p.scaling.method = method;
                    p.scaling.factor = factor;
                    p.scaling.seqLen = static_cast<long long>(factor) * p.scaling.originalContext;
                    out.push_back(p);
                }
            }
        }
    }
    return out;
}

} // namespace

std::vector<FigureParameter> sharedParameters(const rope::RopeParams& params,
                                              const QStringList& keys) {
    const QString minus(QChar(0x2212));
    std::vector<FigureParameter> out;
    for (const QString& k : keys) {
        QString text;
        if (k == QLatin1String("d")) {
            text = QStringLiteral("d = %1").arg(params.headDim);
            if (params.effectiveRotaryDim() != params.headDim) {
                text += FigureText::tr(" (%1 rotated)").arg(params.effectiveRotaryDim());
            }
        } else if (k == QLatin1String("b")) {
            text = QStringLiteral("b = %1").arg(formatNumber(params.base));
        } else if (k == QLatin1String("L")) {
            text = QStringLiteral("L = %1").arg(params.context); // a length: every digit
        } else if (k == QLatin1String("m")) {
            text = QStringLiteral("m = %1").arg(params.m).replace(QLatin1Char('-'), minus);
        } else if (k == QLatin1String("n")) {
            text = QStringLiteral("n = %1").arg(params.n).replace(QLatin1Char('-'), minus);
        } else if (k == QLatin1String("layout")) {
            text = params.layout == rope::Layout::Half ? FigureText::tr("half-split pairs")
                                                       : FigureText::tr("interleaved pairs");
        } else if (k == QLatin1String("scaling") && params.scaling.method != ScalingKind::Default) {
            const rope::ScalingMethod& method = rope::scalingMethod(params.scaling.method);
            const QString name = QString::fromUtf8(
                method.displayName.data(), static_cast<qsizetype>(method.displayName.size()));
            text = FigureText::tr("%1, s = %2 over L₀ = %3")
                       .arg(name, formatNumber(params.scaling.factor),
                            QString::number(params.scaling.originalContext));
        }
        out.push_back({k, text});
    }
    return out;
}

QStringList figureReads(const Figure& figure, const rope::RopeParams& params,
                        const FigureOptions& options) {
    const QString id = figureId(figure);
    if (figure.job != nullptr) {
        const OptionTable& optionTable = figure.options();
        const bool hasView =
            std::any_of(optionTable.begin(), optionTable.end(), [](const OptionSpec& o) {
                return QLatin1String(o.id) == QLatin1String("view");
            });
        const auto& table = jobReadsTable();
        auto it = hasView ? table.find(id + QLatin1Char('/') +
                                       OptionValues(optionTable, options).choiceId("view"))
                          : table.end();
        if (it == table.end()) {
            it = table.find(id);
        }
        return it == table.end()
                   ? QStringList()
                   : QString::fromLatin1(it->second).split(QLatin1Char(','), Qt::SkipEmptyParts);
    }
    // A figure that computes in milliseconds: each shared parameter is changed alone, and the
    // figure reads it when its data changes (or it refuses the new value).
    const QByteArray reference = fingerprint(figureData(figure, params, options));
    QStringList reads;
    for (const QString& key : kSharedKeys) {
        for (const rope::RopeParams& changed : changedParams(params, key)) {
            bool differs = false;
            try {
                differs = fingerprint(figureData(figure, changed, options)) != reference;
            } catch (const std::exception&) {
                differs = true;
            }
            if (differs) {
                reads << key;
                break;
            }
        }
    }
    return reads;
}

std::vector<FigureParameter> figureParameters(const Figure& figure, const rope::RopeParams& params,
                                              const FigureOptions& options) {
    std::vector<FigureParameter> out;
    for (FigureParameter& p : sharedParameters(params, figureReads(figure, params, options))) {
        if (!p.text.isEmpty()) {
            out.push_back(std::move(p));
        }
    }
    const OptionValues v(figure.options(), options);
    if (figure.id == "attention") {
        // The toy model's sentence and head come from core's defaults; only b (and the
        // scaling's attention factor) from the form.
        const rope::ToyAttentionParams toy;
        out.push_back({QString(), FigureText::tr("toy model: %1 tokens, head dimension %2")
                                      .arg(toy.tokens.size())
                                      .arg(toy.headDim)});
    } else if (figure.id == "position-schemes") {
        out.push_back({QString(), FigureText::tr("toy model: %1 tokens, head dimension %2")
                                      .arg(v.integer("length"))
                                      .arg(v.integer("dim"))});
    } else if (figure.id == "rope-2d") {
        out.push_back({QString(), FigureText::tr("%1 × %2 patches, head dimension %3")
                                      .arg(v.integer("rows"))
                                      .arg(v.integer("cols"))
                                      .arg(v.integer("dim"))});
    } else if (figure.id == "doctor") {
        out.push_back({QString(), FigureText::tr("compared with %1").arg(v.text("compare-with"))});
    }
    return out;
}

bool isDrawingDetail(const Readout& readout) {
    return readout.label == FigureText::tr("positions per pixel row") ||
           readout.label == FigureText::tr("tokens per column");
}

void applySlideDefaults(const Figure& figure, bool paramsChosen, rope::RopeParams& params,
                        FigureOptions& options) {
    const auto setIfUnset = [&options](const char* key, const QVariant& value) {
        const QString k = QString::fromLatin1(key);
        if (!options.contains(k)) {
            options.insert(k, value);
        }
    };
    const std::string_view id = figure.id;
    if (id == "doctor") {
        setIfUnset("compare-with", QStringLiteral("llama-3.1-8b"));
    } else if (id == "identity") {
        setIfUnset("view", QStringLiteral("residual"));
    } else if (id == "precision") {
        setIfUnset("position", 15962);
    } else if (id == "training-lab" && !options.contains(QStringLiteral("run"))) {
        // A trained race, not the frame that says what Train would run: a small one (3 schemes
        // × 2 seeds of the default model, about 6 s of one core), the runs the course's lab
        // steps train, so a deck and a handout made by one process train them once
        // (training_lab_memo.h).
        options.insert(QStringLiteral("run"), true);
        setIfUnset("schemes", QStringLiteral("rope,learned,alibi"));
        setIfUnset("seeds", 2);
    } else if (id == "extension" && !paramsChosen &&
               params.scaling.method == ScalingKind::Default) {
        params.scaling.method = rope::ScalingKind::Yarn;
        params.scaling.factor = 4.0;
        params.scaling.originalContext = 4096;
        params.context = 16384;
    }
}

} // namespace rope::figures
