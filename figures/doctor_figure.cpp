// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "doctor": the config doctor's findings for the loaded model (io/doctor.h) beside the
// comparison of two RoPE configurations over relative distance (io/model_compare.h): for random
// Gaussian q, k the cosine between the scores qᵀR_A(Δ)k and qᵀR_B(Δ)k, whose expectation is
// (1/P) Σ_i cos((θ_A,i − θ_B,i)·Δ). It stays near 1 for short distances whatever the mistake,
// which is why a RoPE mistake passes every short prompt; the first Δ where it falls below 0.99
// is where the two models start to disagree.
#include "figures/figure_registry.h"
#include "figures/figure_text.h"
#include "io/doctor.h"
#include "io/engine_compare.h"
#include "io/gguf.h"
#include "io/llama_cpp_args.h"
#include "io/model_compare.h"
#include "io/presets.h"

#include "core/scaling/scaling_registry.h"

#include <Eigen/Core>

#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <limits>

namespace rope::figures {

const OptionTable& doctorOptions();

namespace {

// The "engine" row's choices of doctorOptions(), in order.
enum class Engine { Transformers, LlamaCpp };
// The "view" row's choices, in order.
enum class DoctorView { Compare, Engines };

// Without --set context, the comparison runs over the longer model's context up to this
// many distances (the first drop is exact below it; beyond it the scan would cost seconds).
constexpr long long kDefaultCompareCap = 1LL << 18;

// A preset id or a file (config.json or GGUF), as rope-cli compare reads its A and B.
rope::io::ModelConfigResult loadModelSource(const QString& what, const char* option) {
    const bool file = QFileInfo::exists(what);
    if (!file && rope::io::findPreset(what) == nullptr) {
        throw rope::InvalidParameter(
            option,
            FigureText::tr("'%1' is neither a file nor a preset id").arg(what).toStdString());
    }
    rope::io::ModelConfigResult r =
        file ? rope::io::loadModelFile(what) : rope::io::loadPreset(what);
    if (!r.ok()) {
        throw rope::InvalidParameter(option, QStringLiteral("'%1': %2")
                                                 .arg(what, r.errors.join(QStringLiteral("; ")))
                                                 .toStdString());
    }
    return r;
}

QString sourcePath(const QString& what) {
    return QFileInfo::exists(what) ? what : rope::io::presetResourcePath(what);
}

QString severityIcon(rope::io::DoctorSeverity s) {
    switch (s) {
    case rope::io::DoctorSeverity::Error:
        return QStringLiteral("✖");
    case rope::io::DoctorSeverity::Warning:
        return QStringLiteral("▲");
    case rope::io::DoctorSeverity::Info:
        return QStringLiteral("●");
    }
    return {};
}

// Distances 1 … L − 1 spread evenly on a log axis (whole tokens, no repeats).
std::vector<long long> logDistances(long long context, int points) {
    std::vector<long long> out;
    if (context < 2) {
        return out;
    }
    const double last = std::log(static_cast<double>(context - 1));
    for (int k = 0; k < points; ++k) {
        const double t = points > 1 ? static_cast<double>(k) / (points - 1) : 1.0;
        const long long d = std::clamp<long long>(std::llround(std::exp(t * last)), 1, context - 1);
        if (out.empty() || out.back() < d) {
            out.push_back(d);
        }
    }
    return out;
}

void checkSource(const QString& text) {
    if (text.trimmed().isEmpty() || text.size() > 4096) {
        throw rope::InvalidParameter("compare-with",
                                     "expected 'unscaled', a preset id or a file path");
    }
}

// The engine view: what transformers and llama.cpp compute for the loaded model
// (io/engine_compare.h, rope-cli engines), in a few lines under the findings.
QStringList engineView(const rope::io::ModelConfigResult& model, bool fromGguf, long long context) {
    QStringList lines;
    lines << FigureText::tr("transformers against llama.cpp at context %1:").arg(context);
    rope::io::EngineComparison c;
    try {
        c = rope::io::compareEngines(model, fromGguf, context);
    } catch (const rope::InvalidParameter& e) {
        lines << FigureText::tr("  not compared: %1").arg(QString::fromUtf8(e.what()));
        return lines;
    }
    if (c.differences.isEmpty()) {
        lines << FigureText::tr("  the same θ, magnitude, rotating layers and windows in both "
                                "engines.");
        return lines;
    }
    if (c.maxLayer >= 0) {
        lines << FigureText::tr("  largest θ difference %1 % (layer %2, pair %3)")
                     .arg(100.0 * c.maxRelThetaDiff, 0, 'g', 4)
                     .arg(c.maxLayer)
                     .arg(c.maxPair);
    }
    lines << (c.divergesAt > 0
                  ? FigureText::tr("  the scores differ by more than %1 from Δ = %2 (layer %3)")
                        .arg(c.tolerance)
                        .arg(c.divergesAt)
                        .arg(c.divergesLayer)
                  : FigureText::tr("  the scores stay within %1 of each other").arg(c.tolerance));
    for (const QString& d : c.differences) {
        lines << QStringLiteral("  · %1").arg(d);
    }
    for (const QString& f : c.fixes) {
        lines << FigureText::tr("  Fix: %1").arg(f);
    }
    return lines;
}

// The engines view drawn: for the layer where transformers and llama.cpp part first (else
// where their θ differ most, else the first rotating layer), the difference of the two engines'
// normalised scores s(Δ) = a²/P Σᵢ cos(Δθᵢ) (io::engineScore, the quantity compareEngines
// scans) over the distance, against the tolerance, and beside it the relative θ difference per
// pair. The scores themselves are ≈ 1 and differ by parts in a thousand: drawn together they
// look like one curve. Where one engine does not attend (beyond its sliding window) the
// difference is left out.
FigureData enginesFigure(const rope::io::ModelConfigResult& model, bool fromGguf, long long context,
                         const QString& modelName, int widthPx) {
    FigureData data;
    data.title = FigureText::tr("Engines: %1 in transformers and in llama.cpp").arg(modelName);
    data.xLabel = FigureText::tr("relative distance Δ (tokens)");
    data.yLabel = FigureText::tr("s(Δ) in llama.cpp − s(Δ) in transformers");
    data.logX = true;
    data.legendAlignment = Qt::AlignTop | Qt::AlignLeft;
    const rope::io::EngineComparison c = rope::io::compareEngines(model, fromGguf, context);
    data.caption = engineView(model, fromGguf, context).join(QLatin1Char('\n'));
    if (c.layers.empty()) {
        return data;
    }
    int shown = c.divergesLayer >= 0 ? c.divergesLayer : c.maxLayer;
    for (std::size_t i = 0; shown < 0 && i < c.layers.size(); ++i) {
        if (c.layers[i].hf.rope || c.layers[i].llama.rope) {
            shown = static_cast<int>(i);
        }
    }
    shown = std::clamp(shown, 0, static_cast<int>(c.layers.size()) - 1);
    const rope::io::EngineLayerComparison& e = c.layers[static_cast<std::size_t>(shown)];
    const long long widest = std::max(e.hf.window, e.llama.window);
    const long long span = widest > 0 ? std::min(context, widest) : context;
    const long long l0 = e.hf.params.scaling.originalContext;
    // transformers' LongRoPE: the long factors once the sequence exceeds L₀ (as compareEngines
    // scans it).
    const auto difference = [&e, l0](long long delta) {
        const bool outside = (e.hf.window > 0 && delta >= e.hf.window) ||
                             (e.llama.window > 0 && delta >= e.llama.window);
        if (outside) {
            return std::numeric_limits<double>::quiet_NaN();
        }
        const Eigen::ArrayXd& hfTheta =
            e.hfThetaLong.size() > 0 && delta + 1 > l0 ? e.hfThetaLong : e.hf.theta;
        return rope::io::engineScore(e.llama, e.llama.theta, delta) -
               rope::io::engineScore(e.hf, hfTheta, delta);
    };
    Series gap;
    gap.name = FigureText::tr("llama.cpp − transformers, layer %1").arg(shown);
    gap.id = QStringLiteral("score-difference");
    gap.colour = 1;
    double extent = c.tolerance;
    for (const long long delta : logDistances(span, std::clamp(widthPx / 2, 100, 1000))) {
        gap.x.push_back(static_cast<double>(delta));
        gap.y.push_back(difference(delta));
        if (std::isfinite(gap.y.back())) {
            extent = std::max(extent, std::abs(gap.y.back()));
        }
    }
    const double last = gap.x.empty() ? 2.0 : std::max(gap.x.back(), 2.0);
    data.series.push_back(std::move(gap));
    for (const double sign : {1.0, -1.0}) {
        Series band;
        band.name = FigureText::tr("tolerance ±%1").arg(c.tolerance);
        band.id = sign > 0 ? QStringLiteral("tolerance-high") : QStringLiteral("tolerance-low");
        band.colour = 6;
        band.dashed = true;
        band.inLegend = sign > 0;
        band.x = {1.0, last};
        band.y = {sign * c.tolerance, sign * c.tolerance};
        data.series.push_back(std::move(band));
    }
    if (e.divergesAt > 0) {
        Series part;
        part.name = FigureText::tr("the scores part: Δ = %1").arg(e.divergesAt);
        part.id = QStringLiteral("scores-part");
        part.style = SeriesStyle::Scatter;
        part.colour = 5;
        part.x = {static_cast<double>(e.divergesAt)};
        part.y = {difference(e.divergesAt)};
        data.series.push_back(std::move(part));
    }
    data.xRange = {{1.0, last}};
    data.yRange = {{-1.15 * extent, 1.6 * extent}};
    data.readouts.push_back({FigureText::tr("layer shown"), static_cast<double>(shown),
                             e.type});
    data.readouts.push_back({FigureText::tr("largest θ difference, this layer"),
                             100.0 * e.maxRelThetaDiff, QStringLiteral("%")});
    Readout parts{FigureText::tr("the scores part from Δ"), static_cast<double>(e.divergesAt),
                  FigureText::tr("tokens")};
    if (e.divergesAt <= 0) {
        parts.text = FigureText::tr("never within %1 tokens").arg(span);
    }
    data.readouts.push_back(parts);

    // Beside: |θ_llama.cpp − θ_transformers| / θ_transformers per pair, in per cent (a pair
    // only one engine rotates, or with θ = 0 in transformers, is left out).
    SidePlot side;
    side.title = FigureText::tr("θ difference per pair, layer %1").arg(shown);
    side.xLabel = FigureText::tr("pair i");
    side.yLabel = FigureText::tr("|θ(llama.cpp) − θ(transformers)| / θ (%)");
    const auto relative = [&e](const Eigen::ArrayXd& reference, const QString& name,
                                 const QString& id, int colour) {
        Series d;
        d.name = name;
        d.id = id;
        d.style = SeriesStyle::Scatter;
        d.colour = colour;
        const Eigen::Index n = std::min(reference.size(), e.llama.theta.size());
        for (Eigen::Index i = 0; i < n; ++i) {
            if (reference[i] > 0.0 && std::isfinite(reference[i])) {
                d.x.push_back(static_cast<double>(i));
                d.y.push_back(100.0 * std::abs(e.llama.theta[i] - reference[i]) / reference[i]);
            }
        }
        return d;
    };
    if (e.hf.rope && e.llama.rope) {
        side.series.push_back(relative(e.hf.theta, FigureText::tr("against transformers' θ"),
                                       QStringLiteral("theta-difference"), 2));
        if (e.hfThetaLong.size() > 0) {
            side.series.push_back(relative(e.hfThetaLong,
                                           FigureText::tr("against its long-context θ"),
                                           QStringLiteral("theta-difference-long"), 4));
        }
    }
    double top = 1.0;
    double pairs = 1.0;
    for (const Series& s : side.series) {
        for (std::size_t k = 0; k < s.y.size(); ++k) {
            top = std::max(top, s.y[k]);
            pairs = std::max(pairs, s.x[k]);
        }
    }
    side.xRange = {-0.5, pairs + 0.5};
    side.yRange = {0.0, 1.08 * top};
    data.side = std::move(side);
    return data;
}

} // namespace

FigureData doctorFigure(const rope::RopeParams& params, const FigureOptions& options) {
    using rope::io::DoctorFinding;
    using rope::io::DoctorSeverity;
    const OptionValues v(doctorOptions(), options);
    const QString modelSource = v.has("model") ? v.text("model") : QString();
    const QString compareWith = v.text("compare-with");
    const long long context = v.integer("context");

    // The doctor: the loaded model as written, or (none loaded) the parameters themselves.
    rope::io::DoctorInput in;
    QString modelName;
    if (!modelSource.isEmpty()) {
        in.model = loadModelSource(modelSource, "model");
        in.raw = rope::io::rawModelFields(sourcePath(modelSource));
        in.fromGguf = rope::io::isGgufFile(sourcePath(modelSource));
        modelName =
            in.model.modelName.isEmpty() ? QFileInfo(modelSource).fileName() : in.model.modelName;
    } else {
        in.model.params = params;
        in.raw.insert(QStringLiteral("max_position_embeddings"),
                      static_cast<double>(params.context));
        modelName = FigureText::tr("the current parameters");
    }
    in.context = context;
    in.engine = v.choiceId("engine");
    if (v.has("engine-args") && !v.text("engine-args").trimmed().isEmpty()) {
        // Arguments the transformers engine would not read: refused, as `rope-cli doctor`
        // refuses --engine-args without --engine llama.cpp, rather than checked against
        // nothing while the findings look as if they had been.
        if (v.choice<Engine>("engine") != Engine::LlamaCpp) {
            throw rope::InvalidParameter(
                "engine-args",
                (QStringLiteral("engine-args: ") +
                 FigureText::tr("llama.cpp arguments need engine llama.cpp (the engine is "
                                "transformers, which reads none)"))
                    .toStdString());
        }
        in.engineArgs = rope::io::splitEngineArgs(v.text("engine-args"));
    }
    if (v.choice<DoctorView>("view") == DoctorView::Engines) {
        // Only a model has an engine: a family, its config's fields, a llama.cpp architecture.
        if (modelSource.isEmpty()) {
            FigureData note;
            note.title = FigureText::tr("Engines: transformers against llama.cpp");
            note.xRange = {{0.0, 1.0}};
            note.yRange = {{0.0, 1.0}};
            note.labels.push_back({0.5, 0.5,
                                   FigureText::tr("Load a model (Model ▸ Open config.json… or "
                                                  "a preset of the Model menu; rope-cli: --set "
                                                  "model=<preset id or file>)\nto see what "
                                                  "transformers and llama.cpp compute for it.")});
            return note;
        }
        return enginesFigure(in.model, in.fromGguf,
                             context > 0 ? context
                                         : std::min(in.model.params.context, kDefaultCompareCap),
                             modelName, options.plot.width(600));
    }
    const std::vector<DoctorFinding> findings = rope::io::runDoctor(in);
    int errors = 0;
    int warnings = 0;
    for (const DoctorFinding& f : findings) {
        errors += f.severity == DoctorSeverity::Error ? 1 : 0;
        warnings += f.severity == DoctorSeverity::Warning ? 1 : 0;
    }

    // The comparison: the current parameters (A) against the second configuration (B).
    rope::RopeParams other = params;
    QString otherName;
    if (compareWith == QLatin1String("unscaled")) {
        other.scaling = rope::ScalingParams{};
        otherName = FigureText::tr("the same without scaling");
    } else {
        const rope::io::ModelConfigResult b = loadModelSource(compareWith, "compare-with");
        other = b.params;
        otherName = b.modelName.isEmpty() ? QFileInfo(compareWith).fileName() : b.modelName;
    }
    const long long span =
        context > 0 ? context
                    : std::min(std::max(params.context, other.context), kDefaultCompareCap);
    const int width = options.plot.width(600);
    const int points = std::clamp(width / 2, 100, 1000);

    FigureData data;
    data.title = FigureText::tr("Doctor: %1 against %2").arg(modelName, otherName);
    data.xLabel = FigureText::tr("relative distance Δ (tokens)");
    data.yLabel = FigureText::tr("cosine of the two scores qᵀR(Δ)k");
    data.logX = true;
    data.legendAlignment = Qt::AlignBottom | Qt::AlignLeft;
    QString compareNote;
    try {
        const rope::io::SampledScoreComparison r =
            rope::io::compareScoresAt(params, other, span, logDistances(span, points));
        Series curve;
        curve.name = FigureText::tr("cosine, 128 random (q, k)");
        curve.id = QStringLiteral("cosine");
        for (std::size_t k = 0; k < r.distances.size(); ++k) {
            curve.x.push_back(static_cast<double>(r.distances[k]));
            curve.y.push_back(r.cosine[k]);
        }
        // The sample's expectation over Gaussian q, k: (1/P) Σ_i cos((θ_A,i − θ_B,i)·Δ) over the
        // P = d/2 pairs (a pair one side does not rotate has θ = 0 there), drawn dashed so the
        // sampling noise of the curve is visible as such.
        const auto thetas = [pairs = params.headDim / 2](const rope::RopeParams& p) {
            const Eigen::ArrayXd f = rope::scaledFrequencies(p).invFreq;
            Eigen::ArrayXd t = Eigen::ArrayXd::Zero(pairs);
            const Eigen::Index n = std::min<Eigen::Index>(f.size(), pairs);
            t.head(n) = f.head(n);
            return t;
        };
        const Eigen::ArrayXd gap = thetas(params) - thetas(other);
        Series expectation;
        expectation.name = FigureText::tr("expectation (1/P) Σᵢ cos((θᵢ(A) − θᵢ(B))Δ)");
        expectation.id = QStringLiteral("expectation");
        expectation.dashed = true;
        expectation.colour = 3;
        expectation.x = curve.x;
        for (const double x : curve.x) {
            expectation.y.push_back(gap.size() > 0 ? (gap * x).cos().mean() : 1.0);
        }
        const double lowest =
            curve.y.empty() ? 1.0 : *std::min_element(curve.y.begin(), curve.y.end());
        data.yRange = std::make_pair(std::min(0.9, lowest - 0.05), 1.01);
        data.series.push_back(std::move(curve));
        data.series.push_back(std::move(expectation));
        Series threshold;
        threshold.name = FigureText::tr("threshold 0.99");
        threshold.id = QStringLiteral("threshold");
        threshold.x = {1.0, static_cast<double>(std::max<long long>(span - 1, 2))};
        threshold.y = {0.99, 0.99};
        threshold.dashed = true;
        threshold.colour = 1;
        data.series.push_back(std::move(threshold));
        Readout first{FigureText::tr("first Δ with cosine < 0.99"), -1.0, QString()};
        if (r.firstBelow) {
            first.value = static_cast<double>(*r.firstBelow);
            Series mark;
            mark.name = FigureText::tr("first drop below 0.99");
            mark.id = QStringLiteral("first-drop");
            mark.style = SeriesStyle::Scatter;
            mark.colour = 2;
            // Never Δ = 0 (both rotations are the identity there, cosine 1), so it has a place
            // on the log axis.
            mark.x = {static_cast<double>(*r.firstBelow)};
            mark.y = {0.99};
            data.series.push_back(std::move(mark));
        } else {
            first.text = FigureText::tr("none below L = %1").arg(span);
        }
        data.readouts.push_back(first);
        data.readouts.push_back({FigureText::tr("cosine at Δ = %1").arg(span - 1),
                                 r.cosine.empty() ? 1.0 : r.cosine.back(), QString()});
    } catch (const rope::InvalidParameter& e) {
        // Findings stay useful when the two models cannot be compared (other head dimension).
        compareNote = FigureText::tr("Not compared: %1").arg(QString::fromUtf8(e.what()));
    }
    data.readouts.push_back({FigureText::tr("errors"), static_cast<double>(errors), QString()});
    data.readouts.push_back({FigureText::tr("warnings"), static_cast<double>(warnings), QString()});

    QStringList lines;
    lines << (findings.empty() ? FigureText::tr("%1: no check fired (%2 checks).")
                                     .arg(modelName)
                                     .arg(rope::io::doctorCheckIds().size())
                               : FigureText::tr("%1: %2 error(s), %3 warning(s).")
                                     .arg(modelName)
                                     .arg(errors)
                                     .arg(warnings));
    if (!compareNote.isEmpty()) {
        lines << compareNote;
    }
    for (const DoctorFinding& f : findings) {
        lines << QString();
        lines << QStringLiteral("%1 %2: %3  [%4]")
                     .arg(severityIcon(f.severity), rope::io::severityLabel(f.severity), f.title,
                          f.id);
        for (const QString& e : f.evidence) {
            lines << QStringLiteral("  · %1").arg(e);
        }
        lines << f.explanation;
        lines << FigureText::tr("Fix: %1").arg(f.fix);
    }
    if (!modelSource.isEmpty()) {
        lines << QString();
        lines << engineView(in.model, in.fromGguf,
                            context > 0 ? context
                                        : std::min(in.model.params.context, kDefaultCompareCap));
    }
    data.caption = lines.join(QLatin1Char('\n'));
    return data;
}

const OptionTable& doctorOptions() {
    static const OptionTable table = {
        {.id = "view",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&View:"),
         .kind = OptionKind::Choice,
         .defaultValue = QStringLiteral("compare"),
         .choices = {{QStringLiteral("compare"),
                      QT_TRANSLATE_NOOP("FigureOptions", "findings, A against B")},
                     {QStringLiteral("engines"),
                      QT_TRANSLATE_NOOP("FigureOptions", "transformers against llama.cpp")}},
         .tooltip = QT_TRANSLATE_NOOP(
             "FigureOptions",
             "Findings: the doctor's checks and the scores of the model against a second "
             "configuration. Engines: the loaded model's scores as transformers and as llama.cpp "
             "compute them, and their θ per pair.")},
        {.id = "compare-with",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "Compare &with:"),
         .kind = OptionKind::Text,
         .defaultValue = QStringLiteral("unscaled"),
         .tooltip = QT_TRANSLATE_NOOP(
             "FigureOptions",
             "The second configuration: 'unscaled' (the current parameters without their "
             "scaling: what an engine that ignores the scaling computes), a preset id "
             "(llama-3.1-8b) or a config.json / GGUF file."),
         .control = OptionControl::Hidden,
         .validate = &checkSource},
        {.id = "context",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Context:"),
         .kind = OptionKind::Integer,
         .defaultValue = 0,
         .min = 0,
         .max = 1048576,
         .tooltip = QT_TRANSLATE_NOOP(
             "FigureOptions",
             "The context you run at (tokens): the doctor's context checks and the compared "
             "distances (0 = not given: the longer model's context, at most 262144)."),
         .step = 1024,
         .specialValueText = QT_TRANSLATE_NOOP("FigureOptions", "not given")},
        {.id = "engine",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Engine:"),
         .kind = OptionKind::Choice,
         .defaultValue = QStringLiteral("hf"),
         .choices = {{QStringLiteral("hf"), QStringLiteral("transformers")},
                     {QStringLiteral("llama.cpp"), QStringLiteral("llama.cpp")}},
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions",
                                      "The engine that runs the model: llama.cpp adds the "
                                      "checks of its command-line arguments.")},
        {.id = "engine-args",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "llama.cpp &arguments:"),
         .kind = OptionKind::Text,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions",
                                      "The llama.cpp arguments you pass, e.g. --rope-freq-base "
                                      "10000 --rope-freq-scale 8 (with Engine llama.cpp)."),
         .follows = QT_TRANSLATE_NOOP("FigureOptions", "no arguments")},
        {.id = "model",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "Model:"),
         .kind = OptionKind::Text,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions",
                                      "The model the doctor checks: a preset id or a file (set "
                                      "when a model is loaded; empty: the current parameters)."),
         .control = OptionControl::Hidden,
         .follows =
             QT_TRANSLATE_NOOP("FigureOptions", "the loaded model, else the current parameters")},
    };
    return table;
}

} // namespace rope::figures
